<?php
/**
 * The registry of entry formats: each type's format, TextFormat for the others.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Entries\Formats;

use Kestrel\Forms\Entries\Formats;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

final class FormatsTest extends TestCase {

	public function test_each_type_has_its_format_and_others_read_as_text(): void {
		$expected = array(
			'checkbox'    => Formats\ChoicesFormat::class,
			'option'      => Formats\ChoicesFormat::class,
			'product'     => Formats\ProductFormat::class,
			'total'       => Formats\TotalFormat::class,
			'shipping'    => Formats\ShippingFormat::class,
			'number'      => Formats\NumberFormat::class,
			'fileupload'  => Formats\FileuploadFormat::class,
			'list'        => Formats\RowsFormat::class,
			'repeater'    => Formats\RowsFormat::class,
			'password'    => Formats\PasswordFormat::class,
			'creditcard'  => Formats\CreditcardFormat::class,
			'payment'     => Formats\PaymentFormat::class,
			'name'        => Formats\NameFormat::class,
			'address'     => Formats\AddressFormat::class,
			'phone'       => Formats\PhoneFormat::class,
			'date'        => Formats\DateFormat::class,
			'time'        => Formats\TimeFormat::class,
			'website'     => Formats\WebsiteFormat::class,
			'consent'     => Formats\ConsentFormat::class,
			'multiselect' => Formats\MultiselectFormat::class,
			'text'        => Formats\TextFormat::class,
			'select'      => Formats\TextFormat::class,
			'unknown'     => Formats\TextFormat::class,
		);
		foreach ( $expected as $type => $class ) {
			$this->assertSame( $class, get_class( Formats\Formats::of( $type ) ), $type );
		}
		$this->assertSame( Formats\Formats::of( 'name' ), Formats\Formats::field( array( 'type' => 'name' ) ) );
	}
}
