<?php
/**
 * Settings over REST: sections saved and validated, secrets write-only, application passwords,
 * the web API switch, data retention, the privacy exporter and eraser, and 403 for others.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Rest;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Persistence\EntryRepository;
use Kestrel\Forms\Persistence\EntryWorkspaceRepository;
use Kestrel\Forms\Plugin;
use Kestrel\Forms\Privacy\PersonalData;
use Kestrel\Forms\Rest\ApiGate;
use Kestrel\Forms\Settings\ApiSettings;
use Kestrel\Forms\Settings\GeneralSettings;
use Kestrel\Forms\Settings\PaymentSettings;
use Kestrel\Forms\Settings\RetentionJob;
use Kestrel\Forms\Tests\Integration\Support\TestCase;
use WP_REST_Request;

final class SettingsControllerTest extends TestCase {

	private const TOKEN = 'EAAAl-super-secret-token-9876';

	protected function set_up(): void {
		$this->as_admin();
	}

	protected function tear_down(): void {
		foreach ( array( 'kestrel_forms_general', 'kestrel_forms_payments', 'kestrel_forms_api_enabled', 'kestrel_forms_captcha', GeneralSettings::UNINSTALL_OPTION ) as $option ) {
			delete_option( $option );
		}
	}

	public function test_saves_general_and_payments_and_never_answers_with_a_secret(): void {
		$response = $this->rest(
			'POST',
			'/kestrel-forms/v1/settings',
			array(
				'general'  => array(
					'currency'            => 'eur',
					'retention_days'      => 30,
					'delete_on_uninstall' => true,
				),
				'payments' => array(
					'environment'    => 'production',
					'application_id' => 'sq0idp-abc',
					'location_id'    => 'L123',
					'access_token'   => self::TOKEN,
				),
				'captcha'  => array(
					'site_key'   => 'site-key-1',
					'secret_key' => 'captcha-secret-key-123456',
				),
				'api'      => array( 'enabled' => true ),
			)
		);
		$this->assert_rest_status( 200, $response );
		$data = $response->get_data();
		$this->assertSame(
			array(
				'currency'            => 'EUR',
				'retention_days'      => 30,
				'delete_on_uninstall' => true,
			),
			$data['general']
		);
		$this->assertSame( '1', (string) get_option( GeneralSettings::UNINSTALL_OPTION ) );
		$this->assertSame( 'production', $data['payments']['environment'] );
		$this->assertSame(
			array(
				'application_id'     => 'sq0idp-abc',
				'location_id'        => 'L123',
				'access_token_set'   => true,
				'access_token_last4' => '9876',
			),
			$data['payments']['production'],
			'The flat keys of earlier versions are the chosen environment\'s credentials.'
		);
		$this->assertFalse( $data['payments']['sandbox']['access_token_set'] );
		$this->assertTrue( $data['captcha']['secret_set'] );
		$this->assertTrue( $data['api']['enabled'] );
		$this->assertStringContainsString( 'kestrel-forms/v1/', $data['api']['base_url'] );
		$json = (string) wp_json_encode( $this->rest( 'GET', '/kestrel-forms/v1/settings' )->get_data() );
		$this->assertStringNotContainsString( self::TOKEN, $json );
		$this->assertStringNotContainsString( 'captcha-secret-key-123456', $json );
		$this->assertSame( self::TOKEN, get_option( 'kestrel_forms_payments' )['production']['access_token'] );

		// A blank token keeps the stored one; clear_access_token removes it.
		$this->rest(
			'POST',
			'/kestrel-forms/v1/settings',
			array(
				'payments' => array(
					'access_token' => '',
					'location_id'  => 'L9',
				),
			)
		);
		$this->assertSame( self::TOKEN, get_option( 'kestrel_forms_payments' )['production']['access_token'] );
		$this->assertSame( 'L9', get_option( 'kestrel_forms_payments' )['production']['location_id'] );
		$cleared = $this->rest( 'POST', '/kestrel-forms/v1/settings', array( 'payments' => array( 'production' => array( 'clear_access_token' => true ) ) ) );
		$this->assertFalse( $cleared->get_data()['payments']['production']['access_token_set'] );
	}

	public function test_a_refused_value_saves_nothing_and_names_the_field(): void {
		$response = $this->rest(
			'POST',
			'/kestrel-forms/v1/settings',
			array(
				'general'  => array( 'currency' => 'EUR' ),
				'payments' => array( 'environment' => 'moon' ),
				'captcha'  => array( 'theme' => 'purple' ),
			)
		);
		$this->assert_rest_error( 'kestrel_forms_invalid_settings', 400, $response );
		$errors = (array) $response->get_data()['data']['errors'];
		$this->assertArrayHasKey( 'payments.environment', $errors );
		$this->assertArrayHasKey( 'captcha.theme', $errors );
		$this->assertSame( 'USD', ( new GeneralSettings() )->get()['currency'] );
		$this->assert_rest_error( 'kestrel_forms_invalid_settings', 400, $this->rest( 'POST', '/kestrel-forms/v1/settings', array( 'general' => array( 'retention_days' => -1 ) ) ) );
	}

	public function test_application_passwords_are_listed_created_once_and_revoked(): void {
		add_filter( 'wp_is_application_passwords_available', '__return_true' );
		$created = $this->rest( 'POST', '/kestrel-forms/v1/settings/app-passwords', array( 'name' => 'CRM sync' ) );
		$this->assert_rest_status( 201, $created );
		$this->assertMatchesRegularExpression( '/^[A-Za-z0-9]{4}( [A-Za-z0-9]{4}){5}$/', $created->get_data()['password'] );
		$this->assertSame( 'kestrel_forms_manage', $created->get_data()['capability'] );
		$listed = $this->rest( 'GET', '/kestrel-forms/v1/settings/app-passwords' )->get_data();
		$this->assertSame( array( 'CRM sync' ), array_column( $listed, 'name' ) );
		$this->assertArrayNotHasKey( 'password', $listed[0] );
		$this->assert_rest_status( 200, $this->rest( 'DELETE', '/kestrel-forms/v1/settings/app-passwords/' . $created->get_data()['uuid'] ) );
		$this->assertSame( array(), $this->rest( 'GET', '/kestrel-forms/v1/settings/app-passwords' )->get_data() );
	}

	public function test_the_api_switch_refuses_application_password_clients_only(): void {
		$request = new WP_REST_Request( 'GET', '/kestrel-forms/v1/forms' );
		$this->assertNull( ApiGate::gate( null, null, $request ), 'Cookie clients are never refused.' );
		do_action( 'application_password_did_authenticate', get_userdata( get_current_user_id() ), array() );
		$refused = ApiGate::gate( null, null, $request );
		$this->assertInstanceOf( \WP_Error::class, $refused );
		$this->assertSame( 'kestrel_forms_api_disabled', $refused->get_error_code() );
		$this->assertNull( ApiGate::gate( null, null, new WP_REST_Request( 'GET', '/wp/v2/posts' ) ) );
		( new ApiSettings() )->set_enabled( true );
		$this->assertNull( ApiGate::gate( null, null, $request ) );
	}

	public function test_retention_deletes_only_entries_older_than_the_period(): void {
		$repo = new EntryRepository();
		$old  = $repo->insert( new Entry( 0, 1, array( '1' => 'old' ), '2026-01-01 00:00:00' ) )['id'];
		$new  = $repo->insert( new Entry( 0, 1, array( '1' => 'new' ), '2026-01-25 00:00:00' ) )['id'];
		$job  = new RetentionJob( new GeneralSettings(), new EntryWorkspaceRepository(), Plugin::instance()->uploads );
		$now  = strtotime( '2026-02-01 00:00:00 UTC' );
		$this->assertSame( 0, $job->run( $now ), 'Retention 0 keeps everything.' );
		$general = new GeneralSettings();
		$general->store( $general->validate( array( 'retention_days' => 14 ) )['values'] );
		$this->assertSame( 1, $job->run( $now ) );
		$this->assertNull( $repo->find( $old ) );
		$this->assertNotNull( $repo->find( $new ) );
	}

	public function test_privacy_exporter_and_eraser_find_entries_by_email(): void {
		$form_id = (int) $this->rest(
			'POST',
			'/kestrel-forms/v1/forms',
			array(
				'title'  => 'Contact',
				'fields' => array(
					array(
						'id'    => 1,
						'type'  => 'text',
						'label' => 'Name',
					),
					array(
						'id'    => 2,
						'type'  => 'email',
						'label' => 'Email',
					),
				),
			)
		)->get_data()['id'];
		$repo    = new EntryRepository();
		$ada     = $repo->insert(
			new Entry(
				0,
				$form_id,
				array(
					'1' => 'Ada',
					'2' => 'Ada@Example.org',
				),
				'2026-01-01 00:00:00'
			)
		)['id'];
		$other   = $repo->insert(
			new Entry(
				0,
				$form_id,
				array(
					'1' => 'Bob',
					'2' => 'bob@example.org',
				),
				'2026-01-01 00:00:00'
			)
		)['id'];
		$this->assertArrayHasKey( PersonalData::ID, apply_filters( 'wp_privacy_personal_data_exporters', array() ) );
		$this->assertArrayHasKey( PersonalData::ID, apply_filters( 'wp_privacy_personal_data_erasers', array() ) );

		$privacy  = new PersonalData( new EntryWorkspaceRepository(), Plugin::instance()->forms, Plugin::instance()->uploads );
		$exported = $privacy->export( 'ada@example.org', 1 );
		$this->assertTrue( $exported['done'] );
		$this->assertCount( 1, $exported['data'] );
		$this->assertSame( 'kestrel-forms-entry-' . $ada, $exported['data'][0]['item_id'] );
		$this->assertContains(
			array(
				'name'  => 'Name',
				'value' => 'Ada',
			),
			$exported['data'][0]['data']
		);

		$erased = $privacy->erase( 'ada@example.org', 1 );
		$this->assertTrue( $erased['items_removed'] );
		$this->assertNull( $repo->find( $ada ) );
		$this->assertNotNull( $repo->find( $other ) );
		$this->assertSame( array(), $privacy->export( 'ada@example.org', 1 )['data'] );
	}

	public function test_subscribers_and_visitors_reach_no_settings_route(): void {
		foreach ( array( 'subscriber', 'anonymous' ) as $who ) {
			'subscriber' === $who ? $this->as_subscriber() : $this->as_anonymous();
			$this->assert_rest_error( 'kestrel_forms_forbidden', 403, $this->rest( 'GET', '/kestrel-forms/v1/settings' ) );
			$this->assert_rest_error( 'kestrel_forms_forbidden', 403, $this->rest( 'POST', '/kestrel-forms/v1/settings', array( 'api' => array( 'enabled' => true ) ) ) );
			$this->assert_rest_error( 'kestrel_forms_forbidden', 403, $this->rest( 'GET', '/kestrel-forms/v1/settings/app-passwords' ) );
			$this->assert_rest_error( 'kestrel_forms_forbidden', 403, $this->rest( 'POST', '/kestrel-forms/v1/settings/app-passwords', array( 'name' => 'x' ) ) );
			$this->assert_rest_error( 'kestrel_forms_forbidden', 403, $this->rest( 'DELETE', '/kestrel-forms/v1/settings/app-passwords/00000000-0000-4000-8000-000000000000' ) );
		}
		$this->assertFalse( ( new ApiSettings() )->enabled() );
	}

	public function test_a_refused_section_stores_no_other_section_and_fires_no_update(): void {
		$updates = array();
		foreach ( array( 'updated_option', 'added_option' ) as $hook ) {
			add_action(
				$hook,
				static function ( string $option ) use ( &$updates ): void {
					$updates[] = $option;
				}
			);
		}
		$response = $this->rest(
			'POST',
			'/kestrel-forms/v1/settings',
			array(
				'general'  => array(
					'currency'            => 'EUR',
					'delete_on_uninstall' => true,
				),
				'captcha'  => array( 'site_key' => 'site-key-1' ),
				'payments' => array( 'environment' => 'moon' ),
			)
		);
		$this->assert_rest_error( 'kestrel_forms_invalid_settings', 400, $response );
		$this->assertSame( array( 'payments.environment' ), array_keys( (array) $response->get_data()['data']['errors'] ) );
		$this->assertSame( array(), $updates, 'Nothing written, not even put back.' );
		foreach ( array( GeneralSettings::OPTION, GeneralSettings::UNINSTALL_OPTION, PaymentSettings::OPTION, 'kestrel_forms_captcha' ) as $option ) {
			$this->assertSame( 'absent', get_option( $option, 'absent' ), $option . ' has no row.' );
		}
	}

	public function test_a_save_updates_each_sent_section_once(): void {
		$updates = array();
		foreach ( array( 'updated_option', 'added_option' ) as $hook ) {
			add_action(
				$hook,
				static function ( string $option ) use ( &$updates ): void {
					$updates[] = $option;
				}
			);
		}
		$this->assert_rest_status(
			200,
			$this->rest(
				'POST',
				'/kestrel-forms/v1/settings',
				array(
					'general'  => array( 'currency' => 'EUR' ),
					'payments' => array( 'location_id' => 'L1' ),
				)
			)
		);
		$this->assertSame( 1, count( array_keys( $updates, GeneralSettings::OPTION, true ) ) );
		$this->assertSame( 1, count( array_keys( $updates, PaymentSettings::OPTION, true ) ) );
		$this->assertNotContains( 'kestrel_forms_captcha', $updates, 'A section not sent is not written.' );
	}

	public function test_what_the_settings_screen_sends_is_accepted(): void {
		// The shape of assets-src/admin/store/settings toRequest(): retention days as typed text.
		$response = $this->rest(
			'POST',
			'/kestrel-forms/v1/settings',
			array(
				'general'  => array(
					'currency'            => 'EUR',
					'retention_days'      => '30',
					'delete_on_uninstall' => false,
				),
				'captcha'  => array(
					'site_key'   => 'site-key-1',
					'theme'      => 'dark',
					'size'       => 'compact',
					'badge'      => 'inline',
					'secret_key' => 'captcha-secret-key-123456',
				),
				'api'      => array( 'enabled' => true ),
				'payments' => array(
					'environment'        => 'sandbox',
					'application_id'     => 'sq0idp-abc',
					'location_id'        => 'L1',
					'clear_access_token' => false,
					'access_token'       => self::TOKEN,
				),
			)
		);
		$this->assert_rest_status( 200, $response );
		$this->assertSame( 30, $response->get_data()['general']['retention_days'] );
		$this->assertSame( 'compact', $response->get_data()['captcha']['size'] );
		$this->assertTrue( $response->get_data()['payments']['sandbox']['access_token_set'] );

		// Typed text the screen cannot turn into days gets the field's own message.
		foreach ( array( '-3', 'abc', '' ) as $typed ) {
			$refused = $this->rest( 'POST', '/kestrel-forms/v1/settings', array( 'general' => array( 'retention_days' => $typed ) ) );
			$this->assert_rest_error( 'kestrel_forms_invalid_settings', 400, $refused );
			$this->assertStringContainsString( 'whole number of days', ( (array) $refused->get_data()['data']['errors'] )['general.retention_days'] );
		}
	}

	public function test_the_string_false_is_false(): void {
		( new ApiSettings() )->set_enabled( true );
		$this->rest( 'POST', '/kestrel-forms/v1/settings', array( 'payments' => array( 'access_token' => self::TOKEN ) ) );

		// As a form-encoded client sends them.
		$request = new WP_REST_Request( 'POST', '/kestrel-forms/v1/settings' );
		$request->set_body_params(
			array(
				'api'      => array( 'enabled' => 'false' ),
				'general'  => array( 'delete_on_uninstall' => 'false' ),
				'payments' => array( 'clear_access_token' => 'false' ),
			)
		);
		$response = rest_do_request( $request );
		$this->assert_rest_status( 200, $response );
		$this->assertFalse( $response->get_data()['api']['enabled'] );
		$this->assertFalse( ( new ApiSettings() )->enabled() );
		$this->assertFalse( $response->get_data()['general']['delete_on_uninstall'] );
		$this->assertTrue( $response->get_data()['payments']['sandbox']['access_token_set'], 'The token is kept.' );
		$this->assertSame( self::TOKEN, get_option( PaymentSettings::OPTION )['sandbox']['access_token'] );

		$request = new WP_REST_Request( 'POST', '/kestrel-forms/v1/settings' );
		$request->set_body_params( array( 'api' => array( 'enabled' => 'true' ) ) );
		$this->assertTrue( rest_do_request( $request )->get_data()['api']['enabled'] );
	}

	public function test_unknown_keys_and_values_of_the_wrong_type_are_refused_at_the_boundary(): void {
		$cases = array(
			array( 'api' => array( 'enabled' => 'maybe' ) ),
			array(
				'api' => array(
					'enabled'  => true,
					'everyone' => true,
				),
			),
			array(
				'general' => array(
					'currency' => 'EUR',
					'colour'   => 'red',
				),
			),
			array( 'captcha' => array( 'site_key' => array( 'x' ) ) ),
			array( 'payments' => array( 'clear_access_token' => 'yes please' ) ),
			array( 'payments' => array( 'access_token_set' => false ) ),
			array( 'payments' => array( 'sandbox' => array( 'signature_key' => 'x' ) ) ),
			array( 'payments' => array( 'webhooks' => array() ) ),
			array( 'payments' => array( 'production' => 'token' ) ),
		);
		foreach ( $cases as $body ) {
			$response = $this->rest( 'POST', '/kestrel-forms/v1/settings', $body );
			$this->assert_rest_error( 'kestrel_forms_invalid_param', 400, $response );
		}
		$this->assertFalse( ( new ApiSettings() )->enabled() );
		$this->assertFalse( get_option( GeneralSettings::OPTION ) );
	}

	public function test_application_password_routes_ask_for_wordpress_own_capabilities(): void {
		add_filter( 'wp_is_application_passwords_available', '__return_true' );
		$created = $this->rest( 'POST', '/kestrel-forms/v1/settings/app-passwords', array( 'name' => 'Kept' ) );
		$this->assert_rest_status( 201, $created );
		$uuid   = $created->get_data()['uuid'];
		$denied = array();
		add_filter(
			'map_meta_cap',
			static function ( array $caps, string $cap ) use ( &$denied ): array {
				return in_array( $cap, $denied, true ) ? array( 'do_not_allow' ) : $caps;
			},
			10,
			2
		);
		$denied = array( 'list_app_passwords' );
		$this->assert_rest_error( 'kestrel_forms_forbidden', 403, $this->rest( 'GET', '/kestrel-forms/v1/settings/app-passwords' ) );
		$this->assert_rest_status( 201, $this->rest( 'POST', '/kestrel-forms/v1/settings/app-passwords', array( 'name' => 'Other' ) ) );
		$denied = array( 'create_app_password' );
		$this->assert_rest_error( 'kestrel_forms_forbidden', 403, $this->rest( 'POST', '/kestrel-forms/v1/settings/app-passwords', array( 'name' => 'Refused' ) ) );
		$denied = array( 'delete_app_password' );
		$this->assert_rest_error( 'kestrel_forms_forbidden', 403, $this->rest( 'DELETE', '/kestrel-forms/v1/settings/app-passwords/' . $uuid ) );
		$denied = array();
		$this->assertSame( array( 'Kept', 'Other' ), array_column( $this->rest( 'GET', '/kestrel-forms/v1/settings/app-passwords' )->get_data(), 'name' ) );
		$this->assert_rest_status( 200, $this->rest( 'DELETE', '/kestrel-forms/v1/settings/app-passwords/' . $uuid ) );
	}
}
