<?php
/**
 * REST resource: the payment provider's webhook, and its test event.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Rest;

use Kestrel\Forms\Payments\WebhookHandler;
use Kestrel\Forms\Payments\WebhookRejected;
use Kestrel\Forms\Payments\WebhookSubscriber;
use Kestrel\Forms\Settings\PaymentSettings;
use WP_Error;
use WP_REST_Controller;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * - `POST /payments/webhook` (public: the provider calls it; its signature is the check, see
 *   Payments\WebhookHandler): 200 `{received, outcome}` or `{received, duplicate: true}`;
 *   401 `kestrel_forms_webhook_signature`, 503 `kestrel_forms_webhook_unconfigured`; 503
 *   `kestrel_forms_webhook_deferred` with Retry-After for an event about a payment the charge path
 *   is still completing (not recorded as handled: the provider's redelivery applies it).
 * - `POST /payments/webhook/test {environment?}` (managers): asks the provider to send its test
 *   event → `{ok, status, message}` (also stored for the settings screen).
 */
final class PaymentWebhookController extends WP_REST_Controller {

	/** Larger bodies are not events of this provider: refused before the signature is computed. */
	public const MAX_BODY = 1048576;

	/**
	 * Takes the use cases.
	 *
	 * @param WebhookHandler    $handler    Handles deliveries.
	 * @param WebhookSubscriber $subscriber Sends the test event.
	 * @param PaymentSettings   $settings   The environment used now (default for the test).
	 */
	public function __construct(
		private readonly WebhookHandler $handler,
		private readonly WebhookSubscriber $subscriber,
		private readonly PaymentSettings $settings
	) {
		$this->namespace = Routes::NAMESPACE;
		$this->rest_base = 'payments/webhook';
	}

	/**
	 * Registers the routes.
	 */
	public function register_routes(): void {
		register_rest_route(
			Routes::NAMESPACE,
			'/' . $this->rest_base,
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( $this, 'receive' ),
				// Public on purpose: the provider's servers call this route without a WordPress
				// login. What authenticates a delivery is the HMAC signature over the stored
				// notification URL and the raw body, checked in receive() before anything is read
				// or written (and there is no bypass when no key is stored: 503).
				'permission_callback' => '__return_true',
			)
		);
		register_rest_route(
			Routes::NAMESPACE,
			'/' . $this->rest_base . '/test',
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( $this, 'send_test' ),
				'permission_callback' => array( $this, 'test_permissions_check' ),
				'args'                => array(
					'environment' => array(
						'type' => 'string',
						'enum' => PaymentSettings::ENVIRONMENTS,
					),
				),
			)
		);
	}

	/**
	 * The test event is for managers.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true|WP_Error
	 */
	public function test_permissions_check( $request ) {
		return ErrorMapper::can_manage_settings();
	}

	/**
	 * POST /payments/webhook: the raw body, never a re-encoded one, is what was signed.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function receive( WP_REST_Request $request ) {
		$body = $request->get_body();
		if ( strlen( $body ) > self::MAX_BODY ) {
			return ErrorMapper::too_large( self::MAX_BODY );
		}
		$signature = $request->get_header( 'x-square-hmacsha256-signature' );
		try {
			$outcome = $this->handler->handle( $body, $signature );
			if ( isset( $outcome['retry_after'] ) ) {
				return ErrorMapper::webhook_deferred( $outcome['retry_after'] );
			}
			return rest_ensure_response( $outcome );
		} catch ( WebhookRejected $e ) {
			return ErrorMapper::webhook_rejected( $e );
		}
	}

	/**
	 * POST /payments/webhook/test
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public function send_test( WP_REST_Request $request ) {
		$environment = is_string( $request['environment'] ) ? $request['environment'] : $this->settings->environment();
		return rest_ensure_response( $this->subscriber->send_test( $environment ) );
	}
}
