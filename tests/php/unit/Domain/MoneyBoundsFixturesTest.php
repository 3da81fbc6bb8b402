<?php
/**
 * The fixtures in tests/fixtures/engine/money-bounds.json, also run by Jest (issue 12, "Money").
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Unit\Domain;

use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Domain\Money\Decimal;
use Kestrel\Forms\Domain\Money\Limits;
use Kestrel\Forms\Domain\Money\Numbers;
use Kestrel\Forms\Domain\Validation\FieldError;
use Kestrel\Forms\Domain\Validation\SubmissionValidator;
use PHPUnit\Framework\TestCase;

final class MoneyBoundsFixturesTest extends TestCase {

	/**
	 * @return array<string, array{0: array<string, mixed>}>
	 */
	private static function family( string $name ): array {
		static $data = null;
		$data      ??= json_decode( (string) file_get_contents( dirname( __DIR__, 3 ) . '/fixtures/engine/money-bounds.json' ), true );
		$cases       = array();
		foreach ( $data[ $name ] as $i => $case ) {
			$cases[ $name . ' #' . $i . ' ' . ( $case['name'] ?? json_encode( $case, JSON_UNESCAPED_UNICODE ) ) ] = array( $case );
		}
		return $cases;
	}

	/**
	 * @return array<string, array{0: array<string, mixed>}>
	 */
	public static function read_decimal(): array {
		return self::family( 'readDecimal' );
	}

	/**
	 * @return array<string, array{0: array<string, mixed>}>
	 */
	public static function minor_units_within(): array {
		return self::family( 'minorUnitsWithin' );
	}

	/**
	 * @return array<string, array{0: array<string, mixed>}>
	 */
	public static function limits(): array {
		return self::family( 'limits' );
	}

	/**
	 * @return array<string, array{0: array<string, mixed>}>
	 */
	public static function submissions(): array {
		return self::family( 'submissions' );
	}

	/**
	 * @dataProvider read_decimal
	 *
	 * @param array<string, mixed> $c Case.
	 */
	public function test_read_decimal( array $c ): void {
		$this->assertSame( $c['expected'], Numbers::to_decimal( $c['text'], $c['format'], $c['currency'] ?? null ) );
	}

	/**
	 * @dataProvider minor_units_within
	 *
	 * @param array<string, mixed> $c Case.
	 */
	public function test_minor_units_within( array $c ): void {
		$this->assertSame( $c['expected'], Decimal::to_minor_units_within( $c['decimal'], $c['decimals'], $c['max'] ) );
	}

	/**
	 * @dataProvider limits
	 *
	 * @param array<string, mixed> $c Case.
	 */
	public function test_limits( array $c ): void {
		$limits = Limits::from_array( $c['given'] );
		$this->assertSame( $c['expected'], $limits->to_array() );
		foreach ( $c['maxMinor'] as $decimals => $expected ) {
			$this->assertSame( $expected, $limits->max_minor( (int) $decimals ), "maxMinor($decimals)" );
		}
	}

	/**
	 * @dataProvider submissions
	 *
	 * @param array<string, mixed> $c Case.
	 */
	public function test_submission( array $c ): void {
		$form      = new Form( 1, $c['form'] );
		$validator = new SubmissionValidator( null, null, static fn(): Limits => Limits::from_array( $c['form']['limits'] ?? null ) );
		$result    = $validator->validate( $form, $c['values'] );
		$errors    = array_map(
			static function ( FieldError $e ): array {
				$issue = array( 'code' => $e->code ) + $e->params;
				ksort( $issue );
				return $issue;
			},
			$result->errors
		);
		$expected  = array_map(
			static function ( array $issue ): array {
				ksort( $issue );
				return $issue;
			},
			$c['expected']['errors']
		);
		$this->assertSame( $expected, $errors );
		// Every amount is an integer of minor units, never a float (an overflow would be one).
		foreach ( array( 'shippingMinor', 'totalMinor' ) as $key ) {
			$this->assertIsInt( $result->pricing[ $key ] ?? 0, $key );
		}
		foreach ( $result->pricing['products'] ?? array() as $line ) {
			$this->assertIsInt( $line['unitMinor'] );
			$this->assertIsInt( $line['lineMinor'] );
			$this->assertSame( $line['unitMinor'] * (int) $line['quantity'], $line['lineMinor'] );
		}
		if ( array_key_exists( 'totalMinor', $c['expected'] ) ) {
			$this->assertSame( $c['expected']['totalMinor'], $result->pricing['totalMinor'] ?? null );
		}
	}
}
