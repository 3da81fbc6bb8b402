<?php
/**
 * The smallest amount the provider charges per currency.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\Payments;

/**
 * Per-currency minimum charge in minor units (what peers enforce for the provider: USD and CAD
 * at least 1 minor unit, EUR, GBP, AUD and JPY at least 100 minor units — 1.00 €, £1.00, A$1.00,
 * ¥100). Any other currency: 1. Pure.
 */
final class Minimums {

	/**
	 * Minimums that are not 1, by ISO 4217 code.
	 *
	 * @var array<string, int>
	 */
	private const MINIMUMS = array(
		'USD' => 1,
		'CAD' => 1,
		'EUR' => 100,
		'GBP' => 100,
		'AUD' => 100,
		'JPY' => 100,
	);

	/**
	 * The minimum charge of a currency, in its minor units.
	 *
	 * @param string $currency ISO 4217 code.
	 */
	public static function for_currency( string $currency ): int {
		return self::MINIMUMS[ strtoupper( $currency ) ] ?? 1;
	}

	/**
	 * Whether an amount (greater than 0) is too small to charge.
	 *
	 * @param int    $amount_minor Amount in minor units.
	 * @param string $currency     ISO 4217 code.
	 */
	public static function is_below( int $amount_minor, string $currency ): bool {
		return $amount_minor < self::for_currency( $currency );
	}
}
