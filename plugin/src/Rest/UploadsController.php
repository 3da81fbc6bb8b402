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
use Kestrel\Forms\Uploads\ChunkPlan;
use Kestrel\Forms\Uploads\ChunkReceiver;
use Kestrel\Forms\Uploads\ChunkRequest;
use Kestrel\Forms\Uploads\FileInspector;
use Kestrel\Forms\Uploads\FileNames;
use Kestrel\Forms\Uploads\UploadError;
use Kestrel\Forms\Uploads\UploadStore;
use WP_Error;
use WP_HTTP_Response;
use WP_REST_Controller;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * Visitors (public, like submissions, so cached pages work):
 *   GET    /uploads            resumable.js testChunks: 200 + envelope when the chunk (or the
 *                              whole file) is stored, 204 when it must be sent
 *   POST   /uploads            one chunk (multipart `file` + resumable.js and our params)
 *   DELETE /uploads/{token}    remove an unclaimed file (form_id, field_id, upload_id)
 * Managers (kestrel_forms_manage):
 *   GET    /entries/{entry_id}/files/{token}   the file, as an attachment
 *
 * Upload routes answer the envelope the uploader reads (spec §7): `{ status: "ok", data }` or
 * `{ status: "error", error: { code, message } }` (envelope_errors() wraps every error of these
 * routes, including WordPress's own argument checks). Everything else: docs/rest-api.md.
 */
final class UploadsController extends WP_REST_Controller {

	private readonly ChunkReceiver $receiver;

	/**
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
		$this->receiver  = $uploads->receiver( $source );
	}

	/**
	 * Registers the routes.
	 *
	 * @param bool $override Replace routes registered before (tests swap the chunk source).
	 */
	public function register_routes( bool $override = false ): void {
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base,
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'test_chunk' ),
					'permission_callback' => array( $this, 'upload_permissions_check' ),
					'args'                => $this->chunk_args(),
				),
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'receive_chunk' ),
					'permission_callback' => array( $this, 'upload_permissions_check' ),
					'args'                => $this->chunk_args(),
				),
			),
			$override
		);
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base . '/(?P<token>[a-f0-9]{32})',
			array(
				array(
					'methods'             => WP_REST_Server::DELETABLE,
					'callback'            => array( $this, 'discard' ),
					'permission_callback' => array( $this, 'upload_permissions_check' ),
					'args'                => array_intersect_key( $this->chunk_args(), array_flip( array( 'form_id', 'field_id', 'upload_id' ) ) ),
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
	 * Arguments of the upload routes: resumable.js's own parameters plus the uploader's
	 * multipart params (spec §3). resumable.js leaves out parameters whose value is 0 or empty,
	 * so the sizes are optional here and checked in ChunkPlan.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	private function chunk_args(): array {
		$int = static fn( string $description, bool $required, int $minimum = 1 ): array => array(
			'description' => $description,
			'type'        => 'integer',
			'minimum'     => $minimum,
			'required'    => $required,
		);
		return array(
			'form_id'                   => $int( __( 'The form.', 'kestrel-forms' ), true ),
			'field_id'                  => $int( __( 'The file upload field.', 'kestrel-forms' ), true ),
			'upload_id'                 => array(
				'description' => __( 'The form\'s unique upload id, made by the browser: 8 hex characters.', 'kestrel-forms' ),
				'type'        => 'string',
				'pattern'     => '^[A-Fa-f0-9]{8}$',
				'required'    => true,
			),
			'original_filename'         => array(
				'description' => __( 'The file\'s name on the visitor\'s device (default: resumableFilename).', 'kestrel-forms' ),
				'type'        => 'string',
				'maxLength'   => 255,
			),
			'resumableChunkNumber'      => $int( __( 'This chunk, from 1.', 'kestrel-forms' ), true ),
			'resumableChunkSize'        => $int( __( 'The chunk size, bytes.', 'kestrel-forms' ), true ),
			'resumableCurrentChunkSize' => $int( __( 'This chunk\'s size, bytes.', 'kestrel-forms' ), false, 0 ),
			'resumableTotalSize'        => $int( __( 'The file size, bytes.', 'kestrel-forms' ), false, 0 ),
			'resumableTotalChunks'      => $int( __( 'The number of chunks.', 'kestrel-forms' ), true ),
			'resumableIdentifier'       => array(
				'description' => __( 'The uploader\'s identifier of the file.', 'kestrel-forms' ),
				'type'        => 'string',
				'minLength'   => 1,
				'maxLength'   => 255,
				'required'    => true,
			),
			'resumableFilename'         => array(
				'description' => __( 'The file name.', 'kestrel-forms' ),
				'type'        => 'string',
				'minLength'   => 1,
				'maxLength'   => 255,
				'required'    => true,
			),
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
		return ErrorMapper::manager_only();
	}

	/**
	 * GET /uploads: resumable.js's testChunks.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function test_chunk( $request ) {
		try {
			$chunk = $this->chunk_request( $request );
			if ( $chunk instanceof WP_Error ) {
				return $chunk;
			}
			$result = $this->receiver->test( $chunk );
			return null === $result ? new WP_REST_Response( null, 204 ) : self::ok( $chunk, $result );
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
			$chunk = $this->chunk_request( $request );
			if ( $chunk instanceof WP_Error ) {
				return $chunk;
			}
			$file = $request->get_file_params()['file'] ?? null;
			if ( ! is_array( $file ) || ! is_string( $file['tmp_name'] ?? null ) || UPLOAD_ERR_OK !== (int) ( $file['error'] ?? UPLOAD_ERR_NO_FILE ) ) {
				$php_error = is_array( $file ) && is_scalar( $file['error'] ?? null ) ? (int) $file['error'] : UPLOAD_ERR_NO_FILE;
				throw new UploadError( UploadError::MISSING_FILE, array(), "PHP upload error {$php_error}" );
			}
			return self::ok( $chunk, $this->receiver->receive( $chunk, $file ) );
		} catch ( UploadError $e ) {
			return ErrorMapper::upload_error( $e );
		}
	}

	/**
	 * DELETE /uploads/{token}: the visitor removed a file before submitting.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function discard( $request ) {
		$removed = $this->uploads->discard( (int) $request['form_id'], (int) $request['field_id'], (string) $request['upload_id'], (string) $request['token'] );
		if ( ! $removed ) {
			return ErrorMapper::upload_error( new UploadError( UploadError::UNKNOWN ) );
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
	 * Checks everything about a chunk request except the chunk's bytes.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return ChunkRequest|WP_Error
	 *
	 * @throws UploadError When the field, the name or the figures are refused.
	 */
	private function chunk_request( WP_REST_Request $request ): ChunkRequest|WP_Error {
		$form_id  = (int) $request['form_id'];
		$field_id = (int) $request['field_id'];
		$form     = $this->forms->find( $form_id );
		if ( null === $form ) {
			return ErrorMapper::form_not_found();
		}
		$policy = $this->uploads->policy( $form, $field_id );
		if ( null === $policy ) {
			return ErrorMapper::upload_error( new UploadError( UploadError::FIELD_NOT_FOUND ) );
		}
		$original = (string) ( $request['original_filename'] ?? '' );
		$name     = sanitize_file_name( wp_basename( '' !== $original ? $original : (string) $request['resumableFilename'] ) );
		( new FileInspector() )->check_name( $name, $policy );

		$plan = ChunkPlan::create(
			(int) ( $request['resumableTotalSize'] ?? 0 ),
			(int) $request['resumableChunkSize'],
			(int) $request['resumableTotalChunks'],
			$this->uploads->max_chunk_size(),
			$policy->max_bytes
		);
		$number = (int) $request['resumableChunkNumber'];
		$plan->check_chunk( $number, (int) ( $request['resumableCurrentChunkSize'] ?? -1 ) );

		return new ChunkRequest(
			$form_id,
			$field_id,
			(string) FileNames::upload_id( (string) $request['upload_id'] ),
			(string) $request['resumableIdentifier'],
			$name,
			$plan,
			$number,
			$policy
		);
	}

	/**
	 * The success envelope.
	 *
	 * @param ChunkRequest                                                $chunk  Request.
	 * @param array{complete: bool, record: array<string, mixed>|null} $result Receiver's answer.
	 */
	private static function ok( ChunkRequest $chunk, array $result ): WP_REST_Response {
		$record = $result['record'];
		return new WP_REST_Response(
			array(
				'status' => 'ok',
				'data'   => array(
					'uploaded_filename' => $record ? (string) $record['name'] : $chunk->name,
					'temp_filename'     => $record ? (string) $record['token'] : null,
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
		$response->set_data(
			array(
				'status' => 'error',
				'error'  => $error,
			)
		);
		return $response;
	}

}
