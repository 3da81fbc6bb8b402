<?php
/**
 * Refunding part or all of a captured payment.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Payments;

use Kestrel\Forms\Domain\Payments\PaymentStatus;
use Kestrel\Forms\Payments\Provider\ProviderError;
use Kestrel\Forms\Persistence\PaymentRepository;

/**
 * The refund verb of {@see PaymentActions}. Refunds are idempotent: with a client `request_key`
 * the provider idempotency key is derived from the payment and that key (the same request key
 * again is the same refund); without one, from the payment, the amount and the refunds already
 * settled, so only an identical amount while a refund of it is still pending is taken as the same
 * click. The key is stored (unique) before the provider is called; a lost answer is re-sent by
 * Sync with the same key and body (the provider replays, it never refunds twice).
 *
 * @phpstan-import-type Payment from PaymentLedger
 * @phpstan-import-type Refund from PaymentLedger
 * @phpstan-import-type State from PaymentLedger
 */
final class RefundPayment {

	/** What a client request key looks like (the REST route checks it too). */
	public const REQUEST_KEY_PATTERN = '^[A-Za-z0-9_-]{16,64}$';

	/** Refund statuses that hold money back from further refunds. */
	private const REFUND_HOLDS = array( 'pending', 'completed' );

	/**
	 * Builds the verb.
	 *
	 * @param PaymentRepository $payments Payments and refunds.
	 * @param PaymentLedger     $ledger   Applies the provider's answers, notes, fires the actions.
	 */
	public function __construct(
		private readonly PaymentRepository $payments,
		private readonly PaymentLedger $ledger
	) {}

	/**
	 * Refunds part or all of a captured payment.
	 *
	 * @param int    $entry_id Entry id.
	 * @param int    $amount   Minor units, at least 1.
	 * @param string $reason   Reason (sent to the provider, shown on the entry).
	 * @param int    $user_id  Acting user.
	 * @param string $request_key The client's key of this refund request ('' for none): the same key
	 *                            again is the same refund (answered, not sent again); with another
	 *                            amount it is refused.
	 * @return State
	 * @throws PaymentActionRefused When it does not apply, is too large, or the provider refused or did not answer.
	 */
	public function refund( int $entry_id, int $amount, string $reason, int $user_id, string $request_key = '' ): array {
		$payment = $this->ledger->require_payment( $entry_id );
		if ( '' !== $request_key && 1 !== preg_match( '/' . self::REQUEST_KEY_PATTERN . '/', $request_key ) ) {
			throw PaymentActionRefused::refused( __( 'The refund request key must be 16 to 64 letters, digits, "-" or "_".', 'kestrel-forms' ), 400 );
		}
		$known = '' !== $request_key ? $this->payments->find_refund_by_idempotency_key( self::request_refund_key( $payment, $request_key ) ) : null;
		if ( null !== $known ) {
			// The same request again (a double click, a retry), even after it emptied the payment.
			return $this->same_request( $payment, $known, $amount );
		}
		if ( PaymentStatus::REFUNDED === $payment['status'] ) {
			throw $this->too_large( $payment, 0 );
		}
		if ( ! self::refundable_status( (string) $payment['status'] ) || '' === (string) $payment['provider_payment_id'] ) {
			throw PaymentActionRefused::refused(
				PaymentStatus::AUTHORIZED === $payment['status']
					? __( 'An authorized payment has not been captured, so there is nothing to refund: void it to release the hold, or capture it first.', 'kestrel-forms' )
					: __( 'Only a paid payment can be refunded.', 'kestrel-forms' )
			);
		}
		$refunds = $this->payments->refunds_for_payment( (int) $payment['id'] );
		$key     = '' !== $request_key ? self::request_refund_key( $payment, $request_key ) : self::refund_key( $payment, $amount, $refunds );
		$known   = '' === $request_key ? $this->payments->find_refund_by_idempotency_key( $key ) : null;
		if ( null !== $known ) {
			// The same amount while a refund of it is still pending: a double submit, not sent again.
			return $this->same_request( $payment, $known, $amount );
		}
		$available = self::refundable( $payment, $refunds );
		if ( $amount < 1 || $amount > $available ) {
			throw $this->too_large( $payment, $available );
		}
		$id = $this->payments->insert_refund(
			array(
				'payment_id'      => (int) $payment['id'],
				'idempotency_key' => $key,
				'amount_minor'    => $amount,
				'currency'        => (string) $payment['currency'],
				'status'          => 'pending',
				'reason'          => $reason,
				'user_id'         => $user_id,
			)
		);
		if ( 0 === $id ) {
			// The same request twice at once (its twin was recorded first): that refund is being
			// (or was) sent under this key. Nothing more is sent.
			$known = $this->payments->find_refund_by_idempotency_key( $key );
			if ( null === $known ) {
				throw PaymentActionRefused::refused( __( 'The refund could not be recorded. Please try again.', 'kestrel-forms' ), 500 );
			}
			return $this->same_request( $payment, $known, $amount );
		}
		// Another refund of a different amount may have been recorded at the same moment: the
		// older one wins, this one gives way before anything reaches the provider.
		$earlier = 0;
		foreach ( $this->payments->refunds_for_payment( (int) $payment['id'] ) as $refund ) {
			$earlier += $refund['id'] <= $id && in_array( $refund['status'], self::REFUND_HOLDS, true ) ? (int) $refund['amount_minor'] : 0;
		}
		if ( $earlier > (int) $payment['amount_minor'] ) {
			$this->payments->settle_refund( $id, 'failed' );
			throw $this->too_large( $payment, max( 0, (int) $payment['amount_minor'] - ( $earlier - $amount ) ) );
		}
		$refund = $this->payments->find_refund( $id );
		$this->send( $payment, (array) $refund, $user_id, true );
		return $this->ledger->state_of( $this->ledger->refresh( $payment, $user_id ) );
	}

	/**
	 * Sends a recorded refund to the provider with its stored key and body, and records the answer.
	 *
	 * @param Payment $payment Stored payment.
	 * @param Refund  $refund  Stored refund (pending).
	 * @param int     $user_id Acting user.
	 * @param bool    $first   Whether this is the first send (a note says it was asked for).
	 * @throws PaymentActionRefused When the provider refused it or did not answer.
	 * @throws ProviderError Never: every provider failure becomes a PaymentActionRefused.
	 */
	public function send( array $payment, array $refund, int $user_id, bool $first ): void {
		$body = array(
			'idempotency_key' => (string) $refund['idempotency_key'],
			'amount_money'    => array(
				'amount'   => (int) $refund['amount_minor'],
				'currency' => (string) $payment['currency'],
			),
			'payment_id'      => (string) $payment['provider_payment_id'],
		);
		if ( '' !== (string) $refund['reason'] ) {
			$body['reason'] = (string) $refund['reason'];
		}
		$amount = PaymentLedger::money( (int) $refund['amount_minor'], (string) $payment['currency'] );
		try {
			try {
				$answer = $this->ledger->client( $payment )->refund_payment( $body );
			} catch ( ProviderError $e ) {
				if ( ! $e->is_unknown() ) {
					throw $e;
				}
				// No answer: the same key and body once more (the provider replays, never refunds twice).
				$answer = $this->ledger->client( $payment )->refund_payment( $body );
			}
		} catch ( ProviderError $e ) {
			if ( $e->is_unknown() ) {
				if ( $first ) {
					$this->ledger->note(
						$payment,
						$user_id,
						/* translators: %s: amount. */
						sprintf( __( 'Refund of %s asked for; the payment provider did not answer. Sync sends it again safely (it cannot be refunded twice).', 'kestrel-forms' ), $amount )
					);
				}
				throw PaymentActionRefused::provider( __( 'The payment provider did not answer, so it is not known yet whether the refund was made. Use Sync in a moment: it sends the same refund again, which cannot refund twice.', 'kestrel-forms' ) );
			}
			$this->payments->settle_refund( (int) $refund['id'], 'failed' );
			$why = '' !== $e->detail() ? $e->detail() : $e->code();
			$this->ledger->note(
				$payment,
				$user_id,
				/* translators: 1: amount, 2: the provider's reason. */
				sprintf( __( 'Refund of %1$s refused by the payment provider: %2$s', 'kestrel-forms' ), $amount, $why )
			);
			throw PaymentActionRefused::refused(
				/* translators: %s: the provider's reason. */
				sprintf( __( 'The payment provider refused the refund: %s', 'kestrel-forms' ), $why ),
				400
			);
		}
		$provider_id = is_string( $answer['id'] ?? null ) ? $answer['id'] : '';
		if ( '' !== $provider_id ) {
			$this->payments->attach_provider_refund_id( (int) $refund['id'], $provider_id );
		}
		$changed = $this->ledger->apply_provider_refund( $payment, $answer, $user_id );
		if ( $first && ! $changed ) {
			$this->ledger->note(
				$payment,
				$user_id,
				sprintf(
					/* translators: 1: amount, 2: refund status. */
					__( 'Refund of %1$s asked for: %2$s.', 'kestrel-forms' ),
					$amount,
					PaymentLedger::refund_status_text( PaymentLedger::refund_status( is_string( $answer['status'] ?? null ) ? $answer['status'] : '' ) )
				)
			);
		}
	}

	/**
	 * The answer to a refund request whose key is recorded already: the payment as it is (200),
	 * unless the request asks for another amount under the same key (409).
	 *
	 * @param Payment $payment Payment.
	 * @param Refund  $known   The refund recorded under the key.
	 * @param int     $amount  Minor units asked for now.
	 * @return State
	 * @throws PaymentActionRefused When the amount differs.
	 */
	private function same_request( array $payment, array $known, int $amount ): array {
		if ( (int) $known['amount_minor'] !== $amount ) {
			throw PaymentActionRefused::refused(
				sprintf(
					/* translators: %s: amount of the refund made with this key. */
					__( 'This refund request was already made for %s with another amount. Reload the payment and start a new refund.', 'kestrel-forms' ),
					PaymentLedger::money( (int) $known['amount_minor'], (string) $payment['currency'] )
				)
			);
		}
		return $this->ledger->state_of( $payment );
	}

	/**
	 * The refusal of a refund over what is left.
	 *
	 * @param Payment $payment   Payment.
	 * @param int     $available Minor units left.
	 */
	private function too_large( array $payment, int $available ): PaymentActionRefused {
		return PaymentActionRefused::too_large(
			sprintf(
				/* translators: %s: amount. */
				__( 'A refund can be at most what is left of the payment: %s.', 'kestrel-forms' ),
				PaymentLedger::money( $available, (string) $payment['currency'] )
			),
			$available
		);
	}

	/**
	 * What may still be refunded: the amount less completed and pending refunds (minor units).
	 *
	 * @param Payment      $payment Payment.
	 * @param list<Refund> $refunds Its refunds.
	 */
	public static function refundable( array $payment, array $refunds ): int {
		$held = 0;
		foreach ( $refunds as $refund ) {
			$held += in_array( $refund['status'], self::REFUND_HOLDS, true ) ? (int) $refund['amount_minor'] : 0;
		}
		return max( 0, (int) $payment['amount_minor'] - max( $held, (int) $payment['refunded_minor'] ) );
	}

	/**
	 * Whether a payment in this status can be refunded.
	 *
	 * @param string $status Status.
	 */
	public static function refundable_status( string $status ): bool {
		return in_array( $status, array( PaymentStatus::PAID, PaymentStatus::PARTIALLY_REFUNDED ), true );
	}

	/**
	 * The refund idempotency key of a client request key: derived from the payment and that key
	 * (45 characters, the provider's limit), so the same request key is one refund of one payment.
	 *
	 * @param Payment $payment     Payment.
	 * @param string  $request_key The client's request key.
	 */
	private static function request_refund_key( array $payment, string $request_key ): string {
		return 'kf-rk-' . substr( hash( 'sha256', (int) $payment['id'] . '|' . $payment['attempt_key'] . '|' . $request_key ), 0, 39 );
	}

	/**
	 * The refund idempotency key of a request without a request key: the payment's attempt key,
	 * the amount, and the refunds settled so far (count and sum of completed, rejected and failed
	 * ones). A second request for the same amount while a refund of it is still pending gets the
	 * same key, so a true in-flight double submit is recorded and sent once however the two
	 * requests interleave; once that refund is settled, the same amount again is a new refund
	 * (clients that retry should send a request key). At most 45 characters.
	 *
	 * @param Payment      $payment Payment.
	 * @param int          $amount  Minor units.
	 * @param list<Refund> $refunds Refunds recorded so far.
	 */
	private static function refund_key( array $payment, int $amount, array $refunds ): string {
		$count = 0;
		$sum   = 0;
		foreach ( $refunds as $refund ) {
			if ( 'pending' !== $refund['status'] ) {
				++$count;
				$sum += (int) $refund['amount_minor'];
			}
		}
		return 'kf-refund-' . substr( hash( 'sha256', $payment['attempt_key'] . '|' . $amount . '|' . $count . '|' . $sum ), 0, 32 );
	}
}
