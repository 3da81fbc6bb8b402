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
}
