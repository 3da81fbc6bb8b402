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
use Kestrel\Forms\Settings\ApiSettings;
use Kestrel\Forms\Settings\GeneralSettings;
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
		$this->assertSame(
			array(
				'environment'        => 'production',
				'application_id'     => 'sq0idp-abc',
				'location_id'        => 'L123',
				'access_token_set'   => true,
				'access_token_last4' => '9876',
			),
			$data['payments']
		);
		$this->assertTrue( $data['captcha']['secret_set'] );
		$this->assertTrue( $data['api']['enabled'] );
		$this->assertStringContainsString( 'kestrel-forms/v1/', $data['api']['base_url'] );
		$json = (string) wp_json_encode( $this->rest( 'GET', '/kestrel-forms/v1/settings' )->get_data() );
		$this->assertStringNotContainsString( self::TOKEN, $json );
		$this->assertStringNotContainsString( 'captcha-secret-key-123456', $json );
		$this->assertSame( self::TOKEN, get_option( 'kestrel_forms_payments' )['access_token'] );

		// A blank token keeps the stored one; clear_access_token removes it.
		$this->rest( 'POST', '/kestrel-forms/v1/settings', array( 'payments' => array( 'access_token' => '', 'location_id' => 'L9' ) ) );
		$this->assertSame( self::TOKEN, get_option( 'kestrel_forms_payments' )['access_token'] );
		$this->assertSame( 'L9', get_option( 'kestrel_forms_payments' )['location_id'] );
		$cleared = $this->rest( 'POST', '/kestrel-forms/v1/settings', array( 'payments' => array( 'clear_access_token' => true ) ) );
		$this->assertFalse( $cleared->get_data()['payments']['access_token_set'] );
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
		$this->assertNull( ApiSettings::gate( null, null, $request ), 'Cookie clients are never refused.' );
		do_action( 'application_password_did_authenticate', get_userdata( get_current_user_id() ), array() );
		$refused = ApiSettings::gate( null, null, $request );
		$this->assertInstanceOf( \WP_Error::class, $refused );
		$this->assertSame( 'kestrel_forms_api_disabled', $refused->get_error_code() );
		$this->assertNull( ApiSettings::gate( null, null, new WP_REST_Request( 'GET', '/wp/v2/posts' ) ) );
		( new ApiSettings() )->set_enabled( true );
		$this->assertNull( ApiSettings::gate( null, null, $request ) );
	}

	public function test_retention_deletes_only_entries_older_than_the_period(): void {
		$repo = new EntryRepository();
		$old  = $repo->insert( new Entry( 0, 1, array( '1' => 'old' ), '2026-01-01 00:00:00' ) )['id'];
		$new  = $repo->insert( new Entry( 0, 1, array( '1' => 'new' ), '2026-01-25 00:00:00' ) )['id'];
		$job  = new RetentionJob( new GeneralSettings(), new EntryWorkspaceRepository(), Plugin::instance()->uploads );
		$now  = strtotime( '2026-02-01 00:00:00 UTC' );
		$this->assertSame( 0, $job->run( $now ), 'Retention 0 keeps everything.' );
		( new GeneralSettings() )->save( array( 'retention_days' => 14 ) );
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
		$ada     = $repo->insert( new Entry( 0, $form_id, array( '1' => 'Ada', '2' => 'Ada@Example.org' ), '2026-01-01 00:00:00' ) )['id'];
		$other   = $repo->insert( new Entry( 0, $form_id, array( '1' => 'Bob', '2' => 'bob@example.org' ), '2026-01-01 00:00:00' ) )['id'];
		$this->assertArrayHasKey( PersonalData::ID, apply_filters( 'wp_privacy_personal_data_exporters', array() ) );
		$this->assertArrayHasKey( PersonalData::ID, apply_filters( 'wp_privacy_personal_data_erasers', array() ) );

		$privacy  = new PersonalData( new EntryWorkspaceRepository(), Plugin::instance()->forms, Plugin::instance()->uploads );
		$exported = $privacy->export( 'ada@example.org', 1 );
		$this->assertTrue( $exported['done'] );
		$this->assertCount( 1, $exported['data'] );
		$this->assertSame( 'kestrel-forms-entry-' . $ada, $exported['data'][0]['item_id'] );
		$this->assertContains( array( 'name' => 'Name', 'value' => 'Ada' ), $exported['data'][0]['data'] );

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
}
