<?php
/**
 * A date, a time or a name in a formula is text, not a number (the twin of
 * assets-src/forms-engine/field-types/test/formula-text.test.ts).
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Unit\Domain;

use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Domain\Validation\SubmissionValidator;
use PHPUnit\Framework\TestCase;

final class FieldTypesFormulaTest extends TestCase {

	public function test_a_date_a_time_and_a_name_read_as_text(): void {
		$form   = new Form(
			1,
			array(
				'title'  => 'Formula',
				'fields' => array(
					array(
						'id'    => 1,
						'type'  => 'date',
						'label' => 'Date',
					),
					array(
						'id'    => 2,
						'type'  => 'name',
						'label' => 'Name',
					),
					array(
						'id'    => 3,
						'type'  => 'time',
						'label' => 'Time',
					),
					array(
						'id'                 => 4,
						'type'               => 'number',
						'label'              => 'Sum',
						'enableCalculation'  => true,
						'calculationFormula' => '{:1} + {:2} + {:2.3} + {:3} + 1',
					),
				),
			)
		);
		$result = ( new SubmissionValidator() )->validate(
			$form,
			array(
				'1'   => '02/28/2026',
				'2.3' => '7',
				'2.6' => 'Smith',
				'3.1' => '10',
				'3.2' => '30',
				'3.3' => 'pm',
			)
		);
		$this->assertSame( array(), $result->errors );
		$this->assertSame( '8', $result->values['4'] );
	}
}
