/**
 * Card field rules inside the frame (spec §5): brand detection, brand-aware formatting, Luhn,
 * expiry, CVV length per brand, postal code per country. Pure functions of the typed text.
 */
import { luhnValid } from '../../shared/cards/luhn';
import type { CardBrand, PostalCountry } from '../protocol';

interface BrandRule {
	brand: CardBrand;
	/** Prefix ranges as [from, to] strings of equal length. */
	ranges: Array< [ string, string ] >;
	lengths: number[];
	/** Length of a complete number while typing: the frame moves on to the next field there. */
	length: number;
	/** Security code digits. */
	cvv: number;
	/** Digit group sizes for display. */
	groups: number[];
}

const BRANDS: BrandRule[] = [
	{
		brand: 'AMERICAN_EXPRESS',
		ranges: [
			[ '34', '34' ],
			[ '37', '37' ],
		],
		lengths: [ 15 ],
		length: 15,
		cvv: 4,
		groups: [ 4, 6, 5 ],
	},
	{
		brand: 'DISCOVER_DINERS',
		ranges: [
			[ '300', '305' ],
			[ '36', '36' ],
			[ '38', '39' ],
		],
		lengths: [ 14, 16 ],
		length: 16,
		cvv: 3,
		groups: [ 4, 6, 4 ],
	},
	{
		brand: 'DISCOVER',
		ranges: [
			[ '6011', '6011' ],
			[ '644', '649' ],
			[ '65', '65' ],
		],
		lengths: [ 16, 19 ],
		length: 16,
		cvv: 3,
		groups: [ 4, 4, 4, 4, 3 ],
	},
	{
		brand: 'JCB',
		ranges: [ [ '3528', '3589' ] ],
		lengths: [ 16, 17, 18, 19 ],
		length: 16,
		cvv: 3,
		groups: [ 4, 4, 4, 4, 3 ],
	},
	{
		brand: 'MASTERCARD',
		ranges: [
			[ '51', '55' ],
			[ '2221', '2720' ],
		],
		lengths: [ 16 ],
		length: 16,
		cvv: 3,
		groups: [ 4, 4, 4, 4 ],
	},
	{
		brand: 'CHINA_UNIONPAY',
		ranges: [ [ '62', '62' ] ],
		lengths: [ 16, 17, 18, 19 ],
		length: 16,
		cvv: 3,
		groups: [ 4, 4, 4, 4, 3 ],
	},
	{
		brand: 'VISA',
		ranges: [ [ '4', '4' ] ],
		lengths: [ 13, 16, 19 ],
		length: 16,
		cvv: 3,
		groups: [ 4, 4, 4, 4, 3 ],
	},
];

const OTHER: BrandRule = {
	brand: 'OTHER_BRAND',
	ranges: [],
	lengths: [ 12, 13, 14, 15, 16, 17, 18, 19 ],
	length: 16,
	cvv: 3,
	groups: [ 4, 4, 4, 4, 3 ],
};

/**
 * Digits of a typed value.
 *
 * @param value Text.
 */
export const digitsOf = ( value: string ): string =>
	value.replace( /\D+/g, '' );

function ruleOf( digits: string ): BrandRule {
	for ( const rule of BRANDS ) {
		for ( const [ from, to ] of rule.ranges ) {
			const head = digits.slice( 0, from.length );
			if ( head.length === from.length && head >= from && head <= to ) {
				return rule;
			}
		}
	}
	return OTHER;
}

/**
 * Brand of a (partial) number.
 *
 * @param number Digits or formatted number.
 */
export const detectBrand = ( number: string ): CardBrand =>
	ruleOf( digitsOf( number ) ).brand;

const ruleFor = ( brand: CardBrand ): BrandRule =>
	BRANDS.find( ( r ) => r.brand === brand ) ?? OTHER;

/**
 * Security code length for a brand.
 *
 * @param brand Brand.
 */
export const cvvLength = ( brand: CardBrand ): number => ruleFor( brand ).cvv;

/**
 * Digits of a complete number of a brand while typing (the frame moves on to the next field).
 *
 * @param brand Brand.
 */
export const cardNumberLength = ( brand: CardBrand ): number =>
	ruleFor( brand ).length;

/** Luhn checksum (assets-src/shared/cards/luhn.ts). */
export { luhnValid as luhn };

/**
 * Number formatted in the brand's groups, cut at the brand's longest length.
 *
 * @param value Typed text.
 */
export function formatCardNumber( value: string ): string {
	const rule = ruleOf( digitsOf( value ) );
	const digits = digitsOf( value ).slice( 0, Math.max( ...rule.lengths ) );
	const parts: string[] = [];
	let at = 0;
	for ( const size of rule.groups ) {
		if ( at >= digits.length ) {
			break;
		}
		parts.push( digits.slice( at, at + size ) );
		at += size;
	}
	return parts.join( ' ' );
}

/** Validity of a field value: complete and valid, or could still become valid. */
export interface Validity {
	valid: boolean;
	potentiallyValid: boolean;
}

/**
 * Card number validity.
 *
 * @param value Typed text.
 */
export function checkCardNumber( value: string ): Validity {
	const digits = digitsOf( value );
	const rule = ruleOf( digits );
	const max = Math.max( ...rule.lengths );
	// China UnionPay numbers need not pass Luhn (the provider's published test card does not).
	const valid =
		rule.lengths.includes( digits.length ) &&
		( luhnValid( digits ) || rule.brand === 'CHINA_UNIONPAY' );
	return { valid, potentiallyValid: valid || digits.length < max };
}

/**
 * Expiry "MM/YY" formatting while typing ("1" stays, "13" becomes "01/3").
 *
 * @param value Typed text.
 */
export function formatExpiry( value: string ): string {
	let d = digitsOf( value ).slice( 0, 4 );
	if ( d.length === 1 && Number( d ) > 1 ) {
		d = `0${ d }`;
	}
	return d.length > 2 ? `${ d.slice( 0, 2 ) }/${ d.slice( 2 ) }` : d;
}

/**
 * Month and full year of a "MM/YY" value.
 *
 * @param value Text.
 */
export function parseExpiry(
	value: string
): { month: number; year: number } | null {
	const m = /^(\d{2})\s*\/?\s*(\d{2})$/.exec( value.trim() );
	if ( ! m ) {
		return null;
	}
	return { month: Number( m[ 1 ] ), year: 2000 + Number( m[ 2 ] ) };
}

/**
 * Expiry validity: a real month, not in the past, at most 20 years ahead.
 *
 * @param value Text.
 * @param now   Current date.
 */
export function checkExpiry( value: string, now: Date ): Validity {
	const parsed = parseExpiry( value );
	if ( ! parsed ) {
		const d = digitsOf( value );
		const okSoFar =
			d.length < 4 &&
			( d.length < 2 ||
				( Number( d.slice( 0, 2 ) ) >= 1 &&
					Number( d.slice( 0, 2 ) ) <= 12 ) );
		return { valid: false, potentiallyValid: okSoFar };
	}
	const { month, year } = parsed;
	const current = now.getFullYear() * 12 + now.getMonth();
	const given = year * 12 + month - 1;
	const valid =
		month >= 1 && month <= 12 && given >= current && given <= current + 240;
	return { valid, potentiallyValid: valid };
}

/**
 * CVV validity for a brand.
 *
 * @param value Text.
 * @param brand Brand from the number.
 */
export function checkCvv( value: string, brand: CardBrand ): Validity {
	const len = cvvLength( brand );
	const valid = new RegExp( `^\\d{${ len }}$` ).test( value );
	return {
		valid,
		potentiallyValid:
			valid || ( /^\d*$/.test( value ) && value.length < len ),
	};
}

const POSTAL: Record< PostalCountry, { full: RegExp; partial: RegExp } > = {
	US: { full: /^\d{5}(-?\d{4})?$/, partial: /^\d{0,5}(-?\d{0,4})?$/ },
	CA: {
		full: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i,
		partial: /^[A-Z0-9 ]{0,7}$/i,
	},
	GB: {
		full: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i,
		partial: /^[A-Z0-9 ]{0,8}$/i,
	},
};

/**
 * Postal code validity for a country.
 *
 * @param value   Text.
 * @param country US, CA or GB.
 */
export function checkPostal( value: string, country: PostalCountry ): Validity {
	const v = value.trim();
	const valid = POSTAL[ country ].full.test( v );
	return {
		valid,
		potentiallyValid: valid || POSTAL[ country ].partial.test( v ),
	};
}

/** Digits of a gift card number (our sandbox's rule, docs/payments-sdk.md). */
export const GIFT_CARD_LENGTH = 16;

/**
 * Gift card number in groups of 4, cut at GIFT_CARD_LENGTH digits.
 *
 * @param value Typed text.
 */
export const formatGiftCard = ( value: string ): string =>
	digitsOf( value )
		.slice( 0, GIFT_CARD_LENGTH )
		.replace( /(\d{4})(?=\d)/g, '$1 ' );

/**
 * Gift card number validity (GIFT_CARD_LENGTH digits, Luhn).
 *
 * @param value Text.
 */
export function checkGiftCard( value: string ): Validity {
	const d = digitsOf( value );
	const valid = d.length === GIFT_CARD_LENGTH && luhnValid( d );
	return { valid, potentiallyValid: valid || d.length < GIFT_CARD_LENGTH };
}
