<?php
/**
 * The entries workspace REST routes: filtered lists, bulk actions, notes, edits with server
 * validation, the CSV export, and that none of it is open to subscribers or visitors.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Rest;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Persistence\EntryRepository;
use Kestrel\Forms\Persistence\Schema;
use Kestrel\Forms\Persistence\EntryWorkspaceRepository;
use Kestrel\Forms\Plugin;
use Kestrel\Forms\Privacy\PersonalData;
use Kestrel\Forms\Rest\CsvResponse;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

final class EntriesWorkspaceTest extends TestCase {

	private int $form_id;

	/** @var list<int> */
	private array $ids = array();

	protected function set_up(): void {
		$this->as_admin();
		$response      = $this->rest(
			'POST',
			'/kestrel-forms/v1/forms',
			array(
				'title'  => 'Workspace',
				'fields' => array(
					array(
						'id'         => 1,
						'type'       => 'text',
						'label'      => 'Name',
						'isRequired' => true,
					),
					array(
						'id'    => 2,
						'type'  => 'email',
						'label' => 'Email',
					),
					array(
						'id'      => 3,
						'type'    => 'select',
						'label'   => 'Plan',
						'choices' => array(
							array(
								'text'  => 'Basic plan',
								'value' => 'basic',
							),
							array(
								'text'  => 'Pro plan',
								'value' => 'pro',
							),
						),
					),
				),
			)
		);
		$this->form_id = (int) $response->get_data()['id'];
		$repo          = new EntryRepository();
		$rows          = array(
			array( 'Ada Lovelace', 'ada@example.org', 'pro', '2026-01-05 10:00:00' ),
			array( 'Grace Hopper', 'grace@example.org', 'basic', '2026-02-10 10:00:00' ),
			array( '=HYPERLINK("http://evil")', 'eve@example.org', 'basic', '2026-03-15 10:00:00' ),
		);
		foreach ( $rows as $row ) {
			$this->ids[] = $repo->insert(
				new Entry(
					0,
					$this->form_id,
					array(
						'1' => $row[0],
						'2' => $row[1],
						'3' => $row[2],
					),
					$row[3]
				)
			)['id'];
		}
	}

	/**
	 * @param array<string, mixed> $query Query.
	 * @return list<int>
	 */
	private function listed( array $query = array() ): array {
		$response = $this->rest( 'GET', '/kestrel-forms/v1/entries', null, array( 'form_id' => $this->form_id ) + $query );
		$this->assert_rest_status( 200, $response );
		return array_map( static fn( array $e ): int => $e['id'], $response->get_data() );
	}

	public function test_lists_newest_first_with_display_text_and_flags(): void {
		$response = $this->rest( 'GET', '/kestrel-forms/v1/entries', null, array( 'form_id' => $this->form_id ) );
		$data     = $response->get_data();
		$this->assertSame( array_reverse( $this->ids ), array_column( $data, 'id' ) );
		$this->assertSame( 'Pro plan', $data[2]['display']->{'3'} );
		$this->assertFalse( $data[0]['is_starred'] );
		$this->assertSame( '3', $response->get_headers()['X-WP-Total'] );
	}

	public function test_search_filters_sort_and_paging(): void {
		$this->assertSame( array( $this->ids[1] ), $this->listed( array( 'search' => 'grace@' ) ) );
		$this->assertSame( array( $this->ids[0] ), $this->listed( array( 'search' => '#' . $this->ids[0] ) ) );
		$this->assertSame(
			array( $this->ids[2], $this->ids[1] ),
			$this->listed(
				array(
					'field'       => '3',
					'field_value' => 'basic',
				)
			)
		);
		$this->assertSame(
			array( $this->ids[0] ),
			$this->listed(
				array(
					'field'          => '1',
					'field_value'    => 'love',
					'field_operator' => 'contains',
				)
			)
		);
		$this->assertSame(
			array( $this->ids[1] ),
			$this->listed(
				array(
					'date_from' => '2026-02-01',
					'date_to'   => '2026-02-28',
				)
			)
		);
		$this->assertSame(
			array( $this->ids[2], $this->ids[0], $this->ids[1] ),
			$this->listed(
				array(
					'orderby' => '1',
					'order'   => 'asc',
				)
			)
		);
		$this->assertSame(
			array( $this->ids[0] ),
			$this->listed(
				array(
					'orderby'  => 'id',
					'order'    => 'asc',
					'per_page' => 1,
				)
			)
		);
		$this->assertSame(
			array( $this->ids[1] ),
			$this->listed(
				array(
					'orderby'  => 'id',
					'order'    => 'asc',
					'per_page' => 1,
					'page'     => 2,
				)
			)
		);
		$this->assert_rest_error(
			'kestrel_forms_invalid_param',
			400,
			$this->rest(
				'GET',
				'/kestrel-forms/v1/entries',
				null,
				array(
					'form_id' => $this->form_id,
					'orderby' => 'value; DROP',
				)
			)
		);
	}

	public function test_bulk_actions_change_flags_status_and_delete_for_good(): void {
		$bulk = fn( string $action, array $ids ) => $this->rest(
			'POST',
			'/kestrel-forms/v1/entries/bulk',
			array(
				'action' => $action,
				'ids'    => $ids,
			)
		);
		$this->assertSame( 2, $bulk( 'star', array( $this->ids[0], $this->ids[1] ) )->get_data()['changed'] );
		$this->assertSame( array( $this->ids[1], $this->ids[0] ), $this->listed( array( 'starred' => true ) ) );
		$bulk( 'read', array( $this->ids[2] ) );
		$this->assertSame( array( $this->ids[1], $this->ids[0] ), $this->listed( array( 'read' => false ) ) );
		$bulk( 'spam', array( $this->ids[0] ) );
		$bulk( 'trash', array( $this->ids[1] ) );
		$this->assertSame( array( $this->ids[2] ), $this->listed( array( 'status' => 'active' ) ) );
		$this->assertSame( array( $this->ids[0] ), $this->listed( array( 'status' => 'spam' ) ) );
		$bulk( 'restore', array( $this->ids[1] ) );
		$this->assertSame( array( $this->ids[2], $this->ids[1] ), $this->listed( array( 'status' => 'active' ) ) );
		$this->rest( 'POST', '/kestrel-forms/v1/entries/' . $this->ids[0] . '/notes', array( 'note' => 'Spam, delete' ) );
		$this->assertSame( 1, $bulk( 'delete', array( $this->ids[0] ) )->get_data()['changed'] );
		$this->assert_rest_error( 'kestrel_forms_entry_not_found', 404, $this->rest( 'GET', '/kestrel-forms/v1/entries/' . $this->ids[0] ) );
		$this->assert_rest_error( 'kestrel_forms_invalid_param', 400, $bulk( 'explode', array( $this->ids[1] ) ) );
	}

	public function test_notes_are_added_listed_and_deleted(): void {
		$created = $this->rest( 'POST', '/kestrel-forms/v1/entries/' . $this->ids[0] . '/notes', array( 'note' => 'Called <b>back</b>' ) );
		$this->assert_rest_status( 201, $created );
		$this->assertSame( 'Called back', $created->get_data()['note'] );
		$detail = $this->rest( 'GET', '/kestrel-forms/v1/entries/' . $this->ids[0] )->get_data();
		$this->assertSame( array( 'Called back' ), array_column( $detail['notes'], 'note' ) );
		$this->assertSame( 'kestrel_administrator', $created->get_data()['user_name'] );
		$this->assert_rest_status( 200, $this->rest( 'DELETE', '/kestrel-forms/v1/entries/' . $this->ids[0] . '/notes/' . $created->get_data()['id'] ) );
		$this->assertSame( array(), $this->rest( 'GET', '/kestrel-forms/v1/entries/' . $this->ids[0] . '/notes' )->get_data() );
		$this->assert_rest_error( 'kestrel_forms_invalid_param', 400, $this->rest( 'POST', '/kestrel-forms/v1/entries/' . $this->ids[0] . '/notes', array( 'note' => '' ) ) );
	}

	public function test_detail_formats_values_and_links_neighbours(): void {
		$detail = $this->rest( 'GET', '/kestrel-forms/v1/entries/' . $this->ids[1] )->get_data();
		$this->assertSame( 'Workspace', $detail['form_title'] );
		$plan = $detail['fields'][2];
		$this->assertSame( array( 'Plan', 'Basic plan', true ), array( $plan['label'], $plan['text'], $plan['editable'] ) );
		$this->assertSame(
			array(
				'previous' => $this->ids[2],
				'next'     => $this->ids[0],
			),
			$detail['neighbours']
		);
	}

	public function test_detail_shows_money_rows_and_files_with_download_links(): void {
		$form_id = (int) $this->rest(
			'POST',
			'/kestrel-forms/v1/forms',
			array(
				'title'  => 'Files',
				'fields' => array(
					array(
						'id'      => 1,
						'type'    => 'list',
						'label'   => 'Items',
						'columns' => array( 'Item', 'Qty' ),
					),
					array(
						'id'                => 2,
						'type'              => 'fileupload',
						'label'             => 'Photos',
						'multipleFiles'     => true,
						'maxFiles'          => 3,
						'maxFileSize'       => 2.5,
						'allowedExtensions' => 'png, jpg',
					),
					array(
						'id'        => 9,
						'type'      => 'product',
						'label'     => 'Mug',
						'inputType' => 'singleproduct',
						'basePrice' => '12.50',
					),
					array(
						'id'    => 10,
						'type'  => 'total',
						'label' => 'Total',
					),
				),
			)
		)->get_data()['id'];
		$token   = str_repeat( 'ab', 16 );
		$pricing = array(
			'currency'      => 'EUR',
			'products'      => array(
				array(
					'fieldId'   => 9,
					'name'      => 'Mug',
					'quantity'  => '2',
					'unitMinor' => 1250,
					'options'   => array(),
					'lineMinor' => 2500,
				),
			),
			'shippingMinor' => 490,
			'totalMinor'    => 2990,
		);
		$id      = ( new EntryRepository() )->insert(
			new Entry(
				0,
				$form_id,
				array(
					'1' => array( array( 'Tea', '2' ), array( 'Cake', '1' ) ),
					'2' => array(
						array(
							'token' => $token,
							'name'  => 'cat.png',
							'size'  => 5 * 1024 * 1024,
							'mime'  => 'image/png',
						),
					),
				),
				'2026-11-01 10:00:00',
				'',
				0,
				Entry::STATUS_ACTIVE,
				$pricing
			)
		)['id'];
		$detail  = $this->rest( 'GET', '/kestrel-forms/v1/entries/' . $id )->get_data();
		$this->assertSame( "Item: Tea, Qty: 2\nItem: Cake, Qty: 1", $detail['fields'][0]['text'] );
		$this->assertSame( array( 'Item', 'Qty' ), $detail['fields'][0]['columns'] );
		$this->assertFalse( $detail['fields'][1]['editable'] );
		$this->assertSame( 'cat.png', $detail['fields'][1]['files'][0]['name'] );
		$this->assertSame( '5.0 MB', $detail['fields'][1]['files'][0]['size_text'] );
		// The entry screen's uploader checks what visitors' browsers check.
		$this->assertSame(
			array(
				'extensions' => array( 'png', 'jpg' ),
				'maxBytes'   => (int) floor( 2.5 * 1024 * 1024 ),
				'maxFiles'   => 3,
			),
			$detail['fields'][1]['upload_rules']
		);
		$this->assertNull( $detail['fields'][0]['upload_rules'] );
		// Every field's rules come from the form read once for the answer.
		$reads = 0;
		$table = Schema::tables()['forms'];
		add_filter(
			'query',
			static function ( string $query ) use ( &$reads, $table ): string {
				$reads += (int) ( str_contains( $query, $table . ' ' ) || str_ends_with( $query, $table ) );
				return $query;
			}
		);
		$this->assertEquals( $detail['fields'], $this->rest( 'GET', '/kestrel-forms/v1/entries/' . $id )->get_data()['fields'] );
		$this->assertSame( 1, $reads );
		$this->assertStringContainsString( 'entries/' . $id . '/files/' . $token, $detail['fields'][1]['files'][0]['url'] );
		$this->assertSame( '29,90 €', $detail['order']['total'] );
		// Pricing fields read as the server priced them, as money.
		$this->assertSame( 'Mug, Qty: 2, Price: 12,50 €', $detail['fields'][2]['text'] );
		$this->assertSame( '29,90 €', $detail['fields'][3]['text'] );
		$this->assertSame( '12,50 €', $detail['order']['lines'][0]['unit'] );
		$this->assertSame( '4,90 €', $detail['order']['shipping'] );
		$this->assert_rest_error( 'kestrel_forms_not_editable', 400, $this->rest( 'POST', '/kestrel-forms/v1/entries/' . $id, array( 'values' => array( '2' => array() ) ) ) );
	}

	public function test_edit_validates_on_the_server_and_changes_only_the_fields_sent(): void {
		$route = '/kestrel-forms/v1/entries/' . $this->ids[0];
		$bad   = $this->rest( 'POST', $route, array( 'values' => array( '2' => 'not an email' ) ) );
		$this->assert_rest_error( 'kestrel_forms_validation_failed', 400, $bad );
		$this->assertArrayHasKey( '2', (array) $bad->get_data()['data']['errors'] );
		$this->assert_rest_error( 'kestrel_forms_validation_failed', 400, $this->rest( 'POST', $route, array( 'values' => array( '1' => '' ) ) ) );
		$this->assert_rest_error( 'kestrel_forms_validation_failed', 400, $this->rest( 'POST', $route, array( 'values' => array( '3' => 'gold' ) ) ) );

		$ok = $this->rest( 'POST', $route, array( 'values' => array( '2' => 'ada@lovelace.example' ) ) );
		$this->assert_rest_status( 200, $ok );
		$values = (array) $ok->get_data()['values'];
		ksort( $values );
		$this->assertSame(
			array(
				1 => 'Ada Lovelace',
				2 => 'ada@lovelace.example',
				3 => 'pro',
			),
			$values
		);
		$this->assertSame( array( 'Edited: Email' ), array_column( $ok->get_data()['notes'], 'note' ) );
	}

	/**
	 * A form with an email, a list (two columns, at most 2 rows), a repeater (a required name and
	 * a number) and a text field shown only while a list cell says "Tea", and one entry of it.
	 *
	 * @return array{0: int, 1: int} Form id, entry id.
	 */
	private function rows_entry(): array {
		$form_id  = (int) $this->rest(
			'POST',
			'/kestrel-forms/v1/forms',
			array(
				'title'  => 'Rows',
				'fields' => array(
					array(
						'id'    => 1,
						'type'  => 'email',
						'label' => 'Email',
					),
					array(
						'id'         => 2,
						'type'       => 'list',
						'label'      => 'Items',
						'columns'    => array( 'Item', 'Qty' ),
						'maxRows'    => 2,
						'isRequired' => true,
					),
					array(
						'id'     => 3,
						'type'   => 'repeater',
						'label'  => 'Guests',
						'fields' => array(
							array(
								'id'         => 1,
								'type'       => 'text',
								'label'      => 'Name',
								'isRequired' => true,
							),
							array(
								'id'    => 2,
								'type'  => 'number',
								'label' => 'Age',
							),
						),
					),
					array(
						'id'               => 4,
						'type'             => 'text',
						'label'            => 'Gift note',
						'conditionalLogic' => array(
							'actionType' => 'show',
							'logicType'  => 'all',
							'rules'      => array(
								array(
									'fieldId'  => '2',
									'operator' => 'is',
									'value'    => 'Tea',
								),
							),
						),
					),
				),
			)
		)->get_data()['id'];
		$entry_id = ( new EntryRepository() )->insert(
			new Entry(
				0,
				$form_id,
				array(
					'1' => 'ada@example.org',
					'2' => array( array( 'Tea', '2' ) ),
					'3' => array( array( 'Ada', '36' ) ),
					'4' => 'With love',
				),
				'2026-05-01 10:00:00'
			)
		)['id'];
		return array( $form_id, $entry_id );
	}

	public function test_list_and_repeater_values_are_edited_as_visitors_submit_them(): void {
		list( $form_id, $id ) = $this->rows_entry();
		$route                = '/kestrel-forms/v1/entries/' . $id;

		$detail = $this->rest( 'GET', $route )->get_data();
		$this->assertTrue( $detail['fields'][1]['editable'] );
		$this->assertSame( array( 'id', 'type', 'label', 'columns', 'maxRows', 'isRequired' ), array_keys( $detail['fields'][1]['rows_definition'] ) );
		$this->assertSame( 2, $detail['fields'][1]['rows_definition']['maxRows'] );
		$this->assertSame( 'Name', $detail['fields'][2]['rows_definition']['fields'][0]['label'] );
		$this->assertNull( $detail['fields'][0]['rows_definition'] );

		// Flat cells, row after row; an empty row is dropped; a repeater number is stored canonically.
		$ok = $this->rest(
			'POST',
			$route,
			array(
				'values' => array(
					'2' => array( 'Tea', '3', '', '', 'Cake', '1' ),
					'3' => array( 'Ada', '36', 'Grace', '085' ),
				),
			)
		);
		$this->assert_rest_status( 200, $ok );
		$values = (array) $ok->get_data()['values'];
		$this->assertSame( array( array( 'Tea', '3' ), array( 'Cake', '1' ) ), $values[2] );
		$this->assertSame( array( array( 'Ada', '36' ), array( 'Grace', '85' ) ), $values[3] );
		$this->assertSame( 'With love', $values[4] );
		$this->assertSame( "Item: Tea, Qty: 3\nItem: Cake, Qty: 1", $ok->get_data()['fields'][1]['text'] );
		$this->assertSame( array( 'Edited: Items, Guests' ), array_column( $ok->get_data()['notes'], 'note' ) );

		// The CSV export and the privacy exporter show the new rows.
		$out = fopen( 'php://memory', 'w+b' );
		$this->rest( 'GET', '/kestrel-forms/v1/entries/export', null, array( 'form_id' => $form_id ) )->stream( $out );
		rewind( $out );
		fread( $out, 3 ); // Byte order mark.
		$records = array();
		$record  = fgetcsv( $out, null, ',', '"', '' );
		while ( false !== $record ) {
			$records[] = $record;
			$record    = fgetcsv( $out, null, ',', '"', '' );
		}
		$this->assertSame( array( 'Items', 'Guests' ), array_slice( $records[0], 5, 2 ) );
		$this->assertSame( array( "Item: Tea, Qty: 3\nItem: Cake, Qty: 1", "Name: Ada, Age: 36\nName: Grace, Age: 85" ), array_slice( $records[1], 5, 2 ) );
		$privacy  = new PersonalData( new EntryWorkspaceRepository(), Plugin::instance()->forms, Plugin::instance()->uploads );
		$exported = array_column( $privacy->export( 'ada@example.org' )['data'][0]['data'], 'value', 'name' );
		$this->assertSame( "Name: Ada, Age: 36\nName: Grace, Age: 85", $exported['Guests'] );

		// Editing another field keeps the stored rows, and logic reading the list still sees them.
		$this->assert_rest_status( 200, $this->rest( 'POST', $route, array( 'values' => array( '4' => 'Enjoy' ) ) ) );
		$values = (array) $this->rest( 'GET', $route )->get_data()['values'];
		$this->assertSame( array( array( 'Tea', '3' ), array( 'Cake', '1' ) ), $values[2] );
		$this->assertSame( 'Enjoy', $values[4] );
	}

	public function test_the_privacy_export_reads_each_form_once_and_the_eraser_deletes_entries(): void {
		$repo = new EntryRepository();
		$more = array();
		foreach ( array( 'pro', 'basic', 'pro' ) as $plan ) {
			$more[] = $repo->insert(
				new Entry(
					0,
					$this->form_id,
					array(
						'1' => 'Ada again',
						'2' => 'ada@example.org',
						'3' => $plan,
					),
					'2026-04-01 10:00:00'
				)
			)['id'];
		}
		$reads = 0;
		$table = Schema::tables()['forms'];
		add_filter(
			'query',
			static function ( string $query ) use ( &$reads, $table ): string {
				$reads += (int) ( str_contains( $query, $table . ' ' ) || str_ends_with( $query, $table ) );
				return $query;
			}
		);
		$privacy  = new PersonalData( new EntryWorkspaceRepository(), Plugin::instance()->forms, Plugin::instance()->uploads );
		$exported = $privacy->export( 'ada@example.org' )['data'];
		$this->assertCount( 4, $exported );
		$this->assertSame( 1, $reads, 'Four entries of one form: one read.' );
		foreach ( $exported as $item ) {
			$this->assertContains( 'ada@example.org', array_column( $item['data'], 'value' ) );
		}

		$this->assertTrue( $privacy->erase( 'ada@example.org' )['items_removed'] );
		foreach ( array_merge( array( $this->ids[0] ), $more ) as $id ) {
			$this->assertNull( $repo->find( $id ) );
		}
		$this->assertNotNull( $repo->find( $this->ids[1] ) );
	}

	public function test_list_and_repeater_edits_are_validated_on_the_server(): void {
		list( , $id ) = $this->rows_entry();
		$route        = '/kestrel-forms/v1/entries/' . $id;
		$refused      = function ( array $values ) use ( $route ): string {
			$response = $this->rest( 'POST', $route, array( 'values' => $values ) );
			$this->assert_rest_error( 'kestrel_forms_validation_failed', 400, $response );
			$errors = (array) $response->get_data()['data']['errors'];
			$this->assertCount( 1, $errors );
			return (string) reset( $errors );
		};
		// More rows than maxRows.
		$this->assertStringContainsString( '2', $refused( array( '2' => array( 'a', '1', 'b', '2', 'c', '3' ) ) ) );
		// Required list with every row empty.
		$refused( array( '2' => array( '', '' ) ) );
		// A repeater row without its required name, and one with a bad number, name their row.
		$this->assertStringContainsString( '2', $refused( array( '3' => array( 'Ada', '36', '', '40' ) ) ) );
		$this->assertStringContainsString( 'Age', $refused( array( '3' => array( 'Ada', 'old' ) ) ) );
		// Rows instead of flat cells are not what visitors send.
		$refused( array( '2' => array( array( 'Tea', '3' ) ) ) );

		$values = (array) $this->rest( 'GET', $route )->get_data()['values'];
		$this->assertSame( array( array( 'Tea', '2' ) ), $values[2] );
		$this->assertSame( array( array( 'Ada', '36' ) ), $values[3] );
	}

	/**
	 * A site far from UTC with its own formats (Settings → General); hooks are put back after
	 * each test.
	 */
	private static function in_auckland(): void {
		add_filter( 'pre_option_timezone_string', static fn(): string => 'Pacific/Auckland' );
		add_filter( 'pre_option_date_format', static fn(): string => 'd/m/Y' );
		add_filter( 'pre_option_time_format', static fn(): string => 'H:i' );
	}

	public function test_csv_and_privacy_export_show_the_sites_local_time_in_its_formats(): void {
		self::in_auckland();
		// New Zealand winter (UTC+12): 10:00 UTC is 22:00 the same day.
		$winter   = ( new EntryRepository() )->insert( new Entry( 0, $this->form_id, array( '2' => 'nz@example.org' ), '2026-07-01 10:00:00' ) )['id'];
		$response = $this->rest( 'GET', '/kestrel-forms/v1/entries/export', null, array( 'form_id' => $this->form_id ) );
		$out      = fopen( 'php://memory', 'w+b' );
		$response->stream( $out );
		rewind( $out );
		$lines = array_map( 'str_getcsv', array_filter( explode( "\n", substr( (string) stream_get_contents( $out ), 3 ) ) ) );
		$this->assertSame( 'Submitted (Pacific/Auckland)', $lines[0][1] );
		$dates = array_column( $lines, 1, 0 );
		$this->assertSame( '01/07/2026 22:00', $dates[ (string) $winter ] );
		// Summer (UTC+13): 10:00 UTC on 15 March is 23:00 there.
		$this->assertSame( '15/03/2026 23:00', $dates[ (string) $this->ids[2] ] );

		$privacy = new PersonalData( new EntryWorkspaceRepository(), Plugin::instance()->forms, Plugin::instance()->uploads );
		$rows    = array_column( $privacy->export( 'nz@example.org' )['data'][0]['data'], 'value', 'name' );
		$this->assertSame( '01/07/2026 22:00', $rows['Submitted'] );
	}

	public function test_csv_export_has_every_filtered_row_and_neutralises_formulas(): void {
		self::in_auckland();
		$this->rest(
			'POST',
			'/kestrel-forms/v1/entries/bulk',
			array(
				'action' => 'spam',
				'ids'    => array( $this->ids[1] ),
			)
		);
		$response = $this->rest(
			'GET',
			'/kestrel-forms/v1/entries/export',
			null,
			array(
				'form_id' => $this->form_id,
				'status'  => 'active',
			)
		);
		$this->assertInstanceOf( CsvResponse::class, $response );
		$this->assertStringContainsString( 'attachment', $response->get_headers()['Content-Disposition'] );
		$out = fopen( 'php://memory', 'w+b' );
		$this->assertSame( 3, $response->stream( $out ) );
		rewind( $out );
		$csv = (string) stream_get_contents( $out );
		$this->assertStringStartsWith( "\xEF\xBB\xBF", $csv );
		$lines = array_map( 'str_getcsv', array_filter( explode( "\n", substr( $csv, 3 ) ) ) );
		$this->assertSame( array( 'Entry', 'Submitted (Pacific/Auckland)', 'Status', 'Starred', 'Name', 'Email', 'Plan' ), $lines[0] );
		$this->assertSame( array( (string) $this->ids[2], '15/03/2026 23:00', 'active', '0', '\'=HYPERLINK("http://evil")', 'eve@example.org', 'Basic plan' ), $lines[1] );
		$this->assertSame( (string) $this->ids[0], $lines[2][0] );
		$this->assertCount( 3, $lines );
	}

	public function test_the_export_walks_entries_in_bounded_batches_newest_first(): void {
		$repo = new EntryRepository();
		for ( $i = 0; $i < 1197; $i++ ) {
			$repo->insert( new Entry( 0, $this->form_id, array( '1' => 'Bulk ' . $i ), '2026-04-01 00:00:00' ) );
		}
		$sizes  = array();
		$ids    = array();
		$walked = ( new \Kestrel\Forms\Persistence\EntryWorkspaceRepository() )->each_batch(
			array(
				'form_id' => $this->form_id,
				'status'  => 'all',
			),
			static function ( array $batch ) use ( &$sizes, &$ids ): void {
				$sizes[] = count( $batch );
				foreach ( $batch as $item ) {
					$ids[] = $item['entry']->id;
				}
			},
			500
		);
		$this->assertSame( 1200, $walked );
		$this->assertSame( array( 500, 500, 200 ), $sizes );
		$sorted = $ids;
		rsort( $sorted );
		$this->assertSame( $sorted, $ids );
		$this->assertCount( 1200, array_unique( $ids ) );
	}

	public function test_neutralise_covers_every_formula_start(): void {
		foreach ( array( '=1+1', '+1', '-1', '@SUM(A1)', "\t=1", "\r=1" ) as $cell ) {
			$this->assertSame( "'" . $cell, CsvResponse::neutralise( $cell ) );
		}
		$this->assertSame( 'a=1', CsvResponse::neutralise( 'a=1' ) );
	}

	public function test_subscribers_and_visitors_reach_none_of_the_routes(): void {
		$id     = $this->ids[0];
		$routes = array(
			array( 'GET', '/kestrel-forms/v1/entries?form_id=' . $this->form_id, null ),
			array( 'GET', '/kestrel-forms/v1/entries/' . $id, null ),
			array( 'POST', '/kestrel-forms/v1/entries/' . $id, array( 'values' => array( '1' => 'x' ) ) ),
			array(
				'POST',
				'/kestrel-forms/v1/entries/bulk',
				array(
					'action' => 'trash',
					'ids'    => array( $id ),
				),
			),
			array( 'GET', '/kestrel-forms/v1/entries/' . $id . '/notes', null ),
			array( 'POST', '/kestrel-forms/v1/entries/' . $id . '/notes', array( 'note' => 'x' ) ),
			array( 'DELETE', '/kestrel-forms/v1/entries/' . $id . '/notes/1', null ),
			array( 'GET', '/kestrel-forms/v1/entries/export?form_id=' . $this->form_id, null ),
		);
		foreach ( array( 'subscriber', 'anonymous' ) as $who ) {
			'subscriber' === $who ? $this->as_subscriber() : $this->as_anonymous();
			foreach ( $routes as list( $method, $route, $body ) ) {
				$this->assert_rest_error( 'kestrel_forms_forbidden', 403, $this->rest( $method, $route, $body ) );
			}
		}
		$this->as_admin();
		$this->assertSame( 'active', $this->rest( 'GET', '/kestrel-forms/v1/entries/' . $id )->get_data()['status'] );
	}
}
