<?php
/**
 * List and repeater fields: rows of cells.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Entries\Formats;

use Kestrel\Forms\Domain\Entry\Entry;

/**
 * One row a line, "Item: Tea, Qty: 4"; `{Label:N.x}` is column x, its cells one a line.
 */
final class RowsFormat extends TextFormat {

	/**
	 * The rows, one a line.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Entry                $entry Entry.
	 */
	public function text( array $field, Entry $entry ): string {
		$rows     = $entry->values[ (string) $field['id'] ] ?? array();
		$headings = 'repeater' === $field['type']
			? array_map( static fn( array $f ): string => (string) $f['label'], array_values( $field['fields'] ?? array() ) )
			: array_map( 'strval', $field['columns'] ?? array() );
		$lines    = array();
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			if ( ! is_array( $row ) ) {
				continue;
			}
			$cells = array();
			foreach ( array_values( $row ) as $i => $cell ) {
				$text    = self::scalar( $cell );
				$cells[] = isset( $headings[ $i ] ) && '' !== $headings[ $i ] ? $headings[ $i ] . ': ' . $text : $text;
			}
			$lines[] = implode( ', ', $cells );
		}
		return implode( "\n", $lines );
	}

	/**
	 * Column x (1-based) of `{Label:N.x}`: its cells, one a line.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Entry                $entry Entry.
	 * @param TagContext           $tag   Tag.
	 */
	public function tag( array $field, Entry $entry, TagContext $tag ): string {
		if ( ! $tag->is_input() ) {
			return parent::tag( $field, $entry, $tag );
		}
		$rows  = $entry->values[ (string) $field['id'] ] ?? array();
		$cells = array();
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$row     = is_array( $row ) ? array_values( $row ) : array();
			$cells[] = self::scalar( $row[ $tag->input_number() - 1 ] ?? '' );
		}
		return implode( "\n", $cells );
	}
}
