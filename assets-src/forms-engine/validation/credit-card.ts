/**
 * Credit card fields (specs/forms-visitor-behaviour.md §3 "card rules", §5 "Card type"): the
 * value, card-type detection under the page's rules and what the browser checks before a submit.
 *
 * In the browser the value is the tuple [number, month, year, security code, cardholder name].
 * The server receives `values["{id}.1"]` (number), `values["{id}.2"]` ([month, year]),
 * `values["{id}.3"]` (security code) and `values["{id}.5"]` (name); it re-derives the type
 * ("{id}.4") itself and stores only the type, the last four digits and the name.
 */
import {
	CARD_NUMBER_LENGTHS,
	DEFAULT_CARD_RULES,
	cardDigits,
	detectCardType,
	luhnValid,
	normalizeCardRules,
	type CardRules,
	type FieldDefinition,
	type FieldValue,
	type SubmissionValues,
} from '../../shared';
import type { ValidationIssue } from './types';

/**
 * A credit card field as the page receives it: the server adds the card rules it filtered
 * (`kestrel_forms_card_rules`). Not part of the stored definition.
 */
export type CreditCardFieldDefinition = FieldDefinition & {
	cardRules?: CardRules;
};

/** A credit card field's parts. */
export interface CardParts {
	number: string;
	month: string;
	year: string;
	code: string;
	name: string;
}

/**
 * The parts of a credit card field's value (a plain string is the number alone).
 *
 * @param value Field value.
 */
export function cardParts( value: FieldValue | undefined ): CardParts {
	const list = Array.isArray( value ) ? value : [ value ?? '' ];
	return {
		number: list[ 0 ] ?? '',
		month: list[ 1 ] ?? '',
		year: list[ 2 ] ?? '',
		code: list[ 3 ] ?? '',
		name: list[ 4 ] ?? '',
	};
}

/**
 * A credit card field's value from its parts.
 *
 * @param parts Parts.
 */
export function cardValue( parts: CardParts ): string[] {
	return [ parts.number, parts.month, parts.year, parts.code, parts.name ];
}

/**
 * The card rules of a field: those the server sent, else the defaults.
 *
 * @param field Credit card field.
 */
export function cardRulesOf( field: FieldDefinition ): CardRules {
	const rules = ( field as CreditCardFieldDefinition ).cardRules;
	return rules === undefined
		? { ...DEFAULT_CARD_RULES }
		: normalizeCardRules( rules );
}

/**
 * The card types a field accepts: its creditCards list (absent or empty: every type of the rules).
 *
 * @param field Credit card field.
 */
export function acceptedCardTypes( field: FieldDefinition ): string[] {
	const all = Object.keys( cardRulesOf( field ) );
	const listed = field.creditCards ?? [];
	return listed.length ? all.filter( ( t ) => listed.includes( t ) ) : all;
}

/**
 * The detected card type of the typed number, or null (fewer than 4 digits, no match, or more
 * than one type matches).
 *
 * @param field  Credit card field.
 * @param number Number as typed.
 */
export function detectFieldCardType(
	field: FieldDefinition,
	number: string
): string | null {
	return detectCardType( number, cardRulesOf( field ) );
}

/**
 * Browser-side checks, in the server's order: required, the number (digits, length, Luhn), an
 * accepted type, the expiry month and year, the security code, the cardholder name. Whether the
 * expiry lies in the past is the server's call (the engine has no clock).
 *
 * @param field Credit card field.
 * @param value Field value.
 */
export function validateCard(
	field: FieldDefinition,
	value: FieldValue | undefined
): ValidationIssue | null {
	const parts = cardParts( value );
	const typed = ( Object.values( parts ) as string[] ).some(
		( p ) => p.trim() !== ''
	);
	if ( ! typed ) {
		return field.isRequired ? { code: 'required' } : null;
	}
	const digits = cardDigits( parts.number );
	if (
		! digits ||
		digits.length < CARD_NUMBER_LENGTHS.min ||
		digits.length > CARD_NUMBER_LENGTHS.max ||
		! luhnValid( digits )
	) {
		return { code: 'card_number' };
	}
	const rules = cardRulesOf( field );
	const type = detectCardType( digits, rules );
	if ( ! type || ! acceptedCardTypes( field ).includes( type ) ) {
		return { code: 'card_type' };
	}
	const lengths = rules[ type ].lengths ?? [];
	if ( lengths.length && ! lengths.includes( digits.length ) ) {
		return { code: 'card_number' };
	}
	if (
		! validMonth( parts.month ) ||
		! /^\d{4}$/.test( parts.year.trim() )
	) {
		return { code: 'card_expiry' };
	}
	if ( ! /^\d{3,4}$/.test( parts.code.trim() ) ) {
		return { code: 'card_code' };
	}
	if ( parts.name.trim() === '' ) {
		return { code: 'card_name' };
	}
	return null;
}

/**
 * What the submissions endpoint receives for a credit card field.
 *
 * @param field Credit card field.
 * @param value Field value.
 */
export function cardSubmission(
	field: FieldDefinition,
	value: FieldValue | undefined
): SubmissionValues {
	const parts = cardParts( value );
	return {
		[ `${ field.id }.1` ]: parts.number.trim(),
		[ `${ field.id }.2` ]: [ parts.month, parts.year ],
		[ `${ field.id }.3` ]: parts.code.trim(),
		[ `${ field.id }.5` ]: parts.name.trim(),
	};
}

function validMonth( month: string ): boolean {
	const text = month.trim();
	return (
		/^\d{1,2}$/.test( text ) && Number( text ) >= 1 && Number( text ) <= 12
	);
}
