import type { NumberFormat } from '../../shared';

/**
 * Strict parsing of a visitor-typed number; the twin of PHP `NumberParser::parse()`
 * (specs/forms-visitor-behaviour.md §5, "Number recognition"). Thousands separators must group
 * by three; any stray character makes the text "not a number".
 *
 * @param text   The text as typed.
 * @param format decimal_dot (1,234.5) or decimal_comma (1.234,5).
 * @return The canonical form ("-1234.5"), or null when the text is not a number.
 */
export function parseNumber(
	text: string,
	format: NumberFormat = 'decimal_dot'
): string | null {
	const [ thousands, decimal ] =
		format === 'decimal_comma' ? [ '.', ',' ] : [ ',', '.' ];
	const t = escapeRegExp( thousands );
	const d = escapeRegExp( decimal );
	const match = new RegExp(
		`^(-?)(\\d{1,3}(?:${ t }\\d{3})+|\\d+)(?:${ d }(\\d+))?$`
	).exec( text.trim() );
	if ( ! match ) {
		return null;
	}
	const integer =
		match[ 2 ].split( thousands ).join( '' ).replace( /^0+/, '' ) || '0';
	const fraction = ( match[ 3 ] ?? '' ).replace( /0+$/, '' );
	const number = fraction ? `${ integer }.${ fraction }` : integer;
	return match[ 1 ] === '-' && number !== '0' ? `-${ number }` : number;
}

function escapeRegExp( text: string ): string {
	return text.replace( /[.*+?^${}()|[\]\\]/g, '\\$&' );
}
