<?php
/**
 * REST resource: public form submissions.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Rest;

use Kestrel\Forms\Captcha\Verifier;
use Kestrel\Forms\Domain\Validation\FieldError;
use Kestrel\Forms\Domain\Validation\SubmissionValidator;
use Kestrel\Forms\Feeds\FeedRegistry;
use Kestrel\Forms\Payments\PaymentRefused;
use Kestrel\Forms\Persistence\EntryRepository;
use Kestrel\Forms\Persistence\FormRepository;
use Kestrel\Forms\Security\Capabilities;
use Kestrel\Forms\Security\ClientAddress;
use Kestrel\Forms\Security\SpamGuard;
use Kestrel\Forms\Submissions\DraftCookie;
use Kestrel\Forms\Submissions\StoredSubmission;
use Kestrel\Forms\Submissions\SubmissionGate;
use Kestrel\Forms\Submissions\SubmissionRefused;
use Kestrel\Forms\Submissions\SubmissionRequest;
use Kestrel\Forms\Submissions\SubmitForm;
use Kestrel\Forms\Uploads\UploadError;
use Kestrel\Forms\Uploads\UploadStore;
use WP_Error;
use WP_REST_Controller;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * `POST kestrel-forms/v1/forms/{id}/submissions`: anyone may submit, without a nonce, so forms
 * work on cached pages. The controller only translates: the route's request becomes a
 * {@see SubmissionRequest} for {@see SubmitForm}, its answer or refusal becomes the response.
 * Before WordPress reads the body ({@see self::gate()}), the client's rate and the body's size
 * are checked.
 *
 * `GET kestrel-forms/v1/forms/{id}/render-token`: a fresh signed render time for a page that
 * was served from a cache longer than render tokens live.
 */
final class SubmissionsController extends WP_REST_Controller {

	/** The submissions route, as WordPress matches it (case-insensitive). */
	private const ROUTE_PATTERN = '#^/' . Routes::NAMESPACE . '/forms/(\d+)/submissions/?$#i';

	/**
	 * The submission use case.
	 *
	 * @var SubmitForm
	 */
	private readonly SubmitForm $submit;

	/**
	 * Builds the controller and its use case from the plugin's services.
	 *
	 * @param FormRepository      $forms     Forms.
	 * @param EntryRepository     $entries   Entries.
	 * @param SubmissionValidator $validator The server's engine.
	 * @param FeedRegistry        $feeds     Add-on feeds.
	 * @param UploadStore         $uploads   Uploaded files.
	 * @param Verifier|null       $captcha   Captcha verifier (built on first use).
	 */
	public function __construct(
		private readonly FormRepository $forms,
		EntryRepository $entries,
		SubmissionValidator $validator,
		FeedRegistry $feeds,
		UploadStore $uploads,
		?Verifier $captcha = null
	) {
		$this->namespace = Routes::NAMESPACE;
		$this->rest_base = 'forms/(?P<form_id>[\d]+)/submissions';
		$this->submit    = self::use_case( $forms, $entries, $validator, $feeds, $uploads, $captcha );
	}

	/**
	 * The submission use case with the REST answers' messages (the payment drafts route checks
	 * values with it too).
	 *
	 * @param FormRepository      $forms     Forms.
	 * @param EntryRepository     $entries   Entries.
	 * @param SubmissionValidator $validator Validator.
	 * @param FeedRegistry        $feeds     Add-on feeds.
	 * @param UploadStore         $uploads   Uploads.
	 * @param Verifier|null       $captcha   Captcha verifier.
	 */
	public static function use_case( FormRepository $forms, EntryRepository $entries, SubmissionValidator $validator, FeedRegistry $feeds, UploadStore $uploads, ?Verifier $captcha = null ): SubmitForm {
		return new SubmitForm(
			$forms,
			$entries,
			$validator,
			$feeds,
			$uploads,
			self::field_message( ... ),
			$captcha
		);
	}

	/**
	 * A field's error (or an upload's) in the visitor's words: what both doors of the submission
	 * say (this route and the plain form post, Frontend\PlainPost).
	 *
	 * @param FieldError|UploadError $error The error.
	 */
	public static function field_message( FieldError|UploadError $error ): string {
		return $error instanceof UploadError ? UploadMessages::message( $error ) : Messages::field_error( $error );
	}

	/**
	 * Registers the routes and the early gate.
	 */
	public function register_routes(): void {
		// Before WordPress checks the arguments (which decodes the JSON body).
		add_filter( 'rest_pre_dispatch', array( self::class, 'gate' ), 5, 3 );
		register_rest_route(
			Routes::NAMESPACE,
			'/' . $this->rest_base,
			array(
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'create_item' ),
					'permission_callback' => array( $this, 'create_item_permissions_check' ),
					// The form is the route's: there is no form_id argument, and a form_id in the
					// body or query is ignored.
					'args'                => array(
						'values'         => array(
							'description' => __( 'Submitted values keyed by field id or input id.', 'kestrel-forms' ),
							'type'        => 'object',
							'required'    => true,
						),
						'source_url'     => array(
							'description' => __( 'The page the form was submitted from.', 'kestrel-forms' ),
							'type'        => 'string',
							'maxLength'   => 2048,
						),
						'upload_id'      => array(
							'description' => __( 'The form view\'s unique upload id (8 hex characters) its files were uploaded with.', 'kestrel-forms' ),
							'type'        => 'string',
							'pattern'     => '^[A-Fa-f0-9]{8}$',
						),
						'uploaded_files' => array(
							'description' => __( 'Completed uploads keyed input_{fieldId}: lists of { temp_filename, uploaded_filename }. Only files this server issued count.', 'kestrel-forms' ),
							'type'        => 'object',
						),
						'honeypot'       => array(
							'description' => __( 'The hidden honeypot input: people leave it empty.', 'kestrel-forms' ),
							'type'        => 'string',
						),
						'render_token'   => array(
							'description' => __( 'The signed time the page printed the form (for the form\'s minimum time to submit).', 'kestrel-forms' ),
							'type'        => 'string',
						),
						'submission_key' => array(
							'description' => __( 'A key the browser makes once per submission; a repeat with the same key returns the first entry.', 'kestrel-forms' ),
							'type'        => 'string',
							'pattern'     => '^[A-Za-z0-9-]{8,64}$',
						),
					),
				),
			)
		);
		register_rest_route(
			Routes::NAMESPACE,
			'/forms/(?P<form_id>[\d]+)/render-token',
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'render_token' ),
					'permission_callback' => '__return_true',
				),
			)
		);
	}

	/**
	 * `rest_pre_dispatch`: a POST to the submissions route is counted against the client's rate
	 * limit and its body measured before anything parses it (WordPress decodes JSON lazily, first
	 * when it checks the route's arguments, after this filter).
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
			SubmissionGate::check_request( $request );
		} catch ( SubmissionRefused $e ) {
			return ErrorMapper::submission_refused( $e );
		}
		return $result;
	}

	/**
	 * Submitting is public by design (visitors are anonymous, pages may be cached). Sites can
	 * restrict it with the `kestrel_forms_can_submit` filter.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true|WP_Error
	 */
	public function create_item_permissions_check( $request ) {
		/**
		 * Whether the current visitor may submit this form.
		 *
		 * @param bool            $allowed Default true.
		 * @param int             $form_id Form id (the route's).
		 * @param WP_REST_Request $request Request.
		 */
		$allowed = (bool) apply_filters( 'kestrel_forms_can_submit', true, self::route_form_id( $request ), $request );
		return $allowed ? true : ErrorMapper::forbidden();
	}

	/**
	 * Validates and stores a submission.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function create_item( $request ) {
		$source = $request['source_url'] ?? $request->get_header( 'referer' ) ?? '';
		$input  = new SubmissionRequest(
			self::route_form_id( $request ),
			$request['values'],
			is_string( $source ) ? $source : '',
			is_string( $request['submission_key'] ) ? $request['submission_key'] : '',
			$request[ SpamGuard::HONEYPOT_PARAM ],
			$request[ SpamGuard::TOKEN_PARAM ],
			is_string( $request['upload_id'] ) ? $request['upload_id'] : '',
			$request['uploaded_files'],
			ClientAddress::current(),
			get_current_user_id(),
			DraftCookie::sent()
		);
		try {
			return $this->answer( $this->submit->submit( $input ) );
		} catch ( SubmissionRefused $e ) {
			return ErrorMapper::submission_refused( $e );
		} catch ( PaymentRefused $e ) {
			return ErrorMapper::payment_refused( $e );
		}
	}

	/**
	 * `GET …/forms/{id}/render-token`: a render token signed now, for a page older than tokens
	 * live (the browser asks when its page's token is old). Never cached.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function render_token( $request ) {
		$form = $this->forms->find( self::route_form_id( $request ) );
		if ( ! $form ) {
			return ErrorMapper::form_not_found();
		}
		$response = new WP_REST_Response(
			array(
				'token'   => SpamGuard::render_token( $form->id ),
				'max_age' => SpamGuard::max_age(),
			)
		);
		$response->header( 'Cache-Control', 'no-store, max-age=0' );
		return $response;
	}

	/**
	 * The answer to a stored submission: its public reference (never the entry id, which only
	 * managers see) and the confirmation; a repeat of an earlier submission (same submission
	 * key) is marked as a replay and names the same reference.
	 *
	 * @param StoredSubmission $stored The stored submission.
	 */
	private function answer( StoredSubmission $stored ): WP_REST_Response {
		$data = array(
			'reference'    => $stored->reference(),
			'confirmation' => $stored->confirmation,
		);
		// Someone who may read entries anyway (an administrator testing a form, an app with an
		// application password) also gets the id, to open the entry.
		if ( Capabilities::current_user_has( Capabilities::VIEW_ENTRIES ) ) {
			$data['entry_id'] = $stored->entry->id;
		}
		$response = new WP_REST_Response( $data, 201 );
		if ( ! $stored->created ) {
			$response->header( 'Kestrel-Idempotent-Replay', 'true' );
		}
		return $response;
	}

	/**
	 * The form id of the route (`…/forms/{id}/…`): only the URL decides the form, never a
	 * `form_id` in the body or the query.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	private static function route_form_id( WP_REST_Request $request ): int {
		$params = $request->get_url_params();
		return isset( $params['form_id'] ) && is_numeric( $params['form_id'] ) ? (int) $params['form_id'] : 0;
	}
}
