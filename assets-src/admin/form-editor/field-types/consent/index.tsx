/**
 * Consent: a checkbox with the agreement text beside it (`checkboxLabel`) and the field's
 * description below it; the entry keeps both texts as agreed to. Rules read "checked".
 */
import { __ } from '@wordpress/i18n';
import { KeyTextControl } from '../common/controls';
import { consentDefaults } from './defaults';
import { consentLogic } from './logic';
import type { FieldTypeUnit, TypeSettingsProps } from '../types';

/**
 * The agreement text.
 *
 * @param props Props (the type's settings props).
 */
function ConsentSettings( props: TypeSettingsProps ) {
	return (
		<KeyTextControl
			{ ...props }
			name="checkboxLabel"
			multiline
			label={ __( 'Checkbox label', 'kestrel-forms' ) }
			help={ __(
				'The agreement beside the checkbox; the Description is shown below it. An entry keeps both texts as the visitor agreed to them.',
				'kestrel-forms'
			) }
		/>
	);
}

export const consentUnit: FieldTypeUnit = {
	group: 'advanced',
	defaults: consentDefaults,
	Settings: ConsentSettings,
	common: { defaultValue: false },
	logic: consentLogic,
};
