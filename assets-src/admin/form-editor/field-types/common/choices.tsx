/**
 * The choices of a field that shows a list of them (drop-down, radio buttons, checkboxes,
 * multi select, and options, products and shipping shown as a list), with the radio "Other"
 * and checkbox "Select all" behaviours.
 */
import type { FieldDefinition } from '../../../../shared';
import { ChoicesEditor } from '../../ChoicesEditor';
import { ChoiceBehaviours } from '../../field-behaviours';
import type { TypeSettingsProps } from '../types';

const CHOICE_TYPES = [ 'select', 'radio', 'checkbox', 'option', 'multiselect' ];

/**
 * Whether a field shows a list of choices.
 *
 * @param field Field.
 */
export function hasChoices( field: FieldDefinition ): boolean {
	return (
		CHOICE_TYPES.includes( field.type ) ||
		( [ 'product', 'shipping' ].includes( field.type ) &&
			[ 'select', 'radio' ].includes( field.inputType ?? '' ) )
	);
}

/**
 * The choices editor (priced for pricing fields) and the choice behaviours, when the field
 * shows choices.
 *
 * @param props         Props.
 * @param props.field   The field.
 * @param props.set     Writes a patch.
 * @param props.errorOf The server's message for a key.
 */
export function ChoicesSettings( { field, set, errorOf }: TypeSettingsProps ) {
	return (
		<>
			{ hasChoices( field ) && (
				<ChoicesEditor
					choices={ field.choices ?? [] }
					priced={ [ 'option', 'product', 'shipping' ].includes(
						field.type
					) }
					error={ errorOf( 'choices' ) }
					onChange={ ( choices ) => set( { choices } ) }
				/>
			) }
			<ChoiceBehaviours field={ field } set={ set } />
		</>
	);
}
