<?php
/**
 * Products, options and shipping: their server markup.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Frontend\Markup\Fields;

use Kestrel\Forms\Domain\Money\Numbers;
use Kestrel\Forms\Frontend\Markup\FieldContext;
use Kestrel\Forms\Frontend\Markup\FieldMarkup;
use Kestrel\Forms\Frontend\Markup\FieldParts;
use Kestrel\Forms\Frontend\Markup\Html;
use Kestrel\Forms\Frontend\Markup\Ids;

/**
 * The twin of forms-ui/fields/product/PricingField.tsx and components/pricing-parts.tsx:
 * choices with prices (the choice group or the drop-down of the one-input control, each choice's
 * label with its price), a typed price, a fixed or calculated price shown as text, and a
 * product's own quantity input. Prices are written by Numbers::format_money(), the twin of the
 * browser's formatMoney().
 */
final class PricingMarkup implements FieldMarkup {

	/** Types whose choices show their price. */
	private const PRICED_CHOICES = array( 'product', 'option', 'shipping' );

	/**
	 * The field's markup.
	 *
	 * @param FieldContext $ctx The field and what the form knows about it.
	 */
	public function render( FieldContext $ctx ): string {
		$field = $ctx->field;
		$kind  = is_string( $field['inputType'] ?? null ) ? $field['inputType'] : '';
		if ( 'hiddenproduct' === $kind ) {
			return '';
		}
		$code        = $ctx->currency_code();
		$choice_text = static fn( array $choice ): string => self::choice_text( $field, $choice, $code );
		if ( 'radio' === $kind || 'checkbox' === $kind ) {
			$main = ChoiceMarkup::group( $ctx, $choice_text );
		} elseif ( 'select' === $kind || 'price' === $kind ) {
			$main = TextMarkup::single_input( $ctx, array(), $choice_text );
		} else {
			// A fixed or calculated price: shown, not typed.
			$amount = 'calculation' === $kind ? self::number_or_zero( $ctx->calculated ) : self::number_or_zero( $field['basePrice'] ?? null );
			$main   = FieldParts::shell(
				$ctx,
				Html::el(
					'p',
					array(
						'class' => 'kestrel-form__label',
						'id'    => Ids::label( $ctx->form_id, $ctx->field_id() ),
					),
					FieldParts::label_text( $field )
				)
				. FieldParts::description( $ctx )
				. Html::el(
					'p',
					array(
						'class' => 'kestrel-form__price',
						'id'    => Ids::input( $ctx->form_id, $ctx->field_id() ),
					),
					Html::text( Numbers::format_money( $amount, $code ) )
				)
			);
		}
		if ( 'product' !== ( $field['type'] ?? null ) || null === $ctx->quantity ) {
			return $main;
		}
		return FieldParts::reveal_div(
			$ctx->concealed,
			array( 'class' => 'kestrel-form__product' ),
			$main . self::quantity_input( $ctx, $ctx->quantity )
		);
	}

	/**
	 * A choice's label, with its price for pricing fields: "Large ($7.50)" for products and
	 * shipping, "Logo (+$2.35)" for options (TSX `choiceText`).
	 *
	 * @param array<string, mixed> $field  Field.
	 * @param array<string, mixed> $choice Choice.
	 * @param string|null          $code   Currency code.
	 */
	public static function choice_text( array $field, array $choice, ?string $code ): string {
		$text  = (string) ( $choice['text'] ?? '' );
		$price = $choice['price'] ?? null;
		if ( ! in_array( $field['type'] ?? null, self::PRICED_CHOICES, true ) || ! ( is_string( $price ) || is_int( $price ) || is_float( $price ) ) ) {
			return $text;
		}
		$money = Numbers::format_money( $price, $code );
		$shown = 'option' === $field['type'] && ! str_starts_with( $money, '-' ) ? '+' . $money : $money;
		/* translators: 1: choice label, 2: its price. */
		return sprintf( __( '%1$s (%2$s)', 'kestrel-forms' ), $text, $shown );
	}

	/**
	 * The id of a product's own quantity input: input 3 for single, calculated and user-defined
	 * products, a separate id for choice products (TSX `quantityInputId`).
	 *
	 * @param int                  $form_id Form id.
	 * @param array<string, mixed> $field   Product field.
	 */
	public static function quantity_input_id( int $form_id, array $field ): string {
		$field_id = (int) ( $field['id'] ?? 0 );
		return in_array( $field['inputType'] ?? null, array( 'select', 'radio' ), true )
			? Ids::input( $form_id, $field_id ) . '_quantity'
			: Ids::input( $form_id, $field_id, 3 );
	}

	/**
	 * A product's own quantity input (TSX `QuantityInput`).
	 *
	 * @param FieldContext $ctx   The product.
	 * @param string       $value The quantity's text.
	 */
	private static function quantity_input( FieldContext $ctx, string $value ): string {
		$id        = self::quantity_input_id( $ctx->form_id, $ctx->field );
		$has_error = '' !== (string) $ctx->error_message();
		return Html::el(
			'div',
			array( 'class' => 'kestrel-form__quantity' ),
			Html::el( 'label', array( 'for' => $id ), Html::text( __( 'Quantity', 'kestrel-forms' ) ) )
			. Html::el(
				'input',
				array(
					'id'               => $id,
					'name'             => 'input_' . $ctx->field_id() . '.3',
					'type'             => 'text',
					'inputmode'        => 'numeric',
					'class'            => 'kestrel-form__control is-small',
					'aria-invalid'     => $has_error ? 'true' : null,
					'aria-describedby' => $has_error ? Ids::validation( $ctx->form_id, $ctx->field_id() ) : null,
					'value'            => $value,
					'disabled'         => $ctx->concealed,
					'tabindex'         => $ctx->concealed ? '-1' : null,
				)
			)
		);
	}

	/**
	 * A price as format_money() reads it: a number or a numeric text, else 0 (TSX `?? 0`).
	 *
	 * @param mixed $value The price.
	 */
	private static function number_or_zero( mixed $value ): float|int|string {
		return is_int( $value ) || is_float( $value ) || ( is_string( $value ) && '' !== $value ) ? $value : '0';
	}
}
