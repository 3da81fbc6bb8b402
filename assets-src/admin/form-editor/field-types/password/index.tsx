/**
 * A password: the strength meter and its weakest password, and whether it is asked twice.
 */
import { CheckboxControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { MinimumStrength } from '../../field-behaviours';
import type { FieldTypeUnit, TypeSettingsProps } from '../types';

/**
 * The password's settings.
 *
 * @param props       Props (the type's settings props).
 * @param props.field The password field.
 * @param props.set   Writes a patch.
 */
function PasswordSettings( { field, set }: TypeSettingsProps ) {
	return (
		<>
			<CheckboxControl
				__nextHasNoMarginBottom
				label={ __( 'Show the strength meter', 'kestrel-forms' ) }
				checked={ Boolean( field.passwordStrengthEnabled ) }
				onChange={ ( on ) =>
					set( { passwordStrengthEnabled: on || undefined } )
				}
			/>
			{ field.passwordStrengthEnabled && (
				<MinimumStrength field={ field } set={ set } />
			) }
			<CheckboxControl
				__nextHasNoMarginBottom
				label={ __( 'Ask twice', 'kestrel-forms' ) }
				checked={ field.passwordConfirmation !== false }
				onChange={ ( on ) =>
					set( { passwordConfirmation: on ? undefined : false } )
				}
			/>
		</>
	);
}

export const passwordUnit: FieldTypeUnit = {
	group: 'advanced',
	Settings: PasswordSettings,
	common: { placeholder: true },
};
