/**
 * A name: several inputs (prefix, first, middle, last, suffix; N.2–N.8) or one, and per input
 * whether it shows, its label, placeholder and default value. Rules read each shown input.
 */
import { __ } from '@wordpress/i18n';
import type { NameFormat } from '../../../../shared';
import { KeySelectControl } from '../common/controls';
import { InputsSettings } from '../common/inputs-settings';
import { nameLogic } from './logic';
import type { FieldTypeUnit, TypeSettingsProps } from '../types';
import { nameDefaults } from './defaults';

/**
 * The name's settings. Switching to one input keeps the inputs, so switching back restores
 * them; a name without inputs (imported as one input) gets the default five.
 *
 * @param props       Props.
 * @param props.field The name field.
 * @param props.set   Writes a patch.
 */
function NameSettings( { field, set }: TypeSettingsProps ) {
	const format = field.nameFormat ?? 'advanced';
	return (
		<>
			<KeySelectControl
				field={ field }
				set={ set }
				name="nameFormat"
				fallback="advanced"
				label={ __( 'Name format', 'kestrel-forms' ) }
				options={ [
					{
						value: 'advanced',
						label: __(
							'Prefix, first, middle, last and suffix',
							'kestrel-forms'
						),
					},
					{
						value: 'simple',
						label: __( 'One input', 'kestrel-forms' ),
					},
				] }
				onPick={ ( value ) => {
					const nameFormat = value as NameFormat;
					set( {
						nameFormat,
						...( nameFormat === 'advanced' && ! field.inputs?.length
							? { inputs: nameDefaults( field.id ).inputs }
							: {} ),
					} );
				} }
			/>
			{ format === 'advanced' && (
				<InputsSettings
					field={ field }
					set={ set }
					labelOf={ ( input ) => input.label ?? input.id }
					placeholders
				/>
			) }
		</>
	);
}

export const nameUnit: FieldTypeUnit = {
	group: 'advanced',
	defaults: nameDefaults,
	Settings: NameSettings,
	common: { defaultValue: false },
	logic: nameLogic,
};
