<?php
/**
 * Time fields in entries: the stored time (already in the field's format) everywhere.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Entries\Formats;

use Kestrel\Forms\Entries\Formats\Formats;
use Kestrel\Forms\Entries\Formats\TimeFormat;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

final class TimeFormatTest extends TestCase {

	use NewTypes;

	public function test_the_stored_time_everywhere(): void {
		$format = Formats::of( 'time' );
		$field  = self::new_types_field( 8 );
		$entry  = self::new_types_entry();
		$this->assertInstanceOf( TimeFormat::class, $format );
		$this->assertSame( '09:30 am', $format->text( $field, $entry ) );
		$this->assertSame( '09:30 am', $format->html( $field, $entry ) );
		$this->assertSame( '09:30 am', self::tags( '{Arrival:8}' ) );
		$this->assertSame( array( '8 Arrival' => '09:30 am' ), self::csv( 8 ) );
		$this->assertSame( '09:30 am', $format->export( $field, $entry ) );
		$this->assertSame( '17:05', $format->text( array( 'timeFormat' => '24' ) + $field, self::new_types_entry( array( '8' => '17:05' ) ) ) );
	}
}
