<?php
/**
 * An admin attaches files to an entry's upload field (POST /entries/{id}/files): the visitors'
 * chunk route and checks, the field's limit counting the files already there, the files moved
 * to the entry and downloadable, and nobody else may do it.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Uploads;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Plugin;

final class EntryAttachTest extends UploadsTestCase {

	/**
	 * Uploads a small text file to field 3; returns its token.
	 *
	 * @param string $name File name.
	 */
	private function uploaded( string $name ): string {
		$this->field_id = 3;
		$this->file( self::text( 1500 ) . $name, $name );
		$data = array();
		foreach ( array_keys( $this->chunks() ) as $i ) {
			$response = $this->send( $i + 1 );
			$this->assert_rest_status( 200, $response );
			$data = $response->get_data()['data'];
		}
		$this->assertTrue( $data['complete'] );
		return $data['temp_filename'];
	}

	private function attach( int $entry_id, array $tokens, int $field_id = 3 ) {
		return $this->rest(
			'POST',
			'/kestrel-forms/v1/entries/' . $entry_id . '/files',
			array(
				'field_id'  => $field_id,
				'upload_id' => self::UPLOAD_ID,
				'tokens'    => $tokens,
			)
		);
	}

	public function test_an_admin_attaches_files_within_the_field_limit(): void {
		$entry_id = Plugin::instance()->entries->insert( new Entry( 0, $this->form_id, array( '1' => 'Ada' ), gmdate( 'Y-m-d H:i:s' ) ) )['id'];
		$first    = $this->uploaded( 'a.txt' );
		$second   = $this->uploaded( 'b.txt' );
		$third    = $this->uploaded( 'c.txt' );

		$this->as_subscriber();
		$this->assert_rest_error( 'kestrel_forms_forbidden', 403, $this->attach( $entry_id, array( $first ) ) );
		$this->as_anonymous();
		$this->assert_rest_error( 'kestrel_forms_forbidden', 403, $this->attach( $entry_id, array( $first ) ) );

		$this->as_admin();
		$this->assert_rest_error( 'kestrel_forms_not_editable', 400, $this->attach( $entry_id, array( $first ), 1 ) );
		$response = $this->attach( $entry_id, array( $first ) );
		$this->assert_rest_status( 200, $response );
		$field = $response->get_data()['fields'][2];
		$this->assertSame( array( 'a.txt' ), array_column( $field['files'], 'name' ) );
		$this->assertSame( array( 'Attached a.txt to Photos' ), array_column( $response->get_data()['notes'], 'note' ) );
		$this->assertSame( array( 'a.txt' ), array_column( Plugin::instance()->uploads->files_of_entry( $entry_id ), 'name' ) );

		// A token already claimed is unknown; the limit (2) counts the file already attached.
		$this->assert_rest_error( 'kestrel_forms_upload_unknown', 400, $this->attach( $entry_id, array( $first ) ) );
		$too_many = $this->attach( $entry_id, array( $second, $third ) );
		$this->assert_rest_error( 'kestrel_forms_upload_too_many', 400, $too_many );
		$this->assertSame( 'You can upload at most 2 files here.', $too_many->get_data()['message'], 'The uploads\' own text.' );
		$this->assert_rest_status( 200, $this->attach( $entry_id, array( $second ) ) );
		$this->assertSame( array( 'a.txt', 'b.txt' ), array_column( Plugin::instance()->entries->find( $entry_id )->values['3'], 'name' ) );
	}

	public function test_of_two_requests_naming_the_same_file_only_the_first_attaches_it(): void {
		$entry_a = Plugin::instance()->entries->insert( new Entry( 0, $this->form_id, array( '1' => 'Ada' ), gmdate( 'Y-m-d H:i:s' ) ) )['id'];
		$entry_b = Plugin::instance()->entries->insert( new Entry( 0, $this->form_id, array( '1' => 'Bob' ), gmdate( 'Y-m-d H:i:s' ) ) )['id'];
		$token   = $this->uploaded( 'shared.txt' );
		$file_id = (string) $this->records()[0]['token'];
		$this->as_admin();

		// The other request takes the file after this one's claim passed, before its values are
		// stored (the moment the values' transaction starts).
		$raced = false;
		add_filter(
			'query',
			static function ( string $query ) use ( &$raced, $file_id, $entry_b ): string {
				if ( ! $raced && 'START TRANSACTION' === $query ) {
					$raced = true;
					Plugin::instance()->uploads->reserve( array( $file_id ), $entry_b );
				}
				return $query;
			}
		);
		$response = $this->attach( $entry_a, array( $token ) );
		$this->assertTrue( $raced );
		$this->assert_rest_error( 'kestrel_forms_upload_unknown', 400, $response );
		$this->assertArrayNotHasKey( '3', Plugin::instance()->entries->find( $entry_a )->values, 'The entry lists no file it does not own.' );
		$this->assertSame( array(), Plugin::instance()->uploads->files_of_entry( $entry_a ) );
		$this->assertSame( array( 'shared.txt' ), array_column( Plugin::instance()->uploads->files_of_entry( $entry_b ), 'name' ) );
		$detail = $this->rest( 'GET', '/kestrel-forms/v1/entries/' . $entry_a )->get_data();
		$this->assertSame( array(), $detail['notes'], 'No "Attached" note.' );
	}

	public function test_files_are_not_attached_for_a_trashed_form(): void {
		$entry_id = Plugin::instance()->entries->insert( new Entry( 0, $this->form_id, array( '1' => 'Ada' ), gmdate( 'Y-m-d H:i:s' ) ) )['id'];
		$token    = $this->uploaded( 'late.txt' );
		Plugin::instance()->forms->set_status( $this->form_id, 'trash' );
		$this->as_admin();
		$this->assert_rest_error( 'kestrel_forms_upload_unknown', 400, $this->attach( $entry_id, array( $token ) ) );
		$this->assertSame( array(), Plugin::instance()->uploads->files_of_entry( $entry_id ) );
	}
}
