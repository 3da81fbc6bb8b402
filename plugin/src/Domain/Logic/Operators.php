<?php
/**
 * Rule operators; the twin of assets-src/forms-engine/logic/operators.ts.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\Logic;

use Kestrel\Forms\Domain\Money\Numbers;

/**
 * Case-insensitive is, isnot, contains, starts_with, ends_with; > and < only between numbers;
 * numeric is/isnot when a number format is given and both sides are numbers. The formats `date`
 * (Y-m-d) and `time` (HH:mm) compare dates and times (a field type's RuleReading says which).
 */
final class Operators {

	/** The sortable shapes of the date and time formats. */
	private const ORDERED = array(
		'date' => '/^(\d{4})-(\d{2})-(\d{2})$/',
		'time' => '/^(\d{2}):(\d{2})$/',
	);

	/**
	 * Whether one value satisfies a rule.
	 *
	 * @param string      $operator      Operator.
	 * @param string      $field_value   Field value.
	 * @param string      $rule_value    Rule value.
	 * @param string|null $number_format The field's number format, when it holds numbers.
	 */
	public static function matches( string $operator, string $field_value, string $rule_value, ?string $number_format = null ): bool {
		$a = mb_strtolower( $field_value, 'UTF-8' );
		$b = mb_strtolower( $rule_value, 'UTF-8' );
		switch ( $operator ) {
			case 'is':
				return self::equals( $field_value, $rule_value, $a, $b, $number_format );
			case 'isnot':
				return ! self::equals( $field_value, $rule_value, $a, $b, $number_format );
			case '>':
			case 'greater_than':
			case '<':
			case 'less_than':
				$x = self::read_number( $field_value, $number_format );
				$y = self::read_rule_number( $rule_value, $number_format );
				if ( null === $x || null === $y ) {
					return false;
				}
				return ( '>' === $operator || 'greater_than' === $operator ) ? $x > $y : $x < $y;
			case 'contains':
				return str_contains( $a, $b );
			case 'starts_with':
				return str_starts_with( $a, $b );
			case 'ends_with':
				return str_ends_with( $a, $b );
			default:
				return false;
		}
	}

	/**
	 * Whether a field's values satisfy a rule (see valuesMatch in operators.ts).
	 *
	 * @param string       $operator      Operator.
	 * @param list<string> $values        The field's values; none counts as one empty value.
	 * @param string       $rule_value    Rule value.
	 * @param string|null  $number_format Number format.
	 */
	public static function values_match( string $operator, array $values, string $rule_value, ?string $number_format = null ): bool {
		$list = $values ? $values : array( '' );
		if ( 'isnot' === $operator ) {
			foreach ( $list as $value ) {
				if ( ! self::matches( 'isnot', (string) $value, $rule_value, $number_format ) ) {
					return false;
				}
			}
			return true;
		}
		foreach ( $list as $value ) {
			if ( self::matches( $operator, (string) $value, $rule_value, $number_format ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Equality of two values, as numbers in the field's number format when both read as numbers.
	 *
	 * @param string  $raw_a         First value as entered.
	 * @param string  $raw_b         Second value as entered.
	 * @param string  $a             First value, normalised.
	 * @param string  $b             Second value, normalised.
	 * @param ?string $number_format Number format of the field, if it has one.
	 * @return bool
	 */
	private static function equals( string $raw_a, string $raw_b, string $a, string $b, ?string $number_format ): bool {
		if ( null !== $number_format && '' !== trim( $raw_a ) && '' !== trim( $raw_b ) ) {
			$x = self::read_number( $raw_a, $number_format );
			$y = self::read_rule_number( $raw_b, $number_format );
			if ( null !== $x && null !== $y ) {
				return $x === $y;
			}
		}
		return $a === $b;
	}

	/**
	 * Reads a number in the given format, falling back to a decimal point.
	 *
	 * @param string  $text   Text.
	 * @param ?string $format Number format, if any.
	 * @return float|null Null when the text is no number.
	 */
	private static function read_number( string $text, ?string $format ): ?float {
		if ( '' === trim( $text ) ) {
			return null;
		}
		if ( isset( self::ORDERED[ (string) $format ] ) ) {
			return self::read_ordered( $text, (string) $format );
		}
		return ( null !== $format ? Numbers::to_number( $text, $format ) : null ) ?? Numbers::to_number( $text, 'decimal_dot' );
	}

	/**
	 * Rule values are stored in decimal_dot, so that is read first.
	 *
	 * @param string      $text   Text.
	 * @param string|null $format The field's number format.
	 */
	private static function read_rule_number( string $text, ?string $format ): ?float {
		if ( '' === trim( $text ) ) {
			return null;
		}
		if ( isset( self::ORDERED[ (string) $format ] ) ) {
			return self::read_ordered( $text, (string) $format );
		}
		return Numbers::to_number( $text, 'decimal_dot' ) ?? ( null !== $format ? Numbers::to_number( $text, $format ) : null );
	}

	/**
	 * A Y-m-d date or an HH:mm time as a number that orders as the date or time does (20260102,
	 * 1330), else null.
	 *
	 * @param string $text   Text.
	 * @param string $format date or time.
	 */
	private static function read_ordered( string $text, string $format ): ?float {
		if ( 1 !== preg_match( self::ORDERED[ $format ], trim( $text ), $m ) ) {
			return null;
		}
		return (float) implode( '', array_slice( $m, 1 ) );
	}
}
