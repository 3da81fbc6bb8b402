<?php
/**
 * List and repeater fields.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\FieldTypes;

use Kestrel\Forms\Domain\Form\Rows;
use Kestrel\Forms\Domain\Validation\FieldError;

/**
 * A flat list of cells, row after row (Form\Rows). Empty rows are dropped; at most maxRows rows;
 * a repeater's cells are validated by their fields' units (the first problem is reported with its
 * row) and stored in their canonical form. The twin of rows.ts.
 */
final class RowsType implements FieldType {

	/**
	 * No tuple: the value is a list of cells.
	 *
	 * @param array<string, mixed> $field Field.
	 * @return list<string>
	 */
	public function input_ids( array $field ): array {
		return array();
	}

	/**
	 * One empty row.
	 *
	 * @param array<string, mixed> $field Field.
	 * @return list<string>
	 */
	public function default_value( array $field ): array {
		return Rows::empty_row( $field );
	}

	/**
	 * The cells sent, when they are a list of texts.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param array<mixed, mixed>  $raw   All submitted values.
	 * @return list<string>|null
	 */
	public function entered( array $field, array $raw ): ?array {
		return self::cells( $field, $raw[ (string) $field['id'] ] ?? null );
	}

	/**
	 * The filled rows, or the error ("required" when there is none and the field is).
	 *
	 * @param array<string, mixed> $field   List or repeater field.
	 * @param array<mixed, mixed>  $raw     All submitted values.
	 * @param ValidationContext    $context Unused (cells have no money).
	 * @return array<string, list<list<string>>>|FieldError
	 */
	public function validate( array $field, array $raw, ValidationContext $context ): array|FieldError {
		$cells = self::cells( $field, $raw[ (string) $field['id'] ] ?? null );
		if ( null === $cells ) {
			return FieldError::for_field( $field, FieldError::INVALID );
		}
		$rows = Rows::filled_rows( $field, $cells );
		if ( array() === $rows ) {
			return empty( $field['isRequired'] ) ? array() : FieldError::for_field( $field, FieldError::REQUIRED );
		}
		$limit = (int) ( $field['maxRows'] ?? Rows::MAX_ROWS );
		if ( count( $rows ) > $limit ) {
			return FieldError::for_field( $field, FieldError::MAX_ROWS, array( 'limit' => $limit ) );
		}
		$parts = 'repeater' === $field['type'] ? array_values( $field['fields'] ?? array() ) : array();
		foreach ( $rows as $r => $row ) {
			foreach ( $row as $c => $cell ) {
				$inner = null;
				if ( mb_strlen( $cell, 'UTF-8' ) > Rows::MAX_CELL_LENGTH ) {
					$inner = new FieldError( FieldError::MAX_LENGTH, array( 'limit' => Rows::MAX_CELL_LENGTH ) );
				} elseif ( isset( $parts[ $c ] ) ) {
					$unit    = FieldTypes::of( $parts[ $c ] );
					$checked = null === $unit ? array() : $unit->validate( $parts[ $c ], array( (string) $parts[ $c ]['id'] => $cell ), $context );
					if ( $checked instanceof FieldError ) {
						$inner = new FieldError( $checked->code, $checked->params );
					} elseif ( array() !== $checked ) {
						$rows[ $r ][ $c ] = (string) reset( $checked ); // Canonical form (numbers).
					}
				}
				if ( null !== $inner ) {
					$column = 'repeater' === $field['type'] ? (string) ( $parts[ $c ]['label'] ?? '' ) : (string) ( $field['columns'][ $c ] ?? '' );
					return FieldError::for_field(
						$field,
						FieldError::ROW,
						array(
							'row'    => $r + 1,
							'column' => $column,
							'error'  => $inner,
						)
					);
				}
			}
		}
		return array( (string) $field['id'] => $rows );
	}

	/**
	 * The cells (formulas read columns through Logic\FormEvaluator, not this).
	 *
	 * @param array<string, mixed> $field Field.
	 * @param string|list<string>  $value Flat cells.
	 * @param string               $ref   Rule reference.
	 */
	public function rule_reading( array $field, string|array $value, string $ref ): RuleReading {
		return new RuleReading( CheckboxType::checked_values( $field, is_array( $value ) ? $value : array( $value ), $ref ) );
	}

	/**
	 * The flat cells of a list or repeater value, as text; null when it is not a list of texts.
	 *
	 * @param array<string, mixed> $field List or repeater field.
	 * @param mixed                $raw   Submitted value.
	 * @return list<string>|null
	 */
	private static function cells( array $field, mixed $raw ): ?array {
		if ( null === $raw || '' === $raw ) {
			return array();
		}
		if ( ! is_array( $raw ) || ! array_is_list( $raw ) || count( $raw ) > ( Rows::MAX_ROWS + 1 ) * Rows::column_count( $field ) ) {
			return null;
		}
		$cells = array();
		foreach ( $raw as $item ) {
			$text = Wire::text( $item, true );
			if ( null === $text ) {
				return null;
			}
			$cells[] = $text;
		}
		return $cells;
	}
}
