<?php
/**
 * Multi-select fields in entries: the chosen choices' texts, comma-separated.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Entries\Formats;

use Kestrel\Forms\Entries\Formats\Formats;
use Kestrel\Forms\Entries\Formats\MultiselectFormat;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

final class MultiselectFormatTest extends TestCase {

	use NewTypes;

	public function test_display_shows_the_choice_texts(): void {
		$format = Formats::of( 'multiselect' );
		$field  = self::new_types_field( 11 );
		$this->assertInstanceOf( MultiselectFormat::class, $format );
		$this->assertSame( 'Cheese & onion, Pineapple', $format->text( $field, self::new_types_entry() ) );
		$this->assertSame( 'Cheese &amp; onion, Pineapple', $format->html( $field, self::new_types_entry() ) );
		$this->assertSame( '', $format->text( $field, self::new_types_entry( array() ) ) );
		// A value no longer among the choices shows as stored; a list kept as GF writes it reads the same.
		$this->assertSame( 'Ham, olive', $format->text( $field, self::new_types_entry( array( '11' => array( 'ham', 'olive' ) ) ) ) );
		$this->assertSame( 'Ham, Pineapple', $format->text( $field, self::new_types_entry( array( '11' => '["ham","pineapple"]' ) ) ) );
	}

	public function test_merge_tags_csv_and_privacy(): void {
		$this->assertSame( 'Cheese & onion, Pineapple|cheese, pineapple', self::tags( '{Toppings:11}|{Toppings:11:value}' ) );
		$this->assertSame( 'Cheese &amp; onion, Pineapple', self::tags( '{Toppings:11}', true ) );
		$this->assertSame( array( '11 Toppings' => 'Cheese & onion, Pineapple' ), self::csv( 11 ) );
		$this->assertSame( 'Cheese & onion, Pineapple', Formats::of( 'multiselect' )->export( self::new_types_field( 11 ), self::new_types_entry() ) );
	}
}
