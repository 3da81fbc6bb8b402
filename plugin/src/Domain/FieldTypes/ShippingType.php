<?php
/**
 * Shipping fields.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\FieldTypes;

use Kestrel\Forms\Domain\Validation\FieldError;

/**
 * A choice of a drop-down or radio buttons; a single shipping has no input (its basePrice
 * counts) and stores nothing. PriceCalculator adds it when a product counts. The twin of
 * shipping.ts.
 */
final class ShippingType extends PricedType {

	/**
	 * The chosen shipping; nothing for a single shipping.
	 *
	 * @param array<string, mixed> $field   Shipping field.
	 * @param array<mixed, mixed>  $raw     All submitted values.
	 * @param ValidationContext    $context The form's context.
	 * @return array<string, string>|FieldError
	 */
	public function validate( array $field, array $raw, ValidationContext $context ): array|FieldError {
		if ( 'singleshipping' === ( $field['inputType'] ?? '' ) ) {
			return array(); // Its basePrice counts: nothing typed.
		}
		return parent::validate( $field, $raw, $context );
	}
}
