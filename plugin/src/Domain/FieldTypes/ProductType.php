<?php
/**
 * Product fields.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\FieldTypes;

use Kestrel\Forms\Domain\Money\Currencies;
use Kestrel\Forms\Domain\Money\Decimal;
use Kestrel\Forms\Domain\Money\Limits;
use Kestrel\Forms\Domain\Money\Numbers;
use Kestrel\Forms\Domain\Pricing\Quantity;
use Kestrel\Forms\Domain\Validation\FieldError;

/**
 * A choice (drop-down, radio) or a typed price in the form's currency within the money bounds;
 * single, hidden and calculated products have no input. Its own quantity input ("N.3", when no
 * quantity field carries it and quantity is not disabled) is a whole number from 0 to the
 * largest quantity. A required product must make it onto the server's order
 * (PriceCalculator, which prices it). The twin of product.ts.
 */
final class ProductType extends PricedType implements EnteredInputs {

	/**
	 * Whether the visitor chooses or types the product (not single, hidden or calculated).
	 *
	 * @param array<string, mixed> $field Product field.
	 */
	public static function has_input( array $field ): bool {
		return in_array( $field['inputType'] ?? '', array( 'select', 'radio', 'price' ), true );
	}

	/**
	 * The quantity typed in the product's own input, for rules and pricing.
	 *
	 * @param array<string, mixed> $field Product field.
	 * @param array<mixed, mixed>  $raw   All submitted values.
	 * @return array<string, string>
	 */
	public function entered_inputs( array $field, array $raw ): array {
		$key = $field['id'] . '.3';
		return isset( $raw[ $key ] ) && is_scalar( $raw[ $key ] ) ? array( $key => (string) $raw[ $key ] ) : array();
	}

	/**
	 * The quantity and the choice or price, by key; "required" when a required product is not on
	 * the server's order.
	 *
	 * @param array<string, mixed> $field   Product field.
	 * @param array<mixed, mixed>  $raw     All submitted values.
	 * @param ValidationContext    $context The form, its money bounds and the server's pricing.
	 * @return array<string, string>|FieldError
	 */
	public function validate( array $field, array $raw, ValidationContext $context ): array|FieldError {
		$quantity = $this->own_quantity( $field, $raw, $context );
		if ( $quantity instanceof FieldError ) {
			return $quantity;
		}
		$required = ! empty( $field['isRequired'] );
		if ( ! self::has_input( $field ) ) {
			// Single, hidden and calculated products: nothing typed, but a required one must count.
			return $required && ! self::priced( $context, $field ) ? FieldError::for_field( $field, FieldError::REQUIRED ) : $quantity;
		}
		$chosen = parent::validate( $field, $raw, $context );
		if ( $chosen instanceof FieldError ) {
			return $chosen;
		}
		if ( array() !== $chosen && $required && ! self::priced( $context, $field ) ) {
			return FieldError::for_field( $field, FieldError::REQUIRED );
		}
		return $quantity + $chosen;
	}

	/**
	 * A typed price (in the form's currency, within the bounds), else one of the choices.
	 *
	 * @param array<string, mixed> $field   Product field.
	 * @param string               $text    Trimmed text.
	 * @param ValidationContext    $context The form's currency and money bounds.
	 */
	protected function read( array $field, string $text, ValidationContext $context ): string|FieldError {
		if ( 'price' !== ( $field['inputType'] ?? '' ) ) {
			return parent::read( $field, $text, $context );
		}
		$amount = Numbers::to_decimal( $text, 'currency', $context->currency );
		if ( null === $amount ) {
			return FieldError::for_field( $field, FieldError::NUMBER );
		}
		$range = self::amount_range( $amount, $context->currency, $context->limits );
		return null === $range ? $amount : FieldError::for_field( $field, FieldError::AMOUNT_RANGE, $range );
	}

	/**
	 * The product's own quantity input ("N.3"), when it has one: a number of 0 or more.
	 *
	 * @param array<string, mixed> $product Product field.
	 * @param array<mixed, mixed>  $raw     All submitted values.
	 * @param ValidationContext    $context The form and its money bounds.
	 * @return array<string, string>|FieldError
	 */
	private function own_quantity( array $product, array $raw, ValidationContext $context ): array|FieldError {
		if ( ! empty( $product['disableQuantity'] ) || 'hiddenproduct' === ( $product['inputType'] ?? '' ) ) {
			return array();
		}
		foreach ( $context->form?->fields() ?? array() as $field ) {
			if ( 'quantity' === $field['type'] && (int) ( $field['productField'] ?? 0 ) === (int) $product['id'] ) {
				return array(); // A quantity field carries it.
			}
		}
		$key  = $product['id'] . '.3';
		$text = Wire::text( $raw[ $key ] ?? null, false );
		if ( null === $text ) {
			return FieldError::for_field( $product, FieldError::INVALID );
		}
		if ( '' === $text ) {
			return array();
		}
		$max      = $context->limits->max_quantity;
		$quantity = Quantity::read( $text, 'decimal_dot', $max );
		if ( is_string( $quantity ) ) {
			return FieldError::for_field( $product, $quantity, FieldError::RANGE === $quantity ? Quantity::range( $max ) : array() );
		}
		return array( $key => (string) $quantity );
	}

	/**
	 * Whether the product made it onto the server's order.
	 *
	 * @param ValidationContext    $context The server's pricing.
	 * @param array<string, mixed> $field   Product field.
	 */
	private static function priced( ValidationContext $context, array $field ): bool {
		foreach ( $context->pricing['products'] ?? array() as $line ) {
			if ( (int) $line['fieldId'] === (int) $field['id'] ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The bounds of a typed price (0 to the largest amount, as money text) when it is outside
	 * them, else null; the twin of amountRange() in product.ts.
	 *
	 * @param string $amount   Canonical decimal.
	 * @param string $currency Currency code.
	 * @param Limits $limits   Money bounds.
	 * @return array{min: string, max: string}|null
	 */
	private static function amount_range( string $amount, string $currency, Limits $limits ): ?array {
		$decimals = (int) Currencies::get( $currency )['decimals'];
		$max      = $limits->max_minor( $decimals );
		$minor    = Decimal::to_minor_units_within( $amount, $decimals, $max );
		if ( null !== $minor && $minor >= 0 ) {
			return null;
		}
		return array(
			'min' => Numbers::format_money( '0', $currency ),
			'max' => Numbers::format_money( Decimal::from_minor_units( $max, $decimals ), $currency ),
		);
	}
}
