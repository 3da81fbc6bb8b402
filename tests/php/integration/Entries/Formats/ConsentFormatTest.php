<?php
/**
 * Consent fields in entries: "Checked: <text>" / "Not checked", the three stored inputs in three
 * CSV columns, the description agreed to in the privacy export.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Entries\Formats;

use Kestrel\Forms\Entries\Formats\ConsentFormat;
use Kestrel\Forms\Entries\Formats\Formats;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

final class ConsentFormatTest extends TestCase {

	use NewTypes;

	public function test_display_names_the_text_agreed_to(): void {
		$format = Formats::of( 'consent' );
		$field  = self::new_types_field( 10 );
		$this->assertInstanceOf( ConsentFormat::class, $format );
		$this->assertSame( 'Checked: I agree to the <terms>', $format->text( $field, self::new_types_entry() ) );
		$this->assertSame( 'Checked: I agree to the &lt;terms&gt;', $format->html( $field, self::new_types_entry() ) );
		$this->assertSame( 'Not checked', $format->text( $field, self::new_types_entry( array() ) ) );
		// The stored text is the record, not the form's text of today.
		$this->assertSame(
			'Checked: Old terms',
			$format->text(
				$field,
				self::new_types_entry(
					array(
						'10.1' => '1',
						'10.2' => 'Old terms',
					)
				)
			)
		);
	}

	public function test_merge_tags(): void {
		$this->assertSame( 'Checked|1|I agree to the <terms>|We keep your answers for a year.', self::tags( '{Consent:10}|{Consent:10:value}|{:10.2}|{:10.3}' ) );
		$this->assertSame( 'Checked|I agree to the &lt;terms&gt;', self::tags( '{Consent:10}|{:10.2}', true ) );
		$this->assertSame( 'Not checked||', self::tags( '{Consent:10}|{Consent:10:value}|{:10.2}', false, self::new_types_entry( array() ) ) );
	}

	public function test_csv_has_three_columns(): void {
		$this->assertSame(
			array(
				'10.1 Consent'               => 'Checked',
				'10.2 Consent (Text)'        => 'I agree to the <terms>',
				'10.3 Consent (Description)' => 'We keep your answers for a year.',
			),
			self::csv( 10 )
		);
		$this->assertSame(
			array(
				'10.1 Consent'               => 'Not checked',
				'10.2 Consent (Text)'        => '',
				'10.3 Consent (Description)' => '',
			),
			self::csv( 10, self::new_types_entry( array() ) )
		);
	}

	public function test_privacy_export_adds_the_description_agreed_to(): void {
		$format = Formats::of( 'consent' );
		$field  = self::new_types_field( 10 );
		$this->assertSame( "Checked: I agree to the <terms>\nWe keep your answers for a year.", $format->export( $field, self::new_types_entry() ) );
		$this->assertSame( 'Not checked', $format->export( $field, self::new_types_entry( array() ) ) );
	}
}
