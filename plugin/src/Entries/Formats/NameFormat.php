<?php
/**
 * Name fields (docs/field-types.md): prefix N.2, first N.3, middle N.4, last N.6, suffix N.8, or
 * one text input ("N") with `nameFormat` simple.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Entries\Formats;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Domain\Form\Form;

/**
 * "Dr. Ada Lovelace": the stored parts joined by spaces; `{Name:N.3}` one part; one CSV column
 * per shown input, "Name (First)".
 */
final class NameFormat extends InputsFormat {

	/**
	 * Prefix, first, middle, last, suffix; prefix, middle and suffix hidden unless the field
	 * shows them.
	 *
	 * @param array<string, mixed> $field Field.
	 * @return list<array{0: int, 1: string, 2: bool}>
	 */
	protected function inputs( array $field ): array {
		return array(
			array( 2, __( 'Prefix', 'kestrel-forms' ), false ),
			array( 3, __( 'First', 'kestrel-forms' ), true ),
			array( 4, __( 'Middle', 'kestrel-forms' ), false ),
			array( 6, __( 'Last', 'kestrel-forms' ), true ),
			array( 8, __( 'Suffix', 'kestrel-forms' ), false ),
		);
	}

	/**
	 * The parts joined by spaces (a simple name as stored).
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Entry                $entry Entry.
	 */
	public function text( array $field, Entry $entry ): string {
		return self::is_simple( $field ) ? parent::text( $field, $entry ) : implode( ' ', $this->parts( $field, $entry ) );
	}

	/**
	 * One column per shown input; one for a simple name.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Form|null            $form  Its form.
	 * @return list<array{0: string, 1: string}>
	 */
	public function columns( array $field, ?Form $form ): array {
		return self::is_simple( $field ) ? array( array( (string) $field['id'], self::label( $field ) ) ) : parent::columns( $field, $form );
	}

	/**
	 * The input's stored value; a simple name's text.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param string               $key   Column key.
	 * @param Entry                $entry Entry.
	 */
	public function cell( array $field, string $key, Entry $entry ): string {
		return self::is_simple( $field ) ? $this->text( $field, $entry ) : parent::cell( $field, $key, $entry );
	}

	/**
	 * The stored parts (`:value`), as the display.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Entry                $entry Entry.
	 */
	protected function stored( array $field, Entry $entry ): string {
		return $this->text( $field, $entry );
	}

	/**
	 * Whether the field is one text input.
	 *
	 * @param array<string, mixed> $field Field.
	 */
	private static function is_simple( array $field ): bool {
		return 'simple' === ( $field['nameFormat'] ?? 'advanced' );
	}
}
