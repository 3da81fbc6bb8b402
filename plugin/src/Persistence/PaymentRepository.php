<?php
/**
 * Stores payment attempts, refunds and webhook events.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Persistence;

use Kestrel\Forms\Domain\Payments\PaymentStatus;

/**
 * All SQL for the payments, refunds and webhook events tables (Schema version 8).
 *
 * Payment row shape (hydrated): id, form_id, entry_id (int|null), submission_key (string|null),
 * attempt_key, environment, method, source_type, capture_mode, amount_minor (int), currency,
 * status, provider_payment_id (string|null), provider_status, brand, last4, receipt_url,
 * refunded_minor (int), request_body, request_hash, entry_draft, error_code, error_detail,
 * version_token, delayed_until, provider_updated_at, subscription_id, created_at, updated_at
 * (UTC `Y-m-d H:i:s`).
 *
 * Races are settled by the database, never by a read-then-write: a second live attempt for one
 * submission key is refused by the unique (form_id, submission_key) index, a status only moves
 * forward through a conditional UPDATE ({@see PaymentStatus}), an entry is attached only to a
 * payment without one, and a webhook event id is stored once.
 */
final class PaymentRepository {

	/**
	 * Payment columns a caller may set, with their wpdb format.
	 *
	 * @var array<string, string>
	 */
	private const PAYMENT_COLUMNS = array(
		'form_id'             => '%d',
		'entry_id'            => '%d',
		'submission_key'      => '%s',
		'attempt_key'         => '%s',
		'environment'         => '%s',
		'method'              => '%s',
		'source_type'         => '%s',
		'capture_mode'        => '%s',
		'amount_minor'        => '%d',
		'currency'            => '%s',
		'status'              => '%s',
		'provider_payment_id' => '%s',
		'provider_status'     => '%s',
		'brand'               => '%s',
		'last4'               => '%s',
		'receipt_url'         => '%s',
		'refunded_minor'      => '%d',
		'request_body'        => '%s',
		'request_hash'        => '%s',
		'entry_draft'         => '%s',
		'error_code'          => '%s',
		'error_detail'        => '%s',
		'version_token'       => '%s',
		'delayed_until'       => '%s',
		'provider_updated_at' => '%s',
		'subscription_id'     => '%s',
	);

	/**
	 * Refund columns a caller may set, with their wpdb format.
	 *
	 * @var array<string, string>
	 */
	private const REFUND_COLUMNS = array(
		'payment_id'         => '%d',
		'provider_refund_id' => '%s',
		'idempotency_key'    => '%s',
		'amount_minor'       => '%d',
		'currency'           => '%s',
		'status'             => '%s',
		'reason'             => '%s',
		'user_id'            => '%d',
	);

	/**
	 * Provider id columns: a value longer than the column (Schema::PROVIDER_ID_LENGTH) is refused
	 * and logged, never cut (a cut id would never be found again).
	 *
	 * @var list<string>
	 */
	private const PROVIDER_ID_COLUMNS = array( 'provider_payment_id', 'provider_refund_id', 'subscription_id', 'event_id' );

	/**
	 * Stores a new attempt in `processing` (before the provider is called). With a submission key,
	 * the unique (form_id, submission_key) index lets only one live attempt in: a second one is
	 * not stored and 0 is returned (the caller looks up the first with find_by_submission_key()).
	 *
	 * @param array<string, mixed> $attempt Columns of {@see self::PAYMENT_COLUMNS}; at least form_id,
	 *                                      attempt_key, environment, method, capture_mode,
	 *                                      amount_minor, currency. status defaults to processing.
	 * @return int The new row's id, 0 when the submission key already has an attempt or the write failed.
	 */
	public function create_attempt( array $attempt ): int {
		global $wpdb;
		$now = gmdate( 'Y-m-d H:i:s' );
		$row = array_intersect_key( $attempt, self::PAYMENT_COLUMNS );
		if ( ! self::ids_fit( $row ) ) {
			return 0;
		}

		$row['status']     = isset( $row['status'] ) ? (string) $row['status'] : PaymentStatus::PROCESSING;
		$row['created_at'] = $now;
		$row['updated_at'] = $now;
		$inserted          = self::insert_ignore( Schema::tables()['payments'], $row );
		return 1 === $inserted ? (int) $wpdb->insert_id : 0;
	}

	/**
	 * One payment by id.
	 *
	 * @param int $id Payment id.
	 * @return array<string, mixed>|null
	 */
	public function find( int $id ): ?array {
		return $this->find_one( 'id = %d', $id );
	}

	/**
	 * The payment made with an idempotency key.
	 *
	 * @param string $attempt_key Attempt (idempotency) key.
	 * @return array<string, mixed>|null
	 */
	public function find_by_attempt_key( string $attempt_key ): ?array {
		return $this->find_one( 'attempt_key = %s', $attempt_key );
	}

	/**
	 * The live attempt (or finished payment) of a submission key. Failed and voided attempts
	 * without an entry have given their key back and are not found.
	 *
	 * @param int    $form_id        Form id.
	 * @param string $submission_key Submission key.
	 * @return array<string, mixed>|null
	 */
	public function find_by_submission_key( int $form_id, string $submission_key ): ?array {
		global $wpdb;
		$table = Schema::tables()['payments'];
		$row   = $wpdb->get_row( $wpdb->prepare( "SELECT * FROM {$table} WHERE form_id = %d AND submission_key = %s LIMIT 1", $form_id, $submission_key ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name is ours.
		return $row ? self::hydrate( $row ) : null;
	}

	/**
	 * The payment of an entry.
	 *
	 * @param int $entry_id Entry id.
	 * @return array<string, mixed>|null
	 */
	public function find_by_entry( int $entry_id ): ?array {
		return $this->find_one( 'entry_id = %d', $entry_id );
	}

	/**
	 * The payment with a provider payment id.
	 *
	 * @param string $provider_payment_id The provider's payment id.
	 * @return array<string, mixed>|null
	 */
	public function find_by_provider_payment_id( string $provider_payment_id ): ?array {
		return $this->find_one( 'provider_payment_id = %s', $provider_payment_id );
	}

	/**
	 * Payments of several entries (lists, CSV export).
	 *
	 * @param list<int> $entry_ids Entry ids.
	 * @return array<int, array<string, mixed>> Payments by entry id (entries without one are absent).
	 */
	public function find_by_entries( array $entry_ids ): array {
		global $wpdb;
		$entry_ids = array_values( array_unique( array_map( 'intval', $entry_ids ) ) );
		if ( ! $entry_ids ) {
			return array();
		}
		$table        = Schema::tables()['payments'];
		$placeholders = implode( ',', array_fill( 0, count( $entry_ids ), '%d' ) );
		$rows         = $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$table} WHERE entry_id IN ($placeholders)", $entry_ids ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- table name is ours; one %d per id, built above.
		$out          = array();
		foreach ( $rows ? $rows : array() as $row ) {
			$payment                           = self::hydrate( $row );
			$out[ (int) $payment['entry_id'] ] = $payment;
		}
		return $out;
	}

	/**
	 * Moves a payment to a status, and sets other columns in the same UPDATE. The move happens
	 * only when the row's current status may move there ({@see PaymentStatus::can_move()}): the
	 * UPDATE's WHERE lists the allowed current statuses, so a stale or concurrent caller can never
	 * move a row backwards.
	 *
	 * @param int                  $id     Payment id.
	 * @param string               $to     Target status.
	 * @param array<string, mixed> $fields Other columns to set with it (entry_id excluded).
	 * @return bool Whether the row moved.
	 */
	public function mark_status( int $id, string $to, array $fields = array() ): bool {
		$from = PaymentStatus::sources_of( $to );
		if ( ! $from ) {
			return false;
		}
		unset( $fields['entry_id'], $fields['status'] );
		$fields['status'] = $to;
		return 1 === $this->update_where( $id, $fields, 'status IN (' . implode( ',', array_fill( 0, count( $from ), '%s' ) ) . ')', $from );
	}

	/**
	 * Moves a payment to partially_refunded or refunded with a larger refunded amount: like
	 * mark_status(), and only while the stored refunded amount is smaller, so two workers applying
	 * the same refund (its answer and its webhook) move it once (added by H3).
	 *
	 * @param int                  $id             Payment id.
	 * @param string               $to             partially_refunded or refunded.
	 * @param int                  $refunded_minor The new refunded amount.
	 * @param array<string, mixed> $fields         Other columns to set with it.
	 * @return bool Whether the row moved.
	 */
	public function mark_refunded( int $id, string $to, int $refunded_minor, array $fields = array() ): bool {
		$from = PaymentStatus::sources_of( $to );
		if ( ! $from ) {
			return false;
		}
		unset( $fields['entry_id'], $fields['status'] );
		$fields['status']         = $to;
		$fields['refunded_minor'] = $refunded_minor;
		$args                     = $from;
		$args[]                   = $refunded_minor;
		return 1 === $this->update_where( $id, $fields, 'status IN (' . implode( ',', array_fill( 0, count( $from ), '%s' ) ) . ') AND refunded_minor < %d', $args );
	}

	/**
	 * Sets columns that are not the status or the entry (provider details, error, hash…).
	 *
	 * @param int                  $id     Payment id.
	 * @param array<string, mixed> $fields Columns of the payments table.
	 * @return bool Whether the row exists and was written.
	 */
	public function update_details( int $id, array $fields ): bool {
		unset( $fields['status'], $fields['entry_id'] );
		return false !== $this->update_where( $id, $fields );
	}

	/**
	 * Attaches an entry to a payment that has none (inside the entry's transaction). An entry has
	 * one payment at most (unique index; checked first so that wpdb reports no duplicate key).
	 *
	 * @param int $id       Payment id.
	 * @param int $entry_id Entry id.
	 * @return bool Whether this call attached it.
	 */
	public function attach_entry( int $id, int $entry_id ): bool {
		if ( null !== $this->find_by_entry( $entry_id ) ) {
			return false;
		}
		return 1 === $this->update_where( $id, array( 'entry_id' => $entry_id ), 'entry_id IS NULL' );
	}

	/**
	 * Gives the submission key of an attempt without entry back (it failed or was voided), so that
	 * the visitor may try again with the same key.
	 *
	 * @param int $id Payment id.
	 * @return bool Whether the key was released.
	 */
	public function release_submission_key( int $id ): bool {
		return 1 === $this->update_where( $id, array( 'submission_key' => null ), 'entry_id IS NULL AND submission_key IS NOT NULL' );
	}

	/**
	 * Columns never handed to listeners (the `kestrel_forms_payment_*` actions) or shown outside
	 * the payment's own processing: the stored request (buyer details, source token until
	 * settled) and its hash, the entry draft (the visitor's values), the provider idempotency key
	 * and the provider's version token.
	 */
	public const PRIVATE_COLUMNS = array( 'request_body', 'request_hash', 'entry_draft', 'attempt_key', 'version_token' );

	/**
	 * A payment row without its private columns (PRIVATE_COLUMNS): what the payment actions pass
	 * to listeners, wherever they fire from.
	 *
	 * @param array<string, mixed> $payment Payment row.
	 * @return array<string, mixed>
	 */
	public static function public_row( array $payment ): array {
		return array_diff_key( $payment, array_flip( self::PRIVATE_COLUMNS ) );
	}

	/** The CreatePayment fields that identify the buyer: removed once they are not needed. */
	public const PERSONAL_REQUEST_FIELDS = array( 'buyer_email_address', 'billing_address', 'shipping_address', 'buyer_phone_number', 'note' );

	/** What a removed personal field reads afterwards. */
	public const REMOVED = '[removed]';

	/**
	 * Removes the personal data of a payment: the buyer's email, billing and shipping address,
	 * phone and the note in the stored request become "[removed]" (the request hash, of the exact
	 * bytes sent, stays), and the entry draft (the visitor's values) is dropped. The financial
	 * record stays: amounts, currency, status, provider ids, brand, last 4, environment, refunds.
	 *
	 * @param int $id Payment id.
	 * @return bool Whether the row exists.
	 */
	public function forget_personal_data( int $id ): bool {
		$row = $this->find( $id );
		if ( null === $row ) {
			return false;
		}
		$fields = array( 'entry_draft' => null );
		$body   = is_string( $row['request_body'] ) ? json_decode( $row['request_body'], true ) : null;
		if ( is_array( $body ) && array_intersect_key( $body, array_flip( self::PERSONAL_REQUEST_FIELDS ) ) ) {
			foreach ( self::PERSONAL_REQUEST_FIELDS as $personal ) {
				if ( array_key_exists( $personal, $body ) ) {
					$body[ $personal ] = self::REMOVED;
				}
			}
			$fields['request_body'] = (string) wp_json_encode( $body, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE );
		}
		return false !== $this->update_where( $id, $fields );
	}

	/**
	 * Removes the personal data of the payments of entries that are erased or deleted (privacy
	 * eraser, delete, bulk delete, retention): see forget_personal_data().
	 *
	 * @param list<int> $entry_ids Entry ids.
	 * @return int Payments made anonymous.
	 */
	public function forget_personal_data_of_entries( array $entry_ids ): int {
		$count = 0;
		foreach ( $this->find_by_entries( $entry_ids ) as $payment ) {
			$count += $this->forget_personal_data( (int) $payment['id'] ) ? 1 : 0;
		}
		return $count;
	}

	/**
	 * Drops the entry draft of a settled attempt (its entry is written, or it failed or was
	 * voided): only the reconcile job of a `processing` attempt needs it.
	 *
	 * @param int $id Payment id.
	 * @return bool Whether a draft was dropped.
	 */
	public function drop_entry_draft( int $id ): bool {
		return 1 === $this->update_where( $id, array( 'entry_draft' => null ), 'entry_draft IS NOT NULL AND status <> %s', array( PaymentStatus::PROCESSING ) );
	}

	/**
	 * Attempts still in `processing` that were created before a time (the reconcile job's work).
	 *
	 * @param string $before UTC datetime (Y-m-d H:i:s).
	 * @param int    $limit  Most rows.
	 * @return list<array<string, mixed>>
	 */
	public function find_stuck_processing( string $before, int $limit = 50 ): array {
		global $wpdb;
		$table = Schema::tables()['payments'];
		$rows  = $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$table} WHERE status = %s AND created_at < %s ORDER BY id LIMIT %d", PaymentStatus::PROCESSING, $before, $limit ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name is ours.
		return array_map( array( self::class, 'hydrate' ), $rows ? $rows : array() );
	}

	/**
	 * Claims a payment for one worker (the reconcile job): moves its `updated_at` forward from
	 * the value the worker read, in one conditional UPDATE. Of two workers that read the same
	 * row, one claims it; a claimed row looks recently touched, so the job's queries (older than
	 * the take-over age) skip it until the claim is that old. The new time is always later than
	 * the one read, so the UPDATE changes the row even within the same second.
	 *
	 * @param int    $id   Payment id.
	 * @param string $seen The `updated_at` the worker read (UTC Y-m-d H:i:s).
	 * @return bool Whether this call claimed it.
	 */
	public function claim( int $id, string $seen ): bool {
		global $wpdb;
		$table = Schema::tables()['payments'];
		$read  = strtotime( $seen . ' UTC' );
		$next  = gmdate( 'Y-m-d H:i:s', max( time(), false === $read ? 0 : $read + 1 ) );
		return 1 === $wpdb->query( $wpdb->prepare( "UPDATE {$table} SET updated_at = %s WHERE id = %d AND updated_at = %s", $next, $id, $seen ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.DirectDatabaseQuery -- table name is ours.
	}

	/**
	 * Charge-mode payments of an entry left authorized, untouched since a time: the request that
	 * wrote the entry ended before its settle() did (the entry draft is still there), or the
	 * capture's outcome stayed unknown (`error_code` = the given marker). The reconcile job
	 * completes them.
	 *
	 * @param string $before UTC datetime (Y-m-d H:i:s).
	 * @param string $marker The error code of an unknown capture outcome.
	 * @param int    $limit  Most rows.
	 * @return list<array<string, mixed>>
	 */
	public function find_uncaptured_charges( string $before, string $marker, int $limit = 50 ): array {
		global $wpdb;
		$table = Schema::tables()['payments'];
		$rows  = $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$table} WHERE status = %s AND capture_mode = 'charge' AND entry_id IS NOT NULL AND updated_at < %s AND ( entry_draft IS NOT NULL OR error_code = %s ) ORDER BY id LIMIT %d", PaymentStatus::AUTHORIZED, $before, $marker, $limit ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name is ours.
		return array_map( array( self::class, 'hydrate' ), $rows ? $rows : array() );
	}

	/**
	 * Authorized payments (with an entry) whose authorisation the provider voids before a time
	 * (`delayed_until`), soonest first: the reconcile job warns about them and checks expired ones.
	 *
	 * @param string $before UTC datetime (Y-m-d H:i:s).
	 * @param int    $limit  Most rows.
	 * @return list<array<string, mixed>>
	 */
	public function find_authorized_expiring( string $before, int $limit = 50 ): array {
		global $wpdb;
		$table = Schema::tables()['payments'];
		$rows  = $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$table} WHERE status = %s AND entry_id IS NOT NULL AND delayed_until IS NOT NULL AND delayed_until < %s ORDER BY delayed_until, id LIMIT %d", PaymentStatus::AUTHORIZED, $before, $limit ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name is ours.
		return array_map( array( self::class, 'hydrate' ), $rows ? $rows : array() );
	}

	/**
	 * Pending payments (with an entry: bank transfers waiting to settle) untouched since a time,
	 * oldest first: the reconcile job reads them from the provider in case a webhook was lost.
	 *
	 * @param string $before UTC datetime (Y-m-d H:i:s).
	 * @param int    $limit  Most rows.
	 * @return list<array<string, mixed>>
	 */
	public function find_pending_untouched( string $before, int $limit = 50 ): array {
		global $wpdb;
		$table = Schema::tables()['payments'];
		$rows  = $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$table} WHERE status = %s AND entry_id IS NOT NULL AND updated_at < %s ORDER BY updated_at, id LIMIT %d", PaymentStatus::PENDING, $before, $limit ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name is ours.
		return array_map( array( self::class, 'hydrate' ), $rows ? $rows : array() );
	}

	/**
	 * Records a refund asked for. The idempotency key is unique: a second insert with the same key
	 * stores nothing and returns 0 (find it with find_refund_by_idempotency_key()).
	 *
	 * @param array<string, mixed> $refund Columns: payment_id, idempotency_key, amount_minor,
	 *                                     currency, status (default pending), reason, user_id,
	 *                                     provider_refund_id.
	 * @return int The new refund's id, or 0.
	 */
	public function insert_refund( array $refund ): int {
		global $wpdb;
		$now = gmdate( 'Y-m-d H:i:s' );
		$row = array_intersect_key( $refund, self::REFUND_COLUMNS );
		if ( ! self::ids_fit( $row ) ) {
			return 0;
		}

		$row['status']     = isset( $row['status'] ) ? (string) $row['status'] : 'pending';
		$row['created_at'] = $now;
		$row['updated_at'] = $now;
		return 1 === self::insert_ignore( Schema::tables()['refunds'], $row ) ? (int) $wpdb->insert_id : 0;
	}

	/**
	 * A refund by id.
	 *
	 * @param int $id Refund id.
	 * @return array<string, mixed>|null
	 */
	public function find_refund( int $id ): ?array {
		return $this->find_refund_where( 'id = %d', $id );
	}

	/**
	 * A refund by its idempotency key.
	 *
	 * @param string $key Idempotency key.
	 * @return array<string, mixed>|null
	 */
	public function find_refund_by_idempotency_key( string $key ): ?array {
		return $this->find_refund_where( 'idempotency_key = %s', $key );
	}

	/**
	 * A refund by the provider's refund id.
	 *
	 * @param string $provider_refund_id Provider refund id.
	 * @return array<string, mixed>|null
	 */
	public function find_refund_by_provider_id( string $provider_refund_id ): ?array {
		return $this->find_refund_where( 'provider_refund_id = %s', $provider_refund_id );
	}

	/**
	 * The refunds of a payment, oldest first.
	 *
	 * @param int $payment_id Payment id.
	 * @return list<array<string, mixed>>
	 */
	public function refunds_for_payment( int $payment_id ): array {
		global $wpdb;
		$table = Schema::tables()['refunds'];
		$rows  = $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$table} WHERE payment_id = %d ORDER BY id", $payment_id ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name is ours.
		return array_map( array( self::class, 'hydrate_refund' ), $rows ? $rows : array() );
	}

	/**
	 * Updates a refund's columns (status, provider_refund_id, …).
	 *
	 * @param int                  $id     Refund id.
	 * @param array<string, mixed> $fields Columns of the refunds table.
	 * @return bool Whether the write succeeded.
	 */
	public function update_refund( int $id, array $fields ): bool {
		global $wpdb;
		$row = array_intersect_key( $fields, self::REFUND_COLUMNS );
		if ( ! $row || ! self::ids_fit( $row ) ) {
			return false;
		}
		$row['updated_at'] = gmdate( 'Y-m-d H:i:s' );
		$formats           = array();
		foreach ( array_keys( $row ) as $column ) {
			$formats[] = self::REFUND_COLUMNS[ $column ] ?? '%s';
		}
		return false !== $wpdb->update( Schema::tables()['refunds'], $row, array( 'id' => $id ), $formats, array( '%d' ) );
	}

	/**
	 * Gives a refund its provider id, only when it has none yet (added by H3 for Payments\PaymentActions:
	 * the provider's answer and its webhook may both bring the id, whichever comes first).
	 *
	 * @param int    $id                 Refund id.
	 * @param string $provider_refund_id Provider refund id.
	 * @return bool Whether this call set it.
	 */
	public function attach_provider_refund_id( int $id, string $provider_refund_id ): bool {
		global $wpdb;
		if ( ! self::ids_fit( array( 'provider_refund_id' => $provider_refund_id ) ) ) {
			return false;
		}
		$table = Schema::tables()['refunds'];
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.DirectDatabaseQuery -- table name is ours.
		return 1 === $wpdb->query( $wpdb->prepare( "UPDATE {$table} SET provider_refund_id = %s, updated_at = %s WHERE id = %d AND provider_refund_id IS NULL", $provider_refund_id, gmdate( 'Y-m-d H:i:s' ), $id ) );
	}

	/**
	 * Moves a refund out of `pending` (to completed, rejected or failed); a settled refund never
	 * moves again, so a late or replayed answer cannot undo a newer one (added by H3).
	 *
	 * @param int    $id     Refund id.
	 * @param string $status completed, rejected or failed.
	 * @return bool Whether this call moved it.
	 */
	public function settle_refund( int $id, string $status ): bool {
		global $wpdb;
		$table = Schema::tables()['refunds'];
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.DirectDatabaseQuery -- table name is ours.
		return 1 === $wpdb->query( $wpdb->prepare( "UPDATE {$table} SET status = %s, updated_at = %s WHERE id = %d AND status = 'pending'", $status, gmdate( 'Y-m-d H:i:s' ), $id ) );
	}

	/** The outcome of an event whose handling failed: the provider's retry handles it again. */
	public const WEBHOOK_FAILED = 'error';

	/** Seconds after which an event taken for handling but never finished may be taken again. */
	public const WEBHOOK_STALE_AFTER = 60;

	/** The outcome of an event taken again for the provider's retry (until it is finished). */
	private const WEBHOOK_RETRYING = 'retrying';

	/**
	 * Claims a stored event for the provider's retry of it; true for one caller only (added by
	 * H3). Taken again: an event whose handling failed or was deferred, and one taken for handling
	 * more than WEBHOOK_STALE_AFTER seconds ago that never got an outcome (a PHP fatal, a killed
	 * worker: no `catch` ran). `received_at` becomes the time of this claim, so a retry that dies
	 * too is taken again a minute later, and a claim still running is never taken twice.
	 *
	 * @param string $event_id    Provider event id.
	 * @param int    $stale_after Seconds (WEBHOOK_STALE_AFTER unless a test says otherwise).
	 */
	public function reclaim_webhook_event( string $event_id, int $stale_after = self::WEBHOOK_STALE_AFTER ): bool {
		global $wpdb;
		$table = Schema::tables()['webhook_events'];
		$now   = time();
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.DirectDatabaseQuery -- table name is ours.
		return 1 === $wpdb->query(
			$wpdb->prepare(
				"UPDATE {$table} SET outcome = %s, processed_at = NULL, received_at = %s WHERE event_id = %s AND ( outcome IN (%s, %s) OR ( outcome IN ('', %s) AND processed_at IS NULL AND received_at < %s ) )", // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name is ours.
				self::WEBHOOK_RETRYING,
				gmdate( 'Y-m-d H:i:s', $now ),
				$event_id,
				self::WEBHOOK_FAILED,
				self::WEBHOOK_DEFERRED,
				self::WEBHOOK_RETRYING,
				gmdate( 'Y-m-d H:i:s', $now - $stale_after )
			)
		);
	}

	/** The outcome of an event left for the provider's redelivery (the charge path still owned the payment). */
	public const WEBHOOK_DEFERRED = 'deferred';

	/**
	 * Marks an event as not handled: it was answered non-2xx so that the provider delivers it
	 * again, and that delivery reclaims it (reclaim_webhook_event()).
	 *
	 * @param string $event_id Provider event id.
	 */
	public function defer_webhook_event( string $event_id ): bool {
		global $wpdb;
		return false !== $wpdb->update(
			Schema::tables()['webhook_events'],
			array(
				'processed_at' => null,
				'outcome'      => self::WEBHOOK_DEFERRED,
			),
			array( 'event_id' => $event_id ),
			array( '%s', '%s' ),
			array( '%s' )
		);
	}

	/**
	 * Stores a webhook event id once.
	 *
	 * @param string $event_id    Provider event id.
	 * @param string $environment sandbox or production.
	 * @param string $type        Event type (payment.updated, …).
	 * @param string $object_id   Id of the payment or refund it is about.
	 * @return bool True when the event is new; false for a duplicate (or a failed write).
	 */
	public function insert_webhook_event( string $event_id, string $environment, string $type, string $object_id ): bool {
		if ( ! self::ids_fit( array( 'event_id' => $event_id ) ) ) {
			return false;
		}
		return 1 === self::insert_ignore(
			Schema::tables()['webhook_events'],
			array(
				'event_id'    => $event_id,
				'environment' => $environment,
				'type'        => substr( $type, 0, 100 ),
				// Only a note of what the event is about (never looked up): a longer one is cut.
				'object_id'   => substr( $object_id, 0, Schema::PROVIDER_ID_LENGTH ),
				'received_at' => gmdate( 'Y-m-d H:i:s' ),
			)
		);
	}

	/**
	 * Records how an event was handled.
	 *
	 * @param string $event_id Provider event id.
	 * @param string $outcome  Short outcome (`updated`, `ignored`, `unknown_payment`…).
	 */
	public function finish_webhook_event( string $event_id, string $outcome ): bool {
		global $wpdb;
		return false !== $wpdb->update(
			Schema::tables()['webhook_events'],
			array(
				'processed_at' => gmdate( 'Y-m-d H:i:s' ),
				'outcome'      => substr( $outcome, 0, 100 ),
			),
			array( 'event_id' => $event_id ),
			array( '%s', '%s' ),
			array( '%s' )
		);
	}

	/**
	 * A webhook event row.
	 *
	 * @param string $event_id Provider event id.
	 * @return array<string, mixed>|null
	 */
	public function find_webhook_event( string $event_id ): ?array {
		global $wpdb;
		$table = Schema::tables()['webhook_events'];
		$row   = $wpdb->get_row( $wpdb->prepare( "SELECT * FROM {$table} WHERE event_id = %s", $event_id ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name is ours.
		return $row ? $row : null;
	}

	/**
	 * One payment matching a condition.
	 *
	 * @param string     $where Condition with one placeholder.
	 * @param int|string $value Its value.
	 * @return array<string, mixed>|null
	 */
	private function find_one( string $where, int|string $value ): ?array {
		global $wpdb;
		$table = Schema::tables()['payments'];
		$row   = $wpdb->get_row( $wpdb->prepare( "SELECT * FROM {$table} WHERE {$where} LIMIT 1", $value ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- table name and condition (with its placeholder) are ours.
		return $row ? self::hydrate( $row ) : null;
	}

	/**
	 * One refund matching a condition.
	 *
	 * @param string     $where Condition with one placeholder.
	 * @param int|string $value Its value.
	 * @return array<string, mixed>|null
	 */
	private function find_refund_where( string $where, int|string $value ): ?array {
		global $wpdb;
		$table = Schema::tables()['refunds'];
		$row   = $wpdb->get_row( $wpdb->prepare( "SELECT * FROM {$table} WHERE {$where} LIMIT 1", $value ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- table name and condition (with its placeholder) are ours.
		return $row ? self::hydrate_refund( $row ) : null;
	}

	/**
	 * `UPDATE payments SET … WHERE id = %d [AND condition]`, with updated_at.
	 *
	 * @param int                  $id        Payment id.
	 * @param array<string, mixed> $fields    Columns to set (unknown ones are dropped; null writes NULL).
	 * @param string               $condition Extra condition with placeholders.
	 * @param list<int|string>     $args      The condition's values.
	 * @return int|false Rows changed, false on error.
	 */
	private function update_where( int $id, array $fields, string $condition = '', array $args = array() ): int|false {
		global $wpdb;
		$row = array_intersect_key( $fields, self::PAYMENT_COLUMNS );
		if ( ! self::ids_fit( $row ) ) {
			return false;
		}
		$set = array( 'updated_at = %s' );

		$values = array( gmdate( 'Y-m-d H:i:s' ) );
		foreach ( $row as $column => $value ) {
			if ( null === $value ) {
				$set[] = "`{$column}` = NULL";
				continue;
			}
			$set[]    = "`{$column}` = " . self::PAYMENT_COLUMNS[ $column ];
			$values[] = '%d' === self::PAYMENT_COLUMNS[ $column ] ? (int) $value : (string) $value;
		}
		$table    = Schema::tables()['payments'];
		$sql      = "UPDATE {$table} SET " . implode( ', ', $set ) . ' WHERE id = %d' . ( '' !== $condition ? " AND ({$condition})" : '' );
		$values[] = $id;
		array_push( $values, ...$args );
		// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.DirectDatabaseQuery -- columns are ours, values are placeholders.
		$result = $wpdb->query( $wpdb->prepare( $sql, $values ) );
		return false === $result ? false : (int) $result;
	}

	/**
	 * Whether the provider ids of a row fit their columns; a longer one is logged (the write is
	 * then refused: MySQL without strict mode would store it cut, and it would never match again).
	 *
	 * @param array<string, mixed> $row Column => value.
	 */
	public static function ids_fit( array $row ): bool {
		foreach ( self::PROVIDER_ID_COLUMNS as $column ) {
			$value = $row[ $column ] ?? null;
			if ( is_string( $value ) && strlen( $value ) > Schema::PROVIDER_ID_LENGTH ) {
				error_log( sprintf( 'Kestrel Forms payments: a %s of %d characters is longer than its column (%d); not stored.', $column, strlen( $value ), Schema::PROVIDER_ID_LENGTH ) ); // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- a refused provider id must reach the site's log.
				return false;
			}
		}
		return true;
	}

	/**
	 * `INSERT IGNORE` of one row (NULL for null values): a unique key that already holds the row
	 * makes it insert nothing, without a database error (INSERT OR IGNORE on SQLite).
	 *
	 * @param string               $table Table.
	 * @param array<string, mixed> $row   Column => value.
	 * @return int|false Rows inserted, false on error.
	 */
	private static function insert_ignore( string $table, array $row ): int|false {
		global $wpdb;
		$names  = array();
		$marks  = array();
		$values = array();
		foreach ( $row as $name => $value ) {
			$names[] = "`{$name}`";
			if ( null === $value ) {
				$marks[] = 'NULL';
			} else {
				$marks[]  = is_int( $value ) ? '%d' : '%s';
				$values[] = is_int( $value ) ? $value : (string) $value;
			}
		}
		$sql = "INSERT IGNORE INTO {$table} (" . implode( ', ', $names ) . ') VALUES (' . implode( ', ', $marks ) . ')';
		// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.DirectDatabaseQuery -- columns are ours, values are placeholders.
		$result = $wpdb->query( $values ? $wpdb->prepare( $sql, $values ) : $sql );
		return false === $result ? false : (int) $result;
	}

	/**
	 * Types a payment row.
	 *
	 * @param array<string, mixed> $row Row.
	 * @return array<string, mixed>
	 */
	private static function hydrate( array $row ): array {
		foreach ( array( 'id', 'form_id', 'amount_minor', 'refunded_minor' ) as $int ) {
			$row[ $int ] = (int) $row[ $int ];
		}
		$row['entry_id'] = null === $row['entry_id'] ? null : (int) $row['entry_id'];
		foreach ( array( 'provider_status', 'brand', 'last4', 'request_hash', 'source_type' ) as $text ) {
			$row[ $text ] = (string) $row[ $text ];
		}
		return $row;
	}

	/**
	 * Types a refund row.
	 *
	 * @param array<string, mixed> $row Row.
	 * @return array<string, mixed>
	 */
	private static function hydrate_refund( array $row ): array {
		foreach ( array( 'id', 'payment_id', 'amount_minor', 'user_id' ) as $int ) {
			$row[ $int ] = (int) $row[ $int ];
		}
		return $row;
	}
}
