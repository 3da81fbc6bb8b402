<?php
/**
 * The SQL of the admin entries workspace: filtered lists, batches for exports, bulk actions,
 * value edits, notes, retention and privacy look-ups.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Persistence;

use Kestrel\Forms\Domain\Entry\Entry;

/**
 * Queries and changes of the entries workspace: lists, filters, flags, notes and export batches.
 *
 * Criteria (every key optional except form_id):
 *
 *     array{ form_id: int, status?: 'active'|'spam'|'trash'|'all', search?: string,
 *            starred?: bool, read?: bool, date_from?: string (UTC "Y-m-d H:i:s"),
 *            date_to?: string (UTC), field?: string (field or input id), field_value?: string,
 *            field_operator?: 'is'|'contains', orderby?: 'created_at'|'id'|string input id,
 *            order?: 'asc'|'desc', payment_status?: one of EntryPayments::FILTER_STATUSES or
 *            EntryPayments::NONE (entries without a payment) }
 *
 * Rows come back as WorkspaceEntry-shaped arrays: the Entry plus its read and starred flags.
 */
final class EntryWorkspaceRepository {

	public const STATUSES = array( Entry::STATUS_ACTIVE, Entry::STATUS_SPAM, Entry::STATUS_TRASH );

	/** Bulk actions and what they change. */
	public const ACTIONS = array( 'read', 'unread', 'star', 'unstar', 'spam', 'not_spam', 'trash', 'restore', 'delete' );

	private const JSON_SUFFIX = ':json';

	/**
	 * One page of entries matching the criteria.
	 *
	 * @param array<string, mixed> $criteria Criteria (see the class comment).
	 * @param int                  $page     1-based page.
	 * @param int                  $per_page Page size.
	 * @return array{items: list<array{entry: Entry, is_read: bool, is_starred: bool}>, total: int}
	 */
	public function query( array $criteria, int $page, int $per_page ): array {
		global $wpdb;
		$t                     = Schema::tables();
		list( $where, $args )  = $this->where( $criteria );
		list( $order, $oargs ) = $this->order( $criteria );
		$from                  = $this->from( $criteria );
		// phpcs:disable WordPress.DB.PreparedSQL, WordPress.DB.PreparedSQLPlaceholders -- table names are ours; $where holds the placeholders and $args their values.
		$total = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$from} WHERE {$where}", $args ) );
		$rows  = (array) $wpdb->get_results(
			$wpdb->prepare(
				"SELECT e.* FROM {$from} WHERE {$where} ORDER BY {$order} LIMIT %d OFFSET %d",
				array_merge( $args, $oargs, array( $per_page, max( 0, ( $page - 1 ) * $per_page ) ) )
			),
			ARRAY_A
		);
		// phpcs:enable
		return array(
			'items' => $this->hydrate_rows( array_values( $rows ) ),
			'total' => $total,
		);
	}

	/**
	 * The counts of a form's list views, in one query: active entries ("all", as WordPress's
	 * lists leave spam and trash out of All), the unread and starred ones among them, spam and
	 * trash.
	 *
	 * @param int $form_id Form id.
	 * @return array{all: int, unread: int, starred: int, spam: int, trash: int}
	 */
	public function counts( int $form_id ): array {
		global $wpdb;
		$t    = Schema::tables();
		$rows = (array) $wpdb->get_results(
			$wpdb->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names are ours.
				"SELECT status, COUNT(*) AS total, SUM( CASE WHEN is_read = 0 THEN 1 ELSE 0 END ) AS unread, SUM( CASE WHEN is_starred = 1 THEN 1 ELSE 0 END ) AS starred FROM {$t['entries']} WHERE form_id = %d GROUP BY status",
				$form_id
			),
			ARRAY_A
		);
		$counts = array(
			'all'     => 0,
			'unread'  => 0,
			'starred' => 0,
			'spam'    => 0,
			'trash'   => 0,
		);
		foreach ( $rows as $row ) {
			$status = (string) $row['status'];
			if ( Entry::STATUS_ACTIVE === $status ) {
				$counts['all']     = (int) $row['total'];
				$counts['unread']  = (int) $row['unread'];
				$counts['starred'] = (int) $row['starred'];
			} elseif ( Entry::STATUS_SPAM === $status || Entry::STATUS_TRASH === $status ) {
				$counts[ $status ] = (int) $row['total'];
			}
		}
		return $counts;
	}

	/**
	 * Walks every matching entry, newest first, a batch at a time (keyset on id), so a caller can
	 * stream any number of entries in constant memory.
	 *
	 * @param array<string, mixed> $criteria Criteria (orderby and order are ignored).
	 * @param callable             $each     fn( list<array{entry: Entry, is_read: bool, is_starred: bool}> $batch ): void.
	 * @param int                  $size     Batch size.
	 * @return int Entries walked.
	 */
	public function each_batch( array $criteria, callable $each, int $size = 500 ): int {
		global $wpdb;
		list( $where, $args ) = $this->where( $criteria );
		$from                 = $this->from( $criteria );
		$last                 = PHP_INT_MAX;
		$count                = 0;
		do {
			// phpcs:disable WordPress.DB.PreparedSQL, WordPress.DB.PreparedSQLPlaceholders -- table names are ours; $where holds the placeholders and $args their values.
			$rows = (array) $wpdb->get_results(
				$wpdb->prepare( "SELECT e.* FROM {$from} WHERE {$where} AND e.id < %d ORDER BY e.id DESC LIMIT %d", array_merge( $args, array( $last, $size ) ) ),
				ARRAY_A
			);
			// phpcs:enable
			if ( ! $rows ) {
				break;
			}
			$last   = (int) $rows[ count( $rows ) - 1 ]['id'];
			$count += count( $rows );
			$each( $this->hydrate_rows( array_values( $rows ) ) );
			unset( $rows );
		} while ( true );
		return $count;
	}

	/**
	 * One entry with its flags.
	 *
	 * @param int $id Entry id.
	 * @return array{entry: Entry, is_read: bool, is_starred: bool}|null
	 */
	public function find( int $id ): ?array {
		global $wpdb;
		$t   = Schema::tables();
		$row = $wpdb->get_row( $wpdb->prepare( "SELECT * FROM {$t['entries']} WHERE id = %d", $id ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names are ours.
		return $row ? $this->hydrate_rows( array( $row ) )[0] : null;
	}

	/**
	 * The ids of the entries before and after one in the default list order (newest first),
	 * among the form's entries with the same status.
	 *
	 * @param Entry $entry Entry.
	 * @return array{previous: int, next: int} 0 when there is none. "previous" is the newer one.
	 */
	public function neighbours( Entry $entry ): array {
		global $wpdb;
		$t = Schema::tables();
		// phpcs:disable WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names are ours.
		$newer = (int) $wpdb->get_var(
			$wpdb->prepare(
				"SELECT id FROM {$t['entries']} WHERE form_id = %d AND status = %s AND ( created_at > %s OR ( created_at = %s AND id > %d ) ) ORDER BY created_at ASC, id ASC LIMIT 1",
				$entry->form_id,
				$entry->status,
				$entry->created_at,
				$entry->created_at,
				$entry->id
			)
		);
		$older = (int) $wpdb->get_var(
			$wpdb->prepare(
				"SELECT id FROM {$t['entries']} WHERE form_id = %d AND status = %s AND ( created_at < %s OR ( created_at = %s AND id < %d ) ) ORDER BY created_at DESC, id DESC LIMIT 1",
				$entry->form_id,
				$entry->status,
				$entry->created_at,
				$entry->created_at,
				$entry->id
			)
		);
		// phpcs:enable
		return array(
			'previous' => $newer,
			'next'     => $older,
		);
	}

	/**
	 * Applies a bulk action (except "delete", which the caller does with delete()) to entries.
	 *
	 * @param string    $action One of ACTIONS except delete.
	 * @param list<int> $ids    Entry ids.
	 * @return int Rows changed.
	 */
	public function apply( string $action, array $ids ): int {
		global $wpdb;
		$ids = array_values( array_unique( array_filter( array_map( 'intval', $ids ) ) ) );
		if ( ! $ids ) {
			return 0;
		}
		$set = match ( $action ) {
			'read'     => array( 'is_read', 1, '%d' ),
			'unread'   => array( 'is_read', 0, '%d' ),
			'star'     => array( 'is_starred', 1, '%d' ),
			'unstar'   => array( 'is_starred', 0, '%d' ),
			'spam'     => array( 'status', Entry::STATUS_SPAM, '%s' ),
			'trash'    => array( 'status', Entry::STATUS_TRASH, '%s' ),
			'not_spam', 'restore' => array( 'status', Entry::STATUS_ACTIVE, '%s' ),
			default    => null,
		};
		if ( null === $set ) {
			return 0;
		}
		$t            = Schema::tables();
		$placeholders = implode( ',', array_fill( 0, count( $ids ), '%d' ) );
		// phpcs:ignore WordPress.DB.PreparedSQL, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- column and table names come from the match above; one %d per id.
		return (int) $wpdb->query( $wpdb->prepare( "UPDATE {$t['entries']} SET {$set[0]} = {$set[2]} WHERE id IN ($placeholders)", array_merge( array( $set[1] ), $ids ) ) );
	}

	/**
	 * Deletes entries for good, with their values and notes (files are the caller's: UploadStore);
	 * their payment rows keep the financial record but lose personal data.
	 *
	 * @param list<int> $ids Entry ids.
	 * @return int Entries deleted.
	 */
	public function delete( array $ids ): int {
		global $wpdb;
		$ids = array_values( array_unique( array_filter( array_map( 'intval', $ids ) ) ) );
		if ( ! $ids ) {
			return 0;
		}
		$t            = Schema::tables();
		$placeholders = implode( ',', array_fill( 0, count( $ids ), '%d' ) );
		// phpcs:disable WordPress.DB.PreparedSQL, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- table names are ours; one %d per id.
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$t['entry_values']} WHERE entry_id IN ($placeholders)", $ids ) );
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$t['entry_notes']} WHERE entry_id IN ($placeholders)", $ids ) );
		$deleted = (int) $wpdb->query( $wpdb->prepare( "DELETE FROM {$t['entries']} WHERE id IN ($placeholders)", $ids ) );
		// phpcs:enable
		// Their payments stay as financial records, without personal data (issue 13, H8).
		( new PaymentRepository() )->forget_personal_data_of_entries( $ids );
		// Their payment drafts too (ADR 0009): a return URL must not answer for an erased entry.
		( new PaymentDraftRepository() )->delete_for_entries( $ids );
		return $deleted;
	}

	/**
	 * Replaces the stored values of some fields of an entry, in one transaction.
	 *
	 * @param Entry                              $entry     The entry.
	 * @param list<int>                          $field_ids Fields whose values are replaced.
	 * @param array<string, string|array<mixed>> $values    New values by input id (only of those fields).
	 * @param (callable(): bool)|null            $within    Runs first in the same transaction (e.g.
	 *                                                      taking uploaded files for the entry);
	 *                                                      false undoes everything.
	 * @return bool Whether the values were stored (false also when $within said no).
	 */
	public function replace_values( Entry $entry, array $field_ids, array $values, ?callable $within = null ): bool {
		global $wpdb;
		$t = Schema::tables();
		$wpdb->query( 'START TRANSACTION' );
		if ( null !== $within && ! $within() ) {
			$wpdb->query( 'ROLLBACK' );
			return false;
		}
		foreach ( $field_ids as $field_id ) {
			$id = (string) (int) $field_id;
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name is ours.
			$ok = $wpdb->query( $wpdb->prepare( "DELETE FROM {$t['entry_values']} WHERE entry_id = %d AND ( input_id = %s OR input_id = %s OR input_id LIKE %s )", $entry->id, $id, $id . self::JSON_SUFFIX, $wpdb->esc_like( $id . '.' ) . '%' ) );
			if ( false === $ok ) {
				$wpdb->query( 'ROLLBACK' );
				return false;
			}
		}
		foreach ( $values as $input_id => $value ) {
			$ok = $wpdb->insert(
				$t['entry_values'],
				array(
					'entry_id' => $entry->id,
					'form_id'  => $entry->form_id,
					'input_id' => is_array( $value ) ? $input_id . self::JSON_SUFFIX : (string) $input_id,
					'value'    => is_array( $value ) ? (string) wp_json_encode( $value, JSON_UNESCAPED_UNICODE ) : (string) $value,
				),
				array( '%d', '%d', '%s', '%s' )
			);
			if ( ! $ok ) {
				$wpdb->query( 'ROLLBACK' );
				return false;
			}
		}
		$wpdb->query( 'COMMIT' );
		return true;
	}

	/**
	 * Adds a note to an entry.
	 *
	 * @param int    $entry_id Entry id.
	 * @param int    $user_id  Author.
	 * @param string $note     Plain text.
	 * @return int Note id, 0 on failure.
	 */
	public function add_note( int $entry_id, int $user_id, string $note ): int {
		global $wpdb;
		$ok = $wpdb->insert(
			Schema::tables()['entry_notes'],
			array(
				'entry_id'   => $entry_id,
				'user_id'    => $user_id,
				'note'       => $note,
				'created_at' => gmdate( 'Y-m-d H:i:s' ),
			),
			array( '%d', '%d', '%s', '%s' )
		);
		return $ok ? (int) $wpdb->insert_id : 0;
	}

	/**
	 * An entry's notes, oldest first.
	 *
	 * @param int $entry_id Entry id.
	 * @return list<array{id: int, entry_id: int, user_id: int, note: string, created_at: string}>
	 */
	public function notes( int $entry_id ): array {
		global $wpdb;
		$t    = Schema::tables();
		$rows = (array) $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$t['entry_notes']} WHERE entry_id = %d ORDER BY id ASC", $entry_id ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names are ours.
		return array_map(
			static fn( array $r ): array => array(
				'id'         => (int) $r['id'],
				'entry_id'   => (int) $r['entry_id'],
				'user_id'    => (int) $r['user_id'],
				'note'       => (string) $r['note'],
				'created_at' => (string) $r['created_at'],
			),
			array_values( $rows )
		);
	}

	/**
	 * Deletes one note of an entry.
	 *
	 * @param int $entry_id Entry id.
	 * @param int $note_id  Note id.
	 */
	public function delete_note( int $entry_id, int $note_id ): bool {
		global $wpdb;
		return (bool) $wpdb->delete(
			Schema::tables()['entry_notes'],
			array(
				'id'       => $note_id,
				'entry_id' => $entry_id,
			),
			array( '%d', '%d' )
		);
	}

	/**
	 * Ids of entries created before a UTC time (data retention), oldest first.
	 *
	 * @param string $before UTC "Y-m-d H:i:s".
	 * @param int    $limit  Most ids.
	 * @return list<int>
	 */
	public function ids_created_before( string $before, int $limit ): array {
		global $wpdb;
		$t = Schema::tables();
		return array_values( array_map( 'intval', $wpdb->get_col( $wpdb->prepare( "SELECT id FROM {$t['entries']} WHERE created_at < %s ORDER BY id ASC LIMIT %d", $before, $limit ) ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names are ours.
	}

	/**
	 * Ids of entries holding this exact value (an email address) in any input, newest first.
	 *
	 * @param string $value Value (compared case-insensitively).
	 * @param int    $limit Most ids.
	 * @param int    $offset Ids to skip.
	 * @return list<int>
	 */
	public function ids_with_value( string $value, int $limit, int $offset = 0 ): array {
		global $wpdb;
		$t = Schema::tables();
		return array_values(
			array_map(
				'intval',
				$wpdb->get_col(
					// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names are ours.
					$wpdb->prepare( "SELECT DISTINCT entry_id FROM {$t['entry_values']} WHERE LOWER(value) = LOWER(%s) ORDER BY entry_id DESC LIMIT %d OFFSET %d", $value, $limit, $offset )
				)
			)
		);
	}

	/**
	 * The WHERE clause and its arguments for criteria.
	 *
	 * @param array<string, mixed> $c Criteria.
	 * @return array{0: string, 1: list<mixed>}
	 */
	private function where( array $c ): array {
		global $wpdb;
		$t     = Schema::tables();
		$parts = array( 'e.form_id = %d' );
		$args  = array( (int) ( $c['form_id'] ?? 0 ) );

		$status = (string) ( $c['status'] ?? Entry::STATUS_ACTIVE );
		if ( 'all' !== $status ) {
			$parts[] = 'e.status = %s';
			$args[]  = in_array( $status, self::STATUSES, true ) ? $status : Entry::STATUS_ACTIVE;
		}
		if ( isset( $c['starred'] ) ) {
			$parts[] = 'e.is_starred = %d';
			$args[]  = $c['starred'] ? 1 : 0;
		}
		if ( isset( $c['read'] ) ) {
			$parts[] = 'e.is_read = %d';
			$args[]  = $c['read'] ? 1 : 0;
		}
		if ( ! empty( $c['date_from'] ) ) {
			$parts[] = 'e.created_at >= %s';
			$args[]  = (string) $c['date_from'];
		}
		if ( ! empty( $c['date_to'] ) ) {
			$parts[] = 'e.created_at <= %s';
			$args[]  = (string) $c['date_to'];
		}
		$search = trim( (string) ( $c['search'] ?? '' ) );
		if ( '' !== $search ) {
			$like    = '%' . $wpdb->esc_like( $search ) . '%';
			$parts[] = "( EXISTS ( SELECT 1 FROM {$t['entry_values']} sv WHERE sv.entry_id = e.id AND sv.value LIKE %s ) OR e.id = %d )";
			$args[]  = $like;
			$args[]  = ctype_digit( ltrim( $search, '#' ) ) ? (int) ltrim( $search, '#' ) : 0;
		}
		$payment = (string) ( $c['payment_status'] ?? '' );
		if ( EntryPayments::NONE === $payment ) {
			$parts[] = 'p.id IS NULL';
		} elseif ( in_array( $payment, EntryPayments::FILTER_STATUSES, true ) ) {
			$parts[] = 'p.status = %s';
			$args[]  = $payment;
		}
		$field = (string) ( $c['field'] ?? '' );
		if ( '' !== $field && preg_match( '/^\d+(\.\d+)?$/', $field ) ) {
			$value    = (string) ( $c['field_value'] ?? '' );
			$contains = 'contains' === ( $c['field_operator'] ?? 'is' );
			$parts[]  = "EXISTS ( SELECT 1 FROM {$t['entry_values']} fv WHERE fv.entry_id = e.id AND ( fv.input_id = %s OR fv.input_id = %s OR fv.input_id LIKE %s ) AND fv.value " . ( $contains ? 'LIKE' : '=' ) . ' %s )';
			$args[]   = $field;
			$args[]   = $field . self::JSON_SUFFIX;
			$args[]   = str_contains( $field, '.' ) ? $field : $wpdb->esc_like( $field . '.' ) . '%';
			$args[]   = $contains ? '%' . $wpdb->esc_like( $value ) . '%' : $value;
		}
		return array( implode( ' AND ', $parts ), $args );
	}

	/**
	 * The FROM clause: the entries as `e`, joined to their payment as `p` (at most one per entry:
	 * entry_id is unique there) only when the criteria filter on it.
	 *
	 * @param array<string, mixed> $c Criteria.
	 */
	private function from( array $c ): string {
		$entries = Schema::tables()['entries'];
		$payment = (string) ( $c['payment_status'] ?? '' );
		if ( EntryPayments::NONE !== $payment && ! in_array( $payment, EntryPayments::FILTER_STATUSES, true ) ) {
			return "{$entries} e";
		}
		return "{$entries} e LEFT JOIN " . EntryPayments::table() . ' p ON p.entry_id = e.id';
	}

	/**
	 * The ORDER BY clause: by date (default), id or one input's value.
	 *
	 * @param array<string, mixed> $c Criteria.
	 * @return array{0: string, 1: list<mixed>}
	 */
	private function order( array $c ): array {
		$dir     = 'asc' === strtolower( (string) ( $c['order'] ?? 'desc' ) ) ? 'ASC' : 'DESC';
		$orderby = (string) ( $c['orderby'] ?? 'created_at' );
		if ( 'id' === $orderby ) {
			return array( "e.id {$dir}", array() );
		}
		if ( preg_match( '/^\d+(\.\d+)?$/', $orderby ) ) {
			$t = Schema::tables();
			return array( "( SELECT ov.value FROM {$t['entry_values']} ov WHERE ov.entry_id = e.id AND ov.input_id = %s LIMIT 1 ) {$dir}, e.id {$dir}", array( $orderby ) );
		}
		return array( "e.created_at {$dir}, e.id {$dir}", array() );
	}

	/**
	 * Entries with their values (one query for all values) and flags.
	 *
	 * @param list<array<string, mixed>> $rows Entries rows.
	 * @return list<array{entry: Entry, is_read: bool, is_starred: bool}>
	 */
	private function hydrate_rows( array $rows ): array {
		global $wpdb;
		if ( ! $rows ) {
			return array();
		}
		$t            = Schema::tables();
		$ids          = array_map( static fn( array $r ): int => (int) $r['id'], $rows );
		$placeholders = implode( ',', array_fill( 0, count( $ids ), '%d' ) );
		$value_rows   = (array) $wpdb->get_results(
			$wpdb->prepare( "SELECT entry_id, input_id, value FROM {$t['entry_values']} WHERE entry_id IN ($placeholders) ORDER BY id", $ids ), // phpcs:ignore WordPress.DB.PreparedSQL, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- one %d per id, built above.
			ARRAY_A
		);
		$values       = array();
		foreach ( $value_rows as $vr ) {
			$input_id = (string) $vr['input_id'];
			$value    = (string) $vr['value'];
			if ( str_ends_with( $input_id, self::JSON_SUFFIX ) ) {
				$input_id = substr( $input_id, 0, -strlen( self::JSON_SUFFIX ) );
				$decoded  = json_decode( $value, true );
				$value    = is_array( $decoded ) ? $decoded : array();
			}
			$values[ (int) $vr['entry_id'] ][ $input_id ] = $value;
		}
		$items = array();
		foreach ( $rows as $row ) {
			$id      = (int) $row['id'];
			$items[] = array(
				'entry'      => new Entry(
					$id,
					(int) $row['form_id'],
					$values[ $id ] ?? array(),
					(string) $row['created_at'],
					(string) $row['source_url'],
					(int) $row['user_id'],
					(string) $row['status'],
					self::pricing_of( $row['pricing'] ?? null ),
					isset( $row['feeds'] ) && is_string( $row['feeds'] ) ? array_values( array_map( 'intval', (array) json_decode( $row['feeds'], true ) ) ) : array()
				),
				'is_read'    => ! empty( $row['is_read'] ),
				'is_starred' => ! empty( $row['is_starred'] ),
			);
		}
		return $items;
	}

	/**
	 * The stored pricing snapshot of an entry, or null when there is none (or it is unreadable).
	 *
	 * @param mixed $json The `pricing` column.
	 * @return array<string, mixed>|null
	 */
	private static function pricing_of( mixed $json ): ?array {
		$pricing = is_string( $json ) ? json_decode( $json, true ) : null;
		return is_array( $pricing ) && array() !== $pricing ? $pricing : null;
	}
}
