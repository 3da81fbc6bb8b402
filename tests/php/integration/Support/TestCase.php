<?php
/**
 * Base class of the integration tests.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Support;

use PHPUnit\Framework\TestCase as PHPUnitTestCase;
use RuntimeException;
use WP_REST_Request;
use WP_REST_Response;

/**
 * WordPress is loaded once per run (bootstrap.php); between tests this class puts back what tests
 * usually change: the plugin's tables are emptied, hooks added during a test are removed, the REST
 * server is rebuilt, the current user is logged out, captured mail is dropped and the object cache
 * is flushed. Core tables (users, posts, options) are not reset: create what you need with unique
 * names, or clean it up in tear_down().
 *
 * Subclasses override set_up() / tear_down() (WordPress naming, as in WP_UnitTestCase) rather than
 * setUp() / tearDown().
 */
abstract class TestCase extends PHPUnitTestCase {

	/**
	 * Every table of the plugin is named {$wpdb->prefix}kestrel_forms_*.
	 */
	private const PLUGIN_TABLE_STEM = 'kestrel_forms_';

	/**
	 * Copies of the hook globals taken before each test.
	 *
	 * @var array<string, mixed>
	 */
	private array $hooks_backup = array();

	/**
	 * Loads WordPress when PHPUnit ran without tests/php/integration/bootstrap.php.
	 */
	public static function setUpBeforeClass(): void {
		parent::setUpBeforeClass();
		require_once dirname( __DIR__ ) . '/bootstrap.php';
		static::set_up_before_class();
	}

	/**
	 * Runs tear_down_after_class().
	 */
	public static function tearDownAfterClass(): void {
		static::tear_down_after_class();
		parent::tearDownAfterClass();
	}

	/**
	 * Snapshots the hooks, starts logged out with a fresh REST server, then runs set_up().
	 */
	protected function setUp(): void {
		parent::setUp();
		$this->backup_hooks();
		$this->reset_request_state();
		$this->set_up();
	}

	/**
	 * Runs tear_down(), then puts the shared state back.
	 */
	protected function tearDown(): void {
		$this->tear_down();
		$this->truncate_plugin_tables();
		$this->reset_request_state();
		$this->restore_hooks();
		Mailbox::reset();
		wp_cache_flush();
		parent::tearDown();
	}

	/**
	 * Per-class setup hook for subclasses (WordPress loaded by then).
	 */
	public static function set_up_before_class(): void {}

	/**
	 * Per-class teardown hook for subclasses.
	 */
	public static function tear_down_after_class(): void {}

	/**
	 * Per-test setup hook for subclasses.
	 */
	protected function set_up(): void {}

	/**
	 * Per-test teardown hook for subclasses (runs before the plugin tables are emptied).
	 */
	protected function tear_down(): void {}

	/**
	 * Logs in as an administrator.
	 *
	 * @return int The user's ID.
	 */
	protected function as_admin(): int {
		return $this->as_role( 'administrator' );
	}

	/**
	 * Logs in as a subscriber.
	 *
	 * @return int The user's ID.
	 */
	protected function as_subscriber(): int {
		return $this->as_role( 'subscriber' );
	}

	/**
	 * Logs out.
	 */
	protected function as_anonymous(): void {
		wp_set_current_user( 0 );
	}

	/**
	 * Logs in as a user with the given role, created on first use and reused for the whole run.
	 *
	 * @param string $role A role name.
	 * @return int The user's ID.
	 */
	protected function as_role( string $role ): int {
		$user_id = self::user_with_role( $role );
		wp_set_current_user( $user_id );
		return $user_id;
	}

	/**
	 * The ID of the test user for a role (login "kestrel_{$role}"), creating it when needed.
	 *
	 * @param string $role A role name.
	 *
	 * @throws RuntimeException When the user cannot be created.
	 */
	protected static function user_with_role( string $role ): int {
		$login = 'kestrel_' . $role;
		$user  = get_user_by( 'login', $login );
		if ( false !== $user ) {
			return $user->ID;
		}
		$user_id = wp_insert_user(
			array(
				'user_login' => $login,
				'user_pass'  => 'password',
				'user_email' => $login . '@example.org',
				'role'       => $role,
			)
		);
		if ( is_wp_error( $user_id ) ) {
			throw new RuntimeException( "Could not create the {$role} test user: " . $user_id->get_error_message() );
		}
		return $user_id;
	}

	/**
	 * Dispatches a REST request in-process, as the current user.
	 *
	 * A body that is not a string is sent as JSON, the way @wordpress/api-fetch sends it. Query
	 * parameters may also be written into the route ("/kestrel-forms/v1/forms?per_page=5").
	 * Authentication is whatever wp_set_current_user() set: no cookie and no nonce are involved.
	 *
	 * @param string                                $method HTTP method.
	 * @param string                                $route  Route, e.g. "/kestrel-forms/v1/forms".
	 * @param array<mixed>|\JsonSerializable|string $body   Request body, or null for none.
	 * @param array<string, mixed>                  $query  Query parameters.
	 */
	protected function rest( string $method, string $route, $body = null, array $query = array() ): WP_REST_Response {
		$path = '/' . ltrim( $route, '/' );
		if ( false !== strpos( $path, '?' ) ) {
			list( $path, $query_string ) = explode( '?', $path, 2 );
			parse_str( $query_string, $from_route );
			$query = array_merge( $from_route, $query );
		}

		$request = new WP_REST_Request( strtoupper( $method ), $path );
		if ( array() !== $query ) {
			$request->set_query_params( $query );
		}
		if ( null !== $body ) {
			$request->set_header( 'Content-Type', 'application/json' );
			$request->set_body( is_string( $body ) ? $body : (string) wp_json_encode( $body ) );
		}

		$server   = rest_get_server();
		$response = rest_ensure_response( $server->dispatch( $request ) );
		// WP_REST_Server::serve_request() applies this filter to real HTTP responses (headers such
		// as Allow, `_fields` filtering); dispatch() alone does not.
		return rest_ensure_response( apply_filters( 'rest_post_dispatch', $response, $server, $request ) );
	}

	/**
	 * Asserts a response's status, showing the body when it differs.
	 *
	 * @param int              $expected Expected HTTP status.
	 * @param WP_REST_Response $response Response from rest().
	 */
	protected function assert_rest_status( int $expected, WP_REST_Response $response ): void {
		$this->assertSame( $expected, $response->get_status(), 'Response body: ' . wp_json_encode( $response->get_data() ) );
	}

	/**
	 * Asserts that a response is a REST error with the given code and status.
	 *
	 * @param string           $code     Expected error code, e.g. "rest_forbidden".
	 * @param int              $status   Expected HTTP status.
	 * @param WP_REST_Response $response Response from rest().
	 */
	protected function assert_rest_error( string $code, int $status, WP_REST_Response $response ): void {
		$this->assert_rest_status( $status, $response );
		$data = $response->get_data();
		$this->assertSame( $code, is_array( $data ) ? ( $data['code'] ?? null ) : null, 'Response body: ' . wp_json_encode( $data ) );
	}

	/**
	 * Mail that wp_mail() would have sent during this test.
	 *
	 * @return list<array<string, mixed>> wp_mail() arguments: to, subject, message, headers, attachments.
	 */
	protected function sent_mail(): array {
		return Mailbox::messages();
	}

	/**
	 * The plugin's tables that exist now.
	 *
	 * @return list<string>
	 */
	protected function plugin_tables(): array {
		global $wpdb;
		$like = $wpdb->esc_like( $wpdb->prefix . self::PLUGIN_TABLE_STEM ) . '%';
		return array_values( array_map( 'strval', $wpdb->get_col( $wpdb->prepare( 'SHOW TABLES LIKE %s', $like ) ) ) );
	}

	/**
	 * Empties every plugin table and resets its auto-increment counter.
	 *
	 * @throws RuntimeException When a table cannot be emptied.
	 */
	protected function truncate_plugin_tables(): void {
		global $wpdb;
		foreach ( $this->plugin_tables() as $table ) {
			// Table names cannot be placeholders; these come from SHOW TABLES, not from input.
			if ( false === $wpdb->query( "TRUNCATE TABLE `{$table}`" ) ) { // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
				throw new RuntimeException( "Could not empty {$table}: {$wpdb->last_error}" );
			}
		}
	}

	/**
	 * Logs out, forgets request superglobals and drops the REST server, so that the next
	 * rest_get_server() builds a new one and fires `rest_api_init` again.
	 */
	private function reset_request_state(): void {
		wp_set_current_user( 0 );
		$_GET                      = array();
		$_POST                     = array();
		$_REQUEST                  = array();
		$_FILES                    = array();
		$GLOBALS['wp_rest_server'] = null; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited
		// The scripts a page keeps for the visitor's intent belong to that page.
		\Kestrel\Forms\Assets\Assets::reset_on_intent();
	}

	/**
	 * Saves the hook globals (WP_Hook objects are cloned: they are changed in place).
	 */
	private function backup_hooks(): void {
		$this->hooks_backup = array();
		foreach ( array( 'wp_actions', 'wp_filters', 'wp_current_filter' ) as $name ) {
			$this->hooks_backup[ $name ] = $GLOBALS[ $name ] ?? array();
		}
		$this->hooks_backup['wp_filter'] = array();
		foreach ( $GLOBALS['wp_filter'] as $hook => $hook_object ) {
			$this->hooks_backup['wp_filter'][ $hook ] = clone $hook_object;
		}
	}

	/**
	 * Puts the hook globals back as backup_hooks() found them.
	 */
	private function restore_hooks(): void {
		foreach ( $this->hooks_backup as $name => $value ) {
			$GLOBALS[ $name ] = $value; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited
		}
	}
}
