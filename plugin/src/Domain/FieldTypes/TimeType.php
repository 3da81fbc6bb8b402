<?php
/**
 * Time fields.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\FieldTypes;

use Kestrel\Forms\Domain\Schema\SchemaError;
use Kestrel\Forms\Domain\Validation\FieldError;

/**
 * Hours ("N.1"), Minutes ("N.2") and, on the 12-hour clock (the default), AM/PM ("N.3"); stored as
 * "hh:mm am" (12 h) or "HH:mm" (24 h), read by rules as HH:mm on the 24-hour clock. The twin of
 * time.ts.
 */
final class TimeType implements FieldType, DefinitionRules, StoredValues {

	/**
	 * Hours, Minutes and (12 h) AM/PM.
	 *
	 * @param array<string, mixed> $field Time field.
	 * @return list<string>
	 */
	public function input_ids( array $field ): array {
		return Wire::input_ids( $field, self::twelve_hour( $field ) ? array( 1, 2, 3 ) : array( 1, 2 ) );
	}

	/**
	 * Each input's defaultValue; AM when the 12-hour field's says nothing.
	 *
	 * @param array<string, mixed> $field Time field.
	 * @return list<string>
	 */
	public function default_value( array $field ): array {
		$parts = array_map( static fn( string $id ): string => Wire::input_default( $field, $id ), Wire::input_ids( $field, array( 1, 2, 3 ) ) );
		if ( ! self::twelve_hour( $field ) ) {
			$parts[2] = '';
		} elseif ( '' === $parts[2] ) {
			$parts[2] = 'am';
		}
		return $parts;
	}

	/**
	 * The tuple entered.
	 *
	 * @param array<string, mixed> $field Time field.
	 * @param array<mixed, mixed>  $raw   All submitted values.
	 * @return list<string>|null
	 */
	public function entered( array $field, array $raw ): ?array {
		$ids = $this->input_ids( $field );
		if ( ! Wire::has_any( $raw, $ids ) ) {
			return null;
		}
		$parts = Wire::parts( $raw, $ids );
		return null === $parts ? null : array_pad( $parts, 3, '' );
	}

	/**
	 * Validates the time; stores it on the field's clock.
	 *
	 * @param array<string, mixed> $field   Time field.
	 * @param array<mixed, mixed>  $raw     All submitted values.
	 * @param ValidationContext    $context Unused.
	 * @return array<string, string>|FieldError
	 */
	public function validate( array $field, array $raw, ValidationContext $context ): array|FieldError {
		$parts = Wire::parts( $raw, $this->input_ids( $field ) );
		if ( null === $parts ) {
			return FieldError::for_field( $field, FieldError::INVALID );
		}
		$time = self::time_of( $field, array_pad( $parts, 3, '' ) );
		if ( null === $time ) {
			return empty( $field['isRequired'] ) ? array() : FieldError::for_field( $field, FieldError::REQUIRED );
		}
		if ( false === $time ) {
			return FieldError::for_field( $field, FieldError::TIME, array( 'clock' => self::twelve_hour( $field ) ? '12' : '24' ) );
		}
		list( $hours, $minutes ) = $time;
		$stored                  = self::twelve_hour( $field )
			? sprintf( '%02d:%02d %s', 0 === $hours % 12 ? 12 : $hours % 12, $minutes, $hours >= 12 ? 'pm' : 'am' )
			: sprintf( '%02d:%02d', $hours, $minutes );
		return array( (string) $field['id'] => $stored );
	}

	/**
	 * The stored "09:05 pm" (or "21:05") as the browser sends it: hours, minutes, AM/PM.
	 *
	 * @param array<string, mixed> $field  Time field.
	 * @param array<mixed, mixed>  $stored The entry's stored values.
	 * @return array<string, string>
	 */
	public function wire_from_stored( array $field, array $stored ): array {
		$text = $stored[ (string) $field['id'] ] ?? null;
		if ( ! is_string( $text ) || 1 !== preg_match( '/^(\d{1,2}):(\d{2})(?: (am|pm))?$/', $text, $m ) ) {
			return array();
		}
		$ids  = $this->input_ids( $field );
		$wire = array(
			$ids[0] => $m[1],
			$ids[1] => $m[2],
		);
		if ( isset( $ids[2] ) ) {
			$wire[ $ids[2] ] = $m[3] ?? '';
		}
		return $wire;
	}

	/**
	 * The time as HH:mm on the 24-hour clock ('' when none), compared as a time.
	 *
	 * @param array<string, mixed> $field Time field.
	 * @param string|list<string>  $value The tuple.
	 * @param string               $ref   Rule reference.
	 */
	public function rule_reading( array $field, string|array $value, string $ref ): RuleReading {
		$time = self::time_of( $field, $value );
		return new RuleReading( array( is_array( $time ) ? sprintf( '%02d:%02d', $time[0], $time[1] ) : '' ), 'time' );
	}

	/**
	 * The time a value holds as [hours 0-23, minutes]: null when blank (hours and minutes empty:
	 * the AM/PM drop-down always holds a choice), false when not a time of the field's clock.
	 *
	 * @param array<string, mixed> $field Time field.
	 * @param string|list<string>  $value The tuple [hours, minutes, ampm].
	 * @return array{0: int, 1: int}|null|false
	 */
	public static function time_of( array $field, string|array $value ): array|null|false {
		if ( ! is_array( $value ) ) {
			return false;
		}
		$hour   = Wire::part( $value, 0 );
		$minute = Wire::part( $value, 1 );
		if ( '' === $hour && '' === $minute ) {
			return null;
		}
		if ( 1 !== preg_match( '/^\d{1,2}$/', $hour ) || 1 !== preg_match( '/^\d{1,2}$/', $minute ) || (int) $minute > 59 ) {
			return false;
		}
		$h = (int) $hour;
		if ( ! self::twelve_hour( $field ) ) {
			return $h <= 23 ? array( $h, (int) $minute ) : false;
		}
		$ampm = strtolower( Wire::part( $value, 2 ) );
		if ( $h < 1 || $h > 12 || ! in_array( $ampm, array( 'am', 'pm' ), true ) ) {
			return false;
		}
		return array( $h % 12 + ( 'pm' === $ampm ? 12 : 0 ), (int) $minute );
	}

	/**
	 * Whether the field uses the 12-hour clock (the default).
	 *
	 * @param array<string, mixed> $field Time field.
	 */
	private static function twelve_hour( array $field ): bool {
		return '24' !== (string) ( $field['timeFormat'] ?? '12' );
	}

	/**
	 * Inputs N.1 to N.3 (a 24-hour field may keep the AM/PM input of its definition unused).
	 *
	 * @param array<string, mixed> $field Time field.
	 * @param string               $path  Its JSON path.
	 * @return list<SchemaError>
	 */
	public function definition_errors( array $field, string $path ): array {
		return DefinitionChecks::inputs( $field, $path, Wire::input_ids( $field, array( 1, 2, 3 ) ) );
	}
}
