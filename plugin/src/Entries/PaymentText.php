<?php
/**
 * The payment of an entry in words: status and method names, the card, the amount.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Entries;

use Kestrel\Forms\Domain\Money\Currencies;
use Kestrel\Forms\Domain\Money\Decimal;
use Kestrel\Forms\Persistence\EntryPayments;

/**
 * Plain text (callers escape at output). Shared by the CSV export, the privacy exporter and the
 * merge tags, so a payment reads the same everywhere; the admin app has the same names in
 * assets-src/admin/entries/payment/labels.ts.
 *
 * @phpstan-import-type PaymentSummary from EntryPayments
 */
final class PaymentText {

	/**
	 * The readable name of a payment status ("partially_refunded" → "Partially refunded").
	 *
	 * @param string $status Status (Domain\Payments\PaymentStatus).
	 */
	public static function status( string $status ): string {
		$labels = array(
			'processing'         => __( 'Processing', 'kestrel-forms' ),
			'authorized'         => __( 'Authorized', 'kestrel-forms' ),
			'pending'            => __( 'Pending', 'kestrel-forms' ),
			'paid'               => __( 'Paid', 'kestrel-forms' ),
			'partially_refunded' => __( 'Partially refunded', 'kestrel-forms' ),
			'refunded'           => __( 'Refunded', 'kestrel-forms' ),
			'voided'             => __( 'Voided', 'kestrel-forms' ),
			'failed'             => __( 'Failed', 'kestrel-forms' ),
			'active'             => __( 'Active', 'kestrel-forms' ),
			'cancelled'          => __( 'Cancelled', 'kestrel-forms' ),
		);
		return $labels[ $status ] ?? $status;
	}

	/**
	 * The readable name of a payment method ("giftCard" → "Gift card").
	 *
	 * @param string $method Method.
	 */
	public static function method( string $method ): string {
		$labels = array(
			'card'             => __( 'Card', 'kestrel-forms' ),
			'giftCard'         => __( 'Gift card', 'kestrel-forms' ),
			'applePay'         => __( 'Apple Pay', 'kestrel-forms' ),
			'googlePay'        => __( 'Google Pay', 'kestrel-forms' ),
			'ach'              => __( 'ACH', 'kestrel-forms' ),
			'cashAppPay'       => __( 'Cash App Pay', 'kestrel-forms' ),
			'afterpayClearpay' => __( 'Afterpay/Clearpay', 'kestrel-forms' ),
		);
		return $labels[ $method ] ?? $method;
	}

	/**
	 * "Visa •••• 1111" (only the brand and the last four digits are ever stored); for a bank
	 * transfer "<bank name> ••• <account suffix>", for Cash App Pay the buyer's cashtag, for
	 * Afterpay/Clearpay "Afterpay" or "Clearpay".
	 *
	 * @param array{brand: string, last4: string, method?: string} $payment Payment.
	 */
	public static function card( array $payment ): string {
		$method = $payment['method'] ?? '';
		if ( 'cashAppPay' === $method ) {
			// The buyer's cashtag, as the provider gave it.
			return $payment['brand'];
		}
		if ( 'afterpayClearpay' === $method ) {
			// "Afterpay" or "Clearpay": the brand the provider charged under (by the seller's region).
			return 'CLEARPAY' === $payment['brand'] ? __( 'Clearpay', 'kestrel-forms' ) : ( 'AFTERPAY' === $payment['brand'] ? __( 'Afterpay', 'kestrel-forms' ) : '' );
		}
		if ( 'ach' === $method ) {
			// "<bank name> ••• <account suffix>" (the provider's bank name and suffix).
			return trim( $payment['brand'] . ( '' !== $payment['last4'] ? ' ••• ' . $payment['last4'] : '' ) );
		}
		if ( '' === $payment['last4'] ) {
			return '';
		}
		return trim( self::brand( $payment['brand'] ) . ' •••• ' . $payment['last4'] );
	}

	/**
	 * The amount as a plain decimal in the currency ("30.00", JPY "3000").
	 *
	 * @param int    $minor    Minor units.
	 * @param string $currency ISO code.
	 */
	public static function decimal( int $minor, string $currency ): string {
		$decimals = (int) Currencies::get( $currency )['decimals'];
		return Decimal::format( Decimal::from_minor_units( $minor, $decimals ), $decimals, true, '', '.' );
	}

	/**
	 * The amount as money text ("$30.00").
	 *
	 * @param int    $minor    Minor units.
	 * @param string $currency ISO code.
	 */
	public static function money( int $minor, string $currency ): string {
		return EntryPresenter::money( $minor, $currency );
	}

	/**
	 * A payment in one line: "Paid: $30.00, Visa •••• 1111" ('' without a payment).
	 *
	 * @param array<string, mixed>|null $payment Payment (status, amount_minor, currency, method, brand, last4).
	 */
	public static function line( ?array $payment ): string {
		if ( null === $payment ) {
			return '';
		}
		$line = self::status( (string) $payment['status'] ) . ': ' . self::money( (int) $payment['amount_minor'], (string) $payment['currency'] );
		$card = self::card( $payment );
		return '' === $card ? $line : $line . ', ' . $card;
	}

	/**
	 * Headings of the payment columns of the CSV export.
	 *
	 * @return list<string>
	 */
	public static function csv_headings(): array {
		return array(
			__( 'Payment status', 'kestrel-forms' ),
			__( 'Payment amount', 'kestrel-forms' ),
			__( 'Payment currency', 'kestrel-forms' ),
			__( 'Transaction id', 'kestrel-forms' ),
			__( 'Payment method', 'kestrel-forms' ),
			__( 'Card', 'kestrel-forms' ),
		);
	}

	/**
	 * The payment columns of one entry in the CSV export (empty cells for an entry without one).
	 * The amount is a plain decimal ("30.00") so that spreadsheets read it as a number.
	 *
	 * @param PaymentSummary|null $payment The entry's payment.
	 * @return list<string>
	 */
	public static function csv_cells( ?array $payment ): array {
		if ( null === $payment ) {
			return array_fill( 0, 6, '' );
		}
		return array(
			self::status( $payment['status'] ),
			self::decimal( $payment['amount_minor'], $payment['currency'] ),
			$payment['currency'],
			$payment['provider_payment_id'],
			self::method( $payment['method'] ),
			self::card( $payment ),
		);
	}

	/**
	 * A card brand as people write it ("VISA" or "AMERICAN_EXPRESS" → "Visa", "American Express").
	 *
	 * @param string $brand Provider brand.
	 */
	private static function brand( string $brand ): string {
		$known = array(
			'VISA'             => 'Visa',
			'MASTERCARD'       => 'Mastercard',
			'AMERICAN_EXPRESS' => 'American Express',
			'DISCOVER'         => 'Discover',
			'DISCOVER_DINERS'  => 'Diners Club',
			'JCB'              => 'JCB',
			'CHINA_UNIONPAY'   => 'UnionPay',
			'SQUARE_GIFT_CARD' => __( 'Gift card', 'kestrel-forms' ),
			'INTERAC'          => 'Interac',
			'EFTPOS'           => 'eftpos',
			'FELICA'           => 'FeliCa',
			'EBT'              => 'EBT',
		);
		$upper = strtoupper( $brand );
		return $known[ $upper ] ?? ucwords( strtolower( str_replace( '_', ' ', $brand ) ) );
	}
}
