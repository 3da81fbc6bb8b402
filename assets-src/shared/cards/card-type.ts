/**
 * Card-type detection (specs/forms-visitor-behaviour.md §3 "card rules", §5): card types mapped
 * to number prefixes; a type is detected only after at least 4 digits and only when exactly one
 * type matches. Spaces and dashes between digits are ignored.
 */

/** Prefixes per card type: single prefixes, or inclusive [from, to] ranges of equal length. */
export type PrefixRule = string | [ string, string ];

export const CARD_PREFIXES: Readonly<
	Record< string, readonly PrefixRule[] >
> = {
	visa: [ '4' ],
	mastercard: [
		[ '51', '55' ],
		[ '2221', '2720' ],
	],
	amex: [ '34', '37' ],
	discover: [ '6011', [ '622126', '622925' ], [ '644', '649' ], '65' ],
	jcb: [ [ '3528', '3589' ] ],
	diners: [ [ '300', '305' ], '36', '38', '39' ],
	maestro: [ '5018', '5020', '5038', '6304', '6759', [ '6761', '6763' ] ],
};

/**
 * The card type of a (partial) card number, or null.
 *
 * @param number Card number as typed.
 * @param rules  Prefix table (defaults to CARD_PREFIXES).
 */
export function cardType(
	number: string,
	rules: Readonly< Record< string, readonly PrefixRule[] > > = CARD_PREFIXES
): string | null {
	if ( ! /^[\d\s-]*$/.test( number ) ) {
		return null;
	}
	const digits = number.replace( /\D/g, '' );
	if ( digits.length < 4 ) {
		return null;
	}
	const matches = Object.keys( rules ).filter( ( type ) =>
		rules[ type ].some( ( rule ) => matchesPrefix( digits, rule ) )
	);
	return matches.length === 1 ? matches[ 0 ] : null;
}

function matchesPrefix( digits: string, rule: PrefixRule ): boolean {
	if ( typeof rule === 'string' ) {
		return digits.startsWith( rule );
	}
	const [ from, to ] = rule;
	const head = Number( digits.slice( 0, from.length ) );
	return (
		digits.length >= from.length &&
		head >= Number( from ) &&
		head <= Number( to )
	);
}
