<?php
/**
 * The one-input fields' server markup.
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
 * The twin of forms-ui/fields/text/TextControl.tsx (`TextControl` and `SingleInput`): text,
 * paragraph text, email, number, drop-down and quantity fields, and the one input of a simple
 * name, a phone and a website (their markups pass the type's input options).
 */
final class TextMarkup implements FieldMarkup {

	/**
	 * The field's markup.
	 *
	 * @param FieldContext $ctx The field and what the form knows about it.
	 */
	public function render( FieldContext $ctx ): string {
		return self::single_input( $ctx );
	}

	/**
	 * The one-input control with what a type asks of its input (TSX `SingleInput`).
	 *
	 * @param FieldContext                                  $ctx         The field.
	 * @param array<string, string>                         $input       The type's input options (TSX
	 *                                                                   `InputOptions`): `type`,
	 *                                                                   `autocomplete`, `placeholder`,
	 *                                                                   `described_by`.
	 * @param (callable(array<string, mixed>): string)|null $choice_text A drop-down choice's text, plain
	 *                                                                   (TSX `choiceText`: a priced field
	 *                                                                   adds its price); null: its `text`.
	 */
	public static function single_input( FieldContext $ctx, array $input = array(), ?callable $choice_text = null ): string {
		$field      = $ctx->field;
		$type       = (string) ( $field['type'] ?? '' );
		$calculated = 'number' === $type && ! empty( $field['enableCalculation'] );
		$input_id   = Ids::input( $ctx->form_id, $ctx->field_id() );
		$error      = (string) $ctx->error_message();
		$value      = FieldValues::value( $ctx );
		$text       = is_string( $value ) ? $value : '';
		$common     = array(
			'id'               => $input_id,
			'name'             => 'input_' . $ctx->field_id(),
			'aria-describedby' => FieldParts::described_by( FieldParts::field_described_by( $ctx ), $input['described_by'] ?? null ),
			'aria-invalid'     => '' !== $error ? 'true' : null,
			'aria-required'    => ! empty( $field['isRequired'] ) && ! $calculated ? 'true' : null,
			'disabled'         => $ctx->concealed,
			'tabindex'         => $ctx->concealed ? '-1' : null,
			'readonly'         => $calculated,
			'class'            => self::control_class( $field ),
		);
		$max_length = isset( $field['maxLength'] ) && is_numeric( $field['maxLength'] ) ? (string) $field['maxLength'] : null;
		if ( 'textarea' === $type ) {
			$control = Html::el(
				'textarea',
				$common + array(
					'rows'        => '6',
					'placeholder' => self::string_of( $field, 'placeholder' ),
					'maxlength'   => $max_length,
				),
				// HTML drops a newline right after <textarea>: one that starts the value is doubled
				// (as React's server renderer does), so it survives.
				( str_starts_with( $text, "\n" ) ? "\n" : '' ) . Html::text( $text )
			);
		} elseif ( 'select' === $type || 'select' === ( $field['inputType'] ?? null ) ) {
			$placeholder = self::string_of( $field, 'placeholder' );
			$options     = array(
				Html::el(
					'option',
					array(
						'value'    => '',
						'selected' => '' === $text,
					),
					Html::text( null !== $placeholder && '' !== $placeholder ? $placeholder : __( 'Select an option', 'kestrel-forms' ) )
				),
			);
			foreach ( self::choices_of( $field ) as $choice ) {
				$choice_value = (string) ( $choice['value'] ?? '' );
				$options[]    = Html::el(
					'option',
					array(
						'value'    => $choice_value,
						'selected' => $choice_value === $text,
					),
					Html::text( null !== $choice_text ? $choice_text( $choice ) : (string) ( $choice['text'] ?? '' ) )
				);
			}
			$control = Html::el( 'select', $common, $options );
		} else {
			$own_placeholder = self::string_of( $field, 'placeholder' );
			$default_type    = 'email' === $type ? 'email' : 'text';
			$control         = Html::el(
				'input',
				$common + array(
					'type'         => $input['type'] ?? $default_type,
					'inputmode'    => in_array( $type, array( 'number', 'quantity', 'product' ), true ) ? 'decimal' : null,
					'autocomplete' => $input['autocomplete'] ?? ( 'email' === $type ? 'email' : null ),
					'value'        => $text,
					'placeholder'  => null !== $own_placeholder && '' !== $own_placeholder ? $own_placeholder : ( $input['placeholder'] ?? null ),
					'maxlength'    => 'number' === $type ? null : $max_length,
				)
			);
		}
		return FieldParts::shell(
			$ctx,
			FieldParts::label( $ctx, 'label', $input_id )
				. FieldParts::description( $ctx )
				. $control
		);
	}

	/**
	 * An input's classes: the control's, and its width from the field's `size`.
	 *
	 * @param array<string, mixed> $field Field.
	 */
	public static function control_class( array $field ): string {
		$size = self::string_of( $field, 'size' );
		return Html::cx( 'kestrel-form__control', null !== $size && '' !== $size ? 'is-' . $size : null );
	}

	/**
	 * A definition key's text, or null when the key is absent or not text.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param string               $key   Key.
	 */
	public static function string_of( array $field, string $key ): ?string {
		return isset( $field[ $key ] ) && is_string( $field[ $key ] ) ? $field[ $key ] : null;
	}

	/**
	 * A field's choices (its `choices`, each an array).
	 *
	 * @param array<string, mixed> $field Field.
	 * @return list<array<string, mixed>>
	 */
	public static function choices_of( array $field ): array {
		$choices = $field['choices'] ?? array();
		return is_array( $choices ) ? array_values( array_filter( $choices, 'is_array' ) ) : array();
	}
}
