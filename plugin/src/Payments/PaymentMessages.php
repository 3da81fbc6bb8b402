<?php
/**
 * Visitor texts of payment failures.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Payments;

use Kestrel\Forms\Domain\Money\Decimal;
use Kestrel\Forms\Domain\Money\Currencies;
use Kestrel\Forms\Domain\Money\Numbers;

/**
 * Short, readable texts for what the provider answered (its `detail` is written for developers:
 * "Authorization error: 'GENERIC_DECLINE'"), in the plugin's text domain.
 */
final class PaymentMessages {

	/**
	 * The visitor's text for a provider error code.
	 *
	 * @param string $code Provider code (GENERIC_DECLINE, CVV_FAILURE, …).
	 */
	public static function decline( string $code ): string {
		switch ( $code ) {
			case 'GENERIC_DECLINE':
			case 'CARD_DECLINED':
				return __( 'Your card was declined. Please try another card.', 'kestrel-forms' );
			case 'CVV_FAILURE':
				return __( 'The card\'s security code was not accepted. Check it and try again.', 'kestrel-forms' );
			case 'ADDRESS_VERIFICATION_FAILURE':
				return __( 'The postal code does not match the card. Check it and try again.', 'kestrel-forms' );
			case 'INVALID_EXPIRATION':
				return __( 'The card\'s expiry date is not valid. Check it and try again.', 'kestrel-forms' );
			case 'INSUFFICIENT_FUNDS':
				return __( 'The card has insufficient funds. Please try another card.', 'kestrel-forms' );
			case 'CARD_DECLINED_VERIFICATION_REQUIRED':
				return __( 'Your bank needs to verify this payment. Please try again and complete the verification.', 'kestrel-forms' );
			case 'CARD_TOKEN_EXPIRED':
				return __( 'The card details have expired. Please enter them again.', 'kestrel-forms' );
			case 'CARD_TOKEN_USED':
				return __( 'These card details were already used. Please enter them again.', 'kestrel-forms' );
			default:
				return __( 'The payment was not accepted. Check the card details or try another card.', 'kestrel-forms' );
		}
	}

	/**
	 * The amount is less than the provider charges.
	 *
	 * @param int    $minimum  Minimum in minor units.
	 * @param string $currency ISO 4217 code.
	 */
	public static function below_minimum( int $minimum, string $currency ): string {
		$decimals = (int) Currencies::get( $currency )['decimals'];
		return sprintf(
			/* translators: %s: smallest amount, e.g. "€1.00". */
			__( 'The amount to pay is below the smallest amount that can be charged (%s).', 'kestrel-forms' ),
			Numbers::format_money( Decimal::from_minor_units( $minimum, $decimals ), $currency )
		);
	}

	/** The outcome was unknown and the attempt was voided. */
	public static function not_taken(): string {
		return __( 'We could not confirm the payment; you were not charged. Please try again.', 'kestrel-forms' );
	}

	/**
	 * The outcome was unknown (or the payment not the one asked for) and its cancel was not
	 * confirmed either: an amount may be on hold until the reconcile job releases it.
	 */
	public static function not_confirmed(): string {
		return __( 'We could not confirm the payment. If an amount was reserved on your card, it will be released automatically. Please try again.', 'kestrel-forms' );
	}

	/** Another request with the same submission is being charged. */
	public static function in_progress(): string {
		return __( 'Your payment is still being processed. Please wait a moment.', 'kestrel-forms' );
	}

	/** Payments are not set up, or the provider refused our credentials. */
	public static function unavailable(): string {
		return __( 'Payments cannot be taken on this form at the moment. Please try again later or contact the site owner.', 'kestrel-forms' );
	}

	/**
	 * The payment value uses a method this form cannot offer (ACH or Cash App Pay outside a USD
	 * form on a US location).
	 *
	 * @param string $method The method.
	 */
	public static function method_not_offered( string $method ): string {
		return 'ach' === $method
			? __( 'Bank transfer (ACH) is not available for this form. Please choose another payment method.', 'kestrel-forms' )
			: ( 'cashAppPay' === $method
				? __( 'Cash App Pay is not available for this form. Please choose another payment method.', 'kestrel-forms' )
				: ( 'afterpayClearpay' === $method
					? __( 'Afterpay/Clearpay is not available for this form. Please choose another payment method.', 'kestrel-forms' )
					: __( 'This payment method is not available for this form. Please choose another payment method.', 'kestrel-forms' ) ) );
	}

	/**
	 * The form's total is outside Afterpay/Clearpay's limits (with them, in the currency).
	 *
	 * @param string $currency The charge's currency.
	 */
	public static function afterpay_outside_limits( string $currency ): string {
		$limits = AfterpayLimits::for_currency( $currency );
		if ( null === $limits ) {
			return self::method_not_offered( 'afterpayClearpay' );
		}
		$decimals = (int) Currencies::get( $currency )['decimals'];
		return sprintf(
			/* translators: 1: smallest amount, 2: largest amount (both with their currency). */
			__( 'Afterpay/Clearpay is available for orders from %1$s to %2$s. Please choose another payment method.', 'kestrel-forms' ),
			Numbers::format_money( Decimal::from_minor_units( $limits['minimum'], $decimals ), $currency ),
			Numbers::format_money( Decimal::from_minor_units( $limits['maximum'], $decimals ), $currency )
		);
	}
}
