<?php
/**
 * The web API switch: whether external clients (application passwords) may use our REST API.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Settings;

use Kestrel\Forms\Rest\Routes;
use WP_Error;
use WP_REST_Request;

/**
 * Option `kestrel_forms_api_enabled` (off by default). The admin screens use cookies and a
 * nonce and are not affected; a request to kestrel-forms/v1 authenticated with an application
 * password is refused with 403 while the switch is off.
 */
final class ApiSettings {

	public const OPTION = 'kestrel_forms_api_enabled';

	/**
	 * Whether external clients may use the API.
	 */
	public function enabled(): bool {
		return (bool) get_option( self::OPTION, false );
	}

	/**
	 * @param bool $enabled On or off.
	 */
	public function set_enabled( bool $enabled ): void {
		update_option( self::OPTION, $enabled ? 1 : 0, false );
	}

	/**
	 * `rest_pre_dispatch`: refuses our routes to application-password clients while switched off.
	 *
	 * @param mixed           $result  Response so far (null to carry on).
	 * @param mixed           $server  Server.
	 * @param WP_REST_Request $request Request.
	 * @return mixed
	 */
	public static function gate( $result, $server, $request ) {
		if ( null !== $result || ! $request instanceof WP_REST_Request ) {
			return $result;
		}
		if ( ! str_starts_with( (string) $request->get_route(), '/' . Routes::NAMESPACE . '/' ) ) {
			return $result;
		}
		if ( ! did_action( 'application_password_did_authenticate' ) || ( new self() )->enabled() ) {
			return $result;
		}
		return new WP_Error(
			'kestrel_forms_api_disabled',
			__( 'The Kestrel Forms API is switched off for external clients. An administrator can switch it on under Forms → Settings → Web API.', 'kestrel-forms' ),
			array( 'status' => 403 )
		);
	}
}
