<?php
/**
 * Which payment methods a form can offer where its money goes.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\Payments;

/**
 * ACH bank transfers and Cash App Pay exist only for US sellers charging US dollars;
 * Afterpay/Clearpay only in AUD, CAD, EUR, GBP and USD, for a location in a country charging that
 * currency. A method is eligible for a form's currency and the payment location's country, or
 * has a reason code why not. Cards, gift cards and the card wallets are never refused here (their own checks are the
 * location's currency and, for wallets, the device). Pure.
 */
final class MethodEligibility {

	/** The location is not in the United States. */
	public const US_MERCHANT_ONLY = 'US_MERCHANT_ONLY';

	/** The form does not charge in US dollars. */
	public const USD_ONLY = 'USD_ONLY';

	/** The methods only US sellers charging USD can offer. */
	public const US_ONLY_METHODS = array( 'ach', 'cashAppPay' );

	/** Afterpay/Clearpay: the form's currency is not one Afterpay/Clearpay takes. */
	public const BNPL_CURRENCY = 'BNPL_CURRENCY';

	/** Afterpay/Clearpay: the location's country does not charge in the form's currency. */
	public const BNPL_COUNTRY = 'BNPL_COUNTRY';

	/**
	 * Afterpay/Clearpay's currencies and the countries whose sellers charge in each (Afterpay in
	 * the US, Canada and Australia, Clearpay in the UK and the euro countries it serves).
	 */
	public const BNPL_CURRENCIES = array(
		'AUD' => array( 'AU' ),
		'CAD' => array( 'CA' ),
		'EUR' => array( 'ES', 'FR', 'IT' ),
		'GBP' => array( 'GB' ),
		'USD' => array( 'US' ),
	);

	/**
	 * Why a method cannot be offered ('' when it can).
	 *
	 * @param string $method   Method of a payment field (card, giftCard, applePay, googlePay, ach, cashAppPay, afterpayClearpay).
	 * @param string $currency The form's currency (ISO 4217).
	 * @param string $country  The location's country (ISO 3166-1 alpha-2; '' when unknown, then
	 *                         only the currency decides).
	 */
	public static function reason( string $method, string $currency, string $country ): string {
		if ( 'afterpayClearpay' === $method ) {
			$countries = self::BNPL_CURRENCIES[ strtoupper( $currency ) ] ?? null;
			if ( null === $countries ) {
				return self::BNPL_CURRENCY;
			}
			return '' !== $country && ! in_array( strtoupper( $country ), $countries, true ) ? self::BNPL_COUNTRY : '';
		}
		if ( ! in_array( $method, self::US_ONLY_METHODS, true ) ) {
			return '';
		}
		if ( '' !== $country && 'US' !== strtoupper( $country ) ) {
			return self::US_MERCHANT_ONLY;
		}
		if ( 'USD' !== strtoupper( $currency ) ) {
			return self::USD_ONLY;
		}
		return '';
	}

	/**
	 * The methods of a field that can be offered, in the field's order.
	 *
	 * @param list<string> $methods  The field's methods.
	 * @param string       $currency The form's currency.
	 * @param string       $country  The location's country ('' when unknown).
	 * @return list<string>
	 */
	public static function offered( array $methods, string $currency, string $country ): array {
		return array_values( array_filter( $methods, static fn( string $method ): bool => '' === self::reason( $method, $currency, $country ) ) );
	}
}
