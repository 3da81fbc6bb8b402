<?php
/**
 * Server markup of the pricing and script-control types: what the render fixtures cannot pin.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Frontend;

use Kestrel\Forms\Domain\Money\Currencies;
use Kestrel\Forms\Frontend\Markup\FieldContext;
use Kestrel\Forms\Frontend\Markup\FieldMarkups;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

/**
 * The render fixtures (tests/fixtures/render/field-*.json) prove the PHP prints what the TSX
 * prints; these are the cases a fixture cannot hold: a hidden product prints nothing (the TSX
 * renders null, and a fixture needs markup), drop-down years around today's year, upload sizes
 * written as JavaScript writes numbers, and a password never printed back.
 */
final class PricingAndScriptFieldsMarkupTest extends TestCase {

	/**
	 * A field's markup.
	 *
	 * @param array<string, mixed> $field  The field (id 5).
	 * @param array<string, mixed> $values WireValues.
	 */
	private static function render( array $field, array $values = array() ): string {
		return FieldMarkups::render( new FieldContext( 3, array( 'id' => 5 ) + $field, $values, null, false, Currencies::get( 'USD' ) ) );
	}

	public function test_a_hidden_product_prints_nothing(): void {
		$this->assertSame(
			'',
			self::render(
				array(
					'type'      => 'product',
					'inputType' => 'hiddenproduct',
					'basePrice' => '5',
				)
			)
		);
	}

	public function test_date_drop_downs_without_limits_offer_a_hundred_years_back_and_twenty_ahead(): void {
		$html = self::render(
			array(
				'type'     => 'date',
				'dateType' => 'datedropdown',
			)
		);
		$this->assertSame( 1, preg_match( '/<select id="input_3_5_3"[^>]*>(.*?)<\/select>/s', $html, $m ) );
		preg_match_all( '/<option value="([^"]*)"/', $m[1], $years );
		$year = (int) current_time( 'Y' );
		$this->assertSame( '', $years[1][0] );
		$this->assertSame( (string) ( $year + 20 ), $years[1][1] );
		$this->assertSame( (string) ( $year - 100 ), end( $years[1] ) );
		$this->assertCount( 122, $years[1] );
	}

	/**
	 * Sizes as people type them, written as JavaScript's String() writes the number.
	 *
	 * @return array<string, array{int|float, string}>
	 */
	public static function sizes(): array {
		return array(
			'whole'         => array( 2, '2' ),
			'whole float'   => array( 100.0, '100' ),
			'a half'        => array( 2.5, '2.5' ),
			'a tenth'       => array( 0.1, '0.1' ),
			'two places'    => array( 0.25, '0.25' ),
			'binary-unsafe' => array( 1.15, '1.15' ),
		);
	}

	/**
	 * @dataProvider sizes
	 */
	public function test_upload_sizes_read_as_javascript_writes_them( int|float $size, string $text ): void {
		$html = self::render(
			array(
				'type'        => 'fileupload',
				'maxFileSize' => $size,
			)
		);
		$this->assertStringContainsString( 'Max. file size: ' . $text . ' MB.', $html );
	}

	public function test_a_password_is_never_printed_back(): void {
		$html = self::render(
			array(
				'type'  => 'password',
				'label' => 'Password',
			),
			array(
				'5'   => 'hunter2',
				'5.2' => 'hunter2',
			)
		);
		$this->assertStringNotContainsString( 'hunter2', $html );
		$this->assertStringContainsString( 'name="input_5.2"', $html );
	}
}
