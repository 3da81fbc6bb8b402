<?php
/**
 * Server-side submission validation beyond the shared fixtures.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Unit\Domain;

use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Domain\Validation\FieldError;
use Kestrel\Forms\Domain\Validation\SubmissionValidator;
use PHPUnit\Framework\TestCase;

final class SubmissionValidatorTest extends TestCase {

	private function form(): Form {
		return new Form(
			7,
			array(
				'title'  => 'T',
				'fields' => array(
					array(
						'id'         => 1,
						'type'       => 'text',
						'isRequired' => true,
					),
					array(
						'id'           => 2,
						'type'         => 'number',
						'numberFormat' => 'decimal_comma',
					),
					array(
						'id'      => 3,
						'type'    => 'checkbox',
						'choices' => array(
							array(
								'text'  => 'A',
								'value' => 'a',
							),
							array(
								'text'  => 'B',
								'value' => 'b',
							),
							array(
								'text'  => 'C',
								'value' => 'c',
							),
						),
					),
					array(
						'id'    => 4,
						'type'  => 'section',
						'label' => 'S',
					),
					array(
						'id'   => 5,
						'type' => 'textarea',
					),
					array(
						'id'           => 6,
						'type'         => 'text',
						'isRequired'   => true,
						'errorMessage' => 'Tell us!',
					),
				),
			)
		);
	}

	public function test_clean_values_are_keyed_by_input_id_and_unknown_ids_are_dropped(): void {
		$result = ( new SubmissionValidator() )->validate(
			$this->form(),
			array(
				'1'   => '  Ada ',
				'2'   => '1.234,50',
				'3'   => array( 'c', 'a' ),
				'4'   => 'ignored',
				'5'   => "line one\r\nline two\x07",
				'6'   => 'x',
				'99'  => 'not a field',
				'3.9' => 'not an input',
			)
		);
		$this->assertTrue( $result->is_valid() );
		$this->assertSame(
			array(
				'1'   => 'Ada',
				'2'   => '1234.5',
				'3.1' => 'a',
				'3.3' => 'c',
				'5'   => "line one\nline two",
				'6'   => 'x',
			),
			$result->values
		);
	}

	public function test_checkbox_accepts_input_ids(): void {
		$result = ( new SubmissionValidator() )->validate(
			$this->form(),
			array(
				'1'   => 'A',
				'6'   => 'x',
				'3.2' => 'b',
				'3.3' => '',
			)
		);
		$this->assertSame(
			array( '3.2' => 'b' ),
			array_intersect_key(
				$result->values,
				array(
					'3.2' => 1,
					'3.3' => 1,
				)
			)
		);
	}

	public function test_checkbox_input_with_another_choices_value_is_refused(): void {
		$result = ( new SubmissionValidator() )->validate(
			$this->form(),
			array(
				'1'   => 'A',
				'6'   => 'x',
				'3.1' => 'b',
			)
		);
		$this->assertSame( FieldError::CHOICE, $result->errors[3]->code );
	}

	public function test_required_and_custom_message(): void {
		$result = ( new SubmissionValidator() )->validate( $this->form(), array() );
		$this->assertSame( array( 1, 6 ), array_keys( $result->errors ) );
		$this->assertSame( FieldError::REQUIRED, $result->errors[1]->code );
		$this->assertSame( 'Tell us!', $result->errors[6]->custom_message );
	}

	public function test_invalid_utf8_and_nested_arrays_are_refused(): void {
		$result = ( new SubmissionValidator() )->validate(
			$this->form(),
			array(
				'1' => "\xC3\x28",
				'6' => array( 'x' ),
			)
		);
		$this->assertSame( FieldError::INVALID, $result->errors[1]->code );
		$this->assertSame( FieldError::INVALID, $result->errors[6]->code );
	}

	public function test_unbounded_text_is_capped(): void {
		$result = ( new SubmissionValidator() )->validate(
			$this->form(),
			array(
				'1' => str_repeat( 'a', SubmissionValidator::MAX_TEXT_LENGTH + 1 ),
				'6' => 'x',
			)
		);
		$this->assertSame( FieldError::MAX_LENGTH, $result->errors[1]->code );
	}

	public function test_hidden_fields_are_neither_validated_nor_stored_and_formulas_are_recomputed(): void {
		$form = new Form(
			8,
			array(
				'title'  => 'T',
				'fields' => array(
					array(
						'id'   => 1,
						'type' => 'number',
					),
					array(
						'id'           => 2,
						'type'         => 'number',
						'numberFormat' => 'decimal_comma',
					),
					array(
						'id'                  => 3,
						'type'                => 'number',
						'enableCalculation'   => true,
						'calculationFormula'  => '{:1} * {:2}',
						'calculationRounding' => 2,
					),
					array(
						'id'               => 4,
						'type'             => 'text',
						'isRequired'       => true,
						'conditionalLogic' => array(
							'actionType' => 'show',
							'logicType'  => 'all',
							'rules'      => array(
								array(
									'fieldId'  => '3',
									'operator' => '>',
									'value'    => '100',
								),
							),
						),
					),
				),
			)
		);
		// The browser claims a total and sends the hidden field anyway.
		$result = ( new SubmissionValidator() )->validate(
			$form,
			array(
				'1' => '2.675',
				'2' => '2,5',
				'3' => '9999',
				'4' => 'sneaky',
			)
		);
		$this->assertTrue( $result->is_valid() );
		$this->assertSame(
			array(
				'1' => '2.675',
				'2' => '2.5',
				'3' => '6.69',
			),
			$result->values
		);

		// Once the formula shows field 4, it is required again.
		$result = ( new SubmissionValidator() )->validate(
			$form,
			array(
				'1' => '50',
				'2' => '3',
			)
		);
		$this->assertSame( array( 4 ), array_keys( $result->errors ) );
	}
}
