<?php
/**
 * Exact decimal arithmetic on canonical decimal strings; the twin of assets-src/shared/money/decimal.ts.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\Money;

use InvalidArgumentException;

/**
 * Canonical decimals look like "-1234.5", "0", "0.05": no exponent, no trailing fraction zeros,
 * never "-0". Money is rounded half away from zero and summed in integer minor units
 * (issue 3, decisions 1–3); tests/fixtures/engine/money.json keeps PHP and TypeScript identical.
 */
final class Decimal {

	private const CANONICAL = '/^(-?)(\d+)(?:\.(\d+))?$/';

	/**
	 * A float as a canonical decimal kept to 15 significant digits (binary noise removed).
	 *
	 * @param float|int $value Number.
	 */
	public static function from_number( float|int $value ): string {
		$value = (float) $value;
		if ( ! is_finite( $value ) || 0.0 === $value ) {
			return '0';
		}
		// Same digits as JavaScript's toExponential(14): "d.dddddddddddddde±x".
		list( $mantissa, $exponent ) = explode( 'e', sprintf( '%.14e', $value ) );
		$negative                    = str_starts_with( $mantissa, '-' );
		$digits                      = str_replace( array( '-', '.' ), '', $mantissa );
		$point                       = 1 + (int) $exponent;
		if ( $point <= 0 ) {
			$integer  = '0';
			$fraction = str_repeat( '0', -$point ) . $digits;
		} elseif ( $point >= strlen( $digits ) ) {
			$integer  = $digits . str_repeat( '0', $point - strlen( $digits ) );
			$fraction = '';
		} else {
			$integer  = substr( $digits, 0, $point );
			$fraction = substr( $digits, $point );
		}
		return self::compose( $negative, $integer, $fraction );
	}

	/**
	 * Whether a string is a canonical decimal.
	 *
	 * @param string $text Text.
	 */
	public static function is_decimal( string $text ): bool {
		return 1 === preg_match( self::CANONICAL, $text );
	}

	/**
	 * Rounds half away from zero to a number of places.
	 *
	 * @param string $decimal Canonical decimal.
	 * @param int    $places  Places, 0 or more.
	 */
	public static function round( string $decimal, int $places ): string {
		list( $negative, $integer, $fraction ) = self::split( $decimal );
		if ( strlen( $fraction ) <= $places ) {
			return self::compose( $negative, $integer, $fraction );
		}
		$digits = $integer . substr( $fraction, 0, $places );
		if ( $fraction[ $places ] >= '5' ) {
			$digits = self::increment( $digits );
		}
		$cut = strlen( $digits ) - $places;
		return self::compose( $negative, substr( $digits, 0, $cut ), (string) substr( $digits, $cut ) );
	}

	/**
	 * Integer minor units, rounded half away from zero.
	 *
	 * @param string $decimal  Canonical decimal.
	 * @param int    $decimals Currency decimals.
	 */
	public static function to_minor_units( string $decimal, int $decimals ): int {
		list( $negative, $integer, $fraction ) = self::split( self::round( $decimal, $decimals ) );
		$minor                                 = (int) ( $integer . str_pad( $fraction, $decimals, '0' ) );
		return $negative ? -$minor : $minor;
	}

	/**
	 * Integer minor units, rounded half away from zero, when the amount's size is at most $max
	 * minor units; null otherwise. Digits are compared as text before any cast, so an amount of
	 * 20 digits is null (never PHP_INT_MAX, never a float).
	 *
	 * @param string $decimal  Canonical decimal.
	 * @param int    $decimals Currency decimals.
	 * @param int    $max      Largest size in minor units, 0 or more.
	 */
	public static function to_minor_units_within( string $decimal, int $decimals, int $max ): ?int {
		list( $negative, $integer, $fraction ) = self::split( self::round( $decimal, $decimals ) );
		$digits                                = ltrim( $integer . str_pad( $fraction, $decimals, '0' ), '0' );
		if ( '' === $digits ) {
			return 0;
		}
		$limit = (string) max( 0, $max );
		if ( strlen( $digits ) > strlen( $limit ) || ( strlen( $digits ) === strlen( $limit ) && strcmp( $digits, $limit ) > 0 ) ) {
			return null;
		}
		return $negative ? - (int) $digits : (int) $digits;
	}

	/**
	 * Minor units back to a canonical decimal.
	 *
	 * @param int $minor    Minor units.
	 * @param int $decimals Currency decimals.
	 */
	public static function from_minor_units( int $minor, int $decimals ): string {
		$digits = str_pad( (string) abs( $minor ), $decimals + 1, '0', STR_PAD_LEFT );
		$cut    = strlen( $digits ) - $decimals;
		return self::compose( $minor < 0, substr( $digits, 0, $cut ), (string) substr( $digits, $cut ) );
	}

	/**
	 * Formats with separators.
	 *
	 * @param string $decimal  Canonical decimal.
	 * @param int    $decimals Round to this many places; -1 keeps every digit.
	 * @param bool   $pad      Pad the fraction with zeros to $decimals.
	 * @param string $thousand Thousands separator.
	 * @param string $point    Decimal separator.
	 */
	public static function format( string $decimal, int $decimals, bool $pad, string $thousand, string $point ): string {
		$rounded                               = $decimals >= 0 ? self::round( $decimal, $decimals ) : $decimal;
		list( $negative, $integer, $fraction ) = self::split( $rounded );
		$grouped                               = (string) preg_replace( '/\B(?=(\d{3})+(?!\d))/', $thousand, $integer );
		$digits                                = $pad && $decimals > 0 ? str_pad( $fraction, $decimals, '0' ) : $fraction;
		return ( $negative ? '-' : '' ) . $grouped . ( '' !== $digits ? $point . $digits : '' );
	}

	/**
	 * The sign, integer digits and fraction digits of a canonical decimal.
	 *
	 * @param string $decimal Canonical decimal.
	 * @return array{0: bool, 1: string, 2: string}
	 * @throws InvalidArgumentException When the text is not canonical.
	 */
	private static function split( string $decimal ): array {
		if ( 1 !== preg_match( self::CANONICAL, $decimal, $m ) ) {
			throw new InvalidArgumentException( 'Not a canonical decimal: ' . $decimal );
		}
		return array( '-' === $m[1], $m[2], $m[3] ?? '' );
	}

	/**
	 * A canonical decimal from its parts: no leading or trailing zeros, never "-0".
	 *
	 * @param bool   $negative Sign.
	 * @param string $integer  Integer digits.
	 * @param string $fraction Fraction digits.
	 */
	private static function compose( bool $negative, string $integer, string $fraction ): string {
		$int  = ltrim( $integer, '0' );
		$int  = '' === $int ? '0' : $int;
		$frac = rtrim( $fraction, '0' );
		$zero = '' === trim( $int . $frac, '0' );
		return ( $negative && ! $zero ? '-' : '' ) . $int . ( '' !== $frac ? '.' . $frac : '' );
	}

	/**
	 * A string of digits plus one ("199" becomes "200").
	 *
	 * @param string $digits Digits.
	 */
	private static function increment( string $digits ): string {
		for ( $i = strlen( $digits ) - 1; $i >= 0; $i-- ) {
			if ( '9' !== $digits[ $i ] ) {
				$digits[ $i ] = (string) ( (int) $digits[ $i ] + 1 );
				return $digits;
			}
			$digits[ $i ] = '0';
		}
		return '1' . $digits;
	}
}
