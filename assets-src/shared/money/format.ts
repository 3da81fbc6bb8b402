/**
 * Display formatting of money and numbers (spec §3). The arithmetic is ours and exact (decimal
 * strings, rounded half away from zero by decimal.ts); the layout (thousands groups, separators,
 * the symbol's side and padding, the sign) is accounting-js's, whose settings map one to one to
 * the spec's currency configuration. A rounded amount reaches accounting-js as a number only
 * where a double holds it exactly enough for its own rounding to leave it as it is (at most 15
 * significant digits and 6 places; every amount up to 10^13 in every currency of the table);
 * beyond that the exact formatter writes it. A Jest property test proves the two agree across the
 * currency table (test/format-accounting.test.ts).
 */
import {
	formatMoney as layoutMoney,
	formatNumber as layoutNumber,
} from 'accounting-js';
import type { NumberFormat } from '../types/form';
import { currency } from './currencies';
import {
	decimalFromNumber,
	formatDecimal,
	isDecimal,
	roundDecimal,
} from './decimal';

/** Number formats a value can be read or written in (spec §3): the field formats plus currency. */
export type ValueFormat = NumberFormat | 'currency';

/**
 * Thousands and decimal separators of a number format.
 *
 * @param format       decimal_dot, decimal_comma or currency.
 * @param currencyCode Currency for the currency format.
 */
export function separators( format: ValueFormat, currencyCode?: string ) {
	if ( format === 'currency' ) {
		const c = currency( currencyCode );
		return {
			thousand: c.thousand_separator,
			point: c.decimal_separator || '.',
		};
	}
	return format === 'decimal_comma'
		? { thousand: '.', point: ',' }
		: { thousand: ',', point: '.' };
}

/**
 * Formats a number for display: rounded half away from zero to `decimals` (-1 = no rounding),
 * thousands grouped, not padded (a formula rounded to 2 shows 2.5, as in the reference product).
 *
 * @param value        Number or canonical decimal string.
 * @param decimals     Decimal places, -1 for no rounding.
 * @param numberFormat decimal_dot, decimal_comma or currency.
 * @param currencyCode Currency for the currency format.
 */
export function formatNumber(
	value: number | string,
	decimals: number,
	numberFormat: ValueFormat = 'decimal_dot',
	currencyCode?: string
): string {
	const { thousand, point } = separators( numberFormat, currencyCode );
	const rounded =
		decimals >= 0
			? roundDecimal( toDecimal( value ), decimals )
			: toDecimal( value );
	const places = placesOf( rounded );
	if ( ! layoutSafe( rounded, places ) ) {
		return formatNumberExact( value, decimals, numberFormat, currencyCode );
	}
	// Rounded already, so its own places are the ones shown (no padding).
	return layoutNumber( Number( rounded ), {
		precision: places,
		thousand,
		decimal: point,
	} );
}

/**
 * Formats an amount of money: rounded half away from zero to the currency's decimals, padded,
 * with its symbols; an amount that rounds to zero never shows a minus sign.
 *
 * @param value        Number or canonical decimal string.
 * @param currencyCode ISO code (default USD).
 */
export function formatMoney(
	value: number | string,
	currencyCode?: string
): string {
	const c = currency( currencyCode );
	const rounded = roundDecimal( toDecimal( value ), c.decimals );
	if ( ! layoutSafe( rounded, c.decimals ) ) {
		return formatMoneyExact( value, currencyCode );
	}
	const left = c.symbol_left ? c.symbol_left + c.symbol_padding : '';
	const right = c.symbol_right ? c.symbol_padding + c.symbol_right : '';
	const pos = `${ left }%v${ right }`;
	return layoutMoney( Number( rounded ), {
		symbol: '',
		// The symbols are written into the format itself (a currency may have both sides); a
		// rounded zero is never negative (roundDecimal writes "0", never "-0").
		format: { pos, neg: `-${ pos }`, zero: pos },
		precision: c.decimals,
		thousand: c.thousand_separator,
		decimal: c.decimal_separator || '.',
	} );
}

/**
 * The exact formatter of formatNumber (decimal strings only): what accounting-js's output is
 * checked against, and what writes numbers a double cannot hold.
 *
 * @param value        Number or canonical decimal string.
 * @param decimals     Decimal places, -1 for no rounding.
 * @param numberFormat decimal_dot, decimal_comma or currency.
 * @param currencyCode Currency for the currency format.
 */
export function formatNumberExact(
	value: number | string,
	decimals: number,
	numberFormat: ValueFormat = 'decimal_dot',
	currencyCode?: string
): string {
	return formatDecimal( toDecimal( value ), {
		decimals,
		pad: false,
		...separators( numberFormat, currencyCode ),
	} );
}

/**
 * The exact formatter of formatMoney (decimal strings only): what accounting-js's output is
 * checked against, and what writes amounts a double cannot hold.
 *
 * @param value        Number or canonical decimal string.
 * @param currencyCode ISO code (default USD).
 */
export function formatMoneyExact(
	value: number | string,
	currencyCode?: string
): string {
	const c = currency( currencyCode );
	const text = formatDecimal( toDecimal( value ), {
		decimals: c.decimals,
		pad: true,
		thousand: c.thousand_separator,
		point: c.decimal_separator || '.',
	} );
	const negative = text.startsWith( '-' );
	const left = c.symbol_left ? c.symbol_left + c.symbol_padding : '';
	const right = c.symbol_right ? c.symbol_padding + c.symbol_right : '';
	return (
		( negative ? '-' : '' ) +
		left +
		( negative ? text.slice( 1 ) : text ) +
		right
	);
}

/**
 * The places of a canonical decimal ("2.50" has none such: canonical is "2.5", 1 place).
 *
 * @param decimal Canonical decimal.
 */
function placesOf( decimal: string ): number {
	const point = decimal.indexOf( '.' );
	return point < 0 ? 0 : decimal.length - point - 1;
}

/**
 * Whether accounting-js writes a rounded decimal exactly: its digits fit a double (15
 * significant digits) and its own rounding (it adds 1e-8 before rounding to `places`) cannot move
 * the last place (6 places at most).
 *
 * @param rounded Canonical decimal, rounded to `places`.
 * @param places  The places it is shown with.
 */
function layoutSafe( rounded: string, places: number ): boolean {
	const integer = rounded.replace( /^-/, '' ).split( '.' )[ 0 ]!;
	const digits = integer.replace( /^0+/, '' ).length + places;
	return places <= 6 && digits <= 15;
}

function toDecimal( value: number | string ): string {
	if ( typeof value === 'number' ) {
		return decimalFromNumber( value );
	}
	if ( ! isDecimal( value ) ) {
		throw new TypeError( `Not a canonical decimal: ${ value }` );
	}
	return value;
}
