<?php
/**
 * REST resource: chunked file uploads (resumable.js protocol) and entry file downloads.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Rest;

use Kestrel\Forms\Contracts\ChunkSource;
use Kestrel\Forms\Persistence\FormRepository;
use Kestrel\Forms\Security\ClientAddress;
use Kestrel\Forms\Uploads\ChunkRequest;
use Kestrel\Forms\Uploads\UploadError;
use Kestrel\Forms\Uploads\UploadService;
use Kestrel\Forms\Uploads\UploadStore;
use WP_Error;
use WP_HTTP_Response;
use WP_REST_Controller;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * Visitors (public, like submissions, so cached pages work; docs/rest-api.md, "Uploads"):
 *   POST   /uploads/sessions   open a session for one file: { form_id, field_id } -> 201
 *                              { upload_token, expires_in }
 *   GET    /uploads            resumable.js testChunks: 200 + envelope when this session's
 *                              chunk (or the whole file) is stored, 204 when it must be sent
 *   POST   /uploads            one chunk (multipart `file` + resumable.js's params)
 *   DELETE /uploads            remove the session's unclaimed file (or its chunks)
 *   The last three name the session by its token: header X-Kestrel-Upload-Token (or the
 *   upload_token parameter).
 * Managers (kestrel_forms_manage):
 *   GET    /entries/{entry_id}/files/{token}   the file, as an attachment
 *
 * Upload routes answer the envelope the uploader reads (spec §7): `{ status: "ok", data }` or
 * `{ status: "error", error: { code, message } }` (envelope_errors() wraps every error of these
 * routes, including WordPress's own argument checks). The work is Uploads\UploadService's.
 */
final class UploadsController extends WP_REST_Controller {

	/** The request header that carries the session token. */
	public const TOKEN_HEADER = 'X-Kestrel-Upload-Token';

	/**
	 * The upload use cases.
	 *
	 * @var UploadService
	 */
	private readonly UploadService $service;

	/**
	 * Builds the controller and its service.
	 *
	 * @param FormRepository $forms   Forms.
	 * @param UploadStore    $uploads Upload records and files.
	 * @param ChunkSource    $source  Where chunks come from (production: Uploads\PhpUploadSource).
	 */
	public function __construct(
		private readonly FormRepository $forms,
		private readonly UploadStore $uploads,
		ChunkSource $source
	) {
		$this->namespace = Routes::NAMESPACE;
		$this->rest_base = 'uploads';
		$this->service   = new UploadService( $uploads, $source );
	}

	/**
	 * Registers the routes.
	 *
	 * @param bool $override Replace routes registered before (tests swap the chunk source).
	 */
	public function register_routes( bool $override = false ): void {
		$token = array(
			'upload_token' => array(
				'description' => __( 'The upload session token (better sent as the X-Kestrel-Upload-Token header).', 'kestrel-forms' ),
				'type'        => 'string',
				'pattern'     => '^[a-f0-9]{64}$',
			),
		);
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base . '/sessions',
			array(
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'start' ),
					'permission_callback' => array( $this, 'upload_permissions_check' ),
					'args'                => array(
						'form_id'  => array(
							'description' => __( 'The form.', 'kestrel-forms' ),
							'type'        => 'integer',
							'minimum'     => 1,
							'required'    => true,
						),
						'field_id' => array(
							'description' => __( 'The file upload field.', 'kestrel-forms' ),
							'type'        => 'integer',
							'minimum'     => 1,
							'required'    => true,
						),
					),
				),
			),
			$override
		);
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base,
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'test_chunk' ),
					'permission_callback' => array( $this, 'upload_permissions_check' ),
					'args'                => $this->chunk_args() + $token,
				),
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'receive_chunk' ),
					'permission_callback' => array( $this, 'upload_permissions_check' ),
					'args'                => $this->chunk_args() + $token,
				),
				array(
					'methods'             => WP_REST_Server::DELETABLE,
					'callback'            => array( $this, 'discard' ),
					'permission_callback' => array( $this, 'upload_permissions_check' ),
					'args'                => $token,
				),
			),
			$override
		);
		register_rest_route(
			$this->namespace,
			'/entries/(?P<entry_id>[\d]+)/files/(?P<token>[a-f0-9]{32})',
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'download' ),
					'permission_callback' => array( $this, 'download_permissions_check' ),
					'args'                => array(
						'entry_id' => array(
							'type'    => 'integer',
							'minimum' => 1,
						),
					),
				),
			),
			$override
		);
	}

	/**
	 * Arguments of the chunk routes: resumable.js's own parameters. resumable.js leaves out
	 * parameters whose value is 0 or empty, so the sizes are optional here and checked in
	 * ChunkPlan. form_id and field_id are optional: the session knows them (when sent, they
	 * must be the session's).
	 *
	 * @return array<string, array<string, mixed>>
	 */
	private function chunk_args(): array {
		$int  = static fn( string $description, bool $required, int $minimum = 1 ): array => array(
			'description' => $description,
			'type'        => 'integer',
			'minimum'     => $minimum,
			'required'    => $required,
		);
		$text = static fn( string $description, bool $required ): array => array(
			'description' => $description,
			'type'        => 'string',
			'minLength'   => $required ? 1 : 0,
			'maxLength'   => 255,
			'required'    => $required,
		);
		return array(
			'form_id'                   => $int( __( 'The form (optional; must be the session\'s).', 'kestrel-forms' ), false ),
			'field_id'                  => $int( __( 'The file upload field (optional; must be the session\'s).', 'kestrel-forms' ), false ),
			'original_filename'         => $text( __( 'The file\'s name on the visitor\'s device (default: resumableFilename).', 'kestrel-forms' ), false ),
			'resumableChunkNumber'      => $int( __( 'This chunk, from 1.', 'kestrel-forms' ), true ),
			'resumableChunkSize'        => $int( __( 'The chunk size, bytes.', 'kestrel-forms' ), true ),
			'resumableCurrentChunkSize' => $int( __( 'This chunk\'s size, bytes.', 'kestrel-forms' ), false, 0 ),
			'resumableTotalSize'        => $int( __( 'The file size, bytes.', 'kestrel-forms' ), false, 0 ),
			'resumableTotalChunks'      => $int( __( 'The number of chunks.', 'kestrel-forms' ), true ),
			'resumableType'             => $text( __( 'The file\'s type as the browser reports it.', 'kestrel-forms' ), false ),
			'resumableIdentifier'       => $text( __( 'The uploader\'s identifier of the file (not used by the server).', 'kestrel-forms' ), false ),
			'resumableFilename'         => $text( __( 'The file name.', 'kestrel-forms' ), true ),
		);
	}

	/**
	 * Deliberately public: visitors are anonymous and pages may be cached (no nonce). Every
	 * argument is validated, the form and field must exist, and nothing the client sends becomes
	 * a path. Sites can restrict uploads with `kestrel_forms_can_submit` (shared with
	 * submissions) or `kestrel_forms_can_upload`.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true|WP_Error
	 */
	public function upload_permissions_check( $request ) {
		$form_id = (int) $request['form_id'];
		/** This filter is documented in plugin/src/Rest/SubmissionsController.php */
		$allowed = (bool) apply_filters( 'kestrel_forms_can_submit', true, $form_id, $request );
		/**
		 * Whether the current visitor may upload files to this form.
		 *
		 * @param bool            $allowed Default: what kestrel_forms_can_submit said.
		 * @param int             $form_id Form id.
		 * @param WP_REST_Request $request Request.
		 */
		$allowed = (bool) apply_filters( 'kestrel_forms_can_upload', $allowed, $form_id, $request );
		return $allowed ? true : ErrorMapper::forbidden();
	}

	/**
	 * Downloads are for managers only.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true|WP_Error
	 */
	public function download_permissions_check( $request ) {
		return ErrorMapper::can_view_entries();
	}

	/**
	 * POST /uploads/sessions: a new session for one file.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function start( $request ) {
		if ( null === $this->forms->find( (int) $request['form_id'] ) ) {
			return ErrorMapper::form_not_found();
		}
		try {
			$session = $this->service->start( (int) $request['form_id'], (int) $request['field_id'], ClientAddress::group( ClientAddress::current() ) );
		} catch ( UploadError $e ) {
			return ErrorMapper::upload_error( $e );
		}
		$response = new WP_REST_Response(
			array(
				'status' => 'ok',
				'data'   => array(
					'upload_token' => $session['token'],
					'expires_in'   => $session['expires_in'],
				),
			),
			201
		);
		$response->header( 'Cache-Control', 'no-store' );
		return $response;
	}

	/**
	 * GET /uploads: resumable.js's testChunks.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function test_chunk( $request ) {
		try {
			$result = $this->service->test( self::chunk_request( $request ), ClientAddress::group( ClientAddress::current() ) );
			return null === $result ? new WP_REST_Response( null, 204 ) : self::ok( $result );
		} catch ( UploadError $e ) {
			return ErrorMapper::upload_error( $e );
		}
	}

	/**
	 * POST /uploads: one chunk.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function receive_chunk( $request ) {
		try {
			$chunk = self::chunk_request( $request );
			$file  = $request->get_file_params()['file'] ?? null;
			if ( ! is_array( $file ) || ! is_string( $file['tmp_name'] ?? null ) || UPLOAD_ERR_OK !== (int) ( $file['error'] ?? UPLOAD_ERR_NO_FILE ) ) {
				$php_error = is_array( $file ) && is_scalar( $file['error'] ?? null ) ? (int) $file['error'] : UPLOAD_ERR_NO_FILE;
				return ErrorMapper::upload_error( new UploadError( UploadError::MISSING_FILE, array(), "PHP upload error {$php_error}" ) );
			}
			return self::ok( $this->service->receive( $chunk, $file, ClientAddress::group( ClientAddress::current() ) ) );
		} catch ( UploadError $e ) {
			return ErrorMapper::upload_error( $e );
		}
	}

	/**
	 * DELETE /uploads: the visitor removed a file before submitting.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function discard( $request ) {
		try {
			$this->service->discard( self::token( $request ), ClientAddress::group( ClientAddress::current() ) );
		} catch ( UploadError $e ) {
			return ErrorMapper::upload_error( $e );
		}
		return new WP_REST_Response(
			array(
				'status' => 'ok',
				'data'   => array( 'deleted' => true ),
			),
			200
		);
	}

	/**
	 * GET /entries/{entry_id}/files/{token}: the file, streamed by StreamedResponse::serve().
	 *
	 * @param WP_REST_Request $request Request.
	 * @return FileResponse|WP_Error
	 */
	public function download( $request ) {
		$file = $this->uploads->file_of_entry( (int) $request['entry_id'], (string) $request['token'] );
		if ( null === $file ) {
			return ErrorMapper::upload_error( new UploadError( UploadError::FILE_NOT_FOUND ) );
		}
		return new FileResponse( $file['path'], $file['name'], $file['size'], $file['mime'] );
	}

	/**
	 * The session token of a request: the header, else the upload_token parameter.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	private static function token( WP_REST_Request $request ): string {
		$header = $request->get_header( 'x_kestrel_upload_token' );
		return is_string( $header ) && '' !== $header ? trim( $header ) : (string) ( $request['upload_token'] ?? '' );
	}

	/**
	 * The chunk request's figures as sent (the service checks them).
	 *
	 * @param WP_REST_Request $request Request.
	 */
	private static function chunk_request( WP_REST_Request $request ): ChunkRequest {
		$original = (string) ( $request['original_filename'] ?? '' );
		return new ChunkRequest(
			self::token( $request ),
			(int) $request['resumableChunkNumber'],
			(int) $request['resumableChunkSize'],
			(int) ( $request['resumableCurrentChunkSize'] ?? -1 ),
			(int) ( $request['resumableTotalSize'] ?? 0 ),
			(int) $request['resumableTotalChunks'],
			'' !== $original ? $original : (string) $request['resumableFilename'],
			(string) ( $request['resumableType'] ?? '' ),
			isset( $request['form_id'] ) ? (int) $request['form_id'] : null,
			isset( $request['field_id'] ) ? (int) $request['field_id'] : null
		);
	}

	/**
	 * The success envelope. temp_filename is the session token once the file is complete:
	 * the form's value for the field names the file by it (Uploads\UploadStore::claim()).
	 *
	 * @param array{complete: bool, token: string, name: string, record: array<string, mixed>|null} $result Service answer.
	 */
	private static function ok( array $result ): WP_REST_Response {
		$record = $result['record'];
		return new WP_REST_Response(
			array(
				'status' => 'ok',
				'data'   => array(
					'uploaded_filename' => $result['name'],
					'temp_filename'     => $record ? $result['token'] : null,
					'size'              => $record ? (int) $record['size'] : null,
					'complete'          => $result['complete'],
				),
			),
			200
		);
	}

	/**
	 * `rest_post_dispatch` filter: every error of the upload routes (ours, WordPress's argument
	 * checks, the permission check) in the uploader's envelope, status unchanged.
	 *
	 * @param mixed           $response Response.
	 * @param WP_REST_Server  $server   Server.
	 * @param WP_REST_Request $request  Request.
	 * @return mixed
	 */
	public static function envelope_errors( $response, $server, $request ) {
		if ( ! $response instanceof WP_HTTP_Response || $response->get_status() < 400 || ! $request instanceof WP_REST_Request
			|| 1 !== preg_match( '#^/' . preg_quote( Routes::NAMESPACE, '#' ) . '/uploads(/|$)#', (string) $request->get_route() ) ) {
			return $response;
		}
		$data = $response->get_data();
		if ( ! is_array( $data ) || ! isset( $data['code'], $data['message'] ) ) {
			return $response;
		}
		$error = array(
			'code'    => (string) $data['code'],
			'message' => (string) $data['message'],
		);
		if ( isset( $data['data']['params'] ) ) {
			$error['params'] = $data['data']['params'];
		}
		if ( isset( $data['data']['retry_after'] ) ) {
			$error['retry_after'] = (int) $data['data']['retry_after'];
		}
		$response->set_data(
			array(
				'status' => 'error',
				'error'  => $error,
			)
		);
		return $response;
	}

}
