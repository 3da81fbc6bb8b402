<?php
/**
 * REST: the payment request of a form's wallet buttons.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Rest;

use Kestrel\Forms\Payments\BuildWalletRequest;
use Kestrel\Forms\Payments\WalletRequestRefused;
use Kestrel\Forms\Submissions\SubmissionGate;
use Kestrel\Forms\Submissions\SubmissionRefused;
use WP_Error;
use WP_REST_Controller;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * `POST /kestrel-forms/v1/forms/{id}/payment-request {values, shippingContact?, shippingOption?, method?}`
 * → `{countryCode, currencyCode, total: {amount, label}, lineItems: [{amount, label}],
 * shippingOptions?: [{id, label, amount}], requestBillingContact, requestShippingContact}`; with
 * `method: 'afterpayClearpay'` each option also has `total` and `taxLineItems` (Afterpay's
 * address listener answers with them).
 *
 * Public like the submission route (who may submit a form may price it: the
 * `kestrel_forms_can_submit` filter), for active forms only, rate-limited per client (bucket
 * `payment_request`), a body no larger than a submission's (413). The answer holds no personal
 * data: the shipping contact is read, never echoed.
 */
final class PaymentRequestController extends WP_REST_Controller {

	/**
	 * Creates the controller.
	 *
	 * @param BuildWalletRequest $build The use case.
	 */
	public function __construct( private readonly BuildWalletRequest $build ) {
		$this->namespace = Routes::NAMESPACE;
		$this->rest_base = 'forms/(?P<form_id>[\d]+)/payment-request';
	}

	/** The RateLimiter bucket of payment requests. */
	private const BUCKET = 'payment_request';

	/** The route, as `rest_pre_dispatch` sees it. */
	private const ROUTE_PATTERN = '#^/kestrel-forms/v1/forms/\d+/payment-request/?$#i';

	/**
	 * Registers the route.
	 */
	public function register_routes(): void {
		add_filter( 'rest_pre_dispatch', array( self::class, 'gate' ), 5, 3 );
		register_rest_route(
			Routes::NAMESPACE,
			'/' . $this->rest_base,
			array(
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'create_item' ),
					'permission_callback' => array( $this, 'create_item_permissions_check' ),
					'args'                => array(
						'values'          => array(
							'description' => __( 'The form\'s current values keyed by field id or input id.', 'kestrel-forms' ),
							'type'        => 'object',
							'default'     => array(),
						),
						'shippingOption'  => array(
							'description' => __( 'The id of the shipping option chosen in the wallet sheet.', 'kestrel-forms' ),
							'type'        => 'string',
							'maxLength'   => 200,
						),
						'method'          => array(
							'description' => __( 'afterpayClearpay for Afterpay/Clearpay\'s request (shipping options with their order total), absent for the wallets.', 'kestrel-forms' ),
							'type'        => 'string',
							'enum'        => array( 'afterpayClearpay' ),
						),
						'shippingContact' => array(
							'description' => __( 'The shipping contact chosen in the wallet sheet (read, never stored or returned).', 'kestrel-forms' ),
							'type'        => 'object',
						),
					),
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
	}

	/**
	 * `rest_pre_dispatch`: a POST to this route is counted against the client's rate limit and its
	 * body measured before WordPress decodes it (it does when it checks the route's arguments,
	 * after this filter), so requests with bad arguments count too and a large body is never
	 * parsed. The values of one form, as a submission carries them: no larger than a submission.
	 *
	 * @param mixed           $result  Response so far (null to go on).
	 * @param mixed           $server  Server.
	 * @param WP_REST_Request $request Request.
	 * @return mixed
	 */
	public static function gate( $result, $server, $request ) {
		if ( null !== $result || ! $request instanceof WP_REST_Request || 'POST' !== $request->get_method()
			|| 1 !== preg_match( self::ROUTE_PATTERN, (string) $request->get_route() ) ) {
			return $result;
		}
		try {
			SubmissionGate::check_request( $request, self::BUCKET );
		} catch ( SubmissionRefused $e ) {
			return ErrorMapper::submission_refused( $e );
		}
		return $result;
	}

	/**
	 * Who may submit the form may price it (the submission route's filter).
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true|WP_Error
	 */
	public function create_item_permissions_check( $request ) {
		/** This filter is documented in plugin/src/Rest/SubmissionsController.php */
		$allowed = (bool) apply_filters( 'kestrel_forms_can_submit', true, self::form_id( $request ), $request );
		return $allowed ? true : ErrorMapper::forbidden();
	}

	/**
	 * Builds the request.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function create_item( $request ) {
		$values = $request['values'];
		$option = $request['shippingOption'];
		try {
			$answer = $this->build->build(
				self::form_id( $request ),
				is_array( $values ) ? $values : array(),
				is_string( $option ) ? $option : null,
				$request['shippingContact'],
				is_string( $request['method'] ) ? $request['method'] : ''
			);
		} catch ( WalletRequestRefused $e ) {
			return ErrorMapper::wallet_request_refused( $e );
		}
		$response = new WP_REST_Response( $answer );
		// Priced from the visitor's values: never cached by a proxy.
		$response->header( 'Cache-Control', 'no-store' );
		return $response;
	}

	/**
	 * The answer's schema.
	 *
	 * @return array<string, mixed>
	 */
	public function get_item_schema(): array {
		$money = array(
			'type'       => 'object',
			'properties' => array(
				'amount' => array(
					'type'        => 'string',
					'description' => __( 'A decimal string in the currency\'s decimals ("12.50").', 'kestrel-forms' ),
				),
				'label'  => array( 'type' => 'string' ),
			),
		);
		return $this->add_additional_fields_schema(
			array(
				'$schema'    => 'http://json-schema.org/draft-04/schema#',
				'title'      => 'kestrel-forms-payment-request',
				'type'       => 'object',
				'properties' => array(
					'countryCode'            => array( 'type' => 'string' ),
					'currencyCode'           => array( 'type' => 'string' ),
					'total'                  => $money,
					'lineItems'              => array(
						'type'  => 'array',
						'items' => $money,
					),
					'shippingOptions'        => array(
						'type'  => 'array',
						'items' => array(
							'type'       => 'object',
							'properties' => array(
								'id'           => array( 'type' => 'string' ),
								'label'        => array( 'type' => 'string' ),
								'amount'       => array( 'type' => 'string' ),
								'total'        => $money,
								'taxLineItems' => array(
									'type'  => 'array',
									'items' => $money,
								),
							),
						),
					),
					'requestBillingContact'  => array( 'type' => 'boolean' ),
					'requestShippingContact' => array( 'type' => 'boolean' ),
				),
			)
		);
	}

	/**
	 * The route's form id.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	private static function form_id( WP_REST_Request $request ): int {
		$params = $request->get_url_params();
		return isset( $params['form_id'] ) && is_numeric( $params['form_id'] ) ? (int) $params['form_id'] : 0;
	}
}
