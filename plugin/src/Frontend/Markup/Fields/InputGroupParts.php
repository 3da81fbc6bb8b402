<?php
/**
 * The group of inputs of a name or time field, in PHP.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Frontend\Markup\Fields;

use Kestrel\Forms\Frontend\Markup\FieldContext;
use Kestrel\Forms\Frontend\Markup\FieldParts;
use Kestrel\Forms\Frontend\Markup\Html;
use Kestrel\Forms\Frontend\Markup\Ids;

/**
 * The twin of forms-ui/fields/group/InputGroup.tsx: a fieldset whose legend is the field label,
 * each input with its own label, its autocomplete token, aria-required when it must be filled and
 * aria-invalid only when the field's message names it. Input "N.n" is
 * `input_{formId}_{fieldId}_{n}`, posted as `input_{fieldId}.{n}`; its value is the wire value
 * "N.n".
 *
 * A part (TSX `GroupPart`) is an array: `n` (the input's number), `label`, and optionally
 * `autocomplete`, `required`, `options` (a drop-down's list of `value`/`label`), `empty` (a
 * drop-down's empty first option's text), `type`, `inputmode`, `min`, `max`, `maxlength`,
 * `placeholder`, `class`.
 */
final class InputGroupParts {

	/**
	 * The definition's input "N.n" (its custom label, hidden flag, choices…), if it has one (TSX
	 * `inputOf`).
	 *
	 * @param array<string, mixed> $field Field.
	 * @param int                  $n     The input's number.
	 * @return array<string, mixed>|null
	 */
	public static function input_of( array $field, int $n ): ?array {
		$wanted = ( (string) ( $field['id'] ?? '' ) ) . '.' . $n;
		$inputs = $field['inputs'] ?? array();
		foreach ( is_array( $inputs ) ? $inputs : array() as $input ) {
			if ( is_array( $input ) && ( $input['id'] ?? null ) === $wanted ) {
				return $input;
			}
		}
		return null;
	}

	/**
	 * An input's label: the owner's custom label, else the type's default (TSX `partLabel`).
	 *
	 * @param array<string, mixed> $field    Field.
	 * @param int                  $n        The input's number.
	 * @param string               $fallback The default label.
	 */
	public static function part_label( array $field, int $n, string $fallback ): string {
		$custom = self::input_of( $field, $n )['customLabel'] ?? null;
		$custom = is_string( $custom ) ? trim( $custom ) : '';
		return '' !== $custom ? $custom : $fallback;
	}

	/**
	 * Whether the field's message is about input `n` (a message naming no input is about them
	 * all; TSX `isInvalid`).
	 *
	 * @param FieldContext $ctx The field.
	 * @param int|null     $n   The input's number (null: the whole field).
	 */
	public static function is_invalid( FieldContext $ctx, ?int $n = null ): bool {
		if ( '' === (string) $ctx->error_message() ) {
			return false;
		}
		$inputs = $ctx->error_inputs();
		if ( ! $inputs || null === $n ) {
			return true;
		}
		return in_array( $ctx->field_id() . '.' . $n, $inputs, true );
	}

	/**
	 * The group (TSX `InputGroup`).
	 *
	 * @param FieldContext               $ctx   The field.
	 * @param list<array<string, mixed>> $parts The shown inputs, in the order they are shown.
	 */
	public static function render( FieldContext $ctx, array $parts ): string {
		$field    = $ctx->field;
		$error_id = '' !== (string) $ctx->error_message() ? Ids::validation( $ctx->form_id, $ctx->field_id() ) : null;
		$inputs   = array();
		foreach ( $parts as $part ) {
			$n      = (int) $part['n'];
			$id     = Ids::input( $ctx->form_id, $ctx->field_id(), $n );
			$value  = FieldValues::value( $ctx, (string) $n );
			$common = array(
				'id'               => $id,
				'name'             => 'input_' . $ctx->field_id() . '.' . $n,
				'class'            => 'kestrel-form__control',
				'autocomplete'     => $part['autocomplete'] ?? null,
				'aria-required'    => ! empty( $part['required'] ) ? 'true' : null,
				'aria-invalid'     => self::is_invalid( $ctx, $n ) ? 'true' : null,
				'aria-describedby' => $error_id,
				'tabindex'         => $ctx->concealed ? '-1' : null,
			);
			$text   = is_string( $value ) ? $value : '';
			if ( isset( $part['options'] ) ) {
				$options = array();
				if ( isset( $part['empty'] ) ) {
					$options[] = Html::el(
						'option',
						array(
							'value'    => '',
							'selected' => '' === $text,
						),
						Html::text( (string) $part['empty'] )
					);
				}
				foreach ( $part['options'] as $option ) {
					$options[] = Html::el(
						'option',
						array(
							'value'    => $option['value'],
							'selected' => $option['value'] === $text,
						),
						Html::text( $option['label'] )
					);
				}
				$control = Html::el( 'select', $common, $options );
			} else {
				$control = Html::el(
					'input',
					$common + array(
						'value'       => $text,
						'type'        => $part['type'] ?? 'text',
						'inputmode'   => $part['inputmode'] ?? null,
						'min'         => $part['min'] ?? null,
						'max'         => $part['max'] ?? null,
						'maxlength'   => $part['maxlength'] ?? null,
						'placeholder' => $part['placeholder'] ?? null,
					)
				);
			}
			$inputs[] = Html::el(
				'span',
				array( 'class' => Html::cx( 'kestrel-form__input', $part['class'] ?? null ) ),
				Html::el(
					'label',
					array(
						'class' => 'kestrel-form__sublabel',
						'for'   => $id,
					),
					Html::text( (string) $part['label'] )
				) . $control
			);
		}
		$fieldset = Html::el(
			'fieldset',
			array(
				'disabled'         => $ctx->concealed,
				'class'            => 'kestrel-form__fieldset',
				'aria-describedby' => FieldParts::described_by(
					! empty( $field['description'] ) ? Ids::description( $ctx->form_id, $ctx->field_id() ) : null
				),
			),
			FieldParts::label( $ctx, 'legend' )
				. FieldParts::description( $ctx )
				. Html::el( 'div', array( 'class' => 'kestrel-form__inputs' ), $inputs )
		);
		return FieldParts::shell( $ctx, $fieldset );
	}
}
