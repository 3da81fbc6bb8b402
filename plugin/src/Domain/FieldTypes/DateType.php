<?php
/**
 * Date fields.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\FieldTypes;

use Kestrel\Forms\Domain\Schema\SchemaError;
use Kestrel\Forms\Domain\Validation\FieldError;

/**
 * One input with a date picker (typed in `dateFormat`, wire "N"), or Month, Day, Year ("N.1" to
 * "N.3"); a real calendar date, not before dateMin nor after dateMax; stored and read by rules as
 * Y-m-d. The twin of date.ts.
 */
final class DateType implements FieldType, DefinitionRules, StoredValues {

	/** Each format's order of parts and separator (Gravity Forms' dateFormat values). */
	private const FORMATS = array(
		'mdy'       => array( 'mdy', '/' ),
		'dmy'       => array( 'dmy', '/' ),
		'dmy_dash'  => array( 'dmy', '-' ),
		'dmy_dot'   => array( 'dmy', '.' ),
		'ymd_slash' => array( 'ymd', '/' ),
		'ymd_dash'  => array( 'ymd', '-' ),
		'ymd_dot'   => array( 'ymd', '.' ),
	);

	/**
	 * Month, Day, Year for drop-downs and three inputs; none for the date picker.
	 *
	 * @param array<string, mixed> $field Date field.
	 * @return list<string>
	 */
	public function input_ids( array $field ): array {
		return self::is_picker( $field ) ? array() : Wire::input_ids( $field, array( 1, 2, 3 ) );
	}

	/**
	 * The defaultValue, or each input's.
	 *
	 * @param array<string, mixed> $field Date field.
	 * @return string|list<string>
	 */
	public function default_value( array $field ): string|array {
		if ( self::is_picker( $field ) ) {
			return (string) ( $field['defaultValue'] ?? '' );
		}
		return array_map( static fn( string $id ): string => Wire::input_default( $field, $id ), $this->input_ids( $field ) );
	}

	/**
	 * The text or the tuple entered.
	 *
	 * @param array<string, mixed> $field Date field.
	 * @param array<mixed, mixed>  $raw   All submitted values.
	 * @return string|list<string>|null
	 */
	public function entered( array $field, array $raw ): string|array|null {
		if ( self::is_picker( $field ) ) {
			// Sent blank is '' (a cleared default), as the browser reads it; not sent, null.
			return array_key_exists( (string) $field['id'], $raw ) ? Wire::text( $raw[ (string) $field['id'] ] ) : null;
		}
		$ids = $this->input_ids( $field );
		return Wire::has_any( $raw, $ids ) ? Wire::parts( $raw, $ids ) : null;
	}

	/**
	 * Validates the date; stores it as Y-m-d.
	 *
	 * @param array<string, mixed> $field   Date field.
	 * @param array<mixed, mixed>  $raw     All submitted values.
	 * @param ValidationContext    $context Unused.
	 * @return array<string, string>|FieldError
	 */
	public function validate( array $field, array $raw, ValidationContext $context ): array|FieldError {
		if ( self::is_picker( $field ) ) {
			$value = Wire::text( $raw[ (string) $field['id'] ] ?? null );
			$limit = isset( $field['maxLength'] ) ? (int) $field['maxLength'] : TextType::MAX_TEXT_LENGTH;
			if ( null !== $value && mb_strlen( $value, 'UTF-8' ) > $limit ) {
				return FieldError::for_field( $field, FieldError::MAX_LENGTH, array( 'limit' => $limit ) );
			}
		} else {
			$value = Wire::parts( $raw, $this->input_ids( $field ) );
		}
		if ( null === $value ) {
			return FieldError::for_field( $field, FieldError::INVALID );
		}
		$date = self::date_of( $field, $value );
		if ( null === $date ) {
			return empty( $field['isRequired'] ) ? array() : FieldError::for_field( $field, FieldError::REQUIRED );
		}
		if ( false === $date ) {
			return FieldError::for_field( $field, FieldError::DATE, array( 'format' => self::pattern( $field ) ) );
		}
		$min = self::parse_iso( (string) ( $field['dateMin'] ?? '' ) );
		$max = self::parse_iso( (string) ( $field['dateMax'] ?? '' ) );
		if ( null !== $min && $date < $min ) {
			return FieldError::for_field( $field, FieldError::DATE_MIN, array( 'limit' => self::format( $min, $field ) ) );
		}
		if ( null !== $max && $date > $max ) {
			return FieldError::for_field( $field, FieldError::DATE_MAX, array( 'limit' => self::format( $max, $field ) ) );
		}
		return array( (string) $field['id'] => $date );
	}

	/**
	 * The stored Y-m-d as the browser sends it: in the field's format, or month, day and year.
	 *
	 * @param array<string, mixed> $field  Date field.
	 * @param array<mixed, mixed>  $stored The entry's stored values.
	 * @return array<string, string>
	 */
	public function wire_from_stored( array $field, array $stored ): array {
		$id  = (string) $field['id'];
		$iso = is_string( $stored[ $id ] ?? null ) ? self::parse_iso( $stored[ $id ] ) : null;
		if ( null === $iso ) {
			return array();
		}
		if ( self::is_picker( $field ) ) {
			return array( $id => self::format( $iso, $field ) );
		}
		list( $year, $month, $day ) = explode( '-', $iso );
		return array_combine( $this->input_ids( $field ), array( $month, $day, $year ) );
	}

	/**
	 * The date as Y-m-d ('' when it is none), compared as a date.
	 *
	 * @param array<string, mixed> $field Date field.
	 * @param string|list<string>  $value Text or tuple.
	 * @param string               $ref   Rule reference.
	 */
	public function rule_reading( array $field, string|array $value, string $ref ): RuleReading {
		$date = self::date_of( $field, $value );
		return new RuleReading( array( is_string( $date ) ? $date : '' ), 'date' );
	}

	/**
	 * The date a value holds as Y-m-d: null when blank, false when filled in but no real date.
	 *
	 * @param array<string, mixed> $field Date field.
	 * @param string|list<string>  $value Text as typed, or [month, day, year].
	 */
	public static function date_of( array $field, string|array $value ): string|null|false {
		if ( self::is_picker( $field ) ) {
			if ( ! is_string( $value ) ) {
				return false;
			}
			$text = trim( $value );
			return '' === $text ? null : ( self::parse( $text, (string) ( $field['dateFormat'] ?? 'mdy' ) ) ?? false );
		}
		if ( ! is_array( $value ) ) {
			return false;
		}
		list( $month, $day, $year ) = array( Wire::part( $value, 0 ), Wire::part( $value, 1 ), Wire::part( $value, 2 ) );
		if ( '' === $month && '' === $day && '' === $year ) {
			return null;
		}
		return self::real( $year, $month, $day ) ?? false;
	}

	/**
	 * A date typed in a format, as Y-m-d; null when it is not a real date in that format.
	 *
	 * @param string $text   Trimmed text.
	 * @param string $format dateFormat.
	 */
	public static function parse( string $text, string $format ): ?string {
		list( $order, $sep ) = self::FORMATS[ $format ] ?? self::FORMATS['mdy'];
		$parts               = explode( $sep, $text );
		if ( 3 !== count( $parts ) ) {
			return null;
		}
		$at = static fn( string $letter ): string => $parts[ (int) strpos( $order, $letter ) ];
		return self::real( $at( 'y' ), $at( 'm' ), $at( 'd' ) );
	}

	/**
	 * A Y-m-d text that is a real date, else null.
	 *
	 * @param string $text Text.
	 */
	public static function parse_iso( string $text ): ?string {
		if ( 1 !== preg_match( '/^(\d{4})-(\d{2})-(\d{2})$/', $text, $m ) ) {
			return null;
		}
		return self::real( $m[1], $m[2], $m[3] );
	}

	/**
	 * A Y-m-d date in the field's format ("01/02/2026" in mdy).
	 *
	 * @param string               $iso   Y-m-d.
	 * @param array<string, mixed> $field Date field.
	 */
	public static function format( string $iso, array $field ): string {
		list( $order, $sep ) = self::FORMATS[ (string) ( $field['dateFormat'] ?? 'mdy' ) ] ?? self::FORMATS['mdy'];
		list( $y, $m, $d )   = explode( '-', $iso );
		$text                = array(
			'y' => $y,
			'm' => $m,
			'd' => $d,
		);
		return implode( $sep, array_map( static fn( string $letter ): string => $text[ $letter ], str_split( $order ) ) );
	}

	/**
	 * How the field's format is written for people: "mm/dd/yyyy", "dd.mm.yyyy"…
	 *
	 * @param array<string, mixed> $field Date field.
	 */
	public static function pattern( array $field ): string {
		return self::format( 'yyyy-mm-dd', $field );
	}

	/**
	 * Year (4 digits), month and day (1 or 2 digits) of a real calendar date as Y-m-d, else null.
	 *
	 * @param string $year  Year.
	 * @param string $month Month.
	 * @param string $day   Day.
	 */
	private static function real( string $year, string $month, string $day ): ?string {
		if ( 1 !== preg_match( '/^\d{4}$/', $year ) || 1 !== preg_match( '/^\d{1,2}$/', $month ) || 1 !== preg_match( '/^\d{1,2}$/', $day ) ) {
			return null;
		}
		if ( (int) $year < 1 || ! checkdate( (int) $month, (int) $day, (int) $year ) ) {
			return null;
		}
		return sprintf( '%04d-%02d-%02d', (int) $year, (int) $month, (int) $day );
	}

	/**
	 * Whether the date is typed in one input (the default).
	 *
	 * @param array<string, mixed> $field Date field.
	 */
	private static function is_picker( array $field ): bool {
		return 'datepicker' === ( $field['dateType'] ?? 'datepicker' );
	}

	/**
	 * Inputs N.1 to N.3; dateMin and dateMax real dates, dateMin not after dateMax.
	 *
	 * @param array<string, mixed> $field Date field.
	 * @param string               $path  Its JSON path.
	 * @return list<SchemaError>
	 */
	public function definition_errors( array $field, string $path ): array {
		$errors = DefinitionChecks::inputs( $field, $path, Wire::input_ids( $field, array( 1, 2, 3 ) ) );
		$bounds = array();
		foreach ( array( 'dateMin', 'dateMax' ) as $key ) {
			if ( isset( $field[ $key ] ) ) {
				$bounds[ $key ] = self::parse_iso( (string) $field[ $key ] );
				if ( null === $bounds[ $key ] ) {
					$errors[] = new SchemaError( $path . '.' . $key, 'date', array( 'detail' => 'is not a real date (Y-m-d)' ) );
				}
			}
		}
		if ( isset( $bounds['dateMin'], $bounds['dateMax'] ) && $bounds['dateMin'] > $bounds['dateMax'] ) {
			$errors[] = new SchemaError( $path . '.dateMin', 'dateRange', array( 'detail' => 'must not be after dateMax' ) );
		}
		return $errors;
	}
}
