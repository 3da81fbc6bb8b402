<?php
/**
 * Records of uploaded files.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Persistence;

/**
 * All SQL for the uploads and upload sessions tables.
 *
 * Uploads: a row exists only for a complete, checked file; entry_id is NULL until a submission
 * claims the file; upload_key is the token_hash of the session that uploaded it.
 * Row shape: id, token, upload_key, form_id, field_id, upload_id, path, name, size, mime,
 * created_at (UTC), entry_id (int|null).
 *
 * Sessions: see Schema (upload_sessions). State changes that several PHP workers race for
 * (fixing the figures, starting the assembly) are single conditional UPDATEs: the database
 * lets exactly one of them change the row.
 */
final class UploadRepository {

	/**
	 * Stores a new record.
	 *
	 * @param array{token: string, upload_key: string, form_id: int, field_id: int, upload_id: string, path: string, name: string, size: int, mime: string} $record Record.
	 */
	public function insert( array $record ): bool {
		global $wpdb;
		return (bool) $wpdb->insert(
			Schema::tables()['uploads'],
			array(
				'token'      => $record['token'],
				'upload_key' => $record['upload_key'],
				'form_id'    => $record['form_id'],
				'field_id'   => $record['field_id'],
				'upload_id'  => $record['upload_id'],
				'path'       => $record['path'],
				'name'       => $record['name'],
				'size'       => $record['size'],
				'mime'       => $record['mime'],
				'created_at' => gmdate( 'Y-m-d H:i:s' ),
			),
			array( '%s', '%s', '%d', '%d', '%s', '%s', '%s', '%d', '%s', '%s' )
		);
	}

	/**
	 * The unclaimed record of a finished upload, by its storage key.
	 *
	 * @param string $upload_key Storage key.
	 * @return array<string, mixed>|null
	 */
	public function find_unclaimed_by_key( string $upload_key ): ?array {
		global $wpdb;
		$table = Schema::tables()['uploads'];
		$row   = $wpdb->get_row( $wpdb->prepare( "SELECT * FROM {$table} WHERE upload_key = %s AND entry_id IS NULL ORDER BY id LIMIT 1", $upload_key ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		return $row ? self::hydrate( $row ) : null;
	}

	/**
	 * Records by token.
	 *
	 * @param list<string> $tokens Tokens.
	 * @return array<string, array<string, mixed>> Records by token (unknown tokens are absent).
	 */
	public function find_by_tokens( array $tokens ): array {
		global $wpdb;
		if ( ! $tokens ) {
			return array();
		}
		$table        = Schema::tables()['uploads'];
		$placeholders = implode( ',', array_fill( 0, count( $tokens ), '%s' ) );
		$rows         = $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$table} WHERE token IN ($placeholders)", $tokens ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- table name is ours; one %s per token, built above.
		$rows         = $rows ? $rows : array();
		$out          = array();
		foreach ( $rows as $row ) {
			$out[ (string) $row['token'] ] = self::hydrate( $row );
		}
		return $out;
	}

	/**
	 * The files of an entry, in upload order.
	 *
	 * @param int $entry_id Entry id.
	 * @return list<array<string, mixed>>
	 */
	public function find_for_entry( int $entry_id ): array {
		global $wpdb;
		$table = Schema::tables()['uploads'];
		$rows  = $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$table} WHERE entry_id = %d ORDER BY field_id, id", $entry_id ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		$rows  = $rows ? $rows : array();
		return array_map( array( self::class, 'hydrate' ), $rows );
	}

	/**
	 * The files of every entry of a form.
	 *
	 * @param int $form_id Form id.
	 * @return list<array<string, mixed>>
	 */
	public function find_for_form( int $form_id ): array {
		global $wpdb;
		$table = Schema::tables()['uploads'];
		$rows  = $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$table} WHERE form_id = %d", $form_id ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		$rows  = $rows ? $rows : array();
		return array_map( array( self::class, 'hydrate' ), $rows );
	}

	/**
	 * Unclaimed records created before a time.
	 *
	 * @param string $before UTC datetime (Y-m-d H:i:s).
	 * @param int    $limit  Most rows.
	 * @return list<array<string, mixed>>
	 */
	public function find_unclaimed_before( string $before, int $limit ): array {
		global $wpdb;
		$table = Schema::tables()['uploads'];
		$rows  = $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$table} WHERE entry_id IS NULL AND created_at < %s ORDER BY id LIMIT %d", $before, $limit ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		$rows  = $rows ? $rows : array();
		return array_map( array( self::class, 'hydrate' ), $rows );
	}

	/**
	 * Whether a record exists for this stored path (relative).
	 *
	 * @param string $path Relative path.
	 */
	public function path_exists( string $path ): bool {
		global $wpdb;
		$table = Schema::tables()['uploads'];
		return null !== $wpdb->get_var( $wpdb->prepare( "SELECT id FROM {$table} WHERE path = %s LIMIT 1", $path ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
	}

	/**
	 * Marks an unclaimed record as the entry's. Only one caller can win for a token.
	 *
	 * @param string $token    Token.
	 * @param int    $entry_id Entry id.
	 * @return bool Whether this call claimed it.
	 */
	public function mark_claimed( string $token, int $entry_id ): bool {
		global $wpdb;
		$table = Schema::tables()['uploads'];
		return 1 === (int) $wpdb->query( $wpdb->prepare( "UPDATE {$table} SET entry_id = %d WHERE token = %s AND entry_id IS NULL", $entry_id, $token ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
	}

	/**
	 * Records a file's new place.
	 *
	 * @param string $token Token.
	 * @param string $path  Relative path.
	 */
	public function set_path( string $token, string $path ): bool {
		global $wpdb;
		return false !== $wpdb->update( Schema::tables()['uploads'], array( 'path' => $path ), array( 'token' => $token ), array( '%s' ), array( '%s' ) );
	}

	/**
	 * Deletes records.
	 *
	 * @param list<string> $tokens Tokens.
	 */
	public function delete( array $tokens ): void {
		global $wpdb;
		if ( ! $tokens ) {
			return;
		}
		$table        = Schema::tables()['uploads'];
		$placeholders = implode( ',', array_fill( 0, count( $tokens ), '%s' ) );
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$table} WHERE token IN ($placeholders)", $tokens ) ); // phpcs:ignore WordPress.DB.PreparedSQL, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- table name is ours; one %s per token, built above.
	}

	/**
	 * Creates an upload session.
	 *
	 * @param string $token_hash Hash of the session token.
	 * @param int    $form_id    Form id.
	 * @param int    $field_id   Field id.
	 * @param string $client     Hashed client address.
	 */
	public function insert_session( string $token_hash, int $form_id, int $field_id, string $client ): bool {
		global $wpdb;
		$now = gmdate( 'Y-m-d H:i:s' );
		return (bool) $wpdb->insert(
			Schema::tables()['upload_sessions'],
			array(
				'token_hash' => $token_hash,
				'form_id'    => $form_id,
				'field_id'   => $field_id,
				'client'     => $client,
				'status'     => 'open',
				'created_at' => $now,
				'updated_at' => $now,
			),
			array( '%s', '%d', '%d', '%s', '%s', '%s', '%s' )
		);
	}

	/**
	 * A session by its token hash.
	 *
	 * @param string $token_hash Hash of the session token.
	 * @return array{id: int, token_hash: string, form_id: int, field_id: int, client: string, status: string, name: string|null, type: string|null, total_size: int|null, chunk_size: int|null, total_chunks: int|null, created_at: string, updated_at: string}|null
	 */
	public function find_session( string $token_hash ): ?array {
		global $wpdb;
		$table = Schema::tables()['upload_sessions'];
		$row   = $wpdb->get_row( $wpdb->prepare( "SELECT * FROM {$table} WHERE token_hash = %s", $token_hash ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		if ( ! $row ) {
			return null;
		}
		$int = static fn( mixed $v ): ?int => null === $v ? null : (int) $v;
		return array(
			'id'           => (int) $row['id'],
			'token_hash'   => (string) $row['token_hash'],
			'form_id'      => (int) $row['form_id'],
			'field_id'     => (int) $row['field_id'],
			'client'       => (string) $row['client'],
			'status'       => (string) $row['status'],
			'name'         => null === $row['name'] ? null : (string) $row['name'],
			'type'         => null === $row['type'] ? null : (string) $row['type'],
			'total_size'   => $int( $row['total_size'] ),
			'chunk_size'   => $int( $row['chunk_size'] ),
			'total_chunks' => $int( $row['total_chunks'] ),
			'created_at'   => (string) $row['created_at'],
			'updated_at'   => (string) $row['updated_at'],
		);
	}

	/**
	 * Fixes a session's file figures, unless another request fixed them first.
	 *
	 * @param int                                                                                    $id      Session id.
	 * @param array{name: string, type: string, total_size: int, chunk_size: int, total_chunks: int} $figures Figures of the first chunk.
	 * @return bool Whether this call fixed them.
	 */
	public function fix_session_figures( int $id, array $figures ): bool {
		global $wpdb;
		$table = Schema::tables()['upload_sessions'];
		return 1 === (int) $wpdb->query( // phpcs:ignore WordPress.DB.DirectDatabaseQuery
			$wpdb->prepare(
				"UPDATE {$table} SET name = %s, type = %s, total_size = %d, chunk_size = %d, total_chunks = %d, updated_at = %s WHERE id = %d AND total_size IS NULL", // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
				$figures['name'],
				$figures['type'],
				$figures['total_size'],
				$figures['chunk_size'],
				$figures['total_chunks'],
				gmdate( 'Y-m-d H:i:s' ),
				$id
			)
		);
	}

	/**
	 * Withdraws the figures this request fixed (the client went over its byte cap): the session
	 * is as before its first chunk. Only while it is open with the figures of that request.
	 *
	 * @param int $id         Session id.
	 * @param int $total_size The total size the request fixed.
	 * @return bool Whether this call withdrew them.
	 */
	public function unfix_session_figures( int $id, int $total_size ): bool {
		global $wpdb;
		$table = Schema::tables()['upload_sessions'];
		return 1 === (int) $wpdb->query( // phpcs:ignore WordPress.DB.DirectDatabaseQuery
			$wpdb->prepare(
				"UPDATE {$table} SET name = NULL, type = NULL, total_size = NULL, chunk_size = NULL, total_chunks = NULL, updated_at = %s WHERE id = %d AND status = 'open' AND total_size = %d", // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
				gmdate( 'Y-m-d H:i:s' ),
				$id,
				$total_size
			)
		);
	}

	/**
	 * Moves a session from one state to another, only when it is in one of the given states
	 * (and, for $stale_before, an 'assembling' state older than that counts as open: the worker
	 * that started it died).
	 *
	 * @param int          $id           Session id.
	 * @param list<string> $from         States it may be in.
	 * @param string       $to           New state.
	 * @param string|null  $stale_before UTC datetime; an 'assembling' row last touched before it may be taken over.
	 * @return bool Whether this call changed it.
	 */
	public function transition_session( int $id, array $from, string $to, ?string $stale_before = null ): bool {
		global $wpdb;
		$table  = Schema::tables()['upload_sessions'];
		$states = implode( ',', array_fill( 0, count( $from ), '%s' ) );
		$sql    = "UPDATE {$table} SET status = %s, updated_at = %s WHERE id = %d AND ( status IN ($states)";
		$args   = array_merge( array( $to, gmdate( 'Y-m-d H:i:s' ), $id ), $from );
		if ( null !== $stale_before ) {
			$sql   .= " OR ( status = 'assembling' AND updated_at < %s )";
			$args[] = $stale_before;
		}
		return 1 === (int) $wpdb->query( $wpdb->prepare( $sql . ' )', $args ) ); // phpcs:ignore WordPress.DB.PreparedSQL, WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- $sql holds the placeholders (%s, %s, %d, one %s per state, %s) and $args their values.
	}

	/**
	 * Marks a session as active now (the cleanup keeps it).
	 *
	 * @param int $id Session id.
	 */
	public function touch_session( int $id ): void {
		global $wpdb;
		$table = Schema::tables()['upload_sessions'];
		// Open sessions only: an assembly's age tells whether its worker died.
		$wpdb->query( $wpdb->prepare( "UPDATE {$table} SET updated_at = %s WHERE id = %d AND status = 'open'", gmdate( 'Y-m-d H:i:s' ), $id ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.DirectDatabaseQuery
	}

	/**
	 * What a client holds since a time: uploads in progress (open or assembling) and bytes of
	 * uploads in progress or complete and not yet claimed by an entry.
	 *
	 * @param string   $client     Hashed client address.
	 * @param string   $since      UTC datetime: sessions created before it have expired.
	 * @param int|null $except_id  A session not to count.
	 * @return array{open: int, bytes: int, oldest: string|null} oldest: creation time of the oldest session counted.
	 */
	public function client_usage( string $client, string $since, ?int $except_id = null ): array {
		global $wpdb;
		$sessions = Schema::tables()['upload_sessions'];
		$uploads  = Schema::tables()['uploads'];
		// phpcs:disable WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.DirectDatabaseQuery
		$row = $wpdb->get_row(
			$wpdb->prepare(
				"SELECT SUM( CASE WHEN s.status IN ('open','assembling') THEN 1 ELSE 0 END ) AS open_count,
					COALESCE( SUM( COALESCE( s.total_size, 0 ) ), 0 ) AS bytes, MIN( s.created_at ) AS oldest
				FROM {$sessions} s LEFT JOIN {$uploads} u ON u.upload_key = s.token_hash
				WHERE s.client = %s AND s.created_at >= %s AND s.id <> %d
					AND ( s.status IN ('open','assembling') OR ( s.status = 'complete' AND u.id IS NOT NULL AND u.entry_id IS NULL ) )",
				$client,
				$since,
				(int) $except_id
			),
			ARRAY_A
		);
		// phpcs:enable
		return array(
			'open'   => (int) ( $row['open_count'] ?? 0 ),
			'bytes'  => (int) ( $row['bytes'] ?? 0 ),
			'oldest' => isset( $row['oldest'] ) ? (string) $row['oldest'] : null,
		);
	}

	/**
	 * Sessions created before a time (expired), oldest first.
	 *
	 * @param string $before UTC datetime.
	 * @param int    $limit  Most rows.
	 * @return list<array{id: int, token_hash: string}>
	 */
	public function find_sessions_before( string $before, int $limit ): array {
		global $wpdb;
		$table = Schema::tables()['upload_sessions'];
		$rows  = $wpdb->get_results( $wpdb->prepare( "SELECT id, token_hash FROM {$table} WHERE created_at < %s ORDER BY id LIMIT %d", $before, $limit ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		$rows  = is_array( $rows ) ? $rows : array();
		return array_map(
			static fn( array $r ): array => array(
				'id'         => (int) $r['id'],
				'token_hash' => (string) $r['token_hash'],
			),
			$rows
		);
	}

	/**
	 * Whether a session exists for a token hash (the cleanup keeps the chunks of live ones).
	 *
	 * @param string $token_hash Token hash.
	 */
	public function session_exists( string $token_hash ): bool {
		global $wpdb;
		$table = Schema::tables()['upload_sessions'];
		return null !== $wpdb->get_var( $wpdb->prepare( "SELECT id FROM {$table} WHERE token_hash = %s", $token_hash ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
	}

	/**
	 * Deletes sessions.
	 *
	 * @param list<int> $ids Session ids.
	 */
	public function delete_sessions( array $ids ): void {
		global $wpdb;
		if ( ! $ids ) {
			return;
		}
		$table        = Schema::tables()['upload_sessions'];
		$placeholders = implode( ',', array_fill( 0, count( $ids ), '%d' ) );
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$table} WHERE id IN ($placeholders)", $ids ) ); // phpcs:ignore WordPress.DB.PreparedSQL, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- table name is ours; one %d per id, built above.
	}

	/**
	 * Deletes one session by its token hash (a session withdrawn because its client went over the cap).
	 *
	 * @param string $token_hash Hash of the session token.
	 */
	public function delete_session_by_key( string $token_hash ): void {
		global $wpdb;
		$wpdb->delete( Schema::tables()['upload_sessions'], array( 'token_hash' => $token_hash ), array( '%s' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
	}

	/**
	 * Deletes every session of a form.
	 *
	 * @param int $form_id Form id.
	 */
	public function delete_sessions_of_form( int $form_id ): void {
		global $wpdb;
		$wpdb->delete( Schema::tables()['upload_sessions'], array( 'form_id' => $form_id ), array( '%d' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
	}

	/**
	 * A record from a database row, with its columns cast to their PHP types.
	 *
	 * @param array<string, mixed> $row Row.
	 * @return array<string, mixed>
	 */
	private static function hydrate( array $row ): array {
		return array(
			'id'         => (int) $row['id'],
			'token'      => (string) $row['token'],
			'upload_key' => (string) $row['upload_key'],
			'form_id'    => (int) $row['form_id'],
			'field_id'   => (int) $row['field_id'],
			'upload_id'  => (string) $row['upload_id'],
			'path'       => (string) $row['path'],
			'name'       => (string) $row['name'],
			'size'       => (int) $row['size'],
			'mime'       => (string) $row['mime'],
			'created_at' => (string) $row['created_at'],
			'entry_id'   => null === $row['entry_id'] ? null : (int) $row['entry_id'],
		);
	}
}
