/**
 * A phone number: the US mask "(###) ###-####" or any international number; a placeholder.
 */
import { __ } from '@wordpress/i18n';
import { KeySelectControl } from '../common/controls';
import { phoneDefaults } from './defaults';
import { phoneLogic } from './logic';
import type { FieldTypeUnit, TypeSettingsProps } from '../types';

/**
 * The phone's format.
 *
 * @param props       Props.
 * @param props.field The phone field.
 * @param props.set   Writes a patch.
 */
function PhoneSettings( { field, set }: TypeSettingsProps ) {
	return (
		<KeySelectControl
			field={ field }
			set={ set }
			name="phoneFormat"
			fallback="standard"
			label={ __( 'Phone format', 'kestrel-forms' ) }
			options={ [
				{ value: 'standard', label: '(###) ###-####' },
				{
					value: 'international',
					label: __( 'International', 'kestrel-forms' ),
				},
			] }
		/>
	);
}

export const phoneUnit: FieldTypeUnit = {
	group: 'advanced',
	defaults: phoneDefaults,
	Settings: PhoneSettings,
	common: { placeholder: true },
	logic: phoneLogic,
};
