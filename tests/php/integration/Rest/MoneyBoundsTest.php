<?php
/**
 * Money bounds through the public submission route (issue 12, "Money"): quantities are whole
 * numbers from 0 to a filterable maximum, typed prices are non-negative and bounded, lines and
 * the total are checked integers; everything out of range is a 400 on its field, never a 500.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Rest;

use Kestrel\Forms\Plugin;
use Kestrel\Forms\Tests\Integration\Payments\PaymentFixtures;
use Kestrel\Forms\Tests\Integration\Support\TestCase;
use WP_REST_Response;

final class MoneyBoundsTest extends TestCase {

	use PaymentFixtures;
	use SubmissionAnswers;

	private const TOO_MANY = 'Please enter a number from 0 to 1000000.';

	private const PRICE_RANGE = 'Please enter an amount from $0.00 to $999,999,999.99.';

	private const OVER = 'This comes to more than $999,999,999.99, the most this form accepts.';

	protected function set_up(): void {
		// Rate limits are tested elsewhere; these tests submit many times from one address.
		self::without_submission_rate_limit();
		$this->form_id = $this->create_shop(
			array(
				'title'    => 'Shop',
				'currency' => 'USD',
				'fields'   => array(
					array(
						'id'        => 1,
						'type'      => 'product',
						'label'     => 'Mug',
						'inputType' => 'singleproduct',
						'basePrice' => '10',
					),
					array(
						'id'              => 2,
						'type'            => 'product',
						'label'           => 'Donation',
						'inputType'       => 'price',
						'disableQuantity' => true,
					),
					array(
						'id'        => 3,
						'type'      => 'product',
						'label'     => 'Tickets',
						'inputType' => 'singleproduct',
						'basePrice' => '999999999.99',
					),
					array(
						'id'           => 4,
						'type'         => 'quantity',
						'label'        => 'How many tickets',
						'productField' => 3,
					),
					array(
						'id'    => 9,
						'type'  => 'total',
						'label' => 'Total',
					),
				),
			)
		);
	}

	/**
	 * @param array<string, mixed> $values Values.
	 */
	private function submit( array $values ): WP_REST_Response {
		// The tickets' quantity field starts at 1 like a product's own quantity (issue 14): these
		// tests leave the tickets out unless they set it.
		$values += array( '4' => '0' );
		return $this->rest( 'POST', "/kestrel-forms/v1/forms/{$this->form_id}/submissions", array( 'values' => $values ) );
	}

	/**
	 * Asserts a 400 kestrel_forms_validation_failed with exactly these messages by field id.
	 *
	 * @param array<string, string> $expected Messages.
	 * @param WP_REST_Response      $response Answer.
	 */
	private function assert_field_errors( array $expected, WP_REST_Response $response ): void {
		$this->assert_rest_error( 'kestrel_forms_validation_failed', 400, $response );
		$this->assertSame( $expected, (array) $response->get_data()['data']['errors'] );
	}

	public function test_a_20_digit_quantity_is_a_400_on_its_product_not_a_500(): void {
		$this->assert_field_errors( array( '1' => self::TOO_MANY ), $this->submit( array( '1.3' => '99999999999999999999' ) ) );
	}

	public function test_a_20_digit_quantity_field_is_a_400_on_that_field(): void {
		$this->assert_field_errors( array( '4' => self::TOO_MANY ), $this->submit( array( '4' => '99999999999999999999' ) ) );
	}

	public function test_a_quantity_must_be_a_whole_number_in_range(): void {
		$this->assert_field_errors( array( '1' => 'Please enter a whole number.' ), $this->submit( array( '1.3' => '1.5' ) ) );
		$this->assert_field_errors( array( '1' => self::TOO_MANY ), $this->submit( array( '1.3' => '-1' ) ) );
		$this->assert_field_errors( array( '1' => self::TOO_MANY ), $this->submit( array( '1.3' => '1000001' ) ) );
		$this->assert_field_errors( array( '1' => 'Please enter a valid number.' ), $this->submit( array( '1.3' => '1e3' ) ) );
	}

	public function test_a_negative_typed_price_is_a_400_on_its_product(): void {
		$this->assert_field_errors(
			array( '2' => self::PRICE_RANGE ),
			$this->submit(
				array(
					'1.3' => '0',
					'2'   => '-100',
				)
			)
		);
	}

	public function test_a_20_digit_typed_price_is_a_400_not_a_500(): void {
		$this->assert_field_errors(
			array( '2' => self::PRICE_RANGE ),
			$this->submit(
				array(
					'1.3' => '0',
					'2'   => '99999999999999999999',
				)
			)
		);
		$this->assert_field_errors(
			array( '2' => self::PRICE_RANGE ),
			$this->submit(
				array(
					'1.3' => '0',
					'2'   => '1000000000.00',
				)
			)
		);
	}

	public function test_a_line_over_the_bound_is_a_400_on_the_product(): void {
		$this->assert_field_errors(
			array( '3' => self::OVER ),
			$this->submit(
				array(
					'1.3' => '0',
					'4'   => '2',
				)
			)
		);
		$this->assert_field_errors(
			array( '3' => self::OVER ),
			$this->submit(
				array(
					'1.3' => '0',
					'4'   => '1000000',
				)
			)
		);
	}

	public function test_a_total_over_the_bound_is_a_400_on_the_total_field(): void {
		$this->assert_field_errors(
			array( '9' => self::OVER ),
			$this->submit(
				array(
					'1.3' => '1',
					'2'   => '999999999.99',
				)
			)
		);
	}

	public function test_amounts_at_the_bounds_are_stored_exactly(): void {
		$response = $this->submit(
			array(
				'1.3' => '0',
				'2'   => '999999999.99',
			)
		);
		$this->assert_rest_status( 201, $response );
		$entry = self::entry_of( $response );
		$this->assertNotNull( $entry );
		$this->assertSame( 99999999999, $entry->pricing['totalMinor'] );
		$this->assertSame( '999999999.99', $entry->values['9'] ?? null );

		$response = $this->submit( array( '1.3' => '1000000' ) );
		$this->assert_rest_status( 201, $response );
		$this->assertSame( 1000000000, self::entry_of( $response )->pricing['totalMinor'] );
	}

	public function test_a_calculated_price_that_cannot_be_worked_out_is_a_400_never_free(): void {
		$this->as_admin();
		$response = $this->rest(
			'POST',
			'/kestrel-forms/v1/forms',
			array(
				'title'    => 'Shared bill',
				'currency' => 'USD',
				'fields'   => array(
					array(
						'id'    => 4,
						'type'  => 'number',
						'label' => 'Total',
					),
					array(
						'id'    => 5,
						'type'  => 'number',
						'label' => 'People',
					),
					array(
						'id'                 => 2,
						'type'               => 'product',
						'label'              => 'Share',
						'inputType'          => 'calculation',
						'calculationFormula' => '{Total:4} / {People:5}',
						'disableQuantity'    => true,
					),
					array(
						'id'    => 9,
						'type'  => 'total',
						'label' => 'Order total',
					),
				),
			)
		);
		$this->assert_rest_status( 201, $response );
		$form_id = (int) $response->get_data()['id'];
		$this->as_anonymous();
		$submit = fn( array $values ): WP_REST_Response => $this->rest( 'POST', "/kestrel-forms/v1/forms/{$form_id}/submissions", array( 'values' => $values ) );

		// A division by zero is no price of 0.
		$this->assert_field_errors(
			array( '2' => self::PRICE_RANGE ),
			$submit(
				array(
					'4' => '100',
					'5' => '0',
				)
			)
		);
		$response = $submit(
			array(
				'4' => '100',
				'5' => '4',
			)
		);
		$this->assert_rest_status( 201, $response );
		$this->assertSame( 2500, self::entry_of( $response )->pricing['totalMinor'] );
	}

	public function test_the_filters_bound_the_server_and_reach_the_browser(): void {
		add_filter( 'kestrel_forms_max_quantity', fn() => 5 );
		add_filter( 'kestrel_forms_max_amount', fn() => '100' );
		$this->assert_field_errors( array( '1' => 'Please enter a number from 0 to 5.' ), $this->submit( array( '1.3' => '6' ) ) );
		$this->assert_field_errors(
			array( '2' => 'Please enter an amount from $0.00 to $100.00.' ),
			$this->submit(
				array(
					'1.3' => '0',
					'2'   => '100.01',
				)
			)
		);
		$this->assert_rest_status(
			201,
			$this->submit(
				array(
					'1.3' => '5',
					'2'   => '50',
				)
			)
		);

		$form = Plugin::instance()->forms->find( $this->form_id );
		$this->assertNotNull( $form );
		$this->assertSame(
			array(
				'maxQuantity' => 5,
				'maxAmount'   => '100',
			),
			Plugin::instance()->renderer->public_definition( $form )['limits']
		);
	}
}
