<?php
/**
 * The default format: one stored value, shown as stored or as its choice's label.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Entries\Formats;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Domain\Form\Form;

/**
 * Text, email, hidden, select, radio, quantity… and the base of the other formats, which
 * override what their type shows differently.
 */
class TextFormat implements FieldFormat {

	/**
	 * The stored value, or its choice's label.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Entry                $entry Entry.
	 */
	public function text( array $field, Entry $entry ): string {
		$value = $entry->values[ (string) $field['id'] ] ?? '';
		if ( ! is_scalar( $value ) ) {
			return '';
		}
		$value = (string) $value;
		return self::labels( $field )[ $value ] ?? $value;
	}

	/**
	 * The display text escaped, its lines as `<br>`.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Entry                $entry Entry.
	 */
	public function html( array $field, Entry $entry ): string {
		return nl2br( esc_html( $this->text( $field, $entry ) ), false );
	}

	/**
	 * An input's stored value; the field's stored value with `:value`, else its display text.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Entry                $entry Entry.
	 * @param TagContext           $tag   Tag.
	 */
	public function tag( array $field, Entry $entry, TagContext $tag ): string {
		if ( $tag->is_input() ) {
			return self::scalar( $entry->values[ $tag->input_id ] ?? '' );
		}
		return 'value' === $tag->modifier ? $this->stored( $field, $entry ) : $this->text( $field, $entry );
	}

	/**
	 * One column named by the field's label.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Form|null            $form  Its form.
	 * @return list<array{0: string, 1: string}>
	 */
	public function columns( array $field, ?Form $form ): array {
		return array( array( (string) $field['id'], self::label( $field ) ) );
	}

	/**
	 * The display text.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param string               $key   Column key.
	 * @param Entry                $entry Entry.
	 */
	public function cell( array $field, string $key, Entry $entry ): string {
		return $this->text( $field, $entry );
	}

	/**
	 * The display text.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Entry                $entry Entry.
	 */
	public function export( array $field, Entry $entry ): string {
		return $this->text( $field, $entry );
	}

	/**
	 * The stored value of the field (the `:value` modifier).
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Entry                $entry Entry.
	 */
	protected function stored( array $field, Entry $entry ): string {
		return self::scalar( $entry->values[ (string) $field['id'] ] ?? '' );
	}

	/**
	 * The label an admin sees for a field: its admin label, its label, or "Field N".
	 *
	 * @param array<string, mixed> $field Field.
	 */
	public static function label( array $field ): string {
		foreach ( array( 'adminLabel', 'label' ) as $key ) {
			if ( ! empty( $field[ $key ] ) ) {
				return (string) $field[ $key ];
			}
		}
		/* translators: %d: field id. */
		return sprintf( __( 'Field %d', 'kestrel-forms' ), (int) $field['id'] );
	}

	/**
	 * A column heading for one part of a field: "Name (First)".
	 *
	 * @param array<string, mixed> $field Field.
	 * @param string               $part  The part's name.
	 */
	protected static function heading( array $field, string $part ): string {
		/* translators: 1: field label, 2: a choice's or an input's label. */
		return sprintf( __( '%1$s (%2$s)', 'kestrel-forms' ), self::label( $field ), $part );
	}

	/**
	 * Choice labels by value.
	 *
	 * @param array<string, mixed> $field Field.
	 * @return array<string, string>
	 */
	protected static function labels( array $field ): array {
		$labels = array();
		foreach ( (array) ( $field['choices'] ?? array() ) as $choice ) {
			if ( is_array( $choice ) && isset( $choice['value'] ) ) {
				$labels[ (string) $choice['value'] ] = (string) ( $choice['text'] ?? $choice['value'] );
			}
		}
		return $labels;
	}

	/**
	 * A stored value as text ('' for a list or nothing).
	 *
	 * @param mixed $value Stored value.
	 */
	protected static function scalar( $value ): string {
		return is_scalar( $value ) ? (string) $value : '';
	}
}
