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

	public function __construct(
		private readonly GeneralSettings $general,
		private readonly CaptchaSettings $captcha,
		private readonly ApiSettings $api,
		private readonly PaymentSettings $payments
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
			$this->namespace,
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
					'args'                => array(
						'general'  => array( 'type' => 'object' ),
						'captcha'  => array( 'type' => 'object' ),
						'api'      => array( 'type' => 'object' ),
						'payments' => array( 'type' => 'object' ),
					),
				),
			)
		);
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base . '/app-passwords',
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'get_app_passwords' ),
					'permission_callback' => $permission,
				),
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'create_app_password' ),
					'permission_callback' => $permission,
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
			$this->namespace,
			'/' . $this->rest_base . '/app-passwords/(?P<uuid>[0-9a-f-]{36})',
			array(
				'methods'             => WP_REST_Server::DELETABLE,
				'callback'            => array( $this, 'delete_app_password' ),
				'permission_callback' => $permission,
			)
		);
	}

	/**
	 * @param WP_REST_Request $request Request.
	 * @return true|WP_Error
	 */
	public function permissions_check( $request ) {
		return Capabilities::current_user_can_manage() ? true : ErrorMapper::forbidden();
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
		$errors = array();
		// Validate everything before saving anything.
		$captcha = null;
		if ( is_array( $request['captcha'] ) ) {
			$input = array_intersect_key( $request['captcha'], array_flip( array( 'site_key', 'secret_key', 'theme', 'size', 'badge', 'clear_secret' ) ) );
			$input += array_diff_key( $this->captcha->get(), array( 'secret_key' => true ) );
			$result = CaptchaSettings::validate( $input, $this->captcha->get() );
			foreach ( $result['errors'] as $code ) {
				$key                        = str_replace( 'invalid_', '', $code );
				$errors[ 'captcha.' . $key ] = CaptchaSettings::error_message( $code );
			}
			$captcha = $result['values'];
		}
		$general_backup  = get_option( GeneralSettings::OPTION );
		$uninstall_backup = get_option( GeneralSettings::UNINSTALL_OPTION );
		$payments_backup = get_option( PaymentSettings::OPTION );
		if ( is_array( $request['general'] ) ) {
			foreach ( $this->general->save( $request['general'] ) as $key => $message ) {
				$errors[ 'general.' . $key ] = $message;
			}
		}
		if ( is_array( $request['payments'] ) ) {
			foreach ( $this->payments->save( $request['payments'] ) as $key => $message ) {
				$errors[ 'payments.' . $key ] = $message;
			}
		}
		if ( $errors ) {
			// One refused value keeps every section as it was.
			update_option( GeneralSettings::OPTION, $general_backup, false );
			update_option( GeneralSettings::UNINSTALL_OPTION, $uninstall_backup, false );
			update_option( PaymentSettings::OPTION, $payments_backup, false );
			return new WP_Error(
				'kestrel_forms_invalid_settings',
				reset( $errors ),
				array(
					'status' => 400,
					'errors' => (object) $errors,
				)
			);
		}
		if ( null !== $captcha ) {
			update_option( CaptchaSettings::OPTION, $captcha );
		}
		if ( is_array( $request['api'] ) && array_key_exists( 'enabled', $request['api'] ) ) {
			$this->api->set_enabled( (bool) $request['api']['enabled'] );
		}
		return rest_ensure_response( $this->current() );
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
			return new WP_Error( 'kestrel_forms_app_passwords_unavailable', __( 'Application passwords are not available on this site (they need HTTPS or a local environment).', 'kestrel-forms' ), array( 'status' => 400 ) );
		}
		$created = WP_Application_Passwords::create_new_application_password( $user_id, array( 'name' => sanitize_text_field( (string) $request['name'] ) ) );
		if ( is_wp_error( $created ) ) {
			return new WP_Error( 'kestrel_forms_app_password_failed', $created->get_error_message(), array( 'status' => 400 ) );
		}
		[ $password, $item ] = $created;
		$response            = rest_ensure_response( self::present_password( $item ) + array( 'password' => WP_Application_Passwords::chunk_password( $password ) ) );
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
			return new WP_Error( 'kestrel_forms_app_password_not_found', __( 'Application password not found.', 'kestrel-forms' ), array( 'status' => 404 ) );
		}
		return rest_ensure_response( array( 'deleted' => true ) );
	}

	/**
	 * Every section as the screen shows it (no secret).
	 *
	 * @return array<string, mixed>
	 */
	private function current(): array {
		$captcha = $this->captcha->get();
		return array(
			'general'    => $this->general->get(),
			'currencies' => array_keys( Currencies::all() ),
			'captcha'    => array(
				'site_key'      => $captcha['site_key'],
				'theme'         => $captcha['theme'],
				'size'          => $captcha['size'],
				'badge'         => $captcha['badge'],
				'secret_set'    => '' !== $captcha['secret_key'],
				'secret_masked' => $this->captcha->masked_secret(),
			),
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
