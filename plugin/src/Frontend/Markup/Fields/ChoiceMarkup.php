<?php
/**
 * Radio and checkbox groups' server markup.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Frontend\Markup\Fields;

use Kestrel\Forms\Domain\FieldTypes\TextType;
use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Frontend\Markup\FieldContext;
use Kestrel\Forms\Frontend\Markup\FieldMarkup;
use Kestrel\Forms\Frontend\Markup\FieldParts;
use Kestrel\Forms\Frontend\Markup\Html;
use Kestrel\Forms\Frontend\Markup\Ids;

/**
 * The twin of forms-ui/fields/choice/ChoiceGroup.tsx: a fieldset whose legend is the label, a
 * radio or checkbox per choice (a checkbox posts as `input_{fieldId}.{n}`, a radio as
 * `input_{fieldId}`), a radio group's "other" choice and a checkbox group's "Select all".
 */
final class ChoiceMarkup implements FieldMarkup {

	/**
	 * The field's markup.
	 *
	 * @param FieldContext $ctx The field and what the form knows about it.
	 */
	public function render( FieldContext $ctx ): string {
		return self::group( $ctx );
	}

	/**
	 * The group (TSX `ChoiceGroup`).
	 *
	 * @param FieldContext                                  $ctx         The field.
	 * @param (callable(array<string, mixed>): string)|null $choice_text A choice's text, plain (TSX `choiceText`:
	 *                                                                   a priced field adds its price); null: the
	 *                                                                   choice's `text`.
	 */
	public static function group( FieldContext $ctx, ?callable $choice_text = null ): string {
		$field       = $ctx->field;
		$is_checkbox = 'checkbox' === ( $field['type'] ?? null ) || 'checkbox' === ( $field['inputType'] ?? null );
		$value       = FieldValues::value( $ctx );
		$checked     = is_array( $value )
			? array_map( 'strval', array_filter( $value, 'is_scalar' ) )
			: array( is_scalar( $value ) ? (string) $value : '' );
		$has_error   = '' !== (string) $ctx->error_message();
		$error_id    = $has_error ? Ids::validation( $ctx->form_id, $ctx->field_id() ) : null;
		$choices     = TextMarkup::choices_of( $field );
		$values      = array_map( static fn( array $choice ): string => (string) ( $choice['value'] ?? '' ), $choices );
		// A checkbox posts as its input id (an imported field's choice ten is "N.11"), as the
		// server reads it back.
		$input_ids = Form::choice_input_ids( $field );

		$inner = FieldParts::label( $ctx, 'legend' ) . FieldParts::description( $ctx );
		if ( $is_checkbox && ! empty( $field['enableSelectAll'] ) ) {
			$inner .= self::select_all( $ctx, $values, $checked );
		}
		$items = array();
		foreach ( $choices as $index => $choice ) {
			$choice_id = Ids::input( $ctx->form_id, $ctx->field_id(), $index + 1 );
			$items[]   = Html::el(
				'li',
				array( 'class' => 'kestrel-form__choice' ),
				Html::el(
					'input',
					array(
						'type'             => $is_checkbox ? 'checkbox' : 'radio',
						'id'               => $choice_id,
						'name'             => 'input_' . ( $is_checkbox ? ( $input_ids[ $index ] ?? $ctx->field_id() . '.' . ( $index + 1 ) ) : $ctx->field_id() ),
						'value'            => $values[ $index ],
						'checked'          => in_array( $values[ $index ], $checked, true ),
						'tabindex'         => $ctx->concealed ? '-1' : null,
						'aria-invalid'     => $is_checkbox && $has_error ? 'true' : null,
						'aria-describedby' => $error_id,
					)
				) . Html::el(
					'label',
					array( 'for' => $choice_id ),
					Html::text( null !== $choice_text ? $choice_text( $choice ) : (string) ( $choice['text'] ?? '' ) )
				)
			);
		}
		if ( ! $is_checkbox && ! empty( $field['enableOtherChoice'] ) ) {
			$items[] = self::other_choice( $ctx, $values, $error_id );
		}
		$inner .= Html::el( 'ul', array( 'class' => 'kestrel-form__choices' ), $items );

		return FieldParts::shell(
			$ctx,
			Html::el(
				'fieldset',
				array(
					'disabled'         => $ctx->concealed,
					'class'            => 'kestrel-form__fieldset',
					'aria-describedby' => FieldParts::field_described_by( $ctx ),
					'role'             => $is_checkbox ? null : 'radiogroup',
					'aria-invalid'     => ! $is_checkbox && $has_error ? 'true' : null,
					'aria-required'    => ! $is_checkbox && ! empty( $field['isRequired'] ) ? 'true' : null,
				),
				$inner
			)
		);
	}

	/**
	 * A radio group's "other" choice: a radio and its text box (TSX `OtherChoice`). The text box
	 * posts as `input_{fieldId}_other`; it is enabled on the first render, so a visitor without
	 * JavaScript can type in it (scripts disable it while the radio is not selected).
	 *
	 * @param FieldContext $ctx      The field.
	 * @param list<string> $values   The choices' values.
	 * @param string|null  $error_id The message's id, when one shows.
	 */
	private static function other_choice( FieldContext $ctx, array $values, ?string $error_id ): string {
		$value    = FieldValues::value( $ctx );
		$text     = is_string( $value ) ? $value : '';
		$selected = '' !== $text && ! in_array( $text, $values, true );
		$typed    = $selected && TextType::OTHER_CHOICE !== $text ? $text : '';
		$radio_id = Ids::input( $ctx->form_id, $ctx->field_id(), count( $values ) + 1 );
		return Html::el(
			'li',
			array( 'class' => 'kestrel-form__choice kestrel-form__choice--other' ),
			Html::el(
				'input',
				array(
					'type'             => 'radio',
					'id'               => $radio_id,
					'name'             => 'input_' . $ctx->field_id(),
					'value'            => TextType::OTHER_CHOICE,
					'checked'          => $selected,
					'tabindex'         => $ctx->concealed ? '-1' : null,
					'aria-describedby' => $error_id,
				)
			)
			. Html::el( 'label', array( 'for' => $radio_id ), Html::text( __( 'Other', 'kestrel-forms' ) ) )
			. Html::el(
				'input',
				array(
					'type'       => 'text',
					'id'         => Ids::input( $ctx->form_id, $ctx->field_id() ) . '_other',
					'name'       => 'input_' . $ctx->field_id() . '_other',
					'class'      => 'kestrel-form__control is-medium',
					'aria-label' => __( 'Other, please specify', 'kestrel-forms' ),
					'value'      => $typed,
					'disabled'   => $ctx->concealed,
					'tabindex'   => $ctx->concealed ? '-1' : null,
				)
			)
		);
	}

	/**
	 * "Select all": checked when every choice is, mixed when some are (TSX `SelectAll`).
	 *
	 * @param FieldContext $ctx     The field.
	 * @param list<string> $values  Every choice value, in order.
	 * @param list<string> $checked Checked values.
	 */
	private static function select_all( FieldContext $ctx, array $values, array $checked ): string {
		$count = count( array_filter( $values, static fn( string $v ): bool => in_array( $v, $checked, true ) ) );
		$all   = $count > 0 && count( $values ) === $count;
		$id    = Ids::input( $ctx->form_id, $ctx->field_id() ) . '_select_all';
		if ( $count > 0 && ! $all ) {
			$aria_checked = 'mixed';
		} else {
			$aria_checked = $all ? 'true' : 'false';
		}
		return Html::el(
			'div',
			array( 'class' => 'kestrel-form__choice kestrel-form__select-all' ),
			Html::el(
				'input',
				array(
					'type'         => 'checkbox',
					'id'           => $id,
					'checked'      => $all,
					'aria-checked' => $aria_checked,
					'tabindex'     => $ctx->concealed ? '-1' : null,
				)
			) . Html::el( 'label', array( 'for' => $id ), Html::text( __( 'Select all', 'kestrel-forms' ) ) )
		);
	}
}
