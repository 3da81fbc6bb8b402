<?php
/**
 * Shared setup of the upload tests.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Uploads;

use Kestrel\Forms\Plugin;
use Kestrel\Forms\Rest\UploadsController;
use Kestrel\Forms\Tests\Integration\Rest\FormsControllerTest;
use Kestrel\Forms\Tests\Integration\Support\TestCase;
use Kestrel\Forms\Uploads\Storage;
use WP_REST_Request;
use WP_REST_Response;

/**
 * A form with a text field (1), a single-file field for txt/png/jpg up to 1 MB (2) and a
 * multiple-file field (3, at most 2 files, any type WordPress allows); the upload routes
 * re-registered with InjectedChunkSource so tests can send chunks in-process.
 */
abstract class UploadsTestCase extends TestCase {

	protected const UPLOAD_ID = 'abcdef12';

	protected int $form_id;

	protected string $chunk_dir;

	/**
	 * The whole file being uploaded by the current test.
	 *
	 * @var string
	 */
	protected string $content = '';

	protected int $chunk_size = 1000;

	protected bool $force_chunk_size = false;

	protected string $file_name = 'notes.txt';

	protected string $identifier = '3500-notestxt';

	protected int $field_id = 2;

	/**
	 * The session token of the current file (made by the first request that needs it).
	 *
	 * @var string|null
	 */
	protected ?string $token = null;

	protected function set_up(): void {
		$this->chunk_dir = sys_get_temp_dir() . '/kestrel-upload-tests-' . getmypid();
		if ( ! is_dir( $this->chunk_dir ) ) {
			mkdir( $this->chunk_dir, 0700, true );
		}
		// Before the first request builds the REST server.
		$source = new InjectedChunkSource( $this->chunk_dir );
		add_action(
			'rest_api_init',
			static function () use ( $source ): void {
				$plugin = Plugin::instance();
				( new UploadsController( $plugin->forms, $plugin->uploads, $source ) )->register_routes( true );
			},
			20
		);
		$this->as_admin();
		$definition           = FormsControllerTest::definition();
		$definition['fields'] = array(
			array(
				'id'    => 1,
				'type'  => 'text',
				'label' => 'Name',
			),
			array(
				'id'                => 2,
				'type'              => 'fileupload',
				'label'             => 'CV',
				'maxFileSize'       => 1,
				'allowedExtensions' => 'txt, png, jpg, xyz',
			),
			array(
				'id'            => 3,
				'type'          => 'fileupload',
				'label'         => 'Photos',
				'multipleFiles' => true,
				'maxFiles'      => 2,
			),
		);
		$response             = $this->rest( 'POST', '/kestrel-forms/v1/forms', $definition );
		$this->assert_rest_status( 201, $response );
		$this->form_id = (int) $response->get_data()['id'];
		$this->as_anonymous();

	}

	protected function tear_down(): void {
		Storage::remove_tree( $this->chunk_dir );
		$this->storage()->destroy();
		unset( $_SERVER['REMOTE_ADDR'] );
	}

	/**
	 * DELETE /uploads for a session.
	 *
	 * @param string $token Session token.
	 */
	protected function discard( string $token ): WP_REST_Response {
		$request = new WP_REST_Request( 'DELETE', '/kestrel-forms/v1/uploads' );
		$request->set_header( 'X-Kestrel-Upload-Token', $token );
		return $this->dispatch( $request );
	}

	protected function storage(): Storage {
		return Plugin::instance()->uploads->storage;
	}

	/**
	 * Sets the file the next requests upload.
	 *
	 * @param string $content Bytes.
	 * @param string $name    File name.
	 * @param int    $chunk   Chunk size.
	 * @param bool   $force   resumable.js forceChunkSize.
	 */
	protected function file( string $content, string $name, int $chunk = 1000, bool $force = false ): void {
		$this->content          = $content;
		$this->file_name        = $name;
		$this->chunk_size       = $chunk;
		$this->force_chunk_size = $force;
		$this->identifier       = strlen( $content ) . '-' . preg_replace( '/[^0-9a-zA-Z_-]/', '', $name );
		$this->token            = null;
	}

	/**
	 * POST /uploads/sessions.
	 *
	 * @param int|null $field_id Field (default: the current one).
	 * @param int|null $form_id  Form (default: the test's).
	 */
	protected function start_session( ?int $field_id = null, ?int $form_id = null ): WP_REST_Response {
		$request = new WP_REST_Request( 'POST', '/kestrel-forms/v1/uploads/sessions' );
		$request->set_header( 'Content-Type', 'application/json' );
		$request->set_body(
			(string) wp_json_encode(
				array(
					'form_id'  => $form_id ?? $this->form_id,
					'field_id' => $field_id ?? $this->field_id,
				)
			)
		);
		return $this->dispatch( $request );
	}

	/**
	 * A new session for the current file; returns its token.
	 */
	protected function new_session(): string {
		$response = $this->start_session();
		$this->assert_rest_status( 201, $response );
		$this->token = (string) $response->get_data()['data']['upload_token'];
		return $this->token;
	}

	/**
	 * The current file's session token (opened on first use).
	 */
	protected function token(): string {
		return $this->token ?? $this->new_session();
	}

	/**
	 * Chunks of the current file as resumable.js cuts them.
	 *
	 * @return list<string>
	 */
	protected function chunks(): array {
		$total  = strlen( $this->content );
		$count  = max( $this->force_chunk_size ? (int) ceil( $total / $this->chunk_size ) : intdiv( $total, $this->chunk_size ), 1 );
		$chunks = array();
		for ( $i = 0; $i < $count; $i++ ) {
			$end      = $i === $count - 1 ? $total : ( $i + 1 ) * $this->chunk_size;
			$chunks[] = substr( $this->content, $i * $this->chunk_size, $end - $i * $this->chunk_size );
		}
		return $chunks;
	}

	/**
	 * The parameters resumable.js and the uploader send for chunk $number.
	 *
	 * @param int $number Chunk number.
	 * @return array<string, mixed>
	 */
	protected function params( int $number ): array {
		$chunks = $this->chunks();
		return array(
			'form_id'                   => (string) $this->form_id,
			'field_id'                  => (string) $this->field_id,
			'original_filename'         => $this->file_name,
			'resumableChunkNumber'      => (string) $number,
			'resumableChunkSize'        => (string) $this->chunk_size,
			'resumableCurrentChunkSize' => (string) strlen( $chunks[ $number - 1 ] ?? '' ),
			'resumableTotalSize'        => (string) strlen( $this->content ),
			'resumableType'             => 'text/plain',
			'resumableIdentifier'       => $this->identifier,
			'resumableFilename'         => $this->file_name,
			'resumableRelativePath'     => $this->file_name,
			'resumableTotalChunks'      => (string) count( $chunks ),
		);
	}

	/**
	 * POSTs chunk $number of the current file (multipart, as resumable.js does).
	 *
	 * @param int                  $number Chunk number.
	 * @param array<string, mixed> $params Parameters to change (null removes one).
	 * @param string|null          $bytes  The chunk's bytes (default: the right ones).
	 * @param array|null           $file   The whole file parameter, to send something odd.
	 * @param string|null          $token  Session token (default: the current file's).
	 */
	protected function send( int $number, array $params = array(), ?string $bytes = null, ?array $file = null, ?string $token = null ): WP_REST_Response {
		$bytes ??= $this->chunks()[ $number - 1 ] ?? '';
		$tmp     = tempnam( $this->chunk_dir, 'chunk' );
		file_put_contents( $tmp, $bytes );
		$request = new WP_REST_Request( 'POST', '/kestrel-forms/v1/uploads' );
		$request->set_header( 'Content-Type', 'multipart/form-data; boundary=x' );
		$request->set_header( 'X-Kestrel-Upload-Token', $token ?? $this->token() );
		$request->set_body_params( array_filter( array_merge( $this->params( $number ), $params ), static fn( $v ) => null !== $v ) );
		$request->set_file_params(
			array(
				'file' => $file ?? array(
					'name'     => 'blob',
					'type'     => 'application/octet-stream',
					'tmp_name' => $tmp,
					'error'    => UPLOAD_ERR_OK,
					'size'     => strlen( $bytes ),
				),
			)
		);
		return $this->dispatch( $request );
	}

	/**
	 * The testChunks GET of resumable.js for chunk $number.
	 *
	 * @param int                  $number Chunk number.
	 * @param array<string, mixed> $params Parameters to change.
	 * @param string|null          $token  Session token (default: the current file's).
	 */
	protected function test_chunk( int $number, array $params = array(), ?string $token = null ): WP_REST_Response {
		$request = new WP_REST_Request( 'GET', '/kestrel-forms/v1/uploads' );
		$request->set_header( 'X-Kestrel-Upload-Token', $token ?? $this->token() );
		$request->set_query_params( array_merge( $this->params( $number ), $params ) );
		return $this->dispatch( $request );
	}

	/**
	 * Uploads the whole current file in order; returns the last response's data.
	 *
	 * @return array<string, mixed>
	 */
	protected function upload_all(): array {
		$response = null;
		foreach ( array_keys( $this->chunks() ) as $i ) {
			$response = $this->send( $i + 1 );
			$this->assert_rest_status( 200, $response );
		}
		return $response->get_data()['data'];
	}

	/**
	 * @param WP_REST_Request $request Request.
	 */
	protected function dispatch( WP_REST_Request $request ): WP_REST_Response {
		$server   = rest_get_server();
		$response = rest_ensure_response( $server->dispatch( $request ) );
		return rest_ensure_response( apply_filters( 'rest_post_dispatch', $response, $server, $request ) );
	}

	/**
	 * Asserts an upload error in the uploader's envelope.
	 *
	 * @param string           $code     Code.
	 * @param int              $status   HTTP status.
	 * @param WP_REST_Response $response Response.
	 */
	protected function assert_upload_error( string $code, int $status, WP_REST_Response $response ): void {
		$this->assert_rest_status( $status, $response );
		$data = $response->get_data();
		$this->assertSame( 'error', $data['status'] ?? null, (string) wp_json_encode( $data ) );
		$this->assertSame( $code, $data['error']['code'] ?? null, (string) wp_json_encode( $data ) );
		$this->assertNotSame( '', (string) ( $data['error']['message'] ?? '' ) );
	}

	/**
	 * Rows of the uploads table.
	 *
	 * @return list<array<string, mixed>>
	 */
	protected function records(): array {
		global $wpdb;
		$table = \Kestrel\Forms\Persistence\Schema::tables()['uploads'];
		$rows  = $wpdb->get_results( "SELECT * FROM {$table} ORDER BY id", ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		return $rows ? $rows : array();
	}

	/**
	 * Files under a folder of the private storage, relative to it.
	 *
	 * @param string $sub Sub-folder such as tmp/files (tmp/chunks and tmp/assembly: of the work folder).
	 * @return list<string>
	 */
	protected function stored( string $sub ): array {
		// In-progress data lives in the work folder (by default outside the web root).
		$dir = str_starts_with( $sub, 'tmp/chunks' ) || str_starts_with( $sub, 'tmp/assembly' )
			? $this->storage()->work() . '/' . substr( $sub, 4 )
			: $this->storage()->base() . '/' . $sub;
		if ( ! is_dir( $dir ) ) {
			return array();
		}
		$out = array();
		foreach ( new \RecursiveIteratorIterator( new \RecursiveDirectoryIterator( $dir, \FilesystemIterator::SKIP_DOTS ) ) as $file ) {
			if ( ! in_array( $file->getFilename(), array( 'index.php', '.htaccess', 'web.config' ), true ) ) {
				$out[] = substr( $file->getPathname(), strlen( $dir ) + 1 );
			}
		}
		sort( $out );
		return $out;
	}

	/**
	 * A 1x1 PNG.
	 */
	protected static function png(): string {
		return (string) base64_decode( 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==' ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode -- a test image, not hidden code.
	}

	/**
	 * Readable text of a given length.
	 *
	 * @param int $length Bytes.
	 */
	protected static function text( int $length ): string {
		return substr( str_repeat( "The quick brown fox jumps over the lazy dog.\n", (int) ceil( $length / 45 ) + 1 ), 0, $length );
	}
}
