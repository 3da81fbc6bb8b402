<?php
/**
 * Proves the integration harness: WordPress, the database, the plugin and the helpers.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration;

use Kestrel\Forms\Tests\Integration\Support\Database;
use Kestrel\Forms\Tests\Integration\Support\Environment;
use Kestrel\Forms\Tests\Integration\Support\TestCase;
use Kestrel\Forms\Tests\Integration\Support\WPDieException;

/**
 * Harness checks; tests of the plugin itself live in their own classes.
 */
final class WordPressBootTest extends TestCase {

	public function test_wordpress_6_8_is_loaded(): void {
		$this->assertMatchesRegularExpression( '/^6\.8(\.\d+)?$/', get_bloginfo( 'version' ) );
		$this->assertTrue( is_blog_installed() );
		$this->assertSame( Environment::SITE_URL, home_url() );
	}

	public function test_the_database_is_the_chosen_fresh_one_and_round_trips(): void {
		global $wpdb;

		// KESTREL_TEST_DB chooses the engine (Support/Database.php); each run gets a new database.
		if ( 'mysql' === Database::engine() ) {
			$this->assertSame( 'mysql', DB_ENGINE );
			$this->assertSame( \wpdb::class, get_class( $wpdb ) );
			$this->assertMatchesRegularExpression( '/mariadb|^\d+\.\d+/i', (string) $wpdb->get_var( 'SELECT VERSION()' ) );
			$this->assertSame( DB_NAME, $wpdb->get_var( 'SELECT DATABASE()' ) );
			$this->assertStringStartsWith( 'kestrel_tests', DB_NAME );
		} else {
			$this->assertSame( 'sqlite', DB_ENGINE );
			$this->assertInstanceOf( \WP_SQLite_DB::class, $wpdb );
			$this->assertFileExists( DB_DIR . DB_FILE );
			$this->assertStringStartsWith( KESTREL_FORMS_TESTS_SITE, DB_DIR );
		}
		$this->assertSame( Environment::TABLE_PREFIX, $wpdb->prefix );

		$this->assertTrue( update_option( 'kestrel_forms_tests_probe', array( 'answer' => 42 ) ) );
		wp_cache_flush();
		$this->assertSame( array( 'answer' => 42 ), get_option( 'kestrel_forms_tests_probe' ) );
		$this->assertTrue( delete_option( 'kestrel_forms_tests_probe' ) );
	}

	public function test_the_plugin_is_loaded_and_active(): void {
		if ( ! is_file( Environment::repo_root() . '/plugin/kestrel-forms.php' ) ) {
			$this->markTestSkipped( 'plugin/kestrel-forms.php does not exist yet.' );
		}

		$this->assertTrue( is_plugin_active( Environment::PLUGIN_BASENAME ) );
		$this->assertTrue( defined( 'KESTREL_FORMS_VERSION' ), 'The plugin main file did not run.' );
		$this->assertSame( WP_PLUGIN_DIR . '/kestrel-forms', KESTREL_FORMS_DIR );
		$this->assertSame( get_plugin_data( WP_PLUGIN_DIR . '/' . Environment::PLUGIN_BASENAME, false, false )['Version'], KESTREL_FORMS_VERSION );
		$this->assertNotSame( array(), $this->plugin_tables(), 'Activation created no {prefix}kestrel_forms_* table.' );
	}

	public function test_rest_helpers_dispatch_as_the_chosen_user(): void {
		$this->assert_rest_error( 'rest_not_logged_in', 401, $this->rest( 'GET', '/wp/v2/users/me' ) );

		$subscriber_id = $this->as_subscriber();
		$response      = $this->rest( 'GET', '/wp/v2/users/me' );
		$this->assert_rest_status( 200, $response );
		$this->assertSame( $subscriber_id, $response->get_data()['id'] );

		$admin_id = $this->as_admin();
		$response = $this->rest( 'GET', 'wp/v2/users/me?context=edit' );
		$this->assert_rest_status( 200, $response );
		$this->assertSame( $admin_id, $response->get_data()['id'] );
		$this->assertContains( 'administrator', $response->get_data()['roles'] );

		$this->as_anonymous();
		$this->assertSame( 0, get_current_user_id() );
	}

	public function test_rest_helper_sends_json_bodies(): void {
		$this->as_admin();
		$response = $this->rest(
			'POST',
			'/wp/v2/posts',
			array(
				'title'  => 'Harness probe',
				'status' => 'draft',
			)
		);

		$this->assert_rest_status( 201, $response );
		$this->assertSame( 'Harness probe', $response->get_data()['title']['raw'] );
		wp_delete_post( $response->get_data()['id'], true );
	}

	public function test_plugin_tables_are_emptied_and_their_ids_restart(): void {
		global $wpdb;
		$table = $wpdb->prefix . 'kestrel_forms_harness_probe';
		$wpdb->query( "CREATE TABLE {$table} ( id bigint(20) unsigned NOT NULL AUTO_INCREMENT, label varchar(20) NOT NULL, PRIMARY KEY  (id) )" ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared

		try {
			$wpdb->insert( $table, array( 'label' => 'first' ) );
			$wpdb->insert( $table, array( 'label' => 'second' ) );
			$this->assertSame( '2', $wpdb->get_var( "SELECT COUNT(*) FROM {$table}" ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared

			$this->truncate_plugin_tables();

			$this->assertSame( '0', $wpdb->get_var( "SELECT COUNT(*) FROM {$table}" ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
			$wpdb->insert( $table, array( 'label' => 'third' ) );
			$this->assertSame( 1, $wpdb->insert_id );
		} finally {
			$wpdb->query( "DROP TABLE {$table}" ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		}
	}

	public function test_hooks_added_by_a_test_are_removed_afterwards(): void {
		// Runs in both orders with the next test: whichever runs second must see no filter.
		$this->assertFalse( has_filter( 'kestrel_forms_tests_leak' ) );
		add_filter( 'kestrel_forms_tests_leak', '__return_true' );
	}

	public function test_hooks_added_by_another_test_do_not_leak(): void {
		$this->assertFalse( has_filter( 'kestrel_forms_tests_leak' ) );
		add_filter( 'kestrel_forms_tests_leak', '__return_true' );
	}

	public function test_no_network_no_mail_and_wp_die_throws(): void {
		$response = wp_remote_get( 'https://example.com/' );
		$this->assert_wp_error_code( 'kestrel_tests_http_blocked', $response );

		$this->assertTrue( wp_mail( 'someone@example.org', 'Hello', 'Body' ) );
		$this->assertCount( 1, $this->sent_mail() );
		$this->assertSame( 'Hello', $this->sent_mail()[0]['subject'] );

		$this->expectException( WPDieException::class );
		wp_die( 'Stopped' );
	}

	/**
	 * Asserts that a value is a WP_Error with the given code.
	 *
	 * @param string $code  Expected code.
	 * @param mixed  $value Value under test.
	 */
	private function assert_wp_error_code( string $code, $value ): void {
		$this->assertInstanceOf( \WP_Error::class, $value );
		$this->assertSame( $code, $value->get_error_code() );
	}
}
