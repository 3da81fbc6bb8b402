<?php
/**
 * The provider client over wp_remote_request, with answers faked through pre_http_request.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Payments;

use Kestrel\Forms\Payments\Provider\ClientFactory;
use Kestrel\Forms\Payments\Provider\ProviderError;
use Kestrel\Forms\Payments\Provider\SquareClient;
use Kestrel\Forms\Settings\PaymentSettings;
use Kestrel\Forms\Tests\Integration\Support\TestCase;
use WP_Error;

final class SquareClientTest extends TestCase {

	/**
	 * Requests the fake saw: [url, args].
	 *
	 * @var list<array{0: string, 1: array<string, mixed>}>
	 */
	private array $sent = array();

	/**
	 * Answers every HTTP request with $answer (an array response or a WP_Error).
	 *
	 * @param array<string, mixed>|WP_Error $answer Answer.
	 */
	private function answer( array|WP_Error $answer ): void {
		add_filter(
			'pre_http_request',
			function ( $pre, $args, $url ) use ( $answer ) {
				$this->sent[] = array( $url, $args );
				return $answer;
			},
			10,
			3
		);
	}

	/**
	 * An HTTP answer.
	 *
	 * @param int    $status Status.
	 * @param string $body   Body.
	 * @return array<string, mixed>
	 */
	private static function http( int $status, string $body ): array {
		return array(
			'headers'  => array(),
			'body'     => $body,
			'response' => array(
				'code'    => $status,
				'message' => '',
			),
			'cookies'  => array(),
			'filename' => null,
		);
	}

	private function client(): SquareClient {
		return new SquareClient( 'http://provider.test', 'EAAAtoken-123456', 'sandbox' );
	}

	/**
	 * The error a call throws.
	 *
	 * @param callable(): mixed $call Call.
	 */
	private function error_of( callable $call ): ProviderError {
		try {
			$call();
		} catch ( ProviderError $e ) {
			return $e;
		}
		$this->fail( 'No ProviderError was thrown.' );
	}

	public function test_a_200_returns_the_payment_and_sends_the_headers_and_the_body(): void {
		$this->answer( self::http( 200, '{"payment":{"id":"PAY1","status":"APPROVED","amount_money":{"amount":3000,"currency":"USD"}}}' ) );
		$body    = array(
			'idempotency_key' => 'k-1',
			'source_id'       => 'cnon:card-nonce-ok',
			'amount_money'    => array(
				'amount'   => 3000,
				'currency' => 'USD',
			),
			'autocomplete'    => false,
		);
		$payment = $this->client()->create_payment( $body );
		$this->assertSame( 'PAY1', $payment['id'] );
		$this->assertCount( 1, $this->sent );
		list( $url, $args ) = $this->sent[0];
		$this->assertSame( 'http://provider.test/v2/payments', $url );
		$this->assertSame( 'POST', $args['method'] );
		$this->assertSame( 'Bearer EAAAtoken-123456', $args['headers']['Authorization'] );
		$this->assertSame( SquareClient::API_VERSION, $args['headers']['Square-Version'] );
		$this->assertSame( '2025-10-16', SquareClient::API_VERSION );
		$this->assertSame( 'application/json', $args['headers']['Content-Type'] );
		$this->assertSame( SquareClient::encode( $body ), $args['body'] );
		$this->assertFalse( json_decode( $args['body'], true )['autocomplete'] );
		$this->assertEquals( 15, $args['timeout'] );
	}

	public function test_the_time_out_is_filterable_and_other_routes_are_named(): void {
		add_filter( 'kestrel_forms_payments_timeout', static fn(): int => 4 );
		$this->answer( self::http( 200, '{"location":{"id":"LSANDBOXMAIN","currency":"USD","country":"US"}}' ) );
		$this->assertSame( 'USD', $this->client()->get_location( 'LSANDBOXMAIN' )['currency'] );
		$this->assertEquals( 4, $this->sent[0][1]['timeout'] );
		$this->assertSame( 'GET', $this->sent[0][1]['method'] );
		$this->assertSame( 'http://provider.test/v2/locations/LSANDBOXMAIN', $this->sent[0][0] );

		remove_all_filters( 'pre_http_request' );
		$this->answer( self::http( 200, '{"payment":{"id":"PAY1","status":"COMPLETED"}}' ) );
		$this->client()->complete_payment( 'PAY1', 'vt-1' );
		$this->assertSame( 'http://provider.test/v2/payments/PAY1/complete', $this->sent[1][0] );
		$this->assertSame( '{"version_token":"vt-1"}', $this->sent[1][1]['body'] );
		$this->client()->complete_payment( 'PAY1' );
		$this->assertSame( '{}', $this->sent[2][1]['body'] );

		remove_all_filters( 'pre_http_request' );
		$this->answer( self::http( 200, '{}' ) );
		$this->assertSame( array(), $this->client()->cancel_by_idempotency_key( 'k-1' ) );
		$this->assertSame( 'http://provider.test/v2/payments/cancel', $this->sent[3][0] );
		$this->assertSame( '{"idempotency_key":"k-1"}', $this->sent[3][1]['body'] );
	}

	public function test_a_400_decline_is_declined_with_the_payment_it_carried(): void {
		$this->answer(
			self::http(
				400,
				'{"errors":[{"category":"PAYMENT_METHOD_ERROR","code":"GENERIC_DECLINE","detail":"Authorization error: \'GENERIC_DECLINE\'"}],"payment":{"id":"PAY2","status":"FAILED","card_details":{"status":"FAILED"}}}'
			)
		);
		$e = $this->error_of( fn() => $this->client()->create_payment( array( 'idempotency_key' => 'k' ) ) );
		$this->assertSame( ProviderError::DECLINED, $e->kind() );
		$this->assertSame( 'GENERIC_DECLINE', $e->code() );
		$this->assertSame( 'PAYMENT_METHOD_ERROR', $e->category() );
		$this->assertSame( 400, $e->http_status() );
		$this->assertSame( 'PAY2', $e->payment()['id'] );
		$this->assertFalse( $e->is_unknown() );
	}

	public function test_other_4xx_are_invalid_and_401_is_auth(): void {
		$this->answer( self::http( 400, '{"errors":[{"category":"INVALID_REQUEST_ERROR","code":"IDEMPOTENCY_KEY_REUSED","detail":"reused","field":"idempotency_key"}]}' ) );
		$e = $this->error_of( fn() => $this->client()->create_payment( array() ) );
		$this->assertSame( ProviderError::INVALID, $e->kind() );
		$this->assertSame( 'IDEMPOTENCY_KEY_REUSED', $e->code() );
		$this->assertSame( 'idempotency_key', $e->field() );
		$this->assertNull( $e->payment() );

		remove_all_filters( 'pre_http_request' );
		$this->answer( self::http( 401, '{"errors":[{"category":"AUTHENTICATION_ERROR","code":"UNAUTHORIZED","detail":"bad token"}]}' ) );
		$e = $this->error_of( fn() => $this->client()->get_payment( 'PAY1' ) );
		$this->assertSame( ProviderError::AUTH, $e->kind() );
		$this->assertSame( 401, $e->http_status() );
	}

	public function test_a_500_is_unknown(): void {
		$this->answer( self::http( 500, '{"errors":[{"category":"API_ERROR","code":"INTERNAL_SERVER_ERROR"}]}' ) );
		$e = $this->error_of( fn() => $this->client()->create_payment( array() ) );
		$this->assertSame( ProviderError::UNKNOWN, $e->kind() );
		$this->assertSame( 500, $e->http_status() );
		$this->assertTrue( $e->is_unknown() );
	}

	public function test_a_time_out_is_unknown(): void {
		$this->answer( new WP_Error( 'http_request_failed', 'cURL error 28: Operation timed out after 15001 milliseconds with 0 bytes received' ) );
		$e = $this->error_of( fn() => $this->client()->create_payment( array() ) );
		$this->assertSame( ProviderError::UNKNOWN, $e->kind() );
		$this->assertSame( 'timeout', $e->code() );
		$this->assertSame( 0, $e->http_status() );

		remove_all_filters( 'pre_http_request' );
		$this->answer( new WP_Error( 'http_request_failed', 'cURL error 7: Failed to connect' ) );
		$this->assertSame( 'network', $this->error_of( fn() => $this->client()->create_payment( array() ) )->code() );
	}

	public function test_an_unreadable_body_is_unknown(): void {
		$this->answer( self::http( 200, '<html>gateway</html>' ) );
		$e = $this->error_of( fn() => $this->client()->create_payment( array() ) );
		$this->assertSame( ProviderError::UNKNOWN, $e->kind() );
		$this->assertSame( 'unreadable', $e->code() );

		remove_all_filters( 'pre_http_request' );
		$this->answer( self::http( 200, '{"something":"else"}' ) );
		$this->assertSame( 'unreadable', $this->error_of( fn() => $this->client()->create_payment( array() ) )->code(), 'A 200 without the payment object is not a payment.' );

		remove_all_filters( 'pre_http_request' );
		$this->answer( self::http( 502, 'Bad gateway' ) );
		$this->assertSame( ProviderError::UNKNOWN, $this->error_of( fn() => $this->client()->create_payment( array() ) )->kind() );
	}

	public function test_the_factory_uses_each_environments_url_and_token(): void {
		update_option(
			PaymentSettings::OPTION,
			array(
				'environment' => 'sandbox',
				'sandbox'     => array(
					'application_id' => 'sandbox-app',
					'location_id'    => 'LSANDBOXMAIN',
					'access_token'   => 'sandbox-token-1234',
				),
				'production'  => array(
					'application_id' => 'sq0idp-live',
					'location_id'    => 'LLIVE',
					'access_token'   => 'EAAAlive-token-5678',
				),
			)
		);
		$this->answer( self::http( 200, '{"location":{"id":"L","currency":"USD"}}' ) );
		$sandbox = ClientFactory::for_environment( 'sandbox' );
		$this->assertSame( 'sandbox', $sandbox->environment() );
		$this->assertSame( defined( 'KESTREL_FORMS_PAYMENTS_SANDBOX_URL' ) ? rtrim( (string) constant( 'KESTREL_FORMS_PAYMENTS_SANDBOX_URL' ), '/' ) : 'http://127.0.0.1:8890', $sandbox->base_url() );
		$sandbox->get_location( 'L' );
		$this->assertSame( 'Bearer sandbox-token-1234', $this->sent[0][1]['headers']['Authorization'] );

		$production = ClientFactory::for_environment( 'production' );
		$this->assertSame( 'https://connect.squareup.com', $production->base_url() );
		$production->get_location( 'L' );
		$this->assertSame( 'Bearer EAAAlive-token-5678', $this->sent[1][1]['headers']['Authorization'] );
		$this->assertStringStartsWith( 'https://connect.squareup.com/v2/locations/', $this->sent[1][0] );

		add_filter( 'kestrel_forms_payments_api_url', static fn( string $url, string $env ): string => 'production' === $env ? 'https://proxy.example/' : $url, 10, 2 );
		$this->assertSame( 'https://proxy.example', ClientFactory::for_environment( 'production' )->base_url() );
		delete_option( PaymentSettings::OPTION );
	}
}
