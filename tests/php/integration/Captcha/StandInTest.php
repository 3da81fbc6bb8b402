<?php
/**
 * The e2e captcha stand-in plugin together with the real Verifier (no network: the stand-in
 * answers its verify URL in-process).
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Captcha;

use Kestrel\Forms\Captcha\CaptchaFailure;
use Kestrel\Forms\Captcha\Settings;
use Kestrel\Forms\Plugin;
use Kestrel\Forms\Tests\CaptchaStandIn\StandIn;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

final class StandInTest extends TestCase {

	private const ROUTE = '/kestrel-forms-captcha-stand-in/v1';

	protected function set_up(): void {
		require_once dirname( __DIR__, 3 ) . '/e2e/plugins/kestrel-forms-captcha-stand-in/class-stand-in.php';
		StandIn::register(); // Hooks are put back after every test.
	}

	protected function tear_down(): void {
		global $wpdb;
		delete_option( Settings::OPTION );
		$wpdb->query( "DELETE FROM {$wpdb->options} WHERE option_name LIKE '\\_transient\\_%kestrel\\_forms\\_%'" ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
	}

	private function configure( array $settings = array() ): void {
		$this->as_admin();
		$response = $this->rest( 'POST', self::ROUTE . '/settings', $settings );
		$this->assert_rest_status( 200, $response );
		$this->assertArrayNotHasKey( 'secret_key', $response->get_data() );
		$this->as_anonymous();
	}

	private function token( string $outcome = 'pass' ): string {
		$response = $this->rest( 'POST', self::ROUTE . '/token', array( 'outcome' => $outcome ) );
		$this->assert_rest_status( 200, $response );
		return $response->get_data()['token'];
	}

	private static function verify( string $token ): true|CaptchaFailure {
		return Plugin::instance()->captcha_verifier()->verify( $token, '127.0.0.1' );
	}

	public function test_the_settings_route_configures_the_plugin_with_the_stand_in_keys(): void {
		$this->configure(
			array(
				'size'  => 'invisible',
				'badge' => 'inline',
			)
		);
		$settings = Plugin::instance()->captcha_settings()->get();
		$this->assertSame( StandIn::SITE_KEY, $settings['site_key'] );
		$this->assertSame( StandIn::SECRET, $settings['secret_key'] );
		$this->assertSame( 'invisible', $settings['size'] );
		$this->assertSame( 'inline', $settings['badge'] );

		$this->configure( array( 'theme' => 'dark' ) );
		$settings = Plugin::instance()->captcha_settings()->get();
		$this->assertSame( array( 'dark', 'normal', 'bottomright' ), array( $settings['theme'], $settings['size'], $settings['badge'] ), 'What a test does not give is reset.' );

		$config = Plugin::instance()->captcha_config()->for_browser();
		$this->assertStringContainsString( '/grecaptcha-stand-in.js?render=explicit&token_url=', $config['scriptUrl'] );
		$this->assertStringContainsString( 'site_key=stand-in-site-key', $config['scriptUrl'] );
	}

	public function test_the_settings_route_reports_a_value_the_plugin_refused(): void {
		$this->as_admin();
		$this->assert_rest_error( 'kestrel_forms_stand_in_refused', 400, $this->rest( 'POST', self::ROUTE . '/settings', array( 'theme' => 'neon' ) ) );
	}

	public function test_only_form_managers_may_change_the_settings(): void {
		$this->as_subscriber();
		$this->assert_rest_status( 403, $this->rest( 'POST', self::ROUTE . '/settings', array() ) );
		$this->assert_rest_status( 403, $this->rest( 'DELETE', self::ROUTE . '/settings' ) );
		$this->as_anonymous();
		$this->assert_rest_status( 401, $this->rest( 'DELETE', self::ROUTE . '/settings' ) );
	}

	public function test_a_pass_token_passes_once_then_is_reused(): void {
		$this->configure();
		$token = $this->token();
		$this->assertStringStartsWith( 'stand-in-pass-', $token );
		$this->assertTrue( self::verify( $token ) );
		$this->assertSame( 'kestrel_forms_captcha_reused', 'kestrel_forms_captcha_' . self::verify( $token )->kind );
	}

	public function test_the_stand_in_provider_accepts_its_tokens_once_like_google(): void {
		$this->configure();
		$token  = $this->token();
		$answer = fn(): array => json_decode(
			wp_remote_retrieve_body(
				wp_remote_post(
					StandIn::verify_url(),
					array(
						'body' => array(
							'secret'   => StandIn::SECRET,
							'response' => $token,
						),
					)
				)
			),
			true
		);
		$first  = $answer();
		$this->assertTrue( $first['success'] );
		$this->assertMatchesRegularExpression( '/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/', $first['challenge_ts'] );
		$this->assertSame(
			array(
				'success'     => false,
				'error-codes' => array( 'timeout-or-duplicate' ),
			),
			$answer()
		);
	}

	public function test_tokens_it_did_not_issue_fail(): void {
		$this->configure();
		$this->assertSame( 'kestrel_forms_captcha_failed', 'kestrel_forms_captcha_' . self::verify( 'stand-in-pass-forged' )->kind );
		$fail = $this->token( 'fail' );
		$this->assertStringStartsWith( 'stand-in-fail-', $fail );
		$this->assertSame( 'kestrel_forms_captcha_failed', 'kestrel_forms_captcha_' . self::verify( $fail )->kind );
	}

	public function test_a_down_token_makes_the_provider_unavailable(): void {
		$this->configure();
		$error = self::verify( $this->token( 'down' ) );
		$this->assertSame( 'kestrel_forms_captcha_unavailable', 'kestrel_forms_captcha_' . $error->kind );
		$this->assertSame( 503, $error->status() );
	}

	public function test_a_wrong_secret_is_refused_like_google_does(): void {
		$this->configure( array( 'secret_key' => 'another-secret' ) );
		$this->assertSame( 'kestrel_forms_captcha_not_configured', 'kestrel_forms_captcha_' . self::verify( $this->token() )->kind );
	}

	public function test_unknown_outcomes_are_refused(): void {
		$this->assert_rest_status( 400, $this->rest( 'POST', self::ROUTE . '/token', array( 'outcome' => 'maybe' ) ) );
	}

	public function test_delete_unconfigures_the_captcha(): void {
		$this->configure();
		$this->as_admin();
		$this->assert_rest_status( 200, $this->rest( 'DELETE', self::ROUTE . '/settings' ) );
		$this->assertNull( Plugin::instance()->captcha_config()->for_browser() );
	}
}
