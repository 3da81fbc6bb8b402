<?php
/**
 * Rows of list and repeater fields.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\Form;

/**
 * A list or repeater value is one flat list of cells, row after row, `column_count()` cells a
 * row (as in TypeScript, assets-src/forms-engine/values/rows.ts). Pure PHP.
 */
final class Rows {

	/** Most rows when the field sets no maxRows (as in TypeScript). */
	public const MAX_ROWS = 1000;

	/** Longest text of one cell. */
	public const MAX_CELL_LENGTH = 65535;

	/**
	 * Whether the field stores rows (lists and repeaters).
	 *
	 * @param array<string, mixed> $field Field.
	 */
	public static function is_repeated( array $field ): bool {
		return in_array( $field['type'] ?? '', array( 'list', 'repeater' ), true );
	}

	/**
	 * Cells in a row: a list's columns (one when it names none), a repeater's fields.
	 *
	 * @param array<string, mixed> $field List or repeater field.
	 * @return int<1, max>
	 */
	public static function column_count( array $field ): int {
		$parts = 'repeater' === $field['type'] ? ( $field['fields'] ?? array() ) : ( $field['columns'] ?? array() );
		return max( 1, is_array( $parts ) ? count( $parts ) : 0 );
	}

	/**
	 * The rows of flat cells (a short last row is padded with empty cells).
	 *
	 * @param array<string, mixed> $field List or repeater field.
	 * @param list<string>         $cells Flat cells.
	 * @return list<list<string>>
	 */
	public static function rows_of( array $field, array $cells ): array {
		$width = self::column_count( $field );
		$rows  = array();
		foreach ( array_chunk( array_values( $cells ), $width ) as $row ) {
			$rows[] = array_map( 'strval', array_pad( $row, $width, '' ) );
		}
		return $rows;
	}

	/**
	 * The flat cells of stored rows, row after row: the shape visitors submit, so a stored value
	 * can go through the validator again (an admin's edit). The inverse of rows_of().
	 *
	 * @param array<string, mixed> $field List or repeater field.
	 * @param mixed                $rows  Stored rows (list of lists of text); anything else: none.
	 * @return list<string>
	 */
	public static function cells_of( array $field, mixed $rows ): array {
		$width = self::column_count( $field );
		$cells = array();
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$row = is_array( $row ) ? array_values( $row ) : array( $row );
			for ( $c = 0; $c < $width; $c++ ) {
				$cells[] = is_scalar( $row[ $c ] ?? null ) ? (string) $row[ $c ] : '';
			}
		}
		return $cells;
	}

	/**
	 * The rows with at least one cell filled in.
	 *
	 * @param array<string, mixed> $field List or repeater field.
	 * @param list<string>         $cells Flat cells.
	 * @return list<list<string>>
	 */
	public static function filled_rows( array $field, array $cells ): array {
		return array_values(
			array_filter(
				self::rows_of( $field, $cells ),
				static fn( array $row ): bool => array() !== array_filter( $row, static fn( string $c ): bool => '' !== trim( $c ) )
			)
		);
	}

	/**
	 * The cells of one column (from 1), or every cell when $column is null.
	 *
	 * @param array<string, mixed> $field  List or repeater field.
	 * @param list<string>         $cells  Flat cells.
	 * @param int|null             $column Column number from 1, or null.
	 * @return list<string>
	 */
	public static function column_cells( array $field, array $cells, ?int $column ): array {
		$out = array();
		foreach ( self::rows_of( $field, $cells ) as $row ) {
			if ( null === $column ) {
				array_push( $out, ...$row );
			} else {
				$out[] = $row[ $column - 1 ] ?? '';
			}
		}
		return $out;
	}

	/**
	 * One empty row.
	 *
	 * @param array<string, mixed> $field List or repeater field.
	 * @return list<string>
	 */
	public static function empty_row( array $field ): array {
		return array_fill( 0, self::column_count( $field ), '' );
	}
}
