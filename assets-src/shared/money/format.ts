import type { NumberFormat } from '../types/form';
import { currency } from './currencies';
import { decimalFromNumber, formatDecimal, isDecimal } from './decimal';

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
	return formatDecimal( toDecimal( value ), {
		decimals,
		pad: false,
		...separators( numberFormat, currencyCode ),
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

function toDecimal( value: number | string ): string {
	if ( typeof value === 'number' ) {
		return decimalFromNumber( value );
	}
	if ( ! isDecimal( value ) ) {
		throw new TypeError( `Not a canonical decimal: ${ value }` );
	}
	return value;
}
