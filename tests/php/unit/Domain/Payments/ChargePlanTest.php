<?php
/**
 * The charge plan of a payment field.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Unit\Domain\Payments;

use Kestrel\Forms\Domain\Payments\ChargePlan;
use PHPUnit\Framework\TestCase;

final class ChargePlanTest extends TestCase {

	/**
	 * Pricing as PriceCalculator returns it.
	 *
	 * @param int    $total    Total.
	 * @param string $currency Currency.
	 * @return array<string, mixed>
	 */
	private static function pricing( int $total, string $currency = 'USD' ): array {
		return array(
			'currency'      => $currency,
			'products'      => array(
				array(
					'fieldId'   => 2,
					'lineMinor' => 2500,
				),
				array(
					'fieldId'   => 5,
					'lineMinor' => 40,
				),
			),
			'shippingMinor' => 500,
			'totalMinor'    => $total,
		);
	}

	public function test_the_total_is_charged_by_default(): void {
		$plan = ChargePlan::for_field( array( 'type' => 'payment' ), true, self::pricing( 3000 ) );
		$this->assertSame( ChargePlan::CHARGE, $plan->kind );
		$this->assertTrue( $plan->charges() );
		$this->assertSame( 3000, $plan->amount_minor );
		$this->assertSame( 'USD', $plan->currency );
		$total = ChargePlan::for_field( array( 'amountSource' => 'total' ), true, self::pricing( 3000 ) );
		$this->assertSame( 3000, $total->amount_minor );
	}

	public function test_a_product_source_charges_that_products_line(): void {
		$plan = ChargePlan::for_field( array( 'amountSource' => 2 ), true, self::pricing( 3000 ) );
		$this->assertSame( 2500, $plan->amount_minor );
		$this->assertSame( 2500, ChargePlan::for_field( array( 'amountSource' => '2' ), true, self::pricing( 3000 ) )->amount_minor );
		$none = ChargePlan::for_field( array( 'amountSource' => 9 ), true, self::pricing( 3000 ) );
		$this->assertSame( ChargePlan::NONE, $none->kind, 'A product that is not in the order charges nothing.' );
	}

	public function test_hidden_field_no_pricing_or_zero_charge_nothing(): void {
		$this->assertSame( ChargePlan::NONE, ChargePlan::for_field( array(), false, self::pricing( 3000 ) )->kind );
		$this->assertSame( ChargePlan::NONE, ChargePlan::for_field( array(), true, null )->kind );
		$this->assertSame( ChargePlan::NONE, ChargePlan::for_field( array(), true, self::pricing( 0 ) )->kind );
		$this->assertSame( ChargePlan::NONE, ChargePlan::for_field( array(), true, self::pricing( -5 ) )->kind );
		$this->assertFalse( ChargePlan::for_field( array(), true, self::pricing( 0 ) )->charges() );
	}

	public function test_below_the_currency_minimum(): void {
		$eur = ChargePlan::for_field( array( 'amountSource' => 5 ), true, self::pricing( 3000, 'EUR' ) );
		$this->assertSame( ChargePlan::BELOW_MINIMUM, $eur->kind );
		$this->assertSame( 40, $eur->amount_minor );
		$this->assertSame( 100, $eur->minimum );
		$this->assertFalse( $eur->charges() );
		$this->assertSame( ChargePlan::CHARGE, ChargePlan::for_field( array( 'amountSource' => 5 ), true, self::pricing( 3000, 'USD' ) )->kind );
	}

	public function test_jpy_amounts_have_no_decimals(): void {
		$yen = ChargePlan::for_field( array(), true, self::pricing( 3000, 'jpy' ) );
		$this->assertSame( ChargePlan::CHARGE, $yen->kind );
		$this->assertSame( 3000, $yen->amount_minor, '¥3000 is 3000 minor units.' );
		$this->assertSame( 'JPY', $yen->currency );
		$this->assertSame( ChargePlan::BELOW_MINIMUM, ChargePlan::for_field( array(), true, self::pricing( 99, 'JPY' ) )->kind );
	}
}
