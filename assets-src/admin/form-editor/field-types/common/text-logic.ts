/**
 * The operators rules offer on text: what a name's or address's inputs, a phone number and a
 * website are compared with (docs/field-types.md, "Rules").
 */
import type { Operator } from '../../../../forms-engine';

export const TEXT_OPERATORS: readonly Operator[] = [
	'is',
	'isnot',
	'contains',
	'starts_with',
	'ends_with',
];

/** Operators of values that order (dates as Y-m-d, times as HH:mm). */
export const ORDER_OPERATORS: readonly Operator[] = [ 'is', 'isnot', '>', '<' ];
