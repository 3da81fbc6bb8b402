<?php
/**
 * Strict parsing of numbers typed by visitors.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\Validation;

/**
 * Number formats per specs/forms-visitor-behaviour.md §5: decimal_dot uses a comma for thousands
 * and a dot for decimals; decimal_comma is the reverse. Unlike the reference product's forgiving
 * cleaner, validation here is strict: thousands separators must group by three, and stray
 * characters make the value invalid instead of being dropped.
 */
final class NumberParser {

	/**
	 * Parses a visitor-typed number.
	 *
	 * @param string $text   The text as typed.
	 * @param string $format decimal_dot or decimal_comma.
	 * @return string|null Canonical form ("-1234.5") or null when the text is not a number.
	 */
	public static function parse( string $text, string $format = 'decimal_dot' ): ?string {
		$text                        = trim( $text );
		list( $thousands, $decimal ) = 'decimal_comma' === $format ? array( '.', ',' ) : array( ',', '.' );
		$t                           = preg_quote( $thousands, '/' );
		$d                           = preg_quote( $decimal, '/' );
		$pattern                     = '/^(-?)(\d{1,3}(?:' . $t . '\d{3})+|\d+)(?:' . $d . '(\d+))?$/';
		if ( 1 !== preg_match( $pattern, $text, $m ) ) {
			return null;
		}
		$integer  = ltrim( str_replace( $thousands, '', $m[2] ), '0' );
		$integer  = '' === $integer ? '0' : $integer;
		$fraction = isset( $m[3] ) ? rtrim( $m[3], '0' ) : '';
		$number   = $integer . ( '' === $fraction ? '' : '.' . $fraction );
		return ( '-' === $m[1] && '0' !== $number ) ? '-' . $number : $number;
	}
}
