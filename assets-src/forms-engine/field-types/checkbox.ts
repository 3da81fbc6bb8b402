import type {
	FieldDefinition,
	FieldValue,
	SubmissionValues,
} from '../../shared';
import type { FieldTypeUnit } from './types';
import { listFromWire } from './from-wire';
import { multiselectUnit, selectedValues, validateChosen } from './multiselect';

/**
 * The input id of each choice, in choice order: the definition's `inputs[index].id` when it lists
 * one (an imported field's tenth choice is "N.11"), else "N.{index + 1}". The twin of PHP
 * `Form::choice_input_ids()`.
 *
 * @param field Checkbox field.
 */
export function choiceInputIds( field: FieldDefinition ): string[] {
	return ( field.choices ?? [] ).map(
		( _choice, index ) =>
			field.inputs?.[ index ]?.id ?? `${ field.id }.${ index + 1 }`
	);
}

/**
 * The checked values from a submission's values: the list under the field id (the browser's
 * submission), else one value per choice input id (a plain post's `input_{id}.{n}`, which the
 * server reads the same way), in choice order; undefined when the wire has neither.
 *
 * @param field Checkbox field.
 * @param wire  The submission's values.
 */
export function checkedFromWire(
	field: FieldDefinition,
	wire: SubmissionValues
): FieldValue | undefined {
	const list = listFromWire( field, wire );
	if ( list !== undefined ) {
		return list;
	}
	const ids = choiceInputIds( field ).filter(
		( id ) => typeof wire[ id ] === 'string'
	);
	if ( ids.length === 0 ) {
		return undefined;
	}
	return ids
		.map( ( id ) => wire[ id ] as string )
		.filter( ( text ) => text !== '' );
}

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
	fromSubmission: checkedFromWire,
	ruleValue: ( field, value, inputId ) => ( {
		values: checkedValues( field, value, inputId ),
	} ),
};
