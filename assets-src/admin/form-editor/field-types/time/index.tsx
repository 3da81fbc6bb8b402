/**
 * A time: 12-hour with AM/PM or 24-hour. Rules read it as HH:mm (24 h).
 */
import { __ } from '@wordpress/i18n';
import { KeySelectControl } from '../common/controls';
import { timeDefaults } from './defaults';
import { timeLogic } from './logic';
import type { FieldTypeUnit, TypeSettingsProps } from '../types';

/**
 * The time's format.
 *
 * @param props       Props.
 * @param props.field The time field.
 * @param props.set   Writes a patch.
 */
function TimeSettings( { field, set }: TypeSettingsProps ) {
	return (
		<KeySelectControl
			field={ field }
			set={ set }
			name="timeFormat"
			fallback="12"
			label={ __( 'Time format', 'kestrel-forms' ) }
			options={ [
				{
					value: '12',
					label: __( '12-hour (AM/PM)', 'kestrel-forms' ),
				},
				{ value: '24', label: __( '24-hour', 'kestrel-forms' ) },
			] }
		/>
	);
}

export const timeUnit: FieldTypeUnit = {
	group: 'advanced',
	defaults: timeDefaults,
	Settings: TimeSettings,
	common: { defaultValue: false },
	logic: timeLogic,
};
