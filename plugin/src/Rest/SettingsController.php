<?php
/**
 * REST resource: the plugin's settings (general, captcha, web API, payments) and the current
 * user's application passwords.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Rest;

use Kestrel\Forms\Captcha\Settings as CaptchaSettings;
use Kestrel\Forms\Domain\Money\Currencies;
use Kestrel\Forms\Payments\WebhookSubscriber;
use Kestrel\Forms\Security\AkismetCheck;
use Kestrel\Forms\Security\Capabilities;
use Kestrel\Forms\Settings\ApiSettings;
use Kestrel\Forms\Settings\GeneralSettings;
use Kestrel\Forms\Settings\PaymentSettings;
use WP_Application_Passwords;
use WP_Error;
use WP_REST_Controller;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * - `GET /settings`, `POST /settings` (only the sections sent; secrets are write-only: answers
 *   carry a "set" flag and at most the last four characters, never the secret);
 * - `GET|POST /settings/app-passwords`, `DELETE /settings/app-passwords/{uuid}`: the current
 *   user's WordPress application passwords (a new password is shown once, in the POST answer).
 */
final class SettingsController extends WP_REST_Controller {

	/**
	 * Takes the settings sections the route reads and writes.
	 *
	 * @param GeneralSettings        $general  General settings.
	 * @param CaptchaSettings        $captcha  Captcha settings.
	 * @param ApiSettings            $api      Web API switch.
	 * @param PaymentSettings        $payments   Payment settings.
	 * @param WebhookSubscriber|null $subscriber Creates the webhook subscriptions on save (none: not created).
	 */
	public function __construct(
		private readonly GeneralSettings $general,
		private readonly CaptchaSettings $captcha,
		private readonly ApiSettings $api,
		private readonly PaymentSettings $payments,
		private readonly ?WebhookSubscriber $subscriber = null
	) {
		$this->namespace = Routes::NAMESPACE;
		$this->rest_base = 'settings';
	}

	/**
	 * Registers the routes.
	 */
	public function register_routes(): void {
		$permission = array( $this, 'permissions_check' );
		register_rest_route(
			Routes::NAMESPACE,
			'/' . $this->rest_base,
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'get_settings' ),
					'permission_callback' => $permission,
				),
				array(
					'methods'             => WP_REST_Server::EDITABLE,
					'callback'            => array( $this, 'update_settings' ),
					'permission_callback' => $permission,
					'args'                => self::section_args(),
				),
			)
		);
		register_rest_route(
			Routes::NAMESPACE,
			'/' . $this->rest_base . '/app-passwords',
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'get_app_passwords' ),
					'permission_callback' => fn( WP_REST_Request $request ) => $this->app_password_permission( 'list_app_passwords' ),
				),
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'create_app_password' ),
					'permission_callback' => fn( WP_REST_Request $request ) => $this->app_password_permission( 'create_app_password' ),
					'args'                => array(
						'name' => array(
							'type'      => 'string',
							'minLength' => 1,
							'maxLength' => 100,
							'required'  => true,
						),
					),
				),
			)
		);
		register_rest_route(
			Routes::NAMESPACE,
			'/' . $this->rest_base . '/app-passwords/(?P<uuid>[0-9a-f-]{36})',
			array(
				'methods'             => WP_REST_Server::DELETABLE,
				'callback'            => array( $this, 'delete_app_password' ),
				'permission_callback' => fn( WP_REST_Request $request ) => $this->app_password_permission( 'delete_app_password', (string) $request['uuid'] ),
			)
		);
	}

	/**
	 * The sections POST /settings takes, each with its keys and their types: WordPress checks
	 * and converts them before update_settings() runs ("false" is false; an unknown key or a
	 * value of the wrong type is refused with 400 kestrel_forms_invalid_param). Allowed values
	 * (currencies, environments, patterns) are checked by each section's validate(), whose
	 * messages are keyed "section.key" for the screen.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	private static function section_args(): array {
		$section     = static fn( array $properties ): array => array(
			'type'                 => 'object',
			'properties'           => $properties,
			'additionalProperties' => false,
		);
		$string      = array( 'type' => 'string' );
		$boolean     = array( 'type' => 'boolean' );
		$credentials = array(
			'application_id'     => $string,
			'location_id'        => $string,
			'access_token'       => $string,
			'clear_access_token' => $boolean,
		);
		return array(
			'general'  => $section(
				array(
					'currency'            => $string,
					// The screen sends what was typed: a number, or text its message explains.
					'retention_days'      => array( 'type' => array( 'integer', 'string' ) ),
					'delete_on_uninstall' => $boolean,
				)
			),
			'captcha'  => $section(
				array(
					'provider'               => $string,
					'site_key'               => $string,
					'secret_key'             => $string,
					'turnstile_site_key'     => $string,
					'turnstile_secret_key'   => $string,
					'hcaptcha_site_key'      => $string,
					'hcaptcha_secret_key'    => $string,
					'theme'                  => $string,
					'size'                   => $string,
					'badge'                  => $string,
					'clear_secret'           => $boolean,
					'clear_turnstile_secret' => $boolean,
					'clear_hcaptcha_secret'  => $boolean,
					'akismet'                => $boolean,
				)
			),
			'api'      => $section( array( 'enabled' => $boolean ) ),
			'payments' => $section(
				array(
					'environment' => $string,
					'sandbox'     => $section( $credentials ),
					'production'  => $section( $credentials ),
				) + $credentials // The flat keys of earlier versions: the chosen environment's credentials.
			),
		);
	}

	/**
	 * Every settings route needs the plugin capability.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true|WP_Error
	 */
	public function permissions_check( $request ) {
		return ErrorMapper::can_manage_settings();
	}

	/**
	 * Application-password routes: the plugin capability, and what WordPress itself asks for the
	 * current user's own passwords (sites can take it away with map_meta_cap / user_has_cap).
	 *
	 * @param string $capability list_app_passwords, create_app_password or delete_app_password.
	 * @param string $uuid       The password, for delete_app_password.
	 * @return true|WP_Error
	 */
	private function app_password_permission( string $capability, string $uuid = '' ): bool|WP_Error {
		$allowed = ErrorMapper::can_manage_settings();
		if ( true !== $allowed ) {
			return $allowed;
		}
		$args = '' === $uuid ? array() : array( $uuid );
		return current_user_can( $capability, get_current_user_id(), ...$args ) ? true : ErrorMapper::forbidden();
	}

	/**
	 * GET /settings
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public function get_settings( $request ) {
		return rest_ensure_response( $this->current() );
	}

	/**
	 * POST /settings: every section sent is validated first; nothing is saved when one value is
	 * refused (400 kestrel_forms_invalid_settings with messages keyed "section.key").
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function update_settings( $request ) {
		$errors  = array();
		$general = null;
		$captcha = null;
		$payment = null;
		if ( is_array( $request['captcha'] ) ) {
			// Keys not sent keep their current values (validate() starts from them).
			$captcha = CaptchaSettings::validate( $request['captcha'], $this->captcha->get() );
			foreach ( $captcha['errors'] as $code ) {
				$errors[ 'captcha.' . str_replace( 'invalid_', '', $code ) ] = CaptchaSettings::error_message( $code );
			}
		}
		if ( is_array( $request['general'] ) ) {
			$general = $this->general->validate( $request['general'] );
			foreach ( $general['errors'] as $key => $message ) {
				$errors[ 'general.' . $key ] = $message;
			}
		}
		if ( is_array( $request['payments'] ) ) {
			$payment = $this->payments->validate( $request['payments'] );
			foreach ( $payment['errors'] as $key => $message ) {
				$errors[ 'payments.' . $key ] = $message;
			}
		}
		if ( $errors ) {
			// One refused value keeps every section as it was: nothing has been stored.
			return ErrorMapper::invalid_settings( $errors );
		}
		if ( null !== $general ) {
			$this->general->store( $general['values'] );
		}
		if ( null !== $captcha ) {
			update_option( CaptchaSettings::OPTION, $captcha['values'] );
		}
		if ( null !== $payment ) {
			$before = $this->payments->get();
			$this->payments->store( $payment['values'] );
			$this->ensure_webhooks( $before );
		}
		if ( is_array( $request['api'] ) && array_key_exists( 'enabled', $request['api'] ) ) {
			$this->api->set_enabled( wp_validate_boolean( $request['api']['enabled'] ) );
		}
		return rest_ensure_response( $this->current() );
	}

	/**
	 * After payment settings were saved: each environment with an access token gets its webhook
	 * subscription created or pointed at this site (Payments\WebhookSubscriber) when its
	 * credentials changed, when none is active, or when the site's webhook URL moved. A failure
	 * is stored and shown as `payments.webhooks.<env>.status = 'error'` with its message; it does
	 * not undo the save.
	 *
	 * @param array<string, mixed> $before The payment settings before the save.
	 */
	private function ensure_webhooks( array $before ): void {
		if ( null === $this->subscriber ) {
			return;
		}
		foreach ( PaymentSettings::ENVIRONMENTS as $environment ) {
			$credentials = $this->payments->credentials( $environment );
			if ( '' === $credentials['access_token'] ) {
				continue;
			}
			$webhook = $this->payments->webhook( $environment );
			if ( ( $before[ $environment ] ?? null ) !== $credentials
				|| 'active' !== PaymentSettings::webhook_status( $webhook )
				|| $this->subscriber->notification_url( $environment ) !== $webhook['notification_url'] ) {
				$this->subscriber->ensure( $environment );
			}
		}
	}

	/**
	 * GET /settings/app-passwords
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public function get_app_passwords( $request ) {
		$items = array();
		foreach ( WP_Application_Passwords::get_user_application_passwords( get_current_user_id() ) as $item ) {
			$items[] = self::present_password( $item );
		}
		return rest_ensure_response( $items );
	}

	/**
	 * POST /settings/app-passwords: the new password is in this answer only.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function create_app_password( $request ) {
		$user_id = get_current_user_id();
		if ( ! wp_is_application_passwords_available_for_user( $user_id ) ) {
			return ErrorMapper::app_passwords_unavailable();
		}
		$created = WP_Application_Passwords::create_new_application_password( $user_id, array( 'name' => sanitize_text_field( (string) $request['name'] ) ) );
		if ( is_wp_error( $created ) ) {
			return ErrorMapper::app_password_failed( $created );
		}
		list( $password, $item ) = $created;
		$response                = rest_ensure_response( self::present_password( $item ) + array( 'password' => WP_Application_Passwords::chunk_password( $password ) ) );
		$response->set_status( 201 );
		return $response;
	}

	/**
	 * DELETE /settings/app-passwords/{uuid}
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function delete_app_password( $request ) {
		$deleted = WP_Application_Passwords::delete_application_password( get_current_user_id(), (string) $request['uuid'] );
		if ( is_wp_error( $deleted ) ) {
			return ErrorMapper::app_password_not_found();
		}
		return rest_ensure_response( array( 'deleted' => true ) );
	}

	/**
	 * Every section as the screen shows it (no secret).
	 *
	 * @return array<string, mixed>
	 */
	private function current(): array {
		return array(
			'general'    => $this->general->get(),
			'currencies' => array_keys( Currencies::all() ),
			// No secret: whether each provider's is set, and its mask.
			'captcha'    => $this->captcha->for_screen() + array( 'akismet_available' => AkismetCheck::available() ),
			'api'        => array(
				'enabled'    => $this->api->enabled(),
				'base_url'   => rest_url( Routes::NAMESPACE . '/' ),
				'capability' => Capabilities::MANAGE,
				'available'  => wp_is_application_passwords_available_for_user( get_current_user_id() ),
			),
			'payments'   => $this->payments->public(),
		);
	}

	/**
	 * An application password as the screen lists it (never the hash).
	 *
	 * @param array<string, mixed> $item Stored item.
	 * @return array<string, mixed>
	 */
	private static function present_password( array $item ): array {
		return array(
			'uuid'       => (string) $item['uuid'],
			'name'       => (string) $item['name'],
			'created'    => gmdate( 'Y-m-d\TH:i:s\Z', (int) $item['created'] ),
			'last_used'  => $item['last_used'] ? gmdate( 'Y-m-d\TH:i:s\Z', (int) $item['last_used'] ) : null,
			// An application password acts as its user: it grants what the user can do here.
			'capability' => Capabilities::MANAGE,
		);
	}
}
