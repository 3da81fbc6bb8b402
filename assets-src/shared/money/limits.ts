import { decimalFromNumber, isDecimal, roundDecimal } from './decimal';

/**
 * How far a submission's money may go; the twin of PHP `Domain\Money\Limits` (issue 12, "Money").
 * The server sends its bounds (filters `kestrel_forms_max_quantity`, `kestrel_forms_max_amount`)
 * in the public form definition as `limits`; without them the defaults below apply.
 */
export interface MoneyLimits {
	/** Largest quantity of one product: whole numbers from 0. */
	maxQuantity: number;
	/** Largest amount in major units of the form's currency, as a canonical decimal. */
	maxAmount: string;
}

/** 1,000,000: far beyond any order a web form takes, short enough to read in a message. */
export const DEFAULT_MAX_QUANTITY = 1000000;

/**
 * 999,999,999.99 major units: above any single card charge, and exact as integer minor units
 * for every currency (three decimals included) in JavaScript and PHP alike.
 */
export const DEFAULT_MAX_AMOUNT = '999999999.99';

/** Neither bound passes the largest integer JavaScript holds exactly (2^53 - 1). */
export const LIMITS_CEILING = Number.MAX_SAFE_INTEGER;

export const DEFAULT_LIMITS: Readonly< MoneyLimits > = Object.freeze( {
	maxQuantity: DEFAULT_MAX_QUANTITY,
	maxAmount: DEFAULT_MAX_AMOUNT,
} );

/**
 * Whether a string of digits is at most LIMITS_CEILING, compared as text.
 *
 * @param digits Digits.
 */
export function withinCeiling( digits: string ): boolean {
	const d = digits.replace( /^0+/, '' );
	const ceiling = String( LIMITS_CEILING );
	return (
		d.length < ceiling.length ||
		( d.length === ceiling.length && d <= ceiling )
	);
}

/**
 * Bounds from a definition's `limits` (or anything): what is not a usable bound falls back to
 * the default; bounds above the ceiling are lowered to it. Same rules as `Limits::from()`.
 *
 * @param raw { maxQuantity, maxAmount } or anything else.
 */
export function limitsOf( raw?: unknown ): MoneyLimits {
	const given = ( raw && typeof raw === 'object' ? raw : {} ) as Record<
		string,
		unknown
	>;
	let maxQuantity = DEFAULT_MAX_QUANTITY;
	const q = given.maxQuantity;
	if ( typeof q === 'number' && Number.isInteger( q ) && q >= 0 ) {
		maxQuantity = Math.min( q, LIMITS_CEILING );
	} else if ( typeof q === 'string' && /^\d+$/.test( q ) ) {
		maxQuantity = withinCeiling( q ) ? Number( q ) : LIMITS_CEILING;
	}
	let a = given.maxAmount;
	if ( typeof a === 'number' && Number.isFinite( a ) ) {
		a = decimalFromNumber( a );
	}
	const maxAmount =
		typeof a === 'string' && isDecimal( a ) && ! a.startsWith( '-' )
			? roundDecimal( a, 12 )
			: DEFAULT_MAX_AMOUNT;
	return { maxQuantity, maxAmount };
}

/**
 * The largest amount in integer minor units of a currency with this many decimals: the bound cut
 * (not rounded) to the currency's places, at most the ceiling.
 *
 * @param limits   Bounds.
 * @param decimals Currency decimals.
 */
export function maxMinorUnits( limits: MoneyLimits, decimals: number ): number {
	const [ integer, fraction = '' ] = limits.maxAmount.split( '.' );
	const digits = (
		integer + fraction.padEnd( decimals, '0' ).slice( 0, decimals )
	).replace( /^0+/, '' );
	if ( digits === '' ) {
		return 0;
	}
	return withinCeiling( digits ) ? Number( digits ) : LIMITS_CEILING;
}
