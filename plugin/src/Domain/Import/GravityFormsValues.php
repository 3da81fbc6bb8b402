<?php
/**
 * Gravity Forms' loosely typed values, read one way by every part of the import.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\Import;

/**
 * Gravity Forms writes numbers as strings and strings as numbers, and "not set" as "", null,
 * false, 0 or a structure of those: these read them the same way everywhere.
 */
final class GravityFormsValues {

	/**
	 * Text of a scalar; "" for anything else.
	 *
	 * @param mixed $value Value.
	 */
	public static function str( mixed $value ): string {
		if ( is_string( $value ) ) {
			return $value;
		}
		if ( is_int( $value ) || is_float( $value ) ) {
			return (string) $value;
		}
		return is_bool( $value ) ? ( $value ? '1' : '' ) : '';
	}

	/**
	 * Integer of a scalar ("3" → 3); 0 when it is not one.
	 *
	 * @param mixed $value Value.
	 */
	public static function int( mixed $value ): int {
		if ( is_int( $value ) ) {
			return $value;
		}
		return is_string( $value ) && 1 === preg_match( '/^\s*[0-9]+\s*$/', $value ) ? (int) $value : 0;
	}

	/**
	 * Whether a value is Gravity Forms' "not set": null, "", false, 0, or a list/object of those.
	 *
	 * @param mixed $value Value.
	 */
	public static function is_empty( mixed $value ): bool {
		if ( is_array( $value ) ) {
			foreach ( $value as $item ) {
				if ( ! self::is_empty( $item ) ) {
					return false;
				}
			}
			return true;
		}
		return null === $value || '' === $value || false === $value || 0 === $value || '0' === $value;
	}
}
