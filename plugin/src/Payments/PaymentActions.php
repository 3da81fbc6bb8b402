<?php
/**
 * What happens to a payment after the charge: capture, void, refund, sync.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Payments;

use Closure;
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
 * Capture, void and sync are here; the refund verb is {@see RefundPayment}; what they share
 * (applying the provider's objects, notes, the actions) is {@see PaymentLedger}.
 *
 * @phpstan-type Payment array<string, mixed>
 * @phpstan-type Refund array<string, mixed>
 * @phpstan-type State array{payment: Payment, refunds: list<Refund>}
 */
final class PaymentActions {

	/** What a client request key looks like (the REST route checks it too). */
	public const REQUEST_KEY_PATTERN = RefundPayment::REQUEST_KEY_PATTERN;

	/**
	 * Applies the provider's objects, notes, fires the actions.
	 *
	 * @var PaymentLedger
	 */
	private readonly PaymentLedger $ledger;

	/**
	 * The refund verb.
	 *
	 * @var RefundPayment
	 */
	private readonly RefundPayment $refunds;

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
		EntryWorkspaceRepository $workspace,
		EntryRepository $entries,
		FormRepository $forms,
		Closure $client_for
	) {
		$this->ledger  = new PaymentLedger( $payments, $workspace, $entries, $forms, $client_for );
		$this->refunds = new RefundPayment( $payments, $this->ledger );
	}

	/**
	 * The payment of an entry with its refunds.
	 *
	 * @param int $entry_id Entry id.
	 * @return State
	 * @throws PaymentActionRefused When the entry has no payment.
	 */
	public function state( int $entry_id ): array {
		return $this->ledger->state_of( $this->ledger->require_payment( $entry_id ) );
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
			'refund'  => $has_id && RefundPayment::refundable_status( (string) $payment['status'] ) && self::refundable( $payment, $refunds ) > 0,
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
		return RefundPayment::refundable( $payment, $refunds );
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
			$provider = $this->ledger->client( $payment )->complete_payment( (string) $payment['provider_payment_id'], $token );
		} catch ( ProviderError $e ) {
			throw $this->provider_refusal( $payment, $e, $user_id, __( 'The payment could not be captured', 'kestrel-forms' ) );
		}
		return $this->ledger->state_of( $this->apply_provider_payment( $payment, $provider, $user_id ) );
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
			$provider = $this->ledger->client( $payment )->cancel_payment( (string) $payment['provider_payment_id'] );
		} catch ( ProviderError $e ) {
			throw $this->provider_refusal( $payment, $e, $user_id, __( 'The payment could not be voided', 'kestrel-forms' ) );
		}
		return $this->ledger->state_of( $this->apply_provider_payment( $payment, $provider, $user_id ) );
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
		return $this->refunds->refund( $entry_id, $amount, $reason, $user_id, $request_key );
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
		$payment = $this->ledger->require_payment( $entry_id );
		if ( '' === (string) $payment['provider_payment_id'] ) {
			throw PaymentActionRefused::refused( __( 'This payment never reached the provider, so there is nothing to fetch.', 'kestrel-forms' ) );
		}
		try {
			$provider = $this->ledger->client( $payment )->get_payment( (string) $payment['provider_payment_id'] );
		} catch ( ProviderError $e ) {
			throw PaymentActionRefused::provider( PaymentLedger::unreachable( $e ) );
		}
		// First what the provider has: the refunds the payment names are read and matched to
		// ours (a pending refund whose answer was lost gets its id and status here).
		$payment = $this->apply_provider_payment( $payment, $provider, $user_id );
		$resent  = false;
		foreach ( $this->payments->refunds_for_payment( (int) $payment['id'] ) as $refund ) {
			if ( 'pending' === $refund['status'] && empty( $refund['provider_refund_id'] ) ) {
				// Still unknown at the provider: sent again with its key (a replay if it was made after all).
				try {
					$this->refunds->send( $payment, $refund, $user_id, false );
					$resent = true;
				} catch ( PaymentActionRefused $e ) {
					continue; // Still no answer, or refused (recorded).
				}
			}
		}
		return $this->ledger->state_of( $resent ? $this->refresh( $payment, $user_id ) : $payment );
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
		return $this->ledger->apply_provider_payment( $payment, $provider, $user_id, $read_refunds );
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
		return $this->ledger->apply_provider_refund( $payment, $refund, $user_id );
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
		return $this->ledger->refresh( $payment, $user_id );
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
			return PaymentActionRefused::provider( PaymentLedger::unreachable( $e ) );
		}
		$this->ledger->refresh( $payment, $user_id );
		return PaymentActionRefused::refused(
			/* translators: 1: "The payment could not be captured", 2: the provider's reason. */
			sprintf( __( '%1$s: %2$s', 'kestrel-forms' ), $what, '' !== $e->detail() ? $e->detail() : $e->code() ),
			400
		);
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
		$payment = $this->ledger->require_payment( $entry_id );
		if ( PaymentStatus::AUTHORIZED !== $payment['status'] || '' === (string) $payment['provider_payment_id'] ) {
			throw PaymentActionRefused::refused( $message );
		}
		return $payment;
	}

	/**
	 * Whether a provider timestamp is older than another (RFC 3339; '' is never older and
	 * nothing is older than '').
	 *
	 * @param string $time  Timestamp.
	 * @param string $than  Timestamp.
	 */
	public static function older( string $time, string $than ): bool {
		return PaymentLedger::older( $time, $than );
	}
}
