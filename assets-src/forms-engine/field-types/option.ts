import type { FieldDefinition } from '../../shared';
import type { FieldTypeUnit } from './types';
import { listFromWire, textFromWire } from './from-wire';
import { selectedValues, validateChosen } from './multiselect';
import { pricedUnit } from './priced';

/**
 * Whether a field takes several checked values (checkboxes, checkbox options).
 *
 * @param field Field.
 */
export function isMulti( field: FieldDefinition ): boolean {
	return (
		field.type === 'checkbox' ||
		( field.type === 'option' && field.inputType === 'checkbox' )
	);
}

const priced = pricedUnit();

/**
 * Option fields: a choice of a drop-down or radio buttons, or the checked choices of
 * checkboxes (a list, starting with the selected choices, as checkbox fields do), each one of
 * the choices. Their prices are added to `productField`'s by the pricing code. The twin of PHP
 * `OptionType`.
 */
export const optionUnit: FieldTypeUnit = {
	...priced,
	initialValue: ( field ) =>
		isMulti( field )
			? selectedValues( field )
			: priced.initialValue( field ),
	isEmpty: ( field, value ) =>
		isMulti( field )
			? ! Array.isArray( value ) || value.length === 0
			: priced.isEmpty( field, value ),
	validate: ( field, value, context ) =>
		isMulti( field )
			? validateChosen( field, value )
			: priced.validate( field, value, context ),
	fromSubmission: ( field, wire ) =>
		isMulti( field )
			? listFromWire( field, wire )
			: textFromWire( field, wire ),
};
