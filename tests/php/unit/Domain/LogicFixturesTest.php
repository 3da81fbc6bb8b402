<?php
/**
 * The shared logic fixtures (tests/fixtures/engine/logic.json), also run by Jest.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Unit\Domain;

use Kestrel\Forms\Domain\Logic\DependencyCycle;
use Kestrel\Forms\Domain\Logic\FormEvaluator;
use PHPUnit\Framework\TestCase;

final class LogicFixturesTest extends TestCase {

	/**
	 * @return array<string, mixed>
	 */
	private static function data(): array {
		return json_decode( (string) file_get_contents( dirname( __DIR__, 3 ) . '/fixtures/engine/logic.json' ), true );
	}

	/**
	 * @return array<string, array{0: array<string, mixed>}>
	 */
	public static function scenarios(): array {
		$out = array();
		foreach ( self::data()['scenarios'] as $scenario ) {
			$out[ $scenario['name'] ] = array( $scenario );
		}
		return $out;
	}

	/**
	 * @return array<string, array{0: array<string, mixed>}>
	 */
	public static function cycles(): array {
		$out = array();
		foreach ( self::data()['cycles'] as $case ) {
			$out[ $case['name'] ] = array( $case );
		}
		return $out;
	}

	/**
	 * @dataProvider scenarios
	 *
	 * @param array<string, mixed> $scenario Scenario.
	 */
	public function test_scenario( array $scenario ): void {
		$evaluator = new FormEvaluator( $scenario['form'] );
		$entered   = array();
		foreach ( $scenario['steps'] as $index => $step ) {
			foreach ( $step['set'] as $id => $value ) {
				$entered[ $id ] = $value; // "1" becomes an int key, "1.3" stays a string.
			}
			$result = $evaluator->evaluate( $entered );
			foreach ( $step['expect'] as $key => $expected ) {
				if ( ! is_array( $expected ) ) {
					$this->assertSame( $expected, $result[ $key ], "step $index: $key" );
					continue;
				}
				if ( 'pricing' === $key ) {
					$this->assertNotNull( $result['pricing'], "step $index: pricing" );
					foreach ( $expected as $name => $value ) {
						$this->assertSame( $value, $result['pricing'][ $name ], "step $index: pricing.$name" );
					}
					continue;
				}
				foreach ( $expected as $id => $value ) {
					$actual = array_key_exists( (int) $id, $result[ $key ] ) ? $result[ $key ][ (int) $id ] : 'missing';
					if ( 'calculated' === $key && null !== $value ) {
						$this->assertEqualsWithDelta( (float) $value, $actual, 1e-9, "step $index: calculated[$id]" );
					} else {
						$this->assertSame( $value, $actual, "step $index: {$key}[$id]" );
					}
				}
			}
		}
	}

	/**
	 * @dataProvider cycles
	 *
	 * @param array{form: array<string, mixed>, expected: list<int>} $case Case.
	 */
	public function test_cycles( array $case ): void {
		$found = array();
		try {
			new FormEvaluator( $case['form'] );
		} catch ( DependencyCycle $e ) {
			$found = $e->field_ids;
		}
		$this->assertSame( $case['expected'], $found );
	}
}
