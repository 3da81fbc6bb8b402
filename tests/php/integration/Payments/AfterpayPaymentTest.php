<?php
/**
 * Afterpay/Clearpay in the payment field (P4 "Forms", acceptance check 5 at the PHP level):
 * eligibility and limits, the charge of the server total, the entry's text, partial refunds,
 * the payment request's shipping, the field settings.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Payments;

use Kestrel\Forms\Entries\PaymentText;
use Kestrel\Forms\Frontend\FormRenderer;
use Kestrel\Forms\Payments\ChargePayment;
use Kestrel\Forms\Payments\ConfigurationCheck;
use Kestrel\Forms\Payments\Provider\ClientFactory;
use Kestrel\Forms\Persistence\EntryPayments;
use Kestrel\Forms\Persistence\FormRepository;
use Kestrel\Forms\Settings\PaymentSettings;
use Kestrel\Forms\Tests\Integration\Rest\SubmissionAnswers;
use Kestrel\Forms\Tests\Integration\Support\TestCase;
use WP_REST_Response;

final class AfterpayPaymentTest extends TestCase {

	use PaymentFixtures;
	use SubmissionAnswers;

	protected function set_up(): void {
		self::forget_locations();
		$this->set_up_shop( '203.0.113.79' );
		$this->as_anonymous();
		$this->form_id = $this->create_shop( self::afterpay_shop() );
	}

	protected function tear_down(): void {
		self::forget_locations();
		$this->tear_down_payments();
		remove_all_filters( 'kestrel_forms_afterpay_limits' );
		remove_all_filters( 'kestrel_forms_rate_limit' );
	}

	/**
	 * The 30.00 mug with a shipping choice (standard 5.00, express 15.00) and a payment field
	 * offering the card and Afterpay/Clearpay.
	 *
	 * @param array<string, mixed> $payment  Payment field settings.
	 * @param string               $currency The form's currency.
	 * @return array<string, mixed>
	 */
	private static function afterpay_shop( array $payment = array(), string $currency = 'USD' ): array {
		$shop             = self::mug_shop(
			$payment + array(
				'methods'                => array( 'card', 'afterpayClearpay' ),
				'afterpayButton'         => array(
					'buttonColor' => 'mint',
					'buttonType'  => 'buy_now_with_afterpay',
				),
				'afterpayMessaging'      => array(
					'enabled'    => true,
					'badgeTheme' => 'black-on-mint',
					'size'       => 'md',
				),
				'afterpayCheckoutWidget' => array(
					'enabled'         => true,
					'includeBranding' => false,
				),
			),
			array(
				array(
					'id'        => 5,
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
			)
		);
		$shop['currency'] = $currency;
		return $shop;
	}

	/**
	 * Submits the mug with standard delivery (35.00).
	 *
	 * @param array<string, mixed> $value The payment value.
	 * @param array<string, mixed> $other Other values instead of the defaults.
	 */
	private function submit( array $value, array $other = array() ): WP_REST_Response {
		return $this->rest(
			'POST',
			'/kestrel-forms/v1/forms/' . $this->form_id . '/submissions',
			array(
				'values'         => array( '3' => $value ) + $other + array(
					'2' => 'buyer@example.org',
					'5' => 'standard',
				),
				'submission_key' => 'bnpl-key-' . wp_rand( 10000, 99999 ),
			)
		);
	}

	/**
	 * The payment config the page gets.
	 *
	 * @return array<string, mixed>
	 */
	private function config(): array {
		$form = ( new FormRepository() )->find( $this->form_id );
		return FormRenderer::payment_config( $form, (array) ChargePayment::payment_field( $form ) );
	}

	public function test_afterpay_charges_the_server_total_records_bnpl_and_refunds_in_part(): void {
		$answer = $this->submit(
			array(
				'method' => 'afterpayClearpay',
				'token'  => 'wnon:afterpay-or-clearpay-ok',
				// Whatever the browser says about the amount or the buyer is not read.
				'amount' => '1.00',
				'email'  => 'evil@example.org',
				'wallet' => array( 'shippingOption' => 'express' ),
			)
		);
		$this->assert_rest_status( 201, $answer );
		$entry = self::entry_id_of( $answer );
		$calls = $this->provider->calls_to( 'POST', '/v2/payments' );
		$this->assertCount( 1, $calls );
		// The popup's shipping option is priced by the server: 30.00 + 15.00.
		$this->assertSame( 4500, $calls[0]['body']['amount_money']['amount'] );
		$this->assertSame( 'wnon:afterpay-or-clearpay-ok', $calls[0]['body']['source_id'] );
		$this->assertFalse( $calls[0]['body']['autocomplete'] );

		$payment = $this->stored( $entry );
		$this->assertSame( 'paid', $payment['status'] );
		$this->assertSame( 4500, (int) $payment['amount_minor'] );
		$this->assertSame( 'afterpayClearpay', $payment['method'] );
		$this->assertSame( 'BUY_NOW_PAY_LATER', $payment['source_type'] );
		$summary = (array) ( new EntryPayments() )->summaries_for_entries( array( $entry ) )[ $entry ];
		$this->assertSame( 'Afterpay', PaymentText::card( $summary ) );
		$this->assertSame( 'Afterpay/Clearpay', PaymentText::method( 'afterpayClearpay' ) );
		// The CSV export's method and account cells.
		$this->assertSame( array( 'Afterpay/Clearpay', 'Afterpay' ), array_slice( PaymentText::csv_cells( $summary ), 4 ) );
		$this->assertStringNotContainsString( 'evil@example.org', (string) wp_json_encode( $payment ) );

		$this->as_admin();
		$first = $this->rest( 'POST', '/kestrel-forms/v1/entries/' . $entry . '/payment/refunds', array( 'amount' => 1000 ) );
		$this->assert_rest_status( 200, $first );
		$this->assertSame( 'partially_refunded', $first->get_data()['status'] );
		$rest = $this->rest( 'POST', '/kestrel-forms/v1/entries/' . $entry . '/payment/refunds', array( 'amount' => 3500 ) );
		$this->assert_rest_status( 200, $rest );
		$this->assertSame( 'refunded', $rest->get_data()['status'] );
		$this->assertSame( array( 1000, 3500 ), array_map( static fn( array $call ): int => (int) $call['body']['amount_money']['amount'], $this->provider->calls( 'POST', '/v2/refunds' ) ) );
	}

	public function test_a_gbp_form_is_clearpay_and_a_decline_keeps_the_data(): void {
		$this->provider->currency = 'GBP';
		$this->provider->country  = 'GB';
		$this->form_id            = $this->create_shop( self::afterpay_shop( array(), 'GBP' ) );
		$declined                 = $this->submit(
			array(
				'method' => 'afterpayClearpay',
				'token'  => 'wnon:afterpay-or-clearpay-declined',
			)
		);
		$this->assert_rest_error( 'kestrel_forms_validation_failed', 400, $declined );
		$this->assertSame( 0, self::entry_count() );

		$answer = $this->submit(
			array(
				'method' => 'afterpayClearpay',
				'token'  => 'wnon:afterpay-or-clearpay-ok',
			)
		);
		$this->assert_rest_status( 201, $answer );
		$summary = (array) ( new EntryPayments() )->summaries_for_entries( array( self::entry_id_of( $answer ) ) )[ self::entry_id_of( $answer ) ];
		$this->assertSame( 'Clearpay', PaymentText::card( $summary ) );
	}

	public function test_a_total_outside_the_limits_is_refused_before_the_provider_is_asked(): void {
		// A merchant whose maximum is 40.00: the 45.00 order is over it, the 35.00 one within.
		add_filter(
			'kestrel_forms_afterpay_limits',
			static fn( ?array $limits, string $currency ): ?array => 'USD' === $currency ? array(
				'minimum' => 100,
				'maximum' => 4000,
			) : $limits,
			10,
			2
		);
		$value    = array(
			'method' => 'afterpayClearpay',
			'token'  => 'wnon:afterpay-or-clearpay-ok',
		);
		$response = $this->submit( $value, array( '5' => 'express' ) );
		$this->assert_rest_error( 'kestrel_forms_validation_failed', 400, $response );
		$this->assertSame( 'afterpay_outside_limits', $response->get_data()['data']['payment']['code'] );
		$this->assertStringContainsString( '$40.00', (string) wp_json_encode( $response->get_data()['data']['errors'] ) );
		$this->assertCount( 0, $this->provider->calls( 'POST', '/v2/payments' ) );
		$this->assertSame( 0, self::entry_count() );
		$this->assertSame(
			array(
				'minimum' => 100,
				'maximum' => 4000,
			),
			$this->config()['afterpayLimits']
		);

		$this->assert_rest_status( 201, $this->submit( $value ) );
	}

	public function test_a_usd_form_offers_it_with_its_settings_and_limits(): void {
		$config = $this->config();
		$this->assertSame( array( 'card', 'afterpayClearpay' ), $config['methods'] );
		$this->assertSame(
			array(
				'minimum' => 100,
				'maximum' => 400000,
			),
			$config['afterpayLimits']
		);
		$this->assertEquals(
			(object) array(
				'buttonColor' => 'mint',
				'buttonType'  => 'buy_now_with_afterpay',
			),
			$config['afterpayButton']
		);
		$this->assertTrue( $config['afterpayMessaging']->enabled );
		$this->assertFalse( $config['afterpayCheckoutWidget']->includeBranding );
		$check = ( new ConfigurationCheck( new PaymentSettings(), \Closure::fromCallable( array( ClientFactory::class, 'for_environment' ) ) ) )->run( 'USD' );
		$this->assertSame( '', $check['methods']['afterpayClearpay']['code'] );
	}

	public function test_an_unsupported_currency_or_country_leaves_it_out_with_the_reason(): void {
		$this->provider->currency = 'NZD';
		$this->provider->country  = 'NZ';
		$this->form_id            = $this->create_shop( self::afterpay_shop( array(), 'NZD' ) );
		$config                   = $this->config();
		$this->assertSame( array( 'card' ), $config['methods'] );
		$this->assertArrayNotHasKey( 'afterpayLimits', $config );
		$this->assertArrayNotHasKey( 'afterpayButton', $config );
		$response = $this->submit(
			array(
				'method' => 'afterpayClearpay',
				'token'  => 'wnon:afterpay-or-clearpay-ok',
			)
		);
		$this->assert_rest_error( 'kestrel_forms_validation_failed', 400, $response );
		$this->assertSame( 'method_not_offered_bnpl_currency', $response->get_data()['data']['payment']['code'] );
		$this->assertCount( 0, $this->provider->calls( 'POST', '/v2/payments' ) );

		$settings = \Closure::fromCallable( array( ClientFactory::class, 'for_environment' ) );
		$nzd      = ( new ConfigurationCheck( new PaymentSettings(), $settings ) )->run( 'NZD' );
		$this->assertSame( 'BNPL_CURRENCY', $nzd['methods']['afterpayClearpay']['code'] );
		$this->assertStringContainsString( 'NZD', $nzd['methods']['afterpayClearpay']['message'] );
		// A USD form on a New Zealand location: the location's country does not charge in USD.
		$usd = ( new ConfigurationCheck( new PaymentSettings(), $settings ) )->run( 'USD' );
		$this->assertSame( 'BNPL_COUNTRY', $usd['methods']['afterpayClearpay']['code'] );
	}

	public function test_the_payment_request_gives_each_shipping_option_its_order_total(): void {
		$response = $this->rest(
			'POST',
			'/kestrel-forms/v1/forms/' . $this->form_id . '/payment-request',
			array(
				'values' => array( '5' => 'standard' ),
				'method' => 'afterpayClearpay',
			)
		);
		$this->assert_rest_status( 200, $response );
		$request = $response->get_data();
		$this->assertTrue( $request['requestShippingContact'] );
		$this->assertSame( '35.00', $request['total']['amount'] );
		$this->assertSame( array( 'standard', 'express' ), array_column( $request['shippingOptions'], 'id' ) );
		$this->assertSame( array( '35.00', '45.00' ), array_column( array_column( $request['shippingOptions'], 'total' ), 'amount' ) );
		$this->assertSame( array( array(), array() ), array_column( $request['shippingOptions'], 'taxLineItems' ) );

		// The wallets' request is unchanged (no order totals).
		$wallets = $this->rest( 'POST', '/kestrel-forms/v1/forms/' . $this->form_id . '/payment-request', array( 'values' => array( '5' => 'standard' ) ) );
		$this->assertSame( 'kestrel_forms_wallets_not_offered', $wallets->get_data()['code'] ?? '' );
	}

	public function test_a_form_with_its_own_address_asks_the_popup_for_none_and_ships_there(): void {
		$shop                         = self::afterpay_shop();
		$shop['fields'][3]['billing'] = array(
			'email'        => '2',
			'addressLine1' => '6',
			'city'         => '7',
			'postalCode'   => '8',
		);
		foreach ( array(
			6 => 'Street',
			7 => 'City',
			8 => 'ZIP',
		) as $id => $label ) {
			$shop['fields'][] = array(
				'id'    => $id,
				'type'  => 'text',
				'label' => $label,
			);
		}
		$this->form_id = $this->create_shop( $shop );
		$request       = $this->rest(
			'POST',
			'/kestrel-forms/v1/forms/' . $this->form_id . '/payment-request',
			array(
				'values' => array( '5' => 'express' ),
				'method' => 'afterpayClearpay',
			)
		)->get_data();
		$this->assertFalse( $request['requestShippingContact'] );
		$this->assertArrayNotHasKey( 'shippingOptions', $request );
		$this->assertSame( '45.00', $request['total']['amount'] );

		$answer = $this->submit(
			array(
				'method' => 'afterpayClearpay',
				'token'  => 'wnon:afterpay-or-clearpay-ok',
			),
			array(
				'6' => '1 Main St',
				'7' => 'Springfield',
				'8' => '12345',
			)
		);
		$this->assert_rest_status( 201, $answer );
		$body = $this->provider->calls_to( 'POST', '/v2/payments' )[0]['body'];
		$this->assertSame( '1 Main St', $body['shipping_address']['address_line_1'] ?? null );
		$this->assertSame( '12345', $body['shipping_address']['postal_code'] ?? null );
	}

	public function test_bad_field_settings_are_refused_when_the_form_is_saved(): void {
		$this->as_admin();
		foreach ( array(
			array( 'afterpayButton' => array( 'buttonColor' => 'white' ) ),
			array( 'afterpayButton' => array( 'buttonType' => 'pay_with_afterpay' ) ),
			array( 'afterpayButton' => array( 'useCustomButton' => true ) ),
			array( 'afterpayMessaging' => array( 'badgeTheme' => 'black-on-mint' ) ),
			array(
				'afterpayMessaging' => array(
					'enabled' => true,
					'size'    => 'xl',
				),
			),
			array(
				'afterpayMessaging' => array(
					'enabled'        => true,
					'modalLinkStyle' => 'link',
				),
			),
			array( 'afterpayCheckoutWidget' => array( 'enabled' => 'yes' ) ),
			array(
				'afterpayCheckoutWidget' => array(
					'enabled' => true,
					'colour'  => 'mint',
				),
			),
			array( 'methods' => array( 'afterpay' ) ),
		) as $settings ) {
			$response = $this->rest( 'POST', '/kestrel-forms/v1/forms', self::afterpay_shop( $settings ) );
			$this->assertSame( 400, $response->get_status(), (string) wp_json_encode( $settings ) );
		}
		$this->assert_rest_status( 201, $this->rest( 'POST', '/kestrel-forms/v1/forms', self::afterpay_shop() ) );
	}
}
