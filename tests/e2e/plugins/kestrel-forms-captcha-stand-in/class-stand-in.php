<?php
/**
 * The captcha stand-in: a local script for reCAPTCHA v2, Cloudflare Turnstile and hCaptcha (the
 * provider's global and render contract), a token issuer and a siteverify endpoint.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\CaptchaStandIn;

use WP_Error;
use WP_REST_Request;
use WP_REST_Response;

defined( 'ABSPATH' ) || exit;

/**
 * While active:
 * - `kestrel_forms_captcha_script_url` points at grecaptcha-stand-in.js in this folder;
 * - `kestrel_forms_captcha_verify_url` points at this plugin's siteverify route, which answers
 *   like Google; the request is answered in-process (pre_http_request runs the same route),
 *   because the Playground runtime has one PHP worker and cannot call itself over HTTP;
 * - POST/DELETE .../settings lets tests configure the plugin's captcha with the stand-in keys.
 *
 * Tokens are issued by POST .../token: `stand-in-pass-<hex>` (valid once, for two minutes, like
 * Google's), `stand-in-fail-<hex>` (always refused) or `stand-in-down-<hex>` (siteverify answers
 * 503, as if the provider were down).
 */
final class StandIn {

	public const NAMESPACE = 'kestrel-forms-captcha-stand-in/v1';

	/** Keys the stand-in expects; a site may override them with the PHP constants of the same name. */
	public const SITE_KEY = 'stand-in-site-key';
	public const SECRET   = 'stand-in-secret-key';

	public const OUTCOMES = array( 'pass', 'fail', 'down' );

	/** The global each provider's script defines. */
	public const GLOBALS = array(
		'recaptcha' => 'grecaptcha',
		'turnstile' => 'turnstile',
		'hcaptcha'  => 'hcaptcha',
	);

	/** Where each provider's keys are stored in the plugin's option. */
	private const KEY_FIELDS = array(
		'recaptcha' => array( 'site_key', 'secret_key' ),
		'turnstile' => array( 'turnstile_site_key', 'turnstile_secret_key' ),
		'hcaptcha'  => array( 'hcaptcha_site_key', 'hcaptcha_secret_key' ),
	);

	private const TOKEN_TTL     = 2 * MINUTE_IN_SECONDS;
	private const ISSUED        = 'kestrel_forms_stand_in_token_';
	private const CAPTCHA_OPT   = 'kestrel_forms_captcha';
	private const PLUGIN_CAP    = 'kestrel_forms_manage';
	private const SCRIPT_FILE   = 'grecaptcha-stand-in.js';
	private const LOAD_DELAY_MS = 300;

	/**
	 * Hooks everything (idempotent enough for tests: call it again after hooks were reset).
	 */
	public static function register(): void {
		add_filter( 'kestrel_forms_captcha_script_url', array( self::class, 'script_url' ), 10, 2 );
		add_filter( 'kestrel_forms_captcha_verify_url', array( self::class, 'verify_url' ) );
		add_filter( 'pre_http_request', array( self::class, 'answer_in_process' ), 10, 3 );
		add_action( 'rest_api_init', array( self::class, 'register_routes' ) );
	}

	/**
	 * The site key the stand-in script accepts.
	 */
	public static function site_key(): string {
		return defined( 'KESTREL_FORMS_CAPTCHA_STAND_IN_SITE_KEY' ) ? (string) KESTREL_FORMS_CAPTCHA_STAND_IN_SITE_KEY : self::SITE_KEY;
	}

	/**
	 * The secret siteverify accepts.
	 */
	public static function secret(): string {
		return defined( 'KESTREL_FORMS_CAPTCHA_STAND_IN_SECRET' ) ? (string) KESTREL_FORMS_CAPTCHA_STAND_IN_SECRET : self::SECRET;
	}

	/**
	 * `kestrel_forms_captcha_script_url`: the local script, told where to get tokens, which
	 * site key is valid and which provider's global to define.
	 *
	 * @param string $url      The plugin's URL (unused).
	 * @param string $provider recaptcha, turnstile or hcaptcha.
	 */
	public static function script_url( string $url = '', string $provider = 'recaptcha' ): string {
		$file = __DIR__ . '/' . self::SCRIPT_FILE;
		return add_query_arg(
			array(
				'render'    => 'explicit',
				'token_url' => rawurlencode( rest_url( self::NAMESPACE . '/token' ) ),
				'site_key'  => rawurlencode( self::site_key() ),
				'delay'     => self::LOAD_DELAY_MS,
				'global'    => self::GLOBALS[ $provider ] ?? 'grecaptcha',
				'ver'       => is_readable( $file ) ? (string) filemtime( $file ) : '0',
			),
			plugins_url( self::SCRIPT_FILE, __FILE__ )
		);
	}

	/**
	 * `kestrel_forms_captcha_verify_url`: this plugin's siteverify route.
	 */
	public static function verify_url(): string {
		return rest_url( self::NAMESPACE . '/siteverify' );
	}

	/**
	 * `pre_http_request`: answers requests to the siteverify route by dispatching the route
	 * in-process, in the shape wp_remote_post() returns.
	 *
	 * @param false|array|WP_Error $pre  Earlier answer.
	 * @param array                $args Request arguments.
	 * @param string               $url  URL.
	 * @return false|array|WP_Error
	 */
	public static function answer_in_process( $pre, $args, $url ) {
		if ( false !== $pre || self::verify_url() !== $url ) {
			return $pre;
		}
		$request = new WP_REST_Request( strtoupper( (string) ( $args['method'] ?? 'POST' ) ), '/' . self::NAMESPACE . '/siteverify' );
		$body    = $args['body'] ?? array();
		if ( is_string( $body ) ) {
			parse_str( $body, $body );
		}
		$request->set_body_params( is_array( $body ) ? $body : array() );
		$response = rest_do_request( $request );
		$status   = $response->get_status();
		return array(
			'headers'  => array( 'content-type' => 'application/json; charset=utf-8' ),
			'body'     => (string) wp_json_encode( $response->get_data() ),
			'response' => array(
				'code'    => $status,
				'message' => get_status_header_desc( $status ),
			),
			'cookies'  => array(),
			'filename' => null,
		);
	}

	/**
	 * Routes: token and siteverify (public, like the provider's), settings (plugin capability).
	 */
	public static function register_routes(): void {
		register_rest_route(
			self::NAMESPACE,
			'/token',
			array(
				'methods'             => 'POST',
				'callback'            => array( self::class, 'issue_token' ),
				'permission_callback' => '__return_true',
				'args'                => array(
					'outcome' => array(
						'type'    => 'string',
						'enum'    => self::OUTCOMES,
						'default' => 'pass',
					),
				),
			)
		);
		register_rest_route(
			self::NAMESPACE,
			'/siteverify',
			array(
				'methods'             => 'POST',
				'callback'            => array( self::class, 'siteverify' ),
				'permission_callback' => '__return_true',
			)
		);
		register_rest_route(
			self::NAMESPACE,
			'/settings',
			array(
				array(
					'methods'             => 'POST',
					'callback'            => array( self::class, 'save_settings' ),
					'permission_callback' => array( self::class, 'can_manage' ),
					'args'                => array(
						'theme'      => array( 'type' => 'string' ),
						'size'       => array( 'type' => 'string' ),
						'badge'      => array( 'type' => 'string' ),
						'site_key'   => array( 'type' => 'string' ),
						'secret_key' => array( 'type' => 'string' ),
						'provider'   => array(
							'type' => 'string',
							'enum' => array_keys( self::GLOBALS ),
						),
					),
				),
				array(
					'methods'             => 'DELETE',
					'callback'            => array( self::class, 'delete_settings' ),
					'permission_callback' => array( self::class, 'can_manage' ),
				),
			)
		);
	}

	/**
	 * Whether the current user may change the plugin's settings.
	 */
	public static function can_manage(): bool {
		return current_user_can( self::PLUGIN_CAP );
	}

	/**
	 * POST /token: a new token for the requested outcome.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public static function issue_token( WP_REST_Request $request ): WP_REST_Response {
		$outcome = (string) $request->get_param( 'outcome' );
		$token   = 'stand-in-' . $outcome . '-' . bin2hex( random_bytes( 16 ) );
		if ( 'pass' === $outcome ) {
			set_transient( self::ISSUED . md5( $token ), 1, self::TOKEN_TTL );
		}
		$response = new WP_REST_Response( array( 'token' => $token ) );
		$response->header( 'Cache-Control', 'no-store' );
		return $response;
	}

	/**
	 * POST /siteverify: answers like https://www.google.com/recaptcha/api/siteverify.
	 *
	 * @param WP_REST_Request $request Request (form-encoded secret, response, remoteip).
	 */
	public static function siteverify( WP_REST_Request $request ): WP_REST_Response {
		$secret = (string) $request->get_param( 'secret' );
		$token  = (string) $request->get_param( 'response' );
		$codes  = array();
		if ( '' === $secret ) {
			$codes[] = 'missing-input-secret';
		} elseif ( ! hash_equals( self::secret(), $secret ) ) {
			$codes[] = 'invalid-input-secret';
		}
		if ( '' === $token ) {
			$codes[] = 'missing-input-response';
		}
		if ( ! $codes && str_starts_with( $token, 'stand-in-down-' ) ) {
			return new WP_REST_Response( array( 'error' => 'The stand-in provider is down.' ), 503 );
		}
		if ( ! $codes && str_starts_with( $token, 'stand-in-pass-' ) ) {
			$key = self::ISSUED . md5( $token );
			if ( false !== get_transient( $key ) ) {
				delete_transient( $key ); // Valid once, like Google's tokens.
				return new WP_REST_Response(
					array(
						'success'      => true,
						'challenge_ts' => gmdate( 'Y-m-d\TH:i:s\Z' ),
						'hostname'     => (string) wp_parse_url( home_url(), PHP_URL_HOST ),
					)
				);
			}
			$codes[] = 'timeout-or-duplicate';
		}
		if ( ! $codes ) {
			$codes[] = 'invalid-input-response';
		}
		return new WP_REST_Response(
			array(
				'success'     => false,
				'error-codes' => $codes,
			)
		);
	}

	/**
	 * POST /settings: stores the captcha settings with the stand-in keys (unless given) and the
	 * given look (defaults: light, normal, bottomright) through
	 * update_option, so Kestrel Forms' own validation runs. 400 when a value was refused.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public static function save_settings( WP_REST_Request $request ) {
		// Every value explicit: update_option would otherwise keep whatever an earlier test stored.
		$provider = (string) ( $request->get_param( 'provider' ) ?? 'recaptcha' );
		$wanted   = array(
			'provider'   => $provider,
			'site_key'   => self::site_key(),
			'secret_key' => self::secret(),
			'theme'      => 'light',
			'size'       => 'normal',
			'badge'      => 'bottomright',
		);
		foreach ( array( 'site_key', 'secret_key', 'theme', 'size', 'badge' ) as $key ) {
			if ( null !== $request->get_param( $key ) ) {
				$wanted[ $key ] = (string) $request->get_param( $key );
			}
		}
		// The keys go to the provider's own fields (reCAPTCHA's are site_key/secret_key).
		list( $site_field, $secret_field ) = self::KEY_FIELDS[ $provider ];
		$keys                              = array(
			$site_field   => $wanted['site_key'],
			$secret_field => $wanted['secret_key'],
		);
		unset( $wanted['site_key'], $wanted['secret_key'] );
		$wanted = $keys + $wanted;
		update_option( self::CAPTCHA_OPT, $wanted );
		$stored = (array) get_option( self::CAPTCHA_OPT, array() );
		foreach ( $wanted as $key => $value ) {
			if ( ( $stored[ $key ] ?? null ) !== $value ) {
				return new WP_Error( 'kestrel_forms_stand_in_refused', "Kestrel Forms refused {$key}.", array( 'status' => 400 ) );
			}
		}
		return new WP_REST_Response( self::public_settings( $stored ) );
	}

	/**
	 * DELETE /settings: removes the captcha settings (the captcha is then not configured).
	 */
	public static function delete_settings(): WP_REST_Response {
		delete_option( self::CAPTCHA_OPT );
		return new WP_REST_Response( array( 'deleted' => true ) );
	}

	/**
	 * The stored settings without the secret.
	 *
	 * @param array<string, mixed> $stored Stored option.
	 * @return array<string, mixed>
	 */
	private static function public_settings( array $stored ): array {
		list( $site_field, $secret_field ) = self::KEY_FIELDS[ (string) ( $stored['provider'] ?? 'recaptcha' ) ] ?? self::KEY_FIELDS['recaptcha'];
		$stored['configured']              = '' !== (string) ( $stored[ $site_field ] ?? '' ) && '' !== (string) ( $stored[ $secret_field ] ?? '' );
		foreach ( self::KEY_FIELDS as list( , $secret ) ) {
			unset( $stored[ $secret ] );
		}
		return $stored;
	}
}
