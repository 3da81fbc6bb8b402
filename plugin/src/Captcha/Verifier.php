<?php
/**
 * Server-side check of a reCAPTCHA v2 answer.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Captcha;

/**
 * Asks the provider whether a response token is valid, through the WordPress HTTP API (so tests
 * and the offline stand-in can answer with `pre_http_request` or the filtered verify URL),
 * accepts it only when it was solved on this site (the answer's `hostname`, issue 12), and
 * refuses a token it already accepted once (issue 4, "Captcha").
 *
 * Failures are {@see CaptchaFailure} values: missing, failed, reused (400), unavailable and
 * not_configured (503).
 */
final class Verifier {

	public const DEFAULT_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

	/** Accepted tokens are remembered this long (Google's tokens live 2 minutes). */
	public const REMEMBER_SECONDS = 10 * MINUTE_IN_SECONDS;

	private const TIMEOUT_SECONDS = 10;

	/** Longer answers are not tokens; they are refused without asking the provider. */
	private const MAX_RESPONSE_LENGTH = 8192;

	private const USED_PREFIX = 'kestrel_forms_captcha_used_';

	/**
	 * Builds the verifier.
	 *
	 * @param Settings $settings The captcha settings (keys).
	 */
	public function __construct( private readonly Settings $settings ) {}

	/**
	 * Whether captcha answers can be verified (both keys are set).
	 */
	public function is_configured(): bool {
		return $this->settings->is_configured();
	}

	/**
	 * Verifies a response token (the `g-recaptcha-response` value).
	 *
	 * @param string $response  Token from the widget.
	 * @param string $remote_ip Visitor's IP address; sent to the provider when it is a valid address.
	 * @return true|CaptchaFailure True when the provider accepted a token not seen before, solved
	 *                             on one of this site's hosts.
	 */
	public function verify( string $response, string $remote_ip ): bool|CaptchaFailure {
		$response = trim( $response );
		if ( '' === $response ) {
			return self::error( 'missing' );
		}
		if ( ! $this->is_configured() ) {
			return self::error( 'not_configured' );
		}
		if ( strlen( $response ) > self::MAX_RESPONSE_LENGTH ) {
			return self::error( 'failed' );
		}
		$used_key = self::USED_PREFIX . hash( 'sha256', $response );
		if ( false !== get_transient( $used_key ) ) {
			return self::error( 'reused' );
		}

		$body = array(
			'secret'   => $this->settings->secret_key(),
			'response' => $response,
		);
		if ( false !== filter_var( $remote_ip, FILTER_VALIDATE_IP ) ) {
			$body['remoteip'] = $remote_ip;
		}
		/**
		 * Filters the URL captcha answers are verified at (default Google's siteverify endpoint).
		 *
		 * @param string $url Verify URL.
		 */
		$url    = (string) apply_filters( 'kestrel_forms_captcha_verify_url', self::DEFAULT_VERIFY_URL );
		$answer = wp_remote_post(
			$url,
			array(
				'timeout' => self::TIMEOUT_SECONDS,
				'body'    => $body,
			)
		);
		if ( is_wp_error( $answer ) || 200 !== (int) wp_remote_retrieve_response_code( $answer ) ) {
			return self::error( 'unavailable' );
		}
		$result = json_decode( (string) wp_remote_retrieve_body( $answer ), true );
		if ( ! is_array( $result ) || ! array_key_exists( 'success', $result ) ) {
			return self::error( 'unavailable' );
		}
		if ( true !== $result['success'] ) {
			$codes = array_values( array_filter( (array) ( $result['error-codes'] ?? array() ), 'is_string' ) );
			// A wrong or missing secret is the site's fault, not the visitor's.
			if ( array_intersect( $codes, array( 'missing-input-secret', 'invalid-input-secret' ) ) ) {
				return self::error( 'not_configured' );
			}
			return self::error( 'failed' );
		}
		// A token solved on another site (with the same keys, or relayed from a page the attacker
		// controls) is not an answer to this site's form. Google's test keys answer
		// "testkey.google.com": a site using them adds that host with the filter.
		$hostname = is_string( $result['hostname'] ?? null ) ? strtolower( rtrim( $result['hostname'], '.' ) ) : '';
		if ( '' === $hostname || ! in_array( $hostname, self::hostnames(), true ) ) {
			return self::error( 'failed' );
		}

		set_transient( $used_key, time(), self::REMEMBER_SECONDS );
		return true;
	}

	/**
	 * The hosts a captcha answer may have been solved on: the site's (home_url) host unless
	 * filtered, lower case.
	 *
	 * @return list<string>
	 */
	public static function hostnames(): array {
		$home = (string) wp_parse_url( home_url(), PHP_URL_HOST );
		/**
		 * Filters the host names a captcha answer may carry (the page the visitor solved it on).
		 *
		 * @param string[] $hostnames Default: the host of home_url().
		 */
		$hosts = (array) apply_filters( 'kestrel_forms_captcha_hostnames', '' === $home ? array() : array( $home ) );
		$hosts = array_map( static fn( $host ): string => strtolower( rtrim( trim( (string) $host ), '.' ) ), array_filter( $hosts, 'is_string' ) );
		return array_values( array_unique( array_filter( $hosts ) ) );
	}

	/**
	 * The failure value of a kind.
	 *
	 * @param string $kind missing, failed, reused, unavailable or not_configured.
	 */
	private static function error( string $kind ): CaptchaFailure {
		return new CaptchaFailure( $kind );
	}
}
