<?php
/**
 * The order amounts Afterpay/Clearpay takes, per currency.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Payments;

/**
 * Afterpay/Clearpay's order limits in minor units. The provider gives the merchant's own limits
 * only to the browser (the SDK's hydration), never to the server: the server uses the documented
 * per-currency limits (USD 1–4000, CAD and AUD 1–2000, GBP and EUR 1–1000), which a site whose
 * merchant has other limits changes with the `kestrel_forms_afterpay_limits` filter. The browser
 * gets them too, so messaging hides outside them; the SDK still checks the merchant's own.
 */
final class AfterpayLimits {

	/**
	 * The documented limits, by ISO 4217 code: [minimum, maximum] in minor units.
	 *
	 * @var array<string, array{0: int, 1: int}>
	 */
	private const DEFAULTS = array(
		'USD' => array( 100, 400000 ),
		'CAD' => array( 100, 200000 ),
		'AUD' => array( 100, 200000 ),
		'GBP' => array( 100, 100000 ),
		'EUR' => array( 100, 100000 ),
	);

	/**
	 * The limits of a currency (null when Afterpay/Clearpay does not take it).
	 *
	 * @param string $currency ISO 4217 code.
	 * @return array{minimum: int, maximum: int}|null Minor units.
	 */
	public static function for_currency( string $currency ): ?array {
		$currency = strtoupper( $currency );
		$default  = self::DEFAULTS[ $currency ] ?? null;
		$limits   = null === $default ? null : array(
			'minimum' => $default[0],
			'maximum' => $default[1],
		);
		/**
		 * Filters Afterpay/Clearpay's order limits of a currency (minor units), e.g. to the
		 * merchant's own limits. Return null to offer Afterpay/Clearpay in no form of it.
		 *
		 * @param array{minimum: int, maximum: int}|null $limits   The documented limits (null: not taken).
		 * @param string                                 $currency ISO 4217 code.
		 */
		$filtered = apply_filters( 'kestrel_forms_afterpay_limits', $limits, $currency );
		if ( ! is_array( $filtered ) || ! is_int( $filtered['minimum'] ?? null ) || ! is_int( $filtered['maximum'] ?? null )
			|| $filtered['minimum'] < 1 || $filtered['maximum'] < $filtered['minimum'] ) {
			return null === $filtered ? null : $limits;
		}
		return array(
			'minimum' => $filtered['minimum'],
			'maximum' => $filtered['maximum'],
		);
	}

	/**
	 * Whether an amount is within a currency's limits.
	 *
	 * @param int    $amount_minor Amount in minor units.
	 * @param string $currency     ISO 4217 code.
	 */
	public static function within( int $amount_minor, string $currency ): bool {
		$limits = self::for_currency( $currency );
		return null !== $limits && $amount_minor >= $limits['minimum'] && $amount_minor <= $limits['maximum'];
	}
}
