<?php
/**
 * Granular capabilities (issue 14) on every route of the plugin's REST namespace: each route
 * asks for the capability of the table below, a role with one granular capability gets exactly
 * its routes, the old kestrel_forms_manage still opens everything, and administrators hold them
 * all. The routes are read from the REST server, so a new route without a row here fails
 * test_every_route_is_in_the_table (add it with the capability it needs).
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Conventions;

use Kestrel\Forms\Admin\AdminPages;
use Kestrel\Forms\Admin\FormEditorPage;
use Kestrel\Forms\Captcha\SettingsPage;
use Kestrel\Forms\Plugin;
use Kestrel\Forms\Security\Capabilities;
use Kestrel\Forms\Tests\Integration\Support\WPDieException;
use Kestrel\Forms\Tests\Integration\Rest\FormsControllerTest;
use Kestrel\Forms\Tests\Integration\Support\TestCase;
use WP_Error;
use WP_REST_Request;

final class CapabilitiesTest extends TestCase {

	private const VIEW     = Capabilities::VIEW_ENTRIES;
	private const EDIT     = Capabilities::EDIT_ENTRIES;
	private const EXPORT   = Capabilities::EXPORT_ENTRIES;
	private const FORMS    = Capabilities::MANAGE_FORMS;
	private const SETTINGS = Capabilities::MANAGE_SETTINGS;

	/** Open to visitors (each has its own checks: spam, sessions, signatures). */
	private const PUBLIC = 'public';

	/**
	 * "METHOD route" => the granular capabilities that open it (any one), or PUBLIC.
	 * A route marked `+core` also needs a core capability the test roles do not have; one marked
	 * `+{capability}` also needs that granular capability (a role with one alone is refused).
	 */
	private const TABLE = array(
		'GET /forms'                                     => array( self::VIEW, self::FORMS ),
		'POST /forms'                                    => array( self::FORMS ),
		'POST /forms/import'                             => array( self::FORMS ),
		'GET /forms/{id}'                                => array( self::VIEW, self::FORMS ),
		'POST /forms/{id}'                               => array( self::FORMS ),
		'PUT /forms/{id}'                                => array( self::FORMS ),
		'PATCH /forms/{id}'                              => array( self::FORMS ),
		'DELETE /forms/{id}'                             => array( self::FORMS ),
		'POST /forms/{id}/restore'                       => array( self::FORMS ),
		'POST /forms/{id}/duplicate'                     => array( self::FORMS ),
		'POST /forms/{id}/notifications/test'            => array( self::FORMS ),
		'POST /forms/{form_id}/submissions'              => self::PUBLIC,
		'POST /forms/{form_id}/payment-request'          => self::PUBLIC,
		'POST /forms/{form_id}/payment-drafts'           => self::PUBLIC,
		'GET /forms/{form_id}/payment-drafts/{draft_id}' => self::PUBLIC,
		'GET /forms/{form_id}/render-token'              => self::PUBLIC,
		'GET /entries'                                   => array( self::VIEW ),
		'GET /entries/counts'                            => array( self::VIEW ),
		'GET /entries/{id}'                              => array( self::VIEW ),
		'POST /entries/{id}'                             => array( self::EDIT ),
		'PUT /entries/{id}'                              => array( self::EDIT ),
		'PATCH /entries/{id}'                            => array( self::EDIT ),
		'POST /entries/bulk'                             => array( self::EDIT ),
		'POST /entries/{id}/files'                       => array( self::EDIT ),
		'GET /entries/{id}/notes'                        => array( self::VIEW ),
		'POST /entries/{id}/notes'                       => array( self::EDIT ),
		'DELETE /entries/{id}/notes/{note_id}'           => array( self::EDIT ),
		'POST /entries/{id}/notifications/resend'        => array( self::EDIT, '+' . self::VIEW ),
		'GET /entries/{entry_id}/files/{token}'          => array( self::VIEW ),
		'GET /entries/{id}/payment'                      => array( self::VIEW ),
		'POST /entries/{id}/payment/capture'             => array( self::EDIT ),
		'POST /entries/{id}/payment/void'                => array( self::EDIT ),
		'POST /entries/{id}/payment/sync'                => array( self::EDIT ),
		'POST /entries/{id}/payment/refunds'             => array( self::EDIT ),
		'GET /entries/export'                            => array( self::EXPORT ),
		'POST /demo'                                     => array( self::FORMS, '+core' ),
		'GET /settings'                                  => array( self::SETTINGS ),
		'POST /settings'                                 => array( self::SETTINGS ),
		'PUT /settings'                                  => array( self::SETTINGS ),
		'PATCH /settings'                                => array( self::SETTINGS ),
		'GET /settings/app-passwords'                    => array( self::SETTINGS, '+core' ),
		'POST /settings/app-passwords'                   => array( self::SETTINGS, '+core' ),
		'DELETE /settings/app-passwords/{uuid}'          => array( self::SETTINGS, '+core' ),
		'POST /payments/reconcile'                       => array( self::SETTINGS ),
		'GET /payments/check'                            => array( self::FORMS, self::SETTINGS ),
		'POST /payments/webhook'                         => self::PUBLIC,
		'POST /payments/webhook/test'                    => array( self::SETTINGS ),
		'GET /settings/apple-pay'                        => array( self::SETTINGS ),
		'POST /settings/apple-pay/register'              => array( self::SETTINGS ),
		'POST /uploads/sessions'                         => self::PUBLIC,
		'GET /uploads'                                   => self::PUBLIC,
		'POST /uploads'                                  => self::PUBLIC,
		'DELETE /uploads'                                => self::PUBLIC,
	);

	private int $form_id = 0;

	protected function set_up(): void {
		$this->as_admin();
		$this->form_id = (int) $this->rest( 'POST', '/kestrel-forms/v1/forms', FormsControllerTest::definition() )->get_data()['id'];
		$this->as_anonymous();
	}

	protected function tear_down(): void {
		foreach ( array_merge( Capabilities::GRANULAR, array( Capabilities::MANAGE ) ) as $capability ) {
			remove_role( self::role_of( $capability ) );
		}
	}

	public function test_every_route_is_in_the_table(): void {
		$unknown = array_diff( array_keys( self::routes() ), array_keys( self::TABLE ) );
		$this->assertSame( array(), array_values( $unknown ), 'Routes without an expected capability: add them to CapabilitiesTest::TABLE.' );
		$gone = array_diff( array_keys( self::TABLE ), array_keys( self::routes() ) );
		$this->assertSame( array(), array_values( $gone ), 'Rows for routes that no longer exist.' );
	}

	public function test_administrators_hold_every_capability(): void {
		$role = get_role( 'administrator' );
		foreach ( array_merge( array( Capabilities::MANAGE ), Capabilities::GRANULAR ) as $capability ) {
			$this->assertTrue( $role->has_cap( $capability ), $capability );
		}
	}

	public function test_each_granular_capability_opens_exactly_its_routes(): void {
		foreach ( Capabilities::GRANULAR as $capability ) {
			$this->as_user_with( $capability );
			foreach ( self::routes() as $key => $handler ) {
				$expected = self::TABLE[ $key ] ?? null;
				if ( self::PUBLIC === $expected || null === $expected ) {
					continue;
				}
				$allowed = $this->allowed( $key, $handler );
				if ( ! in_array( $capability, $expected, true ) ) {
					$this->assertFalse( $allowed, "$capability must not open $key" );
				} elseif ( in_array( '+' . self::VIEW, $expected, true ) ) {
					$this->assertFalse( $allowed, "$capability alone must not open $key" );
				} elseif ( ! in_array( '+core', $expected, true ) ) {
					$this->assertTrue( $allowed, "$capability opens $key" );
				}
			}
		}
	}

	public function test_the_old_umbrella_capability_still_opens_every_route(): void {
		$this->as_user_with( Capabilities::MANAGE );
		foreach ( Capabilities::GRANULAR as $capability ) {
			$this->assertTrue( current_user_can( $capability ), $capability );
		}
		foreach ( self::routes() as $key => $handler ) {
			$expected = self::TABLE[ $key ] ?? null;
			if ( is_array( $expected ) && ! in_array( '+core', $expected, true ) ) {
				$this->assertTrue( $this->allowed( $key, $handler ), "kestrel_forms_manage opens $key" );
			}
		}
	}

	public function test_resending_notifications_needs_view_and_edit_entries(): void {
		$routes = self::routes();
		$key    = 'POST /entries/{id}/notifications/resend';
		foreach ( array( self::EDIT, self::VIEW ) as $capability ) {
			$this->as_user_with( $capability );
			$this->assertFalse( $this->allowed( $key, $routes[ $key ] ), $capability );
		}
		$role = 'kestrel_view_and_edit';
		add_role(
			$role,
			'View and edit entries',
			array(
				'read'     => true,
				self::VIEW => true,
				self::EDIT => true,
			)
		);
		try {
			$this->as_role( $role );
			wp_get_current_user()->get_role_caps();
			$this->assertTrue( $this->allowed( $key, $routes[ $key ] ) );
		} finally {
			remove_role( $role );
		}
	}

	public function test_subscribers_and_visitors_get_no_manager_route(): void {
		foreach ( array( 'subscriber', 'anonymous' ) as $who ) {
			'subscriber' === $who ? $this->as_subscriber() : $this->as_anonymous();
			foreach ( self::routes() as $key => $handler ) {
				if ( is_array( self::TABLE[ $key ] ?? null ) ) {
					$this->assertFalse( $this->allowed( $key, $handler ), "$who: $key" );
				}
			}
		}
	}

	public function test_a_reader_of_entries_reads_but_cannot_trash_export_or_edit_forms(): void {
		$this->as_user_with( Capabilities::VIEW_ENTRIES );
		$this->assertSame( 200, $this->rest( 'GET', '/kestrel-forms/v1/entries', null, array( 'form_id' => $this->form_id ) )->get_status() );
		$this->assertSame( 200, $this->rest( 'GET', '/kestrel-forms/v1/forms/' . $this->form_id )->get_status() );
		$refused = array(
			array(
				'POST',
				'/kestrel-forms/v1/entries/bulk',
				array(
					'ids'    => array( 1 ),
					'action' => 'trash',
				),
			),
			array( 'GET', '/kestrel-forms/v1/entries/export?form_id=' . $this->form_id, null ),
			array( 'PUT', '/kestrel-forms/v1/forms/' . $this->form_id, FormsControllerTest::definition() ),
			array( 'DELETE', '/kestrel-forms/v1/forms/' . $this->form_id, null ),
			array( 'GET', '/kestrel-forms/v1/settings', null ),
		);
		foreach ( $refused as list( $method, $route, $body ) ) {
			$response = $this->rest( $method, $route, $body );
			$this->assertSame( 403, $response->get_status(), "$method $route" );
			$this->assertSame( 'kestrel_forms_forbidden', $response->get_data()['code'], "$method $route" );
		}
	}

	public function test_a_form_builder_edits_forms_but_reads_no_entries(): void {
		$this->as_user_with( Capabilities::MANAGE_FORMS );
		$definition          = FormsControllerTest::definition();
		$definition['title'] = 'Renamed by a form builder';
		$this->assertSame( 200, $this->rest( 'PUT', '/kestrel-forms/v1/forms/' . $this->form_id, $definition )->get_status() );
		foreach ( array( '/kestrel-forms/v1/entries?form_id=' . $this->form_id, '/kestrel-forms/v1/entries/export?form_id=' . $this->form_id, '/kestrel-forms/v1/settings' ) as $route ) {
			$this->assertSame( 403, $this->rest( 'GET', $route )->get_status(), $route );
		}
	}

	public function test_each_screen_and_menu_item_asks_for_its_capability(): void {
		$screens = array(
			'forms'    => array( array( FormEditorPage::class, 'render' ), self::FORMS ),
			'entries'  => array( array( new AdminPages( Plugin::instance()->forms, 'kestrel-forms/v1' ), 'render_entries' ), self::VIEW ),
			'settings' => array( array( new SettingsPage(), 'render' ), self::SETTINGS ),
		);
		foreach ( Capabilities::GRANULAR as $capability ) {
			$this->as_user_with( $capability );
			foreach ( $screens as $name => list( $render, $needs ) ) {
				ob_start();
				try {
					$render();
					$opened = true;
				} catch ( WPDieException $e ) {
					$opened = false;
				} finally {
					ob_end_clean();
				}
				$this->assertSame( $needs === $capability, $opened, "$capability on the $name screen" );
			}
		}

		global $submenu;
		$submenu = array(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- a fresh admin menu.
		$this->as_admin();
		( new AdminPages( Plugin::instance()->forms, 'kestrel-forms/v1' ) )->add_menu();
		( new SettingsPage() )->add_menu();
		$caps = array_column( $submenu[ AdminPages::MENU_SLUG ], 1, 2 );
		$this->assertSame( self::FORMS, $caps[ AdminPages::MENU_SLUG ] );
		$this->assertSame( self::VIEW, $caps[ AdminPages::ENTRIES_SLUG ] );
		$this->assertSame( self::SETTINGS, $caps[ SettingsPage::SLUG ] );
	}

	/**
	 * The namespace's routes as "METHOD /path/{param}" => handler.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	private static function routes(): array {
		$out = array();
		foreach ( rest_get_server()->get_routes( 'kestrel-forms/v1' ) as $route => $handlers ) {
			if ( '/kestrel-forms/v1' === $route ) {
				continue; // The namespace index is core's own.
			}
			$path = (string) preg_replace( '/\(\?P<(\w+)>[^)]*\)/', '{$1}', substr( $route, strlen( '/kestrel-forms/v1' ) ) );
			foreach ( $handlers as $handler ) {
				foreach ( array_keys( $handler['methods'] ) as $method ) {
					$out[ $method . ' ' . $path ] = $handler + array( 'route' => $route );
				}
			}
		}
		return $out;
	}

	/**
	 * Whether the route's permission_callback lets the current user in (called directly, with
	 * plausible URL parameters, so no body or stored entry is needed).
	 *
	 * @param string               $key     "METHOD /path".
	 * @param array<string, mixed> $handler Route handler.
	 */
	private function allowed( string $key, array $handler ): bool {
		list( $method, $path ) = explode( ' ', $key, 2 );
		$params                = array(
			'id'       => (string) $this->form_id,
			'form_id'  => (string) $this->form_id,
			'entry_id' => '1',
			'note_id'  => '1',
			'token'    => str_repeat( 'a', 32 ),
			'uuid'     => '00000000-0000-0000-0000-000000000000',
		);
		$request               = new WP_REST_Request( $method, '/kestrel-forms/v1' . strtr( $path, array_combine( array_map( static fn( $k ) => '{' . $k . '}', array_keys( $params ) ), $params ) ) );
		$request->set_url_params( $params );
		$request->set_attributes( $handler );
		$result = call_user_func( $handler['permission_callback'], $request );
		return true === $result || ( ! $result instanceof WP_Error && (bool) $result );
	}

	/**
	 * Logs in as a user whose role holds `read` and one capability of the plugin.
	 *
	 * @param string $capability The capability.
	 */
	private function as_user_with( string $capability ): void {
		$role = self::role_of( $capability );
		remove_role( $role );
		add_role(
			$role,
			'Only ' . $capability,
			array(
				'read'      => true,
				$capability => true,
			)
		);
		$this->as_role( $role );
		// The role changed under a user object that may be cached.
		wp_get_current_user()->get_role_caps();
	}

	/**
	 * The test role for one capability.
	 *
	 * @param string $capability The capability.
	 */
	private static function role_of( string $capability ): string {
		return 'kestrel_only_' . str_replace( 'kestrel_forms_', '', $capability );
	}
}
