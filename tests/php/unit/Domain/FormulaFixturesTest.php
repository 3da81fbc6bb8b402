<?php
/**
 * The shared formula fixtures (tests/fixtures/engine/formula.json), also run by Jest.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Unit\Domain;

use Kestrel\Forms\Domain\Calculation\Formula;
use PHPUnit\Framework\TestCase;

final class FormulaFixturesTest extends TestCase {

	/**
	 * @return array<string, array{0: array<string, mixed>}>
	 */
	private static function family( string $name ): array {
		$data  = json_decode( (string) file_get_contents( dirname( __DIR__, 3 ) . '/fixtures/engine/formula.json' ), true );
		$cases = array();
		foreach ( $data[ $name ] as $i => $case ) {
			$cases[ $name . ' #' . $i . ' ' . json_encode( $case ) ] = array( $case );
		}
		return $cases;
	}

	/**
	 * @return array<string, array{0: array<string, mixed>}>
	 */
	public static function evaluate_cases(): array {
		return self::family( 'evaluate' );
	}

	/**
	 * @return array<string, array{0: array<string, mixed>}>
	 */
	public static function merge_tag_cases(): array {
		return self::family( 'mergeTags' );
	}

	/**
	 * @dataProvider evaluate_cases
	 *
	 * @param array{expression: string, expected: float|int|null} $c Case.
	 */
	public function test_evaluate( array $c ): void {
		$expected = null === $c['expected'] ? null : (float) $c['expected'];
		$this->assertSame( $expected, Formula::evaluate( $c['expression'] ) );
	}

	/**
	 * @dataProvider merge_tag_cases
	 *
	 * @param array{formula: string, values: array<string, float>, expected: string, result: float} $c Case.
	 */
	public function test_merge_tags( array $c ): void {
		$text = Formula::substitute( $c['formula'], static fn( array $tag ): float => (float) ( $c['values'][ $tag['input_id'] ] ?? 0 ) );
		$this->assertSame( $c['expected'], $text );
		$this->assertEqualsWithDelta( (float) $c['result'], Formula::evaluate( $text ), 1e-12 );
	}

	public function test_merge_tags_are_listed_once_with_modifiers(): void {
		$this->assertSame(
			array(
				array(
					'input_id' => '1',
					'modifier' => null,
				),
				array(
					'input_id' => '3.2',
					'modifier' => null,
				),
				array(
					'input_id' => '4',
					'modifier' => 'price',
				),
			),
			Formula::merge_tags( '{Price:1}*{:3.2}+{Price:1}+{Opt:4:price}' )
		);
	}
}
