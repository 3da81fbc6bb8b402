<?php
/**
 * Number fields.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Entries\Formats;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Domain\Money\Numbers;

/**
 * Shown as stored on the entry screens and in the CSV; a merge tag writes the number in the
 * field's format (its separators, a calculation's rounding, the form's currency).
 */
final class NumberFormat extends TextFormat {

	/**
	 * The number in the field's format (`:value` and inputs as TextFormat).
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Entry                $entry Entry.
	 * @param TagContext           $tag   Tag.
	 */
	public function tag( array $field, Entry $entry, TagContext $tag ): string {
		$stored = $entry->values[ (string) $field['id'] ] ?? '';
		if ( $tag->is_input() || '' !== $tag->modifier || ! is_string( $stored ) || ! is_numeric( $stored ) ) {
			return parent::tag( $field, $entry, $tag );
		}
		$rounding = ! empty( $field['enableCalculation'] ) ? (int) ( $field['calculationRounding'] ?? -1 ) : -1;
		$currency = isset( $tag->form->definition['currency'] ) ? (string) $tag->form->definition['currency'] : null;
		return Numbers::format_number( $stored, $rounding, (string) ( $field['numberFormat'] ?? 'decimal_dot' ), $currency );
	}
}
