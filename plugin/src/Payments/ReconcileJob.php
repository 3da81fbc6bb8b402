<?php
/**
 * Finishes or voids payment attempts left in `processing`.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Payments;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Domain\Payments\PaymentStatus;
use Kestrel\Forms\Feeds\FeedRegistry;
use Kestrel\Forms\Payments\Provider\ProviderError;
use Kestrel\Forms\Persistence\EntryRepository;
use Kestrel\Forms\Persistence\EntryWorkspaceRepository;
use Kestrel\Forms\Persistence\FormRepository;
use Kestrel\Forms\Uploads\UploadStore;

/**
 * An attempt stays `processing` only when the PHP worker that charged it died between the
 * provider's answer and the entry write (or before it knew the answer). Every 5 minutes (WP-Cron
 * hook {@see self::HOOK}), from `POST /kestrel-forms/v1/payments/reconcile` and from
 * `wp kestrel-forms payments reconcile`, attempts made and last touched longer ago than the
 * take-over age (filter `kestrel_forms_payments_reconcile_age`, seconds; default longer than a
 * request's provider calls can take, {@see ChargePayment::takeover_age()}) are settled, each
 * after a claim (a conditional UPDATE of its `updated_at`: of two overlapping runs, one acts):
 *
 * - the stored request is sent again with its stored key: the provider returns the payment it
 *   made (or makes it now). Approved/completed → the entry is written from the stored draft and
 *   attached in one transaction, then completed in charge mode (`finished`);
 * - declined or refused → `failed`;
 * - still unknown → cancelled by idempotency key → `voided`; an attempt whose visitor was already
 *   told that nothing was taken is only ever voided.
 *
 * Because the provider replays by key, a re-sent request never authorises twice.
 *
 * Charge-mode payments of an entry left authorized (the request ended between the entry's
 * commit and the end of its capture, or the capture's outcome stayed unknown) are completed
 * (→ paid, note and action once, token redacted, draft dropped).
 *
 * Each run also looks at authorized payments near the provider's void deadline
 * ({@see self::check_authorizations()}).
 */
final class ReconcileJob {

	public const HOOK     = 'kestrel_forms_payments_reconcile';
	public const SCHEDULE = 'kestrel_five_minutes';

	/** Option name prefix (+ the payment's attempt key) marking that its expiry warning was noted. */
	public const EXPIRY_NOTED = 'kestrel_forms_pay_expiry_noted_';

	/**
	 * Builds the job.
	 *
	 * @param ChargePayment       $charge  The charge use case (repository, client, attach/settle).
	 * @param EntryRepository     $entries Entries.
	 * @param FormRepository      $forms   Forms.
	 * @param UploadStore         $uploads Uploaded files.
	 * @param FeedRegistry        $feeds   Add-on feeds.
	 * @param PaymentActions|null $actions Payment actions (sync of expired authorisations); built from the others by default.
	 */
	public function __construct(
		private readonly ChargePayment $charge,
		private readonly EntryRepository $entries,
		private readonly FormRepository $forms,
		private readonly UploadStore $uploads,
		private readonly FeedRegistry $feeds,
		private ?PaymentActions $actions = null
	) {}

	/**
	 * `cron_schedules`: adds the five-minute schedule.
	 *
	 * @param mixed $schedules Schedules.
	 * @return array<string, mixed>
	 */
	public static function schedules( $schedules ): array {
		$schedules = is_array( $schedules ) ? $schedules : array();
		if ( ! isset( $schedules[ self::SCHEDULE ] ) ) {
			$schedules[ self::SCHEDULE ] = array(
				'interval' => 5 * MINUTE_IN_SECONDS,
				'display'  => __( 'Every five minutes', 'kestrel-forms' ),
			);
		}
		return $schedules;
	}

	/**
	 * Schedules the job (activation, upgrade, init) unless it is scheduled.
	 */
	public static function schedule(): void {
		if ( ! wp_next_scheduled( self::HOOK ) ) {
			wp_schedule_event( time() + 5 * MINUTE_IN_SECONDS, self::SCHEDULE, self::HOOK );
		}
	}

	/**
	 * Removes every scheduled occurrence (deactivation).
	 */
	public static function unschedule(): void {
		wp_clear_scheduled_hook( self::HOOK );
	}

	/**
	 * Registers `wp kestrel-forms payments reconcile` when WP-CLI runs (not otherwise).
	 *
	 * @param callable(): ReconcileJob $job Builds the job.
	 */
	public static function register_cli( callable $job ): void {
		if ( ! defined( 'WP_CLI' ) || ! constant( 'WP_CLI' ) || ! class_exists( 'WP_CLI' ) ) {
			return;
		}
		$cli = 'WP_CLI';
		call_user_func(
			array( $cli, 'add_command' ),
			'kestrel-forms payments reconcile',
			static function () use ( $job, $cli ): void {
				$counts = $job()->run();
				call_user_func(
					array( $cli, 'success' ),
					sprintf( 'finished %d, failed %d, voided %d, unchanged %d', $counts['finished'], $counts['failed'], $counts['voided'], $counts['unchanged'] )
				);
			},
			array( 'shortdesc' => 'Finishes or voids payment attempts left in processing (payments reconcile job).' )
		);
	}

	/**
	 * Settles the stuck attempts.
	 *
	 * @param int $limit Most attempts in one run.
	 * @return array{finished: int, failed: int, voided: int, unchanged: int}
	 */
	public function run( int $limit = 50 ): array {
		/*
		 * Filter `kestrel_forms_payments_reconcile_age`: how long (seconds) an attempt must be
		 * untouched before the reconcile job takes it over from the request that made it (or
		 * from another run). Default: longer than a request's provider calls can take (the
		 * time-out × the tries, the waits, a margin; at least 120), see ChargePayment::takeover_age().
		 */
		$before     = gmdate( 'Y-m-d H:i:s', time() - ChargePayment::takeover_age() + 1 );
		$repository = $this->charge->repository();
		$counts     = array(
			'finished'  => 0,
			'failed'    => 0,
			'voided'    => 0,
			'unchanged' => 0,
		);
		foreach ( $repository->find_stuck_processing( $before, $limit ) as $attempt ) {
			// Touched recently (its request or another run is acting on it), or claimed by another
			// run between the query and now: not this run's.
			if ( (string) $attempt['updated_at'] >= $before || ! $repository->claim( (int) $attempt['id'], (string) $attempt['updated_at'] ) ) {
				continue;
			}
			++$counts[ $this->settle( $attempt ) ];
		}
		foreach ( $repository->find_uncaptured_charges( $before, ChargePayment::CAPTURE_UNKNOWN, $limit ) as $payment ) {
			if ( ! $repository->claim( (int) $payment['id'], (string) $payment['updated_at'] ) ) {
				continue;
			}
			++$counts[ $this->complete_charge( $payment ) ];
		}
		$this->check_authorizations( $limit );
		$this->check_pending( $limit );
		return $counts;
	}

	/**
	 * Pending payments (ACH transfers, settled by the provider days later and announced by a
	 * `payment.updated` webhook) untouched for longer than the check interval (filter
	 * `kestrel_forms_payments_pending_check`, seconds, default six hours) are read from the
	 * provider, so a lost webhook cannot leave an entry pending for ever: COMPLETED → paid,
	 * FAILED → failed, with the same notes and actions as the webhook. Each is claimed first
	 * (its `updated_at` moves), so it is read at most once per interval.
	 *
	 * @param int $limit Most payments in one run.
	 * @return int Payments read.
	 */
	public function check_pending( int $limit = 50 ): int {
		/**
		 * Filters how long (seconds) a pending payment waits between two reads from the provider.
		 *
		 * @param int $seconds Default 6 hours.
		 */
		$interval   = max( 60, (int) apply_filters( 'kestrel_forms_payments_pending_check', 6 * HOUR_IN_SECONDS ) );
		$repository = $this->charge->repository();
		$read       = 0;
		foreach ( $repository->find_pending_untouched( gmdate( 'Y-m-d H:i:s', time() - $interval ), $limit ) as $payment ) {
			if ( ! $repository->claim( (int) $payment['id'], (string) $payment['updated_at'] ) ) {
				continue;
			}
			$this->actions()->refresh( $payment, 0 );
			++$read;
		}
		return $read;
	}

	/**
	 * Authorized payments near or past the provider's void deadline (`delayed_until`, 7 days after
	 * the authorisation): within the warning period (filter `kestrel_forms_payments_expiry_warning`,
	 * seconds, default one day) the entry gets one note saying when it expires; once the deadline
	 * has passed the payment is fetched from the provider and moves to voided only when the
	 * provider says CANCELED (a payment captured meanwhile becomes paid; no answer changes nothing).
	 *
	 * @param int $limit Most payments in one run.
	 * @return array{warned: int, synced: int}
	 */
	public function check_authorizations( int $limit = 50 ): array {
		/**
		 * Filters how long (seconds) before an authorisation expires its entry gets a note.
		 *
		 * @param int $seconds Default DAY_IN_SECONDS.
		 */
		$warning = max( 0, (int) apply_filters( 'kestrel_forms_payments_expiry_warning', DAY_IN_SECONDS ) );
		$now     = time();
		$done    = array(
			'warned' => 0,
			'synced' => 0,
		);
		foreach ( $this->charge->repository()->find_authorized_expiring( gmdate( 'Y-m-d H:i:s', $now + $warning ), $limit ) as $payment ) {
			$deadline = strtotime( (string) $payment['delayed_until'] . ' UTC' );
			if ( false === $deadline ) {
				continue;
			}
			$marker = self::EXPIRY_NOTED . (string) $payment['attempt_key'];
			if ( $deadline <= $now ) {
				if ( PaymentStatus::AUTHORIZED !== $this->actions()->refresh( $payment, 0 )['status'] ) {
					delete_option( $marker );
				}
				++$done['synced'];
				continue;
			}
			// add_option() stores the marker once: a second run (or a parallel one) notes nothing.
			if ( add_option( $marker, (string) $deadline, '', false ) ) {
				$this->charge->note(
					(int) $payment['entry_id'],
					sprintf(
						/* translators: %s: date and time in the site's time zone. */
						__( 'This authorisation expires on %s; capture it before then or it is voided.', 'kestrel-forms' ),
						wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), $deadline )
					)
				);
				++$done['warned'];
			}
		}
		return $done;
	}

	/**
	 * The payment actions (built on first use).
	 */
	private function actions(): PaymentActions {
		$this->actions ??= new PaymentActions(
			$this->charge->repository(),
			new EntryWorkspaceRepository(),
			$this->entries,
			$this->forms,
			fn( string $environment ): Provider\SquareClient => $this->charge->client( $environment )
		);
		return $this->actions;
	}

	/**
	 * Settles one attempt.
	 *
	 * @param array<string, mixed> $attempt The attempt.
	 * @return 'finished'|'failed'|'voided'|'unchanged'
	 */
	private function settle( array $attempt ): string {
		$id     = (int) $attempt['id'];
		$client = $this->charge->client( (string) $attempt['environment'] );
		$body   = is_string( $attempt['request_body'] ) ? $attempt['request_body'] : '';
		if ( ChargePayment::NOT_TAKEN === $attempt['error_code'] || '' === $body ) {
			// The visitor was told nothing was taken, or the request was never sent.
			return $this->void_by_key( $attempt );
		}
		try {
			$payment = $this->charge->create_with_retries( $client, $body );
		} catch ( ProviderError $e ) {
			if ( $e->is_unknown() ) {
				return $this->void_by_key( $attempt );
			}
			if ( ProviderError::AUTH === $e->kind() ) {
				return 'unchanged'; // Credentials changed: try again once they work.
			}
			$this->charge->close( $id, PaymentStatus::FAILED, $e->code(), $e->detail() );
			return 'failed';
		}
		if ( null === $this->charge->record( $id, $payment, (int) $attempt['amount_minor'], (string) $attempt['currency'] ) ) {
			$status = PaymentStatus::from_provider( (string) ( $payment['status'] ?? '' ), (int) $attempt['amount_minor'] );
			if ( PaymentStatus::FAILED === $status ) {
				$this->charge->close( $id, PaymentStatus::FAILED, 'provider_failed', 'The provider reports the payment as failed.' );
				return 'failed';
			}
			return $this->void_by_key( $attempt );
		}
		return $this->write_entry( (array) $this->charge->repository()->find( $id ) );
	}

	/**
	 * Writes the entry of an authorised attempt from its draft, attaches the payment in the same
	 * transaction, then settles it (complete in charge mode, notes, actions) and runs what a
	 * stored submission runs (the submission action, add-on feeds).
	 *
	 * @param array<string, mixed> $attempt The attempt (provider payment recorded).
	 * @return 'finished'|'voided'|'unchanged'
	 */
	private function write_entry( array $attempt ): string {
		$draft = json_decode( (string) $attempt['entry_draft'], true );
		$form  = $this->forms->find( (int) $attempt['form_id'] );
		if ( ! is_array( $draft ) || ! $form instanceof Form ) {
			if ( 'ach' === $attempt['method'] ) {
				return $this->void_by_key( $attempt ); // Cannot be given back: left to the owner.
			}
			// Nothing to write the entry from (or the form is gone): give the money back.
			$this->charge->abandon( $attempt );
			return 'voided';
		}
		$entry  = new Entry(
			0,
			(int) $attempt['form_id'],
			is_array( $draft['values'] ?? null ) ? $draft['values'] : array(),
			is_string( $draft['created_at'] ?? null ) ? $draft['created_at'] : gmdate( 'Y-m-d H:i:s' ),
			is_string( $draft['source_url'] ?? null ) ? $draft['source_url'] : '',
			(int) ( $draft['user_id'] ?? 0 ),
			Entry::STATUS_ACTIVE,
			is_array( $draft['pricing'] ?? null ) ? $draft['pricing'] : null,
			array_values( array_map( 'intval', is_array( $draft['feeds'] ?? null ) ? $draft['feeds'] : array() ) )
		);
		$key    = is_string( $draft['submission_key'] ?? null ) && '' !== $draft['submission_key'] ? $draft['submission_key'] : null;
		$tokens = array_values( array_filter( is_array( $draft['upload_tokens'] ?? null ) ? $draft['upload_tokens'] : array(), 'is_string' ) );
		$within = function ( int $entry_id ) use ( $tokens, $attempt ): bool {
			// Files another entry took meanwhile are left out rather than losing the payment.
			if ( $tokens ) {
				$this->uploads->reserve( $tokens, $entry_id );
			}
			return $this->charge->attach( $attempt, $entry_id );
		};
		$stored = $this->entries->insert( $entry, $key, $within );
		if ( $stored['id'] && ! $stored['created'] && null !== $key && 'ach' === $attempt['method'] ) {
			// A bank payment cannot be voided: an entry of the same key without it does not
			// stand in for it, so this one is written without the key.
			$stored = $this->entries->insert( $entry, null, $within );
		}
		if ( ! $stored['id'] || ! $stored['created'] ) {
			$now = $this->charge->repository()->find( (int) $attempt['id'] );
			if ( null !== $now && null !== $now['entry_id'] ) {
				return 'unchanged'; // Another run finished it.
			}
			if ( ! $stored['id'] ) {
				return 'unchanged'; // The database refused the write: try again next run.
			}
			// An entry with this submission key exists without this payment: void it.
			$this->charge->abandon( $attempt );
			return 'voided';
		}
		$entry = $entry->with_id( $stored['id'] );
		$this->uploads->attach( $tokens, $stored['id'] );
		$this->charge->note( $entry->id, __( 'This entry was written by the payment reconcile job: the request that took the payment ended before it could store the entry.', 'kestrel-forms' ) );
		$this->charge->settle( $attempt, $entry, $form );
		/** This action is documented in plugin/src/Submissions/SubmitForm.php */
		do_action( 'kestrel_forms_submission_after', $entry, $form );
		$feeds = is_array( $draft['active_feeds'] ?? null ) ? array_values( array_filter( $draft['active_feeds'], 'is_array' ) ) : array();
		$this->feeds->process( $feeds, $entry, $form );
		return 'finished';
	}

	/**
	 * Completes a charge-mode payment of an entry that was left authorized: its request ended
	 * after the entry's commit but before settle() ended (the entry draft is still there: the
	 * token is redacted and the draft dropped now, and what a stored submission runs — the
	 * submission action, add-on feeds — runs, as the request never reached it), or its capture's
	 * outcome stayed unknown. The note and the payment action of the move are written once.
	 *
	 * @param array<string, mixed> $payment The payment row (claimed).
	 * @return 'finished'|'unchanged'
	 */
	private function complete_charge( array $payment ): string {
		$form  = $this->forms->find( (int) $payment['form_id'] );
		$entry = $this->entries->find( (int) $payment['entry_id'] );
		if ( ! $form instanceof Form || ! $entry instanceof Entry ) {
			return 'unchanged';
		}
		$draft = is_string( $payment['entry_draft'] ) ? json_decode( $payment['entry_draft'], true ) : null;
		$after = $this->charge->finish( $payment, $entry, $form, true );
		if ( is_array( $draft ) ) {
			$tokens = array_values( array_filter( is_array( $draft['upload_tokens'] ?? null ) ? $draft['upload_tokens'] : array(), 'is_string' ) );
			$this->uploads->attach( $tokens, $entry->id );
			$this->charge->note( $entry->id, __( 'The request that stored this entry ended before its payment was captured; the payment reconcile job finished it.', 'kestrel-forms' ) );
			/** This action is documented in plugin/src/Submissions/SubmitForm.php */
			do_action( 'kestrel_forms_submission_after', $entry, $form );
			$feeds = is_array( $draft['active_feeds'] ?? null ) ? array_values( array_filter( $draft['active_feeds'], 'is_array' ) ) : array();
			$this->feeds->process( $feeds, $entry, $form );
		}
		return PaymentStatus::PAID === $after['status'] ? 'finished' : 'unchanged';
	}

	/**
	 * Cancels whatever the attempt's key made and closes it as voided (unchanged when the provider
	 * cannot be reached: the next run tries again).
	 *
	 * @param array<string, mixed> $attempt The attempt.
	 * @return 'voided'|'unchanged'
	 */
	private function void_by_key( array $attempt ): string {
		if ( 'ach' === $attempt['method'] && '' !== (string) $attempt['provider_payment_id'] ) {
			// A bank payment the provider made cannot be cancelled (it always completes): it is
			// never closed as voided here; the site owner checks it in the provider's dashboard.
			if ( ChargePayment::OWNER_REVIEW !== $attempt['error_code'] ) {
				$this->charge->repository()->update_details(
					(int) $attempt['id'],
					array(
						'error_code'   => ChargePayment::OWNER_REVIEW,
						'error_detail' => 'A bank payment the reconcile job could not match to an entry; it cannot be cancelled: check it in the provider\'s dashboard.',
					)
				);
				error_log( sprintf( 'Kestrel Forms: bank payment %s (form %d) was taken but could not be matched to an entry; check it in the provider\'s dashboard.', (string) $attempt['provider_payment_id'], (int) $attempt['form_id'] ) ); // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- the site owner must learn about money without an entry.
			}
			return 'unchanged';
		}
		try {
			$this->charge->cancel_with_retries( $this->charge->client( (string) $attempt['environment'] ), (string) $attempt['attempt_key'] );
		} catch ( ProviderError ) {
			return 'unchanged';
		}
		$this->charge->close( (int) $attempt['id'], PaymentStatus::VOIDED, ChargePayment::NOT_TAKEN === $attempt['error_code'] ? ChargePayment::NOT_TAKEN : 'reconcile_voided', 'Voided by the reconcile job (cancel by idempotency key).' );
		return 'voided';
	}
}
