<?php
/**
 * Apple Pay and Google Pay in the payment field (P2 "Forms"): the payment request the server
 * builds, the wallet's charge (the server's total, the provider's card), the wallet contact,
 * and the field settings.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Payments;

use Kestrel\Forms\Persistence\FormRepository;
use Kestrel\Forms\Tests\Integration\Rest\SubmissionAnswers;
use Kestrel\Forms\Tests\Integration\Support\TestCase;
use WP_REST_Response;

final class WalletPaymentTest extends TestCase {

	use PaymentFixtures;
	use SubmissionAnswers;

	protected function set_up(): void {
		$this->set_up_shop( '203.0.113.77' );
		$this->form_id = $this->create_shop( self::wallet_shop() );
	}

	protected function tear_down(): void {
		$this->tear_down_payments();
		remove_all_filters( 'kestrel_forms_rate_limit' );
		remove_all_filters( 'kestrel_forms_can_submit' );
		remove_all_filters( 'kestrel_forms_payment_request_label' );
	}

	/**
	 * A shop: a mug (12.50 or 20.00 for the large one) × quantity, an option (+1.50 gift wrap),
	 * a shipping choice (standard 5.00, express 15.00), an email and a payment field offering
	 * the card and both wallets.
	 *
	 * @param array<string, mixed> $payment Payment field settings.
	 * @return array<string, mixed>
	 */
	private static function wallet_shop( array $payment = array() ): array {
		return array(
			'title'    => 'Wallet shop',
			'currency' => 'USD',
			'fields'   => array(
				array(
					'id'        => 1,
					'type'      => 'product',
					'label'     => 'Mug',
					'inputType' => 'radio',
					'choices'   => array(
						array(
							'text'  => 'Mug',
							'value' => 'mug',
							'price' => '12.50',
						),
						array(
							'text'  => 'Large mug',
							'value' => 'large',
							'price' => '20.00',
						),
					),
				),
				array(
					'id'           => 2,
					'type'         => 'quantity',
					'label'        => 'How many',
					'productField' => 1,
				),
				array(
					'id'           => 7,
					'type'         => 'option',
					'label'        => 'Extras',
					'inputType'    => 'checkbox',
					'productField' => 1,
					'choices'      => array(
						array(
							'text'  => 'Gift wrap',
							'value' => 'wrap',
							'price' => '1.50',
						),
					),
				),
				array(
					'id'        => 3,
					'type'      => 'shipping',
					'label'     => 'Delivery',
					'inputType' => 'select',
					'choices'   => array(
						array(
							'text'  => 'Standard',
							'value' => 'standard',
							'price' => '5.00',
						),
						array(
							'text'  => 'Express',
							'value' => 'express',
							'price' => '15.00',
						),
					),
				),
				array(
					'id'    => 4,
					'type'  => 'email',
					'label' => 'Email',
				),
				$payment + array(
					'id'                  => 5,
					'type'                => 'payment',
					'label'               => 'Payment',
					'methods'             => array( 'applePay', 'googlePay', 'card' ),
					'googlePayButton'     => array(
						'buttonColor'    => 'white',
						'buttonType'     => 'short',
						'buttonSizeMode' => 'fill',
					),
					'applePayButtonStyle' => 'white-outline',
					'billing'             => array( 'email' => '4' ),
				),
			),
		);
	}

	/**
	 * Asks for the payment request.
	 *
	 * @param array<string, mixed> $body    Body.
	 * @param int|null             $form_id Form (default the shop).
	 */
	private function payment_request( array $body, ?int $form_id = null ): WP_REST_Response {
		return $this->rest( 'POST', '/kestrel-forms/v1/forms/' . ( $form_id ?? $this->form_id ) . '/payment-request', $body );
	}

	/**
	 * Submits two mugs paid with a wallet.
	 *
	 * @param array<string, mixed> $value  The payment value (method, token, wallet).
	 * @param array<string, mixed> $values Other values.
	 */
	private function submit_wallet( array $value, array $values = array() ): WP_REST_Response {
		return $this->rest(
			'POST',
			'/kestrel-forms/v1/forms/' . $this->form_id . '/submissions',
			array(
				'values'         => $values + array(
					'1' => 'mug',
					'2' => '2',
					'3' => 'standard',
					'4' => 'buyer@example.org',
					'5' => $value,
				),
				'submission_key' => 'wallet-key-' . wp_rand( 1000, 9999 ),
			)
		);
	}

	public function test_the_payment_request_is_priced_by_the_server_with_shipping_options_the_chosen_first(): void {
		$response = $this->payment_request(
			array(
				'values' => array(
					'1'     => 'large',
					'2'     => '2',
					'7.1'   => 'wrap',
					'3'     => 'express',
					'4'     => 'buyer@example.org',
					// Whatever the page claims about prices and totals is not read.
					'total' => '0.01',
				),
			)
		);
		$this->assert_rest_status( 200, $response );
		$this->assertSame( 'no-store', $response->get_headers()['Cache-Control'] ?? '' );
		$this->assertSame(
			array(
				'countryCode'            => 'US',
				'currencyCode'           => 'USD',
				'total'                  => array(
					'amount' => '58.00',
					'label'  => get_bloginfo( 'name' ),
				),
				'lineItems'              => array(
					array(
						'amount' => '43.00',
						'label'  => 'Mug × 2',
					),
					array(
						'amount' => '15.00',
						'label'  => 'Shipping',
					),
				),
				'requestBillingContact'  => true,
				'requestShippingContact' => true,
				'shippingOptions'        => array(
					array(
						'id'     => 'express',
						'label'  => 'Express',
						'amount' => '15.00',
					),
					array(
						'id'     => 'standard',
						'label'  => 'Standard',
						'amount' => '5.00',
					),
				),
			),
			$response->get_data()
		);
		$this->assertStringNotContainsString( 'buyer@example.org', (string) wp_json_encode( $response->get_data() ), 'No personal data in the answer.' );
	}

	public function test_a_shipping_option_from_the_sheet_is_priced_and_a_contact_is_never_echoed(): void {
		$response = $this->payment_request(
			array(
				'values'          => array(
					'1' => 'mug',
					'2' => '1',
					'3' => 'express',
				),
				'shippingOption'  => 'standard',
				'shippingContact' => array(
					'givenName'    => 'Ada',
					'familyName'   => 'Lovelace',
					'addressLines' => array( '1 Analytical Way' ),
					'countryCode'  => 'GB',
				),
			)
		);
		$this->assert_rest_status( 200, $response );
		$data = $response->get_data();
		$this->assertSame( '17.50', $data['total']['amount'] );
		$this->assertSame( 'standard', $data['shippingOptions'][0]['id'] );
		$encoded = (string) wp_json_encode( $data );
		$this->assertStringNotContainsString( 'Lovelace', $encoded );
		$this->assertStringNotContainsString( 'Analytical', $encoded );

		$unknown = $this->payment_request(
			array(
				'values'         => array( '1' => 'mug' ),
				'shippingOption' => 'free',
			)
		);
		$this->assert_rest_status( 400, $unknown );
		$this->assertSame( 'kestrel_forms_invalid_shipping_option', $unknown->as_error()->get_error_code() );
	}

	public function test_one_product_as_amount_source_lists_only_its_line_without_shipping(): void {
		$form_id = $this->create_shop( self::wallet_shop( array( 'amountSource' => 1 ) ) );
		$data    = $this->payment_request(
			array(
				'values' => array(
					'1' => 'mug',
					'2' => '3',
					'3' => 'express',
				),
			),
			$form_id
		)->get_data();
		$this->assertSame( '37.50', $data['total']['amount'] );
		$this->assertSame(
			array(
				array(
					'amount' => '37.50',
					'label'  => 'Mug × 3',
				),
			),
			$data['lineItems']
		);
		$this->assertFalse( $data['requestShippingContact'] );
		$this->assertArrayNotHasKey( 'shippingOptions', $data );
	}

	public function test_yen_amounts_have_no_decimals_and_the_label_can_be_filtered(): void {
		$form                                     = self::wallet_shop();
		$form['currency']                         = 'JPY';
		$form['fields'][0]['choices'][0]['price'] = '1200';
		$form_id                                  = $this->create_shop( $form );
		add_filter( 'kestrel_forms_payment_request_label', static fn(): string => 'Kestrel <b>Mugs</b>' );
		$data = $this->payment_request(
			array(
				'values' => array(
					'1' => 'mug',
					'2' => '1',
					'3' => 'standard',
				),
			),
			$form_id
		)->get_data();
		$this->assertSame( 'JPY', $data['currencyCode'] );
		$this->assertSame( '1205', $data['total']['amount'] );
		$this->assertSame( 'Kestrel <b>Mugs</b>', $data['total']['label'], 'A label is text: the SDK and the sheet never render it as markup.' );
	}

	public function test_a_currency_of_many_countries_takes_the_locations_country(): void {
		$this->provider->before(
			'GET',
			'#^/v2/locations/#',
			static fn(): array => array(
				'location' => array(
					'id'       => 'LSANDBOXMAIN',
					'currency' => 'EUR',
					'country'  => 'FR',
				),
			)
		);
		$form             = self::wallet_shop();
		$form['currency'] = 'EUR';
		$data             = $this->payment_request( array( 'values' => array( '1' => 'mug' ) ), $this->create_shop( $form ) )->get_data();
		$this->assertSame( 'EUR', $data['currencyCode'] );
		$this->assertSame( 'FR', $data['countryCode'] );
	}

	public function test_access_rules_and_errors(): void {
		$card_only = $this->create_shop( self::mug_shop( array( 'methods' => array( 'card' ) ) ) );
		$refused   = $this->payment_request( array( 'values' => array() ), $card_only );
		$this->assert_rest_status( 400, $refused );
		$this->assertSame( 'kestrel_forms_wallets_not_offered', $refused->as_error()->get_error_code() );

		$missing = $this->payment_request( array( 'values' => array() ), 999999 );
		$this->assert_rest_status( 404, $missing );
		$this->assertSame( 'kestrel_forms_form_not_found', $missing->as_error()->get_error_code() );

		( new FormRepository() )->set_status( $this->form_id, 'trash' );
		$this->assert_rest_status( 404, $this->payment_request( array( 'values' => array() ) ) );
	}

	public function test_the_submission_permission_filter_and_the_rate_limit_apply(): void {
		add_filter( 'kestrel_forms_can_submit', '__return_false' );
		$forbidden = $this->payment_request( array( 'values' => array() ) );
		$this->assert_rest_status( 403, $forbidden );
		remove_all_filters( 'kestrel_forms_can_submit' );

		// Three a minute; the refused request above counted too (the gate counts before anything).
		add_filter( 'kestrel_forms_rate_limit', static fn( array $limit, string $bucket ): array => 'payment_request' === $bucket ? array( 3, 60 ) : $limit, 10, 2 );
		$this->assert_rest_status( 200, $this->payment_request( array( 'values' => array() ) ) );
		$this->assert_rest_status( 200, $this->payment_request( array( 'values' => array() ) ) );
		$limited = $this->payment_request( array( 'values' => array() ) );
		$this->assert_rest_status( 429, $limited );
		$this->assertSame( 'kestrel_forms_rate_limited', $limited->as_error()->get_error_code() );
	}

	public function test_requests_with_bad_arguments_are_counted_and_a_large_body_refused_before_they_are_read(): void {
		add_filter( 'kestrel_forms_rate_limit', static fn( array $limit, string $bucket ): array => 'payment_request' === $bucket ? array( 2, 60 ) : $limit, 10, 2 );
		$bad = array( 'values' => 'not an object' );
		$this->assert_rest_status( 400, $this->payment_request( $bad ) );
		$this->assert_rest_status( 400, $this->payment_request( $bad ) );
		$this->assert_rest_status( 429, $this->payment_request( $bad ) );
		remove_all_filters( 'kestrel_forms_rate_limit' );

		add_filter( 'kestrel_forms_max_submission_bytes', static fn(): int => 2048 );
		$large = $this->payment_request(
			array(
				'values'         => 'not an object',
				'shippingOption' => str_repeat( 'x', 4096 ),
			)
		);
		$this->assert_rest_status( 413, $large );
		remove_all_filters( 'kestrel_forms_max_submission_bytes' );
	}

	public function test_a_body_larger_than_a_submission_is_refused(): void {
		add_filter( 'kestrel_forms_max_submission_bytes', static fn(): int => 2048 );
		$large = $this->payment_request( array( 'values' => array( '4' => str_repeat( 'x', 4096 ) ) ) );
		$this->assert_rest_status( 413, $large );
		$this->assertSame( 'kestrel_forms_request_too_large', $large->as_error()->get_error_code() );
		$this->assert_rest_status( 200, $this->payment_request( array( 'values' => array( '4' => 'buyer@example.org' ) ) ) );
		remove_all_filters( 'kestrel_forms_max_submission_bytes' );
	}

	public function test_the_entry_reads_the_wallets_name(): void {
		$this->assertSame( 'Apple Pay', \Kestrel\Forms\Entries\PaymentText::method( 'applePay' ) );
		$this->assertSame( 'Google Pay', \Kestrel\Forms\Entries\PaymentText::method( 'googlePay' ) );
	}

	public function test_a_wallet_payment_charges_the_server_total_and_records_the_providers_card(): void {
		$response = $this->submit_wallet(
			array(
				'method' => 'applePay',
				'token'  => 'cnon:card-nonce-ok',
				// What a page might claim: never read.
				'amount' => '0.01',
				'brand'  => 'AMEX',
				'last4'  => '0005',
				'wallet' => array(
					'billing'  => array(
						'email'       => 'wallet@example.org',
						'givenName'   => 'Ada<script>alert(1)</script>',
						'familyName'  => "Love\x00lace",
						'countryCode' => 'gb',
						'postalCode'  => 'N1 9GU',
						'unknown'     => 'dropped',
					),
					'shipping' => array(
						'givenName'    => 'Ada',
						'addressLines' => array( '1 Analytical Way', 'Flat <2>' ),
						'city'         => 'London',
						'countryCode'  => 'GBR',
						'phone'        => '+44 20 7946 0000',
					),
				),
			)
		);
		$this->assert_rest_status( 201, $response );
		$body = $this->provider->calls_to( 'POST', '/v2/payments' )[0]['body'];
		$this->assertSame( 3000, $body['amount_money']['amount'], '2 × 12.50 + 5.00, the server\'s total.' );
		$this->assertSame( 'cnon:card-nonce-ok', $body['source_id'] );
		$this->assertSame( 'buyer@example.org', $body['buyer_email_address'], 'The form\'s mapped email wins over the wallet\'s.' );
		$this->assertSame(
			array(
				'first_name'  => 'Adaalert(1)',
				'last_name'   => 'Lovelace',
				'postal_code' => 'N1 9GU',
				'country'     => 'GB',
			),
			$body['billing_address']
		);
		$this->assertSame(
			array(
				'first_name'     => 'Ada',
				'address_line_1' => '1 Analytical Way',
				'address_line_2' => 'Flat',
				'locality'       => 'London',
			),
			$body['shipping_address'],
			'A country code that is not two letters is dropped.'
		);
		$this->assertSame( '+44 20 7946 0000', $body['buyer_phone_number'] );

		$row = self::payment_rows()[0];
		$this->assertSame( 'applePay', $row['method'] );
		$this->assertSame( 'VISA', $row['brand'], 'Brand and last 4 are the provider\'s.' );
		$this->assertSame( '1111', $row['last4'] );
		$this->assertSame( 'paid', $row['status'] );
	}

	public function test_the_providers_wallet_wins_over_the_method_the_browser_claims(): void {
		$this->provider->wallet = 'GOOGLE_PAY';
		$this->assert_rest_status(
			201,
			$this->submit_wallet(
				array(
					'method' => 'applePay',
					'token'  => 'cnon:card-nonce-ok',
				)
			)
		);
		$this->assertSame( 'googlePay', self::payment_rows()[0]['method'] );
	}

	public function test_a_wallet_the_field_does_not_offer_is_refused(): void {
		$this->form_id = $this->create_shop( self::mug_shop( array( 'methods' => array( 'card', 'googlePay' ) ) ) );
		$response      = $this->rest(
			'POST',
			'/kestrel-forms/v1/forms/' . $this->form_id . '/submissions',
			array(
				'values'         => array(
					'1' => '1',
					'2' => 'buyer@example.org',
					'3' => array(
						'method' => 'applePay',
						'token'  => 'cnon:card-nonce-ok',
					),
				),
				'submission_key' => 'wallet-key-refused',
			)
		);
		$this->assert_rest_status( 400, $response );
		$this->assertSame( array(), $this->provider->calls_to( 'POST', '/v2/payments' ) );
	}

	public function test_wallet_settings_are_validated_when_the_form_is_saved(): void {
		$this->as_admin();
		foreach (
			array(
				array( 'googlePayButton' => array( 'buttonColor' => 'pink' ) ),
				array( 'googlePayButton' => array( 'buttonRadius' => 4 ) ),
				array( 'applePayButtonStyle' => 'gold' ),
				array( 'methods' => array( 'applePay', 'card', 'applePay' ) ),
				array( 'methods' => array( 'samsungPay' ) ),
			) as $bad
		) {
			$response = $this->rest( 'POST', '/kestrel-forms/v1/forms', self::wallet_shop( $bad ) );
			$this->assert_rest_status( 400, $response );
		}
		$this->assert_rest_status( 201, $this->rest( 'POST', '/kestrel-forms/v1/forms', self::wallet_shop() ) );
	}
}
