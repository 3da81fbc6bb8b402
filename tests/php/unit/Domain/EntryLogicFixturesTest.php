<?php
/**
 * Rules over a stored entry read what they read at submission (notification conditions,
 * confirmations and {all_fields} evaluate stored entries through Logic\EntryLogic): every case of
 * the shared field-type fixtures (tests/fixtures/field-types) that stores values is evaluated
 * over its `stored` values and must give the `rules` answers the wire values give.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Unit\Domain;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Domain\Logic\EntryLogic;
use PHPUnit\Framework\TestCase;

final class EntryLogicFixturesTest extends TestCase {

	/**
	 * The fixture cases that store something and have rules.
	 *
	 * @return array<string, array{0: string, 1: array<string, mixed>}>
	 */
	public static function stored_cases(): array {
		return array_filter(
			FieldTypesFixturesTest::cases(),
			static fn( array $c ): bool => null === $c[1]['issue'] && array() !== ( $c[1]['stored'] ?? array() ) && array() !== ( $c[1]['rules'] ?? array() )
		);
	}

	public function test_there_are_stored_cases_of_each_new_type(): void {
		$types = array_unique( array_map( static fn( array $c ): string => $c[0], self::stored_cases() ) );
		sort( $types );
		$this->assertSame( array( 'address', 'consent', 'date', 'multiselect', 'name', 'option', 'phone', 'product', 'shipping', 'time', 'website' ), array_values( $types ) );
	}

	/**
	 * @dataProvider stored_cases
	 *
	 * @param string               $type Field type of the file.
	 * @param array<string, mixed> $c    Fixture case.
	 */
	public function test_rules_over_the_stored_entry( string $type, array $c ): void {
		foreach ( $c['rules'] as $rule ) {
			$expected = $rule['expected'];
			unset( $rule['expected'] );
			$logic = array(
				'actionType' => 'show',
				'logicType'  => 'all',
				'rules'      => array( $rule ),
			);
			$form  = new Form(
				1,
				array(
					'title'  => 'Fixture',
					'fields' => array(
						$c['field'],
						array(
							'id'               => 999,
							'type'             => 'text',
							'label'            => 'Shown by the rule',
							'conditionalLogic' => $logic,
						),
					),
				)
			);
			$entry = new Entry( 1, 1, $c['stored'], '2026-11-28 10:00:00' );
			$this->assertSame( $expected, EntryLogic::shows( $form, $entry, $logic ), $type . ' ' . $rule['fieldId'] . ' ' . $rule['operator'] . ' "' . $rule['value'] . '"' );
		}
	}
}
