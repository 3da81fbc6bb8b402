<?php
/**
 * Name fields in entries: display, merge tags, CSV columns per shown input and privacy export.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Entries\Formats;

use Kestrel\Forms\Entries\Formats\Formats;
use Kestrel\Forms\Entries\Formats\NameFormat;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

final class NameFormatTest extends TestCase {

	use NewTypes;

	public function test_the_registry_gives_the_name_format(): void {
		$this->assertInstanceOf( NameFormat::class, Formats::of( 'name' ) );
	}

	public function test_display_joins_the_stored_parts_with_spaces(): void {
		$format = Formats::of( 'name' );
		$entry  = self::new_types_entry();
		$this->assertSame( 'Ada Lovelace', $format->text( self::new_types_field( 1 ), $entry ) );
		$this->assertSame( 'Dr. Grace Brewster Hopper', $format->text( self::new_types_field( 2 ), $entry ) );
		$this->assertSame( 'Amazing Grace', $format->text( self::new_types_field( 3 ), $entry ) );
		$this->assertSame( '', $format->text( self::new_types_field( 1 ), self::new_types_entry( array() ) ) );
	}

	public function test_html_is_escaped(): void {
		$entry = self::new_types_entry(
			array(
				'1.3' => '<b>Ada</b>',
				'1.6' => 'O\'Neil & co',
			)
		);
		$this->assertSame( '&lt;b&gt;Ada&lt;/b&gt; O&#039;Neil &amp; co', Formats::of( 'name' )->html( self::new_types_field( 1 ), $entry ) );
	}

	public function test_merge_tags_give_the_name_or_one_part(): void {
		$this->assertSame( 'Ada Lovelace|Ada|Lovelace|', self::tags( '{Name:1}|{Name (First):1.3}|{:1.6}|{:1.4}' ) );
		$this->assertSame( 'Dr. Grace Brewster Hopper', self::tags( '{Full name:2}' ) );
		$this->assertSame( 'Amazing Grace', self::tags( '{Nickname:3}' ) );
	}

	public function test_csv_has_one_column_per_shown_input(): void {
		$this->assertSame(
			array(
				'1.3 Name (First)' => 'Ada',
				'1.6 Name (Last)'  => 'Lovelace',
			),
			self::csv( 1 )
		);
		// Prefix and middle shown by the field's inputs (middle renamed), suffix hidden.
		$this->assertSame(
			array(
				'2.2 Full name (Prefix)'      => 'Dr.',
				'2.3 Full name (First)'       => 'Grace',
				'2.4 Full name (Middle name)' => 'Brewster',
				'2.6 Full name (Last)'        => 'Hopper',
			),
			self::csv( 2 )
		);
		$this->assertSame( array( '3 Nickname' => 'Amazing Grace' ), self::csv( 3 ) );
	}

	public function test_an_input_the_definition_lists_without_is_hidden_is_shown(): void {
		// The editor's "Show Middle" and an import leave the key out: listed means shown, as the
		// engines read it.
		$field           = self::new_types_field( 1 );
		$field['inputs'] = array(
			array(
				'id'    => '1.2',
				'label' => 'Prefix',
			),
			array(
				'id'    => '1.3',
				'label' => 'First',
			),
			array(
				'id'    => '1.4',
				'label' => 'Middle',
			),
			array(
				'id'    => '1.6',
				'label' => 'Last',
			),
			array(
				'id'       => '1.8',
				'label'    => 'Suffix',
				'isHidden' => true,
			),
		);
		$format          = Formats::field( $field );
		$columns         = array_column( $format->columns( $field, self::new_types_form() ), 1, 0 );
		$this->assertSame(
			array(
				'1.2' => 'Name (Prefix)',
				'1.3' => 'Name (First)',
				'1.4' => 'Name (Middle)',
				'1.6' => 'Name (Last)',
			),
			$columns
		);
	}

	public function test_privacy_export_is_the_display(): void {
		$this->assertSame( 'Ada Lovelace', Formats::of( 'name' )->export( self::new_types_field( 1 ), self::new_types_entry() ) );
	}
}
