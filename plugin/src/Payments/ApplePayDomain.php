<?php
/**
 * Apple Pay on the web: the domain-association file and the domain's registration.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Payments;

use Closure;
use Kestrel\Forms\Payments\Provider\ClientFactory;
use Kestrel\Forms\Payments\Provider\ProviderError;
use Kestrel\Forms\Payments\Provider\SquareClient;
use Kestrel\Forms\Settings\PaymentSettings;

/**
 * Apple shows its button only on domains registered for the merchant. Registration (B.4,
 * `POST /v2/apple-pay/domains {domain_name}`) makes Apple fetch
 * `https://{domain}/.well-known/apple-developer-merchantid-domain-association`, which must answer
 * with the payments provider's file. This class:
 *
 * - answers that path from WordPress ({@see self::maybe_serve()}, hooked on `parse_request`, so it
 *   needs no rewrite rule and works with plain permalinks as long as the web server hands the
 *   request to WordPress; a real file at that path wins, the web server serves it first);
 * - fetches the provider's file (cached a day per environment; the provider publishes one
 *   file for all its merchants);
 * - registers the site's host for the active environment and keeps the outcome (option
 *   `kestrel_forms_apple_pay_domain`) for the settings screen, with the reason Apple Pay cannot
 *   show when it cannot.
 */
final class ApplePayDomain {

	/** The path Apple fetches. */
	public const PATH = '/.well-known/apple-developer-merchantid-domain-association';

	/** Where the last registration's outcome is kept. */
	public const OPTION = 'kestrel_forms_apple_pay_domain';

	/** The cached file's transient, per environment. */
	private const CACHE = 'kestrel_forms_apple_pay_association_';

	/** Transient (+ environment) remembering a failed fetch of the file for ten minutes. */
	private const FAILED = 'kestrel_forms_apple_pay_association_failed_';

	/** The largest file accepted from the provider (the real one is about 10 KB). */
	private const MAX_BYTES = 65536;

	/**
	 * The provider client of an environment.
	 *
	 * @var Closure(string): SquareClient
	 */
	private readonly Closure $client_for;

	/**
	 * Creates the service.
	 *
	 * @param PaymentSettings                      $settings   Payment settings.
	 * @param (Closure(string): SquareClient)|null $client_for The provider client of an environment.
	 */
	public function __construct(
		private readonly PaymentSettings $settings,
		?Closure $client_for = null
	) {
		$this->client_for = $client_for ?? Closure::fromCallable( array( ClientFactory::class, 'for_environment' ) );
	}

	/**
	 * `parse_request`: answers the association path with the provider's file and stops, or lets
	 * WordPress go on (any other path; 404 when the file cannot be had).
	 */
	public function maybe_serve(): void {
		$method = isset( $_SERVER['REQUEST_METHOD'] ) ? strtoupper( (string) wp_unslash( $_SERVER['REQUEST_METHOD'] ) ) : 'GET'; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- compared only.
		$uri    = isset( $_SERVER['REQUEST_URI'] ) ? (string) wp_unslash( $_SERVER['REQUEST_URI'] ) : ''; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- compared only.
		$answer = $this->answer( $uri, $method );
		if ( null === $answer ) {
			return;
		}
		nocache_headers();
		status_header( $answer['status'] );
		header( 'Content-Type: text/plain; charset=utf-8' );
		header( 'X-Content-Type-Options: nosniff' );
		echo $answer['body']; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- the provider's file (checked printable when fetched) or a constant, served as text/plain.
		exit;
	}

	/**
	 * The answer to a request URI: null for any other path (WordPress goes on), else the status
	 * and plain-text body (200 and the provider's file, or 404 when it cannot be had).
	 *
	 * @param string $uri    Request URI (path and query).
	 * @param string $method HTTP method: only GET and HEAD are answered (others go on to WordPress).
	 * @return array{status: int, body: string}|null
	 */
	public function answer( string $uri, string $method = 'GET' ): ?array {
		if ( ! in_array( $method, array( 'GET', 'HEAD' ), true )
			|| ! self::is_association_path( $uri, (string) wp_parse_url( home_url( '/' ), PHP_URL_PATH ) ) ) {
			return null;
		}
		$file = $this->association( $this->settings->environment() );
		return '' === $file
			? array(
				'status' => 404,
				'body'   => 'Not found',
			)
			: array(
				'status' => 200,
				'body'   => $file,
			);
	}

	/**
	 * Whether a request URI asks for the association file: the path at the host's root, or under
	 * the site's home path (a site in a sub-folder whose web server sends the root path to it).
	 *
	 * @param string $uri       Request URI (path and query).
	 * @param string $home_path The home URL's path ('/' or '/blog/').
	 */
	public static function is_association_path( string $uri, string $home_path ): bool {
		$path = (string) wp_parse_url( $uri, PHP_URL_PATH );
		$home = rtrim( $home_path, '/' );
		return self::PATH === $path || ( '' !== $home && $home . self::PATH === $path );
	}

	/**
	 * The provider's association file for an environment ('' when it cannot be had): from the
	 * cache, else fetched and cached for a day. A failed fetch is remembered for ten minutes, so
	 * anonymous requests to the path cannot make the site call the provider again and again.
	 *
	 * @param string $environment sandbox or production.
	 */
	public function association( string $environment ): string {
		$cached = get_transient( self::CACHE . $environment );
		if ( is_string( $cached ) && '' !== $cached ) {
			return $cached;
		}
		if ( false !== get_transient( self::FAILED . $environment ) ) {
			return '';
		}
		$body = $this->fetch_association( $environment );
		if ( '' === $body ) {
			set_transient( self::FAILED . $environment, 1, 10 * MINUTE_IN_SECONDS );
			return '';
		}
		set_transient( self::CACHE . $environment, $body, DAY_IN_SECONDS );
		return $body;
	}

	/**
	 * Fetches the association file ('' when the provider does not give a text file).
	 *
	 * @param string $environment sandbox or production.
	 */
	private function fetch_association( string $environment ): string {
		$response = wp_remote_get(
			ClientFactory::apple_pay_association_url( $environment ),
			array(
				'timeout'     => 10,
				'redirection' => 2,
			)
		);
		if ( is_wp_error( $response ) || 200 !== (int) wp_remote_retrieve_response_code( $response ) ) {
			return '';
		}
		$body = (string) wp_remote_retrieve_body( $response );
		// Text only (the file is hex): nothing else is served from this site's origin.
		if ( '' === trim( $body ) || strlen( $body ) > self::MAX_BYTES || 1 !== preg_match( '/^[\x20-\x7E\r\n\t]+$/D', $body ) ) {
			return '';
		}
		return $body;
	}

	/**
	 * The site's host as the provider registers it (no scheme, port or path).
	 */
	public static function host(): string {
		return strtolower( (string) wp_parse_url( home_url(), PHP_URL_HOST ) );
	}

	/**
	 * Registers the site's host for the active environment and keeps the outcome.
	 *
	 * @return array<string, string> The status ({@see self::status()}).
	 */
	public function register(): array {
		$environment = $this->settings->environment();
		$active      = $this->settings->active();
		$domain      = self::host();
		// The owner asks now: a failure remembered from an anonymous request does not stand.
		delete_transient( self::FAILED . $environment );
		$outcome = array(
			'environment' => $environment,
			'domain'      => $domain,
			'status'      => 'error',
			'error'       => '',
			'checkedAt'   => gmdate( 'c' ),
		);
		if ( '' === $active['access_token'] ) {
			$outcome['error'] = __( 'Save the access token of this environment first.', 'kestrel-forms' );
		} elseif ( '' === $this->association( $environment ) ) {
			$outcome['error'] = __( 'The provider\'s domain-association file could not be fetched, so Apple could not check this site. Try again later.', 'kestrel-forms' );
		} else {
			try {
				$status            = ( $this->client_for )( $environment )->register_apple_pay_domain( $domain );
				$outcome['status'] = 'VERIFIED' === $status ? 'verified' : ( 'VERIFICATION_PENDING' === $status ? 'pending' : 'error' );
				if ( 'error' === $outcome['status'] ) {
					$outcome['error'] = __( 'The provider gave an answer this plugin does not know.', 'kestrel-forms' );
				}
			} catch ( ProviderError $e ) {
				$outcome['error'] = sanitize_text_field( '' !== $e->detail() ? $e->detail() : $e->code() );
			}
		}
		update_option( self::OPTION, $outcome, false );
		return $this->status();
	}

	/**
	 * What the settings screen shows: the last registration of this host in the active
	 * environment (`status`: none, verified, pending or error, with `error`), and `reason`, why
	 * Apple Pay cannot show on this site now ('' when nothing stands in the way that the
	 * server can see; the visitor's device and browser decide the rest).
	 *
	 * @return array<string, string>
	 */
	public function status(): array {
		$environment = $this->settings->environment();
		$domain      = self::host();
		$stored      = get_option( self::OPTION );
		$stored      = is_array( $stored ) && ( $stored['environment'] ?? '' ) === $environment && ( $stored['domain'] ?? '' ) === $domain ? $stored : array();
		$status      = in_array( $stored['status'] ?? '', array( 'verified', 'pending', 'error' ), true ) ? (string) $stored['status'] : 'none';
		$active      = $this->settings->active();
		$reason      = '';
		if ( '' === $active['application_id'] || '' === $active['location_id'] || '' === $active['access_token'] ) {
			$reason = __( 'The payment credentials of this environment are not complete.', 'kestrel-forms' );
		} elseif ( 'production' === $environment && 'https' !== wp_parse_url( home_url(), PHP_URL_SCHEME ) ) {
			$reason = __( 'Apple Pay needs the site to be served over https.', 'kestrel-forms' );
		} elseif ( 'verified' !== $status ) {
			$reason = __( 'This site\'s domain is not registered for Apple Pay yet.', 'kestrel-forms' );
		}
		return array(
			'environment' => $environment,
			'domain'      => $domain,
			'status'      => $status,
			'error'       => (string) ( $stored['error'] ?? '' ),
			'checkedAt'   => (string) ( $stored['checkedAt'] ?? '' ),
			'reason'      => $reason,
		);
	}
}
