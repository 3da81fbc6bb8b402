<?php
/**
 * Server-side check of a captcha answer (reCAPTCHA v2, Cloudflare Turnstile or hCaptcha).
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Captcha;

/**
 * Asks the site's provider (Settings::provider()) whether a response token is valid at its
 * siteverify endpoint (Provider::verify_url()), through the WordPress HTTP API (so tests and the
 * offline stand-in can answer with `pre_http_request` or the filtered verify URL),
 * accepts it only when it was solved on this site (the answer's `hostname`, issue 12), and
 * refuses a token it already accepted once (issue 4, "Captcha").
 *
 * Failures are {@see CaptchaFailure} values: missing, failed, reused (400), unavailable and
 * not_configured (503). A provider that cannot be reached, answers late (timeout), or answers
 * something other than its JSON is "unavailable": the submission is refused (fails closed).
 */
final class Verifier {

	/** The reCAPTCHA siteverify endpoint (the others: Provider::verify_url()). */
	public const DEFAULT_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

	/** Accepted tokens are remembered this long (Google's live 2 minutes, Turnstile's 5). */
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

		$provider = $this->settings->provider();
		$body     = array(
			'secret'   => $this->settings->secret_key(),
			'response' => $response,
		);
		if ( false !== filter_var( $remote_ip, FILTER_VALIDATE_IP ) ) {
			$body['remoteip'] = $remote_ip;
		}
		if ( Provider::HCAPTCHA === $provider ) {
			// hCaptcha's optional check that the token was minted for this site key.
			$body['sitekey'] = $this->settings->site_key();
		}
		/**
		 * Filters the URL captcha answers are verified at (default: the provider's siteverify
		 * endpoint, see Provider::verify_url()).
		 *
		 * @param string $url      Verify URL.
		 * @param string $provider recaptcha, turnstile or hcaptcha.
		 */
		$url    = (string) apply_filters( 'kestrel_forms_captcha_verify_url', Provider::verify_url( $provider ), $provider );
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
			// A wrong or missing secret (or, at hCaptcha, a secret of another account than the
			// site key's) is the site's fault, not the visitor's.
			if ( array_intersect( $codes, array( 'missing-input-secret', 'invalid-input-secret', 'sitekey-secret-mismatch' ) ) ) {
				return self::error( 'not_configured' );
			}
			// Turnstile's own trouble: not the visitor's answer.
			if ( in_array( 'internal-error', $codes, true ) ) {
				return self::error( 'unavailable' );
			}
			return self::error( 'failed' );
		}
		// A token solved on another site (with the same keys, or relayed from a page the attacker
		// controls) is not an answer to this site's form. Test keys answer another host (Google's
		// "testkey.google.com", Turnstile's "example.com"): a site using them adds it with the
		// filter.
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
