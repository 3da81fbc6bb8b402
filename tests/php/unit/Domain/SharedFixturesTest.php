<?php
/**
 * The JSON fixtures in tests/fixtures/engine, also run by Jest, so browser and server agree.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Unit\Domain;

use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Domain\Validation\NumberParser;
use Kestrel\Forms\Domain\Validation\SubmissionValidator;
use PHPUnit\Framework\TestCase;

final class SharedFixturesTest extends TestCase {

	/**
	 * @return array<string, array{0: array<string, mixed>}>
	 */
	private static function cases( string $file ): array {
		$data  = json_decode( (string) file_get_contents( dirname( __DIR__, 3 ) . '/fixtures/engine/' . $file ), true );
		$cases = array();
		foreach ( $data['cases'] as $index => $case ) {
			$cases[ ( $case['name'] ?? ( $case['text'] . ' / ' . $case['format'] ) ) . ' #' . $index ] = array( $case );
		}
		return $cases;
	}

	/**
	 * @return array<string, array{0: array<string, mixed>}>
	 */
	public static function number_cases(): array {
		return self::cases( 'number-parse.json' );
	}

	/**
	 * @return array<string, array{0: array<string, mixed>}>
	 */
	public static function field_cases(): array {
		return self::cases( 'field-validation.json' );
	}

	/**
	 * @dataProvider number_cases
	 *
	 * @param array{text: string, format: string, expected: string|null} $case Fixture.
	 */
	public function test_number_parsing( array $case ): void {
		$this->assertSame( $case['expected'], NumberParser::parse( $case['text'], $case['format'] ) );
	}

	/**
	 * @dataProvider field_cases
	 *
	 * @param array{field: array<string, mixed>, value: mixed, expected: string|null} $case Fixture.
	 */
	public function test_field_validation( array $case ): void {
		$form   = new Form(
			1,
			array(
				'title'  => 'T',
				'fields' => array( $case['field'] ),
			)
		);
		$result = ( new SubmissionValidator() )->validate( $form, array( (string) $case['field']['id'] => $case['value'] ) );
		$error  = $result->errors[ (int) $case['field']['id'] ] ?? null;
		$this->assertSame( $case['expected'], $error ? $error->code : null );
	}
}
