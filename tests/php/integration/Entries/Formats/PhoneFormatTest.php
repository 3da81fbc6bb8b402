<?php
/**
 * Phone fields in entries: the stored text everywhere, escaped in HTML.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Entries\Formats;

use Kestrel\Forms\Entries\Formats\Formats;
use Kestrel\Forms\Entries\Formats\PhoneFormat;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

final class PhoneFormatTest extends TestCase {

	use NewTypes;

	public function test_the_stored_number_everywhere(): void {
		$format = Formats::of( 'phone' );
		$field  = self::new_types_field( 6 );
		$entry  = self::new_types_entry();
		$this->assertInstanceOf( PhoneFormat::class, $format );
		$this->assertSame( '(555) 123-4567', $format->text( $field, $entry ) );
		$this->assertSame( '(555) 123-4567', $format->html( $field, $entry ) );
		$this->assertSame( '(555) 123-4567|(555) 123-4567', self::tags( '{Phone:6}|{Phone:6:value}' ) );
		$this->assertSame( '%28555%29%20123-4567', ( new \Kestrel\Forms\Entries\MergeTags() )->replace_url( '{Phone:6}', self::new_types_form(), $entry ) );
		$this->assertSame( array( '6 Phone' => '(555) 123-4567' ), self::csv( 6 ) );
		$this->assertSame( '(555) 123-4567', $format->export( $field, $entry ) );
	}

	public function test_a_formula_like_number_is_neutralised_in_the_csv(): void {
		$entry = self::new_types_entry( array( '6' => '+44 20 7946 0958' ) );
		$this->assertSame( array( '6 Phone' => '+44 20 7946 0958' ), self::csv( 6, $entry ) );
		$this->assertSame( "'+44 20 7946 0958", \Kestrel\Forms\Rest\CsvResponse::neutralise( self::csv( 6, $entry )['6 Phone'] ) );
	}
}
