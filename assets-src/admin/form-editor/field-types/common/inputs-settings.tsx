/**
 * The per-input settings of a field with several inputs (name, address): each input shown or
 * hidden, its own label and, for names, its placeholder and default value. Each input is a
 * group named after its default label, so the controls read "Show First", "First label"…
 */
import { CheckboxControl, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import type { FieldInput } from '../../../../shared';
import type { TypeSettingsProps } from '../types';

type InputKey = 'customLabel' | 'placeholder' | 'defaultValue';

/**
 * The inputs' settings.
 *
 * @param props              Props.
 * @param props.field        The field.
 * @param props.set          Writes a patch.
 * @param props.labelOf      The default label of an input.
 * @param props.skip         Inputs with no settings (a US address's fixed country).
 * @param props.placeholders Whether each input has a placeholder and a default value.
 */
export function InputsSettings( {
	field,
	set,
	labelOf,
	skip = () => false,
	placeholders = false,
}: Pick< TypeSettingsProps, 'field' | 'set' > & {
	labelOf: ( input: FieldInput ) => string;
	skip?: ( input: FieldInput ) => boolean;
	placeholders?: boolean;
} ) {
	const inputs = field.inputs ?? [];
	const patch = ( id: string, change: Partial< FieldInput >, key: string ) =>
		set(
			{
				inputs: inputs.map( ( input ) => {
					if ( input.id !== id ) {
						return input;
					}
					const next: Record< string, unknown > = {
						...input,
						...change,
					};
					// An emptied text or a shown input drops its key, as the common settings do.
					for ( const k of Object.keys( change ) ) {
						if ( next[ k ] === undefined ) {
							delete next[ k ];
						}
					}
					return next as unknown as FieldInput;
				} ),
			},
			`${ id }.${ key }`
		);
	const text = ( input: FieldInput, key: InputKey, label: string ) => (
		<TextControl
			__nextHasNoMarginBottom
			__next40pxDefaultSize
			label={ label }
			value={ input[ key ] ?? '' }
			onChange={ ( value ) =>
				patch(
					input.id,
					{ [ key ]: value === '' ? undefined : value },
					key
				)
			}
		/>
	);
	return (
		<>
			{ inputs
				.filter( ( input ) => ! skip( input ) )
				.map( ( input ) => {
					const name = labelOf( input );
					return (
						<fieldset
							key={ input.id }
							className="kestrel-forms-field-input"
						>
							<legend>{ name }</legend>
							<CheckboxControl
								__nextHasNoMarginBottom
								label={ sprintf(
									/* translators: %s: input label ("First"). */
									__( 'Show %s', 'kestrel-forms' ),
									name
								) }
								checked={ ! input.isHidden }
								onChange={ ( on ) =>
									patch(
										input.id,
										{ isHidden: on ? undefined : true },
										'isHidden'
									)
								}
							/>
							{ text(
								input,
								'customLabel',
								sprintf(
									/* translators: %s: input label ("First"). */
									__( '%s label', 'kestrel-forms' ),
									name
								)
							) }
							{ placeholders &&
								text(
									input,
									'placeholder',
									sprintf(
										/* translators: %s: input label ("First"). */
										__( '%s placeholder', 'kestrel-forms' ),
										name
									)
								) }
							{ placeholders &&
								text(
									input,
									'defaultValue',
									sprintf(
										/* translators: %s: input label ("First"). */
										__(
											'%s default value',
											'kestrel-forms'
										),
										name
									)
								) }
						</fieldset>
					);
				} ) }
		</>
	);
}
