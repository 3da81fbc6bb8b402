<?php
/**
 * Claiming uploaded files, entry files, downloads and the cleanup job.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Uploads;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Persistence\Schema;
use Kestrel\Forms\Plugin;
use Kestrel\Forms\Rest\FileResponse;
use Kestrel\Forms\Rest\StreamedResponse;
use Kestrel\Forms\Uploads\CleanupJob;
use Kestrel\Forms\Rest\ErrorMapper;
use Kestrel\Forms\Uploads\FileNames;
use Kestrel\Forms\Uploads\UploadError;
use Kestrel\Forms\Uploads\UploadStore;
use WP_Error;
use WP_REST_Request;

final class UploadStoreTest extends UploadsTestCase {

	private function store(): UploadStore {
		return Plugin::instance()->uploads;
	}

	/**
	 * Uploads a small text file to a field; returns its token.
	 *
	 * @param string $name     File name.
	 * @param int    $field_id Field.
	 * @param string $upload   Upload id.
	 */
	private function uploaded( string $name, int $field_id = 2, string $upload = self::UPLOAD_ID ): string {
		$this->field_id = $field_id;
		$this->file( self::text( 1500 ) . $name, $name );
		$data = $this->upload_all_with( $upload );
		$this->assertTrue( $data['complete'] );
		return $data['temp_filename'];
	}

	/**
	 * @param string $upload Upload id.
	 * @return array<string, mixed>
	 */
	private function upload_all_with( string $upload ): array {
		$data = array();
		foreach ( array_keys( $this->chunks() ) as $i ) {
			$response = $this->send( $i + 1, array( 'upload_id' => $upload ) );
			$this->assert_rest_status( 200, $response );
			$data = $response->get_data()['data'];
		}
		return $data;
	}

	private function entry(): int {
		$stored = Plugin::instance()->entries->insert( new Entry( 0, $this->form_id, array( '1' => 'Ada' ), gmdate( 'Y-m-d H:i:s' ), '', 0 ) );
		return $stored['id'];
	}

	private function assert_unknown( callable $claim, string $code = UploadError::UNKNOWN ): void {
		try {
			$claim();
			$this->fail( 'claim() accepted it' );
		} catch ( UploadError $e ) {
			$this->assertSame( $code, $e->error_code );
			$this->assertSame( 400, $e->status() );
			$error = ErrorMapper::upload_error( $e );
			$this->assertSame( array( 'status' => 400 ), $error->get_error_data() );
			$this->assertNotSame( '', $error->get_error_message() );
		}
	}

	/**
	 * The record id (for attach(), reserve(), downloads) of the file a session uploaded.
	 *
	 * @param string $session Session token.
	 */
	private function file_id( string $session ): string {
		foreach ( $this->records() as $record ) {
			if ( FileNames::token_hash( $session ) === $record['upload_key'] ) {
				return (string) $record['token'];
			}
		}
		$this->fail( 'no record for this session' );
	}

	public function test_claim_returns_only_files_issued_for_this_form_field_and_upload(): void {
		$mine        = $this->uploaded( 'a.txt', 3 );
		$mine2       = $this->uploaded( 'b.txt', 3 );
		$other_field = $this->uploaded( 'c.txt', 2 );

		$files = $this->store()->claim( $this->form_id, 3, 'ABCDEF12', array( $mine2, $mine, $mine ) );
		$this->assertSame(
			array(
				array(
					'token' => $this->file_id( $mine2 ),
					'name'  => 'b.txt',
					'size'  => 1505,
					'mime'  => 'text/plain',
				),
				array(
					'token' => $this->file_id( $mine ),
					'name'  => 'a.txt',
					'size'  => 1505,
					'mime'  => 'text/plain',
				),
			),
			$files
		);
		$this->assertSame( array(), $this->store()->claim( $this->form_id, 3, self::UPLOAD_ID, array() ) );

		$this->assert_unknown( fn() => $this->store()->claim( $this->form_id, 3, self::UPLOAD_ID, array( $mine, $other_field ) ) );
		$this->assert_unknown( fn() => $this->store()->claim( $this->form_id, 2, self::UPLOAD_ID, array( $mine ) ) );
		$this->assert_unknown( fn() => $this->store()->claim( 987654, 3, self::UPLOAD_ID, array( $mine ) ) );
		$this->assert_unknown( fn() => $this->store()->claim( $this->form_id, 3, self::UPLOAD_ID, array( str_repeat( 'a', 64 ) ) ) );
		// The file's own id (in entries and download URLs) does not claim it: only the session token.
		$this->assert_unknown( fn() => $this->store()->claim( $this->form_id, 3, self::UPLOAD_ID, array( $this->file_id( $mine ) ) ) );
		$this->assert_unknown( fn() => $this->store()->claim( $this->form_id, 3, self::UPLOAD_ID, array( '../../wp-config.php' ) ) );
		$this->assert_unknown( fn() => $this->store()->claim( $this->form_id, 3, self::UPLOAD_ID, array( array( $mine ) ) ) );
		// The browser's name for the file is never trusted: only a token counts.
		$this->assert_unknown( fn() => $this->store()->claim( $this->form_id, 3, self::UPLOAD_ID, array( 'a.txt' ) ) );
	}

	public function test_claim_enforces_the_fields_file_limit(): void {
		$one   = $this->uploaded( 'a.txt', 3 );
		$two   = $this->uploaded( 'b.txt', 3 );
		$three = $this->uploaded( 'c.txt', 3 );
		try {
			$this->store()->claim( $this->form_id, 3, self::UPLOAD_ID, array( $one, $two, $three ) );
			$this->fail( 'three files claimed' );
		} catch ( UploadError $e ) {
			$result = ErrorMapper::upload_error( $e );
			$this->assertSame( 'kestrel_forms_upload_too_many', $result->get_error_code() );
			$this->assertSame( 400, $result->get_error_data()['status'] );
			$this->assertSame( 'You can upload at most 2 files here.', $result->get_error_message() );
		}

		// Field 2 takes a single file.
		$a = $this->uploaded( 'a.txt', 2 );
		$b = $this->uploaded( 'b.txt', 2 );
		$this->assert_unknown( fn() => $this->store()->claim( $this->form_id, 2, self::UPLOAD_ID, array( $a, $b ) ), UploadError::TOO_MANY );
		$this->assertCount( 1, $this->store()->claim( $this->form_id, 2, self::UPLOAD_ID, array( $b ) ) );
	}

	public function test_attach_moves_files_to_the_entry_once(): void {
		$session  = $this->uploaded( 'cv.txt', 2 );
		$token    = $this->file_id( $session );
		$entry_id = $this->entry();
		$this->store()->attach( array( $token, 'junk' ), $entry_id );

		$record = $this->records()[0];
		$this->assertSame( (string) $entry_id, (string) $record['entry_id'] );
		$this->assertMatchesRegularExpression( "#^entries/{$entry_id}/[a-f0-9]{32}$#D", $record['path'] );
		$this->assertSame( array(), $this->stored( 'tmp/files' ) );
		$this->assertCount( 1, $this->stored( 'entries' ) );

		// Claimed files cannot be claimed or attached again.
		$this->assert_unknown( fn() => $this->store()->claim( $this->form_id, 2, self::UPLOAD_ID, array( $session ) ) );
		$other = $this->entry();
		$this->store()->attach( array( $token ), $other );
		$this->assertSame( (string) $entry_id, (string) $this->records()[0]['entry_id'] );
		$this->assertSame( array(), $this->store()->files_of_entry( $other ) );

		// A new upload of the same file (same identity) is a new file, not the claimed one.
		$this->file( self::text( 1500 ) . 'cv.txt', 'cv.txt' );
		$again = $this->upload_all()['temp_filename'];
		$this->assertNotSame( $session, $again );
	}

	public function test_two_submissions_naming_the_same_files_store_only_the_first(): void {
		$first_session  = $this->uploaded( 'a.txt', 3 );
		$second_session = $this->uploaded( 'b.txt', 3 );
		// Both submissions pass the claim check before either is stored (the race).
		$tokens = array_column( $this->store()->claim( $this->form_id, 3, self::UPLOAD_ID, array( $first_session, $second_session ) ), 'token' );
		$this->assertCount( 2, $tokens );
		list( $first, $second ) = $tokens;
		$this->assertCount( 1, $this->store()->claim( $this->form_id, 3, self::UPLOAD_ID, array( $second_session ) ) );

		$entries = Plugin::instance()->entries;
		$entry   = new Entry( 0, $this->form_id, array( '1' => 'Ada' ), gmdate( 'Y-m-d H:i:s' ), '', 0 );
		$won     = $entries->insert( $entry, null, fn( int $id ): bool => $this->store()->reserve( $tokens, $id ) );
		$this->assertTrue( $won['created'] );

		// The second one names a file the first took: nothing of it is stored.
		$lost = $entries->insert( $entry, null, fn( int $id ): bool => $this->store()->reserve( array( $second ), $id ) );
		$this->assertSame(
			array(
				'id'      => 0,
				'created' => false,
				'refused' => true,
			),
			$lost
		);
		global $wpdb;
		$table = Schema::tables()['entries'];
		$this->assertSame( '1', (string) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$table} WHERE form_id = %d", $this->form_id ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared

		// The winner's files are all its own, moved by attach() after the commit.
		$this->store()->attach( $tokens, $won['id'] );
		$this->assertSame( array( 'a.txt', 'b.txt' ), array_column( $this->store()->files_of_entry( $won['id'] ), 'name' ) );
		foreach ( $this->records() as $record ) {
			$this->assertSame( (string) $won['id'], (string) $record['entry_id'] );
		}

		// A reservation that fails half-way takes nothing: the first mark is rolled back too.
		$third_session = $this->uploaded( 'c.txt', 3 );
		$third         = $this->file_id( $third_session );
		$mixed         = $entries->insert( $entry, null, fn( int $id ): bool => $this->store()->reserve( array( $third, $first ), $id ) );
		$this->assertTrue( $mixed['refused'] ?? false );
		$this->assertCount( 1, $this->store()->claim( $this->form_id, 3, self::UPLOAD_ID, array( $third_session ) ) );
	}

	public function test_entry_files_are_listed_and_downloadable_by_managers_only(): void {
		$token    = $this->file_id( $this->uploaded( 'Résumé "2026".txt', 2 ) );
		$entry_id = $this->entry();
		$this->store()->attach( array( $token ), $entry_id );
		$route = "/kestrel-forms/v1/entries/{$entry_id}/files/{$token}";

		$this->as_admin();
		$files = $this->store()->files_of_entry( $entry_id );
		$this->assertCount( 1, $files );
		$this->assertSame( array( 'token', 'field_id', 'name', 'size', 'mime', 'url' ), array_keys( $files[0] ) );
		$this->assertSame( 2, $files[0]['field_id'] );
		$this->assertSame( 'Resume-2026.txt', $files[0]['name'] );
		$this->assertSame( 1500 + strlen( 'Résumé "2026".txt' ), $files[0]['size'] );
		$this->assertStringContainsString( rest_url( ltrim( $route, '/' ) ), $files[0]['url'] );
		$this->assertStringContainsString( '_wpnonce=', $files[0]['url'] );

		$response = $this->rest( 'GET', $route );
		$this->assertInstanceOf( FileResponse::class, $response );
		$this->assert_rest_status( 200, $response );
		$headers = $response->get_headers();
		$this->assertSame( 'text/plain', $headers['Content-Type'] );
		$this->assertSame( 'nosniff', $headers['X-Content-Type-Options'] );
		$this->assertSame( 'attachment; filename="Resume-2026.txt"; filename*=UTF-8\'\'Resume-2026.txt', $headers['Content-Disposition'] );
		$this->assertSame( (string) $files[0]['size'], $headers['Content-Length'] );
		$out = fopen( 'php://temp', 'w+b' );
		$this->assertSame( $files[0]['size'], $response->stream( $out ) );
		rewind( $out );
		$this->assertSame( self::text( 1500 ) . 'Résumé "2026".txt', stream_get_contents( $out ) );
		// StreamedResponse::serve() only takes over for streamed responses.
		$this->assertFalse( StreamedResponse::serve( false, rest_ensure_response( array() ), new WP_REST_Request( 'GET', $route ) ) );
		$this->assertTrue( StreamedResponse::serve( false, $response, new WP_REST_Request( 'HEAD', $route ) ) );

		// Not the entry's file, not a file, not a token.
		$this->assert_rest_error( 'kestrel_forms_file_not_found', 404, $this->rest( 'GET', '/kestrel-forms/v1/entries/' . ( $entry_id + 1 ) . "/files/{$token}" ) );
		$this->assert_rest_error( 'kestrel_forms_file_not_found', 404, $this->rest( 'GET', "/kestrel-forms/v1/entries/{$entry_id}/files/" . str_repeat( 'b', 32 ) ) );
		$this->assert_rest_error( 'rest_no_route', 404, $this->rest( 'GET', "/kestrel-forms/v1/entries/{$entry_id}/files/..%2F..%2Fwp-config.php" ) );

		$this->as_anonymous();
		$this->assert_rest_error( 'kestrel_forms_forbidden', 403, $this->rest( 'GET', $route ) );
		$this->as_subscriber();
		$this->assert_rest_error( 'kestrel_forms_forbidden', 403, $this->rest( 'GET', $route ) );
		$this->as_role( 'editor' );
		$this->assert_rest_error( 'kestrel_forms_forbidden', 403, $this->rest( 'GET', $route ) );
	}

	public function test_unclaimed_files_cannot_be_downloaded(): void {
		$token = $this->file_id( $this->uploaded( 'a.txt', 2 ) );
		$this->as_admin();
		$this->assert_rest_error( 'kestrel_forms_file_not_found', 404, $this->rest( 'GET', "/kestrel-forms/v1/entries/1/files/{$token}" ) );
	}

	public function test_deleting_an_entry_or_a_form_deletes_its_files(): void {
		$kept    = $this->file_id( $this->uploaded( 'kept.txt', 2 ) );
		$gone    = $this->file_id( $this->uploaded( 'gone.txt', 3 ) );
		$entry_a = $this->entry();
		$entry_b = $this->entry();
		$this->store()->attach( array( $kept ), $entry_a );
		$this->store()->attach( array( $gone ), $entry_b );

		$this->store()->delete_for_entries( array( $entry_b ) );
		$this->assertSame( array( $kept ), array_column( $this->records(), 'token' ) );
		$this->assertFileDoesNotExist( $this->storage()->base() . "/entries/{$entry_b}" );

		$this->uploaded( 'unclaimed.txt', 3 );
		$this->assertCount( 2, $this->records() );
		$this->as_admin();
		$this->assert_rest_status( 200, $this->rest( 'DELETE', "/kestrel-forms/v1/forms/{$this->form_id}", null, array( 'force' => 'true' ) ) );
		$this->assertSame( array(), $this->records() );
		$this->assertSame( array(), $this->stored( 'entries' ) );
		$this->assertSame( array(), $this->stored( 'tmp/files' ) );
	}

	public function test_deleting_several_entries_deletes_the_files_of_each(): void {
		$first   = $this->file_id( $this->uploaded( 'first.txt', 2 ) );
		$second  = $this->file_id( $this->uploaded( 'second.txt', 3 ) );
		$kept    = $this->file_id( $this->uploaded( 'kept.txt', 3 ) );
		$entry_a = $this->entry();
		$entry_b = $this->entry();
		$entry_c = $this->entry();
		$this->store()->attach( array( $first ), $entry_a );
		$this->store()->attach( array( $second ), $entry_b );
		$this->store()->attach( array( $kept ), $entry_c );

		$this->store()->delete_for_entries( array( $entry_a, $entry_b, $entry_a ) );
		$this->assertSame( array( $kept ), array_column( $this->records(), 'token' ) );
		$this->assertFileDoesNotExist( $this->storage()->base() . "/entries/{$entry_a}" );
		$this->assertFileDoesNotExist( $this->storage()->base() . "/entries/{$entry_b}" );
		$this->assertNotNull( $this->store()->file_of_entry( $entry_c, $kept ) );
		$this->store()->delete_for_entries( array() );
		$this->assertCount( 1, $this->records() );
	}

	public function test_a_form_the_caller_holds_is_not_read_again(): void {
		$one  = $this->uploaded( 'a.txt', 3 );
		$form = Plugin::instance()->forms->find( $this->form_id );
		$this->assertNotNull( $form );
		$reads = $this->count_form_reads();
		$this->assertSame( 2, $this->store()->policy( $form, 3 )->max_files );
		$this->assertNull( $this->store()->policy( $form, 1 ), 'Not an upload field.' );
		$this->assertSame( array( $this->file_id( $one ) ), array_column( $this->store()->claim( $form, 3, self::UPLOAD_ID, array( $one ) ), 'token' ) );
		$this->assertSame( 0, $reads(), 'No read of the forms table.' );
		// By id, as before: read, active forms only.
		$this->assertSame( 2, $this->store()->policy( $this->form_id, 3 )->max_files );
		$this->assertSame( 1, $reads() );
		Plugin::instance()->forms->set_status( $this->form_id, 'trash' );
		$this->assertNull( $this->store()->policy( $this->form_id, 3 ) );
		$this->assert_unknown( fn() => $this->store()->claim( $this->form_id, 3, self::UPLOAD_ID, array( $one ) ) );
	}

	/**
	 * Counts the queries on the forms table from now on.
	 *
	 * @return callable(): int How many so far.
	 */
	private function count_form_reads(): callable {
		$count = 0;
		$table = Schema::tables()['forms'];
		add_filter(
			'query',
			static function ( string $query ) use ( &$count, $table ): string {
				if ( str_contains( $query, $table . ' ' ) || str_ends_with( $query, $table ) ) {
					++$count;
				}
				return $query;
			}
		);
		return static function () use ( &$count ): int {
			return $count;
		};
	}

	public function test_the_cleanup_job_is_scheduled_hourly_and_cleared_on_deactivation(): void {
		$this->assertNotFalse( wp_next_scheduled( CleanupJob::HOOK ), 'scheduled on activation / init' );
		$this->assertSame( 'hourly', wp_get_schedule( CleanupJob::HOOK ) );
		Plugin::deactivate();
		$this->assertFalse( wp_next_scheduled( CleanupJob::HOOK ) );
		Plugin::activate();
		$this->assertSame( 'hourly', wp_get_schedule( CleanupJob::HOOK ) );
		$first = wp_next_scheduled( CleanupJob::HOOK );
		CleanupJob::schedule();
		$this->assertSame( $first, wp_next_scheduled( CleanupJob::HOOK ), 'scheduling again changes nothing' );
		$this->assertSame( 1, count( array_filter( _get_cron_array(), static fn( array $hooks ): bool => isset( $hooks[ CleanupJob::HOOK ] ) ) ) );
		$this->assertSame( 10, has_action( CleanupJob::HOOK, array( Plugin::class, 'clean_up_uploads' ) ) );
	}

	public function test_the_cleanup_job_removes_what_is_older_than_a_day(): void {
		global $wpdb;
		$old_token   = $this->uploaded( 'old.txt', 3 );
		$fresh_token = $this->uploaded( 'fresh.txt', 3 );
		$claimed     = $this->file_id( $this->uploaded( 'claimed.txt', 2 ) );
		$this->store()->attach( array( $claimed ), $this->entry() );
		$table    = Schema::tables()['uploads'];
		$long_ago = gmdate( 'Y-m-d H:i:s', time() - DAY_IN_SECONDS - 60 );
		$wpdb->query( $wpdb->prepare( "UPDATE {$table} SET created_at = %s WHERE token IN (%s, %s)", $long_ago, $this->file_id( $old_token ), $claimed ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared

		// An abandoned upload (one chunk of three, a day old), one in progress, a stray file, a
		// chunk folder of no session, and an expired session with no chunk.
		$this->file( self::text( 3500 ), 'abandoned.txt' );
		$this->send( 1 );
		$abandoned = $this->storage()->chunk_dir( FileNames::token_hash( (string) $this->token ) );
		$this->file( self::text( 3600 ), 'active.txt' );
		$this->send( 1 );
		$active = $this->storage()->chunk_dir( FileNames::token_hash( (string) $this->token ) );
		$dirs   = $this->storage()->temp_dirs();
		$then   = time() - DAY_IN_SECONDS - 60;
		$this->assertFileExists( $abandoned . '/1.part' );
		touch( $abandoned . '/1.part', $then );
		touch( $abandoned, $then );
		$sessions = Schema::tables()['upload_sessions'];
		$wpdb->query( $wpdb->prepare( "UPDATE {$sessions} SET created_at = %s WHERE token_hash = %s", $long_ago, basename( $abandoned ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		$orphan = $dirs['files'] . '/' . str_repeat( 'c', 32 );
		file_put_contents( $orphan, 'left by a crashed assembly' );
		touch( $orphan, $then );
		$assembly = $dirs['assembly'] . '/' . str_repeat( 'd', 32 );
		file_put_contents( $assembly, 'left by a crashed assembly' );
		touch( $assembly, $then );
		$stray = $dirs['chunks'] . '/' . str_repeat( 'e', 64 );
		mkdir( $stray );
		$this->assertSame( 5, (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$sessions}" ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared

		do_action( CleanupJob::HOOK );

		$this->assertEqualsCanonicalizing( array( $this->file_id( $fresh_token ), $claimed ), array_column( $this->records(), 'token' ) );
		$this->assertCount( 1, $this->stored( 'tmp/files' ), 'only the fresh unclaimed file is left' );
		$this->assertCount( 1, $this->stored( 'entries' ) );
		$this->assertFileDoesNotExist( $abandoned );
		$this->assertFileExists( $active . '/1.part' );
		$this->assertFileDoesNotExist( $orphan );
		$this->assertFileDoesNotExist( $assembly );
		$this->assertFileDoesNotExist( $stray );
		$this->assertSame( 4, (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$sessions}" ), 'the abandoned session is gone' ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared

		// The expired token is gone for good.
		$this->assert_unknown( fn() => $this->store()->claim( $this->form_id, 3, self::UPLOAD_ID, array( $old_token ) ) );
	}

}
