<?php
/**
 * The versioned table schema.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Persistence;

use Kestrel\Forms\Persistence\Schema;
use Kestrel\Forms\Security\Capabilities;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

final class SchemaTest extends TestCase {

	public function test_activation_created_the_tables_and_recorded_the_version(): void {
		global $wpdb;
		foreach ( Schema::tables() as $table ) {
			$this->assertSame( $table, $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', $table ) ) );
		}
		$this->assertSame( Schema::VERSION, (int) get_option( Schema::VERSION_OPTION ) );
		$this->assertTrue( get_role( 'administrator' )->has_cap( Capabilities::MANAGE ) );
		$this->assertFalse( get_role( 'editor' )->has_cap( Capabilities::MANAGE ) );
	}

	public function test_install_is_idempotent_and_keeps_data(): void {
		global $wpdb;
		$forms = Schema::tables()['forms'];
		$wpdb->insert(
			$forms,
			array(
				'title'      => 'Keep me',
				'definition' => '{}',
				'created_at' => '2026-01-01 00:00:00',
				'updated_at' => '2026-01-01 00:00:00',
			)
		);
		Schema::install();
		Schema::install();
		$this->assertSame( 'Keep me', $wpdb->get_var( "SELECT title FROM {$forms}" ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
	}

	public function test_an_outdated_version_triggers_the_upgrade(): void {
		global $wpdb;
		$entries = Schema::tables()['entries'];
		// A version 1 site: the pricing columns do not exist yet.
		$wpdb->query( "ALTER TABLE {$entries} DROP COLUMN pricing" ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		$this->assertNotContains( 'pricing', $wpdb->get_col( "SHOW COLUMNS FROM {$entries}" ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		update_option( Schema::VERSION_OPTION, 1 );

		\Kestrel\Forms\Plugin::upgrade();

		$this->assertSame( Schema::VERSION, (int) get_option( Schema::VERSION_OPTION ) );
		$this->assertContains( 'pricing', $wpdb->get_col( "SHOW COLUMNS FROM {$entries}" ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
	}
}
