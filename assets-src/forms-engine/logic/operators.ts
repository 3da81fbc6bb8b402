import { toNumber, type ValueFormat } from '../../shared/money';

/** Rule operators (specs/forms-visitor-behaviour.md §5). */
export const OPERATORS = [
	'is',
	'isnot',
	'>',
	'<',
	'contains',
	'starts_with',
	'ends_with',
] as const;

export type Operator = ( typeof OPERATORS )[ number ];

/**
 * Whether one value satisfies a rule. Every operator is case-insensitive. `>` and `<` hold only
 * when both sides are numbers. With a number format (number, price and calculation fields), `is`
 * and `isnot` compare numerically when both sides are numbers ("5" is "5.0"; issue 3, decision 7).
 * An empty rule value is contained in, starts and ends every value. Unknown operators never match.
 * The PHP twin is Domain/Logic/Operators.php.
 *
 * @param operator     Operator (greater_than / less_than are accepted for > and <).
 * @param fieldValue   The field's value.
 * @param ruleValue    The rule's value.
 * @param numberFormat The field's number format, when it holds numbers.
 */
export function ruleMatches(
	operator: string,
	fieldValue: string,
	ruleValue: string,
	numberFormat?: ValueFormat
): boolean {
	const a = fieldValue.toLowerCase();
	const b = ruleValue.toLowerCase();
	switch ( operator ) {
		case 'is':
			return equals( fieldValue, ruleValue, a, b, numberFormat );
		case 'isnot':
			return ! equals( fieldValue, ruleValue, a, b, numberFormat );
		case '>':
		case 'greater_than':
		case '<':
		case 'less_than': {
			const x = readNumber( fieldValue, numberFormat );
			const y = readRuleNumber( ruleValue, numberFormat );
			if ( x === null || y === null ) {
				return false;
			}
			return operator === '>' || operator === 'greater_than'
				? x > y
				: x < y;
		}
		case 'contains':
			return a.includes( b );
		case 'starts_with':
			return a.startsWith( b );
		case 'ends_with':
			return a.endsWith( b );
		default:
			return false;
	}
}

/**
 * Whether a field's values satisfy a rule: a checkbox field has one value per checked choice
 * (none checked counts as one empty value). `isnot` needs every value to differ; the other
 * operators need one value to match.
 *
 * @param operator     Operator.
 * @param values       The field's values.
 * @param ruleValue    The rule's value.
 * @param numberFormat The field's number format, when it holds numbers.
 */
export function valuesMatch(
	operator: string,
	values: readonly string[],
	ruleValue: string,
	numberFormat?: ValueFormat
): boolean {
	const list = values.length ? values : [ '' ];
	if ( operator === 'isnot' ) {
		return list.every( ( v ) =>
			ruleMatches( 'isnot', v, ruleValue, numberFormat )
		);
	}
	return list.some( ( v ) =>
		ruleMatches( operator, v, ruleValue, numberFormat )
	);
}

function equals(
	rawA: string,
	rawB: string,
	a: string,
	b: string,
	numberFormat?: ValueFormat
): boolean {
	if ( numberFormat && rawA.trim() !== '' && rawB.trim() !== '' ) {
		const x = readNumber( rawA, numberFormat );
		const y = readRuleNumber( rawB, numberFormat );
		if ( x !== null && y !== null ) {
			return x === y;
		}
	}
	return a === b;
}

/**
 * The field's side of a numeric comparison: read in its format, else in decimal_dot.
 *
 * @param text   Text.
 * @param format The field's number format.
 */
function readNumber( text: string, format?: ValueFormat ): number | null {
	if ( text.trim() === '' ) {
		return null;
	}
	return (
		( format ? toNumber( text, format ) : null ) ??
		toNumber( text, 'decimal_dot' )
	);
}

/**
 * The rule's side: rule values are stored in decimal_dot ("1234.5"), so that is read first.
 *
 * @param text   Text.
 * @param format The field's number format.
 */
function readRuleNumber( text: string, format?: ValueFormat ): number | null {
	if ( text.trim() === '' ) {
		return null;
	}
	return (
		toNumber( text, 'decimal_dot' ) ??
		( format ? toNumber( text, format ) : null )
	);
}
