<?php
/**
 * REST resource: run the payment reconcile job now.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Rest;

use Closure;
use Kestrel\Forms\Payments\ReconcileJob;
use WP_REST_Response;
use WP_REST_Server;

/**
 * `POST kestrel-forms/v1/payments/reconcile` (capability `kestrel_forms_manage`; cookie clients
 * send the REST nonce): settles the payment attempts left in `processing` now instead of at the
 * next 5-minute run, and answers `{finished, failed, voided, unchanged}`.
 */
final class PaymentReconcileController {

	/**
	 * Takes the job.
	 *
	 * @param Closure(): ReconcileJob $job Builds the job (on first use).
	 */
	public function __construct( private readonly Closure $job ) {}

	/**
	 * Registers the route.
	 */
	public function register_routes(): void {
		register_rest_route(
			Routes::NAMESPACE,
			'/payments/reconcile',
			array(
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'run' ),
					'permission_callback' => array( ErrorMapper::class, 'can_manage_settings' ),
				),
			)
		);
	}

	/**
	 * Runs the job.
	 */
	public function run(): WP_REST_Response {
		return new WP_REST_Response( ( $this->job )()->run(), 200 );
	}
}
