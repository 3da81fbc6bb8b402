<?php
/**
 * Verifier against a provider faked with pre_http_request.
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

final class VerifierTest extends TestCase {

	private const SECRET = 'theSecret_-123';

	use FakeSiteverify;

	protected function set_up(): void {
		update_option(
			Settings::OPTION,
			array(
				'site_key'   => 'theSiteKey',
				'secret_key' => self::SECRET,
			)
		);
		$this->answer = self::json( self::passed() );
		$this->fake_siteverify();
	}

	protected function tear_down(): void {
		global $wpdb;
		delete_option( Settings::OPTION );
		$wpdb->query( "DELETE FROM {$wpdb->options} WHERE option_name LIKE '\\_transient\\_%kestrel\\_forms\\_captcha\\_used\\_%'" ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
	}

	/**
	 * The provider's answer for a token solved on this site (example.org in the tests).
	 *
	 * @return array<string, mixed>
	 */
	private static function passed(): array {
		return array(
			'success'      => true,
			'challenge_ts' => '2026-01-01T00:00:00Z',
			'hostname'     => 'example.org',
		);
	}

	private static function verifier(): Verifier {
		return Plugin::instance()->captcha_verifier();
	}

	private static function token(): string {
		return 'token-' . wp_generate_password( 20, false );
	}

	/**
	 * @param string $code   Expected code.
	 * @param int    $status Expected status.
	 * @param mixed  $result verify() result.
	 * @param string $why    Message on failure.
	 */
	private function assert_error( string $code, int $status, mixed $result, string $why = '' ): void {
		$this->assertInstanceOf( CaptchaFailure::class, $result, $why );
		$this->assertSame( $code, 'kestrel_forms_captcha_' . $result->kind, $why );
		$this->assertSame( $status, $result->status() );
		$this->assertNotSame( '', $result->message() );
	}

	public function test_an_accepted_token_posts_secret_response_and_ip_to_google(): void {
		$token = self::token();
		$this->assertTrue( self::verifier()->verify( $token, '203.0.113.7' ) );
		$this->assertCount( 1, $this->requests );
		$this->assertSame( 'https://www.google.com/recaptcha/api/siteverify', $this->requests[0]['url'] );
		$this->assertSame( 'POST', $this->requests[0]['args']['method'] );
		$this->assertEquals( 10, $this->requests[0]['args']['timeout'] );
		$this->assertSame(
			array(
				'secret'   => self::SECRET,
				'response' => $token,
				'remoteip' => '203.0.113.7',
			),
			$this->requests[0]['args']['body']
		);
	}

	public function test_an_invalid_ip_is_not_sent(): void {
		$this->assertTrue( self::verifier()->verify( self::token(), 'not an ip' ) );
		$this->assertArrayNotHasKey( 'remoteip', $this->requests[0]['args']['body'] );
	}

	public function test_the_verify_url_is_filterable(): void {
		add_filter( 'kestrel_forms_captcha_verify_url', static fn(): string => 'https://captcha.example.org/verify' );
		$this->assertTrue( self::verifier()->verify( self::token(), '' ) );
		$this->assertSame( 'https://captcha.example.org/verify', $this->requests[0]['url'] );
	}

	public function test_a_missing_response_is_refused_without_asking_the_provider(): void {
		$error = self::verifier()->verify( '  ', '203.0.113.7' );
		$this->assert_error( 'kestrel_forms_captcha_missing', 400, $error );
		$this->assertSame( 'Please confirm you are not a robot.', $error->message() );
		$this->assertSame( array(), $this->requests );
	}

	public function test_a_refused_token_fails(): void {
		$this->answer = self::json(
			array(
				'success'     => false,
				'error-codes' => array( 'invalid-input-response' ),
			)
		);
		$this->assert_error( 'kestrel_forms_captcha_failed', 400, self::verifier()->verify( self::token(), '' ) );
	}

	public function test_an_expired_or_duplicate_token_fails(): void {
		$this->answer = self::json(
			array(
				'success'     => false,
				'error-codes' => array( 'timeout-or-duplicate' ),
			)
		);
		$this->assert_error( 'kestrel_forms_captcha_failed', 400, self::verifier()->verify( self::token(), '' ) );
	}

	public function test_a_token_accepted_once_is_refused_as_reused_without_asking_again(): void {
		$token = self::token();
		$this->assertTrue( self::verifier()->verify( $token, '' ) );
		$this->assert_error( 'kestrel_forms_captcha_reused', 400, self::verifier()->verify( $token, '' ) );
		$this->assertCount( 1, $this->requests );
		$this->assertTrue( self::verifier()->verify( self::token(), '' ), 'Another token still passes.' );
	}

	public function test_a_refused_token_is_not_remembered(): void {
		$token        = self::token();
		$this->answer = self::json( array( 'success' => false ) );
		$this->assert_error( 'kestrel_forms_captcha_failed', 400, self::verifier()->verify( $token, '' ) );
		$this->answer = self::json( self::passed() );
		$this->assertTrue( self::verifier()->verify( $token, '' ) );
	}

	public function test_the_remembered_token_expires_after_ten_minutes(): void {
		$token = self::token();
		$this->assertTrue( self::verifier()->verify( $token, '' ) );
		$timeout = (int) get_option( '_transient_timeout_kestrel_forms_captcha_used_' . hash( 'sha256', $token ) );
		$this->assertEqualsWithDelta( time() + 600, $timeout, 5 );
	}

	public function test_a_transport_error_is_unavailable(): void {
		$this->answer = new WP_Error( 'http_request_failed', 'cURL error 28: Operation timed out' );
		$error        = self::verifier()->verify( self::token(), '' );
		$this->assert_error( 'kestrel_forms_captcha_unavailable', 503, $error );
		$this->assertStringNotContainsString( 'cURL', $error->message() );
	}

	/**
	 * @return array<string, array{array<string, mixed>}>
	 */
	public static function broken_answers(): array {
		return array(
			'server error' => array( self::json( array( 'success' => true ), 500 ) ),
			'not JSON'     => array( self::json( '<html>busy</html>' ) ),
			'no success'   => array( self::json( array( 'hostname' => 'x' ) ) ),
		);
	}

	/**
	 * @dataProvider broken_answers
	 *
	 * @param array<string, mixed> $answer Provider answer.
	 */
	public function test_a_broken_answer_is_unavailable( array $answer ): void {
		$this->answer = $answer;
		$this->assert_error( 'kestrel_forms_captcha_unavailable', 503, self::verifier()->verify( self::token(), '' ) );
	}

	public function test_a_string_success_is_not_success(): void {
		$this->answer = self::json( array( 'success' => 'true' ) );
		$this->assert_error( 'kestrel_forms_captcha_failed', 400, self::verifier()->verify( self::token(), '' ) );
	}

	public function test_a_wrong_secret_is_the_site_owners_problem(): void {
		$this->answer = self::json(
			array(
				'success'     => false,
				'error-codes' => array( 'invalid-input-secret' ),
			)
		);
		$this->assert_error( 'kestrel_forms_captcha_not_configured', 503, self::verifier()->verify( self::token(), '' ) );
	}

	public function test_without_keys_nothing_is_verified(): void {
		update_option(
			Settings::OPTION,
			array(
				'secret_key'   => '',
				'clear_secret' => '1',
			)
		);
		$this->assertFalse( self::verifier()->is_configured() );
		$this->assert_error( 'kestrel_forms_captcha_not_configured', 503, self::verifier()->verify( self::token(), '' ) );
		$this->assertSame( array(), $this->requests );
	}

	public function test_the_answer_must_have_been_solved_on_this_site(): void {
		$this->assertSame( array( 'example.org' ), Verifier::hostnames(), 'The host of home_url().' );
		foreach ( array( 'evil.example', 'example.org.evil.example', 'testkey.google.com' ) as $elsewhere ) {
			$this->answer = self::json( array( 'hostname' => $elsewhere ) + self::passed() );
			$this->assert_error( 'kestrel_forms_captcha_failed', 400, self::verifier()->verify( self::token(), '' ), $elsewhere );
		}
		$no_host = self::passed();
		unset( $no_host['hostname'] );
		$this->answer = self::json( $no_host );
		$this->assert_error( 'kestrel_forms_captcha_failed', 400, self::verifier()->verify( self::token(), '' ), 'No hostname.' );

		// Case and a trailing dot do not matter.
		$this->answer = self::json( array( 'hostname' => 'Example.ORG.' ) + self::passed() );
		$this->assertTrue( self::verifier()->verify( self::token(), '' ) );

		// A refused hostname does not use the token up: the same token, from this site, passes.
		$token        = self::token();
		$this->answer = self::json( array( 'hostname' => 'evil.example' ) + self::passed() );
		$this->assert_error( 'kestrel_forms_captcha_failed', 400, self::verifier()->verify( $token, '' ) );
		$this->answer = self::json( self::passed() );
		$this->assertTrue( self::verifier()->verify( $token, '' ) );
	}

	public function test_more_hostnames_can_be_allowed(): void {
		add_filter( 'kestrel_forms_captcha_hostnames', static fn( array $hosts ): array => array_merge( $hosts, array( 'Shop.Example.org' ) ) );
		$this->assertSame( array( 'example.org', 'shop.example.org' ), Verifier::hostnames() );
		$this->answer = self::json( array( 'hostname' => 'shop.example.org' ) + self::passed() );
		$this->assertTrue( self::verifier()->verify( self::token(), '' ) );
		$this->answer = self::json( array( 'hostname' => 'other.example.org' ) + self::passed() );
		$this->assert_error( 'kestrel_forms_captcha_failed', 400, self::verifier()->verify( self::token(), '' ) );
	}

	public function test_an_oversized_response_fails_without_asking(): void {
		$this->assert_error( 'kestrel_forms_captcha_failed', 400, self::verifier()->verify( str_repeat( 'a', 9000 ), '' ) );
		$this->assertSame( array(), $this->requests );
	}
}
