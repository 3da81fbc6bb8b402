/**
 * Exact decimal arithmetic on canonical decimal strings ("-1234.5", "0", "0.05"), so money never
 * carries binary float noise (issue 3, decisions 1–3). The PHP twin is Domain/Money/Decimal.php;
 * tests/fixtures/engine/money.json keeps the two identical.
 */

interface Parts {
	negative: boolean;
	integer: string;
	fraction: string;
}

const CANONICAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * A float as a canonical decimal string, kept to 15 significant digits: the digits a person
 * typed survive (0.1 + 0.2 becomes "0.3"), binary noise does not. Non-finite becomes "0".
 *
 * @param value Any number.
 */
export function decimalFromNumber( value: number ): string {
	if ( ! Number.isFinite( value ) || value === 0 ) {
		return '0';
	}
	// An integer of at most 15 digits prints exactly as it is (the common case: counts, sums).
	if ( Number.isInteger( value ) && Math.abs( value ) < 1e15 ) {
		return String( value );
	}
	const [ mantissa, exponent ] = value.toExponential( 14 ).split( 'e' );
	const negative = mantissa.startsWith( '-' );
	const digits = mantissa.replace( '-', '' ).replace( '.', '' );
	const point = 1 + Number( exponent );
	let integer: string;
	let fraction: string;
	if ( point <= 0 ) {
		integer = '0';
		fraction = '0'.repeat( -point ) + digits;
	} else if ( point >= digits.length ) {
		integer = digits + '0'.repeat( point - digits.length );
		fraction = '';
	} else {
		integer = digits.slice( 0, point );
		fraction = digits.slice( point );
	}
	return compose( { negative, integer, fraction } );
}

/**
 * Whether a string is a canonical decimal.
 *
 * @param text Text.
 */
export function isDecimal( text: string ): boolean {
	return CANONICAL.test( text );
}

/**
 * Rounds half away from zero (2.5 → 3, -2.5 → -3) to a number of decimal places.
 *
 * @param decimal Canonical decimal.
 * @param places  Decimal places, 0 or more.
 * @return Canonical decimal; never "-0".
 */
export function roundDecimal( decimal: string, places: number ): string {
	const parts = split( decimal );
	if ( parts.fraction.length <= places ) {
		return compose( parts );
	}
	let digits = parts.integer + parts.fraction.slice( 0, places );
	if ( parts.fraction.charCodeAt( places ) >= 53 /* '5' */ ) {
		digits = increment( digits );
	}
	const cut = digits.length - places;
	return compose( {
		negative: parts.negative,
		integer: digits.slice( 0, cut ),
		fraction: digits.slice( cut ),
	} );
}

/**
 * An amount in integer minor units (cents), rounded half away from zero.
 *
 * @param decimal  Canonical decimal.
 * @param decimals The currency's decimals.
 */
export function toMinorUnits( decimal: string, decimals: number ): number {
	const { negative, integer, fraction } = split(
		roundDecimal( decimal, decimals )
	);
	const minor = Number( integer + fraction.padEnd( decimals, '0' ) );
	return negative ? -minor : minor;
}

/**
 * An amount in integer minor units, rounded half away from zero, when its size is at most `max`
 * minor units; null otherwise. Digits are compared as text before they become a number, so a
 * 20-digit amount is null rather than an inexact float. The twin of `to_minor_units_within()`.
 *
 * @param decimal  Canonical decimal.
 * @param decimals The currency's decimals.
 * @param max      Largest size in minor units (a safe integer, 0 or more).
 */
export function toMinorUnitsWithin(
	decimal: string,
	decimals: number,
	max: number
): number | null {
	const { negative, integer, fraction } = split(
		roundDecimal( decimal, decimals )
	);
	const digits = ( integer + fraction.padEnd( decimals, '0' ) ).replace(
		/^0+/,
		''
	);
	if ( digits === '' ) {
		return 0;
	}
	const limit = String( Math.max( 0, max ) );
	if (
		digits.length > limit.length ||
		( digits.length === limit.length && digits > limit )
	) {
		return null;
	}
	return negative ? -Number( digits ) : Number( digits );
}

/**
 * Minor units back to a canonical decimal.
 *
 * @param minor    Integer minor units.
 * @param decimals The currency's decimals.
 */
export function fromMinorUnits( minor: number, decimals: number ): string {
	const digits = String( Math.abs( Math.trunc( minor ) ) ).padStart(
		decimals + 1,
		'0'
	);
	const cut = digits.length - decimals;
	return compose( {
		negative: minor < 0,
		integer: digits.slice( 0, cut ),
		fraction: digits.slice( cut ),
	} );
}

/**
 * Formats a canonical decimal with separators.
 *
 * @param decimal          Canonical decimal.
 * @param options          Formatting.
 * @param options.decimals Round to this many places; -1 keeps every digit.
 * @param options.pad      Pad the fraction with zeros to `decimals`.
 * @param options.thousand Thousands separator ('' for none).
 * @param options.point    Decimal separator.
 * @return Text such as "-1,234.50"; never "-0".
 */
export function formatDecimal(
	decimal: string,
	options: { decimals: number; pad: boolean; thousand: string; point: string }
): string {
	const rounded =
		options.decimals >= 0
			? roundDecimal( decimal, options.decimals )
			: decimal;
	const { negative, integer, fraction } = split( rounded );
	const grouped = integer.replace(
		/\B(?=(\d{3})+(?!\d))/g,
		options.thousand
	);
	const digits =
		options.pad && options.decimals > 0
			? fraction.padEnd( options.decimals, '0' )
			: fraction;
	return (
		( negative ? '-' : '' ) +
		grouped +
		( digits ? options.point + digits : '' )
	);
}

function split( decimal: string ): Parts {
	const match = CANONICAL.exec( decimal );
	if ( ! match ) {
		throw new TypeError( `Not a canonical decimal: ${ decimal }` );
	}
	return {
		negative: match[ 1 ] === '-',
		integer: match[ 2 ],
		fraction: match[ 3 ] ?? '',
	};
}

function compose( { negative, integer, fraction }: Parts ): string {
	const int = integer.replace( /^0+(?=\d)/, '' ) || '0';
	const frac = fraction.replace( /0+$/, '' );
	const zero = /^0*$/.test( int + frac );
	return (
		( negative && ! zero ? '-' : '' ) + int + ( frac ? `.${ frac }` : '' )
	);
}

function increment( digits: string ): string {
	const chars = digits.split( '' );
	for ( let i = chars.length - 1; i >= 0; i-- ) {
		if ( chars[ i ] !== '9' ) {
			chars[ i ] = String( Number( chars[ i ] ) + 1 );
			return chars.join( '' );
		}
		chars[ i ] = '0';
	}
	return '1' + chars.join( '' );
}
