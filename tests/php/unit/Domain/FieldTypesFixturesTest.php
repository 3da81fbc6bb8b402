<?php
/**
 * The shared fixtures of tests/fixtures/field-types (one file per type), also run by Jest
 * (assets-src/forms-engine/field-types/test/fixtures.test.ts): wire → error and stored values,
 * defaults, and what rules read, through the whole submission validator.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Unit\Domain;

use Kestrel\Forms\Domain\FieldTypes\FieldTypes;
use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Domain\Logic\FormEvaluator;
use Kestrel\Forms\Domain\Validation\SubmissionValidator;
use PHPUnit\Framework\TestCase;

final class FieldTypesFixturesTest extends TestCase {

	/** The id of the field that shows by the rule under test. */
	private const TARGET = 999;

	/**
	 * Every case of every file in the folder.
	 *
	 * @return array<string, array{0: string, 1: array<string, mixed>}>
	 */
	public static function cases(): array {
		$files = glob( dirname( __DIR__, 3 ) . '/fixtures/field-types/*.json' );
		$cases = array();
		foreach ( false === $files ? array() : $files as $file ) {
			$data = json_decode( (string) file_get_contents( $file ), true );
			foreach ( $data['cases'] as $case ) {
				$cases[ $data['type'] . ': ' . $case['name'] ] = array( (string) $data['type'], $case );
			}
		}
		return $cases;
	}

	public function test_the_folder_has_a_file_per_new_type(): void {
		$types = array_unique( array_map( static fn( array $c ): string => $c[0], self::cases() ) );
		sort( $types );
		$this->assertSame( array( 'address', 'captcha', 'consent', 'date', 'html', 'multiselect', 'name', 'option', 'page', 'payment', 'phone', 'product', 'section', 'shipping', 'time', 'total', 'website' ), array_values( $types ) );
	}

	/**
	 * @dataProvider cases
	 *
	 * @param string               $type Field type of the file.
	 * @param array<string, mixed> $c    Fixture case.
	 */
	public function test_wire_gives_the_error_or_the_stored_values( string $type, array $c ): void {
		$this->assertNotNull( FieldTypes::get( $type ) );
		$id     = (int) $c['field']['id'];
		$result = ( new SubmissionValidator() )->validate( self::form( $c['field'] ), ( $c['posted'] ?? $c['wire'] ) + ( $c['entered'] ?? array() ) );
		$error  = $result->errors[ $id ] ?? null;
		if ( null === $c['issue'] ) {
			$this->assertNull( $error, null === $error ? '' : 'Unexpected ' . $error->code );
			$this->assertSame( $c['stored'], $result->values );
			return;
		}
		$this->assertNotNull( $error );
		$this->assertSame( $c['issue']['code'], $error->code );
		$this->assertSame( $c['issue']['params'] ?? array(), $error->params );
		$this->assertSame( $c['issue']['inputs'] ?? array(), $error->inputs );
	}

	/**
	 * @dataProvider cases
	 *
	 * @param string               $type Field type of the file.
	 * @param array<string, mixed> $c    Fixture case.
	 */
	public function test_defaults( string $type, array $c ): void {
		if ( ! array_key_exists( 'initial', $c ) ) {
			$this->assertArrayNotHasKey( 'initial', $c );
			return;
		}
		$unit = FieldTypes::get( $type );
		$this->assertNotNull( $unit );
		$this->assertSame( $c['initial'], $unit->default_value( $c['field'] ) );
		// The evaluator starts from the same default (what rules read before anything is entered).
		$evaluation = ( new FormEvaluator( self::form( $c['field'] )->definition ) )->evaluate( array() );
		$this->assertSame( $c['initial'], $evaluation['values'][ (int) $c['field']['id'] ] );
	}

	/**
	 * @dataProvider cases
	 *
	 * @param string               $type Field type of the file.
	 * @param array<string, mixed> $c    Fixture case.
	 */
	public function test_rules( string $type, array $c ): void {
		$this->assertIsArray( $c['rules'] );
		foreach ( $c['rules'] as $rule ) {
			$expected = $rule['expected'];
			unset( $rule['expected'] );
			$result = ( new SubmissionValidator() )->validate( self::form( $c['field'], $rule ), $c['wire'] + ( $c['entered'] ?? array() ) );
			$this->assertSame( $expected, $result->visible[ self::TARGET ] ?? null, $rule['fieldId'] . ' ' . $rule['operator'] . ' "' . $rule['value'] . '"' );
		}
	}

	/**
	 * A form of the field and, with a rule, a text field shown by it.
	 *
	 * @param array<string, mixed>      $field Field definition.
	 * @param array<string, mixed>|null $rule  Rule.
	 */
	private static function form( array $field, ?array $rule = null ): Form {
		$fields = array( $field );
		if ( null !== $rule ) {
			$fields[] = array(
				'id'               => self::TARGET,
				'type'             => 'text',
				'label'            => 'Shown by the rule',
				'conditionalLogic' => array(
					'actionType' => 'show',
					'logicType'  => 'all',
					'rules'      => array( $rule ),
				),
			);
		}
		return new Form(
			1,
			array(
				'title'  => 'Fixture',
				'fields' => $fields,
			)
		);
	}
}
