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
		'site_key'   => '6LeSiteKey_-0123456789',
		'secret_key' => '6LeSecretKey_-987654321',
		'theme'      => 'dark',
		'size'       => 'compact',
		'badge'      => 'inline',
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
			array(
				'site_key'   => 'newSite',
				'secret_key' => 'newSecret',
				'theme'      => 'light',
				'size'       => 'invisible',
				'badge'      => 'bottomleft',
			),
			$result['values']
		);
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
}
