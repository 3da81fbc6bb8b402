<?php
/**
 * POST/GET /settings with several captcha providers: each provider's keys are saved and kept
 * when switching, only masks reach the screen, a refused key names its field, and the Akismet
 * switch round-trips.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Captcha;

use Kestrel\Forms\Captcha\Settings;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

final class ProviderSettingsRestTest extends TestCase {

	private const TURNSTILE_SECRET = '0x4AAF00AAAABn0R22HWm098HVBjhdsYUc';
	private const HCAPTCHA_SECRET  = '0x1234567890abcdef1234567890abcdef12345678';

	protected function set_up(): void {
		$this->as_admin();
	}

	protected function tear_down(): void {
		delete_option( Settings::OPTION );
	}

	/**
	 * Saves captcha settings over REST.
	 *
	 * @param array<string, mixed> $captcha The captcha section.
	 */
	private function save( array $captcha ): \WP_REST_Response {
		return $this->rest( 'POST', '/kestrel-forms/v1/settings', array( 'captcha' => $captcha ) );
	}

	public function test_each_providers_keys_are_saved_kept_on_switch_and_never_answered(): void {
		$this->assert_rest_status(
			200,
			$this->save(
				array(
					'site_key'   => 'googleSiteKey',
					'secret_key' => 'googleSecretKey_123456',
				)
			)
		);
		$turnstile = $this->save(
			array(
				'provider'             => 'turnstile',
				'turnstile_site_key'   => '0x4AAF00AAAABn0R22HWm-YUc',
				'turnstile_secret_key' => self::TURNSTILE_SECRET,
				'size'                 => 'flexible',
			)
		);
		$this->assert_rest_status( 200, $turnstile );
		$data = $turnstile->get_data()['captcha'];
		$this->assertSame( 'turnstile', $data['provider'] );
		$this->assertSame( '0x4AAF00AAAABn0R22HWm-YUc', $data['turnstile_site_key'] );
		$this->assertTrue( $data['turnstile_secret_set'] );
		$this->assertSame( '••••••••sYUc', $data['turnstile_secret_masked'], 'A mask, not the secret.' );
		$this->assertTrue( $data['secret_set'], 'The reCAPTCHA secret is kept.' );
		$this->assertSame( 'googleSiteKey', $data['site_key'] );
		$this->assertFalse( $data['hcaptcha_secret_set'] );
		$this->assertSame( 'flexible', $data['size'] );

		$this->assert_rest_status(
			200,
			$this->save(
				array(
					'provider'            => 'hcaptcha',
					'hcaptcha_site_key'   => '10000000-ffff-ffff-ffff-000000000001',
					'hcaptcha_secret_key' => self::HCAPTCHA_SECRET,
					'size'                => 'invisible',
					'akismet'             => true,
				)
			)
		);
		$stored = get_option( Settings::OPTION );
		$this->assertSame( self::TURNSTILE_SECRET, $stored['turnstile_secret_key'] );
		$this->assertSame( self::HCAPTCHA_SECRET, $stored['hcaptcha_secret_key'] );
		$this->assertSame( 'googleSecretKey_123456', $stored['secret_key'] );
		$this->assertTrue( $stored['akismet'] );

		$json = (string) wp_json_encode( $this->rest( 'GET', '/kestrel-forms/v1/settings' )->get_data() );
		foreach ( array( self::TURNSTILE_SECRET, self::HCAPTCHA_SECRET, 'googleSecretKey_123456' ) as $secret ) {
			$this->assertStringNotContainsString( $secret, $json );
		}
		$this->assertStringNotContainsString( '"secret_key"', $json );
	}

	public function test_a_refused_key_or_size_names_its_field_and_saves_nothing(): void {
		$response = $this->save(
			array(
				'provider'           => 'turnstile',
				'turnstile_site_key' => 'not a key',
				'size'               => 'invisible',
			)
		);
		$this->assert_rest_error( 'kestrel_forms_invalid_settings', 400, $response );
		$errors = (array) $response->get_data()['data']['errors'];
		$this->assertArrayHasKey( 'captcha.turnstile_site_key', $errors );
		$this->assertArrayHasKey( 'captcha.size', $errors );
		$this->assertSame( Settings::DEFAULTS, ( new Settings() )->get(), 'Nothing was saved.' );

		$unknown = $this->save( array( 'provider' => 'friendlycaptcha' ) );
		$this->assertArrayHasKey( 'captcha.provider', (array) $unknown->get_data()['data']['errors'] );
	}
}
