/**
 * A multi select: its choices (the choices editor every choice field uses) and the searchable
 * token list ("enhanced UI") in place of the plain list box.
 */
import { ToggleControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { ChoicesSettings } from '../common/choices';
import { multiselectLogic } from './logic';
import type { FieldTypeUnit, TypeSettingsProps } from '../types';

/**
 * The multi select's settings.
 *
 * @param props Props (the type's settings props).
 */
function MultiSelectSettings( props: TypeSettingsProps ) {
	const { field, set } = props;
	return (
		<>
			<ChoicesSettings { ...props } />
			<ToggleControl
				__nextHasNoMarginBottom
				label={ __( 'Searchable list (enhanced UI)', 'kestrel-forms' ) }
				checked={ Boolean( field.enableEnhancedUI ) }
				onChange={ ( on ) =>
					set( { enableEnhancedUI: on || undefined } )
				}
			/>
		</>
	);
}

export const multiselectUnit: FieldTypeUnit = {
	group: 'advanced',
	Settings: MultiSelectSettings,
	logic: multiselectLogic,
};
