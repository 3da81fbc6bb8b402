<?php
/**
 * ClientConfig: what the browser gets, and never the secret.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Captcha;

use Kestrel\Forms\Captcha\Settings;
use Kestrel\Forms\Plugin;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

final class ClientConfigTest extends TestCase {

	private const SECRET = 'TopSecretValue_-42';

	protected function tear_down(): void {
		delete_option( Settings::OPTION );
		delete_user_meta( self::user_with_role( 'subscriber' ), 'locale' );
	}

	public function test_nothing_until_both_keys_are_set(): void {
		$config = Plugin::instance()->captcha_config();
		$this->assertNull( $config->for_browser() );
		update_option( Settings::OPTION, array( 'site_key' => 'siteKey1' ) );
		$this->assertNull( $config->for_browser() );
		update_option(
			Settings::OPTION,
			array(
				'site_key'   => '',
				'secret_key' => self::SECRET,
			)
		);
		$this->assertNull( $config->for_browser() );
	}

	public function test_the_browser_gets_the_public_settings_and_never_the_secret(): void {
		update_option(
			Settings::OPTION,
			array(
				'site_key'   => 'siteKey1',
				'secret_key' => self::SECRET,
				'theme'      => 'dark',
				'size'       => 'invisible',
				'badge'      => 'bottomleft',
			)
		);
		$config = Plugin::instance()->captcha_config()->for_browser();
		$this->assertSame(
			array(
				'provider'  => 'recaptcha',
				'siteKey'   => 'siteKey1',
				'theme'     => 'dark',
				'size'      => 'invisible',
				'badge'     => 'bottomleft',
				'scriptUrl' => 'https://www.google.com/recaptcha/api.js?render=explicit&hl=en',
				'hl'        => 'en',
			),
			$config
		);
		$json = (string) wp_json_encode( $config );
		$this->assertStringNotContainsString( self::SECRET, $json );
		$this->assertStringNotContainsStringIgnoringCase( 'secret', $json );
	}

	public function test_the_script_url_is_filterable_and_the_language_follows_the_user(): void {
		update_option(
			Settings::OPTION,
			array(
				'site_key'   => 'siteKey1',
				'secret_key' => self::SECRET,
			)
		);
		add_filter( 'kestrel_forms_captcha_script_url', static fn(): string => 'https://cdn.example.org/stand-in.js?v=2' );
		$user_id = $this->as_subscriber();
		update_user_meta( $user_id, 'locale', 'pt_BR' );
		$config = Plugin::instance()->captcha_config()->for_browser();
		$this->assertSame( 'pt-BR', $config['hl'] );
		$this->assertSame( 'https://cdn.example.org/stand-in.js?v=2&hl=pt-BR', $config['scriptUrl'] );
	}

	public function test_a_script_url_with_its_own_language_is_kept(): void {
		update_option(
			Settings::OPTION,
			array(
				'site_key'   => 'siteKey1',
				'secret_key' => self::SECRET,
			)
		);
		add_filter( 'kestrel_forms_captcha_script_url', static fn(): string => 'https://cdn.example.org/api.js?hl=fr' );
		$this->assertSame( 'https://cdn.example.org/api.js?hl=fr', Plugin::instance()->captcha_config()->for_browser()['scriptUrl'] );
	}

	/**
	 * @return array<string, array{string, string, string}>
	 */
	public static function providers(): array {
		return array(
			// Script URLs as the vendors publish them (see Captcha\Provider).
			'turnstile' => array( 'turnstile', 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit', 'de' ),
			'hcaptcha'  => array( 'hcaptcha', 'https://js.hcaptcha.com/1/api.js?render=explicit&recaptchacompat=off&hl=de', 'de' ),
		);
	}

	/**
	 * @dataProvider providers
	 *
	 * @param string $provider   Provider.
	 * @param string $script_url Expected script URL.
	 * @param string $hl         Expected language.
	 */
	public function test_each_provider_gets_its_script_and_its_own_site_key_only( string $provider, string $script_url, string $hl ): void {
		update_option(
			Settings::OPTION,
			array(
				'provider'                => $provider,
				'site_key'                => 'recaptchaSite',
				'secret_key'              => 'recaptchaSecret',
				$provider . '_site_key'   => $provider . 'Site',
				$provider . '_secret_key' => self::SECRET,
			)
		);
		$user_id = $this->as_subscriber();
		update_user_meta( $user_id, 'locale', 'de_DE' );
		$config = Plugin::instance()->captcha_config()->for_browser();
		$this->assertNotNull( $config );
		$this->assertSame( $provider, $config['provider'] );
		$this->assertSame( $provider . 'Site', $config['siteKey'] );
		$this->assertSame( $script_url, $config['scriptUrl'] );
		$this->assertSame( $hl, $config['hl'] );
		$json = (string) wp_json_encode( $config );
		$this->assertStringNotContainsString( self::SECRET, $json );
		$this->assertStringNotContainsString( 'recaptchaSecret', $json );
	}

	public function test_a_provider_without_its_own_keys_is_not_configured(): void {
		update_option(
			Settings::OPTION,
			array(
				'provider'   => 'hcaptcha',
				'site_key'   => 'recaptchaSite',
				'secret_key' => 'recaptchaSecret',
			)
		);
		$this->assertNull( Plugin::instance()->captcha_config()->for_browser(), 'reCAPTCHA keys are not hCaptcha keys.' );
	}
}
