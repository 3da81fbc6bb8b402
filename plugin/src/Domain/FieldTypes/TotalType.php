<?php
/**
 * The total field.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\FieldTypes;

use Kestrel\Forms\Domain\Money\Currencies;
use Kestrel\Forms\Domain\Money\Decimal;

/**
 * Computed, never typed: whatever the browser sends, the entry stores the server's own total
 * (PriceCalculator's, in the pricing's currency). The twin of total.ts.
 */
final class TotalType extends PricedType {

	/**
	 * Nothing: the browser has no input for the total, and a total it sends must never steer the
	 * rules (a rule "hide the payment when the total is 0" fed a posted "0" would skip the charge
	 * while the server's own total is due). Rules on a total read its default ('').
	 *
	 * @param array<string, mixed> $field Total field.
	 * @param array<mixed, mixed>  $raw   All submitted values (not read).
	 */
	public function entered( array $field, array $raw ): ?string {
		return null;
	}

	/**
	 * The server's total as a decimal, when the form is priced.
	 *
	 * @param array<string, mixed> $field   Total field.
	 * @param array<mixed, mixed>  $raw     All submitted values (not read).
	 * @param ValidationContext    $context The server's pricing.
	 * @return array<string, string>
	 */
	public function validate( array $field, array $raw, ValidationContext $context ): array {
		$pricing = $context->pricing;
		if ( null === $pricing ) {
			return array();
		}
		$decimals = (int) Currencies::get( (string) $pricing['currency'] )['decimals'];
		return array( (string) $field['id'] => Decimal::from_minor_units( (int) $pricing['totalMinor'], $decimals ) );
	}
}
