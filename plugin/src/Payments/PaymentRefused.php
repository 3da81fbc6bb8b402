<?php
/**
 * Why a payment was not taken at submission time.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Payments;

use RuntimeException;

/**
 * Thrown by {@see ChargePayment} (and so by Submissions\SubmitForm); no entry was stored and
 * nothing was charged. Rest\ErrorMapper::payment_refused() turns it into the REST answer:
 *
 * - DECLINED, BELOW_MINIMUM: 400 `kestrel_forms_validation_failed`, the message at the payment
 *   field, `data.payment.code` the provider's code (GENERIC_DECLINE, CARD_TOKEN_EXPIRED, …) or
 *   `amount_below_minimum`;
 * - NOT_TAKEN: 502 `kestrel_forms_payment_not_taken` (outcome unknown, then voided by key);
 * - IN_PROGRESS: 409 `kestrel_forms_payment_in_progress` with a retry delay;
 * - UNAVAILABLE: 503 `kestrel_forms_payments_unavailable` (not configured, currency mismatch,
 *   provider refused our credentials);
 * - RATE_LIMITED: 429 (too many failed attempts from this client on this form).
 *
 * The message is the visitor's, translated; it never contains a token or card data.
 */
final class PaymentRefused extends RuntimeException {

	public const DECLINED      = 'declined';
	public const BELOW_MINIMUM = 'below_minimum';
	public const NOT_TAKEN     = 'not_taken';
	public const IN_PROGRESS   = 'in_progress';
	public const UNAVAILABLE   = 'unavailable';
	public const RATE_LIMITED  = 'rate_limited';

	/**
	 * Use the named constructors.
	 *
	 * @param string $kind          One of the constants.
	 * @param string $field_id      The payment field's id ('' when not about the field).
	 * @param string $payment_code  Provider code or ours (amount_below_minimum, …).
	 * @param string $visitor_text  Readable message.
	 * @param int    $retry_after   Seconds to wait (IN_PROGRESS, RATE_LIMITED).
	 */
	private function __construct(
		public readonly string $kind,
		public readonly string $field_id,
		public readonly string $payment_code,
		public readonly string $visitor_text,
		public readonly int $retry_after = 0
	) {
		parent::__construct( $kind . ( '' !== $payment_code ? ': ' . $payment_code : '' ) );
	}

	/**
	 * The provider refused the card (or its token): a field error.
	 *
	 * @param string $field_id Payment field id.
	 * @param string $code     Provider code.
	 * @param string $message  Readable message.
	 */
	public static function declined( string $field_id, string $code, string $message ): self {
		return new self( self::DECLINED, $field_id, $code, $message );
	}

	/**
	 * The amount is below the currency's minimum: a field error.
	 *
	 * @param string $field_id Payment field id.
	 * @param string $message  Readable message.
	 */
	public static function below_minimum( string $field_id, string $message ): self {
		return new self( self::BELOW_MINIMUM, $field_id, 'amount_below_minimum', $message );
	}

	/**
	 * The value uses a method this form cannot offer where its money goes (ACH or Cash App Pay
	 * outside a USD form on a US location): a field error, nothing is sent to the provider.
	 *
	 * @param string $field_id Payment field id.
	 * @param string $reason   {@see \Kestrel\Forms\Domain\Payments\MethodEligibility} reason code.
	 * @param string $message  Readable message.
	 */
	public static function method_not_offered( string $field_id, string $reason, string $message ): self {
		return new self( self::DECLINED, $field_id, 'method_not_offered_' . strtolower( $reason ), $message );
	}

	/**
	 * Afterpay/Clearpay was chosen for a total outside its limits (nothing was sent to the provider).
	 *
	 * @param string $field_id Payment field id.
	 * @param string $message  Readable message.
	 */
	public static function outside_limits( string $field_id, string $message ): self {
		return new self( self::DECLINED, $field_id, 'afterpay_outside_limits', $message );
	}

	/**
	 * The outcome stayed unknown and the attempt was voided by its key: nothing was taken.
	 *
	 * @param string $message Readable message.
	 */
	public static function not_taken( string $message ): self {
		return new self( self::NOT_TAKEN, '', 'not_taken', $message );
	}

	/**
	 * Another request with the same submission key is being charged.
	 *
	 * @param string $message     Readable message.
	 * @param int    $retry_after Seconds to wait.
	 */
	public static function in_progress( string $message, int $retry_after = 2 ): self {
		return new self( self::IN_PROGRESS, '', 'in_progress', $message, $retry_after );
	}

	/**
	 * Payments cannot be taken on this site now.
	 *
	 * @param string $code    Why (no_credentials, currency_mismatch, location_unreachable, auth).
	 * @param string $message Readable message.
	 */
	public static function unavailable( string $code, string $message ): self {
		return new self( self::UNAVAILABLE, '', $code, $message );
	}

	/**
	 * Too many failed attempts.
	 *
	 * @param int $retry_after Seconds until the window ends.
	 */
	public static function rate_limited( int $retry_after ): self {
		return new self( self::RATE_LIMITED, '', 'rate_limited', '', $retry_after );
	}

	/** Whether this is an error at the payment field (400). */
	public function is_field_error(): bool {
		return self::DECLINED === $this->kind || self::BELOW_MINIMUM === $this->kind;
	}
}
