import type { FieldDefinition } from '../../shared';
import { parseNumber } from '../validation/number';
import type { ValidationIssue } from '../validation/types';
import type { FieldTypeUnit } from './types';
import { oneTextUnit } from './text';

/**
 * A typed number in the field's format, within rangeMin and rangeMax.
 *
 * @param field Number field.
 * @param text  Trimmed, non-empty text.
 */
function validateNumber(
	field: FieldDefinition,
	text: string
): ValidationIssue | null {
	const parsed = parseNumber( text, field.numberFormat );
	if ( parsed === null ) {
		return { code: 'number' };
	}
	const n = Number( parsed );
	const min = typeof field.rangeMin === 'number' ? field.rangeMin : null;
	const max = typeof field.rangeMax === 'number' ? field.rangeMax : null;
	const tooLow = min !== null && n < min;
	const tooHigh = max !== null && n > max;
	if ( ! tooLow && ! tooHigh ) {
		return null;
	}
	if ( min !== null && max !== null ) {
		return { code: 'range', min, max };
	}
	return min !== null
		? { code: 'min', min }
		: { code: 'max', max: max as number };
}

const text = oneTextUnit( ( typed, field ) => validateNumber( field, typed ) );

/**
 * Number fields: one text value in the field's number format; rules compare numbers (a
 * calculated number is computed by the evaluator, never typed).
 */
export const numberUnit: FieldTypeUnit = {
	...text,
	hasInput: ( field ) => ! field.enableCalculation,
	ruleValue: ( field, value ) => ( {
		...text.ruleValue( field, value ),
		format: field.numberFormat ?? 'decimal_dot',
	} ),
};
