<?php
/**
 * REST resource: the payment field's configuration check for the form editor.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Rest;

use Kestrel\Forms\Payments\ConfigurationCheck;
use Kestrel\Forms\Settings\GeneralSettings;
use WP_REST_Controller;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * `GET /payments/check?currency=USD` → `{warnings: [{code, message}], environment, currency,
 * location: {id, currency, country}|null}` (P1-CONTRACTS "Editor check"). Managers only; a
 * browser's cookie session also needs the REST nonce (without it WordPress treats the request
 * as anonymous, which is refused here). Without `currency` the site's default currency is checked.
 */
final class PaymentsCheckController extends WP_REST_Controller {

	/**
	 * Takes the check and the settings that name the default currency.
	 *
	 * @param ConfigurationCheck $check   The use case.
	 * @param GeneralSettings    $general General settings (default currency).
	 */
	public function __construct(
		private readonly ConfigurationCheck $check,
		private readonly GeneralSettings $general
	) {
		$this->namespace = Routes::NAMESPACE;
		$this->rest_base = 'payments/check';
	}

	/**
	 * Registers the route.
	 */
	public function register_routes(): void {
		register_rest_route(
			Routes::NAMESPACE,
			'/' . $this->rest_base,
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => array( $this, 'get_item' ),
				'permission_callback' => array( $this, 'get_item_permissions_check' ),
				'args'                => array(
					'currency' => array(
						'type'    => 'string',
						'pattern' => '^([A-Za-z]{3})?$',
						'default' => '',
					),
				),
			)
		);
	}

	/**
	 * Managers only.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true|\WP_Error
	 */
	public function get_item_permissions_check( $request ) {
		return true === ErrorMapper::can_manage_forms() ? true : ErrorMapper::can_manage_settings();
	}

	/**
	 * GET /payments/check
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public function get_item( $request ) {
		$currency = ConfigurationCheck::currency_or( (string) $request['currency'], $this->general->get()['currency'] );
		$response = rest_ensure_response( $this->check->run( $currency ) );
		// The answer depends on secrets and the provider: no shared cache may keep it.
		$response->header( 'Cache-Control', 'no-store' );
		return $response;
	}
}
