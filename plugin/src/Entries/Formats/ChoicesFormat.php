<?php
/**
 * Checkboxes and option checkboxes: one stored value per checked choice.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Entries\Formats;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Domain\Logic\EntryLogic;

/**
 * A checkbox field (or an option field shown as checkboxes, the validator's is_multi()) stores
 * each checked choice under its choice input id ("5.1", "5.2"); other option fields read as
 * TextFormat.
 */
final class ChoicesFormat extends TextFormat {

	/**
	 * The checked choices' labels, comma-separated.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Entry                $entry Entry.
	 */
	public function text( array $field, Entry $entry ): string {
		if ( ! EntryLogic::is_multi( $field ) ) {
			return parent::text( $field, $entry );
		}
		$labels = self::labels( $field );
		$parts  = array();
		foreach ( Form::choice_input_ids( $field ) as $input_id ) {
			$stored = $entry->values[ $input_id ] ?? null;
			if ( is_string( $stored ) ) {
				$parts[] = $labels[ $stored ] ?? $stored;
			}
		}
		return implode( ', ', $parts );
	}

	/**
	 * The checked choices' labels (their values with `:value`); an input's stored value.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Entry                $entry Entry.
	 * @param TagContext           $tag   Tag.
	 */
	public function tag( array $field, Entry $entry, TagContext $tag ): string {
		if ( ! EntryLogic::is_multi( $field ) || $tag->is_input() ) {
			return parent::tag( $field, $entry, $tag );
		}
		$checked = self::checked( $field, $entry );
		if ( 'value' === $tag->modifier ) {
			return implode( ', ', $checked );
		}
		$labels = self::labels( $field );
		return implode( ', ', array_map( static fn( string $value ): string => $labels[ $value ] ?? $value, $checked ) );
	}

	/**
	 * One column per choice: "Extras (Gift wrap)".
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Form|null            $form  Its form.
	 * @return list<array{0: string, 1: string}>
	 */
	public function columns( array $field, ?Form $form ): array {
		if ( ! EntryLogic::is_multi( $field ) ) {
			return parent::columns( $field, $form );
		}
		$columns = array();
		$choices = array_values( (array) ( $field['choices'] ?? array() ) );
		foreach ( Form::choice_input_ids( $field ) as $index => $input_id ) {
			$columns[] = array( $input_id, self::heading( $field, (string) ( $choices[ $index ]['text'] ?? $input_id ) ) );
		}
		return $columns;
	}

	/**
	 * A checked choice's label, empty when not checked.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param string               $key   Choice input id.
	 * @param Entry                $entry Entry.
	 */
	public function cell( array $field, string $key, Entry $entry ): string {
		if ( ! EntryLogic::is_multi( $field ) ) {
			return parent::cell( $field, $key, $entry );
		}
		$stored = $entry->values[ $key ] ?? null;
		if ( ! is_string( $stored ) || '' === $stored ) {
			return '';
		}
		return self::labels( $field )[ $stored ] ?? $stored;
	}

	/**
	 * The checked values, in choice order.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Entry                $entry Entry.
	 * @return list<string>
	 */
	private static function checked( array $field, Entry $entry ): array {
		$values = array();
		foreach ( Form::choice_input_ids( $field ) as $input_id ) {
			$stored = $entry->values[ $input_id ] ?? null;
			if ( is_string( $stored ) && '' !== $stored ) {
				$values[] = $stored;
			}
		}
		return $values;
	}
}
