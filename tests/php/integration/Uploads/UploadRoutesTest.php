<?php
/**
 * REST: the resumable.js upload routes.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Uploads;

use Kestrel\Forms\Plugin;
use Kestrel\Forms\Rest\UploadsController;
use Kestrel\Forms\Uploads\PhpUploadSource;
use WP_REST_Request;

final class UploadRoutesTest extends UploadsTestCase {

	public function test_chunks_out_of_order_with_a_retry_assemble_exactly_once(): void {
		$this->file( self::text( 3500 ), 'My notes (final).txt' );
		$this->assertCount( 3, $this->chunks() );

		foreach ( array( 3, 1, 1 ) as $number ) {
			$response = $this->send( $number );
			$this->assert_rest_status( 200, $response );
			$this->assertSame(
				array(
					'status' => 'ok',
					'data'   => array(
						'uploaded_filename' => 'My-notes-final.txt',
						'temp_filename'     => null,
						'size'              => null,
						'complete'          => false,
					),
				),
				$response->get_data()
			);
		}
		$this->assertSame( array(), $this->records() );

		$last = $this->send( 2 );
		$this->assert_rest_status( 200, $last );
		$data = $last->get_data()['data'];
		$this->assertTrue( $data['complete'] );
		$this->assertSame( 'My-notes-final.txt', $data['uploaded_filename'] );
		$this->assertSame( 3500, $data['size'] );
		// The form names the file by its session token; the record has its own random id.
		$this->assertSame( $this->token, $data['temp_filename'] );

		$records = $this->records();
		$this->assertCount( 1, $records );
		$this->assertMatchesRegularExpression( '/^[a-f0-9]{32}$/D', $records[0]['token'] );
		$this->assertSame( 'text/plain', $records[0]['mime'] );
		$this->assertNull( $records[0]['entry_id'] );
		// Stored under a random name without extension, never the token, never the client's name.
		$this->assertMatchesRegularExpression( '#^tmp/files/[a-f0-9]{32}$#D', $records[0]['path'] );
		$this->assertStringNotContainsString( $data['temp_filename'], $records[0]['path'] );
		$this->assertSame( $this->content, file_get_contents( $this->storage()->base() . '/' . $records[0]['path'] ) );
		// The chunks are gone.
		$this->assertSame( array(), $this->stored( 'tmp/chunks' ) );

		// A late retry of any chunk gets the finished file and stores nothing.
		$retry = $this->send( 1 );
		$this->assertSame( $data, $retry->get_data()['data'] );
		$this->assertCount( 1, $this->records() );
		$this->assertSame( array(), $this->stored( 'tmp/chunks' ) );
	}

	public function test_forced_chunk_size_and_single_chunk_files(): void {
		$this->file( self::text( 2500 ), 'a.txt', 1000, true );
		$this->assertSame( array( 1000, 1000, 500 ), array_map( 'strlen', $this->chunks() ) );
		$this->assertSame( 2500, $this->upload_all()['size'] );

		$this->file( self::text( 10 ), 'b.txt', 1000 );
		$this->assertTrue( $this->upload_all()['complete'] );
		$this->assertCount( 2, $this->records() );
	}

	public function test_test_chunks_answers_200_only_for_stored_chunks(): void {
		$this->file( self::text( 3500 ), 'notes.txt' );
		$response = $this->test_chunk( 1 );
		$this->assert_rest_status( 204, $response );
		$this->assertNull( $response->get_data() );

		$this->send( 1 );
		$this->assert_rest_status( 200, $this->test_chunk( 1 ) );
		$this->assertSame(
			array(
				'uploaded_filename' => 'notes.txt',
				'temp_filename'     => null,
				'size'              => null,
				'complete'          => false,
			),
			$this->test_chunk( 1 )->get_data()['data']
		);
		$this->assert_rest_status( 204, $this->test_chunk( 2 ) );
		// Same chunk of another session: not there.
		$mine = $this->token;
		$this->assert_rest_status( 204, $this->test_chunk( 1, array(), $this->new_session() ) );
		$this->token = $mine;

		$this->send( 2 );
		$done = $this->send( 3 )->get_data()['data'];
		foreach ( array( 1, 2, 3 ) as $number ) {
			$response = $this->test_chunk( $number );
			$this->assert_rest_status( 200, $response );
			$this->assertSame( $done, $response->get_data()['data'], 'a finished file answers with its token' );
		}
	}

	public function test_a_truncated_chunk_is_not_reported_as_stored(): void {
		$this->file( self::text( 3500 ), 'notes.txt' );
		$this->send( 1 );
		$dirs = glob( $this->storage()->temp_dirs()['chunks'] . '/*', GLOB_ONLYDIR );
		$this->assertCount( 1, $dirs );
		$this->assertMatchesRegularExpression( '#/[a-f0-9]{64}$#D', $dirs[0], 'chunk folders are named by a hash' );
		file_put_contents( $dirs[0] . '/1.part', 'short' );
		$this->assert_rest_status( 204, $this->test_chunk( 1 ) );
	}

	public function test_wrong_sizes_and_numbers_are_refused_for_good(): void {
		$this->file( self::text( 3500 ), 'notes.txt' );
		// Declared size does not fit the chunk's place.
		$this->assert_upload_error( 'kestrel_forms_upload_invalid_chunk', 400, $this->send( 1, array( 'resumableCurrentChunkSize' => '999' ), str_repeat( 'x', 999 ) ) );
		// Declared right, but the bytes are fewer.
		$this->assert_upload_error( 'kestrel_forms_upload_invalid_chunk', 400, $this->send( 1, array(), str_repeat( 'x', 999 ) ) );
		// More than announced, with a lying size in the file part.
		$this->assert_upload_error(
			'kestrel_forms_upload_invalid_chunk',
			400,
			$this->send(
				1,
				array(),
				null,
				array(
					'name'     => 'blob',
					'tmp_name' => $this->temp_file( str_repeat( 'x', 1001 ) ),
					'error'    => 0,
				)
			)
		);
		// Number outside 1..N, a chunk count that does not fit, a chunk size of zero.
		$this->assert_upload_error( 'kestrel_forms_upload_invalid_chunk', 400, $this->send( 4, array( 'resumableCurrentChunkSize' => '1000' ), str_repeat( 'x', 1000 ) ) );
		$this->assert_upload_error( 'kestrel_forms_invalid_param', 400, $this->send( 1, array( 'resumableChunkNumber' => '0' ) ) );
		$this->assert_upload_error( 'kestrel_forms_upload_invalid_chunk', 400, $this->send( 1, array( 'resumableTotalChunks' => '7' ) ) );
		$this->assert_upload_error( 'kestrel_forms_invalid_param', 400, $this->send( 1, array( 'resumableChunkSize' => '0' ) ) );
		// Chunks larger than the site allows.
		add_filter( 'kestrel_forms_upload_max_chunk_size', static fn() => 500 );
		$this->assert_upload_error( 'kestrel_forms_upload_invalid_chunk', 400, $this->send( 1 ) );
		remove_all_filters( 'kestrel_forms_upload_max_chunk_size' );
		// Missing and malformed parameters come in the same envelope.
		$this->assert_upload_error( 'kestrel_forms_missing_param', 400, $this->send( 1, array( 'resumableFilename' => null ) ) );
		$this->assert_upload_error( 'kestrel_forms_invalid_param', 400, $this->send( 1, array( 'upload_token' => '../etc' ) ) );
		$this->assert_upload_error( 'kestrel_forms_invalid_param', 400, $this->send( 1, array( 'form_id' => 'abc' ) ) );

		$this->assertSame( array(), $this->stored( 'tmp/chunks' ), 'no refused chunk is kept' );
		$this->assertSame( array(), $this->records() );
	}

	public function test_missing_and_failed_file_parts(): void {
		$this->file( self::text( 3500 ), 'notes.txt' );
		$this->assert_upload_error(
			'kestrel_forms_upload_missing_file',
			400,
			$this->send(
				1,
				array(),
				null,
				array(
					'error'    => UPLOAD_ERR_INI_SIZE,
					'tmp_name' => '',
				)
			)
		);
		// A path that is not an upload (the injected source, like PHP's, only takes its own files).
		$this->assert_upload_error(
			'kestrel_forms_upload_missing_file',
			400,
			$this->send(
				1,
				array(),
				null,
				array(
					'name'     => 'x',
					'tmp_name' => ABSPATH . 'wp-config-sample.php',
					'error'    => 0,
					'size'     => 1000,
				)
			)
		);
		$request = new WP_REST_Request( 'POST', '/kestrel-forms/v1/uploads' );
		$request->set_body_params( $this->params( 1 ) );
		$this->assert_upload_error( 'kestrel_forms_upload_missing_file', 400, $this->dispatch( $request ) );
		$this->assertFileExists( ABSPATH . 'wp-config-sample.php' );
	}

	/**
	 * The production source: in-process requests are not HTTP uploads, so is_uploaded_file()
	 * refuses the test's file, as it refuses any path a client might smuggle in.
	 */
	public function test_production_source_accepts_only_genuine_php_uploads(): void {
		add_action(
			'rest_api_init',
			static function (): void {
				$plugin = Plugin::instance();
				( new UploadsController( $plugin->forms, $plugin->uploads, new PhpUploadSource() ) )->register_routes( true );
			},
			30
		);
		$GLOBALS['wp_rest_server'] = null; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited
		$this->file( self::text( 500 ), 'notes.txt' );
		$response = $this->send( 1 );
		$this->assert_upload_error( 'kestrel_forms_upload_missing_file', 400, $response );
		$this->assertFalse(
			( new PhpUploadSource() )->move(
				array(
					'tmp_name' => $this->temp_file( 'x' ),
					'error'    => 0,
				),
				$this->chunk_dir . '/moved'
			)
		);
		$this->assertFileDoesNotExist( $this->chunk_dir . '/moved' );
	}

	public function test_too_large_files_are_refused_before_anything_is_stored(): void {
		// Field 2 allows 1 MB.
		$this->file( self::text( 1048577 ), 'big.txt', 262144 );
		$response = $this->send( 1 );
		$this->assert_upload_error( 'kestrel_forms_upload_too_large', 400, $response );
		$this->assertStringContainsString( '1 MB', $response->get_data()['error']['message'] );
		$this->file( self::text( 1048576 ), 'fits.txt', 262144 );
		$this->assertTrue( $this->upload_all()['complete'] );

		// The site's hard cap wins over a field without a limit.
		add_filter( 'kestrel_forms_upload_hard_cap', static fn() => 3000 );
		$this->field_id = 3;
		$this->file( self::text( 3500 ), 'c.txt' );
		$this->assert_upload_error( 'kestrel_forms_upload_too_large', 400, $this->send( 1 ) );
		$this->assertSame( array(), $this->stored( 'tmp/chunks' ) );
	}

	public function test_an_empty_file_is_refused(): void {
		$this->file( '', 'empty.txt' );
		// resumable.js leaves out parameters whose value is 0.
		$this->assert_upload_error(
			'kestrel_forms_upload_empty',
			400,
			$this->send(
				1,
				array(
					'resumableTotalSize'        => null,
					'resumableCurrentChunkSize' => null,
				)
			)
		);
	}

	public function test_disallowed_extensions_are_refused_on_the_first_chunk(): void {
		// Not in the field's list.
		$this->file( self::text( 3500 ), 'setup.pdf' );
		$response = $this->send( 1 );
		$this->assert_upload_error( 'kestrel_forms_upload_extension', 415, $response );
		$this->assertStringContainsString( 'txt, png, jpg, xyz', $response->get_data()['error']['message'] );
		// In the field's list, but not a type WordPress allows.
		$this->file( self::text( 3500 ), 'data.xyz' );
		$this->assert_upload_error( 'kestrel_forms_upload_extension', 415, $this->send( 1 ) );
		// Scripts, whatever the field says, even when a site adds them to the allowed types.
		add_filter( 'upload_mimes', static fn( array $m ): array => $m + array( 'php' => 'text/x-php' ) );
		$this->field_id = 3;
		foreach ( array( 'shell.php', 'shell.PHTML', '.htaccess', 'no-extension' ) as $name ) {
			$this->file( '<?php echo 1;', $name, 1000 );
			$this->assert_upload_error( 'kestrel_forms_upload_extension', 415, $this->send( 1 ) );
		}
		// The testChunks GET refuses the same way (resumable.js then POSTs and gets the error).
		$this->assert_upload_error( 'kestrel_forms_upload_extension', 415, $this->test_chunk( 1 ) );
		$this->assertSame( array(), $this->stored( 'tmp/chunks' ) );
	}

	public function test_a_php_script_disguised_as_an_image_is_refused(): void {
		$this->file( "<?php system(\$_GET['c']); ?>\n" . self::text( 2000 ), 'photo.jpg' );
		$this->send( 1 );
		$response = $this->send( 2 );
		$this->assert_upload_error( 'kestrel_forms_upload_disguised', 415, $response );
		$this->assertSame( array(), $this->records() );
		$this->assertSame( array(), $this->stored( 'tmp/files' ) );
		$this->assertSame( array(), $this->stored( 'tmp/chunks' ) );

		// A text file named .png is refused too; a real PNG is taken, with its type.
		$this->file( self::text( 500 ), 'fake.png' );
		$this->assert_upload_error( 'kestrel_forms_upload_disguised', 415, $this->send( 1 ) );
		$this->file( self::png(), 'pixel.png', 30 );
		$data = $this->upload_all();
		$this->assertTrue( $data['complete'] );
		$this->assertSame( 'image/png', $this->records()[0]['mime'] );
	}

	public function test_a_png_named_jpg_keeps_its_true_extension(): void {
		$this->file( self::png(), 'pixel.jpg', 1000 );
		$data = $this->upload_all();
		$this->assertSame( 'pixel.png', $data['uploaded_filename'] );
		$this->assertSame( 'image/png', $this->records()[0]['mime'] );
	}

	public function test_unknown_forms_and_fields(): void {
		$this->file( self::text( 3500 ), 'notes.txt' );
		$this->assert_upload_error( 'kestrel_forms_form_not_found', 404, $this->start_session( 2, 987654 ) );
		$this->assert_upload_error( 'kestrel_forms_upload_field_not_found', 404, $this->start_session( 1 ), 'a text field' );
		$this->assert_upload_error( 'kestrel_forms_upload_field_not_found', 404, $this->start_session( 99 ) );
		// A chunk naming another form or field than its session's.
		$this->assert_upload_error( 'kestrel_forms_upload_mismatch', 409, $this->send( 1, array( 'form_id' => '987654' ) ) );
		$this->assert_upload_error( 'kestrel_forms_upload_mismatch', 409, $this->send( 1, array( 'field_id' => '3' ) ) );

		$this->as_admin();
		$this->rest( 'DELETE', "/kestrel-forms/v1/forms/{$this->form_id}" );
		$this->as_anonymous();
		$this->assert_upload_error( 'kestrel_forms_upload_field_not_found', 404, $this->send( 1 ), 'a trashed form takes no uploads' );
		$this->assert_upload_error( 'kestrel_forms_form_not_found', 404, $this->start_session() );
		$this->assertSame( array(), $this->stored( 'tmp/chunks' ) );
	}

	public function test_sites_can_refuse_uploads_and_the_refusal_keeps_the_envelope(): void {
		$this->file( self::text( 500 ), 'notes.txt' );
		$this->new_session();
		add_filter( 'kestrel_forms_can_upload', '__return_false' );
		$this->assert_upload_error( 'kestrel_forms_forbidden', 403, $this->start_session() );
		$this->assert_upload_error( 'kestrel_forms_forbidden', 403, $this->send( 1 ) );
		remove_all_filters( 'kestrel_forms_can_upload' );
		add_filter( 'kestrel_forms_can_submit', '__return_false' );
		$this->assert_upload_error( 'kestrel_forms_forbidden', 403, $this->send( 1 ) );
	}

	public function test_the_private_folder_denies_web_access(): void {
		$this->file( self::text( 500 ), 'notes.txt' );
		$this->upload_all();
		$container = wp_upload_dir()['basedir'] . '/kestrel-forms';
		$base      = $this->storage()->base();
		$this->assertMatchesRegularExpression( '#^' . preg_quote( $container, '#' ) . '/private-[a-f0-9]{32}$#D', $base );
		$work = $this->storage()->work();
		foreach ( array( $container, $base, "$base/tmp", "$base/tmp/files", "$base/entries", $work, "$work/chunks", "$work/assembly" ) as $dir ) {
			$this->assertStringContainsString( 'Require all denied', (string) file_get_contents( "$dir/.htaccess" ), $dir );
			$this->assertStringContainsString( 'Deny from all', (string) file_get_contents( "$dir/.htaccess" ), $dir );
			$this->assertStringContainsString( '<deny users="*" />', (string) file_get_contents( "$dir/web.config" ), $dir );
			$this->assertFileExists( "$dir/index.php" );
		}
	}

	public function test_visitors_can_discard_their_own_unclaimed_file(): void {
		$this->file( self::text( 500 ), 'notes.txt' );
		$token = $this->upload_all()['temp_filename'];

		$this->assert_upload_error( 'kestrel_forms_upload_session_unknown', 404, $this->discard( str_repeat( 'a', 64 ) ) );
		$this->assertCount( 1, $this->records() );

		$response = $this->discard( $token );
		$this->assert_rest_status( 200, $response );
		$this->assertSame(
			array(
				'status' => 'ok',
				'data'   => array( 'deleted' => true ),
			),
			$response->get_data()
		);
		$this->assertSame( array(), $this->records() );
		$this->assertSame( array(), $this->stored( 'tmp/files' ) );
		// The session is over: nothing more can be sent to it.
		$this->assert_upload_error( 'kestrel_forms_upload_session_unknown', 404, $this->send( 1 ) );
	}

	/**
	 * @param string $bytes Contents.
	 */
	private function temp_file( string $bytes ): string {
		$tmp = tempnam( $this->chunk_dir, 'odd' );
		file_put_contents( $tmp, $bytes );
		return $tmp;
	}
}
