<?php
/**
 * What a submission's payment field charges.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\Payments;

/**
 * The server's decision for a payment field, from the server's own pricing only (never an
 * amount, price, currency or status the browser sent):
 *
 * - `none`: the field is hidden by conditional logic, the form has no pricing, or the amount is 0
 *   (or less): nothing is charged and the entry is stored as usual;
 * - `below_minimum`: there is an amount, but less than the provider charges in that currency
 *   ({@see Minimums});
 * - `charge`: charge amount_minor in currency.
 *
 * The amount is the form total (`amountSource: 'total'`, the default) or the line total of one
 * product field (`amountSource: <product field id>`: its price × quantity with its options, as
 * Pricing\PriceCalculator computed it). Pure.
 */
final class ChargePlan {

	public const NONE          = 'none';
	public const BELOW_MINIMUM = 'below_minimum';
	public const CHARGE        = 'charge';

	/**
	 * Use {@see self::for_field()}.
	 *
	 * @param string $kind         One of the constants.
	 * @param int    $amount_minor Amount in minor units (0 for none).
	 * @param string $currency     ISO 4217 code ('' when the form has no pricing).
	 * @param int    $minimum      The currency's minimum (minor units).
	 */
	private function __construct(
		public readonly string $kind,
		public readonly int $amount_minor,
		public readonly string $currency,
		public readonly int $minimum = 0
	) {}

	/**
	 * The plan of a payment field.
	 *
	 * @param array<string, mixed>      $field   The payment field's definition.
	 * @param bool                      $visible Whether conditional logic shows the field.
	 * @param array<string, mixed>|null $pricing The server's pricing: currency, totalMinor,
	 *                                           products[] with fieldId and lineMinor (null: none).
	 */
	public static function for_field( array $field, bool $visible, ?array $pricing ): self {
		$currency = is_array( $pricing ) && is_string( $pricing['currency'] ?? null ) ? strtoupper( $pricing['currency'] ) : '';
		if ( ! $visible || ! is_array( $pricing ) ) {
			return new self( self::NONE, 0, $currency );
		}
		$amount = self::amount( $field['amountSource'] ?? 'total', $pricing );
		if ( $amount <= 0 ) {
			return new self( self::NONE, 0, $currency );
		}
		$minimum = Minimums::for_currency( $currency );
		if ( $amount < $minimum ) {
			return new self( self::BELOW_MINIMUM, $amount, $currency, $minimum );
		}
		return new self( self::CHARGE, $amount, $currency, $minimum );
	}

	/** Whether the provider is to be asked for money. */
	public function charges(): bool {
		return self::CHARGE === $this->kind;
	}

	/**
	 * The amount an amount source names.
	 *
	 * @param mixed                $source  'total' or a product field id (number or numeric string).
	 * @param array<string, mixed> $pricing Pricing.
	 */
	private static function amount( mixed $source, array $pricing ): int {
		if ( is_int( $source ) || ( is_string( $source ) && ctype_digit( $source ) ) ) {
			$sum = 0;
			foreach ( is_array( $pricing['products'] ?? null ) ? $pricing['products'] : array() as $line ) {
				if ( is_array( $line ) && (int) ( $line['fieldId'] ?? 0 ) === (int) $source ) {
					$sum += (int) ( $line['lineMinor'] ?? 0 );
				}
			}
			return $sum;
		}
		return (int) ( $pricing['totalMinor'] ?? 0 );
	}
}
