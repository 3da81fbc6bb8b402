/**
 * The card-rules table (specs/forms-visitor-behaviour.md §3 "card rules"): card type slug ->
 * brand name, number prefixes and allowed lengths. The defaults live in
 * plugin/data/card-rules.json, shared with PHP (`Domain\Validation\CardRules`); a page receives
 * the table as the server filtered it (`kestrel_forms_card_rules`) on each credit card field.
 */
import data from '../../../plugin/data/card-rules.json';
import { cardType, type PrefixRule } from './card-type';

/** One card type. */
export interface CardRule {
	/** Brand name shown to the visitor ("Visa"). */
	name: string;
	/** Number prefixes: single prefixes or inclusive [from, to] ranges of equal length. */
	prefixes: PrefixRule[];
	/** Allowed number lengths in digits (absent or empty: 12 to 19). */
	lengths?: number[];
}

/** Card rules by type slug, in the order they are listed. */
export type CardRules = Record< string, CardRule >;

/** Type slugs, as the schema's creditCards items. */
const SLUG = /^[a-z0-9_-]{1,40}$/;

/**
 * A well-formed rules table from untrusted data (JSON, a site's filter): entries with a bad slug,
 * without a name or with no valid prefix are dropped; prefixes are digit strings or [from, to] pairs of digit
 * strings of equal length; lengths are whole numbers from 1 to 19.
 *
 * @param input Anything.
 */
export function normalizeCardRules( input: unknown ): CardRules {
	const out: CardRules = {};
	if ( ! input || typeof input !== 'object' || Array.isArray( input ) ) {
		return out;
	}
	for ( const [ slug, raw ] of Object.entries( input ) ) {
		if ( ! SLUG.test( slug ) || ! raw || typeof raw !== 'object' ) {
			continue;
		}
		const { name, prefixes, lengths } = raw as Record< string, unknown >;
		const valid = ( Array.isArray( prefixes ) ? prefixes : [] ).filter(
			isPrefixRule
		);
		if ( typeof name !== 'string' || name === '' || ! valid.length ) {
			continue;
		}
		out[ slug ] = {
			name,
			prefixes: valid,
			lengths: ( Array.isArray( lengths ) ? lengths : [] ).filter(
				( n ): n is number => Number.isInteger( n ) && n >= 1 && n <= 19
			),
		};
	}
	return out;
}

function isPrefixRule( rule: unknown ): rule is PrefixRule {
	const digits = ( p: unknown ) => typeof p === 'string' && /^\d+$/.test( p );
	if ( digits( rule ) ) {
		return true;
	}
	return (
		Array.isArray( rule ) &&
		rule.length === 2 &&
		digits( rule[ 0 ] ) &&
		digits( rule[ 1 ] ) &&
		rule[ 0 ].length === rule[ 1 ].length
	);
}

/** The built-in rules (plugin/data/card-rules.json). */
export const DEFAULT_CARD_RULES: Readonly< CardRules > = Object.freeze(
	normalizeCardRules( data.rules )
);

/** Shortest and longest card number the server accepts when a rule lists no lengths. */
export const CARD_NUMBER_LENGTHS = { min: 12, max: 19 } as const;

/**
 * The digits of a card number as typed: spaces and dashes between digits are allowed; anything
 * else makes it unreadable (null).
 *
 * @param text Card number as typed.
 */
export function cardDigits( text: string ): string | null {
	const trimmed = text.trim();
	return /^[\d\s-]*$/.test( trimmed ) ? trimmed.replace( /\D/g, '' ) : null;
}

/**
 * The card type of a (partial) number under a rules table: only after at least 4 digits and only
 * when exactly one type's prefixes match (spec §5).
 *
 * @param number Card number as typed.
 * @param rules  Card rules (defaults when absent).
 */
export function detectCardType(
	number: string,
	rules: Readonly< CardRules > = DEFAULT_CARD_RULES
): string | null {
	const table: Record< string, PrefixRule[] > = {};
	for ( const [ slug, rule ] of Object.entries( rules ) ) {
		table[ slug ] = rule.prefixes;
	}
	return cardType( number, table );
}

export { luhnValid } from './luhn';
