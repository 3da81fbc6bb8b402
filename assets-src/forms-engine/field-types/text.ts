import { OTHER_CHOICE } from '../../shared/types/form';
import type { FieldDefinition, FieldValue } from '../../shared';
import type { ValidationIssue } from '../validation/types';
import type { FieldTypeUnit } from './types';
import { textOf } from './parts';
import { textFromWire } from './from-wire';

/** Upper bound for a text value when the field sets no maxLength (as on the server). */
export const MAX_TEXT_LENGTH = 65535;

/**
 * The common checks of a one-text-value field: a list is invalid, blank is `required` when the
 * field is, then the length limit. Types with a shape of their own (phone, website…) pass the
 * trimmed, non-empty text on to `check`.
 *
 * @param field The field.
 * @param value Its value.
 * @param check The type's own check of a filled-in text.
 */
export function validateText(
	field: FieldDefinition,
	value: FieldValue | undefined,
	check: ( text: string ) => ValidationIssue | null = () => null
): ValidationIssue | null {
	let text = textOf( value );
	if ( text === null ) {
		return { code: 'invalid' };
	}
	if ( field.enableOtherChoice && text === OTHER_CHOICE ) {
		text = ''; // "Other" chosen, nothing typed yet.
	}
	if ( text === '' ) {
		return field.isRequired ? { code: 'required' } : null;
	}
	const limit = field.maxLength ?? MAX_TEXT_LENGTH;
	if ( [ ...text ].length > limit ) {
		return { code: 'max_length', limit };
	}
	return check( text );
}

/**
 * A unit for one text value under the field id, with the type's own check of filled-in text.
 *
 * @param check The type's check (none: any text).
 */
export function oneTextUnit(
	check?: ( text: string, field: FieldDefinition ) => ValidationIssue | null
): FieldTypeUnit {
	return {
		inputIds: () => [],
		initialValue: ( field ) => field.defaultValue ?? '',
		isEmpty: ( _field, value ) => ( textOf( value ) ?? '' ) === '',
		validate: ( field, value ) =>
			validateText(
				field,
				value,
				check ? ( text ) => check( text, field ) : undefined
			),
		toSubmission: ( field, value ) =>
			value === undefined ? {} : { [ String( field.id ) ]: value },
		fromSubmission: textFromWire,
		// Trimmed, as the server reads what was sent (Wire::text()).
		ruleValue: ( _field, value ) => ( {
			values: [ textOf( value ) ?? '' ],
		} ),
	};
}

/** Text, paragraph text and hidden fields: one text value, at most maxLength characters. */
export const textUnit: FieldTypeUnit = oneTextUnit();
