<?php
/**
 * List and repeater submissions: rows stored as rows, the maximum enforced, each repeater row
 * validated, formulas and prices read the rows on the server.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Rest;

use Kestrel\Forms\Tests\Integration\Support\TestCase;

final class RowsSubmissionTest extends TestCase {

	use SubmissionAnswers;

	private int $form_id;

	protected function set_up(): void {
		self::without_submission_rate_limit();
		$this->as_admin();
		$response = $this->rest(
			'POST',
			'/kestrel-forms/v1/forms',
			array(
				'title'    => 'Party',
				'currency' => 'USD',
				'fields'   => array(
					array(
						'id'      => 1,
						'type'    => 'list',
						'label'   => 'Items',
						'columns' => array( 'Item', 'Qty' ),
						'maxRows' => 2,
					),
					array(
						'id'      => 2,
						'type'    => 'repeater',
						'label'   => 'Guests',
						'maxRows' => 3,
						'fields'  => array(
							array(
								'id'         => 21,
								'type'       => 'text',
								'label'      => 'Name',
								'isRequired' => true,
							),
							array(
								'id'           => 22,
								'type'         => 'number',
								'label'        => 'Age',
								'numberFormat' => 'decimal_comma',
							),
						),
					),
					array(
						'id'                 => 3,
						'type'               => 'product',
						'label'              => 'Tickets',
						'inputType'          => 'calculation',
						'disableQuantity'    => true,
						'calculationFormula' => '{Items:1.2} * 2',
					),
					array(
						'id'    => 4,
						'type'  => 'total',
						'label' => 'Total',
					),
				),
			)
		);
		$this->assert_rest_status( 201, $response );
		$this->form_id = $response->get_data()['id'];
		$this->as_anonymous();
	}

	public function test_rows_are_stored_as_rows_and_priced_by_the_server(): void {
		$response = $this->rest(
			'POST',
			"/kestrel-forms/v1/forms/{$this->form_id}/submissions",
			array(
				'values' => array(
					'1' => array( 'Tea', '3', '', '', 'Cake', '1' ),
					'2' => array( 'Ada', '36,5', '', '' ),
					'4' => '0.01',
				),
			)
		);
		$this->assert_rest_status( 201, $response );
		$this->as_admin();
		$entry  = $this->rest( 'GET', '/kestrel-forms/v1/entries/' . self::entry_id_of( $response ) )->get_data();
		$values = (array) $entry['values'];
		$this->assertSame( array( array( 'Tea', '3' ), array( 'Cake', '1' ) ), $values['1'] );
		// A repeater cell is stored in its field's canonical form.
		$this->assertSame( array( array( 'Ada', '36.5' ) ), $values['2'] );
		$this->assertSame( '8', $entry['pricing']['total'] );
	}

	public function test_the_maximum_rows_are_enforced(): void {
		$response = $this->rest(
			'POST',
			"/kestrel-forms/v1/forms/{$this->form_id}/submissions",
			array( 'values' => array( '1' => array( 'A', '1', 'B', '1', 'C', '1' ) ) )
		);
		$this->assert_rest_error( 'kestrel_forms_validation_failed', 400, $response );
		$this->assertSame( array( '1' => 'Please enter at most 2 rows.' ), (array) $response->get_data()['data']['errors'] );
	}

	public function test_each_repeater_row_is_validated(): void {
		$response = $this->rest(
			'POST',
			"/kestrel-forms/v1/forms/{$this->form_id}/submissions",
			array( 'values' => array( '2' => array( 'Ada', '36', '', 'many' ) ) )
		);
		$this->assert_rest_error( 'kestrel_forms_validation_failed', 400, $response );
		$this->assertSame( array( '2' => 'Row 2, Name: This field is required.' ), (array) $response->get_data()['data']['errors'] );

		$response = $this->rest(
			'POST',
			"/kestrel-forms/v1/forms/{$this->form_id}/submissions",
			array( 'values' => array( '2' => array( 'Ada', 'many' ) ) )
		);
		$this->assertSame( array( '2' => 'Row 1, Age: Please enter a valid number.' ), (array) $response->get_data()['data']['errors'] );
	}

	public function test_a_value_that_is_not_a_list_of_texts_is_refused(): void {
		$response = $this->rest(
			'POST',
			"/kestrel-forms/v1/forms/{$this->form_id}/submissions",
			array( 'values' => array( '1' => array( array( 'Tea', '1' ) ) ) )
		);
		$this->assert_rest_error( 'kestrel_forms_validation_failed', 400, $response );
		$this->assertSame( array( '1' => 'This value is not valid.' ), (array) $response->get_data()['data']['errors'] );
	}
}
