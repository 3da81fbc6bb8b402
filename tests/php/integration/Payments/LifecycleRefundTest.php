<?php
/**
 * Refunds from the entry (acceptance checks 9 and 11 at the PHP level): partial then full, never
 * more than collected, one provider refund for a double click, the payment's own environment,
 * a lost answer finished by Sync with the same key.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Payments;

use Kestrel\Forms\Persistence\PaymentRepository;
use Kestrel\Forms\Settings\PaymentSettings;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

final class LifecycleRefundTest extends TestCase {

	use PaymentFixtures;

	private int $admin = 0;

	protected function set_up(): void {
		$this->admin = $this->as_admin();
		$this->set_up_payments();
	}

	protected function tear_down(): void {
		$this->tear_down_payments();
	}

	private function refund( int $entry_id, int $amount, string $reason = '', ?string $request_key = null ): \WP_REST_Response {
		$body = array(
			'amount' => $amount,
			'reason' => $reason,
		);
		if ( null !== $request_key ) {
			$body['request_key'] = $request_key;
		}
		return $this->rest( 'POST', '/kestrel-forms/v1/entries/' . $entry_id . '/payment/refunds', $body );
	}

	/**
	 * Sends the same refund request again while the first one waits for the provider.
	 *
	 * @return \stdClass Its `response` once the first request reached the provider.
	 */
	private function twin_during_first_refund( int $entry, int $amount, ?string $request_key ): \stdClass {
		$twin = (object) array( 'response' => null );
		$this->provider->before(
			'POST',
			'#^/v2/refunds$#',
			function () use ( $entry, $amount, $request_key, $twin ) {
				if ( null === $twin->response ) {
					$twin->response = false;
					$twin->response = $this->refund( $entry, $amount, '', $request_key );
				}
				return null;
			}
		);
		return $twin;
	}

	public function test_refund_1000_then_2000_of_3000_then_1_more_is_refused(): void {
		$entry = $this->entry_with_payment( 'paid', 'PAY_1' );

		$first = $this->refund( $entry, 1000, 'Damaged item' );
		$this->assert_rest_status( 200, $first );
		$data = $first->get_data();
		$this->assertSame( 'partially_refunded', $data['status'] );
		$this->assertSame( 3000, $data['amount'] );
		$this->assertSame( 1000, $data['refunded_amount'] );
		$this->assertSame( 2000, $data['refundable_amount'] );
		$this->assertSame( array( 1000 ), array_column( $data['refunds'], 'amount' ) );
		$this->assertSame( 'completed', $data['refunds'][0]['status'] );
		$this->assertSame( 'Damaged item', $data['refunds'][0]['reason'] );
		$this->assertSame( $this->admin, $data['refunds'][0]['user']['id'] );
		$this->assertTrue( $data['actions']['refund'] );
		$this->assertFalse( $data['actions']['capture'] );
		$this->assertCount( 1, $this->provider->refunds, 'One refund at the provider.' );
		$sent = $this->provider->calls( 'POST', '/v2/refunds' )[0]['body'];
		$this->assertSame(
			array(
				'amount'   => 1000,
				'currency' => 'USD',
			),
			$sent['amount_money']
		);
		$this->assertSame( 'PAY_1', $sent['payment_id'] );
		$this->assertSame( 'Damaged item', $sent['reason'] );
		$this->assertLessThanOrEqual( 45, strlen( $sent['idempotency_key'] ) );

		$second = $this->refund( $entry, 2000 );
		$this->assert_rest_status( 200, $second );
		$this->assertSame( 'refunded', $second->get_data()['status'] );
		$this->assertSame( 3000, $second->get_data()['refunded_amount'] );
		$this->assertFalse( $second->get_data()['actions']['refund'] );
		$this->assertCount( 2, $this->provider->refunds );
		$this->assertNotSame( $sent['idempotency_key'], $this->provider->calls( 'POST', '/v2/refunds' )[1]['body']['idempotency_key'] );

		$more = $this->refund( $entry, 1 );
		$this->assert_rest_error( 'kestrel_forms_refund_too_large', 400, $more );
		$this->assertSame( 0, $more->get_data()['data']['available'] );
		$this->assertCount( 2, $this->provider->calls( 'POST', '/v2/refunds' ), 'Refused before the provider.' );

		$this->assertSame( 'refunded', $this->stored( $entry )['status'] );
		$this->assertSame(
			array(
				array( 'kestrel_forms_payment_refunded', 'partially_refunded', $entry ),
				array( 'kestrel_forms_payment_refunded', 'refunded', $entry ),
			),
			$this->fired
		);
		$notes = $this->notes( $entry );
		$this->assertSame( array( $this->admin ), array_values( array_unique( array_column( $notes, 0 ) ) ), 'Notes are by the user who refunded.' );
		$this->assertStringContainsString( '$10.00', $notes[0][1] );
		$this->assertStringContainsString( '$30.00 of $30.00 refunded', end( $notes )[1] );
	}

	public function test_more_than_is_left_is_refused_before_the_provider(): void {
		$entry = $this->entry_with_payment( 'paid', 'PAY_2' );
		$this->assert_rest_status( 200, $this->refund( $entry, 2500 ) );
		$refused = $this->refund( $entry, 501 );
		$this->assert_rest_error( 'kestrel_forms_refund_too_large', 400, $refused );
		$this->assertSame( 500, $refused->get_data()['data']['available'] );
		$this->assert_rest_error( 'kestrel_forms_invalid_param', 400, $this->refund( $entry, 0 ) );
		$this->assert_rest_error( 'kestrel_forms_invalid_param', 400, $this->refund( $entry, -5 ) );
		$this->assertCount( 1, $this->provider->calls( 'POST', '/v2/refunds' ) );
		$this->assertSame( 'partially_refunded', $this->stored( $entry )['status'] );
	}

	public function test_a_double_click_makes_one_provider_refund(): void {
		$entry = $this->entry_with_payment( 'paid', 'PAY_3' );
		// The second click arrives while the first is waiting for the provider.
		$twin  = $this->twin_during_first_refund( $entry, 1000, null );
		$first = $this->refund( $entry, 1000 );
		$twin  = $twin->response;
		$this->assert_rest_status( 200, $first );
		$this->assertInstanceOf( \WP_REST_Response::class, $twin );
		$this->assert_rest_status( 200, $twin );
		$this->assertCount( 1, $this->provider->calls( 'POST', '/v2/refunds' ), 'One provider call.' );
		$this->assertCount( 1, $this->provider->refunds, 'One provider refund.' );
		$rows = ( new PaymentRepository() )->refunds_for_payment( (int) $this->stored( $entry )['id'] );
		$this->assertCount( 1, $rows, 'One refund row.' );
		$this->assertSame( 1000, $first->get_data()['refunded_amount'] );
		$this->assertSame( 'partially_refunded', $first->get_data()['status'] );

		// Without a request key, the same amount once the first is settled is a new, deliberate
		// refund (no time window swallows it).
		$again = $this->refund( $entry, 1000 );
		$this->assert_rest_status( 200, $again );
		$this->assertSame( 2000, $again->get_data()['refunded_amount'] );
		$this->assertCount( 2, $this->provider->refunds );
	}

	public function test_the_same_request_key_is_one_refund_and_a_new_key_is_a_new_refund(): void {
		$entry = $this->entry_with_payment( 'paid', 'PAY_7' );
		// The panel's network retry arrives while the first request waits for the provider.
		$twin  = $this->twin_during_first_refund( $entry, 1000, 'panel-key-aaaaaaaa-1' );
		$first = $this->refund( $entry, 1000, '', 'panel-key-aaaaaaaa-1' );
		$twin  = $twin->response;
		$this->assert_rest_status( 200, $first );
		$this->assert_rest_status( 200, $twin );
		$this->assertCount( 1, $this->provider->calls( 'POST', '/v2/refunds' ) );
		$key = $this->provider->calls( 'POST', '/v2/refunds' )[0]['body']['idempotency_key'];
		$this->assertLessThanOrEqual( 45, strlen( $key ) );

		// The same key after it completed: still the same refund, nothing sent.
		$late = $this->refund( $entry, 1000, '', 'panel-key-aaaaaaaa-1' );
		$this->assert_rest_status( 200, $late );
		$this->assertSame( 1000, $late->get_data()['refunded_amount'] );
		$this->assertCount( 1, $this->provider->calls( 'POST', '/v2/refunds' ) );

		// The same key with another amount is refused, clearly.
		$other = $this->refund( $entry, 500, '', 'panel-key-aaaaaaaa-1' );
		$this->assert_rest_error( 'kestrel_forms_payment_action_refused', 409, $other );
		$this->assertStringContainsString( '$10.00', $other->get_data()['message'] );
		$this->assertCount( 1, $this->provider->calls( 'POST', '/v2/refunds' ) );

		// A second deliberate refund of 10.00 within the minute (a new key) is made.
		$second = $this->refund( $entry, 1000, '', 'panel-key-bbbbbbbb-2' );
		$this->assert_rest_status( 200, $second );
		$this->assertSame( 2000, $second->get_data()['refunded_amount'] );
		$this->assertCount( 2, $this->provider->refunds );
		$this->assertNotSame( $key, $this->provider->calls( 'POST', '/v2/refunds' )[1]['body']['idempotency_key'] );
		$this->assertCount( 2, ( new PaymentRepository() )->refunds_for_payment( (int) $this->stored( $entry )['id'] ) );

		// Malformed keys are refused by the route before anything is recorded.
		$this->assert_rest_error( 'kestrel_forms_invalid_param', 400, $this->refund( $entry, 100, '', 'short' ) );
		$this->assert_rest_error( 'kestrel_forms_invalid_param', 400, $this->refund( $entry, 100, '', str_repeat( 'k', 15 ) . '!' ) );
		$this->assertCount( 2, ( new PaymentRepository() )->refunds_for_payment( (int) $this->stored( $entry )['id'] ) );
	}

	public function test_the_same_request_key_after_a_full_refund_is_still_the_same_refund(): void {
		$entry = $this->entry_with_payment( 'paid', 'PAY_8' );
		$this->assert_rest_status( 200, $this->refund( $entry, 3000, '', 'full-refund-key-0001' ) );
		$retry = $this->refund( $entry, 3000, '', 'full-refund-key-0001' );
		$this->assert_rest_status( 200, $retry );
		$this->assertSame( 'refunded', $retry->get_data()['status'] );
		$this->assertCount( 1, $this->provider->calls( 'POST', '/v2/refunds' ) );
	}

	public function test_two_different_refunds_at_once_never_exceed_the_payment(): void {
		$entry = $this->entry_with_payment( 'paid', 'PAY_4' );
		$other = null;
		$this->provider->before(
			'POST',
			'#^/v2/refunds$#',
			function () use ( $entry, &$other ) {
				if ( null === $other ) {
					$other = $this->refund( $entry, 2000, '', 'second-refund-key-02' );
				}
				return null;
			}
		);
		// Two deliberate refunds (two request keys) of 20.00 each on a 30.00 payment.
		$this->assert_rest_status( 200, $this->refund( $entry, 2000, '', 'first-refund-key-001' ) );
		$this->assert_rest_error( 'kestrel_forms_refund_too_large', 400, $other );
		$this->assertCount( 1, $this->provider->refunds );
		$this->assertSame( 2000, $this->stored( $entry )['refunded_minor'] );
	}

	public function test_a_sandbox_payment_is_refunded_in_the_sandbox_after_switching_to_production(): void {
		$entry  = $this->entry_with_payment( 'paid', 'PAY_SANDBOX' );
		$switch = $this->rest( 'POST', '/kestrel-forms/v1/settings', array( 'payments' => array( 'environment' => 'production' ) ) );
		$this->assert_rest_status( 200, $switch );
		$this->assertSame( 'production', ( new PaymentSettings() )->environment() );
		$this->assertSame( self::SANDBOX_TOKEN, ( new PaymentSettings() )->credentials( 'sandbox' )['access_token'], 'Switching keeps the sandbox credentials.' );

		$this->assert_rest_status( 200, $this->refund( $entry, 500 ) );
		$call = $this->provider->calls( 'POST', '/v2/refunds' )[0];
		$this->assertSame( 'sandbox', $call['env'], 'The refund went to ' . FakeProvider::SANDBOX . '.' );
		$this->assertSame( 'Bearer ' . self::SANDBOX_TOKEN, $call['headers']['Authorization'] );
		$this->assertSame( 'sandbox', $this->rest( 'GET', '/kestrel-forms/v1/entries/' . $entry . '/payment' )->get_data()['mode'] );

		$production = $this->entry_with_payment( 'paid', 'PAY_LIVE', 3000, 'production' );
		$this->assert_rest_status( 200, $this->refund( $production, 700 ) );
		$this->assertSame( 'production', $this->provider->calls( 'POST', '/v2/refunds' )[1]['env'] );
		$this->assertSame( 'Bearer ' . self::PRODUCTION_TOKEN, $this->provider->calls( 'POST', '/v2/refunds' )[1]['headers']['Authorization'] );
	}

	public function test_a_lost_answer_is_finished_by_sync_from_the_payment_without_sending_again(): void {
		$entry = $this->entry_with_payment( 'paid', 'PAY_5' );
		// The provider refunds, but both answers (first try and its immediate retry) are lost.
		$this->provider->drop_after_commit( 'POST', '#^/v2/refunds$#', 2 );
		$lost = $this->refund( $entry, 1200, 'Late' );
		$this->assert_rest_error( 'kestrel_forms_payment_provider_unavailable', 502, $lost );
		$this->assertCount( 1, $this->provider->refunds, 'The retry replayed the same refund.' );
		$row = ( new PaymentRepository() )->refunds_for_payment( (int) $this->stored( $entry )['id'] )[0];
		$this->assertSame( 'pending', $row['status'] );
		$this->assertSame( 'paid', $this->stored( $entry )['status'] );

		// The same click again while it is unknown: the same recorded refund, nothing sent.
		$this->assert_rest_status( 200, $this->refund( $entry, 1200, 'Late' ) );
		$this->assertCount( 2, $this->provider->calls( 'POST', '/v2/refunds' ) );
		$this->assertCount( 1, ( new PaymentRepository() )->refunds_for_payment( (int) $this->stored( $entry )['id'] ) );

		// Sync fetches the payment first: it names the refund the provider made, which is matched
		// to the pending one; nothing is sent again.
		$synced = $this->rest( 'POST', '/kestrel-forms/v1/entries/' . $entry . '/payment/sync' );
		$this->assert_rest_status( 200, $synced );
		$this->assertCount( 2, $this->provider->calls( 'POST', '/v2/refunds' ), 'Known at the provider: not sent again.' );
		$this->assertCount( 1, $this->provider->refunds, 'Still one provider refund.' );
		$this->assertSame( 'partially_refunded', $synced->get_data()['status'] );
		$this->assertSame( 1200, $synced->get_data()['refunded_amount'] );
		$this->assertCount( 1, $synced->get_data()['refunds'] );
		$this->assertSame( 'completed', $synced->get_data()['refunds'][0]['status'] );
		$this->assertSame( array_keys( $this->provider->refunds )[0], $synced->get_data()['refunds'][0]['provider_refund_id'] );
	}

	public function test_sync_sends_again_only_a_refund_the_provider_does_not_have(): void {
		$entry = $this->entry_with_payment( 'paid', 'PAY_6' );
		// Neither the first try nor its retry reaches the provider (network down).
		$unreached = 2;
		$this->provider->before(
			'POST',
			'#^/v2/refunds$#',
			static function () use ( &$unreached ) {
				return $unreached-- > 0 ? new \WP_Error( 'http_request_failed', 'cURL error 7: Failed to connect' ) : null;
			}
		);
		$this->assert_rest_error( 'kestrel_forms_payment_provider_unavailable', 502, $this->refund( $entry, 700, 'Lost' ) );
		$this->assertCount( 0, $this->provider->refunds );

		$synced = $this->rest( 'POST', '/kestrel-forms/v1/entries/' . $entry . '/payment/sync' );
		$this->assert_rest_status( 200, $synced );
		$bodies = array_column( $this->provider->calls( 'POST', '/v2/refunds' ), 'body' );
		$this->assertCount( 3, $bodies );
		$this->assertSame( $bodies[0], $bodies[2], 'Sync sent the same key and body.' );
		$this->assertCount( 1, $this->provider->refunds );
		$this->assertSame( 'partially_refunded', $synced->get_data()['status'] );
		$this->assertSame( 700, $synced->get_data()['refunded_amount'] );
		$this->assertSame( 'completed', $synced->get_data()['refunds'][0]['status'] );
		// The payment was fetched before anything was sent again.
		$order = array_map( static fn( array $call ): string => $call['method'] . ' ' . $call['path'], $this->provider->calls() );
		$fetch = array_search( 'GET /v2/payments/PAY_6', $order, true );
		$this->assertNotFalse( $fetch );
		$this->assertLessThan( array_keys( $order, 'POST /v2/refunds', true )[2], $fetch );
	}

	public function test_a_refused_refund_is_recorded_and_may_be_tried_again(): void {
		$entry  = $this->entry_with_payment( 'paid', 'PAY_6' );
		$refuse = true;
		$this->provider->before(
			'POST',
			'#^/v2/refunds$#',
			static function () use ( &$refuse ) {
				return $refuse ? FakeProvider::http( ...FakeProvider::error( 400, 'REFUND_DECLINED', 'The card issuer declined the refund.', 'REFUND_ERROR' ) ) : null;
			}
		);
		$refused = $this->refund( $entry, 1000 );
		$this->assert_rest_error( 'kestrel_forms_payment_action_refused', 400, $refused );
		$this->assertStringContainsString( 'declined the refund', $refused->get_data()['message'] );
		$state = $this->rest( 'GET', '/kestrel-forms/v1/entries/' . $entry . '/payment' )->get_data();
		$this->assertSame( 'failed', $state['refunds'][0]['status'] );
		$this->assertSame( 3000, $state['refundable_amount'], 'A failed refund holds nothing back.' );
		$notes = $this->notes( $entry );
		$this->assertStringContainsString( 'refused by the payment provider', end( $notes )[1] );

		// Tried again, it is a new attempt with a new key (the provider refused the first one).
		$refuse = false;
		$again  = $this->refund( $entry, 1000 );
		$this->assert_rest_status( 200, $again );
		$this->assertSame( 'partially_refunded', $again->get_data()['status'] );
		$keys = array_column( array_column( $this->provider->calls( 'POST', '/v2/refunds' ), 'body' ), 'idempotency_key' );
		$this->assertCount( 2, $keys );
		$this->assertNotSame( $keys[0], $keys[1] );
	}

	public function test_get_payment_and_not_found(): void {
		$entry = $this->entry_with_payment( 'paid', 'PAY_7' );
		$data  = $this->rest( 'GET', '/kestrel-forms/v1/entries/' . $entry . '/payment' )->get_data();
		foreach ( array( 'status', 'amount', 'currency', 'method', 'mode', 'provider_payment_id', 'brand', 'last4', 'receipt_url', 'refunded_amount', 'capture_mode', 'created_at', 'updated_at', 'actions', 'refunds' ) as $key ) {
			$this->assertArrayHasKey( $key, $data );
		}
		$this->assertSame( 'PAY_7', $data['provider_payment_id'] );
		$this->assertSame( 'card', $data['method'] );
		$this->assertSame(
			array(
				'capture' => false,
				'void'    => false,
				'refund'  => true,
				'sync'    => true,
			),
			$data['actions']
		);
		$json = (string) wp_json_encode( $data );
		$this->assertStringNotContainsString( 'request_body', $json );
		$this->assertStringNotContainsString( 'attempt_key', $json );

		$bare = ( new \Kestrel\Forms\Persistence\EntryRepository() )->insert( new \Kestrel\Forms\Domain\Entry\Entry( 0, $this->form_id, array(), gmdate( 'Y-m-d H:i:s' ) ) )['id'];
		$this->assert_rest_error( 'kestrel_forms_payment_not_found', 404, $this->rest( 'GET', '/kestrel-forms/v1/entries/' . $bare . '/payment' ) );
		$this->assert_rest_error( 'kestrel_forms_payment_not_found', 404, $this->refund( $bare, 100 ) );
	}
}
