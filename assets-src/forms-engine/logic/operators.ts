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
 * How a rule compares a field's values: a number format (numbers compare as numbers), or `date`
 * (Y-m-d) and `time` (HH:mm, 24 h), which `is`, `>` and `<` compare as dates and times. A field
 * type's unit says which (`FieldTypeUnit.ruleValue`).
 */
export type RuleFormat = ValueFormat | 'date' | 'time';

/** The sortable shapes of the date and time formats: Y-m-d and HH:mm. */
const ORDERED: Record< 'date' | 'time', RegExp > = {
	date: /^(\d{4})-(\d{2})-(\d{2})$/,
	time: /^(\d{2}):(\d{2})$/,
};

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
 * @param numberFormat The field's number format, when it holds numbers (or `date`, `time`).
 */
export function ruleMatches(
	operator: string,
	fieldValue: string,
	ruleValue: string,
	numberFormat?: RuleFormat
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
	numberFormat?: RuleFormat
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
	numberFormat?: RuleFormat
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
function readNumber( text: string, format?: RuleFormat ): number | null {
	if ( text.trim() === '' ) {
		return null;
	}
	if ( format === 'date' || format === 'time' ) {
		return readOrdered( text, format );
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
function readRuleNumber( text: string, format?: RuleFormat ): number | null {
	if ( text.trim() === '' ) {
		return null;
	}
	if ( format === 'date' || format === 'time' ) {
		return readOrdered( text, format );
	}
	return (
		toNumber( text, 'decimal_dot' ) ??
		( format ? toNumber( text, format ) : null )
	);
}

/**
 * A Y-m-d date or an HH:mm time as a number that orders as the date or time does (20260102,
 * 1330), else null.
 *
 * @param text   Text.
 * @param format date or time.
 */
function readOrdered( text: string, format: 'date' | 'time' ): number | null {
	const match = ORDERED[ format ].exec( text.trim() );
	return match ? Number( match.slice( 1 ).join( '' ) ) : null;
}
