<?php
/**
 * What happens to a payment after the charge: capture, void, refund, sync.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Payments;

use Closure;
use Kestrel\Forms\Domain\Money\Currencies;
use Kestrel\Forms\Domain\Money\Decimal;
use Kestrel\Forms\Domain\Money\Numbers;
use Kestrel\Forms\Domain\Payments\PaymentStatus;
use Kestrel\Forms\Payments\Provider\ProviderError;
use Kestrel\Forms\Payments\Provider\SquareClient;
use Kestrel\Forms\Persistence\EntryRepository;
use Kestrel\Forms\Persistence\EntryWorkspaceRepository;
use Kestrel\Forms\Persistence\FormRepository;
use Kestrel\Forms\Persistence\PaymentRepository;

/**
 * The use case behind the entry screen's payment panel and the webhooks.
 *
 * - Every call to the provider goes to the environment the payment was made in (its
 *   `environment` column), whatever the settings say now.
 * - Statuses only move forward (Domain\Payments\PaymentStatus, enforced again by the
 *   repository's conditional UPDATE): an old answer or a late webhook never regresses a payment.
 * - Refunds are idempotent: with a client `request_key` the provider idempotency key is derived
 *   from the payment and that key (the same request key again is the same refund); without one,
 *   from the payment, the amount and the refunds already settled, so only an identical amount
 *   while a refund of it is still pending is taken as the same click. The key is stored (unique)
 *   before the provider is called; a lost answer is re-sent by Sync with the same key and body
 *   (the provider replays, it never refunds twice).
 * - Each change adds an entry note (the acting user, 0 for webhooks) and fires
 *   `kestrel_forms_payment_{completed|pending|failed|refunded|authorized|voided}`
 *   `( array $payment, Entry $entry, Form $form )`, `$payment` being
 *   PaymentRepository::public_row() (no request, draft, attempt key or version token).
 *
 * @phpstan-type Payment array<string, mixed>
 * @phpstan-type Refund array<string, mixed>
 * @phpstan-type State array{payment: Payment, refunds: list<Refund>}
 */
final class PaymentActions {

	/** What a client request key looks like (the REST route checks it too). */
	public const REQUEST_KEY_PATTERN = '^[A-Za-z0-9_-]{16,64}$';

	/** Refund statuses that hold money back from further refunds. */
	private const REFUND_HOLDS = array( 'pending', 'completed' );

	/** The action fired when a payment reaches a status. */
	private const STATUS_ACTIONS = array(
		PaymentStatus::PAID               => 'kestrel_forms_payment_completed',
		PaymentStatus::PENDING            => 'kestrel_forms_payment_pending',
		PaymentStatus::FAILED             => 'kestrel_forms_payment_failed',
		PaymentStatus::PARTIALLY_REFUNDED => 'kestrel_forms_payment_refunded',
		PaymentStatus::REFUNDED           => 'kestrel_forms_payment_refunded',
		PaymentStatus::AUTHORIZED         => 'kestrel_forms_payment_authorized',
		PaymentStatus::VOIDED             => 'kestrel_forms_payment_voided',
	);

	/**
	 * Builds the use case.
	 *
	 * @param PaymentRepository            $payments   Payments, refunds and webhook events.
	 * @param EntryWorkspaceRepository     $workspace  Entry notes.
	 * @param EntryRepository              $entries    Entries (for the actions' arguments).
	 * @param FormRepository               $forms      Forms (for the actions' arguments).
	 * @param Closure(string):SquareClient $client_for The provider client of an environment.
	 */
	public function __construct(
		private readonly PaymentRepository $payments,
		private readonly EntryWorkspaceRepository $workspace,
		private readonly EntryRepository $entries,
		private readonly FormRepository $forms,
		private readonly Closure $client_for
	) {}

	/**
	 * The payment of an entry with its refunds.
	 *
	 * @param int $entry_id Entry id.
	 * @return State
	 * @throws PaymentActionRefused When the entry has no payment.
	 */
	public function state( int $entry_id ): array {
		return $this->state_of( $this->require_payment( $entry_id ) );
	}

	/**
	 * Which actions apply to a payment now (the panel's buttons; the same rules refuse the REST calls).
	 *
	 * @param Payment      $payment Payment.
	 * @param list<Refund> $refunds Its refunds.
	 * @return array{capture: bool, void: bool, refund: bool, sync: bool}
	 */
	public static function actions( array $payment, array $refunds ): array {
		$authorized = PaymentStatus::AUTHORIZED === $payment['status'];
		$has_id     = is_string( $payment['provider_payment_id'] ?? null ) && '' !== $payment['provider_payment_id'];
		return array(
			'capture' => $authorized && $has_id,
			'void'    => $authorized && $has_id,
			'refund'  => $has_id && self::refundable_status( (string) $payment['status'] ) && self::refundable( $payment, $refunds ) > 0,
			'sync'    => $has_id,
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
	 * Captures an authorized payment (CompletePayment): authorized → paid.
	 *
	 * @param int $entry_id Entry id.
	 * @param int $user_id  Acting user.
	 * @return State
	 * @throws PaymentActionRefused When it does not apply or the provider refused or did not answer.
	 */
	public function capture( int $entry_id, int $user_id ): array {
		$payment = $this->require_authorized( $entry_id, __( 'Only an authorized payment can be captured.', 'kestrel-forms' ) );
		$token   = is_string( $payment['version_token'] ?? null ) && '' !== $payment['version_token'] ? $payment['version_token'] : null;
		try {
			$provider = $this->client( $payment )->complete_payment( (string) $payment['provider_payment_id'], $token );
		} catch ( ProviderError $e ) {
			throw $this->provider_refusal( $payment, $e, $user_id, __( 'The payment could not be captured', 'kestrel-forms' ) );
		}
		return $this->state_of( $this->apply_provider_payment( $payment, $provider, $user_id ) );
	}

	/**
	 * Voids an authorized payment (CancelPayment): authorized → voided, the hold is released.
	 *
	 * @param int $entry_id Entry id.
	 * @param int $user_id  Acting user.
	 * @return State
	 * @throws PaymentActionRefused When it does not apply or the provider refused or did not answer.
	 */
	public function void( int $entry_id, int $user_id ): array {
		$payment = $this->require_authorized( $entry_id, __( 'Only an authorized payment can be voided. A captured payment is refunded instead.', 'kestrel-forms' ) );
		try {
			$provider = $this->client( $payment )->cancel_payment( (string) $payment['provider_payment_id'] );
		} catch ( ProviderError $e ) {
			throw $this->provider_refusal( $payment, $e, $user_id, __( 'The payment could not be voided', 'kestrel-forms' ) );
		}
		return $this->state_of( $this->apply_provider_payment( $payment, $provider, $user_id ) );
	}

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
		$payment = $this->require_payment( $entry_id );
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
		$this->send_refund( $payment, (array) $refund, $user_id, true );
		return $this->state_of( $this->refresh( $payment, $user_id ) );
	}

	/**
	 * Fetches the payment from the provider and applies what changed (status forward only,
	 * refunds made elsewhere recorded, refunds whose answer was lost matched to the ones the
	 * payment names); then the refunds still unknown at the provider are sent again with their
	 * stored key and body, and the payment is read once more.
	 *
	 * @param int $entry_id Entry id.
	 * @param int $user_id  Acting user.
	 * @return State
	 * @throws PaymentActionRefused When the payment has no provider id or the provider did not answer.
	 */
	public function sync( int $entry_id, int $user_id ): array {
		$payment = $this->require_payment( $entry_id );
		if ( '' === (string) $payment['provider_payment_id'] ) {
			throw PaymentActionRefused::refused( __( 'This payment never reached the provider, so there is nothing to fetch.', 'kestrel-forms' ) );
		}
		try {
			$provider = $this->client( $payment )->get_payment( (string) $payment['provider_payment_id'] );
		} catch ( ProviderError $e ) {
			throw PaymentActionRefused::provider( self::unreachable( $e ) );
		}
		// First what the provider has: the refunds the payment names are read and matched to
		// ours (a pending refund whose answer was lost gets its id and status here).
		$payment = $this->apply_provider_payment( $payment, $provider, $user_id );
		$resent  = false;
		foreach ( $this->payments->refunds_for_payment( (int) $payment['id'] ) as $refund ) {
			if ( 'pending' === $refund['status'] && empty( $refund['provider_refund_id'] ) ) {
				// Still unknown at the provider: sent again with its key (a replay if it was made after all).
				try {
					$this->send_refund( $payment, $refund, $user_id, false );
					$resent = true;
				} catch ( PaymentActionRefused $e ) {
					continue; // Still no answer, or refused (recorded).
				}
			}
		}
		return $this->state_of( $resent ? $this->refresh( $payment, $user_id ) : $payment );
	}

	/**
	 * Applies a payment object from the provider (an answer, a fetch or a webhook) to the stored
	 * payment: refunds it names that are not known (or still pending) are read and recorded, the
	 * refunded amount never goes down, details are taken only from an object at least as new as
	 * the last one applied, and the status moves forward only.
	 *
	 * @param Payment              $payment  Stored payment.
	 * @param array<string, mixed> $provider Provider payment object.
	 * @param int                  $user_id  Acting user (0 for webhooks).
	 * @param bool                 $read_refunds Whether to read the refunds it names from the provider.
	 * @return Payment The stored payment afterwards.
	 */
	public function apply_provider_payment( array $payment, array $provider, int $user_id, bool $read_refunds = true ): array {
		if ( $read_refunds ) {
			foreach ( is_array( $provider['refund_ids'] ?? null ) ? $provider['refund_ids'] : array() as $refund_id ) {
				if ( ! is_string( $refund_id ) || '' === $refund_id ) {
					continue;
				}
				$known = $this->payments->find_refund_by_provider_id( $refund_id );
				if ( null !== $known && 'pending' !== $known['status'] ) {
					continue;
				}
				try {
					$this->apply_provider_refund( $payment, $this->client( $payment )->get_refund( $refund_id ), 0 );
				} catch ( ProviderError $e ) {
					continue; // The payment's refunded_money still counts it below.
				}
			}
		}
		$updated_at = is_string( $provider['updated_at'] ?? null ) ? $provider['updated_at'] : '';
		$fields     = array();
		if ( ! self::older( $updated_at, (string) ( $payment['provider_updated_at'] ?? '' ) ) ) {
			// The one cleaner of provider objects (receipt http(s) only, 4-digit last 4, brand name).
			$clean  = ProviderDetails::clean( $provider );
			$fields = array_filter(
				array_intersect_key( $clean, array_flip( array( 'provider_status', 'version_token', 'receipt_url', 'provider_updated_at' ) ) ),
				static fn( string $value ): bool => '' !== $value
			);
			foreach ( array( 'brand', 'last4' ) as $column ) {
				if ( '' === (string) $payment[ $column ] && '' !== $clean[ $column ] ) {
					$fields[ $column ] = $clean[ $column ];
				}
			}
		}
		// The refunded amount comes from the refunds themselves (read above), not from the
		// payment's refunded_money, which also counts refunds still pending.
		return $this->settle( $payment, is_string( $provider['status'] ?? null ) ? $provider['status'] : '', $fields, $user_id );
	}

	/**
	 * Records a refund object from the provider: our own refund (found by its provider id, or
	 * still waiting for it: same payment and amount, pending, no id yet) gets its id and final
	 * status; a refund made elsewhere (the provider's dashboard) is added without a user. A
	 * refund's status moves only from pending. Notes say what changed.
	 *
	 * @param Payment              $payment Stored payment.
	 * @param array<string, mixed> $refund  Provider refund object.
	 * @param int                  $user_id Acting user (0 for webhooks and fetches).
	 * @return bool Whether anything changed.
	 */
	public function apply_provider_refund( array $payment, array $refund, int $user_id ): bool {
		$provider_id = is_string( $refund['id'] ?? null ) ? $refund['id'] : '';
		$amount      = is_numeric( $refund['amount_money']['amount'] ?? null ) ? (int) $refund['amount_money']['amount'] : 0;
		$status      = self::refund_status( is_string( $refund['status'] ?? null ) ? $refund['status'] : '' );
		if ( '' === $provider_id || $amount < 1 ) {
			return false;
		}
		$known = $this->payments->find_refund_by_provider_id( $provider_id ) ?? $this->adopt( (int) $payment['id'], $amount, $provider_id );
		if ( null === $known ) {
			$id = $this->payments->insert_refund(
				array(
					'payment_id'         => (int) $payment['id'],
					'provider_refund_id' => $provider_id,
					// Not a key we send: unique per provider refund id, whatever its length.
					'idempotency_key'    => 'provider-' . substr( hash( 'sha256', $provider_id ), 0, 55 ),
					'amount_minor'       => $amount,
					'currency'           => (string) $payment['currency'],
					'status'             => $status,
					'reason'             => is_string( $refund['reason'] ?? null ) ? substr( $refund['reason'], 0, 255 ) : '',
					'user_id'            => 0,
				)
			);
			if ( $id > 0 ) {
				$this->note(
					$payment,
					$user_id,
					sprintf(
						/* translators: 1: amount, 2: refund status, 3: provider refund id. */
						__( 'Refund of %1$s made outside this site (e.g. in the payment provider\'s dashboard): %2$s (refund %3$s).', 'kestrel-forms' ),
						self::money( $amount, (string) $payment['currency'] ),
						self::refund_status_text( $status ),
						$provider_id
					)
				);
			}
			return $id > 0;
		}
		if ( 'pending' === $status || 'pending' !== $known['status'] || ! $this->payments->settle_refund( (int) $known['id'], $status ) ) {
			return false;
		}
		$this->note(
			$payment,
			$user_id,
			sprintf(
				/* translators: 1: amount, 2: refund status, 3: provider refund id. */
				__( 'Refund of %1$s %2$s (refund %3$s).', 'kestrel-forms' ),
				self::money( $amount, (string) $payment['currency'] ),
				self::refund_status_text( $status ),
				$provider_id
			)
		);
		return true;
	}

	/**
	 * Reads the payment from the provider and applies it; without an answer, the stored refunds
	 * alone settle the status.
	 *
	 * @param Payment $payment Stored payment.
	 * @param int     $user_id Acting user.
	 * @return Payment
	 */
	public function refresh( array $payment, int $user_id ): array {
		try {
			$provider = $this->client( $payment )->get_payment( (string) $payment['provider_payment_id'] );
		} catch ( ProviderError $e ) {
			$current = $this->payments->find( (int) $payment['id'] ) ?? $payment;
			return $this->settle( $current, (string) $current['provider_status'], array(), $user_id );
		}
		return $this->apply_provider_payment( $payment, $provider, $user_id );
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
	private function send_refund( array $payment, array $refund, int $user_id, bool $first ): void {
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
		$amount = self::money( (int) $refund['amount_minor'], (string) $payment['currency'] );
		try {
			try {
				$answer = $this->client( $payment )->refund_payment( $body );
			} catch ( ProviderError $e ) {
				if ( ! $e->is_unknown() ) {
					throw $e;
				}
				// No answer: the same key and body once more (the provider replays, never refunds twice).
				$answer = $this->client( $payment )->refund_payment( $body );
			}
		} catch ( ProviderError $e ) {
			if ( $e->is_unknown() ) {
				if ( $first ) {
					$this->note(
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
			$this->note(
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
		$changed = $this->apply_provider_refund( $payment, $answer, $user_id );
		if ( $first && ! $changed ) {
			$this->note(
				$payment,
				$user_id,
				sprintf(
					/* translators: 1: amount, 2: refund status. */
					__( 'Refund of %1$s asked for: %2$s.', 'kestrel-forms' ),
					$amount,
					self::refund_status_text( self::refund_status( is_string( $answer['status'] ?? null ) ? $answer['status'] : '' ) )
				)
			);
		}
	}

	/**
	 * Sets the refunded amount (the completed refunds; never lower) and moves the status forward
	 * when the provider's status says so; notes and fires the action when it moved.
	 *
	 * @param Payment              $payment         Stored payment.
	 * @param string               $provider_status Provider status ('' keeps the stored one).
	 * @param array<string, mixed> $fields          Other columns to write.
	 * @param int                  $user_id         Acting user.
	 * @return Payment The stored payment afterwards.
	 */
	private function settle( array $payment, string $provider_status, array $fields, int $user_id ): array {
		$completed = 0;
		foreach ( $this->payments->refunds_for_payment( (int) $payment['id'] ) as $refund ) {
			$completed += 'completed' === $refund['status'] ? (int) $refund['amount_minor'] : 0;
		}
		$refunded                 = min( (int) $payment['amount_minor'], max( (int) $payment['refunded_minor'], $completed ) );
		$fields['refunded_minor'] = $refunded;
		$provider_status          = '' !== $provider_status ? $provider_status : (string) $payment['provider_status'];
		$target                   = PaymentStatus::from_provider( $provider_status, (int) $payment['amount_minor'], $refunded );
		$from                     = (string) $payment['status'];
		$moves                    = null !== $target && PaymentStatus::can_move( $from, $target )
			&& ( $target !== $from || $refunded > (int) $payment['refunded_minor'] );
		$refund_move              = in_array( $target, array( PaymentStatus::PARTIALLY_REFUNDED, PaymentStatus::REFUNDED ), true );
		$moved                    = $moves && ( $refund_move
			? $this->payments->mark_refunded( (int) $payment['id'], (string) $target, $refunded, $fields )
			: $this->payments->mark_status( (int) $payment['id'], (string) $target, $fields ) );
		if ( $moved ) {
			$after = $this->payments->find( (int) $payment['id'] ) ?? $payment;
			$this->announce( $after, $from, $user_id );
			return $after;
		}
		// Not moved (nothing new, or another worker moved it first): the refunded amount is left
		// as stored, never written back lower.
		unset( $fields['refunded_minor'] );
		if ( $fields ) {
			$this->payments->update_details( (int) $payment['id'], $fields );
		}
		return $this->payments->find( (int) $payment['id'] ) ?? $payment;
	}

	/**
	 * The note and the action of a status move.
	 *
	 * @param Payment $payment Payment after the move.
	 * @param string  $from    Status before.
	 * @param int     $user_id Acting user.
	 */
	private function announce( array $payment, string $from, int $user_id ): void {
		$status = (string) $payment['status'];
		$amount = self::money( (int) $payment['amount_minor'], (string) $payment['currency'] );
		switch ( $status ) {
			case PaymentStatus::PAID:
				/* translators: %s: amount. */
				$note = PaymentStatus::AUTHORIZED === $from ? sprintf( __( 'Payment of %s captured.', 'kestrel-forms' ), $amount ) : sprintf( __( 'Payment of %s completed.', 'kestrel-forms' ), $amount );
				break;
			case PaymentStatus::VOIDED:
				/* translators: %s: amount. */
				$note = sprintf( __( 'Payment of %s voided: the hold on the card is released.', 'kestrel-forms' ), $amount );
				break;
			case PaymentStatus::FAILED:
				/* translators: %s: amount. */
				$note = sprintf( __( 'Payment of %s failed.', 'kestrel-forms' ), $amount );
				break;
			case PaymentStatus::PARTIALLY_REFUNDED:
			case PaymentStatus::REFUNDED:
				$note = sprintf(
					/* translators: 1: status, 2: refunded amount, 3: payment amount. */
					__( 'Payment %1$s: %2$s of %3$s refunded.', 'kestrel-forms' ),
					PaymentStatus::REFUNDED === $status ? __( 'refunded', 'kestrel-forms' ) : __( 'partially refunded', 'kestrel-forms' ),
					self::money( (int) $payment['refunded_minor'], (string) $payment['currency'] ),
					$amount
				);
				break;
			default:
				/* translators: 1: amount, 2: status. */
				$note = sprintf( __( 'Payment of %1$s is now %2$s.', 'kestrel-forms' ), $amount, str_replace( '_', ' ', $status ) );
		}
		$this->note( $payment, $user_id, $note );
		$action = self::STATUS_ACTIONS[ $status ] ?? null;
		$entry  = null !== $payment['entry_id'] ? $this->entries->find( (int) $payment['entry_id'] ) : null;
		$form   = $this->forms->find( (int) $payment['form_id'] );
		if ( null !== $action && null !== $entry && null !== $form ) {
			// One of kestrel_forms_payment_{completed|pending|failed|refunded|authorized|voided} (STATUS_ACTIONS).
			do_action( $action, PaymentRepository::public_row( $payment ), $entry, $form ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- every name is a kestrel_forms_ constant.
		}
	}

	/**
	 * Adds a note to the payment's entry.
	 *
	 * @param Payment $payment Payment.
	 * @param int     $user_id Author (0: the system, e.g. a webhook).
	 * @param string  $note    Text.
	 */
	private function note( array $payment, int $user_id, string $note ): void {
		if ( null !== $payment['entry_id'] ) {
			$this->workspace->add_note( (int) $payment['entry_id'], $user_id, $note );
		}
	}

	/**
	 * When the provider refused or did not answer a capture or void: the stored payment is brought
	 * up to date from the provider (it may have been captured or voided elsewhere, or expired),
	 * and the refusal explains.
	 *
	 * @param Payment       $payment Stored payment.
	 * @param ProviderError $e       Failure.
	 * @param int           $user_id Acting user.
	 * @param string        $what    "The payment could not be captured".
	 */
	private function provider_refusal( array $payment, ProviderError $e, int $user_id, string $what ): PaymentActionRefused {
		if ( $e->is_unknown() ) {
			return PaymentActionRefused::provider( self::unreachable( $e ) );
		}
		$this->refresh( $payment, $user_id );
		return PaymentActionRefused::refused(
			/* translators: 1: "The payment could not be captured", 2: the provider's reason. */
			sprintf( __( '%1$s: %2$s', 'kestrel-forms' ), $what, '' !== $e->detail() ? $e->detail() : $e->code() ),
			400
		);
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
				self::money( $available, (string) $payment['currency'] )
			),
			$available
		);
	}

	/**
	 * The payment of an entry.
	 *
	 * @param int $entry_id Entry id.
	 * @return Payment
	 * @throws PaymentActionRefused When there is none.
	 */
	private function require_payment( int $entry_id ): array {
		$payment = $this->payments->find_by_entry( $entry_id );
		if ( null === $payment ) {
			throw PaymentActionRefused::not_found();
		}
		return $payment;
	}

	/**
	 * The payment of an entry, which must be authorized (with a provider id).
	 *
	 * @param int    $entry_id Entry id.
	 * @param string $message  Refusal message otherwise.
	 * @return Payment
	 * @throws PaymentActionRefused When there is none or it is not authorized.
	 */
	private function require_authorized( int $entry_id, string $message ): array {
		$payment = $this->require_payment( $entry_id );
		if ( PaymentStatus::AUTHORIZED !== $payment['status'] || '' === (string) $payment['provider_payment_id'] ) {
			throw PaymentActionRefused::refused( $message );
		}
		return $payment;
	}

	/**
	 * A payment with its refunds.
	 *
	 * @param Payment $payment Payment.
	 * @return State
	 */
	private function state_of( array $payment ): array {
		$fresh = $this->payments->find( (int) $payment['id'] ) ?? $payment;
		return array(
			'payment' => $fresh,
			'refunds' => $this->payments->refunds_for_payment( (int) $fresh['id'] ),
		);
	}

	/**
	 * Our pending refund of this amount still waiting for its provider id (the provider's webhook
	 * can arrive before its answer to us), given that id now.
	 *
	 * @param int    $payment_id  Payment id.
	 * @param int    $amount      Minor units.
	 * @param string $provider_id Provider refund id.
	 * @return Refund|null
	 */
	private function adopt( int $payment_id, int $amount, string $provider_id ): ?array {
		foreach ( $this->payments->refunds_for_payment( $payment_id ) as $refund ) {
			if ( 'pending' === $refund['status'] && empty( $refund['provider_refund_id'] ) && $amount === (int) $refund['amount_minor']
				&& $this->payments->attach_provider_refund_id( (int) $refund['id'], $provider_id ) ) {
				return $this->payments->find_refund( (int) $refund['id'] );
			}
		}
		return null;
	}

	/**
	 * The provider client of the payment's environment.
	 *
	 * @param Payment $payment Payment.
	 */
	private function client( array $payment ): SquareClient {
		return ( $this->client_for )( (string) $payment['environment'] );
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
					self::money( (int) $known['amount_minor'], (string) $payment['currency'] )
				)
			);
		}
		return $this->state_of( $payment );
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

	/**
	 * Whether a payment in this status can be refunded.
	 *
	 * @param string $status Status.
	 */
	private static function refundable_status( string $status ): bool {
		return in_array( $status, array( PaymentStatus::PAID, PaymentStatus::PARTIALLY_REFUNDED ), true );
	}

	/**
	 * Our refund status for the provider's.
	 *
	 * @param string $status PENDING, COMPLETED, REJECTED or FAILED.
	 */
	private static function refund_status( string $status ): string {
		$status = strtolower( $status );
		return in_array( $status, array( 'completed', 'rejected', 'failed' ), true ) ? $status : 'pending';
	}

	/**
	 * A refund status in words.
	 *
	 * @param string $status pending, completed, rejected or failed.
	 */
	private static function refund_status_text( string $status ): string {
		switch ( $status ) {
			case 'completed':
				return __( 'completed', 'kestrel-forms' );
			case 'rejected':
				return __( 'rejected by the payment provider', 'kestrel-forms' );
			case 'failed':
				return __( 'failed', 'kestrel-forms' );
			default:
				return __( 'pending at the payment provider', 'kestrel-forms' );
		}
	}

	/**
	 * Whether a provider timestamp is older than another (RFC 3339; '' is never older and
	 * nothing is older than '').
	 *
	 * @param string $time  Timestamp.
	 * @param string $than  Timestamp.
	 */
	public static function older( string $time, string $than ): bool {
		$a = self::sortable( $time );
		$b = self::sortable( $than );
		return '' !== $a && '' !== $b && $a < $b;
	}

	/**
	 * An RFC 3339 timestamp as a string that sorts by time (UTC, microseconds), '' when unreadable.
	 *
	 * @param string $time Timestamp such as 2026-11-25T12:00:00.123456789Z.
	 */
	private static function sortable( string $time ): string {
		if ( ! preg_match( '/^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:?\d{2})?$/i', trim( $time ), $m ) ) {
			return '';
		}
		$zone = isset( $m[4] ) && 'Z' !== strtoupper( $m[4] ) ? $m[4] : '+00:00';
		try {
			$date = new \DateTimeImmutable( $m[1] . 'T' . $m[2] . $zone );
		} catch ( \Exception $e ) {
			return '';
		}
		return $date->setTimezone( new \DateTimeZone( 'UTC' ) )->format( 'Y-m-d H:i:s' ) . '.' . str_pad( substr( $m[3] ?? '', 0, 9 ), 9, '0' );
	}

	/**
	 * Money in the payment's currency ("$10.00").
	 *
	 * @param int    $minor    Minor units.
	 * @param string $currency ISO code.
	 */
	private static function money( int $minor, string $currency ): string {
		return Numbers::format_money( Decimal::from_minor_units( $minor, (int) Currencies::get( $currency )['decimals'] ), $currency );
	}

	/**
	 * Why the provider could not be reached.
	 *
	 * @param ProviderError $e Failure.
	 */
	private static function unreachable( ProviderError $e ): string {
		return 'auth' === $e->kind()
			? __( 'The payment provider refused the access token of this payment\'s environment. Check the credentials under Forms → Settings → Payments.', 'kestrel-forms' )
			: __( 'The payment provider did not answer. Please try again in a moment.', 'kestrel-forms' );
	}
}
