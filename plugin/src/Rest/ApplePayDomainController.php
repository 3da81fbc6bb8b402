<?php
/**
 * REST: Apple Pay domain registration for the settings screen.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Rest;

use Kestrel\Forms\Payments\ApplePayDomain;
use WP_Error;
use WP_REST_Controller;
use WP_REST_Response;
use WP_REST_Server;

/**
 * `GET /kestrel-forms/v1/settings/apple-pay` → `{environment, domain, status: none|verified|pending|error,
 * error, checkedAt, reason}`; `POST /kestrel-forms/v1/settings/apple-pay/register` registers this
 * site's host with the provider (`POST /v2/apple-pay/domains`) and answers the same shape.
 * Settings managers only (Capabilities::MANAGE_SETTINGS, manage_options by default).
 */
final class ApplePayDomainController extends WP_REST_Controller {

	/**
	 * Creates the controller.
	 *
	 * @param ApplePayDomain $domain The service.
	 */
	public function __construct( private readonly ApplePayDomain $domain ) {
		$this->namespace = Routes::NAMESPACE;
		$this->rest_base = 'settings/apple-pay';
	}

	/**
	 * Registers the routes.
	 */
	public function register_routes(): void {
		register_rest_route(
			Routes::NAMESPACE,
			'/' . $this->rest_base,
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'get_item' ),
					'permission_callback' => array( $this, 'get_item_permissions_check' ),
				),
			)
		);
		register_rest_route(
			Routes::NAMESPACE,
			'/' . $this->rest_base . '/register',
			array(
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'create_item' ),
					'permission_callback' => array( $this, 'create_item_permissions_check' ),
				),
			)
		);
	}

	/**
	 * Settings managers only.
	 *
	 * @param \WP_REST_Request $request Request.
	 * @return true|WP_Error
	 */
	public function get_item_permissions_check( $request ) {
		return ErrorMapper::can_manage_settings();
	}

	/**
	 * Settings managers only.
	 *
	 * @param \WP_REST_Request $request Request.
	 * @return true|WP_Error
	 */
	public function create_item_permissions_check( $request ) {
		return ErrorMapper::can_manage_settings();
	}

	/**
	 * The registration status.
	 *
	 * @param \WP_REST_Request $request Request.
	 */
	public function get_item( $request ): WP_REST_Response {
		return new WP_REST_Response( $this->domain->status() );
	}

	/**
	 * Registers this site's host.
	 *
	 * @param \WP_REST_Request $request Request.
	 */
	public function create_item( $request ): WP_REST_Response {
		return new WP_REST_Response( $this->domain->register() );
	}
}
