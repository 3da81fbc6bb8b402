<?php
/**
 * Records of uploaded files.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Persistence;

/**
 * All SQL for the uploads table. A row exists only for a complete, checked file; entry_id is
 * NULL until a submission claims the file.
 *
 * Row shape: id, token, upload_key, form_id, field_id, upload_id, path, name, size, mime,
 * created_at (UTC), entry_id (int|null).
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
		$rows         = $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$table} WHERE token IN ($placeholders)", $tokens ), ARRAY_A ) ?: array(); // phpcs:ignore WordPress.DB.PreparedSQL
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
		$rows  = $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$table} WHERE entry_id = %d ORDER BY field_id, id", $entry_id ), ARRAY_A ) ?: array(); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
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
		$rows  = $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$table} WHERE form_id = %d", $form_id ), ARRAY_A ) ?: array(); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
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
		$rows  = $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$table} WHERE entry_id IS NULL AND created_at < %s ORDER BY id LIMIT %d", $before, $limit ), ARRAY_A ) ?: array(); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
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
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$table} WHERE token IN ($placeholders)", $tokens ) ); // phpcs:ignore WordPress.DB.PreparedSQL
	}

	/**
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
