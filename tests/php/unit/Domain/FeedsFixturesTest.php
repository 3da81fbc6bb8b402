<?php
/**
 * The shared feeds fixtures (tests/fixtures/engine/feeds.json), also run by Jest.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Unit\Domain;

use Kestrel\Forms\Domain\Feeds\FeedEvaluator;
use Kestrel\Forms\Domain\Logic\FormEvaluator;
use PHPUnit\Framework\TestCase;

final class FeedsFixturesTest extends TestCase {

	/**
	 * @return array<string, array{0: array<string, mixed>}>
	 */
	public static function scenarios(): array {
		$data = json_decode( (string) file_get_contents( dirname( __DIR__, 3 ) . '/fixtures/engine/feeds.json' ), true );
		$out  = array();
		foreach ( $data['scenarios'] as $scenario ) {
			$out[ $scenario['name'] ] = array( $scenario );
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
				$entered[ $id ] = $value;
			}
			$active = FeedEvaluator::active( $scenario['form'], $evaluator, $evaluator->evaluate( $entered ) );
			$this->assertSame( $step['expect'], array_column( $active, 'feedId' ), "step $index" );
		}
	}
}
