<?php
/**
 * Stored payment drafts.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Persistence;

/**
 * The `payment_drafts` table: a form's values kept while the visitor approves a payment in
 * another app (Cash App Pay's mobile redirect leaves the page). A draft is `open` until the entry
 * made from it is stored (then `submitted`, with the entry's id, in the entry's transaction); it
 * expires 24 hours after it was made and the hourly cleanup deletes it then. Ids are 32 hex digits
 * of random_bytes (128 bits), so a draft cannot be guessed. A second 128-bit secret, kept by the
 * browser that made the draft (an HttpOnly cookie), binds the draft to that browser: only its
 * SHA-256 is stored ({@see self::owned_by()}). Once submitted, the values are emptied.
 *
 * @phpstan-type Draft array{id: string, form_id: int, submission_key: string, owner_hash: string, values: array<string, mixed>, return_url: string, status: string, entry_id: int|null, created_at: string, expires_at: string}
 */
final class PaymentDraftRepository {

	public const OPEN      = 'open';
	public const SUBMITTED = 'submitted';

	/** How long a draft is kept. */
	public const LIFETIME_SECONDS = DAY_IN_SECONDS;

	/**
	 * Stores a new open draft.
	 *
	 * @param int                  $form_id        Form id.
	 * @param string               $submission_key The submission key the browser will submit with.
	 * @param array<string, mixed> $values         Values to restore (no card data, no token).
	 * @param string               $return_url     Where the visitor comes back to.
	 * @param int                  $now            Unix time (tests).
	 * @param string               $secret         The browser's secret (only its hash is stored).
	 * @return Draft|null The draft, or null when it could not be stored.
	 */
	public function create( int $form_id, string $submission_key, array $values, string $return_url, int $now, string $secret ): ?array {
		global $wpdb;
		$id    = bin2hex( random_bytes( 16 ) );
		$draft = array(
			'id'             => $id,
			'form_id'        => $form_id,
			'submission_key' => $submission_key,
			'owner_hash'     => self::hash( $secret ),
			'draft_values'   => (string) wp_json_encode( (object) $values, JSON_UNESCAPED_UNICODE ),
			'return_url'     => $return_url,
			'status'         => self::OPEN,
			'created_at'     => gmdate( 'Y-m-d H:i:s', $now ),
			'expires_at'     => gmdate( 'Y-m-d H:i:s', $now + self::LIFETIME_SECONDS ),
		);
		$ok    = $wpdb->insert( Schema::tables()['payment_drafts'], $draft, array( '%s', '%d', '%s', '%s', '%s', '%s', '%s', '%s', '%s' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery -- the plugin's own table.
		return false === $ok ? null : $this->find( $id );
	}

	/**
	 * A draft by id (expired ones too: the caller decides).
	 *
	 * @param string $id Draft id.
	 * @return Draft|null
	 */
	public function find( string $id ): ?array {
		global $wpdb;
		if ( 1 !== preg_match( '/^[a-f0-9]{32}$/D', $id ) ) {
			return null;
		}
		$table = Schema::tables()['payment_drafts'];
		$row   = $wpdb->get_row( $wpdb->prepare( "SELECT * FROM {$table} WHERE id = %s", $id ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- the plugin's own table; a draft is read once per return.
		if ( ! is_array( $row ) ) {
			return null;
		}
		$values = json_decode( (string) $row['draft_values'], true );
		return array(
			'id'             => (string) $row['id'],
			'form_id'        => (int) $row['form_id'],
			'submission_key' => (string) $row['submission_key'],
			'owner_hash'     => (string) ( $row['owner_hash'] ?? '' ),
			'values'         => is_array( $values ) ? $values : array(),
			'return_url'     => (string) $row['return_url'],
			'status'         => (string) $row['status'],
			'entry_id'       => null === $row['entry_id'] ? null : (int) $row['entry_id'],
			'created_at'     => (string) $row['created_at'],
			'expires_at'     => (string) $row['expires_at'],
		);
	}

	/**
	 * A browser secret's stored form.
	 *
	 * @param string $secret Secret.
	 */
	private static function hash( string $secret ): string {
		return hash( 'sha256', $secret );
	}

	/**
	 * Whether a secret is the one of the browser that made the draft (a draft without a stored
	 * hash is nobody's).
	 *
	 * @param Draft       $draft  The draft.
	 * @param string|null $secret The browser's secret (null when it sent none).
	 */
	public static function owned_by( array $draft, ?string $secret ): bool {
		return null !== $secret && '' !== $secret && 64 === strlen( $draft['owner_hash'] )
			&& hash_equals( $draft['owner_hash'], self::hash( $secret ) );
	}

	/**
	 * Whether a draft has expired.
	 *
	 * @param Draft $draft The draft.
	 * @param int   $now   Unix time.
	 */
	public static function expired( array $draft, int $now ): bool {
		return strtotime( $draft['expires_at'] . ' UTC' ) <= $now;
	}

	/**
	 * Marks an open draft of a form submitted by an entry (called inside the entry's transaction)
	 * and empties its values (the entry holds them now).
	 *
	 * @param string $id       Draft id.
	 * @param int    $form_id  The entry's form (a draft of another form is left alone).
	 * @param int    $entry_id The entry.
	 * @return bool Whether an open draft of that form was marked.
	 */
	public function mark_submitted( string $id, int $form_id, int $entry_id ): bool {
		global $wpdb;
		$changed = $wpdb->update( // phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- the plugin's own table.
			Schema::tables()['payment_drafts'],
			array(
				'status'       => self::SUBMITTED,
				'entry_id'     => $entry_id,
				'draft_values' => '{}',
			),
			array(
				'id'      => $id,
				'form_id' => $form_id,
				'status'  => self::OPEN,
			),
			array( '%s', '%d', '%s' ),
			array( '%s', '%d', '%s' )
		);
		return is_int( $changed ) && $changed > 0;
	}

	/**
	 * Deletes the drafts that expired before a time.
	 *
	 * @param int $now Unix time.
	 * @return int Drafts deleted.
	 */
	public function purge_expired( int $now ): int {
		global $wpdb;
		$table = Schema::tables()['payment_drafts'];
		$done  = $wpdb->query( $wpdb->prepare( "DELETE FROM {$table} WHERE expires_at <= %s", gmdate( 'Y-m-d H:i:s', $now ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- the plugin's own table.
		return is_int( $done ) ? $done : 0;
	}

	/**
	 * Deletes every draft of a form (the form deleted for good).
	 *
	 * @param int $form_id Form id.
	 */
	public function delete_for_form( int $form_id ): void {
		global $wpdb;
		$wpdb->delete( Schema::tables()['payment_drafts'], array( 'form_id' => $form_id ), array( '%d' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- the plugin's own table.
	}

	/**
	 * Deletes the drafts of entries (the entries deleted or erased).
	 *
	 * @param list<int> $entry_ids Entry ids.
	 */
	public function delete_for_entries( array $entry_ids ): void {
		global $wpdb;
		$entry_ids = array_values( array_unique( array_filter( array_map( 'intval', $entry_ids ) ) ) );
		if ( ! $entry_ids ) {
			return;
		}
		$table        = Schema::tables()['payment_drafts'];
		$placeholders = implode( ',', array_fill( 0, count( $entry_ids ), '%d' ) );
		// phpcs:ignore WordPress.DB.PreparedSQL, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare, WordPress.DB.DirectDatabaseQuery -- the plugin's own table; one %d per id.
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$table} WHERE entry_id IN ($placeholders)", $entry_ids ) );
	}
}
