<?php
/**
 * Stores form definitions in the forms table.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Persistence;

use Kestrel\Forms\Domain\Form\Form;

/**
 * All SQL for forms. The `id` key is never stored inside the JSON: the row id is the truth.
 */
final class FormRepository {

	public const STATUS_ACTIVE = 'active';
	public const STATUS_TRASH  = 'trash';

	/**
	 * Inserts a new form.
	 *
	 * @param array<string, mixed> $definition Validated definition.
	 * @return int The new id, 0 on database failure.
	 */
	public function create( array $definition ): int {
		global $wpdb;
		unset( $definition['id'] );
		$now = gmdate( 'Y-m-d H:i:s' );
		$ok  = $wpdb->insert(
			Schema::tables()['forms'],
			array(
				'title'      => (string) $definition['title'],
				'definition' => self::encode( $definition ),
				'status'     => self::STATUS_ACTIVE,
				'created_at' => $now,
				'updated_at' => $now,
			),
			array( '%s', '%s', '%s', '%s', '%s' )
		);
		return $ok ? (int) $wpdb->insert_id : 0;
	}

	/**
	 * Replaces a form's definition.
	 *
	 * @param int                  $id         Form id.
	 * @param array<string, mixed> $definition Validated definition.
	 */
	public function update( int $id, array $definition ): bool {
		global $wpdb;
		unset( $definition['id'] );
		$ok = $wpdb->update(
			Schema::tables()['forms'],
			array(
				'title'      => (string) $definition['title'],
				'definition' => self::encode( $definition ),
				'updated_at' => gmdate( 'Y-m-d H:i:s' ),
			),
			array( 'id' => $id ),
			array( '%s', '%s', '%s' ),
			array( '%d' )
		);
		return false !== $ok;
	}

	/**
	 * Moves a form to the trash or back.
	 *
	 * @param int    $id     Form id.
	 * @param string $status STATUS_ACTIVE or STATUS_TRASH.
	 */
	public function set_status( int $id, string $status ): bool {
		global $wpdb;
		return false !== $wpdb->update( Schema::tables()['forms'], array( 'status' => $status ), array( 'id' => $id ), array( '%s' ), array( '%d' ) );
	}

	/**
	 * Deletes a form row permanently (entries are removed by the caller).
	 *
	 * @param int $id Form id.
	 */
	public function delete( int $id ): bool {
		global $wpdb;
		return (bool) $wpdb->delete( Schema::tables()['forms'], array( 'id' => $id ), array( '%d' ) );
	}

	/**
	 * Finds a form by id, whatever its status.
	 *
	 * @param int $id Form id.
	 * @return array{form: Form, status: string, created_at: string, updated_at: string}|null
	 */
	public function find_record( int $id ): ?array {
		global $wpdb;
		$table = Schema::tables()['forms'];
		$row   = $wpdb->get_row( $wpdb->prepare( "SELECT * FROM {$table} WHERE id = %d", $id ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the table name is ours.
		return $row ? self::hydrate( $row ) : null;
	}

	/**
	 * Finds an active (not trashed) form.
	 *
	 * @param int $id Form id.
	 */
	public function find( int $id ): ?Form {
		$record = $this->find_record( $id );
		return ( $record && self::STATUS_ACTIVE === $record['status'] ) ? $record['form'] : null;
	}

	/**
	 * One page of forms, newest first.
	 *
	 * @param string $status   Status filter.
	 * @param int    $page     1-based page.
	 * @param int    $per_page Page size.
	 * @param string $search   Title search ('' for none).
	 * @return array{items: list<array{form: Form, status: string, created_at: string, updated_at: string}>, total: int}
	 */
	public function page( string $status, int $page, int $per_page, string $search = '' ): array {
		global $wpdb;
		$table  = Schema::tables()['forms'];
		$where  = 'status = %s';
		$params = array( $status );
		if ( '' !== $search ) {
			$where   .= ' AND title LIKE %s';
			$params[] = '%' . $wpdb->esc_like( $search ) . '%';
		}
		// phpcs:disable WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQLPlaceholders -- $table and $where are ours; $where holds the placeholders and $params their values.
		$total = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$table} WHERE {$where}", $params ) );
		$rows  = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT * FROM {$table} WHERE {$where} ORDER BY id DESC LIMIT %d OFFSET %d",
				array_merge( $params, array( $per_page, ( $page - 1 ) * $per_page ) )
			),
			ARRAY_A
		);
		// phpcs:enable
		return array(
			'items' => array_map( array( self::class, 'hydrate' ), array_values( (array) $rows ) ),
			'total' => $total,
		);
	}

	/**
	 * A form record from a database row.
	 *
	 * @param array<string, mixed> $row Database row.
	 * @return array{form: Form, status: string, created_at: string, updated_at: string}
	 */
	private static function hydrate( array $row ): array {
		$definition = json_decode( (string) $row['definition'], true );
		$definition = is_array( $definition ) ? $definition : array(
			'title'  => (string) $row['title'],
			'fields' => array(),
		);
		return array(
			'form'       => new Form( (int) $row['id'], $definition ),
			'status'     => (string) $row['status'],
			'created_at' => (string) $row['created_at'],
			'updated_at' => (string) $row['updated_at'],
		);
	}

	/**
	 * The definition as stored (JSON).
	 *
	 * @param array<string, mixed> $definition Definition.
	 */
	private static function encode( array $definition ): string {
		return (string) wp_json_encode( $definition, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES );
	}
}
