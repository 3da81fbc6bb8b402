<?php
/**
 * The web API switch at the door: refuses the plugin's routes to external clients while it is off.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Rest;

use Kestrel\Forms\Settings\ApiSettings;
use WP_Error;
use WP_REST_Request;

/**
 * The switch itself (option `kestrel_forms_api_enabled`, off by default) is Settings\ApiSettings;
 * this REST-side check lives in Rest/ so that Settings/ does not import Rest/. The admin screens
 * use cookies and a nonce and are not affected; a request to kestrel-forms/v1 authenticated with
 * an application password is refused with 403 while the switch is off.
 */
final class ApiGate {

	/**
	 * `rest_pre_dispatch`: refuses our routes to application-password clients while switched off.
	 *
	 * @param mixed $result  Response so far (null to carry on).
	 * @param mixed $server  Server.
	 * @param mixed $request Request.
	 * @return mixed
	 */
	public static function gate( $result, $server, $request ) {
		if ( null !== $result || ! $request instanceof WP_REST_Request ) {
			return $result;
		}
		if ( ! str_starts_with( (string) $request->get_route(), '/' . Routes::NAMESPACE . '/' ) ) {
			return $result;
		}
		if ( ! did_action( 'application_password_did_authenticate' ) || ( new ApiSettings() )->enabled() ) {
			return $result;
		}
		return ErrorMapper::api_disabled();
	}
}
