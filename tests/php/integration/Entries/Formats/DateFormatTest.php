<?php
/**
 * Date fields in entries: stored Y-m-d, shown in the field's format, Y-m-d in the CSV.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Entries\Formats;

use Kestrel\Forms\Entries\Formats\DateFormat;
use Kestrel\Forms\Entries\Formats\Formats;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

final class DateFormatTest extends TestCase {

	use NewTypes;

	public function test_display_follows_the_date_format(): void {
		$format = Formats::of( 'date' );
		$entry  = self::new_types_entry();
		$this->assertInstanceOf( DateFormat::class, $format );
		$expected = array(
			'mdy'       => '03/15/2026',
			'dmy'       => '15/03/2026',
			'dmy_dash'  => '15-03-2026',
			'dmy_dot'   => '15.03.2026',
			'ymd_slash' => '2026/03/15',
			'ymd_dash'  => '2026-03-15',
			'ymd_dot'   => '2026.03.15',
		);
		foreach ( $expected as $date_format => $text ) {
			$this->assertSame( $text, $format->text( array( 'dateFormat' => $date_format ) + self::new_types_field( 7 ), $entry ), $date_format );
		}
		$field = self::new_types_field( 7 );
		unset( $field['dateFormat'] );
		$this->assertSame( '03/15/2026', $format->text( $field, $entry ), 'mdy when absent' );
	}

	public function test_a_value_that_is_not_a_stored_date_shows_as_stored(): void {
		$format = Formats::of( 'date' );
		$this->assertSame( '2026-02-30', $format->text( self::new_types_field( 7 ), self::new_types_entry( array( '7' => '2026-02-30' ) ) ) );
		$this->assertSame( '', $format->text( self::new_types_field( 7 ), self::new_types_entry( array() ) ) );
	}

	public function test_merge_tags_csv_and_privacy(): void {
		$this->assertSame( '15/03/2026|2026-03-15', self::tags( '{Birthday:7}|{Birthday:7:value}' ) );
		$this->assertSame( array( '7 Birthday' => '2026-03-15' ), self::csv( 7 ) );
		$this->assertSame( '15/03/2026', Formats::of( 'date' )->export( self::new_types_field( 7 ), self::new_types_entry() ) );
		$this->assertSame( '15/03/2026', Formats::of( 'date' )->html( self::new_types_field( 7 ), self::new_types_entry() ) );
	}
}
