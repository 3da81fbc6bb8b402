<?php
/**
 * Formatting and reading numbers and money; the twin of assets-src/shared/money/{format,parse}.ts.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\Money;

/**
 * Number formats: decimal_dot, decimal_comma and currency (the site or form currency).
 */
final class Numbers {

	/**
	 * Thousands and decimal separators of a format.
	 *
	 * @param string      $format        decimal_dot, decimal_comma or currency.
	 * @param string|null $currency_code Currency for the currency format.
	 * @return array{0: string, 1: string} [ thousand, point ]
	 */
	public static function separators( string $format, ?string $currency_code = null ): array {
		if ( 'currency' === $format ) {
			$c = Currencies::get( $currency_code ?? Currencies::DEFAULT );
			return array( (string) $c['thousand_separator'], '' !== $c['decimal_separator'] ? (string) $c['decimal_separator'] : '.' );
		}
		return 'decimal_comma' === $format ? array( '.', ',' ) : array( ',', '.' );
	}

	/**
	 * Display text of a number: rounded half away from zero (-1 = no rounding), grouped, unpadded.
	 *
	 * @param float|int|string $value         Number or canonical decimal.
	 * @param int              $decimals      Places, -1 for none.
	 * @param string           $format        Number format.
	 * @param string|null      $currency_code Currency for the currency format.
	 */
	public static function format_number( float|int|string $value, int $decimals, string $format = 'decimal_dot', ?string $currency_code = null ): string {
		list( $thousand, $point ) = self::separators( $format, $currency_code );
		return Decimal::format( self::decimal( $value ), $decimals, false, $thousand, $point );
	}

	/**
	 * Money text: the currency's decimals, padded, with symbols; never a negative zero.
	 *
	 * @param float|int|string $value         Number or canonical decimal.
	 * @param string|null      $currency_code ISO code.
	 */
	public static function format_money( float|int|string $value, ?string $currency_code = null ): string {
		$c        = Currencies::get( $currency_code ?? Currencies::DEFAULT );
		$text     = Decimal::format( self::decimal( $value ), (int) $c['decimals'], true, (string) $c['thousand_separator'], '' !== $c['decimal_separator'] ? (string) $c['decimal_separator'] : '.' );
		$negative = str_starts_with( $text, '-' );
		$left     = '' !== $c['symbol_left'] ? $c['symbol_left'] . $c['symbol_padding'] : '';
		$right    = '' !== $c['symbol_right'] ? $c['symbol_padding'] . $c['symbol_right'] : '';
		return ( $negative ? '-' : '' ) . $left . ( $negative ? substr( $text, 1 ) : $text ) . $right;
	}

	/**
	 * A number's text in a format, rewritten with the point as its only decimal separator:
	 * currency symbols, spaces and thousands separators dropped. Null when a format with another
	 * decimal separator also holds a point. What to_number() and to_decimal() both read (see
	 * withPoint in parse.ts).
	 *
	 * @param string      $text          Text.
	 * @param string      $format        Number format.
	 * @param string|null $currency_code Currency for the currency format.
	 */
	private static function with_point( string $text, string $format, ?string $currency_code ): ?string {
		$s = trim( $text );
		if ( 'currency' === $format ) {
			$c = Currencies::get( $currency_code ?? Currencies::DEFAULT );
			foreach ( array( $c['symbol_right'], $c['symbol_left'] ) as $symbol ) {
				if ( '' !== $symbol ) {
					$s = str_replace( (string) $symbol, '', $s );
				}
			}
		}
		list( $thousand, $point ) = self::separators( $format, $currency_code );
		$s                        = (string) preg_replace( '/[\s\x{00a0}\x{202f}]/u', '', $s );
		if ( '' !== $thousand && $thousand !== $point ) {
			$s = str_replace( $thousand, '', $s );
		}
		if ( '.' !== $point ) {
			if ( str_contains( $s, '.' ) ) {
				return null;
			}
			$s = str_replace( $point, '.', $s );
		}
		return $s;
	}

	/**
	 * Reads a number in a format; null when it is not one (see toNumber in parse.ts).
	 *
	 * @param string|int|float $text          Text.
	 * @param string           $format        Number format.
	 * @param string|null      $currency_code Currency for the currency format.
	 */
	public static function to_number( string|int|float $text, string $format = 'decimal_dot', ?string $currency_code = null ): ?float {
		if ( ! is_string( $text ) ) {
			return is_finite( (float) $text ) ? (float) $text : null;
		}
		$s = self::with_point( $text, $format, $currency_code );
		if ( null === $s || 1 !== preg_match( '/^-?(?:\d+(?:\.\d*)?|\.\d+)$/', $s ) ) {
			return null;
		}
		$n = (float) $s;
		return is_finite( $n ) ? $n : null;
	}

	/**
	 * Reads a number in a format as a canonical decimal, without passing through a float (see
	 * toDecimal in parse.ts): the same text to_number() reads, kept digit for digit.
	 *
	 * @param string      $text          Text.
	 * @param string      $format        Number format.
	 * @param string|null $currency_code Currency for the currency format.
	 */
	public static function to_decimal( string $text, string $format = 'decimal_dot', ?string $currency_code = null ): ?string {
		$s = self::with_point( $text, $format, $currency_code );
		if ( null === $s || 1 !== preg_match( '/^(-?)(\d*)(?:\.(\d*))?$/', $s, $m ) || '' === $m[2] . ( $m[3] ?? '' ) ) {
			return null;
		}
		$integer  = ltrim( $m[2], '0' );
		$fraction = rtrim( $m[3] ?? '', '0' );
		$number   = ( '' === $integer ? '0' : $integer ) . ( '' === $fraction ? '' : '.' . $fraction );
		return '-' === $m[1] && '0' !== $number ? '-' . $number : $number;
	}

	/**
	 * The price of a `text|price` choice value: after the last `|`, decimal_dot; 0 when none.
	 *
	 * @param string $value Choice value.
	 */
	public static function price_from_choice( string $value ): float {
		$bar = strrpos( $value, '|' );
		if ( false === $bar ) {
			return 0.0;
		}
		return self::to_number( substr( $value, $bar + 1 ), 'decimal_dot' ) ?? 0.0;
	}

	/**
	 * The label part of a `text|price` choice value.
	 *
	 * @param string $value Choice value.
	 */
	public static function label_from_choice( string $value ): string {
		$bar = strrpos( $value, '|' );
		return false === $bar ? $value : substr( $value, 0, $bar );
	}

	/**
	 * A number as a canonical decimal.
	 *
	 * @param float|int|string $value Number or canonical decimal.
	 * @throws \InvalidArgumentException When text is not a canonical decimal.
	 */
	private static function decimal( float|int|string $value ): string {
		if ( is_string( $value ) ) {
			if ( ! Decimal::is_decimal( $value ) ) {
				throw new \InvalidArgumentException( 'Not a canonical decimal: ' . $value );
			}
			return $value;
		}
		return Decimal::from_number( $value );
	}
}
