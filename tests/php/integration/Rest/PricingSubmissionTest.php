<?php
/**
 * Priced submissions: the server computes every price, quantity and total and stores the order.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Rest;

use Kestrel\Forms\Settings\GeneralSettings;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

final class PricingSubmissionTest extends TestCase {

	use SubmissionAnswers;

	private int $form_id;

	protected function set_up(): void {
		self::without_submission_rate_limit();
		$this->as_admin();
		$response = $this->rest(
			'POST',
			'/kestrel-forms/v1/forms',
			array(
				'title'    => 'Shop',
				'currency' => 'EUR',
				'fields'   => array(
					array(
						'id'         => 1,
						'type'       => 'product',
						'label'      => 'T-shirt',
						'inputType'  => 'radio',
						'isRequired' => true,
						'choices'    => array(
							array(
								'text'  => 'S',
								'value' => 's',
								'price' => '12.50',
							),
							array(
								'text'  => 'XL',
								'value' => 'xl',
								'price' => '14.30',
							),
						),
					),
					array(
						'id'           => 2,
						'type'         => 'option',
						'label'        => 'Print',
						'inputType'    => 'checkbox',
						'productField' => 1,
						'choices'      => array(
							array(
								'text'  => 'Logo',
								'value' => 'logo',
								'price' => '2.35',
							),
						),
					),
					array(
						'id'           => 3,
						'type'         => 'quantity',
						'label'        => 'How many',
						'productField' => 1,
					),
					array(
						'id'        => 4,
						'type'      => 'shipping',
						'label'     => 'Delivery',
						'inputType' => 'select',
						'choices'   => array(
							array(
								'text'  => 'Post',
								'value' => 'post',
								'price' => '4.90',
							),
						),
					),
					array(
						'id'    => 5,
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

	public function test_the_server_computes_and_stores_the_order_ignoring_sent_prices(): void {
		$response = $this->rest(
			'POST',
			"/kestrel-forms/v1/forms/{$this->form_id}/submissions",
			array(
				'values' => array(
					'1' => 'xl',
					'2' => array( 'logo' ),
					'3' => '3',
					'4' => 'post',
					'5' => '0.01',
				),
			)
		);
		$this->assert_rest_status( 201, $response );
		$this->as_admin();
		$entry = $this->rest( 'GET', '/kestrel-forms/v1/entries/' . self::entry_id_of( $response ) )->get_data();
		$this->assertSame( '54.85', ( (array) $entry['values'] )['5'] );
		$this->assertSame( 'EUR', $entry['pricing']['currency'] );
		$this->assertSame( '54.85', $entry['pricing']['total'] );
		$this->assertSame( 5485, $entry['pricing']['total_minor'] );
		$this->assertSame( '4.9', $entry['pricing']['shipping'] );
		$this->assertSame( 'T-shirt', $entry['pricing']['products'][0]['name'] );
		$this->assertSame( '3', $entry['pricing']['products'][0]['quantity'] );
		$this->assertSame( '16.65', $entry['pricing']['products'][0]['unit_price'] );
		$this->assertSame( '49.95', $entry['pricing']['products'][0]['line_total'] );
	}

	public function test_choices_and_quantities_are_checked(): void {
		$response = $this->rest(
			'POST',
			"/kestrel-forms/v1/forms/{$this->form_id}/submissions",
			array(
				'values' => array(
					'1' => 'xxl|0.01',
					'3' => '-2',
					'4' => 'courier',
				),
			)
		);
		$this->assert_rest_error( 'kestrel_forms_validation_failed', 400, $response );
		$this->assertSame(
			array(
				'1' => 'Please choose one of the listed options.',
				'3' => 'Please enter a number from 0 to 1000000.',
				'4' => 'Please choose one of the listed options.',
			),
			(array) $response->get_data()['data']['errors']
		);
	}

	public function test_a_required_product_needs_a_quantity(): void {
		$response = $this->rest(
			'POST',
			"/kestrel-forms/v1/forms/{$this->form_id}/submissions",
			array(
				'values' => array(
					'1' => 's',
					'3' => '0',
				),
			)
		);
		$this->assertSame( array( '1' => 'This field is required.' ), (array) $response->get_data()['data']['errors'] );
	}

	public function test_a_form_without_a_currency_is_priced_in_the_site_default(): void {
		$this->as_admin();
		$response = $this->rest(
			'POST',
			'/kestrel-forms/v1/forms',
			array(
				'title'  => 'Mugs',
				'fields' => array(
					array(
						'id'        => 1,
						'type'      => 'product',
						'label'     => 'Mug',
						'inputType' => 'singleproduct',
						'basePrice' => '12.50',
					),
					array(
						'id'    => 2,
						'type'  => 'total',
						'label' => 'Total',
					),
				),
			)
		);
		$this->assert_rest_status( 201, $response );
		$form_id = (int) $response->get_data()['id'];
		$submit  = function () use ( $form_id ): array {
			$this->as_anonymous();
			$response = $this->rest( 'POST', "/kestrel-forms/v1/forms/{$form_id}/submissions", array( 'values' => array( '1.3' => '1' ) ) );
			$this->assert_rest_status( 201, $response );
			$this->as_admin();
			return $this->rest( 'GET', '/kestrel-forms/v1/entries/' . self::entry_id_of( $response ) )->get_data();
		};
		$this->assertSame( 'USD', $submit()['pricing']['currency'], 'USD until the site sets a default.' );
		update_option(
			GeneralSettings::OPTION,
			array(
				'currency'       => 'GBP',
				'retention_days' => 0,
			)
		);
		try {
			$entry = $submit();
			$this->assertSame( 'GBP', $entry['pricing']['currency'] );
			$this->assertSame( '12.5', $entry['pricing']['total'] );
		} finally {
			delete_option( GeneralSettings::OPTION );
		}
		// The shop of set_up names EUR and keeps it whatever the site default.
	}
}
