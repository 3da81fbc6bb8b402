<?php
/**
 * Why an action on a stored payment was not carried out.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Payments;

use RuntimeException;

/**
 * Thrown by {@see PaymentActions}; Rest\ErrorMapper::payment_action_refused() turns it into the
 * answer (the message is already readable and translated).
 */
final class PaymentActionRefused extends RuntimeException {

	/** The entry has no payment. */
	public const NOT_FOUND = 'not_found';
	/** The action does not apply to the payment as it is (or the provider refused it). */
	public const REFUSED = 'refused';
	/** A refund over what is left to refund. */
	public const TOO_LARGE = 'too_large';
	/** The provider did not answer: the outcome is unknown, a Sync finishes it safely. */
	public const PROVIDER = 'provider';

	/**
	 * Use the named constructors.
	 *
	 * @param string $kind      One of the constants.
	 * @param string $message   Readable message.
	 * @param int    $status    HTTP status for the answer.
	 * @param int    $available What may still be refunded (TOO_LARGE), minor units.
	 */
	private function __construct(
		public readonly string $kind,
		string $message,
		public readonly int $status,
		public readonly int $available = 0
	) {
		parent::__construct( $message );
	}

	/** The entry has no payment. */
	public static function not_found(): self {
		return new self( self::NOT_FOUND, __( 'This entry has no payment.', 'kestrel-forms' ), 404 );
	}

	/**
	 * The action does not apply now: 409 when the payment's state is in the way, 400 when the
	 * provider refused the request itself.
	 *
	 * @param string $message Readable reason.
	 * @param int    $status  409 or 400.
	 */
	public static function refused( string $message, int $status = 409 ): self {
		return new self( self::REFUSED, $message, $status );
	}

	/**
	 * A refund larger than what is left.
	 *
	 * @param string $message   Readable reason.
	 * @param int    $available What may still be refunded, minor units.
	 */
	public static function too_large( string $message, int $available ): self {
		return new self( self::TOO_LARGE, $message, 400, $available );
	}

	/**
	 * The provider did not answer.
	 *
	 * @param string $message Readable reason.
	 */
	public static function provider( string $message ): self {
		return new self( self::PROVIDER, $message, 502 );
	}
}
