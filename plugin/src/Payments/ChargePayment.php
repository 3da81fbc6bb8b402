<?php
/**
 * Takes the money of a submission (the charge algorithm of payments-wave2 B.4).
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Payments;

use Closure;
use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Domain\Money\Currencies;
use Kestrel\Forms\Domain\Money\Decimal;
use Kestrel\Forms\Domain\Money\Numbers;
use Kestrel\Forms\Domain\Payments\ChargePlan;
use Kestrel\Forms\Domain\Payments\PaymentStatus;
use Kestrel\Forms\Domain\Payments\MethodEligibility;
use Kestrel\Forms\Domain\Payments\PaymentValue;
use Kestrel\Forms\Domain\Validation\SubmissionResult;
use Kestrel\Forms\Entries\PaymentText;
use Kestrel\Forms\Payments\Provider\ProviderError;
use Kestrel\Forms\Payments\Provider\SquareClient;
use Kestrel\Forms\Persistence\EntryWorkspaceRepository;
use Kestrel\Forms\Persistence\PaymentRepository;
use Kestrel\Forms\Security\RateLimiter;
use Kestrel\Forms\Settings\PaymentSettings;

/**
 * Called by Submissions\SubmitForm after validation and captcha, before the entry is written:
 *
 * 1. {@see self::authorize()}: the server's {@see ChargePlan} (never the browser's amount,
 *    currency or status); nothing to charge → null. Below the minimum → field error. Card-testing
 *    limit, configuration and the location's currency checked. An attempt row `processing` with a
 *    fresh idempotency key, the exact request JSON (and its hash) and the entry draft is stored
 *    BEFORE the provider is called; CreatePayment with `autocomplete: false`. A decline fails the
 *    attempt (its submission key is given back); an unknown outcome is retried twice with the
 *    same key and body, then cancelled by key ({@see PaymentRefused::not_taken()}).
 * 2. {@see self::attach()} runs inside the entry's transaction: the entry and the payment
 *    (status authorized/pending/paid) are committed together.
 * 3. {@see self::settle()} after the commit: CompletePayment in charge mode, notes, actions.
 *    {@see self::abandon()} voids an authorisation whose entry could not be stored.
 *
 * A crash between 1 and 2 leaves the attempt `processing` with the provider's payment: the
 * {@see ReconcileJob} replays the stored request (the provider returns the same payment) and
 * finishes it. Tokens go to the provider only; the entry, notes and the draft never hold one,
 * and the stored request body loses its source token once the attempt is settled.
 */
final class ChargePayment {

	/** Marks an attempt whose visitor was told nothing was taken: the reconcile job only voids it. */
	public const NOT_TAKEN = 'not_taken';

	/**
	 * Marks an ACH attempt whose entry could not be stored after the provider took the transfer:
	 * a PENDING bank payment cannot be cancelled, so the reconcile job writes its entry from the
	 * stored entry draft (as for an unknown outcome) instead of voiding it.
	 */
	public const ENTRY_NOT_STORED = 'entry_not_stored';

	/** Marks a bank payment the reconcile job cannot settle or cancel: the site owner checks it. */
	public const OWNER_REVIEW = 'owner_review';

	/** Marks a charge-mode payment whose capture got no answer: the reconcile job completes it. */
	public const CAPTURE_UNKNOWN = 'capture_unknown';

	/** The provider's source type of each method that is not a card's (stored with the attempt). */
	private const SOURCE_TYPES = array(
		'ach'              => 'BANK_ACCOUNT',
		'cashAppPay'       => 'WALLET',
		'afterpayClearpay' => 'BUY_NOW_PAY_LATER',
	);

	/**
	 * The provider calls (client, retries, voids, the location check).
	 *
	 * @var ChargeProvider
	 */
	private readonly ChargeProvider $provider;

	/**
	 * The capture and what follows it (finish()).
	 *
	 * @var FinishCharge
	 */
	private readonly FinishCharge $finisher;

	/**
	 * Builds the use case.
	 *
	 * @param PaymentRepository                    $payments   Payments.
	 * @param EntryWorkspaceRepository             $notes      Entry notes.
	 * @param PaymentSettings                      $settings   Credentials per environment.
	 * @param (Closure(string): SquareClient)|null $client_for The client of an environment (default ClientFactory).
	 * @param (Closure(int): void)|null            $pause      Waits some milliseconds (retry backoff).
	 */
	public function __construct(
		private readonly PaymentRepository $payments = new PaymentRepository(),
		private readonly EntryWorkspaceRepository $notes = new EntryWorkspaceRepository(),
		private readonly PaymentSettings $settings = new PaymentSettings(),
		?Closure $client_for = null,
		?Closure $pause = null
	) {
		$this->provider = new ChargeProvider( $client_for, $pause );
		$this->finisher = new FinishCharge( $this->payments, $this );
	}

	/**
	 * The payments repository (for the reconcile job and tests).
	 */
	public function repository(): PaymentRepository {
		return $this->payments;
	}

	/**
	 * The form's payment field, if any.
	 *
	 * @param Form $form The form.
	 * @return array<string, mixed>|null
	 */
	public static function payment_field( Form $form ): ?array {
		foreach ( $form->fields() as $field ) {
			if ( 'payment' === ( $field['type'] ?? '' ) ) {
				return $field;
			}
		}
		return null;
	}

	/**
	 * Whether a charge for this submission key is under way (an attempt in `processing`, or taken
	 * but its entry not written yet): the caller answers 409 instead of waiting.
	 *
	 * @param int    $form_id Form id.
	 * @param string $key     Submission key.
	 */
	public function in_progress( int $form_id, string $key ): bool {
		if ( '' === $key ) {
			return false;
		}
		$attempt = $this->payments->find_by_submission_key( $form_id, $key );
		return null !== $attempt && null === $attempt['entry_id']
			&& ( PaymentStatus::PROCESSING === $attempt['status'] || PaymentStatus::is_taken( (string) $attempt['status'] ) );
	}

	/**
	 * Whether the payment of a stored entry is still being completed by the worker that wrote the
	 * entry (the submitting request, or a reconcile run): a charge-mode authorisation whose
	 * settle() has not ended yet (settle() drops the entry draft when it ends, whether the capture
	 * worked or not). A repeat of the submission waits for it instead of answering "authorized"
	 * while the first answer says "paid". Bounded by age: a payment that stays so for
	 * {@see self::takeover_age()} seconds (its worker died mid-way) no longer counts.
	 *
	 * @param int $entry_id Entry id.
	 */
	public function settling( int $entry_id ): bool {
		$payment = $this->payments->find_by_entry( $entry_id );
		if ( null === $payment || PaymentStatus::AUTHORIZED !== $payment['status'] || 'charge' !== $payment['capture_mode'] || null === $payment['entry_draft'] ) {
			return false;
		}
		$since = strtotime( (string) $payment['updated_at'] . ' UTC' );
		return false !== $since && time() - $since < self::takeover_age();
	}

	/**
	 * Seconds after which a charge is no longer its request's: the reconcile job takes over a
	 * `processing` attempt, and a replay stops waiting for a completion (filter
	 * `kestrel_forms_payments_reconcile_age`, default {@see self::longest_request()}).
	 */
	public static function takeover_age(): int {
		/** This filter is documented in plugin/src/Payments/ReconcileJob.php */
		return max( 0, (int) apply_filters( 'kestrel_forms_payments_reconcile_age', self::longest_request() ) );
	}

	/**
	 * The default take-over age: longer than a request can keep acting on its attempt between two
	 * writes — three CreatePayment tries and three cancels (or a capture, its read back and a
	 * second capture), each bounded by the time-out (filter `kestrel_forms_payments_timeout`), the
	 * waits between them, and a margin; at least two minutes.
	 */
	private static function longest_request(): int {
		/** This filter is documented in plugin/src/Payments/Provider/SquareClient.php */
		$timeout = (float) apply_filters( 'kestrel_forms_payments_timeout', SquareClient::DEFAULT_TIMEOUT, '' );
		/** This filter is documented in ChargeProvider::create_with_retries(). */
		$delays = array_map( 'intval', array_values( (array) apply_filters( 'kestrel_forms_payments_retry_delays', array( 300, 1200 ) ) ) );
		$tries  = count( $delays ) + 1;
		return max( 2 * MINUTE_IN_SECONDS, (int) ceil( 2 * $tries * max( 1.0, $timeout ) + 2 * array_sum( $delays ) / 1000 ) + 30 );
	}

	/**
	 * Steps 2–6 of B.4 up to the authorisation. Returns null when nothing is to be charged (no
	 * payment field, hidden, amount 0), else the attempt row, still `processing`, with the
	 * provider's payment (APPROVED, or PENDING/COMPLETED) recorded on it.
	 *
	 * @param Form                 $form      The form.
	 * @param SubmissionResult     $result    The server's validation (visibility, pricing).
	 * @param array<mixed, mixed>  $raw       Submitted values (the token is read here, only).
	 * @param string               $key       Submission key ('' for none).
	 * @param string               $client    Client address (card-testing limit).
	 * @param array<string, mixed> $draft     What the entry write needs (no token), for the reconcile job.
	 * @return array<string, mixed>|null The attempt.
	 * @throws PaymentRefused When no payment was taken.
	 */
	public function authorize( Form $form, SubmissionResult $result, array $raw, string $key, string $client, array $draft ): ?array {
		$field = self::payment_field( $form );
		if ( null === $field ) {
			return null;
		}
		$field_id = (string) $field['id'];
		$plan     = ChargePlan::for_field( $field, ! empty( $result->visible[ (int) $field['id'] ] ), $result->pricing );
		if ( ChargePlan::BELOW_MINIMUM === $plan->kind ) {
			throw PaymentRefused::below_minimum( $field_id, PaymentMessages::below_minimum( $plan->minimum, $plan->currency ) );
		}
		if ( ! $plan->charges() ) {
			return null;
		}
		$scope = (string) $form->id;
		$wait  = RateLimiter::exceeded( 'payment_failure', $client, $scope );
		if ( null !== $wait ) {
			throw PaymentRefused::rate_limited( $wait );
		}
		$value = PaymentValue::read( $raw[ $field_id ] ?? null, $field );
		if ( ! $value instanceof PaymentValue ) {
			// The validator refuses this first; kept for callers that skip it.
			throw PaymentRefused::declined( $field_id, 'missing_token', PaymentMessages::decline( '' ) );
		}
		if ( '' !== $key && $this->in_progress( $form->id, $key ) ) {
			throw PaymentRefused::in_progress( PaymentMessages::in_progress() );
		}

		$active      = $this->settings->active();
		$environment = $active['environment'];
		if ( '' === $active['location_id'] || '' === $active['access_token'] ) {
			throw PaymentRefused::unavailable( 'no_credentials', PaymentMessages::unavailable() );
		}
		$client_api = $this->client( $environment );
		$location   = $this->provider->check_location( $client_api, $environment, $active['location_id'], $active['access_token'], $plan->currency );
		$refusal    = MethodEligibility::reason( $value->method, $plan->currency, $location['country'] );
		if ( '' !== $refusal ) {
			throw PaymentRefused::method_not_offered( $field_id, $refusal, PaymentMessages::method_not_offered( $value->method ) );
		}
		if ( 'afterpayClearpay' === $value->method && ! AfterpayLimits::within( $plan->amount_minor, $plan->currency ) ) {
			// The server's total decides (never the browser's): outside the limits, nothing is charged.
			throw PaymentRefused::outside_limits( $field_id, PaymentMessages::afterpay_outside_limits( $plan->currency ) );
		}

		$attempt_key = wp_generate_uuid4();
		// ACH cannot be authorised now and captured later (the provider refuses autocomplete
		// false for a bank account): it always charges, whatever the field's capture mode.
		$capture = 'authorize' === ( $field['captureMode'] ?? 'charge' ) && ! ChargeRequest::always_completes( $value ) ? 'authorize' : 'charge';
		$id      = $this->payments->create_attempt(
			array(
				'form_id'        => $form->id,
				'submission_key' => '' !== $key ? $key : null,
				'attempt_key'    => $attempt_key,
				'environment'    => $environment,
				'method'         => $value->method,
				'source_type'    => self::SOURCE_TYPES[ $value->method ] ?? 'CARD',
				'capture_mode'   => $capture,
				'amount_minor'   => $plan->amount_minor,
				'currency'       => $plan->currency,
				'entry_draft'    => (string) wp_json_encode( $draft, JSON_UNESCAPED_UNICODE ),
			)
		);
		if ( 0 === $id ) {
			// The unique (form, submission key) index: another request is charging this submission.
			throw PaymentRefused::in_progress( PaymentMessages::in_progress() );
		}
		$body = ChargeRequest::body( $form, $field, $result, $plan, $value, $attempt_key, $id, $active['location_id'], $draft );
		$json = SquareClient::encode( $body );
		$this->payments->update_details(
			$id,
			array(
				'request_body' => $json,
				'request_hash' => hash( 'sha256', $json ),
			)
		);

		try {
			$payment = $this->create_with_retries( $client_api, $json );
		} catch ( ProviderError $e ) {
			$this->refuse( $id, $e, $client_api, $attempt_key, $field_id, $client, $scope );
		}
		$recorded = $this->record( $id, $payment, $plan->amount_minor, $plan->currency );
		if ( null === $recorded && 'ach' === $value->method && PaymentStatus::FAILED !== PaymentStatus::from_provider( (string) ( $payment['status'] ?? '' ), $plan->amount_minor ) ) {
			// A bank transfer cannot be cancelled: never "voided" while it may settle. The attempt
			// stays processing for the reconcile job, which leaves it to the site owner.
			$this->payments->update_details(
				$id,
				array(
					'provider_payment_id' => is_string( $payment['id'] ?? null ) ? $payment['id'] : null,
					'error_code'          => self::OWNER_REVIEW,
					'error_detail'        => 'The provider answered with a bank payment that does not match the request; it cannot be cancelled: check it in the provider\'s dashboard.',
				)
			);
			$this->payments->release_submission_key( $id );
			throw PaymentRefused::not_taken( PaymentMessages::not_confirmed() );
		}
		if ( null === $recorded ) {
			// Not the payment asked for (amount, currency or a failed status): never keep it.
			if ( ! $this->provider->void( $client_api, (string) ( $payment['id'] ?? '' ), $attempt_key ) ) {
				$this->leave_to_reconcile( $id, 'The provider answered with a payment that does not match the request; its cancel was not confirmed.' );
				throw PaymentRefused::not_taken( PaymentMessages::not_confirmed() );
			}
			$this->close( $id, PaymentStatus::VOIDED, 'unexpected_payment', 'The provider answered with a payment that does not match the request.' );
			throw PaymentRefused::not_taken( PaymentMessages::not_taken() );
		}
		$attempt = (array) $this->payments->find( $id );

		/**
		 * Fires after the provider authorised a submission's payment, before its entry is written.
		 * For tests that simulate a crash at this point (the reconcile job must finish it).
		 *
		 * @param array<string, mixed> $attempt The attempt row.
		 */
		do_action( 'kestrel_forms_payments_after_authorize', $attempt );
		return $attempt;
	}

	/**
	 * Inside the entry's transaction: attaches the entry and moves the attempt to the status the
	 * provider reported (authorized, pending or paid). False undoes the entry.
	 *
	 * @param array<string, mixed> $attempt  The attempt from authorize().
	 * @param int                  $entry_id The new entry's id.
	 */
	public function attach( array $attempt, int $entry_id ): bool {
		$id = (int) $attempt['id'];
		if ( ! $this->payments->attach_entry( $id, $entry_id ) ) {
			return false;
		}
		$status = PaymentStatus::from_provider( (string) $attempt['provider_status'], (int) $attempt['amount_minor'] ) ?? PaymentStatus::AUTHORIZED;
		return $this->payments->mark_status( $id, $status );
	}

	/**
	 * After the entry is committed: CompletePayment in charge mode (→ paid), the notes on the
	 * entry and the actions. A capture that fails leaves the payment authorised (the manager
	 * captures it from the entry; a note says so).
	 *
	 * A status move is announced (note and `kestrel_forms_payment_*` action) only when this call,
	 * or the attach() before it, made it: when another worker (a webhook, a Sync, the reconcile
	 * job) moved the payment first, that worker announced it and nothing is announced twice.
	 *
	 * @param array<string, mixed> $attempt The attempt from authorize().
	 * @param Entry                $entry   The stored entry.
	 * @param Form                 $form    The form.
	 * @return array<string, mixed> The payment row as it is now.
	 */
	public function settle( array $attempt, Entry $entry, Form $form ): array {
		if ( 'ach' !== ( $attempt['method'] ?? '' ) ) {
			// A bank payment is never authorised: its first note is "Payment pending".
			$this->note( $entry->id, $this->describe( __( 'Payment authorized', 'kestrel-forms' ), (array) $this->payments->find( (int) $attempt['id'] ) ) );
		}
		return $this->finish( $attempt, $entry, $form );
	}

	/**
	 * The rest of settle() after its first note: the capture in charge mode, the token redacted, the draft
	 * dropped, the move announced. The reconcile job calls it for a charge-mode payment left
	 * authorized (its request ended before settle() did, or the capture's outcome stayed
	 * unknown): then a capture that stays unknown adds no note again.
	 *
	 * @param array<string, mixed> $attempt The attempt (or the payment row).
	 * @param Entry                $entry   The stored entry.
	 * @param Form                 $form    The form.
	 * @param bool                 $again   Whether this is the reconcile job's retry.
	 * @return array<string, mixed> The payment row as it is now.
	 */
	public function finish( array $attempt, Entry $entry, Form $form, bool $again = false ): array {
		return $this->finisher->finish( $attempt, $entry, $form, $again );
	}

	/**
	 * The entry could not be stored after the authorisation: void the payment, close the attempt
	 * and give its submission key back (an ACH payment is never voided: it is left to the
	 * reconcile job, which writes its entry). An attempt that another worker attached to an entry
	 * meanwhile (the reconcile job wrote the entry of this submission key), or settled, is left
	 * alone: nothing is cancelled at the provider and nothing changes here. When the cancel is
	 * not confirmed the attempt stays `processing`, marked {@see self::NOT_TAKEN}, and the
	 * reconcile job cancels it later.
	 *
	 * @param array<string, mixed> $attempt The attempt from authorize().
	 */
	public function abandon( array $attempt ): void {
		$id  = (int) $attempt['id'];
		$now = $this->payments->find( $id );
		if ( null === $now || null !== $now['entry_id'] || PaymentStatus::PROCESSING !== $now['status'] ) {
			return;
		}
		if ( 'ach' === $now['method'] ) {
			// ACH always completes (Square cannot cancel a PENDING bank payment): the money is on
			// its way, so the entry must exist. The attempt stays processing with its key and
			// entry draft; the reconcile job replays the request (the provider answers the same
			// payment) and writes the entry from the draft. Never marked voided.
			$this->payments->update_details(
				$id,
				array(
					'error_code'   => self::ENTRY_NOT_STORED,
					'error_detail' => 'The entry could not be stored after the bank payment was taken; the reconcile job writes it.',
				)
			);
			return;
		}
		if ( ! $this->provider->void( $this->client( (string) $now['environment'] ), (string) $now['provider_payment_id'], (string) $now['attempt_key'] ) ) {
			$this->leave_to_reconcile( $id, 'The entry could not be stored; the cancel of the authorization was not confirmed.' );
			return;
		}
		$this->close( $id, PaymentStatus::VOIDED, 'entry_not_stored', 'The entry could not be stored; the authorization was voided.' );
	}

	/**
	 * A cancel that was not confirmed: the attempt stays `processing`, marked
	 * {@see self::NOT_TAKEN} (the reconcile job only ever cancels it by key), its submission key
	 * is given back for the visitor's retry and its personal data dropped.
	 *
	 * @param int    $id     Attempt id.
	 * @param string $detail Why (no secrets).
	 */
	private function leave_to_reconcile( int $id, string $detail ): void {
		$this->payments->update_details(
			$id,
			array(
				'error_code'   => self::NOT_TAKEN,
				'error_detail' => $detail,
			)
		);
		$this->payments->release_submission_key( $id );
		$this->forget_without_entry( $id );
	}

	/**
	 * Fires the payment action of a payment's status (with its entry and form).
	 *
	 * @param array<string, mixed> $payment The payment row.
	 * @param Entry                $entry   Its entry.
	 * @param Form                 $form    The form.
	 */
	public static function announce( array $payment, Entry $entry, Form $form ): void {
		$actions = array(
			PaymentStatus::AUTHORIZED         => 'authorized',
			PaymentStatus::PENDING            => 'pending',
			PaymentStatus::PAID               => 'completed',
			PaymentStatus::FAILED             => 'failed',
			PaymentStatus::VOIDED             => 'voided',
			PaymentStatus::REFUNDED           => 'refunded',
			PaymentStatus::PARTIALLY_REFUNDED => 'refunded',
		);
		$name    = $actions[ (string) $payment['status'] ] ?? null;
		if ( null !== $name ) {
			/**
			 * Fires when a payment of an entry is authorized, pending, completed, failed, voided or
			 * refunded (`kestrel_forms_payment_{completed|pending|failed|refunded|authorized|voided}`).
			 *
			 * @param array<string, mixed> $payment The payment row (no token).
			 * @param Entry                $entry   The entry.
			 * @param Form                 $form    The form.
			 */
			do_action( 'kestrel_forms_payment_' . $name, self::public_row( $payment ), $entry, $form );
		}
	}

	/**
	 * The client of an environment.
	 *
	 * @param string $environment sandbox or production.
	 */
	public function client( string $environment ): SquareClient {
		return $this->provider->client( $environment );
	}

	/**
	 * CreatePayment with the same key and body until the outcome is known: the first call and two
	 * retries after a short wait (filter `kestrel_forms_payments_retry_delays`, milliseconds).
	 *
	 * @param SquareClient $client The client.
	 * @param string       $json   The exact request JSON.
	 * @return array<string, mixed> The payment.
	 * @throws ProviderError The last error (unknown), or the first known one.
	 */
	public function create_with_retries( SquareClient $client, string $json ): array {
		return $this->provider->create_with_retries( $client, $json );
	}

	/**
	 * CancelPaymentByIdempotencyKey, retried like CreatePayment while its outcome is unknown (it is
	 * idempotent: cancelling twice, or cancelling nothing, succeeds).
	 *
	 * @param SquareClient $client      The client.
	 * @param string       $attempt_key The CreatePayment key.
	 * @throws ProviderError When the cancel could not be confirmed.
	 */
	public function cancel_with_retries( SquareClient $client, string $attempt_key ): void {
		$this->provider->cancel_with_retries( $client, $attempt_key );
	}

	/**
	 * Records the provider's payment on the attempt (status stays `processing` until the entry is
	 * attached). Null when the payment is not the one asked for or not taken.
	 *
	 * @param int                  $id       Attempt id.
	 * @param array<string, mixed> $payment  Provider payment.
	 * @param int                  $amount   Amount asked for.
	 * @param string               $currency Currency asked for.
	 * @return array<string, mixed>|null The details written.
	 */
	public function record( int $id, array $payment, int $amount, string $currency ): ?array {
		$money  = is_array( $payment['amount_money'] ?? null ) ? $payment['amount_money'] : array();
		$status = PaymentStatus::from_provider( (string) ( $payment['status'] ?? '' ), $amount );
		if ( (int) ( $money['amount'] ?? -1 ) !== $amount || strtoupper( (string) ( $money['currency'] ?? '' ) ) !== $currency
			|| ! in_array( $status, array( PaymentStatus::AUTHORIZED, PaymentStatus::PENDING, PaymentStatus::PAID ), true )
			|| ! is_string( $payment['id'] ?? null ) || '' === $payment['id'] ) {
			return null;
		}
		$details = self::details( $payment );
		$this->payments->update_details( $id, $details );
		return $details;
	}

	/**
	 * Closes an attempt that took no money: status, error, key given back, token removed.
	 *
	 * @param int    $id     Attempt id.
	 * @param string $status failed or voided.
	 * @param string $code   Error code.
	 * @param string $detail Error detail (no secrets).
	 */
	public function close( int $id, string $status, string $code, string $detail ): void {
		$row = $this->payments->find( $id );
		if ( null === $row || null !== $row['entry_id'] ) {
			return; // A payment of an entry is never closed here (its entry's actions void it).
		}
		$this->payments->mark_status(
			$id,
			$status,
			array(
				'error_code'   => substr( $code, 0, 100 ),
				'error_detail' => $detail,
			)
		);
		$this->payments->release_submission_key( $id );
		$this->redact( $id );
		$this->forget_without_entry( $id );
	}

	/**
	 * An attempt that took no money and has no entry keeps no personal data: its draft and the
	 * buyer's details in its stored request are removed at once.
	 *
	 * @param int $id Attempt id.
	 */
	private function forget_without_entry( int $id ): void {
		$row = $this->payments->find( $id );
		if ( null !== $row && null === $row['entry_id'] ) {
			$this->payments->forget_personal_data( $id );
		}
	}

	/**
	 * Replaces the source and verification tokens in the stored request body once the attempt is
	 * settled (the hash of the exact request stays). A `processing` attempt keeps them: the
	 * reconcile job must replay the exact body.
	 *
	 * @param int $id Attempt id.
	 */
	public function redact( int $id ): void {
		$row = $this->payments->find( $id );
		if ( null === $row || PaymentStatus::PROCESSING === $row['status'] || ! is_string( $row['request_body'] ) ) {
			return;
		}
		$body = json_decode( $row['request_body'], true );
		if ( ! is_array( $body ) || ( ! isset( $body['source_id'] ) && ! isset( $body['verification_token'] ) ) ) {
			return;
		}
		foreach ( array( 'source_id', 'verification_token' ) as $secret ) {
			if ( isset( $body[ $secret ] ) ) {
				$body[ $secret ] = '[redacted]';
			}
		}
		$this->payments->update_details( $id, array( 'request_body' => SquareClient::encode( $body ) ) );
	}

	/**
	 * Adds a note (user 0) to an entry.
	 *
	 * @param int    $entry_id Entry id.
	 * @param string $text     Note.
	 */
	public function note( int $entry_id, string $text ): void {
		$this->notes->add_note( $entry_id, 0, $text );
	}

	/**
	 * A note's text for a payment: "Payment completed: $30.00 (VISA •••• 1111), id PAY…".
	 *
	 * @param string               $what    What happened.
	 * @param array<string, mixed> $payment Payment row.
	 */
	public function describe( string $what, array $payment ): string {
		$currency = (string) $payment['currency'];
		$amount   = Numbers::format_money( Decimal::from_minor_units( (int) $payment['amount_minor'], (int) Currencies::get( $currency )['decimals'] ), $currency );
		$account  = in_array( $payment['method'] ?? '', array( 'ach', 'cashAppPay', 'afterpayClearpay' ), true ) ? PaymentText::card(
			array(
				'brand'  => (string) $payment['brand'],
				'last4'  => (string) $payment['last4'],
				'method' => (string) $payment['method'],
			)
		) : '';
		$card     = '' !== $account ? ' (' . $account . ')' : ( '' !== (string) $payment['last4'] ? sprintf( ' (%s •••• %s)', (string) $payment['brand'], (string) $payment['last4'] ) : '' );
		$mode     = 'production' === $payment['environment'] ? '' : ' [' . __( 'sandbox', 'kestrel-forms' ) . ']';
		return sprintf(
			/* translators: 1: what happened, 2: amount, 3: card, 4: provider payment id, 5: mode. */
			__( '%1$s: %2$s%3$s, transaction %4$s%5$s.', 'kestrel-forms' ),
			$what,
			$amount,
			$card,
			(string) $payment['provider_payment_id'],
			$mode
		);
	}

	/**
	 * A payment row without the stored request and draft (for actions and listeners).
	 *
	 * @param array<string, mixed> $payment Payment row.
	 * @return array<string, mixed>
	 */
	public static function public_row( array $payment ): array {
		return PaymentRepository::public_row( $payment ); // Shared with PaymentActions (H11).
	}

	/**
	 * The columns a provider payment object fills: provider id and status, card brand and last 4,
	 * receipt, version token, delay deadline, update time. Never a card number or token.
	 *
	 * @param array<string, mixed> $payment Provider payment.
	 * @return array<string, mixed>
	 */
	public static function details( array $payment ): array {
		return ProviderDetails::clean( $payment ); // The one cleaner, shared with PaymentActions (H11).
	}

	/**
	 * A failed CreatePayment: closes the attempt and throws the visitor's answer.
	 *
	 * @param int           $id          Attempt id.
	 * @param ProviderError $e           The error.
	 * @param SquareClient  $client_api  The client.
	 * @param string        $attempt_key Idempotency key.
	 * @param string        $field_id    Payment field id.
	 * @param string        $client      Client address.
	 * @param string        $scope       Rate-limit scope (form id).
	 * @throws PaymentRefused Always.
	 */
	private function refuse( int $id, ProviderError $e, SquareClient $client_api, string $attempt_key, string $field_id, string $client, string $scope ): never {
		if ( $e->is_unknown() ) {
			// Still unknown after the retries: void whatever the key made; the visitor may retry.
			try {
				$this->cancel_with_retries( $client_api, $attempt_key );
				$this->close( $id, PaymentStatus::VOIDED, $e->code(), 'Outcome unknown after retries; cancelled by idempotency key.' );
			} catch ( ProviderError $cancel ) {
				// The cancel was not confirmed either: the reconcile job cancels it later (it only
				// voids an attempt marked NOT_TAKEN), and the submission key is free for a retry.
				// Only ever voided by key from now on: neither the draft nor the buyer is needed.
				$this->leave_to_reconcile( $id, 'Outcome unknown; cancel by idempotency key not confirmed (' . $cancel->code() . ').' );
				throw PaymentRefused::not_taken( PaymentMessages::not_confirmed() );
			}
			throw PaymentRefused::not_taken( PaymentMessages::not_taken() );
		}
		if ( null !== $e->payment() ) {
			// The declined payment's id, card brand and last 4, for the site owner's records.
			$this->payments->update_details( $id, self::details( $e->payment() ) );
		}
		$this->close( $id, PaymentStatus::FAILED, $e->code(), $e->detail() );
		if ( ProviderError::AUTH === $e->kind() ) {
			throw PaymentRefused::unavailable( 'auth', PaymentMessages::unavailable() );
		}
		if ( ! ChargeProvider::is_visitors_error( $e ) ) {
			// The merchant's set-up (location, currency, amount rules…), not the card: no decline
			// and nothing counted against the visitor.
			throw PaymentRefused::unavailable( 'provider_refused', PaymentMessages::unavailable() );
		}
		RateLimiter::hit( 'payment_failure', $client, null, $scope );
		$public = self::public_decline_code( $e->code() );
		// A plain refusal by the issuer is told as such; a masked reason (security code, postal
		// code, funds) gets the neutral "check the details or try another card".
		$plain = $public === $e->code() || in_array( $e->code(), array( 'GENERIC_DECLINE', 'CARD_DECLINED' ), true );
		throw PaymentRefused::declined( $field_id, $public, PaymentMessages::decline( $plain ? $e->code() : '' ) );
	}

	/**
	 * The decline code the visitor is told (`data.payment.code`): GENERIC_DECLINE for every card
	 * decline (a CVV, postal code or funds answer would help card testers), the exact code only
	 * for token errors and a required verification (the visitor's script acts on those). The
	 * exact code stays on the attempt and in its notes.
	 *
	 * @param string $code Provider code.
	 */
	public static function public_decline_code( string $code ): string {
		return ChargeProvider::public_decline_code( $code );
	}
}
