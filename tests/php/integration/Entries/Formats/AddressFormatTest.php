<?php
/**
 * Address fields in entries: display on lines, merge tags (lines in HTML, commas in text), CSV
 * columns per shown input (no country for a US address) and privacy export.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Entries\Formats;

use Kestrel\Forms\Entries\Formats\AddressFormat;
use Kestrel\Forms\Entries\Formats\Formats;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

final class AddressFormatTest extends TestCase {

	use NewTypes;

	public function test_the_registry_gives_the_address_format(): void {
		$this->assertInstanceOf( AddressFormat::class, Formats::of( 'address' ) );
	}

	public function test_display_puts_the_stored_parts_on_lines(): void {
		$format = Formats::of( 'address' );
		$this->assertSame( "1 Main St\nSpringfield\nIllinois\n62701\nUnited States", $format->text( self::new_types_field( 4 ), self::new_types_entry() ) );
		$this->assertSame( "10 Downing Street\nFlat 1\nLondon\nSW1A 2AA\nUnited Kingdom", $format->text( self::new_types_field( 5 ), self::new_types_entry() ) );
	}

	public function test_html_is_escaped_with_line_breaks(): void {
		$entry = self::new_types_entry(
			array(
				'5.1' => '<script>x</script>',
				'5.3' => 'Paris',
			)
		);
		$this->assertSame( "&lt;script&gt;x&lt;/script&gt;<br>\nParis", Formats::of( 'address' )->html( self::new_types_field( 5 ), $entry ) );
	}

	public function test_merge_tags_lay_the_parts_out_for_the_mode(): void {
		$this->assertSame( '1 Main St, Springfield, Illinois, 62701, United States', self::tags( '{Address:4}' ) );
		$this->assertSame( "1 Main St<br>\nSpringfield<br>\nIllinois<br>\n62701<br>\nUnited States", self::tags( '{Address:4}', true ) );
		$this->assertSame( 'Springfield|62701|United Kingdom', self::tags( '{:4.3}|{:4.5}|{:5.6}' ) );
	}

	public function test_csv_has_one_column_per_shown_input(): void {
		$this->assertSame(
			array(
				'4.1 Address (Street Address)' => '1 Main St',
				'4.2 Address (Address Line 2)' => '',
				'4.3 Address (City)'           => 'Springfield',
				'4.4 Address (State)'          => 'Illinois',
				'4.5 Address (ZIP Code)'       => '62701',
			),
			self::csv( 4 )
		);
		$this->assertSame(
			array(
				'5.1 Shipping address (Street Address)'    => '10 Downing Street',
				'5.2 Shipping address (Address Line 2)'    => 'Flat 1',
				'5.3 Shipping address (City)'              => 'London',
				'5.4 Shipping address (State / Province / Region)' => '',
				'5.5 Shipping address (ZIP / Postal Code)' => 'SW1A 2AA',
				'5.6 Shipping address (Country)'           => 'United Kingdom',
			),
			self::csv( 5 )
		);
	}

	public function test_canadian_inputs_and_a_hidden_line_two(): void {
		$field = array(
			'id'          => 20,
			'type'        => 'address',
			'label'       => 'Home',
			'addressType' => 'canadian',
			'inputs'      => array(
				array(
					'id'       => '20.2',
					'isHidden' => true,
				),
				array(
					'id'       => '20.6',
					'isHidden' => false,
				),
			),
		);
		$this->assertSame(
			array(
				array( '20.1', 'Home (Street Address)' ),
				array( '20.3', 'Home (City)' ),
				array( '20.4', 'Home (Province)' ),
				array( '20.5', 'Home (Postal Code)' ),
			),
			Formats::of( 'address' )->columns( $field, null )
		);
	}

	public function test_privacy_export_is_the_display(): void {
		$this->assertSame( "1 Main St\nSpringfield\nIllinois\n62701\nUnited States", Formats::of( 'address' )->export( self::new_types_field( 4 ), self::new_types_entry() ) );
	}
}
