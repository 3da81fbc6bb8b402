<?php
/**
 * Payment fields.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\FieldTypes;

use Kestrel\Forms\Domain\Payments\ChargePlan;
use Kestrel\Forms\Domain\Payments\PaymentValue;
use Kestrel\Forms\Domain\Validation\FieldError;

/**
 * The value is the provider's single-use token (`{method, token, verificationToken?}`,
 * {@see PaymentValue}): it goes to the provider only (Payments\ChargePayment), never into the
 * entry, and rules never read it. The twin of `paymentUnit` in payment.ts.
 */
final class PaymentType extends ValuelessType {

	/**
	 * A token is required only when the server's pricing makes an amount due ({@see ChargePlan}:
	 * a total of 0 charges nothing and needs none; an amount below the minimum is refused when
	 * charging); a bank payment names its account holder. Nothing is stored.
	 *
	 * @param array<string, mixed> $field   Payment field.
	 * @param array<mixed, mixed>  $raw     All submitted values.
	 * @param ValidationContext    $context The server's pricing.
	 * @return array<string, string>|FieldError
	 */
	public function validate( array $field, array $raw, ValidationContext $context ): array|FieldError {
		$value = PaymentValue::read( $raw[ (string) $field['id'] ] ?? null, $field );
		if ( false === $value ) {
			return FieldError::for_field( $field, FieldError::INVALID );
		}
		if ( null === $value && ChargePlan::for_field( $field, true, $context->pricing )->charges() ) {
			return FieldError::for_field( $field, FieldError::REQUIRED );
		}
		if ( $value instanceof PaymentValue && 'ach' === $value->method && '' === $value->account_holder
			&& ! is_string( $field['accountHolderField'] ?? null ) ) {
			// A bank payment names its account holder: the field's own input when the form maps none.
			return FieldError::for_field( $field, FieldError::REQUIRED );
		}
		return array();
	}
}
