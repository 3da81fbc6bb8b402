<?php
/**
 * REST resource: the payment of an entry and what can be done with it.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Rest;

use Kestrel\Forms\Payments\PaymentActionRefused;
use Kestrel\Forms\Payments\PaymentActions;
use WP_Error;
use WP_REST_Controller;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * Routes (behind the plugin capability; a browser session also needs the REST nonce, without
 * which WordPress treats the request as anonymous and it is refused with 403):
 *
 * - `GET  /entries/{id}/payment`
 * - `POST /entries/{id}/payment/capture` (authorized → paid)
 * - `POST /entries/{id}/payment/void` (authorized → voided)
 * - `POST /entries/{id}/payment/refunds {amount, reason, request_key?}` (paid or partially
 *   refunded; amount in minor units, at most what is left; the same request_key again is the
 *   same refund, with another amount 409)
 * - `POST /entries/{id}/payment/sync` (fetch from the provider)
 *
 * Every route answers the payment as present() shapes it (amounts in integer minor units);
 * refusals are PaymentActionRefused, turned into WP_Error by ErrorMapper.
 *
 * @phpstan-import-type State from PaymentActions
 */
final class PaymentsController extends WP_REST_Controller {

	/**
	 * Takes the use case.
	 *
	 * @param PaymentActions $actions Payment actions.
	 */
	public function __construct( private readonly PaymentActions $actions ) {
		$this->namespace = Routes::NAMESPACE;
		$this->rest_base = 'entries';
	}

	/**
	 * Registers the routes.
	 */
	public function register_routes(): void {
		$base       = '/' . $this->rest_base . '/(?P<id>[\d]+)/payment';
		$permission = array( $this, 'permissions_check' );
		register_rest_route(
			Routes::NAMESPACE,
			$base,
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => array( $this, 'get_item' ),
				'permission_callback' => array( ErrorMapper::class, 'can_view_entries' ),
			)
		);
		foreach ( array( 'capture', 'void', 'sync' ) as $action ) {
			register_rest_route(
				Routes::NAMESPACE,
				$base . '/' . $action,
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, $action ),
					'permission_callback' => $permission,
				)
			);
		}
		register_rest_route(
			Routes::NAMESPACE,
			$base . '/refunds',
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( $this, 'refund' ),
				'permission_callback' => $permission,
				'args'                => array(
					'amount'      => array(
						'type'     => 'integer',
						'minimum'  => 1,
						'required' => true,
					),
					'reason'      => array(
						'type'      => 'string',
						'maxLength' => 190,
						'default'   => '',
					),
					'request_key' => array(
						'description' => __( 'Client-generated key of this refund request: the same key again is the same refund.', 'kestrel-forms' ),
						'type'        => 'string',
						'pattern'     => PaymentActions::REQUEST_KEY_PATTERN,
					),
				),
			)
		);
	}

	/**
	 * Every payment route needs the plugin capability.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true|WP_Error
	 */
	public function permissions_check( $request ) {
		return ErrorMapper::can_edit_entries();
	}

	/**
	 * GET /entries/{id}/payment
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function get_item( $request ) {
		return $this->answer( fn(): array => $this->actions->state( (int) $request['id'] ) );
	}

	/**
	 * POST /entries/{id}/payment/capture
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function capture( WP_REST_Request $request ) {
		return $this->answer( fn(): array => $this->actions->capture( (int) $request['id'], get_current_user_id() ) );
	}

	/**
	 * POST /entries/{id}/payment/void
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function void( WP_REST_Request $request ) {
		return $this->answer( fn(): array => $this->actions->void( (int) $request['id'], get_current_user_id() ) );
	}

	/**
	 * POST /entries/{id}/payment/sync
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function sync( WP_REST_Request $request ) {
		return $this->answer( fn(): array => $this->actions->sync( (int) $request['id'], get_current_user_id() ) );
	}

	/**
	 * POST /entries/{id}/payment/refunds
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function refund( WP_REST_Request $request ) {
		$reason = sanitize_text_field( (string) $request['reason'] );
		$key    = is_string( $request['request_key'] ) ? $request['request_key'] : '';
		return $this->answer( fn(): array => $this->actions->refund( (int) $request['id'], (int) $request['amount'], $reason, get_current_user_id(), $key ) );
	}

	/**
	 * Runs a use-case call and answers the payment, or the refusal.
	 *
	 * @param callable(): State $call Call.
	 * @return WP_REST_Response|WP_Error
	 */
	private function answer( callable $call ) {
		try {
			$state = $call();
		} catch ( PaymentActionRefused $e ) {
			return ErrorMapper::payment_action_refused( $e );
		}
		return rest_ensure_response( self::present( $state ) );
	}

	/**
	 * A payment as the API shows it: never the request body, the entry draft or a token.
	 *
	 * @param State $state Payment and refunds.
	 * @return array<string, mixed>
	 */
	public static function present( array $state ): array {
		$payment = $state['payment'];
		$refunds = array();
		foreach ( $state['refunds'] as $refund ) {
			$user      = (int) $refund['user_id'] > 0 ? get_userdata( (int) $refund['user_id'] ) : false;
			$refunds[] = array(
				'id'                 => (int) $refund['id'],
				'amount'             => (int) $refund['amount_minor'],
				'status'             => (string) $refund['status'],
				'reason'             => (string) $refund['reason'],
				'provider_refund_id' => (string) ( $refund['provider_refund_id'] ?? '' ),
				'created_at'         => FormsController::iso( (string) $refund['created_at'] ),
				'user'               => $user ? array(
					'id'   => $user->ID,
					'name' => $user->display_name,
				) : null,
			);
		}
		return array(
			'status'              => (string) $payment['status'],
			'amount'              => (int) $payment['amount_minor'],
			'currency'            => (string) $payment['currency'],
			'method'              => (string) $payment['method'],
			'mode'                => (string) $payment['environment'],
			'provider_payment_id' => (string) ( $payment['provider_payment_id'] ?? '' ),
			'brand'               => (string) $payment['brand'],
			'last4'               => (string) $payment['last4'],
			'receipt_url'         => (string) ( $payment['receipt_url'] ?? '' ),
			'refunded_amount'     => (int) $payment['refunded_minor'],
			'refundable_amount'   => PaymentActions::refundable( $payment, $state['refunds'] ),
			'capture_mode'        => (string) $payment['capture_mode'],
			'created_at'          => FormsController::iso( (string) $payment['created_at'] ),
			'updated_at'          => FormsController::iso( (string) $payment['updated_at'] ),
			'actions'             => PaymentActions::actions( $payment, $state['refunds'] ),
			'refunds'             => $refunds,
		);
	}
}
