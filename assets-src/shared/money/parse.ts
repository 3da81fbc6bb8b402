import { currency } from './currencies';
import { separators, type ValueFormat } from './format';

/**
 * A number's text in a format, rewritten with the point as its only decimal separator: currency
 * symbols, spaces and thousands separators dropped. Null when a format with another decimal
 * separator also holds a point. What `toNumber` and `readDecimal` both read.
 *
 * @param text         Text.
 * @param numberFormat decimal_dot, decimal_comma or currency.
 * @param currencyCode Currency for the currency format (default USD).
 * @return The text with a decimal point, or null.
 */
function withPoint(
	text: string,
	numberFormat: ValueFormat,
	currencyCode?: string
): string | null {
	let s = String( text ).trim();
	if ( numberFormat === 'currency' ) {
		const c = currency( currencyCode );
		for ( const symbol of [ c.symbol_right, c.symbol_left ] ) {
			if ( symbol ) {
				s = s.split( symbol ).join( '' );
			}
		}
	}
	const { thousand, point } = separators( numberFormat, currencyCode );
	s = s.replace( /[\s\u00a0\u202f]/g, '' );
	if ( thousand && thousand !== point ) {
		s = s.split( thousand ).join( '' );
	}
	if ( point !== '.' ) {
		if ( s.includes( '.' ) ) {
			return null;
		}
		s = s.split( point ).join( '.' );
	}
	return s;
}

/**
 * Reads a number a visitor typed or a field printed, in a number format: currency symbols,
 * spaces and thousands separators are dropped, the format's decimal separator is the point, a
 * leading minus is kept. Anything else makes it "not a number" (null); unlike the reference
 * product, "5-3" is not -53. Zero-decimal currencies still read decimals ("1234.5" is 1234.5);
 * formatting rounds them.
 *
 * @param text         Text (a number is read as it is).
 * @param numberFormat decimal_dot, decimal_comma or currency.
 * @param currencyCode Currency for the currency format (default USD).
 * @return The number, or null.
 */
export function toNumber(
	text: string | number,
	numberFormat: ValueFormat = 'decimal_dot',
	currencyCode?: string
): number | null {
	if ( typeof text === 'number' ) {
		return Number.isFinite( text ) ? text : null;
	}
	const s = withPoint( text, numberFormat, currencyCode );
	if ( s === null || ! /^-?(?:\d+(?:\.\d*)?|\.\d+)$/.test( s ) ) {
		return null;
	}
	const n = Number( s );
	return Number.isFinite( n ) ? n : null;
}

/**
 * Reads a number like `toNumber` but as a canonical decimal ("1234.5"), never through a float:
 * a 20-digit amount keeps every digit, so bounds can be checked exactly. The twin of PHP
 * `Numbers::to_decimal()`.
 *
 * @param text         Text.
 * @param numberFormat decimal_dot, decimal_comma or currency.
 * @param currencyCode Currency for the currency format (default USD).
 * @return The canonical decimal, or null.
 */
export function readDecimal(
	text: string,
	numberFormat: ValueFormat = 'decimal_dot',
	currencyCode?: string
): string | null {
	const s = withPoint( text, numberFormat, currencyCode );
	const match = s === null ? null : /^(-?)(\d*)(?:\.(\d*))?$/.exec( s );
	if ( ! match || match[ 2 ] + ( match[ 3 ] ?? '' ) === '' ) {
		return null;
	}
	const integer = match[ 2 ].replace( /^0+/, '' ) || '0';
	const fraction = ( match[ 3 ] ?? '' ).replace( /0+$/, '' );
	const number = fraction ? `${ integer }.${ fraction }` : integer;
	return match[ 1 ] === '-' && number !== '0' ? `-${ number }` : number;
}

/**
 * The price of a `text|price` choice value: the number after the last `|` (issue 3, decision 5),
 * read in decimal_dot; 0 when there is none or it is not a number.
 *
 * @param value Choice value.
 */
export function priceFromChoice( value: string ): number {
	const bar = value.lastIndexOf( '|' );
	if ( bar < 0 ) {
		return 0;
	}
	return toNumber( value.slice( bar + 1 ), 'decimal_dot' ) ?? 0;
}

/**
 * The label part of a `text|price` choice value (the text before the last `|`).
 *
 * @param value Choice value.
 */
export function labelFromChoice( value: string ): string {
	const bar = value.lastIndexOf( '|' );
	return bar < 0 ? value : value.slice( 0, bar );
}
