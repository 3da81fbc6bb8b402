<?php
/**
 * List and repeater fields' server markup.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Frontend\Markup\Fields;

use Kestrel\Forms\Frontend\Markup\FieldContext;
use Kestrel\Forms\Frontend\Markup\FieldMarkup;
use Kestrel\Forms\Frontend\Markup\FieldParts;
use Kestrel\Forms\Frontend\Markup\Html;
use Kestrel\Forms\Frontend\Markup\Ids;

/**
 * The twin of forms-ui/fields/rows/RowsField.tsx (`RowsControl`): rows of cells (a list's
 * columns, or a repeater's fields), each row with its add and remove buttons (they need
 * JavaScript; without it the rows printed are the rows posted), the limit note at the maximum.
 * Every cell posts as `input_{fieldId}[]`, row after row: the flat list the value is.
 */
final class RowsMarkup implements FieldMarkup {

	/** The most rows a field takes (forms-engine MAX_ROWS). */
	private const MAX_ROWS = 1000;

	/**
	 * The field's markup.
	 *
	 * @param FieldContext $ctx The field and what the form knows about it.
	 */
	public function render( FieldContext $ctx ): string {
		$field     = $ctx->field;
		$width     = self::column_count( $field );
		$rows      = self::rows_of( FieldValues::value( $ctx ), $width );
		$max_rows  = isset( $field['maxRows'] ) && is_numeric( $field['maxRows'] ) ? (int) $field['maxRows'] : self::MAX_ROWS;
		$max       = min( $max_rows, self::MAX_ROWS );
		$base_id   = Ids::input( $ctx->form_id, $ctx->field_id() );
		$at_limit  = count( $rows ) >= $max;
		$limit_id  = $base_id . '_limit';
		$headed    = 'list' === ( $field['type'] ?? null ) && $width > 1;
		$columns   = self::texts( $field['columns'] ?? null );
		$item_name = self::item_name( $field );

		$inner = Html::el( 'legend', array( 'class' => 'kestrel-form__label' ), FieldParts::label_text( $field ) )
			. FieldParts::description( $ctx );
		if ( $headed ) {
			$inner .= Html::el(
				'div',
				array(
					'class'       => 'kestrel-form__rows-head',
					'aria-hidden' => 'true',
				),
				array_map( static fn( string $column ): string => Html::el( 'span', array(), Html::text( $column ) ), $columns )
			);
		}
		foreach ( $rows as $r => $row ) {
			$cells = array();
			foreach ( $row as $c => $cell ) {
				$cells[] = self::cell( $ctx, $base_id . '_' . ( $r + 1 ) . '_' . ( $c + 1 ), $r, $c, $cell, $headed, $columns );
			}
			$inner .= Html::el(
				'div',
				array(
					'class'      => 'kestrel-form__row',
					'data-row'   => (string) $r,
					'role'       => 'group',
					/* translators: 1: field label, 2: row number. */
					'aria-label' => sprintf( __( '%1$s, row %2$d', 'kestrel-forms' ), $item_name, $r + 1 ),
				),
				implode( '', $cells ) . self::actions( $r, count( $rows ), $at_limit, $limit_id )
			);
		}
		if ( $at_limit ) {
			$inner .= Html::el(
				'p',
				array(
					'class' => 'kestrel-form__rows-limit',
					'id'    => $limit_id,
				),
				Html::text(
					sprintf(
						/* translators: %d: the most rows the field takes. */
						_n( 'This field takes at most %d row.', 'This field takes at most %d rows.', $max, 'kestrel-forms' ),
						$max
					)
				)
			);
		}
		return FieldParts::shell(
			$ctx,
			Html::el(
				'fieldset',
				array(
					'class'            => 'kestrel-form__rows',
					'data-max_items'   => (string) $max,
					'aria-describedby' => FieldParts::field_described_by( $ctx ),
					'disabled'         => $ctx->concealed,
				),
				$inner
			)
		);
	}

	/**
	 * How many cells a row has (forms-engine `columnCount`).
	 *
	 * @param array<string, mixed> $field List or repeater field.
	 */
	private static function column_count( array $field ): int {
		$parts = 'repeater' === ( $field['type'] ?? null ) ? ( $field['fields'] ?? null ) : ( $field['columns'] ?? null );
		return max( 1, is_array( $parts ) ? count( $parts ) : 0 );
	}

	/**
	 * The rows of the flat cells (a short last row padded), at least one (forms-engine `rowsOf`,
	 * RowsField's empty row).
	 *
	 * @param mixed $value The field's wire value.
	 * @param int   $width Cells per row.
	 * @return list<list<string>>
	 */
	private static function rows_of( mixed $value, int $width ): array {
		$cells = is_array( $value ) ? array_values( array_map( static fn( $cell ): string => is_scalar( $cell ) ? (string) $cell : '', $value ) ) : array();
		$rows  = array();
		foreach ( array_chunk( $cells, $width ) as $row ) {
			$rows[] = array_pad( $row, $width, '' );
		}
		return $rows ? $rows : array( array_fill( 0, $width, '' ) );
	}

	/**
	 * A list of texts from a definition's list (a list's columns).
	 *
	 * @param mixed $list The list.
	 * @return list<string>
	 */
	private static function texts( mixed $list ): array {
		return is_array( $list ) ? array_values( array_map( static fn( $item ): string => is_scalar( $item ) ? (string) $item : '', $list ) ) : array();
	}

	/**
	 * The field's name in the rows' accessible names: its label, else its admin label.
	 *
	 * @param array<string, mixed> $field Field.
	 */
	private static function item_name( array $field ): string {
		$label = (string) ( $field['label'] ?? '' );
		return '' !== $label ? $label : (string) ( $field['adminLabel'] ?? '' );
	}

	/**
	 * One cell: a repeater's field with its label, or a list's text input.
	 *
	 * @param FieldContext $ctx     The field.
	 * @param string       $id      Input id.
	 * @param int          $r       Row index.
	 * @param int          $c       Column index.
	 * @param string       $cell    Cell text.
	 * @param bool         $headed  Whether a list shows column headings (each cell then has a label).
	 * @param list<string> $columns The list's columns.
	 */
	private static function cell( FieldContext $ctx, string $id, int $r, int $c, string $cell, bool $headed, array $columns ): string {
		$field    = $ctx->field;
		$name     = 'input_' . $ctx->field_id() . '[]';
		$repeated = $field['fields'][ $c ] ?? null;
		if ( 'repeater' === ( $field['type'] ?? null ) && is_array( $repeated ) ) {
			return self::repeated_input( $id, $name, $repeated, $cell );
		}
		$column = $columns[ $c ] ?? '';
		$label  = '' !== $column
			/* translators: 1: column heading, 2: row number. */
			? sprintf( __( '%1$s, row %2$d', 'kestrel-forms' ), $column, $r + 1 )
			/* translators: 1: field label, 2: row number. */
			: sprintf( __( '%1$s, row %2$d', 'kestrel-forms' ), self::item_name( $field ), $r + 1 );
		$heading = $headed
			? Html::el(
				'label',
				array(
					'class' => 'kestrel-form__cell-label',
					'for'   => $id,
				),
				Html::text( $column )
			)
			: '';
		return Html::el(
			'span',
			array( 'class' => 'kestrel-form__cell' ),
			$heading . Html::el(
				'input',
				array(
					'id'         => $id,
					'name'       => $name,
					'type'       => 'text',
					'class'      => 'kestrel-form__control',
					'value'      => $cell,
					'aria-label' => $label,
				)
			)
		);
	}

	/**
	 * One field of a repeater row, with its own visible label (TSX `RepeatedInput`).
	 *
	 * @param string               $id       Input id.
	 * @param string               $name     Input name.
	 * @param array<string, mixed> $repeated The repeated field.
	 * @param string               $cell     Cell text.
	 */
	private static function repeated_input( string $id, string $name, array $repeated, string $cell ): string {
		$type       = (string) ( $repeated['type'] ?? '' );
		$required   = ! empty( $repeated['isRequired'] ) ? 'true' : null;
		$common     = array(
			'id'    => $id,
			'name'  => $name,
			'class' => 'kestrel-form__control',
		);
		$max_length = isset( $repeated['maxLength'] ) && is_numeric( $repeated['maxLength'] ) ? (string) $repeated['maxLength'] : null;
		if ( 'select' === $type ) {
			$options = array(
				Html::el(
					'option',
					array(
						'value'    => '',
						'selected' => '' === $cell,
					),
					Html::text( __( '— Select —', 'kestrel-forms' ) )
				),
			);
			foreach ( TextMarkup::choices_of( $repeated ) as $choice ) {
				$value     = (string) ( $choice['value'] ?? '' );
				$options[] = Html::el(
					'option',
					array(
						'value'    => $value,
						'selected' => $value === $cell,
					),
					Html::text( (string) ( $choice['text'] ?? '' ) )
				);
			}
			$control = Html::el( 'select', $common + array( 'aria-required' => $required ), $options );
		} elseif ( 'textarea' === $type ) {
			$control = Html::el(
				'textarea',
				$common + array(
					'rows'          => '3',
					'placeholder'   => TextMarkup::string_of( $repeated, 'placeholder' ),
					'maxlength'     => $max_length,
					'aria-required' => $required,
				),
				// A leading newline is doubled, as in TextMarkup (HTML drops the first one).
				( str_starts_with( $cell, "\n" ) ? "\n" : '' ) . Html::text( $cell )
			);
		} else {
			$control = Html::el(
				'input',
				$common + array(
					'type'          => 'email' === $type ? 'email' : 'text',
					'inputmode'     => 'number' === $type ? 'decimal' : null,
					'value'         => $cell,
					'placeholder'   => TextMarkup::string_of( $repeated, 'placeholder' ),
					'maxlength'     => $max_length,
					'aria-required' => $required,
				)
			);
		}
		$marker = ! empty( $repeated['isRequired'] )
			? Html::el(
				'span',
				array(
					'class'       => 'kestrel-form__required',
					'aria-hidden' => 'true',
				),
				' *'
			)
			: '';
		return Html::el(
			'div',
			array( 'class' => 'kestrel-form__repeated' ),
			Html::el(
				'label',
				array(
					'class' => 'kestrel-form__sublabel',
					'for'   => $id,
				),
				Html::text( (string) ( $repeated['label'] ?? '' ) ) . $marker
			) . $control
		);
	}

	/**
	 * A row's add and remove buttons.
	 *
	 * @param int    $r        Row index.
	 * @param int    $count    How many rows there are.
	 * @param bool   $at_limit Whether the field holds its most rows.
	 * @param string $limit_id The limit note's id.
	 */
	private static function actions( int $r, int $count, bool $at_limit, string $limit_id ): string {
		return Html::el(
			'span',
			array( 'class' => 'kestrel-form__row-actions' ),
			Html::el(
				'button',
				array(
					'type'             => 'button',
					'class'            => 'kestrel-form__row-add',
					'disabled'         => $at_limit,
					'aria-describedby' => $at_limit ? $limit_id : null,
					/* translators: %d: row number. */
					'aria-label'       => sprintf( __( 'Add a row after row %d', 'kestrel-forms' ), $r + 1 ),
				),
				Html::el( 'span', array( 'aria-hidden' => 'true' ), '+' )
			)
			. Html::el(
				'button',
				array(
					'type'       => 'button',
					'class'      => 'kestrel-form__row-remove',
					'hidden'     => $count <= 1,
					/* translators: %d: row number. */
					'aria-label' => sprintf( __( 'Remove row %d', 'kestrel-forms' ), $r + 1 ),
				),
				Html::el( 'span', array( 'aria-hidden' => 'true' ), '−' )
			)
		);
	}
}
