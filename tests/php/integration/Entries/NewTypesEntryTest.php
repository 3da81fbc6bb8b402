<?php
/**
 * An entry with the eight types of issue 18, stored directly through the repository with the
 * values docs/field-types.md documents, read back through the entries REST routes (list and
 * detail), the CSV export and the personal-data exporter.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Entries;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Notifications\SampleEntry;
use Kestrel\Forms\Persistence\EntryRepository;
use Kestrel\Forms\Persistence\EntryWorkspaceRepository;
use Kestrel\Forms\Persistence\FormRepository;
use Kestrel\Forms\Plugin;
use Kestrel\Forms\Privacy\PersonalData;
use Kestrel\Forms\Tests\Integration\Entries\Formats\NewTypes;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

final class NewTypesEntryTest extends TestCase {

	use NewTypes;

	private int $form_id;

	private int $entry_id;

	/** The display text of each field, by label. */
	private const DISPLAY = array(
		'Name'             => 'Ada Lovelace',
		'Full name'        => 'Dr. Grace Brewster Hopper',
		'Nickname'         => 'Amazing Grace',
		'Address'          => "1 Main St\nSpringfield\nIllinois\n62701\nUnited States",
		'Shipping address' => "10 Downing Street\nFlat 1\nLondon\nSW1A 2AA\nUnited Kingdom",
		'Phone'            => '(555) 123-4567',
		'Birthday'         => '15/03/2026',
		'Arrival'          => '09:30 am',
		'Website'          => 'https://example.org/?a=1&b=2',
		'Consent'          => 'Checked: I agree to the <terms>',
		'Toppings'         => 'Cheese & onion, Pineapple',
		'Email'            => 'ada@example.org',
	);

	protected function set_up(): void {
		$this->as_admin();
		$this->form_id  = ( new FormRepository() )->create( self::new_types_definition() );
		$this->entry_id = ( new EntryRepository() )->insert( new Entry( 0, $this->form_id, self::new_types_values(), '2026-03-15 10:00:00' ) )['id'];
	}

	public function test_the_entry_routes_show_each_types_display_text(): void {
		$detail = $this->rest( 'GET', '/kestrel-forms/v1/entries/' . $this->entry_id );
		$this->assert_rest_status( 200, $detail );
		$fields = (array) $detail->get_data()['fields'];
		$this->assertSame( self::DISPLAY, array_column( $fields, 'text', 'label' ) );

		$listed = $this->rest( 'GET', '/kestrel-forms/v1/entries', null, array( 'form_id' => $this->form_id ) );
		$this->assert_rest_status( 200, $listed );
		$display = (array) $listed->get_data()[0]['display'];
		$this->assertSame( 'Dr. Grace Brewster Hopper', $display['2'] );
		$this->assertSame( 'Checked: I agree to the <terms>', $display['10'] );
		$this->assertSame( 'Cheese & onion, Pineapple', $display['11'] );
	}

	public function test_only_the_one_value_text_types_are_editable_on_the_entry_screen(): void {
		$fields   = (array) $this->rest( 'GET', '/kestrel-forms/v1/entries/' . $this->entry_id )->get_data()['fields'];
		$editable = array_column( $fields, 'editable', 'label' );
		// A phone and a website are one text value; the others are stored under input keys, in a
		// canonical form, or are the record of a consent: the screen's text box cannot write them.
		$this->assertTrue( $editable['Phone'] );
		$this->assertTrue( $editable['Website'] );
		foreach ( array( 'Birthday', 'Arrival', 'Consent', 'Toppings' ) as $label ) {
			$this->assertFalse( $editable[ $label ], $label );
		}
		$name = (string) array_search( 'Dr. Grace Brewster Hopper', array_column( $fields, 'text', 'id' ), true );
		$this->assert_rest_error( 'kestrel_forms_not_editable', 400, $this->rest( 'POST', '/kestrel-forms/v1/entries/' . $this->entry_id, array( 'values' => array( $name => 'Grace' ) ) ) );
	}

	public function test_the_csv_export_has_a_column_per_shown_input(): void {
		$records = $this->exported();
		$this->assertCount( 2, $records );
		$this->assertSame( array( 'Entry', (string) $this->entry_id ), array( $records[0][0], $records[1][0] ) );
		$this->assertSame(
			array(
				'Name (First)'                         => 'Ada',
				'Name (Last)'                          => 'Lovelace',
				'Full name (Prefix)'                   => 'Dr.',
				'Full name (First)'                    => 'Grace',
				'Full name (Middle name)'              => 'Brewster',
				'Full name (Last)'                     => 'Hopper',
				'Nickname'                             => 'Amazing Grace',
				'Address (Street Address)'             => '1 Main St',
				'Address (Address Line 2)'             => '',
				'Address (City)'                       => 'Springfield',
				'Address (State)'                      => 'Illinois',
				'Address (ZIP Code)'                   => '62701',
				'Shipping address (Street Address)'    => '10 Downing Street',
				'Shipping address (Address Line 2)'    => 'Flat 1',
				'Shipping address (City)'              => 'London',
				'Shipping address (State / Province / Region)' => '',
				'Shipping address (ZIP / Postal Code)' => 'SW1A 2AA',
				'Shipping address (Country)'           => 'United Kingdom',
				'Phone'                                => '(555) 123-4567',
				'Birthday'                             => '2026-03-15',
				'Arrival'                              => '09:30 am',
				'Website'                              => 'https://example.org/?a=1&b=2',
				'Consent'                              => 'Checked',
				'Consent (Text)'                       => 'I agree to the <terms>',
				'Consent (Description)'                => 'We keep your answers for a year.',
				'Toppings'                             => 'Cheese & onion, Pineapple',
				'Email'                                => 'ada@example.org',
			),
			array_combine( array_slice( $records[0], 4 ), array_slice( $records[1], 4 ) )
		);
	}

	public function test_the_csv_export_neutralises_a_formula_in_a_new_types_input(): void {
		( new EntryRepository() )->insert(
			new Entry(
				0,
				$this->form_id,
				array(
					'1.3' => '=HYPERLINK("http://evil")',
					'1.6' => '@SUM(A1)',
				),
				'2026-03-16 10:00:00'
			)
		);
		$newest = $this->exported()[1];
		$this->assertSame( array( '\'=HYPERLINK("http://evil")', "'@SUM(A1)" ), array_slice( $newest, 4, 2 ) );
	}

	public function test_the_privacy_exporter_shows_each_types_value(): void {
		$privacy  = new PersonalData( new EntryWorkspaceRepository(), Plugin::instance()->forms, Plugin::instance()->uploads );
		$exported = array_column( $privacy->export( 'ada@example.org' )['data'][0]['data'], 'value', 'name' );
		$expected = array( 'Consent' => "Checked: I agree to the <terms>\nWe keep your answers for a year." ) + self::DISPLAY;
		foreach ( $expected as $label => $value ) {
			$this->assertSame( $value, $exported[ $label ] ?? null, $label );
		}
	}

	public function test_a_test_notifications_sample_entry_fills_the_new_types_tags(): void {
		$sample = SampleEntry::for_form( self::new_types_form() );
		$this->assertSame(
			'Ada Lovelace|1 Main Street, Springfield, 62701, United States|Checked|I agree to the <terms>|Cheese & onion',
			self::tags( '{Name:1}|{Address:4}|{Consent:10}|{:10.2}|{Toppings:11}', false, $sample )
		);
	}

	/**
	 * The form's CSV export, header first, newest entry next.
	 *
	 * @return list<list<string>>
	 */
	private function exported(): array {
		$out = fopen( 'php://memory', 'w+b' );
		$this->rest( 'GET', '/kestrel-forms/v1/entries/export', null, array( 'form_id' => $this->form_id ) )->stream( $out );
		rewind( $out );
		fread( $out, 3 ); // The byte order mark.
		$records = array();
		for ( $record = fgetcsv( $out, null, ',', '"', '' ); false !== $record; $record = fgetcsv( $out, null, ',', '"', '' ) ) {
			$records[] = array_map( 'strval', $record );
		}
		return $records;
	}
}
