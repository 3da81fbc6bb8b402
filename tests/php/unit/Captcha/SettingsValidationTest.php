<?php
/**
 * Settings::validate(), the pure part of the captcha settings sanitizing.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Unit\Captcha;

use Kestrel\Forms\Captcha\Settings;
use PHPUnit\Framework\TestCase;

final class SettingsValidationTest extends TestCase {

	private const STORED = array(
		'provider'             => 'recaptcha',
		'site_key'             => '6LeSiteKey_-0123456789',
		'secret_key'           => '6LeSecretKey_-987654321',
		'turnstile_site_key'   => '0x4AAF00AAAABn0R22HWm-YUc',
		'turnstile_secret_key' => '0x4AAF00AAAABn0R22HWm098HVBjhdsYUc',
		'hcaptcha_site_key'    => '10000000-ffff-ffff-ffff-000000000001',
		'hcaptcha_secret_key'  => '0x0000000000000000000000000000000000000000',
		'theme'                => 'dark',
		'size'                 => 'compact',
		'badge'                => 'inline',
		'akismet'              => false,
	);

	public function test_valid_values_replace_the_stored_ones(): void {
		$result = Settings::validate(
			array(
				'site_key'   => ' newSite ',
				'secret_key' => 'newSecret',
				'theme'      => 'light',
				'size'       => 'invisible',
				'badge'      => 'bottomleft',
			),
			self::STORED
		);
		$this->assertSame( array(), $result['errors'] );
		$this->assertSame(
			array_merge(
				self::STORED,
				array(
					'site_key'   => 'newSite',
					'secret_key' => 'newSecret',
					'theme'      => 'light',
					'size'       => 'invisible',
					'badge'      => 'bottomleft',
				)
			),
			$result['values']
		);
		$this->assertSame( array_keys( Settings::DEFAULTS ), array_keys( $result['values'] ) );
	}

	/**
	 * @return array<string, array{string, mixed, string}>
	 */
	public static function invalid_values(): array {
		return array(
			'theme'           => array( 'theme', 'neon', 'invalid_theme' ),
			'theme not text'  => array( 'theme', array( 'dark' ), 'invalid_theme' ),
			'size'            => array( 'size', 'large', 'invalid_size' ),
			'size uppercase'  => array( 'size', 'Invisible', 'invalid_size' ),
			'badge'           => array( 'badge', 'topright', 'invalid_badge' ),
			'site key markup' => array( 'site_key', '<script>x</script>', 'invalid_site_key' ),
			'site key space'  => array( 'site_key', 'two words', 'invalid_site_key' ),
			'secret quote'    => array( 'secret_key', 'abc"def', 'invalid_secret_key' ),
			'secret not text' => array( 'secret_key', 42, 'invalid_secret_key' ),
			'provider'        => array( 'provider', 'friendlycaptcha', 'invalid_provider' ),
			'turnstile site'  => array( 'turnstile_site_key', 'two words', 'invalid_turnstile_site_key' ),
			'hcaptcha secret' => array( 'hcaptcha_secret_key', '<b>', 'invalid_hcaptcha_secret_key' ),
			'flexible recap'  => array( 'size', 'flexible', 'invalid_size' ),
			'akismet'         => array( 'akismet', 'maybe', 'invalid_akismet' ),
		);
	}

	/**
	 * @dataProvider invalid_values
	 *
	 * @param string $key   Setting.
	 * @param mixed  $value Submitted value.
	 * @param string $code  Expected error code.
	 */
	public function test_an_invalid_value_is_refused_and_the_stored_one_kept( string $key, mixed $value, string $code ): void {
		$input         = self::STORED;
		$input[ $key ] = $value;
		$result        = Settings::validate( $input, self::STORED );
		$this->assertSame( array( $code ), $result['errors'] );
		$this->assertSame( self::STORED, $result['values'] );
	}

	public function test_a_blank_or_missing_secret_keeps_the_stored_one(): void {
		$blank = Settings::validate(
			array(
				'secret_key' => '  ',
				'theme'      => 'light',
			),
			self::STORED
		);
		$this->assertSame( self::STORED['secret_key'], $blank['values']['secret_key'] );
		$this->assertSame( 'light', $blank['values']['theme'] );
		$this->assertSame( array(), $blank['errors'] );

		$missing = Settings::validate( array( 'theme' => 'light' ), self::STORED );
		$this->assertSame( self::STORED['secret_key'], $missing['values']['secret_key'] );
		$this->assertSame( self::STORED['site_key'], $missing['values']['site_key'], 'A missing site key is not a cleared one.' );
	}

	public function test_clear_secret_removes_it_and_a_blank_site_key_clears_the_site_key(): void {
		$result = Settings::validate(
			array(
				'site_key'     => '',
				'secret_key'   => '',
				'clear_secret' => '1',
			),
			self::STORED
		);
		$this->assertSame( '', $result['values']['secret_key'] );
		$this->assertSame( '', $result['values']['site_key'] );
		$this->assertSame( array(), $result['errors'] );
	}

	public function test_non_array_input_changes_nothing(): void {
		$result = Settings::validate( 'theme=dark', self::STORED );
		$this->assertSame( array( 'invalid_input' ), $result['errors'] );
		$this->assertSame( self::STORED, $result['values'] );
	}

	public function test_a_damaged_current_value_reads_as_the_default(): void {
		$result = Settings::validate(
			array(),
			array(
				'theme'    => 'neon',
				'size'     => 3,
				'site_key' => 'a b',
			)
		);
		$this->assertSame( Settings::DEFAULTS, $result['values'] );
		$this->assertSame( array(), $result['errors'] );
	}

	public function test_unknown_keys_are_dropped(): void {
		$result = Settings::validate(
			array(
				'theme'        => 'dark',
				'extra'        => 'x',
				'clear_secret' => '',
			),
			Settings::DEFAULTS
		);
		$this->assertSame( array_keys( Settings::DEFAULTS ), array_keys( $result['values'] ) );
	}

	public function test_switching_provider_keeps_each_providers_keys(): void {
		$to_turnstile = Settings::validate(
			array(
				'provider'             => 'turnstile',
				'turnstile_site_key'   => '1x00000000000000000000AA',
				'turnstile_secret_key' => '1x0000000000000000000000000000000AA',
				'size'                 => 'flexible',
			),
			self::STORED
		);
		$this->assertSame( array(), $to_turnstile['errors'] );
		$this->assertSame( 'turnstile', $to_turnstile['values']['provider'] );
		$this->assertSame( '1x0000000000000000000000000000000AA', $to_turnstile['values']['turnstile_secret_key'] );
		$this->assertSame( self::STORED['secret_key'], $to_turnstile['values']['secret_key'], 'The reCAPTCHA secret stays.' );
		$this->assertSame( self::STORED['hcaptcha_secret_key'], $to_turnstile['values']['hcaptcha_secret_key'] );

		$back = Settings::validate(
			array(
				'provider' => 'recaptcha',
				'size'     => 'normal',
			),
			$to_turnstile['values']
		);
		$this->assertSame( array(), $back['errors'] );
		$this->assertSame( self::STORED['site_key'], $back['values']['site_key'] );
		$this->assertSame( '1x0000000000000000000000000000000AA', $back['values']['turnstile_secret_key'], 'Turnstile keys stay for the next switch.' );
	}

	public function test_a_size_the_provider_lacks_is_refused(): void {
		$result = Settings::validate(
			array(
				'provider' => 'turnstile',
				'size'     => 'invisible',
			),
			self::STORED
		);
		$this->assertSame( array( 'invalid_size' ), $result['errors'] );
		$this->assertSame( 'compact', $result['values']['size'] );

		// A stored size of another provider reads as normal.
		$damaged = Settings::validate(
			array(),
			array(
				'provider' => 'turnstile',
				'size'     => 'invisible',
			) + self::STORED
		);
		$this->assertSame( 'normal', $damaged['values']['size'] );
	}

	public function test_each_secret_clears_with_its_own_flag(): void {
		$result = Settings::validate( array( 'clear_hcaptcha_secret' => true ), self::STORED );
		$this->assertSame( '', $result['values']['hcaptcha_secret_key'] );
		$this->assertSame( self::STORED['secret_key'], $result['values']['secret_key'] );
		$this->assertSame( self::STORED['turnstile_secret_key'], $result['values']['turnstile_secret_key'] );
	}

	public function test_the_akismet_switch_takes_booleans_and_their_text(): void {
		$this->assertTrue( Settings::validate( array( 'akismet' => true ), self::STORED )['values']['akismet'] );
		$this->assertTrue( Settings::validate( array( 'akismet' => '1' ), self::STORED )['values']['akismet'] );
		$on = array( 'akismet' => true ) + self::STORED;
		$this->assertFalse( Settings::validate( array( 'akismet' => false ), $on )['values']['akismet'] );
		$this->assertTrue( Settings::validate( array( 'akismet' => array() ), $on )['values']['akismet'], 'A refused value keeps the stored one.' );
	}
}
