<?php
/**
 * Form definitions: the JSON Schema in plugin/schema and the cross-field rules.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Unit\Domain;

use Kestrel\Forms\Domain\Form\FormValidator;
use Kestrel\Forms\Domain\Form\InvalidForm;
use Kestrel\Forms\Domain\Schema\SchemaError;
use Kestrel\Forms\Domain\Schema\SchemaValidator;
use PHPUnit\Framework\TestCase;

final class FormValidatorTest extends TestCase {

	private FormValidator $validator;

	protected function setUp(): void {
		$this->validator = new FormValidator( SchemaValidator::from_file( dirname( __DIR__, 4 ) . '/plugin/schema/form.schema.json' ) );
	}

	/**
	 * @return array<string, mixed>
	 */
	private static function valid(): array {
		return array(
			'title'        => 'Contact',
			'fields'       => array(
				array(
					'id'         => 1,
					'type'       => 'text',
					'label'      => 'Name',
					'isRequired' => true,
					'maxLength'  => 20,
				),
				array(
					'id'    => 2,
					'type'  => 'email',
					'label' => 'Email',
				),
				array(
					'id'      => 3,
					'type'    => 'checkbox',
					'label'   => 'Pick',
					'choices' => array(
						array(
							'text'       => 'A',
							'value'      => 'a',
							'isSelected' => true,
						),
					),
					'inputs'  => array(
						array(
							'id'    => '3.1',
							'label' => 'A',
						),
					),
				),
				array(
					'id'       => 4,
					'type'     => 'number',
					'label'    => 'Count',
					'rangeMin' => 1,
					'rangeMax' => null,
				),
				array(
					'id'      => 5,
					'type'    => 'html',
					'content' => '<p>Hi</p>',
				),
			),
			'confirmation' => array(
				'type'    => 'message',
				'message' => 'Thanks',
			),
		);
	}

	/**
	 * @param array<string, mixed> $definition Definition.
	 * @return list<string>
	 */
	private function paths( array $definition ): array {
		return array_map( static fn( SchemaError $e ): string => $e->path . ' ' . $e->keyword, $this->validator->validate( $definition ) );
	}

	public function test_a_valid_definition_has_no_errors(): void {
		$this->assertSame( array(), $this->validator->validate( self::valid() ) );
	}

	public function test_choice_field_without_choices_names_the_path(): void {
		$form              = self::valid();
		$form['fields'][2] = array(
			'id'    => 3,
			'type'  => 'radio',
			'label' => 'Pick',
		);
		$this->assertSame( array( 'fields[2].choices required' ), $this->paths( $form ) );
	}

	public function test_empty_choices_list(): void {
		$form                         = self::valid();
		$form['fields'][2]['choices'] = array();
		$form['fields'][2]['inputs']  = null;
		$this->assertSame( array( 'fields[2].choices minItems' ), $this->paths( $form ) );
	}

	public function test_missing_title_unknown_type_and_unknown_key(): void {
		$form = self::valid();
		unset( $form['title'] );
		$form['fields'][0]['type']   = 'colour';
		$form['fields'][1]['colour'] = 'red';
		$this->assertSame(
			array( 'title required', 'fields[0].type enum', 'fields[1].colour additionalProperties' ),
			$this->paths( $form )
		);
	}

	public function test_wrong_types(): void {
		$form           = self::valid();
		$form['fields'] = 'nope';
		$this->assertSame( array( 'fields type' ), $this->paths( $form ) );

		$form                            = self::valid();
		$form['fields'][0]['isRequired'] = 'yes';
		$form['fields'][0]['id']         = 0;
		$this->assertSame( array( 'fields[0].id minimum', 'fields[0].isRequired type' ), $this->paths( $form ) );
	}

	public function test_redirect_confirmation_needs_a_url(): void {
		$form                 = self::valid();
		$form['confirmation'] = array( 'type' => 'redirect' );
		$this->assertSame( array( 'confirmation.url required' ), $this->paths( $form ) );
		$form['confirmation']['url'] = 'javascript:alert(1)';
		$this->assertSame( array( 'confirmation.url pattern' ), $this->paths( $form ) );
	}

	public function test_cross_field_rules(): void {
		$form                           = self::valid();
		$form['fields'][1]['id']        = 1;
		$form['fields'][2]['inputs'][0] = array( 'id' => '9.1' );
		$form['fields'][3]['rangeMax']  = 0;
		$this->assertSame(
			array( 'fields[1].id unique', 'fields[2].inputs[0].id inputId', 'fields[3].rangeMin range' ),
			$this->paths( $form )
		);
	}

	public function test_assert_valid_throws_with_the_first_path_in_the_message(): void {
		$form              = self::valid();
		$form['fields'][2] = array(
			'id'    => 3,
			'type'  => 'select',
			'label' => 'Pick',
		);
		try {
			$this->validator->assert_valid( $form );
			$this->fail( 'InvalidForm expected' );
		} catch ( InvalidForm $e ) {
			$this->assertStringStartsWith( 'fields[2].choices: is required', $e->getMessage() );
		}
	}

	public function test_logic_and_formulas_must_read_known_value_fields(): void {
		$form                                    = self::valid();
		$form['fields'][0]['conditionalLogic']   = array(
			'actionType' => 'show',
			'logicType'  => 'all',
			'rules'      => array(
				array(
					'fieldId'  => '2',
					'operator' => 'is',
					'value'    => 'x',
				),
				array(
					'fieldId'  => '5',
					'operator' => 'is',
					'value'    => 'x',
				),
				array(
					'fieldId'  => '42',
					'operator' => 'contains',
					'value'    => 'x',
				),
			),
		);
		$form['fields'][3]['enableCalculation']  = true;
		$form['fields'][3]['calculationFormula'] = '{:1} * {:9}';
		$form['fields'][1]['enableCalculation']  = true;
		$this->assertSame(
			array(
				'fields[0].conditionalLogic.rules[1].fieldId unknownField',
				'fields[0].conditionalLogic.rules[2].fieldId unknownField',
				'fields[1].enableCalculation calculation',
				'fields[3].calculationFormula unknownField',
			),
			$this->paths( $form )
		);
	}

	public function test_a_formula_must_parse(): void {
		$form                                    = self::valid();
		$form['fields'][3]['enableCalculation']  = true;
		$form['fields'][3]['calculationFormula'] = '{:1} % 2';
		$this->assertSame( array( 'fields[3].calculationFormula formula' ), $this->paths( $form ) );
		$form['fields'][3]['calculationFormula'] = '({:1} + 2) * 1.5';
		$this->assertSame( array(), $this->paths( $form ) );
	}

	public function test_a_cycle_is_refused_naming_the_fields(): void {
		$form              = self::valid();
		$form['fields'][3] = array(
			'id'                 => 4,
			'type'               => 'number',
			'label'              => 'A',
			'enableCalculation'  => true,
			'calculationFormula' => '{:6}+1',
		);
		$form['fields'][]  = array(
			'id'                 => 6,
			'type'               => 'number',
			'label'              => 'B',
			'enableCalculation'  => true,
			'calculationFormula' => '{:4}+1',
		);
		$errors            = $this->validator->validate( $form );
		$this->assertCount( 1, $errors );
		$this->assertSame( 'cycle', $errors[0]->keyword );
		$this->assertSame( array( 4, 6 ), $errors[0]->params['fields'] );
		$this->assertStringContainsString( 'fields 4, 6 depend on each other', $errors[0]->message() );
	}

	public function test_pricing_fields_reference_products_and_calculated_products_need_a_valid_formula(): void {
		$form             = self::valid();
		$form['fields'][] = array(
			'id'                 => 7,
			'type'               => 'product',
			'label'              => 'P',
			'inputType'          => 'calculation',
			'calculationFormula' => '{:4} ** 2',
		);
		$form['fields'][] = array(
			'id'           => 8,
			'type'         => 'quantity',
			'label'        => 'Q',
			'productField' => 2,
		);
		$form['fields'][] = array(
			'id'           => 9,
			'type'         => 'option',
			'label'        => 'O',
			'inputType'    => 'radio',
			'productField' => 7,
			'choices'      => array(
				array(
					'text'  => 'A',
					'value' => 'a',
					'price' => '1.5',
				),
			),
		);
		$this->assertSame(
			array( 'fields[5].calculationFormula formula', 'fields[6].productField unknownField' ),
			$this->paths( $form )
		);
		// Schema errors come first: a single product needs its price.
		$form['fields'][] = array(
			'id'        => 10,
			'type'      => 'product',
			'label'     => 'S',
			'inputType' => 'singleproduct',
		);
		$this->assertSame( array( 'fields[8].basePrice required' ), $this->paths( $form ) );
	}

	public function test_controls_need_a_label(): void {
		$form                       = self::valid();
		$form['fields'][0]['label'] = '  ';
		$form['fields'][]           = array(
			'id'   => 8,
			'type' => 'hidden',
		);
		$this->assertSame( array( 'fields[0].label required' ), $this->paths( $form ) );
	}

	/**
	 * The valid form plus a product (id 6) and a payment field (id 7) with every setting.
	 *
	 * @return array<string, mixed>
	 */
	private static function with_payment(): array {
		$form             = self::valid();
		$form['fields'][] = array(
			'id'        => 6,
			'type'      => 'product',
			'label'     => 'Ticket',
			'inputType' => 'singleproduct',
			'basePrice' => '12.50',
		);
		$form['fields'][] = array(
			'id'                 => 7,
			'type'               => 'payment',
			'label'              => 'Payment',
			'methods'            => array( 'card', 'giftCard' ),
			'amountSource'       => 'total',
			'captureMode'        => 'authorize',
			'verifyBuyer'        => true,
			'includeInputLabels' => false,
			'description'        => 'Order {form_title}',
			'billing'            => array(
				'email'     => '2',
				'givenName' => '1',
				'city'      => '3.1',
			),
		);
		return $form;
	}

	public function test_a_payment_field_with_every_setting_is_valid(): void {
		$this->assertSame( array(), $this->paths( self::with_payment() ) );
		$form                              = self::with_payment();
		$form['fields'][6]['amountSource'] = 6;
		$this->assertSame( array(), $this->paths( $form ) );
	}

	public function test_payment_settings_have_their_shapes(): void {
		$form                                  = self::with_payment();
		$form['fields'][6]['methods']          = array( 'card', 'bitcoin' );
		$form['fields'][6]['amountSource']     = 'subtotal';
		$form['fields'][6]['captureMode']      = 'later';
		$form['fields'][6]['billing']['fax']   = '1';
		$form['fields'][6]['billing']['email'] = 'x';
		$this->assertSame(
			array(
				'fields[6].methods[1] enum',
				'fields[6].amountSource pattern',
				'fields[6].captureMode enum',
				'fields[6].billing.email pattern',
				'fields[6].billing.fax additionalProperties',
			),
			$this->paths( $form )
		);
		$form                         = self::with_payment();
		$form['fields'][6]['methods'] = array();
		$this->assertSame( array( 'fields[6].methods minItems' ), $this->paths( $form ) );
	}

	public function test_a_second_payment_field_is_refused_naming_its_path(): void {
		$form             = self::with_payment();
		$form['fields'][] = array(
			'id'    => 8,
			'type'  => 'payment',
			'label' => 'Another payment',
		);
		$this->assertSame( array( 'fields[7] singlePayment' ), $this->paths( $form ) );
		try {
			$this->validator->assert_valid( $form );
			$this->fail( 'InvalidForm expected' );
		} catch ( InvalidForm $e ) {
			$this->assertStringStartsWith( 'fields[7]: is a second payment field', $e->getMessage() );
		}
	}

	public function test_payment_amount_source_names_a_product_field(): void {
		$form                              = self::with_payment();
		$form['fields'][6]['amountSource'] = 4; // A number field, not a product.
		$this->assertSame( array( 'fields[6].amountSource unknownField' ), $this->paths( $form ) );
		$form['fields'][6]['amountSource'] = 99;
		$this->assertSame( array( 'fields[6].amountSource unknownField' ), $this->paths( $form ) );
	}

	public function test_payment_billing_names_existing_fields_and_inputs(): void {
		$form                         = self::with_payment();
		$form['fields'][6]['billing'] = array(
			'email'        => '42',   // No such field.
			'givenName'    => '5',    // An html field holds no value.
			'familyName'   => '3.2',  // Field 3 lists no input 3.2.
			'addressLine1' => '7',    // The payment field itself.
			'phone'        => '1.1',  // Field 1 has no inputs.
			'city'         => '3.1',
			'postalCode'   => '4',
		);
		$this->assertSame(
			array(
				'fields[6].billing.email unknownField',
				'fields[6].billing.givenName unknownField',
				'fields[6].billing.familyName unknownField',
				'fields[6].billing.addressLine1 unknownField',
				'fields[6].billing.phone unknownField',
			),
			$this->paths( $form )
		);
	}

	public function test_a_notification_sends_to_an_email_field_and_routes_on_fields_of_the_form(): void {
		$form                  = self::valid();
		$form['notifications'] = array(
			array(
				'id'      => 'copy',
				'toType'  => 'field',
				'toField' => '2',
			),
			array(
				'id'      => 'route',
				'toType'  => 'routing',
				'routing' => array(
					array(
						'email'    => 'a@example.org',
						'fieldId'  => '3.1',
						'operator' => 'is',
						'value'    => 'a',
					),
				),
			),
			// A stale toField of another mode is not read.
			array(
				'id'      => 'team',
				'toType'  => 'email',
				'to'      => 'team@example.org',
				'toField' => '1',
			),
		);
		$this->assertSame( array(), $this->paths( $form ) );

		$form['notifications'][0]['toField']               = '1'; // A text field.
		$form['notifications'][1]['routing'][]             = array(
			'email'    => 'b@example.org',
			'fieldId'  => '9',
			'operator' => 'is',
			'value'    => 'b',
		);
		$form['notifications'][1]['routing'][0]['fieldId'] = '5'; // An html block: no value.
		$this->assertSame(
			array(
				'notifications[0].toField emailField',
				'notifications[1].routing[0].fieldId unknownField',
				'notifications[1].routing[1].fieldId unknownField',
			),
			$this->paths( $form )
		);
		$form['notifications'][0]['toField'] = '77'; // No such field.
		$this->assertContains( 'notifications[0].toField emailField', $this->paths( $form ) );
	}
}
