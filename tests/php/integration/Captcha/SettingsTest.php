<?php
/**
 * The captcha settings option, its sanitize callback and the Forms → Settings screen (saved
 * over REST: tests/php/integration/Rest/SettingsControllerTest.php).
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Captcha;

use Kestrel\Forms\Captcha\Settings;
use Kestrel\Forms\Captcha\SettingsPage;
use Kestrel\Forms\Plugin;
use Kestrel\Forms\Security\Capabilities;
use Kestrel\Forms\Tests\Integration\Support\TestCase;
use Kestrel\Forms\Tests\Integration\Support\WPDieException;

final class SettingsTest extends TestCase {

	private const SECRET = 'secretKEY_-0123456789abcdef';

	protected function set_up(): void {
		require_once ABSPATH . 'wp-admin/includes/template.php';
		$GLOBALS['wp_settings_errors'] = array(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited
	}

	protected function tear_down(): void {
		delete_option( Settings::OPTION );
		$GLOBALS['wp_settings_errors'] = array(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited
	}

	private static function settings(): Settings {
		return Plugin::instance()->captcha_settings();
	}

	/**
	 * @param array<string, mixed> $values Values.
	 */
	private static function save( array $values ): void {
		update_option( Settings::OPTION, $values );
	}

	private static function stored(): array {
		return (array) get_option( Settings::OPTION );
	}

	public function test_the_option_is_registered_with_its_sanitizer_and_not_in_rest(): void {
		$registered = get_registered_settings()[ Settings::OPTION ] ?? null;
		$this->assertIsArray( $registered );
		$this->assertSame( Settings::GROUP, $registered['group'] );
		$this->assertFalse( $registered['show_in_rest'] );
		$allowed = apply_filters( 'allowed_options', array() );
		$this->assertContains( Settings::OPTION, $allowed[ Settings::GROUP ] ?? array() );
		$this->assertSame( Settings::DEFAULTS, self::settings()->get() );
		$this->assertFalse( self::settings()->is_configured() );

		$this->as_admin();
		$response = $this->rest( 'GET', '/wp/v2/settings' );
		$this->assert_rest_status( 200, $response );
		$this->assertArrayNotHasKey( Settings::OPTION, $response->get_data() );
	}

	public function test_a_bad_theme_is_refused_with_a_settings_error_and_the_rest_saved(): void {
		self::save(
			array(
				'site_key'   => 'site',
				'secret_key' => self::SECRET,
				'theme'      => 'dark',
			)
		);
		self::save(
			array(
				'site_key' => 'site2',
				'theme'    => 'neon',
				'size'     => 'invisible',
			)
		);

		$stored = self::stored();
		$this->assertSame( 'dark', $stored['theme'], 'The refused theme leaves the stored one.' );
		$this->assertSame( 'invisible', $stored['size'] );
		$this->assertSame( 'site2', $stored['site_key'] );
		$codes = array_column( get_settings_errors( Settings::OPTION ), 'code' );
		$this->assertSame( array( 'kestrel_forms_captcha_invalid_theme' ), $codes );
		$this->assertStringContainsString( 'light or dark', get_settings_errors( Settings::OPTION )[0]['message'] );
	}

	public function test_a_first_save_reports_an_error_once(): void {
		// WordPress sanitizes a new option twice (update_option, then add_option).
		self::save( array( 'badge' => 'top' ) );
		$this->assertCount( 1, get_settings_errors( Settings::OPTION ) );
		$this->assertSame( 'bottomright', self::stored()['badge'] );
	}

	public function test_a_blank_secret_keeps_the_stored_one_and_clear_secret_removes_it(): void {
		self::save(
			array(
				'site_key'   => 'site',
				'secret_key' => self::SECRET,
			)
		);
		self::save(
			array(
				'site_key'   => 'site',
				'secret_key' => '',
				'theme'      => 'dark',
			)
		);
		$this->assertSame( self::SECRET, self::stored()['secret_key'] );
		$this->assertSame( 'dark', self::stored()['theme'] );
		$this->assertTrue( self::settings()->is_configured() );

		self::save(
			array(
				'secret_key'   => '',
				'clear_secret' => '1',
			)
		);
		$this->assertSame( '', self::stored()['secret_key'] );
		$this->assertArrayNotHasKey( 'clear_secret', self::stored() );
		$this->assertFalse( self::settings()->is_configured() );
	}

	public function test_the_secret_is_shown_masked(): void {
		self::save( array( 'secret_key' => self::SECRET ) );
		$this->assertSame( '••••••••cdef', self::settings()->masked_secret() );
		self::save( array( 'secret_key' => 'short' ) );
		$this->assertSame( '••••••••', self::settings()->masked_secret(), 'A short secret shows no characters.' );
	}

	public function test_the_screen_is_a_mount_point_that_never_prints_the_secret(): void {
		$this->as_admin();
		self::save(
			array(
				'site_key'   => 'site-key-1',
				'secret_key' => self::SECRET,
				'size'       => 'invisible',
			)
		);
		$html = $this->render_screen();
		// The React page reads the settings over REST (Rest\SettingsController, masked there).
		$this->assertStringContainsString( 'id="kestrel-forms-settings-app"', $html );
		$this->assertStringNotContainsString( self::SECRET, $html );
		$this->assertStringNotContainsString( 'site-key-1', $html );
	}

	public function test_the_screen_is_a_submenu_of_forms_for_the_settings_capability(): void {
		global $submenu;
		$this->as_admin();
		( new SettingsPage( self::settings() ) )->add_menu();
		$entries = array_column( $submenu['kestrel-forms'] ?? array(), 1, 2 );
		$this->assertSame( Capabilities::MANAGE_SETTINGS, $entries[ SettingsPage::SLUG ] ?? null );
	}

	public function test_a_subscriber_is_refused_the_screen(): void {
		$this->as_subscriber();
		self::save( array( 'secret_key' => self::SECRET ) );
		try {
			$this->render_screen();
			$this->fail( 'The screen rendered for a subscriber.' );
		} catch ( WPDieException $e ) {
			$this->assertSame( 403, $e->getCode() );
		}
	}

	private function render_screen(): string {
		ob_start();
		try {
			( new SettingsPage( self::settings() ) )->render();
		} finally {
			$html = (string) ob_get_clean();
		}
		return $html;
	}
}
