import type {
	FieldDefinition,
	FieldValue,
	SubmissionValues,
} from '../../shared';
import type { ValidationIssue } from '../validation/types';
import type { FieldTypeUnit } from './types';
import { listFromWire } from './from-wire';

/**
 * The checks of a field holding several chosen values (checkboxes, multi-select): none chosen is
 * `required` when the field is; each must be one of the choices.
 *
 * @param field The field.
 * @param value The chosen values.
 */
export function validateChosen(
	field: FieldDefinition,
	value: FieldValue | undefined
): ValidationIssue | null {
	const chosen = Array.isArray( value ) ? value : [];
	if ( chosen.length === 0 ) {
		return field.isRequired ? { code: 'required' } : null;
	}
	const allowed = ( field.choices ?? [] ).map( ( c ) => c.value );
	return chosen.every( ( v ) => allowed.includes( v ) )
		? null
		: { code: 'choice' };
}

/**
 * The values of the choices selected in the definition.
 *
 * @param field The field.
 */
export function selectedValues( field: FieldDefinition ): string[] {
	return ( field.choices ?? [] )
		.filter( ( c ) => c.isSelected )
		.map( ( c ) => c.value );
}

/**
 * The value under the field id as it is (a list copied), nothing when there is none.
 *
 * @param field The field.
 * @param value Its value.
 */
export function sendAsIs(
	field: FieldDefinition,
	value: FieldValue | undefined
): SubmissionValues {
	return value === undefined
		? {}
		: {
				[ String( field.id ) ]: Array.isArray( value )
					? [ ...value ]
					: value,
			};
}

/** Multi-select fields: a list of choice values under the field id. */
export const multiselectUnit: FieldTypeUnit = {
	inputIds: () => [],
	initialValue: selectedValues,
	isEmpty: ( _field, value ) =>
		! Array.isArray( value ) || value.length === 0,
	validate: ( field, value ) => validateChosen( field, value ),
	toSubmission: sendAsIs,
	fromSubmission: listFromWire,
	ruleValue: ( _field, value ) => ( {
		values: Array.isArray( value ) ? [ ...value ] : [],
	} ),
};
