<?php
/**
 * Verifier with Cloudflare Turnstile and hCaptcha, each siteverify faked with pre_http_request.
 *
 * The keys and tokens are the vendors' published test values:
 * - Turnstile (https://developers.cloudflare.com/turnstile/troubleshooting/testing/): site key
 *   1x00000000000000000000AA passes, secret 1x0000000000000000000000000000000AA passes,
 *   2x0000000000000000000000000000000AA fails; the dummy token XXXX.DUMMY.TOKEN.XXXX is what
 *   test site keys hand the browser (named in Cloudflare's testing notes as quoted by
 *   third-party clients; the page excerpt available here was cut before it).
 * - hCaptcha (https://docs.hcaptcha.com/, "Integration Testing: Test Keys", also packaged as
 *   npm hcaptcha-test-keys): site key 10000000-ffff-ffff-ffff-000000000001, secret
 *   0x0000000000000000000000000000000000000000, response token
 *   10000000-aaaa-bbbb-cccc-000000000001 (the token value as used by third-party test suites).
 * The answers below mirror the documented response fields: success, error-codes, hostname,
 * challenge_ts.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Captcha;

use Kestrel\Forms\Captcha\CaptchaFailure;
use Kestrel\Forms\Captcha\Settings;
use Kestrel\Forms\Captcha\Verifier;
use Kestrel\Forms\Plugin;
use Kestrel\Forms\Tests\Integration\Support\TestCase;
use WP_Error;

final class ProviderVerifierTest extends TestCase {

	private const VENDORS = array(
		'turnstile' => array(
			'url'    => 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
			'site'   => '1x00000000000000000000AA',
			'secret' => '1x0000000000000000000000000000000AA',
			'token'  => 'XXXX.DUMMY.TOKEN.XXXX',
		),
		'hcaptcha'  => array(
			'url'    => 'https://api.hcaptcha.com/siteverify',
			'site'   => '10000000-ffff-ffff-ffff-000000000001',
			'secret' => '0x0000000000000000000000000000000000000000',
			'token'  => '10000000-aaaa-bbbb-cccc-000000000001',
		),
	);

	use FakeSiteverify;

	protected function set_up(): void {
		$this->fake_siteverify();
	}

	protected function tear_down(): void {
		global $wpdb;
		delete_option( Settings::OPTION );
		$wpdb->query( "DELETE FROM {$wpdb->options} WHERE option_name LIKE '\\_transient\\_%kestrel\\_forms\\_captcha\\_used\\_%'" ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
	}

	/**
	 * @return array<string, array{string}>
	 */
	public static function vendors(): array {
		return array(
			'turnstile' => array( 'turnstile' ),
			'hcaptcha'  => array( 'hcaptcha' ),
		);
	}

	/**
	 * Uses a vendor with its published test keys (and reCAPTCHA keys stored beside them).
	 *
	 * @param string $vendor turnstile or hcaptcha.
	 * @param string $secret Secret (default the passing test secret).
	 */
	private static function use_vendor( string $vendor, string $secret = '' ): void {
		update_option(
			Settings::OPTION,
			array(
				'provider'              => $vendor,
				'site_key'              => 'googleSiteKey',
				'secret_key'            => 'googleSecret',
				$vendor . '_site_key'   => self::VENDORS[ $vendor ]['site'],
				$vendor . '_secret_key' => '' !== $secret ? $secret : self::VENDORS[ $vendor ]['secret'],
			)
		);
	}

	/**
	 * A passing answer for a host.
	 *
	 * @param string $hostname Host the challenge was solved on.
	 * @return array<string, mixed>
	 */
	private static function passed( string $hostname = 'example.org' ): array {
		return self::json(
			array(
				'success'      => true,
				'challenge_ts' => '2026-11-25T12:00:00.000Z',
				'hostname'     => $hostname,
				'error-codes'  => array(),
			)
		);
	}

	private static function verifier(): Verifier {
		return Plugin::instance()->captcha_verifier();
	}

	/**
	 * @param string $kind   Expected kind.
	 * @param mixed  $result verify() result.
	 */
	private function assert_failure( string $kind, mixed $result ): void {
		$this->assertInstanceOf( CaptchaFailure::class, $result );
		$this->assertSame( $kind, $result->kind );
		$this->assertNotSame( '', $result->message() );
	}

	/**
	 * @dataProvider vendors
	 *
	 * @param string $vendor Vendor.
	 */
	public function test_success_posts_the_documented_fields_to_the_vendors_siteverify( string $vendor ): void {
		self::use_vendor( $vendor );
		$this->answer = self::passed();
		$this->assertTrue( self::verifier()->verify( self::VENDORS[ $vendor ]['token'], '203.0.113.7' ) );

		$this->assertCount( 1, $this->requests );
		$this->assertSame( self::VENDORS[ $vendor ]['url'], $this->requests[0]['url'] );
		$this->assertSame( 'POST', $this->requests[0]['args']['method'] );
		$expected = array(
			'secret'   => self::VENDORS[ $vendor ]['secret'],
			'response' => self::VENDORS[ $vendor ]['token'],
			'remoteip' => '203.0.113.7',
		);
		if ( 'hcaptcha' === $vendor ) {
			$expected['sitekey'] = self::VENDORS[ $vendor ]['site'];
		}
		$this->assertSame( $expected, $this->requests[0]['args']['body'] );
		$this->assertStringNotContainsString( 'googleSecret', (string) wp_json_encode( $this->requests ), 'Only the chosen provider\'s secret is sent.' );
	}

	/**
	 * @dataProvider vendors
	 *
	 * @param string $vendor Vendor.
	 */
	public function test_a_token_is_verified_once( string $vendor ): void {
		self::use_vendor( $vendor );
		$this->answer = self::passed();
		$this->assertTrue( self::verifier()->verify( self::VENDORS[ $vendor ]['token'], '' ) );
		$this->assert_failure( CaptchaFailure::REUSED, self::verifier()->verify( self::VENDORS[ $vendor ]['token'], '' ) );
		$this->assertCount( 1, $this->requests, 'The second use is refused without asking the vendor.' );
	}

	/**
	 * @return array<string, array{string, list<string>, string}>
	 */
	public static function failure_codes(): array {
		return array(
			'turnstile invalid response' => array( 'turnstile', array( 'invalid-input-response' ), CaptchaFailure::FAILED ),
			'turnstile spent token'      => array( 'turnstile', array( 'timeout-or-duplicate' ), CaptchaFailure::FAILED ),
			'turnstile wrong secret'     => array( 'turnstile', array( 'invalid-input-secret' ), CaptchaFailure::NOT_CONFIGURED ),
			'turnstile internal error'   => array( 'turnstile', array( 'internal-error' ), CaptchaFailure::UNAVAILABLE ),
			'hcaptcha invalid response'  => array( 'hcaptcha', array( 'invalid-input-response' ), CaptchaFailure::FAILED ),
			'hcaptcha seen response'     => array( 'hcaptcha', array( 'invalid-or-already-seen-response' ), CaptchaFailure::FAILED ),
			'hcaptcha missing secret'    => array( 'hcaptcha', array( 'missing-input-secret' ), CaptchaFailure::NOT_CONFIGURED ),
			'hcaptcha key mismatch'      => array( 'hcaptcha', array( 'sitekey-secret-mismatch' ), CaptchaFailure::NOT_CONFIGURED ),
		);
	}

	/**
	 * @dataProvider failure_codes
	 *
	 * @param string       $vendor Vendor.
	 * @param list<string> $codes  error-codes answered.
	 * @param string       $kind   Expected failure.
	 */
	public function test_failure_codes( string $vendor, array $codes, string $kind ): void {
		self::use_vendor( $vendor );
		$this->answer = self::json(
			array(
				'success'     => false,
				'error-codes' => $codes,
			)
		);
		$this->assert_failure( $kind, self::verifier()->verify( self::VENDORS[ $vendor ]['token'], '' ) );
		$this->answer = self::passed();
		$this->assertTrue( self::verifier()->verify( self::VENDORS[ $vendor ]['token'], '' ), 'A refused token is not remembered as used.' );
	}

	/**
	 * The always-failing Turnstile test secret: Cloudflare answers success false.
	 */
	public function test_the_failing_turnstile_test_secret_fails(): void {
		self::use_vendor( 'turnstile', '2x0000000000000000000000000000000AA' );
		$this->answer = self::json(
			array(
				'success'     => false,
				'error-codes' => array( 'invalid-input-response' ),
			)
		);
		$this->assert_failure( CaptchaFailure::FAILED, self::verifier()->verify( 'XXXX.DUMMY.TOKEN.XXXX', '' ) );
		$this->assertSame( '2x0000000000000000000000000000000AA', $this->requests[0]['args']['body']['secret'] );
	}

	/**
	 * @dataProvider vendors
	 *
	 * @param string $vendor Vendor.
	 */
	public function test_a_token_solved_on_another_host_fails_unless_the_host_is_allowed( string $vendor ): void {
		self::use_vendor( $vendor );
		// Test keys answer a host of their own (Turnstile's is example.com).
		$this->answer = self::passed( 'example.com' );
		$this->assert_failure( CaptchaFailure::FAILED, self::verifier()->verify( self::VENDORS[ $vendor ]['token'], '' ) );

		$this->answer = self::json(
			array(
				'success'     => true,
				'error-codes' => array(),
			)
		);
		$this->assert_failure( CaptchaFailure::FAILED, self::verifier()->verify( self::VENDORS[ $vendor ]['token'], '' ), 'No hostname is no match.' );

		add_filter( 'kestrel_forms_captcha_hostnames', static fn( array $hosts ): array => array_merge( $hosts, array( 'example.com' ) ) );
		$this->answer = self::passed( 'Example.COM.' );
		$this->assertTrue( self::verifier()->verify( self::VENDORS[ $vendor ]['token'], '' ) );
	}

	/**
	 * @dataProvider vendors
	 *
	 * @param string $vendor Vendor.
	 */
	public function test_network_errors_and_timeouts_fail_closed( string $vendor ): void {
		self::use_vendor( $vendor );
		$this->answer = new WP_Error( 'http_request_failed', 'cURL error 28: Operation timed out after 10001 milliseconds' );
		$failure      = self::verifier()->verify( self::VENDORS[ $vendor ]['token'], '' );
		$this->assert_failure( CaptchaFailure::UNAVAILABLE, $failure );
		$this->assertSame( 503, $failure->status() );
		$this->assertStringContainsString( 'could not be checked', $failure->message() );

		$this->answer = self::json( array( 'error' => 'bad gateway' ), 502 );
		$this->assert_failure( CaptchaFailure::UNAVAILABLE, self::verifier()->verify( self::VENDORS[ $vendor ]['token'], '' ) );

		$this->answer         = self::passed();
		$this->answer['body'] = '<html>Challenge page</html>';
		$this->assert_failure( CaptchaFailure::UNAVAILABLE, self::verifier()->verify( self::VENDORS[ $vendor ]['token'], '' ) );
	}

	/**
	 * @dataProvider vendors
	 *
	 * @param string $vendor Vendor.
	 */
	public function test_the_verify_url_filter_names_the_provider( string $vendor ): void {
		self::use_vendor( $vendor );
		$seen = array();
		add_filter(
			'kestrel_forms_captcha_verify_url',
			static function ( string $url, string $provider ) use ( &$seen ): string {
				$seen[] = array( $url, $provider );
				return 'https://stand-in.example.org/siteverify';
			},
			10,
			2
		);
		$this->answer = self::passed();
		$this->assertTrue( self::verifier()->verify( self::VENDORS[ $vendor ]['token'], '' ) );
		$this->assertSame( array( array( self::VENDORS[ $vendor ]['url'], $vendor ) ), $seen );
		$this->assertSame( 'https://stand-in.example.org/siteverify', $this->requests[0]['url'] );
	}

	public function test_switching_back_to_recaptcha_uses_googles_keys_again(): void {
		self::use_vendor( 'turnstile' );
		update_option( Settings::OPTION, array( 'provider' => 'recaptcha' ) + get_option( Settings::OPTION ) );
		$this->answer = self::passed();
		$this->assertTrue( self::verifier()->verify( 'google-token', '' ) );
		$this->assertSame( 'https://www.google.com/recaptcha/api/siteverify', $this->requests[0]['url'] );
		$this->assertSame( 'googleSecret', $this->requests[0]['args']['body']['secret'] );
	}
}
