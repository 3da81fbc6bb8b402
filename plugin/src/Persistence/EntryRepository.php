<?php
/**
 * Stores entries and their values.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Persistence;

use Kestrel\Forms\Domain\Entry\Entry;

/**
 * All SQL for entries. One row per entry plus one row per stored input value, so later
 * filters and exports can query values without decoding blobs.
 */
final class EntryRepository {

	/** Input id suffix of a structured value (list and repeater rows, uploaded files), stored as JSON. */
	private const JSON_SUFFIX = ':json';

	/**
	 * Stores an entry and its values atomically. With a submission key, a repeat of the same
	 * submission (double click, network retry) returns the first entry's id instead of a copy.
	 *
	 * @param Entry                      $entry          Entry to store (its id is ignored).
	 * @param string|null                $submission_key Client idempotency key, unique per form.
	 * @param (callable(int): bool)|null $within        Runs in the same transaction with the new
	 *                                                  entry's id (e.g. taking its uploaded files);
	 *                                                  false undoes everything.
	 * @return array{id: int, created: bool, refused?: bool} The entry id (0 on failure), whether it
	 *         is new, and `refused` when $within said no.
	 */
	public function insert( Entry $entry, ?string $submission_key = null, ?callable $within = null ): array {
		global $wpdb;
		$t = Schema::tables();

		if ( null !== $submission_key ) {
			$existing = $this->id_for_submission_key( $entry->form_id, $submission_key );
			if ( $existing ) {
				return array(
					'id'      => $existing,
					'created' => false,
				);
			}
		}

		$row = array(
			'form_id'        => $entry->form_id,
			'status'         => $entry->status,
			'created_at'     => $entry->created_at,
			'source_url'     => $entry->source_url,
			'user_id'        => $entry->user_id,
			'submission_key' => $submission_key,
			'currency'       => $entry->pricing['currency'] ?? null,
			'total_minor'    => $entry->pricing['totalMinor'] ?? null,
			'pricing'        => null === $entry->pricing ? null : wp_json_encode( $entry->pricing ),
			'feeds'          => $entry->feeds ? wp_json_encode( array_values( $entry->feeds ) ) : null,
		);
		$wpdb->query( 'START TRANSACTION' );
		if ( null === $submission_key ) {
			$ok = $wpdb->insert( $t['entries'], $row, array( '%d', '%s', '%s', '%s', '%d', '%s', '%s', '%d', '%s', '%s' ) );
		} else {
			// Two workers with the same key can both pass the lookup above. The unique index
			// (form_id, submission_key) lets one row in; INSERT IGNORE makes the other insert
			// nothing instead of failing, so wpdb neither logs nor prints "Duplicate entry" (with
			// WP_DEBUG_DISPLAY that HTML would land in front of the JSON answer). On MariaDB the
			// loser waits for the winner's transaction; on SQLite it becomes INSERT OR IGNORE.
			$ok = self::insert_ignore( $t['entries'], $row );
			if ( 0 === $ok ) {
				$wpdb->query( 'ROLLBACK' );
				// Read after the rollback, outside the transaction: the winner has committed.
				return array(
					'id'      => $this->id_for_submission_key( $entry->form_id, $submission_key ),
					'created' => false,
				);
			}
		}
		if ( ! $ok ) {
			$wpdb->query( 'ROLLBACK' );
			return array(
				'id'      => 0,
				'created' => false,
			);
		}
		$entry_id = (int) $wpdb->insert_id;
		foreach ( $entry->values as $input_id => $value ) {
			$ok = $wpdb->insert(
				$t['entry_values'],
				array(
					'entry_id' => $entry_id,
					'form_id'  => $entry->form_id,
					// A structured value (rows, files) is one JSON value under "{id}:json".
					'input_id' => is_array( $value ) ? $input_id . self::JSON_SUFFIX : (string) $input_id,
					'value'    => is_array( $value ) ? (string) wp_json_encode( $value, JSON_UNESCAPED_UNICODE ) : $value,
				),
				array( '%d', '%d', '%s', '%s' )
			);
			if ( ! $ok ) {
				$wpdb->query( 'ROLLBACK' );
				return array(
					'id'      => 0,
					'created' => false,
				);
			}
		}
		if ( null !== $within && ! $within( $entry_id ) ) {
			$wpdb->query( 'ROLLBACK' );
			return array(
				'id'      => 0,
				'created' => false,
				'refused' => true,
			);
		}
		$wpdb->query( 'COMMIT' );
		return array(
			'id'      => $entry_id,
			'created' => true,
		);
	}

	/**
	 * Claims a submission key for one worker while it checks and stores the submission, so that
	 * concurrent requests with the same key (a double submit, a retrying proxy) do not all ask the
	 * captcha provider and claim uploads: one holds the claim, the others wait for its entry.
	 * The claim is a transient pair in the options table, created with INSERT IGNORE (the unique
	 * option name lets exactly one worker in, on MariaDB and SQLite alike, without a database
	 * error); a claim older than its lifetime (its worker died) is taken over, and WordPress's
	 * expired-transient cleanup removes leftovers.
	 *
	 * @param int    $form_id Form id.
	 * @param string $key     Submission key.
	 * @param int    $ttl     Seconds the claim holds at most.
	 */
	public function claim_submission_key( int $form_id, string $key, int $ttl = 60 ): bool {
		global $wpdb;
		$name   = self::claim_name( $form_id, $key );
		$now    = time();
		$insert = "INSERT IGNORE INTO {$wpdb->options} (option_name, option_value, autoload) VALUES (%s, %s, 'off')";
		// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.NotPrepared -- an atomic claim has no WordPress API.
		for ( $attempt = 0; $attempt < 2; $attempt++ ) {
			if ( 1 === (int) $wpdb->query( $wpdb->prepare( $insert, '_transient_timeout_' . $name, (string) ( $now + $ttl ) ) ) ) {
				$wpdb->query( $wpdb->prepare( $insert, '_transient_' . $name, '1' ) );
				return true;
			}
			// Only one worker's DELETE of an expired claim matches; that one tries again.
			$expired = $wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name = %s AND CAST(option_value AS UNSIGNED) < %d", '_transient_timeout_' . $name, $now ) );
			if ( 1 !== (int) $expired ) {
				return false;
			}
		}
		// phpcs:enable
		return false;
	}

	/**
	 * Gives a claimed submission key back ({@see self::claim_submission_key()}).
	 *
	 * @param int    $form_id Form id.
	 * @param string $key     Submission key.
	 */
	public function release_submission_key( int $form_id, string $key ): void {
		global $wpdb;
		$name = self::claim_name( $form_id, $key );
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name IN (%s, %s)", '_transient_timeout_' . $name, '_transient_' . $name ) );
	}

	/**
	 * The option name of a key's claim.
	 *
	 * @param int    $form_id Form id.
	 * @param string $key     Submission key.
	 */
	private static function claim_name( int $form_id, string $key ): string {
		return 'kf_claim_' . substr( hash( 'sha256', $form_id . '|' . $key ), 0, 32 );
	}

	/**
	 * `INSERT IGNORE` of one row (NULL for null values).
	 *
	 * @param string               $table Table.
	 * @param array<string, mixed> $row   Column => value.
	 * @return int|false Rows inserted (0 when a unique key already held the row), false on error.
	 */
	private static function insert_ignore( string $table, array $row ): int|false {
		global $wpdb;
		$columns      = array();
		$placeholders = array();
		$values       = array();
		foreach ( $row as $column => $value ) {
			$columns[] = '`' . $column . '`';
			if ( null === $value ) {
				$placeholders[] = 'NULL';
				continue;
			}
			$placeholders[] = is_int( $value ) ? '%d' : '%s';
			$values[]       = $value;
		}
		$sql = "INSERT IGNORE INTO {$table} (" . implode( ', ', $columns ) . ') VALUES (' . implode( ', ', $placeholders ) . ')';
		// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.DirectDatabaseQuery -- columns are ours, values are placeholders.
		$result = $wpdb->query( $values ? $wpdb->prepare( $sql, $values ) : $sql );
		return false === $result ? false : (int) $result;
	}

	/**
	 * One entry with its values, or null.
	 *
	 * @param int $id Entry id.
	 */
	public function find( int $id ): ?Entry {
		global $wpdb;
		$t   = Schema::tables();
		$row = $wpdb->get_row( $wpdb->prepare( "SELECT * FROM {$t['entries']} WHERE id = %d", $id ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		if ( ! $row ) {
			return null;
		}
		return self::hydrate( $row, $this->values_for( array( $id ) )[ $id ] ?? array() );
	}

	/**
	 * One page of a form's entries, newest first.
	 *
	 * @param int $form_id  Form id.
	 * @param int $page     1-based page.
	 * @param int $per_page Page size.
	 * @return array{items: list<Entry>, total: int}
	 */
	public function page_for_form( int $form_id, int $page, int $per_page ): array {
		global $wpdb;
		$t = Schema::tables();
		// phpcs:disable WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names are ours.
		$total = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$t['entries']} WHERE form_id = %d", $form_id ) );
		$rows  = (array) $wpdb->get_results(
			$wpdb->prepare(
				"SELECT * FROM {$t['entries']} WHERE form_id = %d ORDER BY created_at DESC, id DESC LIMIT %d OFFSET %d",
				$form_id,
				$per_page,
				( $page - 1 ) * $per_page
			),
			ARRAY_A
		);
		// phpcs:enable
		$values = $this->values_for( array_values( array_map( static fn( array $r ): int => (int) $r['id'], $rows ) ) );
		$items  = array();
		foreach ( $rows as $row ) {
			$items[] = self::hydrate( $row, $values[ (int) $row['id'] ] ?? array() );
		}
		return array(
			'items' => $items,
			'total' => $total,
		);
	}

	/**
	 * The active form that received the latest entry (not spam or trash), or 0: where the entries
	 * screen opens when no form is asked for, rather than on the newest form (often a copy or an
	 * import without entries).
	 */
	public function latest_entry_form_id(): int {
		global $wpdb;
		$t = Schema::tables();
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names are ours; no input.
		return (int) $wpdb->get_var( "SELECT e.form_id FROM {$t['entries']} e INNER JOIN {$t['forms']} f ON f.id = e.form_id WHERE e.status = 'active' AND f.status = 'active' ORDER BY e.id DESC LIMIT 1" );
	}

	/**
	 * Entry counts for several forms in one query.
	 *
	 * @param list<int> $form_ids Form ids.
	 * @return array<int, int> Count by form id (forms without entries are absent).
	 */
	public function count_by_form( array $form_ids ): array {
		global $wpdb;
		if ( ! $form_ids ) {
			return array();
		}
		$t            = Schema::tables();
		$placeholders = implode( ',', array_fill( 0, count( $form_ids ), '%d' ) );
		$rows         = (array) $wpdb->get_results(
			$wpdb->prepare( "SELECT form_id, COUNT(*) AS n FROM {$t['entries']} WHERE form_id IN ($placeholders) GROUP BY form_id", $form_ids ), // phpcs:ignore WordPress.DB.PreparedSQL, WordPress.DB.PreparedSQLPlaceholders -- $placeholders is a list of %d.
			ARRAY_A
		);
		$counts       = array();
		foreach ( $rows as $row ) {
			$counts[ (int) $row['form_id'] ] = (int) $row['n'];
		}
		return $counts;
	}

	/**
	 * Deletes every entry of a form with its values.
	 *
	 * @param int $form_id Form id.
	 */
	public function delete_for_form( int $form_id ): void {
		global $wpdb;
		$t = Schema::tables();
		$wpdb->delete( $t['entry_values'], array( 'form_id' => $form_id ), array( '%d' ) );
		$wpdb->delete( $t['entries'], array( 'form_id' => $form_id ), array( '%d' ) );
	}

	/**
	 * The entry a submission key already made, or 0.
	 *
	 * @param int    $form_id Form id.
	 * @param string $key     Submission key.
	 */
	public function id_for_submission_key( int $form_id, string $key ): int {
		global $wpdb;
		$t = Schema::tables();
		return (int) $wpdb->get_var( $wpdb->prepare( "SELECT id FROM {$t['entries']} WHERE form_id = %d AND submission_key = %s", $form_id, $key ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
	}

	/**
	 * Values of several entries, in one query.
	 *
	 * @param list<int> $entry_ids Entry ids.
	 * @return array<int, array<string, string|array<mixed>>> Values by input id (structured values decoded), by entry id.
	 */
	private function values_for( array $entry_ids ): array {
		global $wpdb;
		if ( ! $entry_ids ) {
			return array();
		}
		$t            = Schema::tables();
		$placeholders = implode( ',', array_fill( 0, count( $entry_ids ), '%d' ) );
		$rows         = (array) $wpdb->get_results(
			$wpdb->prepare( "SELECT entry_id, input_id, value FROM {$t['entry_values']} WHERE entry_id IN ($placeholders) ORDER BY id", $entry_ids ), // phpcs:ignore WordPress.DB.PreparedSQL, WordPress.DB.PreparedSQLPlaceholders -- $placeholders is a list of %d.
			ARRAY_A
		);
		$values       = array();
		foreach ( $rows as $row ) {
			$input_id = (string) $row['input_id'];
			$value    = (string) $row['value'];
			if ( str_ends_with( $input_id, self::JSON_SUFFIX ) ) {
				$input_id = substr( $input_id, 0, -strlen( self::JSON_SUFFIX ) );
				$decoded  = json_decode( $value, true );
				$value    = is_array( $decoded ) ? $decoded : array();
			}
			$values[ (int) $row['entry_id'] ][ $input_id ] = $value;
		}
		return $values;
	}

	/**
	 * The stored pricing JSON as an array (null when there is none).
	 *
	 * @param mixed $json Column value.
	 * @return array<string, mixed>|null
	 */
	private static function pricing_of( mixed $json ): ?array {
		$pricing = is_string( $json ) ? json_decode( $json, true ) : null;
		return is_array( $pricing ) && array() !== $pricing ? $pricing : null;
	}

	/**
	 * An entry from its row and values.
	 *
	 * @param array<string, mixed>               $row    Entries row.
	 * @param array<string, string|array<mixed>> $values Values by input id.
	 */
	private static function hydrate( array $row, array $values ): Entry {
		return new Entry(
			(int) $row['id'],
			(int) $row['form_id'],
			$values,
			(string) $row['created_at'],
			(string) $row['source_url'],
			(int) $row['user_id'],
			(string) $row['status'],
			self::pricing_of( $row['pricing'] ?? null ),
			isset( $row['feeds'] ) && is_string( $row['feeds'] ) ? array_values( array_map( 'intval', (array) json_decode( $row['feeds'], true ) ) ) : array()
		);
	}
}
