<?php
/**
 * The shared operators fixtures (tests/fixtures/engine/operators.json), also run by Jest.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Unit\Domain;

use Kestrel\Forms\Domain\Logic\Operators;
use PHPUnit\Framework\TestCase;

final class OperatorsFixturesTest extends TestCase {

	/**
	 * @return array<string, array{0: array<string, mixed>}>
	 */
	public static function cases(): array {
		$data  = json_decode( (string) file_get_contents( dirname( __DIR__, 3 ) . '/fixtures/engine/operators.json' ), true );
		$cases = array();
		foreach ( $data['cases'] as $i => $case ) {
			$cases[ '#' . $i . ' ' . json_encode( $case, JSON_UNESCAPED_UNICODE ) ] = array( $case );
		}
		return $cases;
	}

	/**
	 * @dataProvider cases
	 *
	 * @param array{op: string, values: list<string>, rule: string, expected: bool, format?: string} $c Case.
	 */
	public function test_values_match( array $c ): void {
		$this->assertSame( $c['expected'], Operators::values_match( $c['op'], $c['values'], $c['rule'], $c['format'] ?? null ) );
	}
}
