<?php
/**
 * The StoredValues of a type whose entry keeps the wire values as they were sent.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\FieldTypes;

/**
 * For name, address, consent and multi-select: the entry keeps the values under the keys the
 * browser sent them ("3.3", a list under "9"), so the wire values are the entry's own keys of
 * the field. (A consent's N.2 and N.3 come along; its `entered()` reads N.1 only.)
 */
trait StoredAsSent {

	/**
	 * The entry's values under the field's id and its input ids.
	 *
	 * @param array<string, mixed> $field  Field definition.
	 * @param array<mixed, mixed>  $stored The entry's stored values.
	 * @return array<string, string|list<string>>
	 */
	public function wire_from_stored( array $field, array $stored ): array {
		$id   = (string) $field['id'];
		$wire = array();
		foreach ( $stored as $key => $value ) {
			$key = (string) $key;
			if ( ( $key === $id || str_starts_with( $key, $id . '.' ) ) && ( is_string( $value ) || is_array( $value ) ) ) {
				$wire[ $key ] = is_array( $value ) ? array_values( array_map( 'strval', array_filter( $value, 'is_scalar' ) ) ) : $value;
			}
		}
		return $wire;
	}
}
