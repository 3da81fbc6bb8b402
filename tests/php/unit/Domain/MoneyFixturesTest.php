<?php
/**
 * The shared money fixtures (tests/fixtures/engine/money.json), also run by Jest.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Unit\Domain;

use Kestrel\Forms\Domain\Money\Currencies;
use Kestrel\Forms\Domain\Money\Decimal;
use Kestrel\Forms\Domain\Money\Numbers;
use PHPUnit\Framework\TestCase;

final class MoneyFixturesTest extends TestCase {

	/**
	 * @return array<string, array{0: array<string, mixed>}>
	 */
	private static function family( string $name ): array {
		static $data = null;
		$data      ??= json_decode( (string) file_get_contents( dirname( __DIR__, 3 ) . '/fixtures/engine/money.json' ), true );
		$cases       = array();
		foreach ( $data[ $name ] as $i => $case ) {
			$cases[ $name . ' #' . $i . ' ' . json_encode( $case, JSON_UNESCAPED_UNICODE ) ] = array( $case );
		}
		return $cases;
	}

	/**
	 * @return array<string, array{0: array<string, mixed>}>
	 */
	public static function decimal_from_number(): array {
		return self::family( 'decimalFromNumber' );
	}

	/**
	 * @return array<string, array{0: array<string, mixed>}>
	 */
	public static function round_decimal(): array {
		return self::family( 'roundDecimal' );
	}

	/**
	 * @return array<string, array{0: array<string, mixed>}>
	 */
	public static function minor_units(): array {
		return self::family( 'minorUnits' );
	}

	/**
	 * @return array<string, array{0: array<string, mixed>}>
	 */
	public static function subtract_money(): array {
		return self::family( 'subtractMoney' );
	}

	/**
	 * @return array<string, array{0: array<string, mixed>}>
	 */
	public static function format_money(): array {
		return self::family( 'formatMoney' );
	}

	/**
	 * @return array<string, array{0: array<string, mixed>}>
	 */
	public static function format_number(): array {
		return self::family( 'formatNumber' );
	}

	/**
	 * @return array<string, array{0: array<string, mixed>}>
	 */
	public static function to_number(): array {
		return self::family( 'toNumber' );
	}

	/**
	 * @return array<string, array{0: array<string, mixed>}>
	 */
	public static function price_from_choice(): array {
		return self::family( 'priceFromChoice' );
	}


	/** @dataProvider decimal_from_number */
	public function test_decimal_from_number( array $c ): void {
		$this->assertSame( $c['expected'], Decimal::from_number( $c['value'] ) );
	}

	/** @dataProvider round_decimal */
	public function test_round( array $c ): void {
		$this->assertSame( $c['expected'], Decimal::round( $c['decimal'], $c['places'] ) );
	}

	/** @dataProvider minor_units */
	public function test_minor_units( array $c ): void {
		$this->assertSame( $c['expected'], Decimal::to_minor_units( $c['decimal'], $c['decimals'] ) );
		$this->assertSame( Decimal::round( $c['decimal'], $c['decimals'] ), Decimal::round( Decimal::from_minor_units( $c['expected'], $c['decimals'] ), $c['decimals'] ) );
	}

	/** @dataProvider subtract_money */
	public function test_subtract_money( array $c ): void {
		$d     = (int) Currencies::get( $c['currency'] )['decimals'];
		$minor = Decimal::to_minor_units( Decimal::from_number( $c['a'] ), $d ) - Decimal::to_minor_units( Decimal::from_number( $c['b'] ), $d );
		$this->assertSame( $c['expected'], Numbers::format_money( Decimal::from_minor_units( $minor, $d ), $c['currency'] ) );
	}

	/** @dataProvider format_money */
	public function test_format_money( array $c ): void {
		$this->assertSame( $c['expected'], Numbers::format_money( $c['value'], $c['currency'] ) );
	}

	/** @dataProvider format_number */
	public function test_format_number( array $c ): void {
		$this->assertSame( $c['expected'], Numbers::format_number( $c['value'], $c['decimals'], $c['format'], $c['currency'] ?? null ) );
	}

	/** @dataProvider to_number */
	public function test_to_number( array $c ): void {
		$expected = null === $c['expected'] ? null : (float) $c['expected'];
		$this->assertSame( $expected, Numbers::to_number( $c['text'], $c['format'], $c['currency'] ?? null ) );
	}

	/** @dataProvider price_from_choice */
	public function test_price_from_choice( array $c ): void {
		$this->assertSame( (float) $c['expected'], Numbers::price_from_choice( $c['value'] ) );
	}

	public function test_currency_list(): void {
		$this->assertGreaterThanOrEqual( 25, count( Currencies::all() ) );
		$this->assertSame( 'USD', Currencies::get( 'nope' )['code'] );
	}
}
