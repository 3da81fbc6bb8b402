<?php
/**
 * Capture and void of authorized payments, Sync, and who may do it (acceptance checks 8 and 9
 * at the PHP level).
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Payments;

use Kestrel\Forms\Persistence\PaymentRepository;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

final class LifecycleCaptureVoidTest extends TestCase {

	use PaymentFixtures;

	private int $admin = 0;

	protected function set_up(): void {
		$this->admin = $this->as_admin();
		$this->set_up_payments();
	}

	protected function tear_down(): void {
		$this->tear_down_payments();
		unset( $GLOBALS['wp_rest_auth_cookie'], $_SERVER['HTTP_X_WP_NONCE'] );
	}

	private function post( int $entry_id, string $action, ?array $body = null ): \WP_REST_Response {
		return $this->rest( 'POST', '/kestrel-forms/v1/entries/' . $entry_id . '/payment/' . $action, $body );
	}

	public function test_capture_moves_an_authorized_payment_to_paid(): void {
		$entry = $this->entry_with_payment( 'authorized', 'PAY_AUTH' );
		$state = $this->rest( 'GET', '/kestrel-forms/v1/entries/' . $entry . '/payment' )->get_data();
		$this->assertSame( 'authorized', $state['status'] );
		$this->assertSame( 'authorize', $state['capture_mode'] );
		$this->assertSame(
			array(
				'capture' => true,
				'void'    => true,
				'refund'  => false,
				'sync'    => true,
			),
			$state['actions'],
			'Refund is not offered on an authorized payment.'
		);

		$captured = $this->post( $entry, 'capture' );
		$this->assert_rest_status( 200, $captured );
		$this->assertSame( 'paid', $captured->get_data()['status'] );
		$this->assertTrue( $captured->get_data()['actions']['refund'] );
		$this->assertFalse( $captured->get_data()['actions']['capture'] );
		$this->assertSame( 'COMPLETED', $this->provider->payments['PAY_AUTH']['status'] );
		$complete = $this->provider->calls( 'POST', '/v2/payments/PAY_AUTH/complete' );
		$this->assertCount( 1, $complete );
		$this->assertSame( 'v1', $complete[0]['body']['version_token'] ?? null, 'The stored version token is sent.' );
		$this->assertSame( 'COMPLETED', $this->stored( $entry )['provider_status'] );
		$this->assertSame( array( array( 'kestrel_forms_payment_completed', 'paid', $entry ) ), $this->fired );
		$this->assertSame( array( array( $this->admin, 'Payment of $30.00 captured.' ) ), $this->notes( $entry ) );

		// Twice: refused, nothing sent, nothing noted.
		$again = $this->post( $entry, 'capture' );
		$this->assert_rest_error( 'kestrel_forms_payment_action_refused', 409, $again );
		$this->assertCount( 1, $this->provider->calls( 'POST', '/v2/payments/PAY_AUTH/complete' ) );
		$this->assertCount( 1, $this->notes( $entry ) );
		$this->assert_rest_error( 'kestrel_forms_payment_action_refused', 409, $this->post( $entry, 'void' ) );
	}

	public function test_the_actions_get_the_public_payment_row_without_request_draft_or_keys(): void {
		$entry   = $this->entry_with_payment( 'authorized', 'PAY_PUBLIC' );
		$payment = $this->stored( $entry );
		( new PaymentRepository() )->update_details(
			(int) $payment['id'],
			array(
				'request_body' => '{"buyer_email_address":"ada@example.com","billing_address":{"address_line_1":"1 Main St"}}',
				'entry_draft'  => '{"values":{"1":"Ada"}}',
			)
		);
		$seen = array();
		$hook = static function ( array $row ) use ( &$seen ): void {
			$seen[] = $row;
		};
		add_action( 'kestrel_forms_payment_completed', $hook );
		add_action( 'kestrel_forms_payment_refunded', $hook );
		$this->assert_rest_status( 200, $this->post( $entry, 'capture' ) );
		$this->assert_rest_status( 200, $this->rest( 'POST', '/kestrel-forms/v1/entries/' . $entry . '/payment/refunds', array( 'amount' => 500 ) ) );
		remove_action( 'kestrel_forms_payment_completed', $hook );
		remove_action( 'kestrel_forms_payment_refunded', $hook );

		$this->assertCount( 2, $seen );
		foreach ( $seen as $row ) {
			foreach ( array( 'request_body', 'entry_draft', 'attempt_key', 'version_token', 'request_hash' ) as $private ) {
				$this->assertArrayNotHasKey( $private, $row );
			}
			$this->assertStringNotContainsString( 'ada@example.com', (string) wp_json_encode( $row ) );
			$this->assertSame( 'PAY_PUBLIC', $row['provider_payment_id'] );
			$this->assertSame( 3000, $row['amount_minor'] );
		}
		$this->assertSame( array( 'paid', 'partially_refunded' ), array_column( $seen, 'status' ) );
	}

	public function test_provider_details_are_cleaned_like_the_charge_answer(): void {
		$entry   = $this->entry_with_payment( 'paid', 'PAY_DIRTY' );
		$payment = $this->stored( $entry );
		$repo    = new PaymentRepository();
		$repo->update_details(
			(int) $payment['id'],
			array(
				'brand'       => '',
				'last4'       => '',
				'receipt_url' => null,
			)
		);
		$this->provider->payments['PAY_DIRTY']['receipt_url']  = 'javascript:alert(document.cookie)';
		$this->provider->payments['PAY_DIRTY']['card_details'] = array(
			'card' => array(
				'card_brand' => 'VISA"><img src=x onerror=alert(1)>',
				'last_4'     => '11112222333',
			),
		);
		$this->provider->payments['PAY_DIRTY']['updated_at']   = '2026-11-25T10:05:00.000Z';
		$this->assert_rest_status( 200, $this->post( $entry, 'sync' ) );
		$stored = $this->stored( $entry );
		$this->assertNull( $stored['receipt_url'], 'A javascript: receipt URL is not stored.' );
		$this->assertSame( '', $stored['last4'], 'A last 4 that is not 4 digits is not stored.' );
		$this->assertSame( '', $stored['brand'], 'A brand that is not a brand name is not stored.' );
		$this->assertSame( '2026-11-25T10:05:00.000Z', $stored['provider_updated_at'] );

		// Clean values from a newer object are taken.
		$this->provider->payments['PAY_DIRTY']['receipt_url']  = 'https://squareup.com/receipt/preview/PAY_DIRTY';
		$this->provider->payments['PAY_DIRTY']['card_details'] = array(
			'card' => array(
				'card_brand' => 'AMERICAN_EXPRESS',
				'last_4'     => '0005',
			),
		);
		$this->provider->payments['PAY_DIRTY']['updated_at']   = '2026-11-25T10:06:00.000Z';
		$this->assert_rest_status( 200, $this->post( $entry, 'sync' ) );
		$stored = $this->stored( $entry );
		$this->assertSame( 'https://squareup.com/receipt/preview/PAY_DIRTY', $stored['receipt_url'] );
		$this->assertSame( '0005', $stored['last4'] );
		$this->assertSame( 'AMERICAN_EXPRESS', $stored['brand'] );
	}

	public function test_void_releases_another_authorized_payment_and_refund_is_refused_on_it(): void {
		$entry   = $this->entry_with_payment( 'authorized', 'PAY_HOLD' );
		$refused = $this->post(
			$entry,
			'refunds',
			array( 'amount' => 100 )
		);
		$this->assert_rest_error( 'kestrel_forms_payment_action_refused', 409, $refused );
		$this->assertStringContainsString( 'void it', $refused->get_data()['message'] );
		$this->assertSame( array(), $this->provider->calls( 'POST', '/v2/refunds' ), 'No refund reached the provider.' );

		$voided = $this->post( $entry, 'void' );
		$this->assert_rest_status( 200, $voided );
		$this->assertSame( 'voided', $voided->get_data()['status'] );
		$this->assertSame( 'CANCELED', $this->provider->payments['PAY_HOLD']['status'] );
		$this->assertCount( 1, $this->provider->calls( 'POST', '/v2/payments/PAY_HOLD/cancel' ) );
		$this->assertSame(
			array(
				'capture' => false,
				'void'    => false,
				'refund'  => false,
				'sync'    => true,
			),
			$voided->get_data()['actions']
		);
		$this->assertSame( array( array( 'kestrel_forms_payment_voided', 'voided', $entry ) ), $this->fired );
		$this->assert_rest_error( 'kestrel_forms_payment_action_refused', 409, $this->post( $entry, 'capture' ) );
		$this->assert_rest_error( 'kestrel_forms_payment_action_refused', 409, $this->post( $entry, 'refunds', array( 'amount' => 100 ) ) );
	}

	public function test_a_capture_the_provider_refuses_brings_the_status_up_to_date(): void {
		$entry = $this->entry_with_payment( 'authorized', 'PAY_GONE' );
		// Voided meanwhile in the provider's dashboard (or expired): capture is refused there.
		$this->provider->payments['PAY_GONE']['status']     = 'CANCELED';
		$this->provider->payments['PAY_GONE']['updated_at'] = '2026-11-25T11:00:00.000Z';
		$refused = $this->post( $entry, 'capture' );
		$this->assert_rest_error( 'kestrel_forms_payment_action_refused', 400, $refused );
		$this->assertSame( 'voided', $this->stored( $entry )['status'] );
		$this->assertSame( array( array( 'kestrel_forms_payment_voided', 'voided', $entry ) ), $this->fired );
	}

	public function test_no_answer_to_a_capture_is_a_502_and_changes_nothing(): void {
		$entry = $this->entry_with_payment( 'authorized', 'PAY_SLOW' );
		$this->provider->before( 'POST', '#/complete$#', static fn() => new \WP_Error( 'http_request_failed', 'Operation timed out' ) );
		$this->assert_rest_error( 'kestrel_forms_payment_provider_unavailable', 502, $this->post( $entry, 'capture' ) );
		$this->assertSame( 'authorized', $this->stored( $entry )['status'] );
		$this->assertSame( array(), $this->notes( $entry ) );
	}

	public function test_sync_applies_the_provider_status_forward_only(): void {
		$entry = $this->entry_with_payment( 'authorized', 'PAY_SYNC' );
		// Captured elsewhere.
		$this->provider->payments['PAY_SYNC']['status']     = 'COMPLETED';
		$this->provider->payments['PAY_SYNC']['updated_at'] = '2026-11-25T11:00:00.000Z';
		$synced = $this->post( $entry, 'sync' );
		$this->assert_rest_status( 200, $synced );
		$this->assertSame( 'paid', $synced->get_data()['status'] );
		$this->assertCount( 1, $this->notes( $entry ) );

		// An older view of the provider (APPROVED again) does not move it back.
		$this->provider->payments['PAY_SYNC']['status']     = 'APPROVED';
		$this->provider->payments['PAY_SYNC']['updated_at'] = '2026-11-25T10:30:00.000Z';
		$this->assertSame( 'paid', $this->post( $entry, 'sync' )->get_data()['status'] );
		$this->assertSame( 'COMPLETED', $this->stored( $entry )['provider_status'], 'Details from an older object are not taken.' );
		$this->assertCount( 1, $this->notes( $entry ), 'Nothing changed, nothing noted.' );
	}

	/**
	 * A subscriber, a visitor, and a logged-in browser without the REST nonce (WordPress then
	 * treats the request as anonymous) reach no payment route; nothing reaches the provider.
	 */
	public function test_subscribers_visitors_and_requests_without_nonce_get_403(): void {
		$entry  = $this->entry_with_payment( 'authorized', 'PAY_PERM' );
		$paid   = $this->entry_with_payment( 'paid', 'PAY_PERM_2' );
		$routes = array(
			array( 'GET', $entry, '', null ),
			array( 'POST', $entry, '/capture', null ),
			array( 'POST', $entry, '/void', null ),
			array( 'POST', $entry, '/sync', null ),
			array( 'POST', $paid, '/refunds', array( 'amount' => 100 ) ),
		);
		$who    = array(
			'subscriber' => fn() => $this->as_subscriber(),
			'anonymous'  => fn() => $this->as_anonymous(),
			'no nonce'   => function (): void {
				// A logged-in admin's cookie request without X-WP-Nonce: core's cookie check
				// (rest_cookie_check_errors on rest_authentication_errors) drops the user.
				$this->as_admin();
				$GLOBALS['wp_rest_auth_cookie'] = true;
				unset( $_SERVER['HTTP_X_WP_NONCE'], $_REQUEST['_wpnonce'] );
				apply_filters( 'rest_authentication_errors', null );
				$this->assertSame( 0, get_current_user_id() );
			},
		);
		foreach ( $who as $name => $become ) {
			foreach ( $routes as list( $method, $id, $path, $body ) ) {
				$become();
				$response = $this->rest( $method, '/kestrel-forms/v1/entries/' . $id . '/payment' . $path, $body );
				$this->assert_rest_error( 'kestrel_forms_forbidden', 403, $response );
			}
			$this->assert_rest_error( 'kestrel_forms_forbidden', 403, $this->rest( 'POST', '/kestrel-forms/v1/payments/webhook/test' ) );
		}
		$this->assertSame( array(), $this->provider->calls, $name . ': nothing reached the provider.' );
		$this->assertSame( 'authorized', $this->stored( $entry )['status'] );

		// With a valid nonce the same admin gets through.
		$this->as_admin();
		$GLOBALS['wp_rest_auth_cookie'] = true;
		$_SERVER['HTTP_X_WP_NONCE']     = wp_create_nonce( 'wp_rest' );
		// Core also sends a refreshed nonce header, which PHPUnit's output already made impossible.
		@apply_filters( 'rest_authentication_errors', null ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged
		$this->assertSame( $this->admin, get_current_user_id() );
		$this->assert_rest_status( 200, $this->rest( 'GET', '/kestrel-forms/v1/entries/' . $entry . '/payment' ) );
	}
}
