<?php
/**
 * Cleans what a provider payment object says before it is stored.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Payments;

/**
 * The one cleaner of provider payment objects, wherever they come from (the charge's answer,
 * a capture or void, a fetch, a webhook): the receipt URL only when it is http(s) (it is shown
 * as a link), last 4 only as 4 digits, the card brand only as the provider's upper-case name
 * (VISA, AMERICAN_EXPRESS, SQUARE_GIFT_CARD…), texts cut to their columns. Never a card number
 * or a token: nothing else of the object is kept.
 */
final class ProviderDetails {

	/** What a card brand looks like (the provider's enum names). */
	private const BRAND_PATTERN = '/^[A-Z][A-Z0-9_]{0,39}$/';

	/**
	 * The columns a provider payment object fills: provider id and status, card brand and last 4,
	 * receipt, version token, delay deadline, update time. A value that does not pass is '' (brand,
	 * last 4, status) or absent (the others).
	 *
	 * @param array<string, mixed> $payment Provider payment object.
	 * @return array<string, string>
	 */
	public static function clean( array $payment ): array {
		$card    = is_array( $payment['card_details']['card'] ?? null ) ? $payment['card_details']['card'] : array();
		$brand   = is_string( $card['card_brand'] ?? null ) ? $card['card_brand'] : '';
		$last4   = is_string( $card['last_4'] ?? null ) ? $card['last_4'] : '';
		$details = array(
			'provider_status' => self::text( $payment['status'] ?? '', 30 ),
			'brand'           => 1 === preg_match( self::BRAND_PATTERN, $brand ) ? $brand : '',
			'last4'           => 1 === preg_match( '/^\d{4}$/D', $last4 ) ? $last4 : '',
		);
		$details = array_merge( $details, self::account( $payment ) );
		$wallet  = self::wallet_method( $payment );
		if ( '' !== $wallet ) {
			$details['method'] = $wallet;
		}
		if ( is_string( $payment['id'] ?? null ) && '' !== $payment['id'] ) {
			// Never cut: PaymentRepository refuses (and logs) an id longer than its column.
			$details['provider_payment_id'] = $payment['id'];
		}
		$receipt = self::receipt_url( $payment['receipt_url'] ?? null );
		if ( '' !== $receipt ) {
			$details['receipt_url'] = $receipt;
		}
		if ( is_string( $payment['version_token'] ?? null ) ) {
			$details['version_token'] = self::text( $payment['version_token'], 100 );
		}
		$delayed = is_string( $payment['delayed_until'] ?? null ) ? strtotime( $payment['delayed_until'] ) : false;
		if ( false !== $delayed ) {
			$details['delayed_until'] = gmdate( 'Y-m-d H:i:s', $delayed );
		}
		if ( is_string( $payment['updated_at'] ?? null ) ) {
			$details['provider_updated_at'] = self::text( $payment['updated_at'], 40 );
		}
		return $details;
	}

	/**
	 * The wallet the provider says paid ('applePay', 'googlePay'), or '' when its answer names
	 * none. A wallet token is a `cnon:` card token like a typed card's, so the method the browser
	 * claims is only a label; when the provider's payment names the wallet (`card_details.wallet`,
	 * or `wallet_details.brand`, APPLE_PAY / GOOGLE_PAY) that answer is stored instead.
	 *
	 * @param array<string, mixed> $payment Provider payment object.
	 */
	public static function wallet_method( array $payment ): string {
		if ( 'BANK_ACCOUNT' === ( $payment['source_type'] ?? '' ) ) {
			return 'ach';
		}
		if ( 'BUY_NOW_PAY_LATER' === ( $payment['source_type'] ?? '' ) ) {
			return 'afterpayClearpay';
		}
		$names = array(
			'APPLE_PAY'  => 'applePay',
			'GOOGLE_PAY' => 'googlePay',
			'CASH_APP'   => 'cashAppPay',
		);
		foreach ( array( $payment['card_details']['wallet'] ?? null, $payment['wallet_details']['brand'] ?? null ) as $name ) {
			if ( is_string( $name ) && isset( $names[ strtoupper( $name ) ] ) ) {
				return $names[ strtoupper( $name ) ];
			}
		}
		return '';
	}

	/**
	 * What names the account of a payment that is not a card's, in the brand and last 4 columns:
	 * a bank transfer's bank name (plain text, at most 40 characters) and the account number's
	 * suffix (2 to 4 digits, as the provider gives it); Cash App Pay's buyer cashtag (`$` and at
	 * most 20 letters, digits, `-` or `_`) with no last 4; Afterpay/Clearpay's brand (AFTERPAY or
	 * CLEARPAY) with no last 4. Empty for cards.
	 *
	 * @param array<string, mixed> $payment The provider's payment.
	 * @return array{brand?: string, last4?: string}
	 */
	private static function account( array $payment ): array {
		if ( 'BANK_ACCOUNT' === ( $payment['source_type'] ?? '' ) ) {
			$bank   = is_array( $payment['bank_account_details'] ?? null ) ? $payment['bank_account_details'] : array();
			$name   = is_string( $bank['bank_name'] ?? null ) ? trim( (string) preg_replace( '/[\x00-\x1F\x7F<>]+/u', ' ', $bank['bank_name'] ) ) : '';
			$suffix = $bank['ach_details']['account_number_suffix'] ?? '';
			return array(
				'brand' => 1 === preg_match( '//u', $name ) ? mb_substr( $name, 0, 40 ) : '',
				'last4' => is_string( $suffix ) && 1 === preg_match( '/^\d{2,4}$/D', $suffix ) ? $suffix : '',
			);
		}
		if ( 'BUY_NOW_PAY_LATER' === ( $payment['source_type'] ?? '' ) ) {
			// Afterpay or Clearpay, as the provider names it (the buyer's email is not kept).
			$brand = strtoupper( (string) ( $payment['buy_now_pay_later_details']['brand'] ?? '' ) );
			return array(
				'brand' => in_array( $brand, array( 'AFTERPAY', 'CLEARPAY' ), true ) ? $brand : '',
				'last4' => '',
			);
		}
		$cashtag = $payment['wallet_details']['cash_app_details']['buyer_cashtag'] ?? null;
		if ( 'CASH_APP' === strtoupper( (string) ( $payment['wallet_details']['brand'] ?? '' ) ) ) {
			$tag = is_string( $cashtag ) ? ltrim( $cashtag, '$' ) : '';
			return array(
				'brand' => 1 === preg_match( '/^[A-Za-z0-9_\-]{1,20}$/D', $tag ) ? '$' . $tag : '',
				'last4' => '',
			);
		}
		return array();
	}

	/**
	 * A receipt URL that may be stored and shown: http or https only, else ''.
	 *
	 * @param mixed $url The provider's value.
	 */
	public static function receipt_url( mixed $url ): string {
		if ( ! is_string( $url ) || strlen( $url ) > 2000 ) {
			return '';
		}
		$clean = esc_url_raw( trim( $url ), array( 'http', 'https' ) );
		return 1 === preg_match( '#^https?://#i', $clean ) ? $clean : '';
	}

	/**
	 * A string value cut to a length ('' when not a string).
	 *
	 * @param mixed $value Value.
	 * @param int   $max   Most bytes.
	 */
	private static function text( mixed $value, int $max ): string {
		return is_string( $value ) ? substr( $value, 0, $max ) : '';
	}
}
