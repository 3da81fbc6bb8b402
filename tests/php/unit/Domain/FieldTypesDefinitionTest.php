<?php
/**
 * Form definitions of the field types of issue 18: FormValidator accepts them and refuses broken
 * ones through the types' own rules (Domain\FieldTypes\DefinitionRules).
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Unit\Domain;

use Kestrel\Forms\Domain\Form\FormValidator;
use Kestrel\Forms\Domain\Schema\SchemaError;
use Kestrel\Forms\Domain\Schema\SchemaValidator;
use PHPUnit\Framework\TestCase;

final class FieldTypesDefinitionTest extends TestCase {

	private FormValidator $validator;

	protected function setUp(): void {
		$this->validator = new FormValidator( SchemaValidator::from_file( dirname( __DIR__, 4 ) . '/plugin/schema/form.schema.json' ) );
	}

	/**
	 * A form with one field of each new type, as the editor and the importer write them.
	 *
	 * @return array<string, mixed>
	 */
	private static function form(): array {
		return array(
			'title'  => 'Order',
			'fields' => array(
				array(
					'id'     => 1,
					'type'   => 'name',
					'label'  => 'Name',
					'inputs' => array(
						array(
							'id'       => '1.2',
							'label'    => 'Prefix',
							'isHidden' => true,
							'choices'  => array(
								array(
									'text'  => 'Dr.',
									'value' => 'Dr.',
								),
							),
						),
						array(
							'id'                    => '1.3',
							'label'                 => 'First',
							'autocompleteAttribute' => 'given-name',
						),
						array(
							'id'    => '1.6',
							'label' => 'Last',
						),
					),
				),
				array(
					'id'           => 2,
					'type'         => 'address',
					'label'        => 'Address',
					'addressType'  => 'us',
					'defaultState' => 'Texas',
				),
				array(
					'id'          => 3,
					'type'        => 'phone',
					'label'       => 'Phone',
					'phoneFormat' => 'standard',
				),
				array(
					'id'         => 4,
					'type'       => 'date',
					'label'      => 'Date',
					'dateType'   => 'datedropdown',
					'dateFormat' => 'dmy',
					'dateMin'    => '2026-01-01',
					'dateMax'    => '2026-12-31',
				),
				array(
					'id'         => 5,
					'type'       => 'time',
					'label'      => 'Time',
					'timeFormat' => '24',
				),
				array(
					'id'    => 6,
					'type'  => 'website',
					'label' => 'Website',
				),
				array(
					'id'            => 7,
					'type'          => 'consent',
					'label'         => 'Consent',
					'checkboxLabel' => 'I agree.',
				),
				array(
					'id'               => 8,
					'type'             => 'multiselect',
					'label'            => 'Colours',
					'enableEnhancedUI' => true,
					'choices'          => array(
						array(
							'text'  => 'Red',
							'value' => 'red',
						),
					),
				),
				array(
					'id'               => 9,
					'type'             => 'text',
					'label'            => 'Shown for Ada',
					'conditionalLogic' => array(
						'actionType' => 'show',
						'logicType'  => 'all',
						'rules'      => array(
							array(
								'fieldId'  => '1.3',
								'operator' => 'is',
								'value'    => 'Ada',
							),
							array(
								'fieldId'  => '4',
								'operator' => '>',
								'value'    => '2026-06-01',
							),
						),
					),
				),
			),
		);
	}

	/**
	 * The errors as "path keyword".
	 *
	 * @param array<string, mixed> $definition Definition.
	 * @return list<string>
	 */
	private function paths( array $definition ): array {
		return array_map( static fn( SchemaError $e ): string => $e->path . ' ' . $e->keyword, $this->validator->validate( $definition ) );
	}

	public function test_the_new_types_are_accepted(): void {
		$this->assertSame( array(), $this->paths( self::form() ) );
	}

	public function test_a_name_input_that_is_not_one_of_the_five(): void {
		$form                                 = self::form();
		$form['fields'][0]['inputs'][1]['id'] = '1.5';
		$errors                               = $this->validator->validate( $form );
		$this->assertSame( array( 'fields[0].inputs[1].id fieldInput' ), $this->paths( $form ) );
		$this->assertSame( '1.2, 1.3, 1.4, 1.6, 1.8', $errors[0]->params['ref'] );
	}

	public function test_date_min_after_date_max(): void {
		$form                         = self::form();
		$form['fields'][3]['dateMin'] = '2027-01-01';
		$this->assertSame( array( 'fields[3].dateMin dateRange' ), $this->paths( $form ) );
	}

	public function test_a_date_bound_that_is_no_date(): void {
		$form                         = self::form();
		$form['fields'][3]['dateMax'] = '2026-02-30';
		$this->assertSame( array( 'fields[3].dateMax date' ), $this->paths( $form ) );
	}

	public function test_a_default_state_not_in_the_list(): void {
		$form                              = self::form();
		$form['fields'][1]['defaultState'] = 'Ontario';
		$this->assertSame( array( 'fields[1].defaultState listValue' ), $this->paths( $form ) );
	}

	public function test_consent_without_the_text_agreed_to(): void {
		$form                               = self::form();
		$form['fields'][6]['checkboxLabel'] = ' ';
		$this->assertSame( array( 'fields[6].checkboxLabel required' ), $this->paths( $form ) );
	}

	public function test_a_time_input_of_another_type(): void {
		$form                        = self::form();
		$form['fields'][4]['inputs'] = array( array( 'id' => '5.4' ) );
		$this->assertSame( array( 'fields[4].inputs[0].id fieldInput' ), $this->paths( $form ) );
	}
}
