<?php
/**
 * Taking the money at submission time (B.4), against a fake provider.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Payments;

use Closure;
use Kestrel\Forms\Domain\Payments\PaymentStatus;
use Kestrel\Forms\Domain\Validation\FieldError;
use Kestrel\Forms\Payments\PaymentRefused;
use Kestrel\Forms\Persistence\PaymentRepository;
use Kestrel\Forms\Persistence\Schema;
use Kestrel\Forms\Plugin;
use Kestrel\Forms\Security\RateLimiter;
use Kestrel\Forms\Settings\PaymentSettings;
use Kestrel\Forms\Submissions\SubmissionRequest;
use Kestrel\Forms\Submissions\SubmitForm;
use Kestrel\Forms\Tests\Integration\Rest\SubmissionAnswers;
use Kestrel\Forms\Tests\Integration\Support\TestCase;
use Kestrel\Forms\Uploads\UploadError;
use RuntimeException;
use WP_REST_Response;

final class ChargePaymentTest extends TestCase {

	use PaymentFixtures;
	use SubmissionAnswers;

	private const CLIENT = '203.0.113.50';

	/**
	 * Waits (ms) of the repeated request of {@see self::repeat()}.
	 *
	 * @var list<int>
	 */
	private array $pauses = array();

	protected function set_up(): void {
		$this->set_up_shop( self::CLIENT );
		$this->form_id = $this->create_form( 'USD' );
	}

	protected function tear_down(): void {
		$this->tear_down_payments();
	}

	/**
	 * A shop: product 12.50 × quantity + shipping 5.00, an email, a checkbox that hides the
	 * payment, and the payment field (charge mode unless told).
	 *
	 * @param string               $currency Currency.
	 * @param array<string, mixed> $payment  Payment field settings.
	 * @param string               $price    Unit price.
	 * @param string               $shipping Shipping price.
	 * @param array<string, mixed> $settings Other form settings (confirmation…).
	 */
	private function create_form( string $currency, array $payment = array(), string $price = '12.50', string $shipping = '5.00', array $settings = array() ): int {
		return $this->create_shop(
			$settings + array(
				'title'    => 'Shop',
				'currency' => $currency,
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
								'price' => $price,
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
						'id'        => 3,
						'type'      => 'shipping',
						'label'     => 'Shipping',
						'inputType' => 'singleshipping',
						'basePrice' => $shipping,
					),
					array(
						'id'    => 4,
						'type'  => 'email',
						'label' => 'Email',
					),
					array(
						'id'      => 6,
						'type'    => 'checkbox',
						'label'   => 'Options',
						'choices' => array(
							array(
								'text'  => 'Pay later',
								'value' => 'later',
							),
						),
					),
					$payment + array(
						'id'               => 5,
						'type'             => 'payment',
						'label'            => 'Payment',
						'methods'          => array( 'card', 'giftCard' ),
						'captureMode'      => 'charge',
						'description'      => 'Mug order',
						'billing'          => array(
							'email' => '4',
						),
						'conditionalLogic' => array(
							'actionType' => 'hide',
							'logicType'  => 'all',
							'rules'      => array(
								array(
									'fieldId'  => '6',
									'operator' => 'is',
									'value'    => 'later',
								),
							),
						),
					),
				),
			)
		);
	}

	/**
	 * Submits two mugs.
	 *
	 * @param string               $token   Source token ('' for no payment value).
	 * @param string               $key     Submission key.
	 * @param array<string, mixed> $extra   Other top-level parameters or values.
	 * @param int|null             $form_id Form (default the shop).
	 */
	private function submit( string $token = 'cnon:card-nonce-ok', string $key = 'key-00000001', array $extra = array(), ?int $form_id = null ): WP_REST_Response {
		$values = ( $extra['values'] ?? array() ) + array(
			'1' => 'mug',
			'2' => '2',
			'4' => 'buyer@example.org',
		);
		if ( '' !== $token ) {
			$values['5'] = array(
				'method'            => 'card',
				'token'             => $token,
				'verificationToken' => 'verf:buyer-ok',
			);
		}
		unset( $extra['values'] );
		return $this->rest(
			'POST',
			'/kestrel-forms/v1/forms/' . ( $form_id ?? $this->form_id ) . '/submissions',
			$extra + array(
				'values'         => $values,
				'submission_key' => $key,
			)
		);
	}

	public function test_happy_path_charges_3000_usd_once_and_stores_entry_and_payment(): void {
		$response = $this->submit();
		$this->assert_rest_status( 201, $response );

		$creates = $this->provider->calls_to( 'POST', '/v2/payments' );
		$this->assertCount( 1, $creates );
		$body = $creates[0]['body'];
		$this->assertSame(
			array(
				'amount'   => 3000,
				'currency' => 'USD',
			),
			$body['amount_money']
		);
		$this->assertFalse( $body['autocomplete'] );
		$this->assertSame( 'LSANDBOXMAIN', $body['location_id'] );
		$this->assertSame( 'cnon:card-nonce-ok', $body['source_id'] );
		$this->assertSame( 'verf:buyer-ok', $body['verification_token'] );
		$this->assertSame( 'buyer@example.org', $body['buyer_email_address'] );
		$this->assertSame( 'Mug order', $body['note'] );
		$this->assertMatchesRegularExpression( '/^[0-9a-f-]{36}$/', $body['idempotency_key'] );
		$this->assertSame( 'Bearer ' . self::SANDBOX_TOKEN, $creates[0]['headers']['Authorization'] );

		$rows = self::payment_rows();
		$this->assertCount( 1, $rows );
		$row = $rows[0];
		$this->assertSame( 'kf-' . $this->form_id . '-' . $row['id'], $body['reference_id'] );
		$this->assertLessThanOrEqual( 40, strlen( $body['reference_id'] ) );
		$this->assertSame( $body['idempotency_key'], $row['attempt_key'] );
		$this->assertSame( hash( 'sha256', $creates[0]['raw'] ), $row['request_hash'], 'The hash is of the exact bytes sent.' );

		$completes = $this->provider->calls_to( 'POST', '/v2/payments/' . $row['provider_payment_id'] . '/complete' );
		$this->assertCount( 1, $completes );
		$this->assertSame( 'vt-' . $row['provider_payment_id'], $completes[0]['body']['version_token'] );

		$entry_id = self::entry_id_of( $response );
		$this->assertGreaterThan( 0, $entry_id );
		$this->assertSame( $entry_id, (int) $row['entry_id'] );
		$this->assertSame( PaymentStatus::PAID, $row['status'] );
		$this->assertSame( 'COMPLETED', $row['provider_status'] );
		$this->assertSame( '3000', (string) $row['amount_minor'] );
		$this->assertSame( 'USD', $row['currency'] );
		$this->assertSame( 'sandbox', $row['environment'] );
		$this->assertSame( 'card', $row['method'] );
		$this->assertSame( 'charge', $row['capture_mode'] );
		$this->assertSame( 'VISA', $row['brand'] );
		$this->assertSame( '1111', $row['last4'] );
		$this->assertStringStartsWith( 'https://squareup.test/receipt/', $row['receipt_url'] );
		$this->assertNotEmpty( $row['delayed_until'] );
		$this->assertSame( 1, $this->location_reads() );

		$notes = ( new \Kestrel\Forms\Persistence\EntryWorkspaceRepository() )->notes( $entry_id );
		$this->assertCount( 2, $notes );
		$this->assertSame( 0, $notes[0]['user_id'] );
		$this->assertStringContainsString( 'Payment completed', $notes[1]['note'] );
		$this->assertStringContainsString( $row['provider_payment_id'], $notes[1]['note'] );

		// A second submission reads the location from the cache.
		$this->assert_rest_status( 201, $this->submit( 'cnon:card-nonce-ok', 'key-00000002' ) );
		$this->assertSame( 1, $this->location_reads() );
	}

	private function location_reads(): int {
		return count( array_filter( $this->provider->calls, static fn( array $c ): bool => str_starts_with( $c['path'], '/v2/locations/' ) ) );
	}

	public function test_payment_actions_fire_with_the_entry_and_form(): void {
		$seen = array();
		add_action(
			'kestrel_forms_payment_completed',
			static function ( array $payment, $entry, $form ) use ( &$seen ): void {
				$seen[] = array( $payment['status'], $entry->id, $form->id, isset( $payment['request_body'] ) );
			},
			10,
			3
		);
		$response = $this->submit();
		$this->assertSame( array( array( PaymentStatus::PAID, self::entry_id_of( $response ), $this->form_id, false ) ), $seen );
	}

	public function test_a_status_another_worker_moved_first_is_announced_once(): void {
		$fired = array();
		add_action(
			'kestrel_forms_payment_completed',
			static function ( array $payment ) use ( &$fired ): void {
				$fired[] = $payment['id'];
			}
		);
		// While this request captures, another worker (a webhook, a Sync) applies the provider's
		// COMPLETED payment first: it moves the status and announces it.
		$other = static function ( $pre, $args, $url ) {
			if ( 1 === preg_match( '#/v2/payments/([^/]+)/complete$#', (string) $url, $m ) ) {
				$repository = new PaymentRepository();
				$row        = (array) $repository->find_by_provider_payment_id( $m[1] );
				$actions    = new \Kestrel\Forms\Payments\PaymentActions(
					$repository,
					new \Kestrel\Forms\Persistence\EntryWorkspaceRepository(),
					new \Kestrel\Forms\Persistence\EntryRepository(),
					new \Kestrel\Forms\Persistence\FormRepository(),
					\Closure::fromCallable( array( \Kestrel\Forms\Payments\Provider\ClientFactory::class, 'for_environment' ) )
				);
				$actions->apply_provider_payment(
					$row,
					array(
						'id'           => $m[1],
						'status'       => 'COMPLETED',
						'amount_money' => array(
							'amount'   => 3000,
							'currency' => 'USD',
						),
					),
					0,
					false
				);
			}
			return $pre;
		};
		add_filter( 'pre_http_request', $other, 5, 3 );
		$response = $this->submit();
		remove_filter( 'pre_http_request', $other, 5 );
		$this->assert_rest_status( 201, $response );
		$entry_id = self::entry_id_of( $response );
		$this->assertSame( PaymentStatus::PAID, self::payment_rows()[0]['status'] );
		$this->assertCount( 1, $fired, 'One kestrel_forms_payment_completed action.' );
		$notes = array_column( ( new \Kestrel\Forms\Persistence\EntryWorkspaceRepository() )->notes( $entry_id ), 'note' );
		$this->assertCount( 1, array_filter( $notes, static fn( string $note ): bool => 1 === preg_match( '/completed|captured/i', $note ) ), 'One completion note: ' . implode( ' | ', $notes ) );
	}

	public function test_a_settled_payment_drops_its_draft_and_a_failed_attempt_its_personal_data(): void {
		$this->assert_rest_status( 201, $this->submit() );
		$paid = self::payment_rows()[0];
		$this->assertNull( $paid['entry_draft'], 'The entry is written: no draft kept.' );
		$this->assertSame( 'buyer@example.org', json_decode( $paid['request_body'], true )['buyer_email_address'], 'Kept with the entry until it is erased.' );

		$this->assert_rest_error( 'kestrel_forms_validation_failed', 400, $this->submit( 'cnon:card-nonce-declined', 'key-00000009' ) );
		$failed = self::payment_rows()[1];
		$sent   = $this->provider->calls_to( 'POST', '/v2/payments' );
		$this->assertSame( PaymentStatus::FAILED, $failed['status'] );
		$this->assertNull( $failed['entry_draft'] );
		$body = json_decode( $failed['request_body'], true );
		$this->assertSame( PaymentRepository::REMOVED, $body['buyer_email_address'] );
		$this->assertSame( PaymentRepository::REMOVED, $body['note'] );
		$this->assertStringNotContainsString( 'buyer@example.org', (string) $failed['request_body'] . (string) $failed['entry_draft'] );
		$this->assertSame( hash( 'sha256', end( $sent )['raw'] ), $failed['request_hash'], 'The hash of the exact request stays.' );
		$this->assertSame( 3000, $body['amount_money']['amount'] );
	}

	public function test_an_erased_or_deleted_entry_keeps_its_payment_record_without_personal_data(): void {
		$entries = array();
		foreach ( array( 'bulk', 'eraser', 'retention', 'kept' ) as $i => $path ) {
			$response         = $this->submit( 'cnon:card-nonce-ok', 'key-0000010' . $i, array( 'values' => array( '4' => $path . '@example.org' ) ) );
			$entries[ $path ] = self::entry_id_of( $response );
		}
		$before = array_column( self::payment_rows(), null, 'entry_id' );

		// Bulk delete, the WordPress privacy eraser, the retention job.
		$this->as_admin();
		$this->assert_rest_status(
			200,
			$this->rest(
				'POST',
				'/kestrel-forms/v1/entries/bulk',
				array(
					'action' => 'delete',
					'ids'    => array( $entries['bulk'] ),
				)
			)
		);
		$erasers = apply_filters( 'wp_privacy_personal_data_erasers', array() );
		$erased  = call_user_func( $erasers['kestrel-forms']['callback'], 'eraser@example.org', 1 );
		$this->assertTrue( $erased['items_removed'] );
		$this->assertTrue( $erased['items_retained'], 'The eraser says the payment record was kept.' );
		$this->assertStringContainsString( 'payment records', $erased['messages'][0] );
		global $wpdb;
		$wpdb->update( Schema::tables()['entries'], array( 'created_at' => gmdate( 'Y-m-d H:i:s', time() - 40 * DAY_IN_SECONDS ) ), array( 'id' => $entries['retention'] ) );
		update_option( \Kestrel\Forms\Settings\GeneralSettings::OPTION, array( 'retention_days' => 30 ) );
		do_action( \Kestrel\Forms\Settings\RetentionJob::HOOK );
		delete_option( \Kestrel\Forms\Settings\GeneralSettings::OPTION );

		$after = array_column( self::payment_rows(), null, 'entry_id' );
		$this->assertCount( 4, $after, 'Every payment record stays.' );
		foreach ( array( 'bulk', 'eraser', 'retention' ) as $path ) {
			$row = $after[ $entries[ $path ] ];
			$this->assertStringNotContainsString( $path . '@example.org', (string) $row['request_body'], $path );
			$this->assertSame( PaymentRepository::REMOVED, json_decode( $row['request_body'], true )['buyer_email_address'], $path );
			$this->assertNull( $row['entry_draft'], $path );
			foreach ( array( 'amount_minor', 'currency', 'status', 'provider_payment_id', 'attempt_key', 'brand', 'last4', 'environment', 'request_hash', 'refunded_minor' ) as $kept ) {
				$this->assertSame( $before[ $entries[ $path ] ][ $kept ], $row[ $kept ], $path . ' keeps ' . $kept );
			}
		}
		$this->assertSame( 'kept@example.org', json_decode( $after[ $entries['kept'] ]['request_body'], true )['buyer_email_address'], 'Other entries keep theirs.' );
	}

	public function test_the_browsers_amount_currency_status_and_prices_are_ignored(): void {
		$response = $this->submit(
			'cnon:card-nonce-ok',
			'key-00000001',
			array(
				'amount'         => 1,
				'currency'       => 'JPY',
				'payment_status' => 'paid',
				'values'         => array(
					'5' => array(
						'method'   => 'card',
						'token'    => 'cnon:card-nonce-ok',
						'amount'   => '0.01',
						'currency' => 'EUR',
						'status'   => 'COMPLETED',
					),
					'3' => '0.01',
					'1' => 'mug',
				),
			)
		);
		$this->assert_rest_status( 201, $response );
		$creates = $this->provider->calls_to( 'POST', '/v2/payments' );
		$this->assertCount( 1, $creates );
		$this->assertSame(
			array(
				'amount'   => 3000,
				'currency' => 'USD',
			),
			$creates[0]['body']['amount_money']
		);
		$this->assertSame( PaymentStatus::PAID, self::payment_rows()[0]['status'] );
	}

	public function test_a_decline_stores_no_entry_and_answers_a_readable_field_error_then_a_retry_succeeds(): void {
		$response = $this->submit( 'cnon:card-nonce-declined' );
		$this->assert_rest_error( 'kestrel_forms_validation_failed', 400, $response );
		$data = $response->get_data();
		$this->assertSame( 'GENERIC_DECLINE', $data['data']['payment']['code'] );
		$this->assertSame( 'Your card was declined. Please try another card.', ( (array) $data['data']['errors'] )['5'] );
		$this->assertSame( 0, self::entry_count() );
		$rows = self::payment_rows();
		$this->assertSame( PaymentStatus::FAILED, $rows[0]['status'] );
		$this->assertNull( $rows[0]['submission_key'], 'The key is given back.' );
		$this->assertSame( 'GENERIC_DECLINE', $rows[0]['error_code'] );
		$this->assertSame( 'FAILED', $rows[0]['provider_status'] );
		$this->assertSame( '1111', $rows[0]['last4'] );
		$this->assertArrayNotHasKey( 'additional_data', $data, 'One data object, with the payment code in it.' );
		$this->assertCount( 0, $this->provider->calls_to( 'POST', '/v2/payments/' . $rows[0]['provider_payment_id'] . '/complete' ) );

		// The visitor tries another card with the same submission key: one entry, one paid payment.
		$retry = $this->submit( 'cnon:card-nonce-ok' );
		$this->assert_rest_status( 201, $retry );
		$this->assertSame( 1, self::entry_count() );
		$rows = self::payment_rows();
		$this->assertCount( 2, $rows );
		$this->assertSame( PaymentStatus::PAID, $rows[1]['status'] );
		$this->assertSame( self::entry_id_of( $retry ), (int) $rows[1]['entry_id'] );

		// A repeat of the stored submission replays it without calling the provider.
		$before = count( $this->provider->calls );
		$replay = $this->submit( 'cnon:card-nonce-ok' );
		$this->assert_rest_status( 201, $replay );
		$this->assertSame( 'true', $replay->get_headers()['Kestrel-Idempotent-Replay'] ?? null );
		$this->assertSame( $before, count( $this->provider->calls ) );
		$this->assertSame( 1, self::entry_count() );
	}

	public function test_other_declines_have_their_own_texts(): void {
		$cvv = $this->submit( 'cnon:card-nonce-cvv' );
		// A CVV answer is not told (it helps card testers); the attempt keeps it.
		$this->assertSame( 'GENERIC_DECLINE', $cvv->get_data()['data']['payment']['code'] );
		$this->assertStringContainsString( 'Check the card details', ( (array) $cvv->get_data()['data']['errors'] )['5'] );
		$this->assertSame( 'CVV_FAILURE', self::payment_rows()[0]['error_code'] );
		// The issuer's plain refusal says so in words (the sandbox's 4000 0000 0000 0002), under the generic code.
		$issuer = $this->submit( 'cnon:card-nonce-issuer' );
		$this->assertSame( 'GENERIC_DECLINE', $issuer->get_data()['data']['payment']['code'] );
		$this->assertSame( 'Your card was declined. Please try another card.', ( (array) $issuer->get_data()['data']['errors'] )['5'] );
		$expired = $this->submit( 'cnon:expired' );
		$this->assert_rest_error( 'kestrel_forms_validation_failed', 400, $expired );
		$this->assertSame( 'CARD_TOKEN_EXPIRED', $expired->get_data()['data']['payment']['code'] );
		$this->assertStringContainsString( 'expired', ( (array) $expired->get_data()['data']['errors'] )['5'] );
		$this->assertSame( 0, self::entry_count() );
	}

	public function test_unknown_outcome_retries_the_same_key_and_body_then_cancels_by_key(): void {
		$this->provider->timeouts = 5;
		$response                 = $this->submit();
		$this->assert_rest_error( 'kestrel_forms_payment_not_taken', 502, $response );
		$this->assertStringContainsString( 'you were not charged', $response->get_data()['message'] );
		$creates = $this->provider->calls_to( 'POST', '/v2/payments' );
		$this->assertCount( 3, $creates, 'The first call and two retries.' );
		$this->assertSame( $creates[0]['raw'], $creates[1]['raw'] );
		$this->assertSame( $creates[0]['raw'], $creates[2]['raw'] );
		$cancels = $this->provider->calls_to( 'POST', '/v2/payments/cancel' );
		$this->assertCount( 1, $cancels );
		$this->assertSame( $creates[0]['body']['idempotency_key'], $cancels[0]['body']['idempotency_key'] );
		$row = self::payment_rows()[0];
		$this->assertSame( PaymentStatus::VOIDED, $row['status'] );
		$this->assertNull( $row['submission_key'] );
		$this->assertSame( 0, self::entry_count() );

		// The visitor may try again (a new token, a new attempt) with the same submission key.
		$this->assert_rest_status( 201, $this->submit( 'cnon:card-nonce-ok' ) );
		$this->assertSame( 1, self::entry_count() );
	}

	public function test_a_cancel_by_key_whose_answer_is_lost_is_retried(): void {
		$this->provider->lose_after_commit = 3;
		$this->provider->cancel_timeouts   = 1;
		$this->assert_rest_error( 'kestrel_forms_payment_not_taken', 502, $this->submit() );
		$this->assertCount( 2, $this->provider->calls_to( 'POST', '/v2/payments/cancel' ) );
		$this->assertSame( 'CANCELED', array_values( $this->provider->payments )[0]['status'] );
		$this->assertSame( PaymentStatus::VOIDED, self::payment_rows()[0]['status'] );
		$this->assertSame( 0, self::entry_count() );
	}

	public function test_a_lost_answer_is_recovered_by_the_retry_with_the_same_key(): void {
		$this->provider->lose_after_commit = 1;
		$this->assert_rest_status( 201, $this->submit() );
		$this->assertCount( 2, $this->provider->calls_to( 'POST', '/v2/payments' ) );
		$this->assertCount( 1, $this->provider->payments, 'The replay returned the first payment: one payment at the provider.' );
		$this->assertSame( PaymentStatus::PAID, self::payment_rows()[0]['status'] );
		$this->assertSame( 1, self::entry_count() );
	}

	public function test_hidden_field_or_total_0_calls_nobody(): void {
		// Hidden by conditional logic: even a token the browser sent is not charged.
		$hidden = $this->submit( 'cnon:card-nonce-ok', 'key-00000001', array( 'values' => array( '6' => array( 'later' ) ) ) );
		$this->assert_rest_status( 201, $hidden );
		$free = $this->submit( '', 'key-00000002', array( 'values' => array( '2' => '0' ) ) );
		$this->assert_rest_status( 201, $free );
		$this->assertSame( array(), $this->provider->calls );
		$this->assertSame( array(), self::payment_rows() );
		$this->assertSame( 2, self::entry_count() );
	}

	public function test_a_visible_payment_with_an_amount_due_needs_a_token(): void {
		$response = $this->submit( '' );
		$this->assert_rest_error( 'kestrel_forms_validation_failed', 400, $response );
		$this->assertArrayHasKey( '5', (array) $response->get_data()['data']['errors'] );
		$this->assertSame( array(), $this->provider->calls );
	}

	public function test_below_the_minimum_is_a_field_error(): void {
		$form     = $this->create_form( 'EUR', array(), '0.20', '0.10' );
		$response = $this->submit( 'cnon:card-nonce-ok', 'key-00000001', array(), $form );
		$this->assert_rest_error( 'kestrel_forms_validation_failed', 400, $response );
		$this->assertSame( 'amount_below_minimum', $response->get_data()['data']['payment']['code'] );
		$this->assertMatchesRegularExpression( '/1[.,]00/', ( (array) $response->get_data()['data']['errors'] )['5'] );
		$this->assertSame( array(), $this->provider->calls );
		$this->assertSame( 0, self::entry_count() );
	}

	public function test_jpy_amounts_have_no_decimals(): void {
		$this->provider->currency = 'JPY';
		$form                     = $this->create_form( 'JPY', array(), '1250', '500' );
		$this->assert_rest_status( 201, $this->submit( 'cnon:card-nonce-ok', 'key-00000001', array(), $form ) );
		$this->assertSame(
			array(
				'amount'   => 3000,
				'currency' => 'JPY',
			),
			$this->provider->calls_to( 'POST', '/v2/payments' )[0]['body']['amount_money']
		);
		$this->assertSame( '3000', (string) self::payment_rows()[0]['amount_minor'] );
	}

	public function test_a_currency_other_than_the_locations_or_no_credentials_is_unavailable(): void {
		$this->provider->currency = 'EUR';
		$response                 = $this->submit();
		$this->assert_rest_error( 'kestrel_forms_payments_unavailable', 503, $response );
		$this->assertSame( 'currency_mismatch', $response->get_data()['data']['reason'] );
		$this->assertCount( 0, $this->provider->calls_to( 'POST', '/v2/payments' ) );

		delete_option( PaymentSettings::OPTION );
		$response = $this->submit( 'cnon:card-nonce-ok', 'key-00000002' );
		$this->assert_rest_error( 'kestrel_forms_payments_unavailable', 503, $response );
		$this->assertSame( 0, self::entry_count() );
		$this->assertSame( array(), self::payment_rows() );
	}

	public function test_credentials_the_provider_refuses_make_payments_unavailable_without_counting_a_failure(): void {
		$this->provider->auth_fail = true;
		for ( $i = 1; $i <= 6; $i++ ) {
			$response = $this->submit( 'cnon:card-nonce-ok', 'key-0000000' . $i );
			$this->assert_rest_error( 'kestrel_forms_payments_unavailable', 503, $response );
			$this->assertSame( 'auth', $response->get_data()['data']['reason'] );
		}
		$this->assertSame( PaymentStatus::FAILED, self::payment_rows()[0]['status'] );
		$this->assertSame( 0, self::entry_count() );
	}

	public function test_the_same_submission_key_while_charging_is_409(): void {
		// Another request holds a live attempt for this key (it is talking to the provider).
		( new PaymentRepository() )->create_attempt(
			array(
				'form_id'        => $this->form_id,
				'submission_key' => 'key-00000001',
				'attempt_key'    => wp_generate_uuid4(),
				'environment'    => 'sandbox',
				'method'         => 'card',
				'capture_mode'   => 'charge',
				'amount_minor'   => 3000,
				'currency'       => 'USD',
			)
		);
		$response = $this->submit();
		$this->assert_rest_error( 'kestrel_forms_payment_in_progress', 409, $response );
		$this->assertGreaterThan( 0, $response->get_data()['data']['retry_after'] );
		$this->assertArrayHasKey( 'Retry-After', $response->get_headers() );
		$this->assertCount( 0, $this->provider->calls_to( 'POST', '/v2/payments' ) );

		// While the holder also holds the request claim, the second request is told at once.
		$entries = \Kestrel\Forms\Plugin::instance()->entries;
		$this->assertTrue( $entries->claim_submission_key( $this->form_id, 'key-00000001' ) );
		try {
			$this->assert_rest_error( 'kestrel_forms_payment_in_progress', 409, $this->submit() );
		} finally {
			$entries->release_submission_key( $this->form_id, 'key-00000001' );
		}
		$this->assertSame( 0, self::entry_count() );
	}

	public function test_card_testing_is_limited_per_client_and_form(): void {
		for ( $i = 1; $i <= 5; $i++ ) {
			$this->assert_rest_error( 'kestrel_forms_validation_failed', 400, $this->submit( 'cnon:card-nonce-declined', 'key-0000000' . $i ) );
		}
		$limited = $this->submit( 'cnon:card-nonce-ok', 'key-00000009' );
		$this->assert_rest_error( 'kestrel_forms_rate_limited', 429, $limited );
		$this->assertArrayHasKey( 'Retry-After', $limited->get_headers() );
		$this->assertCount( 5, $this->provider->calls_to( 'POST', '/v2/payments' ), 'The limited attempt never reached the provider.' );

		// Another client, or another form, is not limited.
		$_SERVER['REMOTE_ADDR'] = '198.51.100.7';
		$this->assert_rest_status( 201, $this->submit( 'cnon:card-nonce-ok', 'key-00000010' ) );
		$_SERVER['REMOTE_ADDR'] = self::CLIENT;
		$other                  = $this->create_form( 'USD' );
		$this->assert_rest_status( 201, $this->submit( 'cnon:card-nonce-ok', 'key-00000011', array(), $other ) );
		RateLimiter::reset( 'payment_failure', self::CLIENT, null, (string) $this->form_id );
		$this->assert_rest_status( 201, $this->submit( 'cnon:card-nonce-ok', 'key-00000012' ) );
	}

	public function test_billing_mapping_and_a_long_note_are_sent_within_the_apis_limits(): void {
		$this->as_admin();
		$definition             = $this->rest( 'GET', '/kestrel-forms/v1/forms/' . $this->form_id )->get_data();
		$definition['fields'][] = array(
			'id'    => 7,
			'type'  => 'text',
			'label' => 'First name',
		);
		$definition['fields'][] = array(
			'id'    => 8,
			'type'  => 'text',
			'label' => 'Postal code',
		);
		$definition['fields'][] = array(
			'id'    => 9,
			'type'  => 'text',
			'label' => 'Country',
		);
		foreach ( $definition['fields'] as $i => $field ) {
			if ( 'payment' === $field['type'] ) {
				$definition['fields'][ $i ]['billing']     = array(
					'email'       => '4',
					'givenName'   => '7',
					'postalCode'  => '8',
					'countryCode' => '9',
				);
				$definition['fields'][ $i ]['description'] = '<b>Order</b> ' . str_repeat( '😀', 600 );
			}
		}
		$this->assert_rest_status( 200, $this->rest( 'PUT', '/kestrel-forms/v1/forms/' . $this->form_id, $definition ) );
		$this->as_anonymous();
		$this->assert_rest_status(
			201,
			$this->submit(
				'cnon:card-nonce-ok',
				'key-00000001',
				array(
					'values' => array(
						'7' => 'Ada',
						'8' => '94103',
						'9' => 'us',
					),
				)
			)
		);
		$body = $this->provider->calls_to( 'POST', '/v2/payments' )[0]['body'];
		$this->assertSame(
			array(
				'first_name'  => 'Ada',
				'postal_code' => '94103',
				'country'     => 'US',
			),
			$body['billing_address']
		);
		$this->assertStringStartsWith( 'Order 😀', $body['note'] );
		$this->assertLessThanOrEqual( 1000, strlen( (string) mb_convert_encoding( $body['note'], 'UTF-16LE', 'UTF-8' ) ), 'At most 500 UTF-16 code units.' );
	}

	public function test_authorize_mode_stays_authorized(): void {
		$form = $this->create_form( 'USD', array( 'captureMode' => 'authorize' ) );
		$this->assert_rest_status( 201, $this->submit( 'cnon:card-nonce-ok', 'key-00000001', array(), $form ) );
		$row = self::payment_rows()[0];
		$this->assertSame( PaymentStatus::AUTHORIZED, $row['status'] );
		$this->assertSame( 'authorize', $row['capture_mode'] );
		$this->assertCount( 0, $this->provider->calls_to( 'POST', '/v2/payments/' . $row['provider_payment_id'] . '/complete' ) );
	}

	public function test_no_token_or_card_number_is_stored(): void {
		$this->assert_rest_status( 201, $this->submit( 'cnon:card-nonce-ok', 'key-00000001', array( 'values' => array( '4' => 'buyer@example.org' ) ) ) );
		$this->submit( 'cnon:card-nonce-declined', 'key-00000002' );
		global $wpdb;
		$t    = Schema::tables();
		$dump = wp_json_encode(
			array(
				$wpdb->get_results( "SELECT * FROM {$t['entries']}", ARRAY_A ), // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
				$wpdb->get_results( "SELECT * FROM {$t['entry_values']}", ARRAY_A ), // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
				$wpdb->get_results( "SELECT * FROM {$t['entry_notes']}", ARRAY_A ), // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
				// Every column but the request's sha256 (64 hex digits may hold a run of 13 digits).
				array_map(
					static function ( array $row ): array {
						unset( $row['request_hash'] );
						return $row;
					},
					(array) $wpdb->get_results( "SELECT * FROM {$t['payments']}", ARRAY_A ) // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
				),
			)
		);
		$this->assertStringNotContainsString( 'cnon:', (string) $dump );
		$this->assertStringNotContainsString( 'verf:', (string) $dump );
		$this->assertDoesNotMatchRegularExpression( '/\d{13,19}/', (string) $dump );
		$this->assertStringContainsString( '"source_id":"[redacted]"', (string) self::payment_rows()[0]['request_body'] );
	}

	public function test_a_crash_after_the_authorisation_leaves_a_processing_attempt_without_entry(): void {
		add_action(
			'kestrel_forms_payments_after_authorize',
			static function (): void {
				throw new RuntimeException( 'crash' );
			}
		);
		try {
			$this->submit();
			$this->fail( 'The crash did not happen.' );
		} catch ( RuntimeException $e ) {
			$this->assertSame( 'crash', $e->getMessage() );
		}
		$this->assertSame( 0, self::entry_count() );
		$row = self::payment_rows()[0];
		$this->assertSame( PaymentStatus::PROCESSING, $row['status'] );
		$this->assertNotEmpty( $row['provider_payment_id'] );
		$this->assertStringContainsString( 'cnon:card-nonce-ok', $row['request_body'], 'A processing attempt keeps the exact body to replay.' );
		$this->assertStringNotContainsString( 'cnon:', (string) $row['entry_draft'] );
		$this->assertStringContainsString( 'buyer@example.org', (string) $row['entry_draft'] );
	}

	/**
	 * The shop, its confirmation showing the payment's status, amount and transaction id.
	 *
	 * @param string $capture charge or authorize.
	 */
	private function use_shop_with_receipt( string $capture = 'charge' ): void {
		$this->form_id = $this->create_form(
			'USD',
			array( 'captureMode' => $capture ),
			'12.50',
			'5.00',
			array(
				'confirmation' => array(
					'type'    => 'message',
					'message' => '<p>{payment_status} {payment_amount} {transaction_id}</p>',
				),
			)
		);
	}

	/**
	 * A second request with the first one's key (two mugs), straight through the use case (its
	 * waits are recorded, not slept): the confirmation message it answers, or "409 <kind>" when it
	 * is refused.
	 */
	private function repeat(): string {
		$plugin   = Plugin::instance();
		$use_case = new SubmitForm(
			$plugin->forms,
			$plugin->entries,
			$plugin->submission_validator,
			$plugin->feeds,
			$plugin->uploads,
			static fn( FieldError|UploadError $e ): string => $e instanceof UploadError ? $e->error_code : $e->code,
			null,
			Closure::fromCallable(
				function ( int $ms ): void {
					$this->pauses[] = $ms;
				}
			)
		);
		try {
			$values = array(
				'1' => 'mug',
				'2' => '2',
				'4' => 'buyer@example.org',
				'5' => array(
					'method' => 'card',
					'token'  => 'cnon:card-nonce-ok',
				),
			);
			$answer = $use_case->submit( new SubmissionRequest( $this->form_id, $values, home_url( '/shop/' ), 'key-00000001' ) );
		} catch ( PaymentRefused $e ) {
			return '409 ' . $e->kind;
		}
		$this->assertFalse( $answer->created, 'A repeat never stores an entry.' );
		return (string) ( $answer->confirmation['message'] ?? '' );
	}

	/**
	 * The one payment row.
	 *
	 * @return array<string, mixed>
	 */
	private static function payment_row(): array {
		$rows = self::payment_rows();
		self::assertCount( 1, $rows, 'One payments row.' );
		return $rows[0];
	}

	/**
	 * Calls the callback when the charge's CompletePayment is sent, before its answer is read
	 * (after the fake provider made its answer, which the callback's result replaces if not null).
	 *
	 * @param callable(): mixed $callback What happens then.
	 */
	private static function on_complete( callable $callback ): void {
		add_filter(
			'pre_http_request',
			static function ( $pre, $args, $url ) use ( $callback ) {
				if ( 1 !== preg_match( '#/v2/payments/[^/]+/complete$#', (string) $url ) ) {
					return $pre;
				}
				$answer = $callback();
				return null === $answer ? $pre : $answer;
			},
			20,
			3
		);
	}

	public function test_a_repeat_during_the_completion_waits_and_is_told_in_progress_then_gets_the_final_answer(): void {
		$this->use_shop_with_receipt();
		$during = null;
		$row    = null;
		self::on_complete(
			function () use ( &$during, &$row ) {
				if ( null === $during ) {
					// The entry and its authorised payment are committed; the capture is under way.
					$row    = self::payment_row();
					$during = $this->repeat();
				}
				return null;
			}
		);
		$first = $this->submit();
		$this->assert_rest_status( 201, $first );
		$this->assertSame( PaymentStatus::AUTHORIZED, $row['status'] ?? null, 'The window: the entry is stored, the payment authorised.' );
		$this->assertNotNull( $row['entry_id'] ?? null );
		$message = (string) $first->get_data()['confirmation']['message'];
		$this->assertStringStartsWith( '<p>Paid $30.00 ', $message );

		$this->assertSame( '409 ' . PaymentRefused::IN_PROGRESS, $during, 'The repeat must not answer before the charge is final.' );
		$this->assertCount( 25, $this->pauses, 'It waited for the first request first (25 × 200 ms).' );
		$this->assertSame( array( 200 ), array_values( array_unique( $this->pauses ) ) );

		// Once the first request has finished: the same answer, at once.
		$this->pauses = array();
		$this->assertSame( $message, $this->repeat() );
		$this->assertSame( array(), $this->pauses );
		$again = $this->submit();
		$this->assert_rest_status( 201, $again );
		$this->assertSame( 'true', $again->get_headers()['Kestrel-Idempotent-Replay'] ?? null );
		$this->assertSame( $first->get_data()['reference'], $again->get_data()['reference'] );
		$this->assertSame( $first->get_data()['confirmation'], $again->get_data()['confirmation'] );

		$this->assertSame( PaymentStatus::PAID, self::payment_row()['status'] );
		$this->assertCount( 1, $this->provider->calls_to( 'POST', '/v2/payments' ), 'One charge.' );
		$this->assertSame( 1, self::entry_count() );
	}

	public function test_a_request_that_died_during_the_completion_blocks_repeats_only_until_the_reconcile_age(): void {
		$this->use_shop_with_receipt();
		self::on_complete(
			static function (): never {
				throw new RuntimeException( 'The worker died while capturing.' );
			}
		);
		try {
			$this->submit();
			$this->fail( 'The simulated crash did not happen.' );
		} catch ( RuntimeException $e ) {
			$this->assertSame( 'The worker died while capturing.', $e->getMessage() );
		}
		remove_all_filters( 'pre_http_request', 20 );
		$row = self::payment_row();
		$this->assertSame( PaymentStatus::AUTHORIZED, $row['status'] );
		$this->assertNotNull( $row['entry_draft'], 'settle() never ended.' );

		// Young: it may still be completing, so the repeat is told to come back.
		$this->assertSame( '409 ' . PaymentRefused::IN_PROGRESS, $this->repeat() );

		// Older than the reconcile age: nobody completes it any more; the repeat answers what is stored.
		global $wpdb;
		$wpdb->query( $wpdb->prepare( 'UPDATE ' . Schema::tables()['payments'] . ' SET updated_at = %s', gmdate( 'Y-m-d H:i:s', time() - 121 ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.DirectDatabaseQuery
		$this->pauses = array();
		$this->assertStringStartsWith( '<p>Authorized $30.00 ', $this->repeat() );
		$this->assertSame( array(), $this->pauses );

		// The age is the reconcile job's (filter): 30 s here.
		$wpdb->query( $wpdb->prepare( 'UPDATE ' . Schema::tables()['payments'] . ' SET updated_at = %s', gmdate( 'Y-m-d H:i:s', time() - 31 ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.DirectDatabaseQuery
		$this->assertSame( '409 ' . PaymentRefused::IN_PROGRESS, $this->repeat() );
		add_filter( 'kestrel_forms_payments_reconcile_age', static fn(): int => 30 );
		$this->assertStringStartsWith( '<p>Authorized $30.00 ', $this->repeat() );
		$this->assertCount( 1, $this->provider->calls_to( 'POST', '/v2/payments' ) );
	}

	public function test_a_capture_that_failed_is_final_and_repeats_answer_it_at_once(): void {
		$this->use_shop_with_receipt();
		self::on_complete(
			static fn(): array => array(
				'headers'  => array( 'content-type' => 'application/json' ),
				'body'     => (string) wp_json_encode(
					array(
						'errors' => array(
							array(
								'category' => 'INVALID_REQUEST_ERROR',
								'code'     => 'BAD_REQUEST',
								'detail'   => 'No.',
							),
						),
					)
				),
				'response' => array(
					'code'    => 400,
					'message' => '',
				),
				'cookies'  => array(),
				'filename' => null,
			)
		);
		$first = $this->submit();
		$this->assert_rest_status( 201, $first );
		$message = (string) $first->get_data()['confirmation']['message'];
		$this->assertStringStartsWith( '<p>Authorized $30.00 ', $message );
		$this->assertSame( $message, $this->repeat() );
		$this->assertSame( array(), $this->pauses, 'Nothing to wait for.' );
	}

	public function test_authorize_mode_repeats_are_answered_at_once(): void {
		$this->use_shop_with_receipt( 'authorize' );
		$during = null;
		add_action(
			'kestrel_forms_payment_authorized',
			function () use ( &$during ): void {
				$during ??= $this->repeat();
			}
		);
		$first = $this->submit();
		$this->assert_rest_status( 201, $first );
		$message = (string) $first->get_data()['confirmation']['message'];
		$this->assertStringStartsWith( '<p>Authorized $30.00 ', $message );
		$this->assertSame( $message, $during, 'An authorisation is final in authorize mode.' );
		$this->assertSame( array(), $this->pauses );
	}
}
