<?php
/**
 * REST: payment drafts (a form's values kept while the visitor approves a payment elsewhere).
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Rest;

use Kestrel\Forms\Persistence\PaymentDraftRepository;
use Kestrel\Forms\Submissions\SubmissionGate;
use Kestrel\Forms\Submissions\SubmissionRefused;
use Kestrel\Forms\Submissions\SubmissionRequest;
use Kestrel\Forms\Submissions\SubmitForm;
use WP_Error;
use WP_REST_Controller;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * `POST /kestrel-forms/v1/forms/{id}/payment-drafts {values, submission_key, return_url}` → 201
 * `{draft_id, expires_at, redirect_url}`: the values are checked as a submission's are (the same
 * use case, the same `kestrel_forms_validation_failed` answer), except that the payment field
 * needs no token yet; no entry is made. `return_url` must be on this site.
 *
 * `GET /kestrel-forms/v1/forms/{id}/payment-drafts/{draft_id}` → `{draft_id, status: 'open',
 * values, submission_key, expires_at}`, or once an entry was stored from it `{draft_id, status:
 * 'submitted', confirmation}`; unknown, another form's or expired → 404
 * `kestrel_forms_payment_draft_not_found`.
 *
 * Public like submissions (`kestrel_forms_can_submit`); POST is rate limited and size limited by
 * SubmissionGate with its own bucket (`payment_draft`). ADR 0009.
 */
final class PaymentDraftsController extends WP_REST_Controller {

	/** RateLimiter bucket of draft creation. */
	private const BUCKET = 'payment_draft';

	/** The POST route, for the gate that runs before WordPress reads the arguments. */
	private const ROUTE_PATTERN = '#^/kestrel-forms/v1/forms/\d+/payment-drafts/?$#';

	/** The return URL's query argument naming the draft. */
	public const RETURN_PARAM = 'kf_payment_return';

	/**
	 * Builds the controller.
	 *
	 * @param SubmitForm             $submit The submission use case (its checks and answers).
	 * @param PaymentDraftRepository $drafts Stored drafts.
	 * @param \Closure():int|null    $clock  Unix time (tests).
	 */
	public function __construct(
		private readonly SubmitForm $submit,
		private readonly PaymentDraftRepository $drafts,
		private readonly ?\Closure $clock = null
	) {
		$this->namespace = Routes::NAMESPACE;
		$this->rest_base = 'forms/(?P<form_id>[\d]+)/payment-drafts';
	}

	/**
	 * Registers the routes and the gate.
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
					'permission_callback' => array( $this, 'permissions_check' ),
					'args'                => array(
						'values'         => array(
							'description' => __( 'The form\'s values keyed by field id or input id, as a submission sends them (the payment field without a token).', 'kestrel-forms' ),
							'type'        => 'object',
							'required'    => true,
						),
						'submission_key' => array(
							'description' => __( 'The key the submission made from this draft will carry.', 'kestrel-forms' ),
							'type'        => 'string',
							'pattern'     => '^[A-Za-z0-9-]{8,64}$',
							'required'    => true,
						),
						'return_url'     => array(
							'description' => __( 'The page of this site the visitor comes back to.', 'kestrel-forms' ),
							'type'        => 'string',
							'maxLength'   => 2048,
							'required'    => true,
						),
					),
				),
			)
		);
		register_rest_route(
			Routes::NAMESPACE,
			'/' . $this->rest_base . '/(?P<draft_id>[a-f0-9]{32})',
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'get_item' ),
					'permission_callback' => array( $this, 'permissions_check' ),
				),
			)
		);
	}

	/**
	 * Rate and size limits of draft creation, before WordPress decodes the body.
	 *
	 * @param mixed           $result  Response so far.
	 * @param WP_REST_Server  $server  Server.
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
	 * Who may use drafts: whoever may submit the form.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true|WP_Error
	 */
	public function permissions_check( $request ) {
		$allowed = (bool) apply_filters( 'kestrel_forms_can_submit', true, self::form_id( $request ), $request );
		return $allowed ? true : ErrorMapper::forbidden();
	}

	/**
	 * Stores a draft.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function create_item( $request ) {
		$return = self::on_this_site( (string) $request['return_url'] );
		if ( '' === $return ) {
			return new WP_Error(
				'kestrel_forms_invalid_return_url',
				__( 'The return address must be a page of this site.', 'kestrel-forms' ),
				array( 'status' => 400 )
			);
		}
		$form_id = self::form_id( $request );
		try {
			$values = $this->submit->check_draft( new SubmissionRequest( $form_id, $request['values'] ) );
		} catch ( SubmissionRefused $e ) {
			return ErrorMapper::submission_refused( $e );
		}
		$draft = $this->drafts->create( $form_id, (string) $request['submission_key'], $values, $return, $this->now() );
		if ( null === $draft ) {
			return ErrorMapper::submission_refused( SubmissionRefused::storage_failed() );
		}
		$response = new WP_REST_Response(
			array(
				'draft_id'     => $draft['id'],
				'expires_at'   => self::iso( $draft['expires_at'] ),
				'redirect_url' => add_query_arg( self::RETURN_PARAM, $draft['id'], remove_query_arg( self::RETURN_PARAM, $return ) ),
			),
			201
		);
		$response->header( 'Cache-Control', 'no-store' );
		return $response;
	}

	/**
	 * Reads a draft.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function get_item( $request ) {
		$params  = $request->get_url_params();
		$form_id = self::form_id( $request );
		$draft   = $this->drafts->find( (string) ( $params['draft_id'] ?? '' ) );
		if ( null === $draft || $draft['form_id'] !== $form_id || strtotime( $draft['expires_at'] . ' UTC' ) <= $this->now() ) {
			return new WP_Error(
				'kestrel_forms_payment_draft_not_found',
				__( 'This payment is no longer waiting: fill in the form again.', 'kestrel-forms' ),
				array( 'status' => 404 )
			);
		}
		$stored   = PaymentDraftRepository::SUBMITTED === $draft['status'] && null !== $draft['entry_id']
			? $this->submit->answer_for_entry( $form_id, $draft['entry_id'] )
			: $this->submit->answer_for_key( $form_id, $draft['submission_key'] );
		$data     = null !== $stored
			? array(
				'draft_id'     => $draft['id'],
				'status'       => PaymentDraftRepository::SUBMITTED,
				'confirmation' => $stored->confirmation,
			)
			: array(
				'draft_id'       => $draft['id'],
				'status'         => PaymentDraftRepository::OPEN,
				'values'         => (object) $draft['values'],
				'submission_key' => $draft['submission_key'],
				'expires_at'     => self::iso( $draft['expires_at'] ),
			);
		$response = new WP_REST_Response( $data );
		$response->header( 'Cache-Control', 'no-store' );
		return $response;
	}

	/**
	 * The URL when it is an http(s) address of this site (same host and port as the site's
	 * home), else ''.
	 *
	 * @param string $url Candidate.
	 */
	public static function on_this_site( string $url ): string {
		$url = trim( $url );
		if ( '' === $url || strlen( $url ) > 2048 || 1 === preg_match( '/[\x00-\x20\x7F\\\\]/', $url ) ) {
			return '';
		}
		$parts = wp_parse_url( $url );
		$home  = wp_parse_url( home_url( '/' ) );
		if ( ! is_array( $parts ) || ! is_array( $home ) || ! isset( $parts['scheme'], $parts['host'] )
			|| ! in_array( strtolower( $parts['scheme'] ), array( 'http', 'https' ), true )
			|| isset( $parts['user'] ) || isset( $parts['pass'] )
			|| strtolower( $parts['host'] ) !== strtolower( (string) ( $home['host'] ?? '' ) )
			|| self::port( $parts ) !== self::port( $home ) ) {
			return '';
		}
		return $url;
	}

	/**
	 * A URL's port (the scheme's default when it names none).
	 *
	 * @param array<string, mixed> $parts wp_parse_url()'s answer.
	 */
	private static function port( array $parts ): int {
		return isset( $parts['port'] ) ? (int) $parts['port'] : ( 'https' === strtolower( (string) ( $parts['scheme'] ?? '' ) ) ? 443 : 80 );
	}

	/**
	 * A stored UTC time in ISO 8601.
	 *
	 * @param string $mysql `Y-m-d H:i:s` UTC.
	 */
	private static function iso( string $mysql ): string {
		return gmdate( 'Y-m-d\TH:i:s\Z', (int) strtotime( $mysql . ' UTC' ) );
	}

	/**
	 * Now (Unix time).
	 */
	private function now(): int {
		return null === $this->clock ? time() : ( $this->clock )();
	}

	/**
	 * The form id of the route.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	private static function form_id( WP_REST_Request $request ): int {
		$params = $request->get_url_params();
		return isset( $params['form_id'] ) && is_numeric( $params['form_id'] ) ? (int) $params['form_id'] : 0;
	}
}
