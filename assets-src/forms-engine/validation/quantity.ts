import type { NumberFormat } from '../../shared';
import { withinCeiling } from '../../shared/money';
import { parseNumber } from './number';
import type { ValidationIssue } from './types';

/**
 * Reads a quantity: a whole number from 0 to `max`, typed in the field's number format ("007" is
 * 7, "1,000" is 1000 in decimal_dot); blank is 0. "1.5" is `integer`, "-1" and anything above
 * `max` (a 20-digit number too, compared as text) are `range`, "1e3" is `number`. The twin of PHP
 * `Domain\Pricing\Quantity::read()`.
 *
 * @param text   The text as typed.
 * @param format decimal_dot or decimal_comma.
 * @param max    Largest quantity.
 * @return The quantity, or the issue.
 */
export function readQuantity(
	text: string,
	format: NumberFormat | string | undefined,
	max: number
): number | ValidationIssue {
	if ( text.trim() === '' ) {
		return 0;
	}
	const number = parseNumber(
		text,
		format === 'decimal_comma' ? 'decimal_comma' : 'decimal_dot'
	);
	if ( number === null ) {
		return { code: 'number' };
	}
	if ( number.includes( '.' ) ) {
		return { code: 'integer' };
	}
	if (
		number.startsWith( '-' ) ||
		! withinCeiling( number ) ||
		Number( number ) > max
	) {
		return { code: 'range', min: 0, max };
	}
	return Number( number );
}
