<?php
/**
 * Issue 12, uploads: server-issued tokens bound to the uploader, no leak through testChunks,
 * figures fixed by the first chunk, content checks, per-client limits, race-safe storage under
 * a secret folder.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Uploads;

use Kestrel\Forms\Contracts\ChunkSource;
use Kestrel\Forms\Persistence\Schema;
use Kestrel\Forms\Persistence\UploadRepository;
use Kestrel\Forms\Plugin;
use Kestrel\Forms\Rest\UploadsController;
use Kestrel\Forms\Security\RateLimiter;
use Kestrel\Forms\Uploads\FileNames;
use Kestrel\Forms\Uploads\Storage;
use Kestrel\Forms\Uploads\UploadError;
use Kestrel\Forms\Uploads\UploadStore;
use WP_REST_Response;

final class UploadSecurityTest extends UploadsTestCase {

	private ?string $log = null;

	protected function tear_down(): void {
		RaceFs::unregister();
		if ( null !== $this->log ) {
			ini_restore( 'error_log' ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.runtime_configuration_ini_restore -- undoes the test's own ini_set() of error_log.
			@unlink( $this->log ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- cleanup of a temporary file; one already gone is no failure.
		}
		remove_all_filters( 'kestrel_forms_rate_limit' );
		remove_all_filters( 'kestrel_forms_upload_tmp_dir' );
		parent::tear_down();
	}

	/* ---------------------------------------------------------------- 1. tokens and binding */

	/**
	 * Sessions are named by server tokens that are never stored.
	 */
	public function test_sessions_are_named_by_server_tokens_that_are_never_stored(): void {
		$this->file( self::text( 500 ), 'notes.txt' );
		$response = $this->start_session();
		$this->assert_rest_status( 201, $response );
		$this->assertSame( 'no-store', $response->get_headers()['Cache-Control'] ?? null );
		$token = $response->get_data()['data']['upload_token'];
		$this->assertMatchesRegularExpression( '/^[a-f0-9]{64}$/D', $token, '256 bits' );
		$this->assertNotSame( $token, $this->start_session()->get_data()['data']['upload_token'] );

		$this->token = $token;
		$data        = $this->upload_all();
		$this->assertSame( $token, $data['temp_filename'] );

		// Neither table holds the token itself.
		global $wpdb;
		foreach ( array( Schema::tables()['upload_sessions'], Schema::tables()['uploads'] ) as $table ) {
			$dump = (string) wp_json_encode( $wpdb->get_results( "SELECT * FROM {$table}", ARRAY_A ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
			$this->assertStringNotContainsString( $token, $dump, $table );
		}

		// Chunk, test and discard requests without a token, or with a made-up one, are 404.
		foreach ( array( '', str_repeat( '0', 64 ), substr( $token, 0, 63 ) . ( 'a' === $token[63] ? 'b' : 'a' ) ) as $guess ) {
			$this->assert_upload_error( 'kestrel_forms_upload_session_unknown', 404, $this->send( 1, array(), null, null, $guess ) );
			$this->assert_upload_error( 'kestrel_forms_upload_session_unknown', 404, $this->test_chunk( 1, array(), $guess ) );
			$this->assert_upload_error( 'kestrel_forms_upload_session_unknown', 404, $this->discard( $guess ) );
		}
		$this->assertCount( 1, $this->records() );
	}

	/**
	 * The review's attack: whoever repeats another visitor's form, field, upload id and
	 * resumable identifier used to get that visitor's file token from testChunks, overwrite
	 * their chunks, claim their file or discard it.
	 */
	public function test_another_visitors_values_give_no_access_to_their_upload(): void {
		// The victim: one finished file and one upload in progress (chunk 1 of 3).
		$this->file( self::text( 500 ), 'victim.txt' );
		$done        = $this->upload_all();
		$victim_file = $this->token;
		$this->file( self::text( 3500 ), 'victim-big.txt' );
		$this->assert_rest_status( 200, $this->send( 1 ) );
		$victim_big   = $this->token;
		$chunk_folder = $this->storage()->chunk_dir( FileNames::token_hash( $victim_big ) );
		$original     = (string) file_get_contents( Storage::chunk_path( $chunk_folder, 1 ) );

		// The attacker repeats every value the victim's browser sent, in a session of their own.
		$attacker = $this->new_session();
		foreach ( array( 1, 2, 3 ) as $number ) {
			$this->assert_rest_status( 204, $this->test_chunk( $number, array(), $attacker ), 'testChunks says nothing about the victim\'s chunks' );
		}
		$this->file( self::text( 500 ), 'victim.txt' );
		$this->assert_rest_status( 204, $this->test_chunk( 1, array(), $attacker ), 'nor about the victim\'s finished file' );

		// Overwriting: the attacker's bytes go to the attacker's session only.
		$this->file( self::text( 3500 ), 'victim-big.txt' );
		$this->assert_rest_status( 200, $this->send( 1, array(), str_repeat( '<', 1000 ), null, $attacker ) );
		$this->assertSame( $original, file_get_contents( Storage::chunk_path( $chunk_folder, 1 ) ) );

		// Claiming and discarding need the token: the public values, the file's own id and the
		// attacker's token claim nothing.
		$file_id = (string) $this->records()[0]['token'];
		foreach ( array( $file_id, $attacker, self::UPLOAD_ID, 'victim.txt' ) as $guess ) {
			try {
				Plugin::instance()->uploads->claim( $this->form_id, 2, self::UPLOAD_ID, array( $guess ) );
				$this->fail( "claimed with {$guess}" );
			} catch ( UploadError $e ) {
				$this->assertSame( UploadError::UNKNOWN, $e->error_code );
			}
		}
		$this->assert_upload_error( 'kestrel_forms_upload_session_unknown', 404, $this->discard( str_repeat( 'f', 64 ) ) );
		$this->assertCount( 1, $this->records() );

		// The victim's own token still works for everything.
		$this->assertSame( $done, $this->test_chunk( 1, array(), $victim_file )->get_data()['data'] );
		$this->assertCount( 1, Plugin::instance()->uploads->claim( $this->form_id, 2, self::UPLOAD_ID, array( $victim_file ) ) );
		$this->token = $victim_big;
		$this->send( 2 );
		$this->assertTrue( $this->send( 3 )->get_data()['data']['complete'] );
		$big = array_values( array_filter( $this->records(), static fn( array $r ): bool => 'victim-big.txt' === $r['name'] ) );
		$this->assertSame( $this->content, file_get_contents( $this->storage()->base() . '/' . $big[0]['path'] ) );
	}

	public function test_a_token_is_bound_to_its_form_and_field(): void {
		$this->file( self::text( 500 ), 'notes.txt' );
		$token = $this->upload_all()['temp_filename'];
		foreach ( array( array( $this->form_id, 3 ), array( $this->form_id + 1, 2 ) ) as list( $form, $field ) ) {
			try {
				Plugin::instance()->uploads->claim( $form, $field, self::UPLOAD_ID, array( $token ) );
				$this->fail( 'claimed into another field or form' );
			} catch ( UploadError $e ) {
				$this->assertSame( UploadError::UNKNOWN, $e->error_code );
			}
		}
	}

	public function test_a_submission_names_its_files_by_their_session_tokens_only(): void {
		$this->file( self::text( 500 ), 'cv.txt' );
		$token   = $this->upload_all()['temp_filename'];
		$file_id = (string) $this->records()[0]['token'];
		$submit  = fn( string $value ): WP_REST_Response => $this->rest(
			'POST',
			"/kestrel-forms/v1/forms/{$this->form_id}/submissions",
			array(
				'values'         => array( '1' => 'Ada' ),
				'uploaded_files' => array(
					'input_2' => array(
						array(
							'temp_filename'     => $value,
							'uploaded_filename' => 'cv.txt',
						),
					),
				),
			)
		);
		// What another visitor could know or compute names nothing.
		foreach ( array( $file_id, str_repeat( 'a', 64 ), 'cv.txt' ) as $guess ) {
			$refused = $submit( $guess );
			$this->assert_rest_status( 400, $refused );
			$this->assertSame( 'kestrel_forms_validation_failed', $refused->get_data()['code'] );
			$this->assertArrayHasKey( '2', (array) $refused->get_data()['data']['errors'] );
		}
		$this->assertNull( $this->records()[0]['entry_id'] );

		$this->assert_rest_status( 201, $submit( $token ) );
		$this->assertNotNull( $this->records()[0]['entry_id'] );
		// Claimed once: the same token again, or a discard of it, is refused.
		$this->assert_rest_status( 400, $submit( $token ) );
		$this->assert_upload_error( 'kestrel_forms_upload_session_unknown', 404, $this->discard( $token ) );
		$this->assertCount( 1, $this->stored( 'entries' ) );
	}

	/* ---------------------------------------------------- 1. figures fixed by the first chunk */

	/**
	 * A chunk that disagrees with the first is 409 and harms nothing.
	 */
	public function test_a_chunk_that_disagrees_with_the_first_is_409_and_harms_nothing(): void {
		$this->file( self::text( 3500 ), 'notes.txt' );
		$this->assert_rest_status( 200, $this->send( 1 ) );
		$changes = array(
			'name'        => array( 'original_filename' => 'other.txt' ),
			'type'        => array( 'resumableType' => 'text/csv' ),
			'total size'  => array(
				'resumableTotalSize'        => '3600',
				'resumableCurrentChunkSize' => '1000',
			),
			'chunk size'  => array(
				'resumableChunkSize'        => '500',
				'resumableCurrentChunkSize' => '500',
				'resumableTotalChunks'      => '7',
			),
			'chunk count' => array(
				'resumableTotalChunks'      => '4',
				'resumableChunkSize'        => '875',
				'resumableCurrentChunkSize' => '875',
			),
		);
		foreach ( $changes as $what => $params ) {
			$size = (int) ( $params['resumableCurrentChunkSize'] ?? 1000 );
			$this->assert_upload_error( 'kestrel_forms_upload_mismatch', 409, $this->send( 2, $params, str_repeat( 'x', $size ) ), $what );
			$this->assert_upload_error( 'kestrel_forms_upload_mismatch', 409, $this->test_chunk( 1, $params ), $what );
		}
		$dir = $this->storage()->chunk_dir( FileNames::token_hash( (string) $this->token ) );
		$this->assertFileDoesNotExist( Storage::chunk_path( $dir, 2 ), 'nothing of a refused chunk is kept' );

		// The session goes on with the right figures.
		$this->send( 2 );
		$data = $this->send( 3 )->get_data()['data'];
		$this->assertTrue( $data['complete'] );
		$this->assertSame( 'notes.txt', $data['uploaded_filename'] );
		$this->assertSame( $this->content, file_get_contents( $this->storage()->base() . '/' . $this->records()[0]['path'] ) );
	}

	public function test_two_first_chunks_at_once_agree_on_the_figures(): void {
		$this->file( self::text( 3500 ), 'notes.txt' );
		$token   = $this->new_session();
		$session = ( new UploadRepository() )->find_session( FileNames::token_hash( $token ) );
		// Another worker fixed the figures between this request's read and its UPDATE.
		$this->assertTrue(
			( new UploadRepository() )->fix_session_figures(
				$session['id'],
				array(
					'name'         => 'notes.txt',
					'type'         => 'text/plain',
					'total_size'   => 3500,
					'chunk_size'   => 1000,
					'total_chunks' => 3,
				)
			)
		);
		$this->assertFalse(
			( new UploadRepository() )->fix_session_figures(
				$session['id'],
				array(
					'name'         => 'x.txt',
					'type'         => '',
					'total_size'   => 1,
					'chunk_size'   => 1,
					'total_chunks' => 1,
				)
			),
			'only one UPDATE fixes'
		);
		$this->assert_rest_status( 200, $this->send( 2 ) );
		$this->assert_upload_error( 'kestrel_forms_upload_mismatch', 409, $this->send( 1, array( 'original_filename' => 'x.txt' ) ) );
	}

	/* ------------------------------------------------------------------- 3. content checks */

	/**
	 * A PDF with PHP or HTML inside is refused (415).
	 */
	public function test_a_pdf_with_php_or_html_inside_is_refused_415(): void {
		$this->field_id = 3;
		foreach ( array( "<?php system(\$_GET['c']); ?>", '<script>alert(1)</script>', "<!DOCTYPE html>\n<html><body>hi</body></html>", '<iframe src="https://evil.example/">' ) as $markup ) {
			$this->file( "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj << /Type /Catalog >> endobj\n" . $markup . "\n%%EOF\n", 'invoice.pdf' );
			$this->assert_upload_error( 'kestrel_forms_upload_dangerous_content', 415, $this->send( 1 ) );
			$this->assert_upload_error( 'kestrel_forms_upload_session_unknown', 404, $this->send( 1 ), 'a refused upload is over' );
		}
		$this->assertSame( array(), $this->records() );
		$this->assertSame( array(), $this->stored( 'tmp' ) );

		// A clean PDF passes.
		$this->file( "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n", 'clean.pdf' );
		$this->assertTrue( $this->upload_all()['complete'] );
		$this->assertSame( 'application/pdf', $this->records()[0]['mime'] );
	}

	/**
	 * Markup the first scan missed: PHP's short echo tag, event handlers on any tag,
	 * javascript: links, markup in UTF-16, and a doctype whose spaces straddle the 1 MiB edge
	 * of the scan's blocks.
	 */
	public function test_short_tags_event_handlers_javascript_links_and_utf16_markup_are_refused(): void {
		$this->field_id = 3;
		$head           = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj << /Type /Catalog >> endobj\n";
		$markups        = array(
			'short echo tag'   => '<?= system($_GET[c]) ?>',
			'event handler'    => '<img src=x onerror=alert(1)>',
			'javascript: link' => '<a href=javascript:alert(1)>',
			'UTF-16LE script'  => (string) mb_convert_encoding( '<script>alert(1)</script>', 'UTF-16LE', 'UTF-8' ),
		);
		foreach ( $markups as $what => $markup ) {
			$this->file( $head . $markup . "\n%%EOF\n", 'invoice.pdf' );
			$this->assert_upload_error( 'kestrel_forms_upload_dangerous_content', 415, $this->send( 1 ), $what );
		}

		// "<!doctype" 700 bytes before the end of the first 1 MiB block, "html" after it.
		$block   = 1048576;
		$content = $head . str_repeat( "\x80\x81", intdiv( $block - 700 - strlen( $head ), 2 ) );
		$content = str_pad( $content, $block - 700, "\x80" ) . '<!doctype' . str_repeat( ' ', 800 ) . 'html>' . str_repeat( "\x80", 2000 );
		$this->file( $content, 'long.pdf', $block );
		$this->assertCount( 1, $this->chunks() );
		$this->assert_upload_error( 'kestrel_forms_upload_dangerous_content', 415, $this->send( 1 ) );
		$this->assertSame( array(), $this->records() );
	}

	/**
	 * A real PDF (a text stream and an image stream of binary, incompressible data) and images
	 * pass the stricter scan.
	 */
	public function test_a_plain_pdf_with_binary_streams_still_passes(): void {
		$this->field_id = 3;
		$pdf            = (string) file_get_contents( __DIR__ . '/fixtures/plain.pdf' );
		$this->file( $pdf, 'plain.pdf', 8192 );
		$this->assertTrue( $this->upload_all()['complete'] );
		$this->assertSame( 'application/pdf', $this->records()[0]['mime'] );
		$this->file( self::png(), 'pixel.png' );
		$this->assertTrue( $this->upload_all()['complete'] );
		$this->assertCount( 2, $this->records() );
	}

	public function test_svg_or_html_inside_an_image_is_refused_415(): void {
		$png = self::png();
		foreach ( array( '<svg onload="alert(1)">', '<svg/onload=alert(1)>', '<html><script>alert(1)</script></html>', '<?php echo 1; ?>' ) as $markup ) {
			$this->file( $png . $markup, 'pixel.png' );
			$this->assert_upload_error( 'kestrel_forms_upload_dangerous_content', 415, $this->send( 1 ) );
		}
		// In the middle of a large image too, across a chunk boundary.
		$this->file( $png . str_repeat( "\0", 1995 ) . '<script>x</script>' . str_repeat( "\0", 500 ), 'pixel.png' );
		foreach ( array_keys( $this->chunks() ) as $i ) {
			$last = $this->send( $i + 1 );
		}
		$this->assert_upload_error( 'kestrel_forms_upload_dangerous_content', 415, $last );
		$this->assertSame( array(), $this->records() );
	}

	public function test_images_over_the_pixel_limit_are_refused_from_the_header(): void {
		$this->file( self::png_declaring( 50000, 50000 ), 'huge.png' );
		$this->assertSame( 69, strlen( $this->content ) );
		$this->assert_upload_error( 'kestrel_forms_upload_image_too_large', 415, $this->send( 1 ) );
		$this->assertSame( array(), $this->records() );

		// Exactly at the default limit passes; the limit is a filter.
		$this->file( self::png_declaring( 10000, 5000 ), 'ok.png' );
		$this->assertTrue( $this->upload_all()['complete'] );
		add_filter( 'kestrel_forms_upload_max_image_pixels', static fn() => 49999999 );
		$this->file( self::png_declaring( 10000, 5000 ), 'ok.png' );
		$this->assert_upload_error( 'kestrel_forms_upload_image_too_large', 415, $this->send( 1 ) );
		remove_all_filters( 'kestrel_forms_upload_max_image_pixels' );
	}

	/**
	 * The pixel limit used to fail open: an image whose header PHP cannot read was accepted
	 * unchecked. A PNG cut off inside its IHDR is now refused (415).
	 */
	public function test_an_image_whose_size_cannot_be_read_is_refused(): void {
		$truncated = "\x89PNG\r\n\x1a\n" . pack( 'N', 13 ) . 'IHDR' . pack( 'N', 50000 );
		$this->file( $truncated, 'cut.png' );
		$this->assert_upload_error( 'kestrel_forms_upload_disguised', 415, $this->send( 1 ) );
		$this->assertSame( array(), $this->records() );
		// A whole image still passes.
		$this->file( self::png(), 'pixel.png' );
		$this->assertTrue( $this->upload_all()['complete'] );
	}

	public function test_display_names_lose_bidi_zero_width_and_control_characters(): void {
		$names = array(
			"invoice\u{202E}txt.exe.txt"                   => sanitize_file_name( 'invoicetxt.exe.txt' ),
			"pho\u{2066}to\u{2069}.png.txt"                => sanitize_file_name( 'photo.png.txt' ),
			"a\u{200B}b\u{200C}c\u{200D}d\u{2060}e\u{FEFF}.txt" => 'abcde.txt',
			"bell\x07tab\ttext\x7f.txt"                    => 'belltabtext.txt',
			"left\u{202A}right\u{202B}\u{202C}\u{202D}.txt" => 'leftright.txt',
			// Every format character (Cf), not only a list: LRM/RLM, the Arabic letter mark,
			// invisible operators, and the line and paragraph separators.
			"mark\u{200E}s\u{200F}\u{061C}.txt"            => 'marks.txt',
			"in\u{2061}vis\u{2062}i\u{2063}ble\u{2064}.txt" => 'invisible.txt',
			"line\u{2028}para\u{2029}\u{180E}\u{206A}.txt" => 'linepara.txt',
		);
		foreach ( $names as $sent => $kept ) {
			$this->file( self::text( 300 ), $sent );
			$data = $this->upload_all();
			$this->assertSame( $kept, $data['uploaded_filename'], $sent );
			$records = $this->records();
			$this->assertSame( 1, preg_match( '/^[\x20-\x7e]+$/D', (string) end( $records )['name'] ) );
		}
		$this->assertSame( array_values( $names ), array_column( $this->records(), 'name' ) );
	}

	/* ------------------------------------------------------- 3. and 4. per-client limits */

	/**
	 * Open sessions per client are capped with 429 and Retry-After.
	 */
	public function test_open_sessions_per_client_are_capped_with_429_and_retry_after(): void {
		$_SERVER['REMOTE_ADDR'] = '203.0.113.7';
		add_filter( 'kestrel_forms_upload_client_sessions', static fn() => 2 );
		$this->file( self::text( 3500 ), 'a.txt' );
		$first = $this->new_session();
		$this->new_session();
		$refused = $this->start_session();
		$this->assert_upload_error( 'kestrel_forms_upload_quota_exceeded', 429, $refused );
		$retry = (int) ( $refused->get_headers()['Retry-After'] ?? 0 );
		$this->assertGreaterThan( DAY_IN_SECONDS - 60, $retry, 'until the oldest session expires' );
		$this->assertLessThanOrEqual( DAY_IN_SECONDS, $retry );
		$this->assertSame( $retry, $refused->get_data()['error']['retry_after'] );

		// Another address is not affected; a finished upload no longer counts as open.
		$_SERVER['REMOTE_ADDR'] = '198.51.100.1';
		$this->assert_rest_status( 201, $this->start_session() );
		$_SERVER['REMOTE_ADDR'] = '203.0.113.7';
		$this->token            = $first;
		$this->upload_all();
		$this->assert_rest_status( 201, $this->start_session() );
		remove_all_filters( 'kestrel_forms_upload_client_sessions' );
	}

	public function test_stored_bytes_per_client_are_capped_with_429_and_retry_after(): void {
		$_SERVER['REMOTE_ADDR'] = '203.0.113.8';
		add_filter( 'kestrel_forms_upload_client_bytes', static fn() => 5000 );
		$this->file( self::text( 3500 ), 'a.txt' );
		$first = $this->upload_all()['temp_filename'];
		$this->file( self::text( 2000 ), 'b.txt' );
		$refused = $this->send( 1 );
		$this->assert_upload_error( 'kestrel_forms_upload_quota_exceeded', 429, $refused );
		$this->assertArrayHasKey( 'Retry-After', $refused->get_headers() );
		$this->assertSame( array(), $this->stored( 'tmp/chunks' ) );

		// Submitted (claimed) or discarded files no longer count.
		$this->assert_rest_status( 200, $this->discard( $first ) );
		$this->assertTrue( $this->upload_all()['complete'] );
		remove_all_filters( 'kestrel_forms_upload_client_bytes' );
	}

	/**
	 * Another worker of the same client opens a session between this request's check and its
	 * INSERT (simulated from the cap filter, which the check reads): the recount after the
	 * INSERT withdraws this session with the same 429.
	 */
	public function test_the_open_sessions_cap_holds_when_another_worker_races_the_check(): void {
		$_SERVER['REMOTE_ADDR'] = '203.0.113.10';
		$this->file( self::text( 3500 ), 'a.txt' );
		$first   = $this->new_session();
		$repo    = new UploadRepository();
		$client  = (string) $repo->find_session( FileNames::token_hash( $first ) )['client'];
		$form_id = $this->form_id;
		$raced   = false;
		add_filter(
			'kestrel_forms_upload_client_sessions',
			static function () use ( &$raced, $repo, $client, $form_id ): int {
				if ( ! $raced ) {
					$raced = true;
					$repo->insert_session( FileNames::token_hash( FileNames::session_token() ), $form_id, 2, $client );
				}
				return 2;
			}
		);
		$refused = $this->start_session();
		remove_all_filters( 'kestrel_forms_upload_client_sessions' );
		$this->assertTrue( $raced );
		$this->assert_upload_error( 'kestrel_forms_upload_quota_exceeded', 429, $refused );
		$this->assertGreaterThan( 0, (int) ( $refused->get_headers()['Retry-After'] ?? 0 ) );
		$usage = $repo->client_usage( $client, gmdate( 'Y-m-d H:i:s', time() - DAY_IN_SECONDS ) );
		$this->assertSame( 2, $usage['open'], 'the withdrawn session is gone; the cap holds' );
	}

	/**
	 * Another first chunk of the same client fixes 3500 bytes between this request's check
	 * (0 + 2000 <= 5000) and its UPDATE: the recount after the UPDATE finds 5500 bytes, withdraws
	 * this session's figures and refuses the chunk with 429, storing nothing.
	 */
	public function test_the_client_byte_cap_holds_when_another_first_chunk_races_the_check(): void {
		$_SERVER['REMOTE_ADDR'] = '203.0.113.11';
		$this->file( self::text( 3500 ), 'other.txt' );
		$other = $this->new_session();
		$this->file( self::text( 2000 ), 'b.txt' );
		$mine  = $this->new_session();
		$repo  = new UploadRepository();
		$id    = (int) $repo->find_session( FileNames::token_hash( $other ) )['id'];
		$raced = false;
		add_filter(
			'kestrel_forms_upload_client_bytes',
			static function () use ( &$raced, $repo, $id ): int {
				if ( ! $raced ) {
					$raced = true;
					$repo->fix_session_figures(
						$id,
						array(
							'name'         => 'other.txt',
							'type'         => 'text/plain',
							'total_size'   => 3500,
							'chunk_size'   => 1000,
							'total_chunks' => 3,
						)
					);
				}
				return 5000;
			}
		);
		$refused = $this->send( 1 );
		$this->assertTrue( $raced );
		$this->assert_upload_error( 'kestrel_forms_upload_quota_exceeded', 429, $refused );
		$this->assertArrayHasKey( 'Retry-After', $refused->get_headers() );
		$this->assertNull( $repo->find_session( FileNames::token_hash( $mine ) )['total_size'], 'the figures are withdrawn' );
		$this->assertSame( array(), $this->stored( 'tmp/chunks' ), 'nothing stored' );

		// Once the other upload is discarded, the same session goes on.
		$this->assert_rest_status( 200, $this->discard( $other ) );
		$this->token = $mine;
		$this->assertTrue( $this->upload_all()['complete'] );
		remove_all_filters( 'kestrel_forms_upload_client_bytes' );
	}

	public function test_upload_requests_and_new_sessions_are_rate_limited_per_client(): void {
		$_SERVER['REMOTE_ADDR'] = '203.0.113.9';
		$limits                 = array(
			'upload_session' => array( 2, 3600 ),
			'upload_request' => array( 6, 60 ),
		);
		add_filter( 'kestrel_forms_rate_limit', static fn( array $limit, string $bucket ): array => $limits[ $bucket ] ?? $limit, 10, 2 );
		RateLimiter::reset( 'upload_session', '203.0.113.9' );
		RateLimiter::reset( 'upload_request', '203.0.113.9' );

		$this->file( self::text( 3500 ), 'a.txt' );
		$this->new_session();
		$this->new_session();
		$refused = $this->start_session();
		$this->assert_upload_error( 'kestrel_forms_rate_limited', 429, $refused );
		$this->assertGreaterThan( 0, (int) ( $refused->get_headers()['Retry-After'] ?? 0 ) );

		// 3 requests so far; 3 more chunk requests pass, the next is refused.
		$this->assert_rest_status( 200, $this->send( 1 ) );
		$this->assert_rest_status( 200, $this->test_chunk( 1 ) );
		$this->assert_rest_status( 200, $this->send( 2 ) );
		$limited = $this->send( 3 );
		$this->assert_upload_error( 'kestrel_forms_rate_limited', 429, $limited );
		$retry = (int) ( $limited->get_headers()['Retry-After'] ?? 0 );
		$this->assertGreaterThan( 0, $retry );
		$this->assertLessThanOrEqual( 60, $retry );
		RateLimiter::reset( 'upload_session', '203.0.113.9' );
		RateLimiter::reset( 'upload_request', '203.0.113.9' );
	}

	/* ------------------------------------------------------------------ 5. concurrency */

	/**
	 * The loser of a chunk-folder mkdir() race still stores its chunk.
	 */
	public function test_the_loser_of_a_chunk_folder_mkdir_race_still_stores_its_chunk(): void {
		$root = $this->chunk_dir . '/racefs-root';
		mkdir( $root, 0755, true );
		RaceFs::register( $root );
		// The mechanism of the bug: wp_mkdir_p() reports the lost race as a failure.
		mkdir( $root . '/probe/chunks', 0755, true );
		$this->assertFalse( wp_mkdir_p( 'racefs://probe/chunks/abc' ) );
		$this->assertDirectoryExists( $root . '/probe/chunks/abc' );

		$this->use_storage( 'racefs://work' );
		$this->file( self::text( 2500 ), 'notes.txt' );
		$response = $this->send( 1 );
		$this->assert_rest_status( 200, $response );
		$this->assertSame( 2, RaceFs::$raced, 'the chunk folder lost the race (the probe once, this upload once)' );
		$this->assertFileExists( $root . '/work/chunks/' . FileNames::token_hash( (string) $this->token ) . '/1.part' );
		$last = $this->send( 2 );
		$this->assert_rest_status( 200, $last );
		$this->assertTrue( $last->get_data()['data']['complete'] );
		$this->assertCount( 1, $this->records() );
	}

	public function test_storage_failures_are_logged_with_path_and_reason(): void {
		$this->log = (string) tempnam( sys_get_temp_dir(), 'kf-log' );
		ini_set( 'error_log', $this->log ); // phpcs:ignore WordPress.PHP.IniSet.Risky
		$blocker = $this->chunk_dir . '/not-a-folder';
		file_put_contents( $blocker, 'a file where a folder should be' );
		$this->use_storage( $blocker . '/work' );
		$this->file( self::text( 500 ), 'notes.txt' );
		$this->assert_upload_error( 'kestrel_forms_upload_storage_failed', 500, $this->send( 1 ) );
		$log = (string) file_get_contents( $this->log );
		$this->assertStringContainsString( 'Kestrel Forms uploads: cannot create directory ' . $blocker, $log );
		$this->assertMatchesRegularExpression( '/Not a directory|File exists/', $log, 'with PHP\'s reason' );
	}

	/**
	 * Attach used wp_mkdir_p() and skipped a failure silently: the entry's folder cannot be
	 * made (a file stands in its place), the failure is logged with its reason, and the file
	 * stays where it was, still the entry's.
	 */
	public function test_attach_failures_are_logged_with_the_reason(): void {
		$this->log = (string) tempnam( sys_get_temp_dir(), 'kf-log' );
		ini_set( 'error_log', $this->log ); // phpcs:ignore WordPress.PHP.IniSet.Risky
		$this->file( self::text( 500 ), 'notes.txt' );
		$token    = (string) $this->upload_all()['temp_filename'];
		$uploads  = Plugin::instance()->uploads;
		$claimed  = $uploads->claim( $this->form_id, 2, self::UPLOAD_ID, array( $token ) );
		$entry_id = 4242;
		$this->storage()->ensure();
		file_put_contents( $this->storage()->base() . '/entries/' . $entry_id, 'a file where a folder should be' );
		$uploads->attach( array_column( $claimed, 'token' ), $entry_id );

		$log = (string) file_get_contents( $this->log );
		$this->assertStringContainsString( 'Kestrel Forms uploads: cannot create directory ', $log );
		$this->assertStringContainsString( 'entries/' . $entry_id, $log );
		$this->assertMatchesRegularExpression( '/Not a directory|File exists/', $log, 'with PHP\'s reason' );
		$record = $this->records()[0];
		$this->assertSame( (string) $entry_id, (string) $record['entry_id'] );
		$this->assertStringStartsWith( 'tmp/files/', (string) $record['path'] );
		$this->assertFileExists( $this->storage()->base() . '/' . $record['path'] );
		unlink( $this->storage()->base() . '/entries/' . $entry_id );
	}

	/**
	 * Storage failures under the secret folders are logged without the secret: paths under
	 * the private base are relative to the container ("private-…/…"), the default work folder
	 * reads "kestrel-forms-…".
	 */
	public function test_logged_storage_failures_do_not_contain_the_storage_secret(): void {
		$this->log = (string) tempnam( sys_get_temp_dir(), 'kf-log' );
		ini_set( 'error_log', $this->log ); // phpcs:ignore WordPress.PHP.IniSet.Risky
		$this->storage()->ensure();
		$secret = Storage::secret();
		$base   = $this->storage()->base();
		file_put_contents( $base . '/entries/77', 'a file where a folder should be' );
		try {
			Storage::make_dir( $base . '/entries/77/x' );
			$this->fail( 'the folder was made' );
		} catch ( UploadError $e ) {
			$this->assertSame( UploadError::STORAGE, $e->error_code );
			$this->assertStringNotContainsString( $secret, $e->getMessage() );
		}
		unlink( $base . '/entries/77' );
		$work = $this->storage()->work();
		$this->assertStringContainsString( $secret, $work, 'the default work folder is named with the secret' );
		try {
			Storage::move( $work . '/assembly/' . str_repeat( 'a', 32 ), $base . '/tmp/files/' . str_repeat( 'b', 32 ) );
			$this->fail( 'a missing file was moved' );
		} catch ( UploadError $e ) {
			$this->assertSame( UploadError::STORAGE, $e->error_code );
		}

		$log = (string) file_get_contents( $this->log );
		$this->assertStringContainsString( 'Kestrel Forms uploads: cannot create directory private-…/entries/77', $log );
		$this->assertStringContainsString( 'kestrel-forms-…/assembly/', $log );
		$this->assertStringContainsString( 'to private-…/tmp/files/', $log );
		$this->assertMatchesRegularExpression( '/Not a directory|File exists/', $log, 'still with PHP\'s reason' );
		$this->assertStringNotContainsString( $secret, $log );
	}

	public function test_concurrent_final_chunks_assemble_exactly_once(): void {
		$this->file( self::text( 3500 ), 'notes.txt' );
		$this->send( 1 );
		$this->send( 2 );
		$session = ( new UploadRepository() )->find_session( FileNames::token_hash( (string) $this->token ) );
		// Another worker won the gate and is assembling: this final chunk gets a clean 503.
		$this->assertTrue( ( new UploadRepository() )->transition_session( $session['id'], array( 'open' ), 'assembling' ) );
		$busy = $this->send( 3 );
		$this->assert_upload_error( 'kestrel_forms_upload_busy', 503, $busy );
		$this->assertSame( '2', $busy->get_headers()['Retry-After'] ?? null );
		$this->assertSame( 2, $busy->get_data()['error']['retry_after'] );
		$this->assertSame( array(), $this->records() );
		$this->assertFalse( ( new UploadRepository() )->transition_session( $session['id'], array( 'open' ), 'assembling' ), 'only one worker passes the gate' );

		// That worker died: after 5 minutes its assembly is taken over.
		global $wpdb;
		$table = Schema::tables()['upload_sessions'];
		$wpdb->query( $wpdb->prepare( "UPDATE {$table} SET updated_at = %s WHERE id = %d", gmdate( 'Y-m-d H:i:s', time() - 301 ), $session['id'] ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		$taken = $this->send( 3 );
		$this->assert_rest_status( 200, $taken );
		$done = $taken->get_data()['data'];
		$this->assertTrue( $done['complete'] );
		// Every later final chunk gets the same finished file; one record, one file.
		$this->assertSame( $done, $this->send( 3 )->get_data()['data'] );
		$this->assertSame( $done, $this->send( 2 )->get_data()['data'] );
		$this->assertCount( 1, $this->records() );
		$this->assertCount( 1, $this->stored( 'tmp/files' ) );
	}

	/* ------------------------------------------------------------------ 2. where bytes live */

	/**
	 * No uploaded byte sits at a computable path.
	 */
	public function test_no_uploaded_byte_sits_at_a_computable_path(): void {
		$marker = '<html><script>alert(document.cookie)</script></html>';
		$this->file( $marker . self::text( 3000 ), 'page.txt' );
		$this->assert_rest_status( 200, $this->send( 1 ) );
		$secret = (string) get_option( Storage::SECRET_OPTION );
		$this->assertMatchesRegularExpression( '/^[a-f0-9]{32}$/D', $secret );

		// Chunks not yet checked are outside the web root altogether (the system's temporary
		// folder here), in a folder named with the secret.
		$uploads = wp_upload_dir()['basedir'];
		$this->assertSame( array(), $this->files_holding( $uploads, $marker ), 'no unchecked byte under wp-content/uploads' );
		$this->assertSame( array(), $this->files_holding( ABSPATH, $marker ), 'nor anywhere under the web root' );
		$work = $this->storage()->work();
		$this->assertStringContainsString( 'kestrel-forms-' . $secret, $work );
		$found = $this->files_holding( $work, $marker );
		$this->assertCount( 1, $found );
		$this->assertStringNotContainsString( (string) $this->identifier, $found[0] );
		$this->assertDoesNotMatchRegularExpression( '/\.(html?|php|txt|svg)$/i', $found[0], 'no extension a server maps to a handler' );

		// Checked files wait under the secret folder, with random names and no extension.
		$this->file( self::png(), 'pixel.png' );
		$this->upload_all();
		$stored = $this->files_holding( $uploads, self::png() );
		$this->assertCount( 1, $stored );
		$this->assertMatchesRegularExpression( '#^' . preg_quote( $uploads, '#' ) . '/kestrel-forms/private-' . $secret . '/tmp/files/[a-f0-9]{32}$#D', $stored[0] );
		// The old computable place stays empty.
		$this->assertDirectoryDoesNotExist( $uploads . '/kestrel-forms/tmp' );
	}

	public function test_without_a_temporary_folder_outside_the_web_root_chunks_go_under_the_secret_folder(): void {
		$storage = new Storage();
		$secret  = Storage::secret();
		$this->assertSame( $storage->base() . '/tmp', $storage->default_work( WP_CONTENT_DIR . '/tmp-inside' ), 'not writable: missing' );
		mkdir( WP_CONTENT_DIR . '/tmp-inside' );
		$this->assertSame( $storage->base() . '/tmp', $storage->default_work( WP_CONTENT_DIR . '/tmp-inside' ), 'inside the web root' );
		rmdir( WP_CONTENT_DIR . '/tmp-inside' );
		$this->assertSame( $storage->base() . '/tmp', $storage->default_work( ABSPATH ) );
		$this->assertStringContainsString( '/private-' . $secret . '/', $storage->default_work( ABSPATH ) );
		$this->assertSame( realpath( sys_get_temp_dir() ) . '/kestrel-forms-' . $secret, $storage->default_work( sys_get_temp_dir() ) );
	}

	public function test_in_progress_data_can_live_outside_the_web_root(): void {
		$outside = $this->chunk_dir . '/outside-web-root';
		$this->use_storage( $outside );
		$this->file( self::text( 3500 ), 'notes.txt' );
		$this->send( 1 );
		$this->assertFileExists( $outside . '/chunks/' . FileNames::token_hash( (string) $this->token ) . '/1.part' );
		$this->assertSame( array(), $this->files_holding( ABSPATH, substr( $this->content, 0, 1000 ) ), 'no chunk under the web root' );
		$this->send( 2 );
		$this->assertTrue( $this->send( 3 )->get_data()['data']['complete'] );
		$this->assertSame( array(), glob( $outside . '/chunks/*', GLOB_ONLYDIR ) );
	}

	public function test_files_stored_by_the_previous_version_move_into_the_secret_folder(): void {
		$container = wp_upload_dir()['basedir'] . '/kestrel-forms';
		$this->storage()->destroy();
		delete_option( Storage::SECRET_OPTION );
		mkdir( $container . '/entries/7', 0755, true );
		mkdir( $container . '/tmp/chunks/' . str_repeat( 'a', 64 ), 0755, true );
		file_put_contents( $container . '/entries/7/' . str_repeat( 'b', 32 ), 'old entry file' );
		file_put_contents( $container . '/tmp/chunks/' . str_repeat( 'a', 64 ) . '/1.part', '<html>' );
		$storage = new Storage();
		$path    = (string) $storage->absolute( 'entries/7/' . str_repeat( 'b', 32 ) );
		$this->assertStringContainsString( '/private-', $path );
		$this->assertSame( 'old entry file', file_get_contents( $path ) );
		$this->assertDirectoryDoesNotExist( $container . '/entries' );
		$this->assertDirectoryDoesNotExist( $container . '/tmp' );
	}

	public function test_uploads_does_not_import_rest(): void {
		$this->assertSame( sprintf( UploadStore::DOWNLOAD_ROUTE, 3, 'x' ), \Kestrel\Forms\Rest\Routes::NAMESPACE . '/entries/3/files/x' );
		foreach ( glob( dirname( __DIR__, 4 ) . '/plugin/src/Uploads/*.php' ) as $file ) {
			$this->assertDoesNotMatchRegularExpression( '/^use Kestrel\\\\Forms\\\\Rest\\\\/m', (string) file_get_contents( $file ), basename( $file ) );
		}
	}

	/* ------------------------------------------------------------------------- helpers */

	/**
	 * Re-registers the upload routes over a fresh Storage whose work folder is $work.
	 *
	 * @param string|null $work Work folder (filter kestrel_forms_upload_tmp_dir), null: as filtered already.
	 */
	private function use_storage( ?string $work ): void {
		if ( null !== $work ) {
			add_filter( 'kestrel_forms_upload_tmp_dir', static fn() => $work );
		}
		$plugin = Plugin::instance();
		$store  = new UploadStore( $plugin->uploads->records, new Storage(), $plugin->forms );
		// Copies the test's file (a rename cannot cross into a stream wrapper).
		$dir    = $this->chunk_dir;
		$source = new class( $dir ) implements ChunkSource {
			public function __construct( private readonly string $dir ) {}
			public function move( array $file, string $destination ): bool {
				$tmp = (string) ( $file['tmp_name'] ?? '' );
				return dirname( $tmp ) === $this->dir && is_file( $tmp ) && copy( $tmp, $destination ) && unlink( $tmp );
			}
		};
		( new UploadsController( $plugin->forms, $store, $source ) )->register_routes( true );
	}

	/**
	 * Files under a folder whose bytes contain a string.
	 *
	 * @param string $dir    Folder.
	 * @param string $needle Bytes.
	 * @return list<string>
	 */
	private function files_holding( string $dir, string $needle ): array {
		$out = array();
		if ( ! is_dir( $dir ) ) {
			return $out;
		}
		foreach ( new \RecursiveIteratorIterator( new \RecursiveDirectoryIterator( $dir, \FilesystemIterator::SKIP_DOTS ) ) as $file ) {
			if ( $file->isFile() && $file->getSize() < 10000000 && str_contains( (string) file_get_contents( $file->getPathname() ), $needle ) ) {
				$out[] = $file->getPathname();
			}
		}
		return $out;
	}

	/**
	 * A 69-byte PNG whose header declares the given size (no pixels to speak of).
	 *
	 * @param int $width  Width.
	 * @param int $height Height.
	 */
	private static function png_declaring( int $width, int $height ): string {
		$chunk = static fn( string $type, string $data ): string => pack( 'N', strlen( $data ) ) . $type . $data . pack( 'N', crc32( $type . $data ) );
		return "\x89PNG\r\n\x1a\n"
			. $chunk( 'IHDR', pack( 'NNCCCCC', $width, $height, 8, 2, 0, 0, 0 ) )
			. $chunk( 'IDAT', (string) gzcompress( "\0\0\0\0" ) )
			. $chunk( 'IEND', '' );
	}
}
