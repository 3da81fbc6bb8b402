<?php
/**
 * REST: payment drafts (a form's values kept while the visitor approves a payment elsewhere).
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Rest;

use Kestrel\Forms\Persistence\PaymentDraftRepository;
use Kestrel\Forms\Security\ClientAddress;
use Kestrel\Forms\Security\RateLimiter;
use Kestrel\Forms\Security\SpamGuard;
use Kestrel\Forms\Submissions\DraftCookie;
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
 * The POST's response sets an HttpOnly cookie (DraftCookie) binding the draft to the browser; a GET
 * without it answers the same 404 as an unknown draft.
 *
 * Public like submissions (`kestrel_forms_can_submit`); POST is rate limited and size limited by
 * SubmissionGate with its own bucket (`payment_draft`), GET has its own bucket
 * (`payment_draft_read`). ADR 0009.
 */
final class PaymentDraftsController extends WP_REST_Controller {

	/** RateLimiter bucket of draft creation. */
	private const BUCKET = 'payment_draft';

	/** RateLimiter bucket of draft reads (generous: a page reload reads once). */
	private const READ_BUCKET = 'payment_draft_read';

	/** The POST route, as WordPress matches it (case-insensitive), for the gate that runs before WordPress reads the arguments. */
	private const ROUTE_PATTERN = '#^/kestrel-forms/v1/forms/\d+/payment-drafts/?$#i';

	/** A draft's route (GET), as WordPress matches it. */
	private const ITEM_PATTERN = '#^/kestrel-forms/v1/forms/\d+/payment-drafts/[a-f0-9]{32}/?$#i';

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
						'honeypot'       => array(
							'description' => __( 'The hidden honeypot input: people leave it empty.', 'kestrel-forms' ),
							'type'        => 'string',
						),
						'render_token'   => array(
							'description' => __( 'The signed time the page printed the form (for the form\'s minimum time to submit).', 'kestrel-forms' ),
							'type'        => 'string',
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
		if ( null !== $result || ! $request instanceof WP_REST_Request ) {
			return $result;
		}
		$route = (string) $request->get_route();
		if ( 'POST' === $request->get_method() && 1 === preg_match( self::ROUTE_PATTERN, $route ) ) {
			try {
				SubmissionGate::check_request( $request, self::BUCKET );
			} catch ( SubmissionRefused $e ) {
				return ErrorMapper::submission_refused( $e );
			}
		} elseif ( 'GET' === $request->get_method() && 1 === preg_match( self::ITEM_PATTERN, $route ) ) {
			$wait = RateLimiter::hit( self::READ_BUCKET, ClientAddress::current() );
			if ( null !== $wait ) {
				return ErrorMapper::submission_refused( SubmissionRefused::rate_limited( $wait ) );
			}
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
			$values = $this->submit->check_draft( new SubmissionRequest( $form_id, $request['values'], '', '', $request[ SpamGuard::HONEYPOT_PARAM ], $request[ SpamGuard::TOKEN_PARAM ] ) );
		} catch ( SubmissionRefused $e ) {
			return ErrorMapper::submission_refused( $e );
		}
		$secret = DraftCookie::secret();
		$draft  = $this->drafts->create( $form_id, (string) $request['submission_key'], $values, $return, $this->now(), $secret );
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
		// Binds the draft to this browser (ADR 0009): GET and the submission need this cookie.
		DraftCookie::send( DraftCookie::header( $draft['id'], $secret, PaymentDraftRepository::LIFETIME_SECONDS ) );
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
		$id      = strtolower( (string) ( $params['draft_id'] ?? '' ) );
		$draft   = $this->drafts->find( $id );
		// Unknown, another form's, expired, of a trashed form, another browser's (no matching
		// cookie) or submitted with its entry deleted since: one answer.
		if ( null === $draft || $draft['form_id'] !== $form_id || PaymentDraftRepository::expired( $draft, $this->now() ) || ! $this->submit->accepts( $form_id )
			|| ! PaymentDraftRepository::owned_by( $draft, DraftCookie::secret_for( DraftCookie::sent(), $id ) ) ) {
			return ErrorMapper::draft_not_found();
		}
		$submitted = PaymentDraftRepository::SUBMITTED === $draft['status'];
		$stored    = $submitted
			? ( null !== $draft['entry_id'] ? $this->submit->answer_for_entry( $form_id, $draft['entry_id'] ) : null )
			: $this->submit->answer_for_key( $form_id, $draft['submission_key'] );
		if ( $submitted && null === $stored ) {
			return ErrorMapper::draft_not_found();
		}
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
	 * The URL when it is an address of this site (the scheme, host and port of the site's home,
	 * its path under the home's path), else ''.
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
			|| strtolower( $parts['scheme'] ) !== strtolower( (string) ( $home['scheme'] ?? '' ) )
			|| strtolower( $parts['host'] ) !== strtolower( (string) ( $home['host'] ?? '' ) )
			|| self::port( $parts ) !== self::port( $home ) ) {
			return '';
		}
		// Within the site's own path (not another site of a multisite network on the same host).
		$base = rtrim( (string) ( $home['path'] ?? '' ), '/' ) . '/';
		$path = (string) ( $parts['path'] ?? '/' );
		if ( ! str_starts_with( rtrim( $path, '/' ) . '/', $base ) || str_contains( $path, '/../' ) || str_ends_with( $path, '/..' ) ) {
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
