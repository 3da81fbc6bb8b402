<?php
/**
 * Repairs of the charge path (issue 13 review): tokens, decline classes, cancels that fail,
 * the note's merge tags, the location cache, captures without an answer, the reconcile lease.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Payments;

use Kestrel\Forms\Domain\Payments\PaymentStatus;
use Kestrel\Forms\Persistence\EntryWorkspaceRepository;
use Kestrel\Forms\Persistence\PaymentRepository;
use Kestrel\Forms\Persistence\Schema;
use Kestrel\Forms\Plugin;
use Kestrel\Forms\Security\RateLimiter;
use Kestrel\Forms\Tests\Integration\Rest\SubmissionAnswers;
use Kestrel\Forms\Tests\Integration\Support\TestCase;
use WP_REST_Response;

final class ChargeRepairTest extends TestCase {

	use PaymentFixtures;
	use SubmissionAnswers;

	private const CLIENT = '203.0.113.80';

	protected function set_up(): void {
		$this->set_up_shop( self::CLIENT );
		$this->form_id = $this->create_form();
	}

	protected function tear_down(): void {
		$this->tear_down_payments();
	}

	/**
	 * A product of 30.00, an email, a name and the payment field (card and gift card, charge mode).
	 *
	 * @param array<string, mixed> $payment Payment field settings.
	 */
	private function create_form( array $payment = array() ): int {
		$name = array(
			'id'    => 4,
			'type'  => 'text',
			'label' => 'Name',
		);
		return $this->create_shop(
			self::mug_shop(
				$payment + array(
					'methods'     => array( 'card', 'giftCard' ),
					'captureMode' => 'charge',
				),
				array( $name )
			)
		);
	}

	/**
	 * Submits the form.
	 *
	 * @param string $token  Source token.
	 * @param string $key    Submission key.
	 * @param string $method card or giftCard.
	 */
	private function submit( string $token = 'cnon:card-nonce-ok', string $key = 'key-repair-0001', string $method = 'card' ): WP_REST_Response {
		return $this->rest(
			'POST',
			"/kestrel-forms/v1/forms/{$this->form_id}/submissions",
			array(
				'values'         => array(
					'2' => 'buyer@example.org',
					'4' => 'Ada Lovelace',
					'3' => array(
						'method' => $method,
						'token'  => $token,
					),
				),
				'submission_key' => $key,
			)
		);
	}

	public function test_only_single_use_sdk_tokens_are_accepted_as_source(): void {
		foreach ( array( 'gftc:3f9ab12c44d0e7aa', 'ccof:customer-card-id', 'EAAAsecret', 'cnon:', 'cnon:a b' ) as $i => $token ) {
			$response = $this->submit( $token, 'key-token-000' . $i, str_starts_with( $token, 'gftc' ) ? 'giftCard' : 'card' );
			$this->assert_rest_error( 'kestrel_forms_validation_failed', 400, $response );
		}
		$this->assertCount( 0, $this->provider->calls_to( 'POST', '/v2/payments' ), 'No stored id reaches CreatePayment.' );
		$this->assert_rest_status( 201, $this->submit( 'cnon:gift-card-nonce-ok', 'key-token-0100', 'giftCard' ) );
		$this->assert_rest_status( 201, $this->submit( 'cnon:CBASEKVeYgRm-9bNUUDyJZnZlmIgAQ', 'key-token-0101' ) );
		$this->assertCount( 2, $this->provider->calls_to( 'POST', '/v2/payments' ) );
	}

	public function test_the_location_cache_is_per_access_token(): void {
		$this->assert_rest_status( 201, $this->submit( 'cnon:card-nonce-ok', 'key-cache-0001' ) );
		$this->assert_rest_status( 201, $this->submit( 'cnon:card-nonce-ok', 'key-cache-0002' ) );
		$this->assertCount( 1, $this->provider->calls_to( 'GET', '/v2/locations/LSANDBOXMAIN' ), 'Cached for the same credentials.' );

		// Another account's token, same location id: its location is read again.
		$settings                            = get_option( \Kestrel\Forms\Settings\PaymentSettings::OPTION );
		$settings['sandbox']['access_token'] = 'sandbox-token-other-account';
		update_option( \Kestrel\Forms\Settings\PaymentSettings::OPTION, $settings );
		$this->provider->currency = 'EUR';
		$response                 = $this->submit( 'cnon:card-nonce-ok', 'key-cache-0003' );
		$this->assert_rest_error( 'kestrel_forms_payments_unavailable', 503, $response );
		$this->assertSame( 'currency_mismatch', $response->get_data()['data']['reason'] );
		$this->assertCount( 2, $this->provider->calls_to( 'GET', '/v2/locations/LSANDBOXMAIN' ) );
	}

	/**
	 * Makes CreatePayment answer an error (in place of the fake provider's answer).
	 *
	 * @param int    $status   HTTP status.
	 * @param string $category Error category.
	 * @param string $code     Error code.
	 */
	private static function create_answers( int $status, string $category, string $code ): void {
		add_filter(
			'pre_http_request',
			static function ( $pre, $args, $url ) use ( $status, $category, $code ) {
				if ( 'POST' !== ( $args['method'] ?? '' ) || '/v2/payments' !== wp_parse_url( (string) $url, PHP_URL_PATH ) ) {
					return $pre;
				}
				return array(
					'headers'  => array( 'content-type' => 'application/json' ),
					'body'     => (string) wp_json_encode(
						array(
							'errors' => array(
								array(
									'category' => $category,
									'code'     => $code,
									'detail'   => $code . ' detail',
								),
							),
						)
					),
					'response' => array(
						'code'    => $status,
						'message' => '',
					),
					'cookies'  => array(),
					'filename' => null,
				);
			},
			20,
			3
		);
	}

	public function test_a_merchant_side_error_is_unavailable_and_not_counted_as_a_decline(): void {
		self::create_answers( 404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND' );
		for ( $i = 0; $i < 6; $i++ ) {
			$response = $this->submit( 'cnon:card-nonce-ok', 'key-merchant-00' . $i );
			$this->assert_rest_error( 'kestrel_forms_payments_unavailable', 503, $response );
		}
		$this->assertSame( 'provider_refused', $response->get_data()['data']['reason'] );
		$row = self::payment_rows()[0];
		$this->assertSame( PaymentStatus::FAILED, $row['status'] );
		$this->assertSame( 'NOT_FOUND', $row['error_code'] );
		$this->assertNull( $row['submission_key'] );
		remove_all_filters( 'pre_http_request', 20 );
		$this->assert_rest_status( 201, $this->submit( 'cnon:card-nonce-ok', 'key-merchant-0100' ), 'Six merchant errors: no card-testing limit.' );
	}

	public function test_an_invalid_currency_is_unavailable_too(): void {
		self::create_answers( 400, 'INVALID_REQUEST_ERROR', 'INVALID_VALUE' );
		$this->assert_rest_error( 'kestrel_forms_payments_unavailable', 503, $this->submit() );
	}

	public function test_cvv_avs_and_funds_declines_answer_a_generic_code_and_keep_the_exact_one(): void {
		foreach ( array( 'CVV_FAILURE', 'ADDRESS_VERIFICATION_FAILURE', 'INSUFFICIENT_FUNDS', 'GENERIC_DECLINE' ) as $i => $code ) {
			remove_all_filters( 'pre_http_request', 20 );
			self::create_answers( 402, 'PAYMENT_METHOD_ERROR', $code );
			$response = $this->submit( 'cnon:card-nonce-ok', 'key-decline-00' . $i );
			$this->assert_rest_error( 'kestrel_forms_validation_failed', 400, $response );
			$this->assertSame( 'GENERIC_DECLINE', $response->get_data()['data']['payment']['code'], $code );
			$message = ( (array) $response->get_data()['data']['errors'] )['3'];
			$this->assertStringNotContainsString( 'security code', $message );
			$this->assertStringNotContainsString( 'postal code', $message );
			$this->assertStringNotContainsString( 'insufficient', $message );
			$this->assertSame( $code, self::payment_rows()[ $i ]['error_code'], 'The exact code stays on the attempt.' );
		}
		// Token errors are the visitor's and the script needs their codes.
		RateLimiter::reset( 'payment_failure', self::CLIENT, null, (string) $this->form_id );
		foreach ( array( 'CARD_TOKEN_EXPIRED', 'CARD_TOKEN_USED' ) as $i => $code ) {
			remove_all_filters( 'pre_http_request', 20 );
			self::create_answers( 400, 'INVALID_REQUEST_ERROR', $code );
			$response = $this->submit( 'cnon:card-nonce-ok', 'key-token-err-00' . $i );
			$this->assert_rest_error( 'kestrel_forms_validation_failed', 400, $response );
			$this->assertSame( $code, $response->get_data()['data']['payment']['code'] );
		}
		// Both count against the card-testing limit (5 per 10 minutes), as declines do.
		for ( $i = 0; $i < 3; $i++ ) {
			$this->assert_rest_error( 'kestrel_forms_validation_failed', 400, $this->submit( 'cnon:card-nonce-ok', 'key-decline-010' . $i ) );
		}
		remove_all_filters( 'pre_http_request', 20 );
		$this->assert_rest_error( 'kestrel_forms_rate_limited', 429, $this->submit( 'cnon:card-nonce-ok', 'key-decline-0200' ) );
	}

	/**
	 * Makes a provider path time out (in place of the fake provider's answer).
	 *
	 * @param string $method Method.
	 * @param string $regex  Path pattern.
	 */
	private static function times_out( string $method, string $regex ): void {
		add_filter(
			'pre_http_request',
			static function ( $pre, $args, $url ) use ( $method, $regex ) {
				if ( ( $args['method'] ?? 'GET' ) === $method && 1 === preg_match( $regex, (string) wp_parse_url( (string) $url, PHP_URL_PATH ) ) ) {
					return new \WP_Error( 'http_request_failed', 'cURL error 28: Operation timed out' );
				}
				return $pre;
			},
			30,
			3
		);
	}

	public function test_an_unexpected_payment_whose_cancel_fails_stays_for_the_reconcile_job(): void {
		// The provider answers with another amount than asked (never kept), and its cancel gets no answer.
		add_filter(
			'pre_http_request',
			static function ( $pre, $args, $url ) {
				if ( 'POST' === ( $args['method'] ?? '' ) && '/v2/payments' === wp_parse_url( (string) $url, PHP_URL_PATH ) && is_array( $pre ) ) {
					$data                                      = json_decode( (string) $pre['body'], true );
					$data['payment']['amount_money']['amount'] = 1;
					$pre['body']                               = (string) wp_json_encode( $data );
				}
				return $pre;
			},
			20,
			3
		);
		self::times_out( 'POST', '#^/v2/payments/[^/]+/cancel$#' );
		$response = $this->submit();
		$this->assert_rest_error( 'kestrel_forms_payment_not_taken', 502, $response );
		$this->assertStringNotContainsString( 'you were not charged', $response->get_data()['message'], 'Not known to be true.' );
		$this->assertStringContainsString( 'released', $response->get_data()['message'] );
		$row = self::payment_rows()[0];
		$this->assertSame( PaymentStatus::PROCESSING, $row['status'], 'Not voided: the hold is still there.' );
		$this->assertSame( 'not_taken', $row['error_code'] );
		$this->assertNull( $row['submission_key'], 'The visitor may retry.' );
		$this->assertCount( 1, $this->provider->calls_to( 'POST', '/v2/payments/' . array_keys( $this->provider->payments )[0] . '/cancel' ), 'Tried; its answer was lost.' );

		// The reconcile job cancels it later (by key).
		remove_all_filters( 'pre_http_request', 30 );
		add_filter( 'kestrel_forms_payments_reconcile_age', '__return_zero' );
		$this->assertSame( 1, Plugin::reconcile_job()->run()['voided'] );
		$this->assertSame( PaymentStatus::VOIDED, self::payment_rows()[0]['status'] );
		$this->assertSame( 'CANCELED', array_values( $this->provider->payments )[0]['status'] );
	}

	public function test_an_unknown_outcome_whose_cancel_is_not_confirmed_does_not_say_not_charged(): void {
		$this->provider->lose_after_commit = 3;
		$this->provider->cancel_timeouts   = 3;
		$response                          = $this->submit();
		$this->assert_rest_error( 'kestrel_forms_payment_not_taken', 502, $response );
		$this->assertStringNotContainsString( 'you were not charged', $response->get_data()['message'] );
		$this->assertSame( PaymentStatus::PROCESSING, self::payment_rows()[0]['status'] );
	}

	public function test_abandon_leaves_a_payment_attached_to_an_entry_alone(): void {
		$form          = $this->create_form( array( 'captureMode' => 'authorize' ) );
		$this->form_id = $form;
		$this->assert_rest_status( 201, $this->submit() );
		$row   = ( new PaymentRepository() )->find( (int) self::payment_rows()[0]['id'] );
		$calls = count( $this->provider->calls );
		$this->assertSame( PaymentStatus::AUTHORIZED, $row['status'] );

		// As SubmitForm does when another worker stored the entry for this key first.
		( new \Kestrel\Forms\Payments\ChargePayment() )->abandon(
			array(
				'entry_id' => null,
				'status'   => PaymentStatus::PROCESSING,
			) + $row
		);
		$this->assertSame( $calls, count( $this->provider->calls ), 'Nothing sent to the provider.' );
		$after = ( new PaymentRepository() )->find( (int) $row['id'] );
		$this->assertSame( PaymentStatus::AUTHORIZED, $after['status'] );
		$this->assertSame( $row['entry_id'], $after['entry_id'] );
		$this->assertSame( 'APPROVED', $this->provider->payments[ $row['provider_payment_id'] ]['status'] );

		// close() never voids a payment that has an entry either.
		( new \Kestrel\Forms\Payments\ChargePayment() )->close( (int) $row['id'], PaymentStatus::VOIDED, 'x', 'y' );
		$this->assertSame( PaymentStatus::AUTHORIZED, ( new PaymentRepository() )->find( (int) $row['id'] )['status'] );
	}

	public function test_the_payment_note_fills_merge_tags_from_the_submitted_values(): void {
		$this->form_id = $this->create_form( array( 'description' => '<b>Order</b> for {Name:4} ({Email:2}) on {form_title} ' . str_repeat( '😀', 600 ) ) );
		$this->assert_rest_status( 201, $this->submit() );
		$note = $this->provider->calls_to( 'POST', '/v2/payments' )[0]['body']['note'];
		$this->assertStringStartsWith( 'Order for Ada Lovelace (buyer@example.org) on Shop 😀', $note );
		$units = intdiv( strlen( (string) mb_convert_encoding( $note, 'UTF-16LE', 'UTF-8' ) ), 2 );
		$this->assertLessThanOrEqual( 500, $units, 'At most 500 UTF-16 code units.' );
		$this->assertGreaterThanOrEqual( 499, $units, 'Cut there, not before (a surrogate pair is not split).' );
	}

	/**
	 * Loses the answer of CompletePayment calls (the provider did or did not capture).
	 *
	 * @param bool $captured Whether the provider captured before the answer was lost.
	 * @param int  $count    How many calls.
	 */
	private function complete_answer_lost( bool $captured, int $count = 1 ): void {
		$provider = $this->provider;
		add_filter(
			'pre_http_request',
			static function ( $pre, $args, $url ) use ( $provider, $captured, &$count ) {
				$path = (string) wp_parse_url( (string) $url, PHP_URL_PATH );
				if ( $count > 0 && 1 === preg_match( '#^/v2/payments/([^/]+)/complete$#', $path, $m ) ) {
					--$count;
					if ( ! $captured ) {
						$provider->payments[ $m[1] ]['status'] = 'APPROVED';
					}
					return new \WP_Error( 'http_request_failed', 'cURL error 28: Operation timed out' );
				}
				return $pre;
			},
			20,
			3
		);
	}

	/**
	 * Records the payment actions fired.
	 *
	 * @return \ArrayObject<int, string>
	 */
	private static function record_actions(): \ArrayObject {
		$fired = new \ArrayObject();
		foreach ( array( 'completed', 'authorized', 'voided', 'failed' ) as $event ) {
			add_action(
				'kestrel_forms_payment_' . $event,
				static function () use ( $fired, $event ): void {
					$fired[] = $event;
				}
			);
		}
		return $fired;
	}

	/**
	 * The notes of an entry.
	 *
	 * @param int $entry_id Entry id.
	 * @return list<string>
	 */
	private static function notes_of( int $entry_id ): array {
		return array_values( array_column( ( new EntryWorkspaceRepository() )->notes( $entry_id ), 'note' ) );
	}

	public function test_a_capture_whose_answer_is_lost_is_confirmed_by_a_get(): void {
		$fired = self::record_actions();
		$this->complete_answer_lost( true );
		$this->assert_rest_status( 201, $this->submit() );
		$row = self::payment_rows()[0];
		$this->assertSame( PaymentStatus::PAID, $row['status'] );
		$this->assertCount( 1, $this->provider->calls_to( 'GET', '/v2/payments/' . $row['provider_payment_id'] ) );
		$this->assertCount( 1, $this->provider->calls_to( 'POST', '/v2/payments/' . $row['provider_payment_id'] . '/complete' ), 'Captured once.' );
		$this->assertSame( array( 'completed' ), $fired->getArrayCopy() );
		$this->assertCount( 1, array_filter( self::notes_of( (int) $row['entry_id'] ), static fn( string $n ): bool => str_starts_with( $n, 'Payment completed' ) ) );
	}

	public function test_a_capture_that_never_reached_the_provider_is_sent_again_with_the_version_token(): void {
		$this->complete_answer_lost( false );
		$this->assert_rest_status( 201, $this->submit() );
		$row      = self::payment_rows()[0];
		$complete = $this->provider->calls_to( 'POST', '/v2/payments/' . $row['provider_payment_id'] . '/complete' );
		$this->assertSame( PaymentStatus::PAID, $row['status'] );
		$this->assertCount( 2, $complete );
		$this->assertNotEmpty( $complete[1]['body']['version_token'] ?? '' );
		$this->assertSame( 'COMPLETED', $this->provider->payments[ $row['provider_payment_id'] ]['status'] );
	}

	public function test_a_capture_still_unknown_is_completed_by_the_reconcile_job(): void {
		$fired = self::record_actions();
		$this->complete_answer_lost( false, 2 );
		self::times_out( 'GET', '#^/v2/payments/[^/]+$#' );
		$this->assert_rest_status( 201, $this->submit() );
		$row = self::payment_rows()[0];
		$this->assertSame( PaymentStatus::AUTHORIZED, $row['status'] );
		$this->assertSame( array( 'authorized' ), $fired->getArrayCopy() );

		// Too young for the job by default: its request may still be working.
		$this->assertSame( 0, Plugin::reconcile_job()->run()['finished'] );
		remove_all_filters( 'pre_http_request', 30 );
		add_filter( 'kestrel_forms_payments_reconcile_age', '__return_zero' );
		$this->assertSame( 1, Plugin::reconcile_job()->run()['finished'] );
		$row = self::payment_rows()[0];
		$this->assertSame( PaymentStatus::PAID, $row['status'] );
		$this->assertSame( 'COMPLETED', $this->provider->payments[ $row['provider_payment_id'] ]['status'] );
		$this->assertSame( array( 'authorized', 'completed' ), $fired->getArrayCopy() );
		// Once: a second run finds nothing.
		$this->assertSame( 0, array_sum( Plugin::reconcile_job()->run() ) );
		$this->assertSame( array( 'authorized', 'completed' ), $fired->getArrayCopy() );
	}

	public function test_a_crash_between_the_entry_commit_and_the_capture_is_completed_by_the_reconcile_job(): void {
		$fired = self::record_actions();
		$after = 0;
		add_action(
			'kestrel_forms_submission_after',
			static function () use ( &$after ): void {
				++$after;
			}
		);
		$crash = static function ( $pre, $args, $url ) {
			if ( str_ends_with( (string) $url, '/complete' ) ) {
				throw new \RuntimeException( 'crash before the capture' );
			}
			return $pre;
		};
		add_filter( 'pre_http_request', $crash, 1, 3 );
		try {
			$this->submit();
			$this->fail( 'No crash.' );
		} catch ( \RuntimeException $e ) {
			$this->assertSame( 'crash before the capture', $e->getMessage() );
		}
		remove_filter( 'pre_http_request', $crash, 1 );
		$row = self::payment_rows()[0];
		$this->assertSame( PaymentStatus::AUTHORIZED, $row['status'] );
		$this->assertNotNull( $row['entry_id'] );
		$this->assertNotNull( $row['entry_draft'] );
		$this->assertStringContainsString( 'cnon:card-nonce-ok', (string) $row['request_body'] );

		add_filter( 'kestrel_forms_payments_reconcile_age', '__return_zero' );
		$this->assertSame( 1, Plugin::reconcile_job()->run()['finished'] );
		$row = self::payment_rows()[0];
		$this->assertSame( PaymentStatus::PAID, $row['status'] );
		$this->assertSame( 'COMPLETED', $this->provider->payments[ $row['provider_payment_id'] ]['status'] );
		$this->assertNull( $row['entry_draft'], 'Draft dropped as settle() does.' );
		$this->assertStringNotContainsString( 'cnon:', (string) $row['request_body'], 'Token redacted.' );
		$this->assertSame( array( 'completed' ), $fired->getArrayCopy() );
		$this->assertSame( 1, $after, 'What a stored submission runs (notifications, feeds) ran once.' );
		$notes = self::notes_of( (int) $row['entry_id'] );
		$this->assertCount( 1, array_filter( $notes, static fn( string $n ): bool => str_starts_with( $n, 'Payment authorized' ) ) );
		$this->assertCount( 1, array_filter( $notes, static fn( string $n ): bool => str_starts_with( $n, 'Payment completed' ) ) );
		$this->assertSame( 0, array_sum( Plugin::reconcile_job()->run() ) );
		$this->assertSame( 1, self::entry_count() );
	}

	public function test_the_reconcile_job_skips_an_attempt_another_worker_claimed(): void {
		add_action(
			'kestrel_forms_payments_after_authorize',
			static function (): void {
				throw new \RuntimeException( 'crash after authorize' );
			}
		);
		try {
			$this->submit();
			$this->fail( 'No crash.' );
		} catch ( \RuntimeException $e ) {
			$this->assertSame( 'crash after authorize', $e->getMessage() );
		}
		remove_all_actions( 'kestrel_forms_payments_after_authorize' );
		$repository = new PaymentRepository();
		$row        = (array) $repository->find( (int) self::payment_rows()[0]['id'] );
		global $wpdb;
		$old = gmdate( 'Y-m-d H:i:s', time() - 600 );
		$wpdb->query( $wpdb->prepare( 'UPDATE ' . Schema::tables()['payments'] . ' SET created_at = %s, updated_at = %s', $old, $old ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared

		// Another run (or the live request) claims it: this run leaves it alone.
		$this->assertTrue( $repository->claim( (int) $row['id'], $old ) );
		$this->assertFalse( $repository->claim( (int) $row['id'], $old ), 'One claim per seen state.' );
		$creates = count( $this->provider->calls_to( 'POST', '/v2/payments' ) );
		$this->assertSame( 0, array_sum( Plugin::reconcile_job()->run() ) );
		$this->assertSame( $creates, count( $this->provider->calls_to( 'POST', '/v2/payments' ) ) );
		$this->assertSame( PaymentStatus::PROCESSING, $repository->find( (int) $row['id'] )['status'] );

		// Once the claim is older than the take-over age, the job finishes it.
		$wpdb->query( $wpdb->prepare( 'UPDATE ' . Schema::tables()['payments'] . ' SET updated_at = %s', $old ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		$this->assertSame( 1, Plugin::reconcile_job()->run()['finished'] );
		$this->assertSame( PaymentStatus::PAID, $repository->find( (int) $row['id'] )['status'] );
	}

	public function test_the_take_over_age_covers_every_provider_call_of_the_request(): void {
		add_filter( 'kestrel_forms_payments_timeout', static fn(): int => 40 );
		add_filter( 'kestrel_forms_payments_retry_delays', static fn(): array => array( 300, 1200 ), 20 );
		// Three CreatePayment tries and three cancels of 40 s each, and the waits.
		$this->assertGreaterThanOrEqual( 6 * 40 + 3, \Kestrel\Forms\Payments\ChargePayment::takeover_age() );
		add_filter( 'kestrel_forms_payments_reconcile_age', static fn(): int => 5 );
		$this->assertSame( 5, \Kestrel\Forms\Payments\ChargePayment::takeover_age(), 'The filter decides (tests use 0).' );
	}

	public function test_two_overlapping_reconcile_runs_act_once(): void {
		add_action(
			'kestrel_forms_payments_after_authorize',
			static function (): void {
				throw new \RuntimeException( 'crash after authorize' );
			}
		);
		try {
			$this->submit();
			$this->fail( 'No crash.' );
		} catch ( \RuntimeException $e ) {
			$this->assertSame( 'crash after authorize', $e->getMessage() );
		}
		remove_all_actions( 'kestrel_forms_payments_after_authorize' );
		global $wpdb;
		$old = gmdate( 'Y-m-d H:i:s', time() - 600 );
		$wpdb->query( $wpdb->prepare( 'UPDATE ' . Schema::tables()['payments'] . ' SET created_at = %s, updated_at = %s', $old, $old ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared

		// While the first run replays the request, a second run starts (cron, REST, WP-CLI).
		$nested = null;
		$inner  = static function ( $pre, $args, $url ) use ( &$nested ) {
			if ( null === $nested && 'POST' === ( $args['method'] ?? '' ) && '/v2/payments' === wp_parse_url( (string) $url, PHP_URL_PATH ) ) {
				$nested = array();
				$nested = Plugin::reconcile_job()->run();
			}
			return $pre;
		};
		add_filter( 'pre_http_request', $inner, 1, 3 );
		$outer = Plugin::reconcile_job()->run();
		remove_filter( 'pre_http_request', $inner, 1 );
		$this->assertSame( 1, $outer['finished'] );
		$this->assertSame( 0, array_sum( (array) $nested ), 'The second run leaves the claimed attempt alone.' );
		$this->assertCount( 2, $this->provider->calls_to( 'POST', '/v2/payments' ), 'The first try and one replay.' );
		$this->assertSame( 1, self::entry_count() );
		$this->assertSame( PaymentStatus::PAID, self::payment_rows()[0]['status'] );
	}
}
