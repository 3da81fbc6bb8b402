import type { FieldDefinition, FieldValue } from '../../shared';
import type { FieldTypeUnit } from './types';
import { multiselectUnit, selectedValues, validateChosen } from './multiselect';

/**
 * The checked values a reference reads: all of them, or only the named choice's ("5.2" is the
 * second choice).
 *
 * @param field   Checkbox field.
 * @param value   Checked values.
 * @param inputId The reference ("5" or "5.2").
 */
export function checkedValues(
	field: FieldDefinition,
	value: FieldValue | undefined,
	inputId?: string
): string[] {
	const list = Array.isArray( value ) ? value : [];
	const index = inputId?.includes( '.' )
		? Number( inputId.split( '.' )[ 1 ] ) - 1
		: -1;
	return index >= 0
		? list.filter( ( v ) => v === field.choices?.[ index ]?.value )
		: [ ...list ];
}

/**
 * Checkbox fields: the checked choice values under the field id; a rule or merge tag may read one
 * choice ("5.2").
 */
export const checkboxUnit: FieldTypeUnit = {
	...multiselectUnit,
	initialValue: selectedValues,
	validate: ( field, value ) => validateChosen( field, value ),
	ruleValue: ( field, value, inputId ) => ( {
		values: checkedValues( field, value, inputId ),
	} ),
};
