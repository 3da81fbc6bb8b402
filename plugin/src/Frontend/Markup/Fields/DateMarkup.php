<?php
/**
 * Date fields' server markup.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Frontend\Markup\Fields;

use Kestrel\Forms\Frontend\Markup\FieldContext;
use Kestrel\Forms\Frontend\Markup\FieldMarkup;
use Kestrel\Forms\Frontend\Markup\Html;
use Kestrel\Forms\Frontend\Markup\Ids;

/**
 * The twin of forms-ui/fields/basic/BasicDate.tsx: the date typed in one text box with its
 * format hint (the picker type; the date script adds the calendar button), or Month (N.1), Day
 * (N.2) and Year (N.3) as drop-downs or number inputs in the format's order.
 */
final class DateMarkup implements FieldMarkup {

	/** Years a drop-down offers around this year when the field sets no limit. */
	private const YEARS_BACK  = 100;
	private const YEARS_AHEAD = 20;

	/** Each format's order of parts and separator (forms-engine date.ts FORMATS). */
	private const FORMATS = array(
		'mdy'       => array( 'mdy', '/' ),
		'dmy'       => array( 'dmy', '/' ),
		'dmy_dash'  => array( 'dmy', '-' ),
		'dmy_dot'   => array( 'dmy', '.' ),
		'ymd_slash' => array( 'ymd', '/' ),
		'ymd_dash'  => array( 'ymd', '-' ),
		'ymd_dot'   => array( 'ymd', '.' ),
	);

	/**
	 * The field's markup.
	 *
	 * @param FieldContext $ctx The field and what the form knows about it.
	 */
	public function render( FieldContext $ctx ): string {
		$type = $ctx->field['dateType'] ?? null;
		return 'datedropdown' === $type || 'datefield' === $type ? self::parts( $ctx ) : self::text_box( $ctx );
	}

	/**
	 * The format's order and separator (mdy when absent or unknown).
	 *
	 * @param array<string, mixed> $field Date field.
	 * @return array{0: string, 1: string}
	 */
	private static function format_of( array $field ): array {
		$format = $field['dateFormat'] ?? 'mdy';
		return self::FORMATS[ is_string( $format ) ? $format : 'mdy' ] ?? self::FORMATS['mdy'];
	}

	/**
	 * The format as a hint: "MM/DD/YYYY" (date-format.ts `formatHint`).
	 *
	 * @param array<string, mixed> $field Date field.
	 */
	private static function hint( array $field ): string {
		list( $order, $sep ) = self::format_of( $field );
		$text                = array(
			'y' => 'YYYY',
			'm' => 'MM',
			'd' => 'DD',
		);
		return implode( $sep, array_map( static fn( string $letter ): string => $text[ $letter ], str_split( $order ) ) );
	}

	/**
	 * The text box with its format hint (TSX `DateText`): the one-input control, the hint after
	 * the input and named by its aria-describedby.
	 *
	 * @param FieldContext $ctx The field.
	 */
	private static function text_box( FieldContext $ctx ): string {
		$input_id = Ids::input( $ctx->form_id, $ctx->field_id() );
		$hint_id  = $input_id . '_format';
		$html     = TextMarkup::single_input( $ctx, array( 'described_by' => $hint_id ) );
		$hint     = Html::el(
			'span',
			array(
				'class' => 'kestrel-form__hint',
				'id'    => $hint_id,
			),
			/* translators: %s: the date's format, e.g. MM/DD/YYYY. */
			Html::text( sprintf( __( 'Format: %s', 'kestrel-forms' ), self::hint( $ctx->field ) ) )
		);
		// The hint follows the input (SingleInput's `after`): the input's tag is the one element
		// with the input's id, and its attribute values are escaped, so it ends at the first '>'.
		$start = strpos( $html, '<input id="' . $input_id . '"' );
		$end   = false === $start ? false : strpos( $html, '>', $start );
		return false === $end ? $html . $hint : substr_replace( $html, $hint, $end + 1, 0 );
	}

	/**
	 * Month, day and year as drop-downs or number inputs (TSX `DateParts`).
	 *
	 * @param FieldContext $ctx The field.
	 */
	private static function parts( FieldContext $ctx ): string {
		$field     = $ctx->field;
		$dropdowns = 'datedropdown' === ( $field['dateType'] ?? null );
		$year      = (int) current_time( 'Y' );
		$min_year  = self::year_of( $field['dateMin'] ?? null ) ?? $year - self::YEARS_BACK;
		$max_year  = self::year_of( $field['dateMax'] ?? null ) ?? $year + self::YEARS_AHEAD;
		$shapes    = array(
			'm' => array( 1, __( 'Month', 'kestrel-forms' ), 1, 12, 2 ),
			'd' => array( 2, __( 'Day', 'kestrel-forms' ), 1, 31, 2 ),
			'y' => array( 3, __( 'Year', 'kestrel-forms' ), $min_year, $max_year, 4 ),
		);
		$parts     = array();
		foreach ( str_split( self::format_of( $field )[0] ) as $key ) {
			list( $n, $label, $min, $max, $width ) = $shapes[ $key ];
			$part                                  = array(
				'n'        => $n,
				'label'    => InputGroupParts::part_label( $field, $n, $label ),
				'required' => ! empty( $field['isRequired'] ),
				'class'    => 'y' === $key ? 'is-year' : 'is-short',
			);
			if ( $dropdowns ) {
				$options = array();
				for ( $i = $min; $i <= $max; $i++ ) {
					$text      = str_pad( (string) $i, $width, '0', STR_PAD_LEFT );
					$options[] = array(
						'value' => $text,
						'label' => $text,
					);
				}
				$part['options'] = 'y' === $key ? array_reverse( $options ) : $options;
				$part['empty']   = '';
			} else {
				$part += array(
					'type' => 'number',
					'min'  => $min,
					'max'  => $max,
				);
			}
			$parts[] = $part;
		}
		return InputGroupParts::render( $ctx, $parts );
	}

	/**
	 * The year of a `Y-m-d` limit when it is a real date, else null (forms-engine `parseIso`).
	 *
	 * @param mixed $ymd The limit.
	 */
	private static function year_of( mixed $ymd ): ?int {
		if ( ! is_string( $ymd ) || ! preg_match( '/^(\d{4})-(\d{2})-(\d{2})$/', $ymd, $m ) ) {
			return null;
		}
		$year = (int) $m[1];
		return $year >= 1 && checkdate( (int) $m[2], (int) $m[3], $year ) ? $year : null;
	}
}
