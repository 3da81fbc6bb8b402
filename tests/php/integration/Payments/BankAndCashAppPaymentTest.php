<?php
/**
 * ACH and Cash App Pay in the payment field (P3 "Forms"): eligibility, the charge, the pending
 * bank payment settled by webhooks, refunds only once paid, the entry's text, the field settings.
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

final class BankAndCashAppPaymentTest extends TestCase {

	use PaymentFixtures;
	use SignedWebhooks;
	use SubmissionAnswers;

	protected function set_up(): void {
		self::forget_locations();
		$this->set_up_shop( '203.0.113.78' );
		$this->as_admin();
		$this->store_webhook_keys();
		$this->as_anonymous();
		$this->form_id = $this->create_shop( self::bank_shop() );
		$this->fired   = array();
		foreach ( array( 'completed', 'pending', 'failed' ) as $event ) {
			add_action(
				'kestrel_forms_payment_' . $event,
				function ( array $payment ) use ( $event ): void {
					$this->fired[] = array( $event, (string) $payment['status'] );
				}
			);
		}
	}

	protected function tear_down(): void {
		self::forget_locations();
		$this->tear_down_payments();
		remove_all_filters( 'kestrel_forms_rate_limit' );
	}

	/**
	 * A 30.00 mug, an email, the buyer's name and a payment field offering the card, ACH and Cash
	 * App Pay.
	 *
	 * @param array<string, mixed> $payment  Payment field settings.
	 * @param string               $currency The form's currency.
	 * @return array<string, mixed>
	 */
	private static function bank_shop( array $payment = array(), string $currency = 'USD' ): array {
		$shop = self::mug_shop(
			array_filter( $payment, static fn( $setting ): bool => null !== $setting ) + array(
				'methods'            => array( 'card', 'ach', 'cashAppPay' ),
				'accountHolderField' => '4',
				'cashAppPayButton'   => array(
					'shape' => 'semiround',
					'theme' => 'light',
				),
				// Authorise-only is asked for: ACH charges all the same.
				'captureMode'        => 'authorize',
			),
			array(
				array(
					'id'    => 4,
					'type'  => 'text',
					'label' => 'Name',
				),
			)
		);
		$shop['currency'] = $currency;
		return $shop;
	}

	/**
	 * Submits the mug.
	 *
	 * @param array<string, mixed> $value The payment value.
	 * @param string               $key   Submission key.
	 * @param array<string, mixed> $other Other values instead of the defaults.
	 */
	private function submit( array $value, string $key = '', array $other = array() ): WP_REST_Response {
		return $this->rest(
			'POST',
			'/kestrel-forms/v1/forms/' . $this->form_id . '/submissions',
			array(
				'values'         => array( '3' => $value ) + $other + array(
					'2' => 'buyer@example.org',
					'4' => 'Jane Doe',
				),
				'submission_key' => '' !== $key ? $key : 'bank-key-' . wp_rand( 10000, 99999 ),
			)
		);
	}

	/**
	 * The entry's payment summary (what the entries screen, CSV and merge tags read).
	 *
	 * @param int $entry_id Entry.
	 * @return array<string, mixed>
	 */
	private static function summary( int $entry_id ): array {
		return (array) ( new EntryPayments() )->summaries_for_entries( array( $entry_id ) )[ $entry_id ];
	}

	/**
	 * Submits a payment value that must be stored.
	 *
	 * @param array<string, mixed> $value The payment value.
	 * @return array{0: int, 1: list<array<string, mixed>>} The entry and the CreatePayment calls.
	 */
	private function paid_with( array $value ): array {
		$answer = $this->submit( $value );
		$this->assert_rest_status( 201, $answer );
		return array( self::entry_id_of( $answer ), $this->provider->calls_to( 'POST', '/v2/payments' ) );
	}

	/**
	 * An entry paid by ACH, pending.
	 *
	 * @return array{0: int, 1: array<string, mixed>} The entry and its stored payment.
	 */
	private function pending_transfer(): array {
		$entry = $this->paid_with(
			array(
				'method' => 'ach',
				'token'  => 'bnon:sandbox-bank-ok',
			)
		)[0];
		return array( $entry, $this->stored( $entry ) );
	}

	public function test_ach_charges_with_autocomplete_and_stays_pending_until_the_webhook_settles_it(): void {
		list( $entry, $calls ) = $this->paid_with(
			array(
				'method'            => 'ach',
				'token'             => 'bnon:sandbox-bank-ok',
				// Whatever the browser says about the bank is not read.
				'bankName'          => 'Evil Bank',
				'accountHolderName' => 'Someone Else',
			)
		);
		$this->assertCount( 1, $calls );
		$this->assertTrue( $calls[0]['body']['autocomplete'] );
		$this->assertSame( 'bnon:sandbox-bank-ok', $calls[0]['body']['source_id'] );
		$this->assertSame( 3000, $calls[0]['body']['amount_money']['amount'] );
		$this->assertCount( 0, $this->provider->calls( 'POST', '/v2/payments/' ), 'No complete or cancel for a bank payment.' );

		$payment = $this->stored( $entry );
		$this->assertSame( 'pending', $payment['status'] );
		$this->assertSame( 'charge', $payment['capture_mode'] );
		$this->assertSame( 'ach', $payment['method'] );
		$this->assertSame( 'BANK_ACCOUNT', $payment['source_type'] );
		$this->assertSame( 'ACH · First Platypus Bank ••• 000', PaymentText::method( 'ach' ) . ' · ' . PaymentText::card( self::summary( $entry ) ) );
		$this->assertSame( array( array( 'pending', 'pending' ) ), $this->fired );
		$this->assertStringContainsString( 'Payment pending', implode( "\n", array_column( $this->notes( $entry ), 1 ) ) );

		// Refunds are refused while the transfer is pending, before the provider is asked, and
		// the entries screen gets no refund action.
		$this->as_admin();
		$state = $this->rest( 'GET', '/kestrel-forms/v1/entries/' . $entry . '/payment' );
		$this->assert_rest_status( 200, $state );
		$this->assertFalse( $state->get_data()['actions']['refund'] );
		$this->assertSame( 'First Platypus Bank', $state->get_data()['brand'] );
		$this->assertSame( '000', $state->get_data()['last4'] );
		$refused = $this->rest( 'POST', '/kestrel-forms/v1/entries/' . $entry . '/payment/refunds', array( 'amount' => 1000 ) );
		$this->assert_rest_error( 'kestrel_forms_payment_action_refused', 409, $refused );
		$this->assertCount( 0, $this->provider->calls( 'POST', '/v2/refunds' ) );
		$this->as_anonymous();

		// The provider settles it: payment.updated COMPLETED → paid, the completed notification.
		$settled = $this->provider->settle( (string) $payment['provider_payment_id'], 'COMPLETED' );
		$this->assert_rest_status( 200, $this->signed( $this->event( 'payment.updated', 'payment', $settled ) ) );
		$this->assertSame( 'paid', $this->stored( $entry )['status'] );
		$this->assertSame( array( array( 'pending', 'pending' ), array( 'completed', 'paid' ) ), $this->fired );

		// Once paid, a refund goes through.
		$this->as_admin();
		$this->assert_rest_status( 200, $this->rest( 'POST', '/kestrel-forms/v1/entries/' . $entry . '/payment/refunds', array( 'amount' => 1000 ) ) );
		$this->assertCount( 1, $this->provider->calls( 'POST', '/v2/refunds' ) );
	}

	public function test_the_reconcile_job_reads_a_pending_transfer_whose_webhook_was_lost(): void {
		global $wpdb;
		list( $entry, $payment ) = $this->pending_transfer();
		$path                    = '/v2/payments/' . $payment['provider_payment_id'];

		// Recently touched: not read.
		\Kestrel\Forms\Plugin::reconcile_job()->run();
		$this->assertCount( 0, $this->provider->calls_to( 'GET', $path ) );

		// Settled at the provider, the webhook lost, the payment untouched for 7 hours: read once.
		$this->provider->settle( (string) $payment['provider_payment_id'], 'COMPLETED' );
		$wpdb->update( \Kestrel\Forms\Persistence\Schema::tables()['payments'], array( 'updated_at' => gmdate( 'Y-m-d H:i:s', time() - 7 * HOUR_IN_SECONDS ) ), array( 'id' => $payment['id'] ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
		\Kestrel\Forms\Plugin::reconcile_job()->run();
		\Kestrel\Forms\Plugin::reconcile_job()->run();
		$this->assertCount( 1, $this->provider->calls_to( 'GET', $path ) );
		$this->assertSame( 'paid', $this->stored( $entry )['status'] );
		$this->assertSame( array( array( 'pending', 'pending' ), array( 'completed', 'paid' ) ), $this->fired );
	}

	public function test_a_failed_transfer_moves_the_entry_to_failed_with_its_notification(): void {
		list( $entry, $payment ) = $this->pending_transfer();
		$failed                  = $this->provider->settle( (string) $payment['provider_payment_id'], 'FAILED' );
		$this->assert_rest_status( 200, $this->signed( $this->event( 'payment.updated', 'payment', $failed ) ) );
		$this->assertSame( 'failed', $this->stored( $entry )['status'] );
		$this->assertSame( array( array( 'pending', 'pending' ), array( 'failed', 'failed' ) ), $this->fired );
		// A failed payment never becomes refundable or paid by a late COMPLETED.
		$late = $this->provider->settle( (string) $payment['provider_payment_id'], 'COMPLETED' );
		$this->signed( $this->event( 'payment.updated', 'payment', $late ) );
		$this->assertSame( 'failed', $this->stored( $entry )['status'] );
	}

	public function test_cash_app_pay_is_charged_the_server_total_and_named_by_the_cashtag(): void {
		list( $entry, $calls ) = $this->paid_with(
			array(
				'method' => 'cashAppPay',
				'token'  => 'wnon:sandbox-cash-app-ok',
				'amount' => '0.01',
			)
		);
		$this->assertSame( 3000, $calls[0]['body']['amount_money']['amount'] );
		$this->assertFalse( $calls[0]['body']['autocomplete'], 'Cash App Pay follows the field\'s capture mode, as cards do.' );
		$payment = $this->stored( $entry );
		$this->assertSame( 'authorized', $payment['status'] );
		$this->assertSame( 'cashAppPay', $payment['method'] );
		$this->assertSame( 'WALLET', $payment['source_type'] );
		$this->assertSame( 'Cash App Pay · $janedoe', PaymentText::method( 'cashAppPay' ) . ' · ' . PaymentText::card( self::summary( $entry ) ) );
	}

	public function test_tokens_of_another_method_and_methods_the_field_does_not_offer_are_refused(): void {
		foreach ( array(
			array(
				'method' => 'ach',
				'token'  => 'cnon:card-nonce-ok',
			),
			array(
				'method' => 'cashAppPay',
				'token'  => 'bnon:sandbox-bank-ok',
			),
			array(
				'method' => 'card',
				'token'  => 'wnon:sandbox-cash-app-ok',
			),
			array(
				'method' => 'applePay',
				'token'  => 'cnon:card-nonce-ok',
			),
			array(
				'method'  => 'card',
				'token'   => 'cnon:card-nonce-ok',
				'draftId' => str_repeat( 'a', 32 ),
			),
		) as $value ) {
			$response = $this->submit( $value );
			$this->assert_rest_error( 'kestrel_forms_validation_failed', 400, $response );
			$this->assertArrayHasKey( '3', (array) ( $response->get_data()['data']['errors'] ?? array() ), (string) wp_json_encode( $value ) );
		}
		$this->assertCount( 0, $this->provider->calls( 'POST', '/v2/payments' ) );
		$this->assertSame( 0, self::entry_count() );
	}

	public function test_ach_needs_a_name_in_the_mapped_text_field(): void {
		$ach      = array(
			'method' => 'ach',
			'token'  => 'bnon:sandbox-bank-ok',
		);
		$response = $this->submit( $ach, '', array( '4' => '  ' ) );
		$this->assert_rest_error( 'kestrel_forms_validation_failed', 400, $response );
		$this->assertSame( array( '4' ), array_map( 'strval', array_keys( (array) $response->get_data()['data']['errors'] ) ) );
		$this->assertCount( 0, $this->provider->calls_to( 'POST', '/v2/payments' ) );
		// A card needs no account holder.
		$card = array(
			'method' => 'card',
			'token'  => 'cnon:card-nonce-ok',
		);
		$this->assert_rest_status( 201, $this->submit( $card, '', array( '4' => '' ) ) );
	}

	public function test_ach_needs_an_account_holder_name_when_the_form_maps_none(): void {
		$shop = self::bank_shop();
		unset( $shop['fields'][3]['accountHolderField'] );
		$this->form_id = $this->create_shop( $shop );
		$form          = ( new FormRepository() )->find( $this->form_id );
		$this->assertSame( 'payment', ChargePayment::payment_field( $form )['type'] ?? '' );
		$this->assertArrayNotHasKey( 'accountHolderField', (array) ChargePayment::payment_field( $form ) );
		$response = $this->submit(
			array(
				'method' => 'ach',
				'token'  => 'bnon:sandbox-bank-ok',
			)
		);
		$this->assert_rest_error( 'kestrel_forms_validation_failed', 400, $response );
		$this->assert_rest_status(
			201,
			$this->submit(
				array(
					'method'            => 'ach',
					'token'             => 'bnon:sandbox-bank-ok',
					'accountHolderName' => 'Jane Doe',
				)
			)
		);
	}

	public function test_outside_the_united_states_the_page_and_the_server_leave_ach_and_cash_app_pay_out(): void {
		$this->provider->currency = 'GBP';
		$this->provider->country  = 'GB';
		$this->form_id            = $this->create_shop( self::bank_shop( array(), 'GBP' ) );
		$form                     = ( new FormRepository() )->find( $this->form_id );
		$config                   = FormRenderer::payment_config( $form, (array) ChargePayment::payment_field( $form ) );
		$this->assertSame( array( 'card' ), $config['methods'] );
		$this->assertArrayNotHasKey( 'cashAppPayButton', $config );

		$response = $this->submit(
			array(
				'method' => 'ach',
				'token'  => 'bnon:sandbox-bank-ok',
			)
		);
		$this->assert_rest_error( 'kestrel_forms_validation_failed', 400, $response );
		$this->assertSame( 'method_not_offered_us_merchant_only', $response->get_data()['data']['payment']['code'] );
		$this->assertCount( 0, $this->provider->calls( 'POST', '/v2/payments' ) );

		$check = ( new ConfigurationCheck( new PaymentSettings(), \Closure::fromCallable( array( ClientFactory::class, 'for_environment' ) ) ) )->run( 'GBP' );
		$this->assertSame( 'US_MERCHANT_ONLY', $check['methods']['ach']['code'] );
		$this->assertStringContainsString( 'United States', $check['methods']['cashAppPay']['message'] );
	}

	public function test_a_usd_form_on_a_us_location_offers_both_with_their_settings(): void {
		$form   = ( new FormRepository() )->find( $this->form_id );
		$config = FormRenderer::payment_config( $form, (array) ChargePayment::payment_field( $form ) );
		$this->assertSame( array( 'card', 'ach', 'cashAppPay' ), $config['methods'] );
		$this->assertEquals(
			(object) array(
				'shape' => 'semiround',
				'theme' => 'light',
			),
			$config['cashAppPayButton']
		);
		$this->assertSame( '4', $config['accountHolderField'] );
		$check = ( new ConfigurationCheck( new PaymentSettings(), \Closure::fromCallable( array( ClientFactory::class, 'for_environment' ) ) ) )->run( 'USD' );
		$this->assertSame( '', $check['methods']['ach']['code'] );
		$this->assertSame( '', $check['methods']['cashAppPay']['message'] );
		$eur = ( new ConfigurationCheck( new PaymentSettings(), \Closure::fromCallable( array( ClientFactory::class, 'for_environment' ) ) ) )->run( 'EUR' );
		$this->assertSame( 'USD_ONLY', $eur['methods']['ach']['code'] );
	}

	public function test_bad_field_settings_are_refused_when_the_form_is_saved(): void {
		$this->as_admin();
		foreach ( array(
			array( 'accountHolderField' => '2' ), // An email field, not a text field.
			array( 'accountHolderField' => '99' ),
			array( 'accountHolderField' => '4.1' ),
			array( 'cashAppPayButton' => array( 'shape' => 'square' ) ),
			array( 'cashAppPayButton' => array( 'colour' => 'green' ) ),
			array( 'methods' => array( 'ach', 'ach' ) ),
			array( 'methods' => array( 'venmo' ) ),
		) as $settings ) {
			$response = $this->rest( 'POST', '/kestrel-forms/v1/forms', self::bank_shop( $settings ) );
			$this->assertSame( 400, $response->get_status(), (string) wp_json_encode( $settings ) );
		}
	}

	public function test_an_ach_entry_that_cannot_be_stored_is_written_by_the_reconcile_job_never_voided(): void {
		global $wpdb;
		$entries  = \Kestrel\Forms\Persistence\Schema::tables()['entries'];
		$fail     = static fn( string $query ): string => 1 === preg_match( '/^\s*INSERT\s+(IGNORE\s+)?INTO\s+`?' . preg_quote( $entries, '/' ) . '`?\s/i', $query ) ? 'SELECT * FROM kestrel_no_such_table' : $query;
		add_filter( 'query', $fail );
		$suppress = $wpdb->suppress_errors( true );
		$answer   = $this->submit(
			array(
				'method' => 'ach',
				'token'  => 'bnon:sandbox-bank-ok',
			),
			'bank-key-store-fails'
		);
		remove_filter( 'query', $fail );
		$wpdb->suppress_errors( $suppress );
		$this->assertGreaterThanOrEqual( 400, $answer->get_status() );
		$this->assertSame( 0, self::entry_count() );
		$rows = self::payment_rows();
		$this->assertCount( 1, $rows );
		$this->assertSame( 'processing', $rows[0]['status'], 'Not voided: a bank payment cannot be cancelled.' );
		$this->assertSame( ChargePayment::ENTRY_NOT_STORED, $rows[0]['error_code'] );
		$this->assertCount( 0, $this->provider->calls( 'POST', '/v2/payments/' ), 'No cancel sent.' );

		// The bank settles before the job ran: the webhook is deferred (redelivered), not dropped.
		$early = $this->provider->settle( (string) $rows[0]['provider_payment_id'], 'COMPLETED' );
		$this->assertSame( 503, $this->signed( $this->event( 'payment.updated', 'payment', $early ) )->get_status() );
		$this->assertSame( 'processing', self::payment_rows()[0]['status'] );

		// The reconcile job writes the entry from the stored entry draft: pending.
		$old = gmdate( 'Y-m-d H:i:s', time() - 600 );
		$wpdb->query( $wpdb->prepare( 'UPDATE ' . \Kestrel\Forms\Persistence\Schema::tables()['payments'] . ' SET created_at = %s, updated_at = %s', $old, $old ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		$this->assertSame( 1, \Kestrel\Forms\Plugin::reconcile_job()->run()['finished'] );
		$this->assertSame( 1, self::entry_count() );
		$row   = self::payment_rows()[0];
		$entry = (int) $row['entry_id'];
		$this->assertContains( $this->stored( $entry )['status'], array( 'pending', 'paid' ) );
		$this->assertCount( 0, $this->provider->calls( 'POST', '/v2/payments/' ), 'Still no cancel.' );
		$notes = implode( "\n", array_column( $this->notes( $entry ), 1 ) );
		$this->assertStringNotContainsString( 'Payment authorized', $notes );

		// The provider settles it: the COMPLETED webhook is applied.
		$settled = $this->provider->settle( (string) $row['provider_payment_id'], 'COMPLETED' );
		$this->assert_rest_status( 200, $this->signed( $this->event( 'payment.updated', 'payment', $settled ) ) );
		$this->assertSame( 'paid', $this->stored( $entry )['status'] );
		$this->assertNotContains( 'voided', array_column( self::payment_rows(), 'status' ) );
	}

	public function test_a_bank_payment_the_job_cannot_match_is_left_to_the_owner_not_voided(): void {
		list( , $payment ) = $this->pending_transfer();
		$job               = \Kestrel\Forms\Plugin::reconcile_job();
		$void              = new \ReflectionMethod( $job, 'void_by_key' );
		$this->assertSame( 'unchanged', $void->invoke( $job, array( 'status' => 'processing' ) + $payment ) );
		$this->assertCount( 0, $this->provider->calls( 'POST', '/v2/payments/cancel' ) );
		$this->assertSame( ChargePayment::OWNER_REVIEW, ( new \Kestrel\Forms\Persistence\PaymentRepository() )->find( (int) $payment['id'] )['error_code'] );
		$this->assertSame( 'pending', ( new \Kestrel\Forms\Persistence\PaymentRepository() )->find( (int) $payment['id'] )['status'] );
	}

	public function test_an_ach_entry_gets_no_authorized_note_and_a_failed_after_paid_is_noted_without_changing_the_status(): void {
		list( $entry, $payment ) = $this->pending_transfer();
		$notes                   = implode( "\n", array_column( $this->notes( $entry ), 1 ) );
		$this->assertStringNotContainsString( 'Payment authorized', $notes );
		$this->assertStringContainsString( 'Payment pending', $notes );

		$late = array();
		add_action(
			'kestrel_forms_payment_failed_after_paid',
			static function ( array $row ) use ( &$late ): void {
				$late[] = $row['status'];
			}
		);
		$settled = $this->provider->settle( (string) $payment['provider_payment_id'], 'COMPLETED' );
		$this->assert_rest_status( 200, $this->signed( $this->event( 'payment.updated', 'payment', $settled ) ) );
		$failed = $this->provider->settle( (string) $payment['provider_payment_id'], 'FAILED' );
		$this->assert_rest_status( 200, $this->signed( $this->event( 'payment.updated', 'payment', $failed ) ) );
		$this->signed( $this->event( 'payment.updated', 'payment', $failed ) ); // Repeated: noted once.
		remove_all_actions( 'kestrel_forms_payment_failed_after_paid' );
		$this->assertSame( 'paid', $this->stored( $entry )['status'] );
		$this->assertSame( array( 'paid' ), $late );
		$after = array_column( $this->notes( $entry ), 1 );
		$this->assertCount( 1, array_filter( $after, static fn( string $n ): bool => str_contains( $n, 'as failed after it was completed' ) ) );
	}
}
