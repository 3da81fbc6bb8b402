<?php
/**
 * Multi-select fields (docs/field-types.md): "N" stores the list of chosen values.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Entries\Formats;

use Kestrel\Forms\Domain\Entry\Entry;

/**
 * The chosen choices' texts, comma-separated, everywhere (one CSV column); `:value` the values.
 * A list kept as Gravity Forms writes it, a JSON string, reads the same.
 */
final class MultiselectFormat extends TextFormat {

	/**
	 * The chosen texts.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Entry                $entry Entry.
	 */
	public function text( array $field, Entry $entry ): string {
		$labels = self::labels( $field );
		return implode( ', ', array_map( static fn( string $value ): string => $labels[ $value ] ?? $value, self::chosen( $field, $entry ) ) );
	}

	/**
	 * The chosen values.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Entry                $entry Entry.
	 */
	protected function stored( array $field, Entry $entry ): string {
		return implode( ', ', self::chosen( $field, $entry ) );
	}

	/**
	 * The chosen values, in the order stored.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Entry                $entry Entry.
	 * @return list<string>
	 */
	private static function chosen( array $field, Entry $entry ): array {
		$stored = $entry->values[ (string) $field['id'] ] ?? array();
		if ( is_string( $stored ) ) {
			$decoded = json_decode( $stored, true );
			$stored  = is_array( $decoded ) ? $decoded : array( $stored );
		}
		$values = array();
		foreach ( $stored as $value ) {
			if ( is_scalar( $value ) && '' !== (string) $value ) {
				$values[] = (string) $value;
			}
		}
		return $values;
	}
}
