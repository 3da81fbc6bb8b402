<?php
/**
 * Reading a quantity; the twin of assets-src/forms-engine/validation/quantity.ts.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\Pricing;

use Kestrel\Forms\Domain\Money\Limits;
use Kestrel\Forms\Domain\Validation\FieldError;
use Kestrel\Forms\Domain\Validation\NumberParser;

/**
 * A quantity is a whole number from 0 to the form's maximum (Limits::$max_quantity), typed in
 * the field's number format: "007" is 7 and "1,000" is 1000 in decimal_dot; "1.5", "-1", "1e3"
 * and a 20-digit number are refused. Digits are compared as text before any cast.
 */
final class Quantity {

	/**
	 * The quantity, or why the text is not one.
	 *
	 * @param string $text   The text as typed; blank is 0.
	 * @param string $format decimal_dot or decimal_comma.
	 * @param int    $max    Largest quantity.
	 * @return int|string The quantity, or FieldError::NUMBER, FieldError::INTEGER or FieldError::RANGE.
	 */
	public static function read( string $text, string $format, int $max ): int|string {
		if ( '' === trim( $text ) ) {
			return 0;
		}
		$number = NumberParser::parse( $text, 'decimal_comma' === $format ? 'decimal_comma' : 'decimal_dot' );
		if ( null === $number ) {
			return FieldError::NUMBER;
		}
		if ( str_contains( $number, '.' ) ) {
			return FieldError::INTEGER;
		}
		if ( str_starts_with( $number, '-' ) || ! Limits::within_ceiling( $number ) || (int) $number > $max ) {
			return FieldError::RANGE;
		}
		return (int) $number;
	}

	/**
	 * The parameters of a RANGE error for a maximum.
	 *
	 * @param int $max Largest quantity.
	 * @return array{min: int, max: int}
	 */
	public static function range( int $max ): array {
		return array(
			'min' => 0,
			'max' => $max,
		);
	}
}
