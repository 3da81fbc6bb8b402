<?php
/**
 * Quantity fields.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\FieldTypes;

use Kestrel\Forms\Domain\Pricing\Quantity;
use Kestrel\Forms\Domain\Validation\FieldError;

/**
 * One text value: a whole number from 0 to the form's largest quantity; without a defaultValue
 * it starts at 1, as a product's own quantity input does (issue 14). The twin of quantity.ts.
 */
final class QuantityType extends TextType {

	/**
	 * The defaultValue, else 1.
	 *
	 * @param array<string, mixed> $field Quantity field.
	 */
	public function default_value( array $field ): string {
		return (string) ( $field['defaultValue'] ?? '1' );
	}

	/**
	 * The quantity, or its error.
	 *
	 * @param array<string, mixed> $field   Quantity field.
	 * @param string               $text    Trimmed text.
	 * @param ValidationContext    $context The form's money bounds.
	 */
	protected function read( array $field, string $text, ValidationContext $context ): string|FieldError {
		$max      = $context->limits->max_quantity;
		$quantity = Quantity::read( $text, (string) ( $field['numberFormat'] ?? 'decimal_dot' ), $max );
		if ( is_string( $quantity ) ) {
			return FieldError::for_field( $field, $quantity, FieldError::RANGE === $quantity ? Quantity::range( $max ) : array() );
		}
		return (string) $quantity;
	}
}
