<?php
/**
 * The payments provider's server API.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Payments\Provider;

/**
 * A small client of the Square-compatible Payments API over `wp_remote_request` (no SDK, no
 * Composer at run time): the sandbox in sandbox mode, the provider's API in production (same code,
 * another base URL; see {@see ClientFactory}).
 *
 * Every method returns the decoded object the API answers with (`payment`, `refund`, `location`,
 * `subscription`, …), or the whole decoded body when the answer has no such object; every failure
 * throws {@see ProviderError} (kinds declined, invalid, auth, unknown). Requests carry the access
 * token as a Bearer header and a pinned `Square-Version`. Nothing here logs a request or an answer.
 */
final class SquareClient {

	/** The API version the plugin is written against. */
	public const API_VERSION = '2025-10-16';

	/** Seconds a request may take by default (filter `kestrel_forms_payments_timeout`). */
	public const DEFAULT_TIMEOUT = 15;

	/**
	 * Builds a client.
	 *
	 * @param string $base_url     API origin without a trailing slash, e.g. https://connect.squareup.com.
	 * @param string $access_token Access token of the environment.
	 * @param string $environment  sandbox or production (passed to filters).
	 */
	public function __construct(
		private readonly string $base_url,
		private readonly string $access_token,
		private readonly string $environment = 'sandbox'
	) {}

	/** The environment this client talks to. */
	public function environment(): string {
		return $this->environment;
	}

	/** The API origin this client talks to. */
	public function base_url(): string {
		return $this->base_url;
	}

	/**
	 * CreatePayment (`POST /v2/payments`). The body must carry `idempotency_key`; the same key with
	 * the same body returns the original payment.
	 *
	 * @param array<string, mixed> $body Request body.
	 * @return array<string, mixed> The payment.
	 * @throws ProviderError On any failure (a decline is kind `declined` with payment()).
	 */
	public function create_payment( array $body ): array {
		return $this->send( 'POST', '/v2/payments', $body, 'payment' );
	}

	/**
	 * The JSON CreatePayment sends for a body (the exact bytes, for the stored request and its hash).
	 *
	 * @param array<mixed>|object $body Request body.
	 */
	public static function encode( array|object $body ): string {
		return (string) wp_json_encode( $body, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE );
	}

	/**
	 * CreatePayment with an already encoded body (the reconcile job replays the stored bytes).
	 *
	 * @param string $json Request JSON.
	 * @return array<string, mixed> The payment.
	 * @throws ProviderError On any failure.
	 */
	public function create_payment_json( string $json ): array {
		return $this->send( 'POST', '/v2/payments', $json, 'payment' );
	}

	/**
	 * GetPayment (`GET /v2/payments/{id}`).
	 *
	 * @param string $payment_id Provider payment id.
	 * @return array<string, mixed> The payment.
	 * @throws ProviderError On any failure.
	 */
	public function get_payment( string $payment_id ): array {
		return $this->send( 'GET', '/v2/payments/' . rawurlencode( $payment_id ), null, 'payment' );
	}

	/**
	 * CompletePayment (`POST /v2/payments/{id}/complete`): captures an APPROVED payment.
	 *
	 * @param string      $payment_id    Provider payment id.
	 * @param string|null $version_token The payment's version token (optimistic concurrency), or null.
	 * @return array<string, mixed> The payment.
	 * @throws ProviderError On any failure.
	 */
	public function complete_payment( string $payment_id, ?string $version_token = null ): array {
		$body = null === $version_token || '' === $version_token ? (object) array() : array( 'version_token' => $version_token );
		return $this->send( 'POST', '/v2/payments/' . rawurlencode( $payment_id ) . '/complete', $body, 'payment' );
	}

	/**
	 * CancelPayment (`POST /v2/payments/{id}/cancel`): voids an APPROVED payment.
	 *
	 * @param string $payment_id Provider payment id.
	 * @return array<string, mixed> The payment.
	 * @throws ProviderError On any failure.
	 */
	public function cancel_payment( string $payment_id ): array {
		return $this->send( 'POST', '/v2/payments/' . rawurlencode( $payment_id ) . '/cancel', (object) array(), 'payment' );
	}

	/**
	 * CancelPaymentByIdempotencyKey (`POST /v2/payments/cancel`): voids whatever payment a lost
	 * CreatePayment made with this key; succeeds when there is none.
	 *
	 * @param string $idempotency_key The CreatePayment key.
	 * @return array<string, mixed> The decoded answer (usually empty).
	 * @throws ProviderError On any failure.
	 */
	public function cancel_by_idempotency_key( string $idempotency_key ): array {
		return $this->send( 'POST', '/v2/payments/cancel', array( 'idempotency_key' => $idempotency_key ), null );
	}

	/**
	 * RefundPayment (`POST /v2/refunds`).
	 *
	 * @param array<string, mixed> $body {idempotency_key, amount_money, payment_id, reason?}.
	 * @return array<string, mixed> The refund.
	 * @throws ProviderError On any failure.
	 */
	public function refund_payment( array $body ): array {
		return $this->send( 'POST', '/v2/refunds', $body, 'refund' );
	}

	/**
	 * GetPaymentRefund (`GET /v2/refunds/{id}`).
	 *
	 * @param string $refund_id Provider refund id.
	 * @return array<string, mixed> The refund.
	 * @throws ProviderError On any failure.
	 */
	public function get_refund( string $refund_id ): array {
		return $this->send( 'GET', '/v2/refunds/' . rawurlencode( $refund_id ), null, 'refund' );
	}

	/**
	 * RetrieveLocation (`GET /v2/locations/{id}`).
	 *
	 * @param string $location_id Location id.
	 * @return array<string, mixed> The location (id, currency, country, …).
	 * @throws ProviderError On any failure.
	 */
	public function get_location( string $location_id ): array {
		return $this->send( 'GET', '/v2/locations/' . rawurlencode( $location_id ), null, 'location' );
	}

	/**
	 * CreateWebhookSubscription (`POST /v2/webhooks/subscriptions`).
	 *
	 * @param array<string, mixed> $body {idempotency_key, subscription {name, event_types, notification_url, api_version}}.
	 * @return array<string, mixed> The subscription (with signature_key).
	 * @throws ProviderError On any failure.
	 */
	public function create_webhook_subscription( array $body ): array {
		return $this->send( 'POST', '/v2/webhooks/subscriptions', $body, 'subscription' );
	}

	/**
	 * UpdateWebhookSubscription (`PUT /v2/webhooks/subscriptions/{id}`).
	 *
	 * @param string               $subscription_id Subscription id.
	 * @param array<string, mixed> $body            {subscription {…}}.
	 * @return array<string, mixed> The subscription.
	 * @throws ProviderError On any failure.
	 */
	public function update_webhook_subscription( string $subscription_id, array $body ): array {
		return $this->send( 'PUT', '/v2/webhooks/subscriptions/' . rawurlencode( $subscription_id ), $body, 'subscription' );
	}

	/**
	 * TestWebhookSubscription (`POST /v2/webhooks/subscriptions/{id}/test`).
	 *
	 * @param string $subscription_id Subscription id.
	 * @param string $event_type      Event type to send, e.g. payment.updated.
	 * @return array<string, mixed> The test result (`subscription_test_result`), or the whole answer.
	 * @throws ProviderError On any failure.
	 */
	public function test_webhook_subscription( string $subscription_id, string $event_type ): array {
		return $this->send( 'POST', '/v2/webhooks/subscriptions/' . rawurlencode( $subscription_id ) . '/test', array( 'event_type' => $event_type ), 'subscription_test_result' );
	}

	/**
	 * ListWebhookSubscriptions (`GET /v2/webhooks/subscriptions`), every page (the listed
	 * subscriptions carry no signature key).
	 *
	 * @return list<array<string, mixed>> The subscriptions.
	 * @throws ProviderError On any failure.
	 */
	public function list_webhook_subscriptions(): array {
		$subscriptions = array();
		$cursor        = '';
		for ( $page = 0; $page < 20; $page++ ) {
			$answer = $this->send( 'GET', '/v2/webhooks/subscriptions?include_disabled=true' . ( '' !== $cursor ? '&cursor=' . rawurlencode( $cursor ) : '' ), null, null );
			foreach ( is_array( $answer['subscriptions'] ?? null ) ? $answer['subscriptions'] : array() as $subscription ) {
				if ( is_array( $subscription ) ) {
					$subscriptions[] = $subscription;
				}
			}
			$cursor = is_string( $answer['cursor'] ?? null ) ? $answer['cursor'] : '';
			if ( '' === $cursor ) {
				break;
			}
		}
		return $subscriptions;
	}

	/**
	 * UpdateWebhookSubscriptionSignatureKey (`POST /v2/webhooks/subscriptions/{id}/signature-key`).
	 *
	 * @param string $subscription_id Subscription id.
	 * @return string The new signature key.
	 * @throws ProviderError On any failure (also an answer without a key).
	 */
	public function rotate_webhook_signature_key( string $subscription_id ): string {
		$answer = $this->send( 'POST', '/v2/webhooks/subscriptions/' . rawurlencode( $subscription_id ) . '/signature-key', array( 'idempotency_key' => wp_generate_uuid4() ), null );
		if ( ! is_string( $answer['signature_key'] ?? null ) || '' === $answer['signature_key'] ) {
			throw ProviderError::unknown( 'unreadable', 'The provider answered without a signature key.', 200 );
		}
		return $answer['signature_key'];
	}

	/**
	 * DeleteWebhookSubscription (`DELETE /v2/webhooks/subscriptions/{id}`).
	 *
	 * @param string $subscription_id Subscription id.
	 * @throws ProviderError On any failure.
	 */
	public function delete_webhook_subscription( string $subscription_id ): void {
		$this->send( 'DELETE', '/v2/webhooks/subscriptions/' . rawurlencode( $subscription_id ), null, null );
	}

	/**
	 * RegisterDomain (`POST /v2/apple-pay/domains {domain_name}`): registers a web domain for Apple
	 * Pay on the web, after the provider's domain-association file is hosted on it.
	 *
	 * @param string $domain_name Host name (no scheme, no path).
	 * @return string The status: VERIFIED or VERIFICATION_PENDING.
	 * @throws ProviderError On any failure.
	 */
	public function register_apple_pay_domain( string $domain_name ): string {
		$answer = $this->send( 'POST', '/v2/apple-pay/domains', array( 'domain_name' => $domain_name ), null );
		return is_string( $answer['status'] ?? null ) ? $answer['status'] : '';
	}

	/**
	 * Sends a request and returns the named object of the answer.
	 *
	 * @param string                          $method HTTP method.
	 * @param string                          $path   Path under the base URL.
	 * @param array<mixed>|object|string|null $body   Body (array/object as JSON; a string is sent as is).
	 * @param string|null                     $object Key of the object to return; null for the whole answer.
	 * @return array<string, mixed>
	 * @throws ProviderError On any failure.
	 */
	private function send( string $method, string $path, array|object|string|null $body, ?string $object ): array {
		/**
		 * Filters the seconds a request to the payments provider may take.
		 *
		 * @param int    $seconds     Default 15.
		 * @param string $environment sandbox or production.
		 */
		$timeout = (float) apply_filters( 'kestrel_forms_payments_timeout', self::DEFAULT_TIMEOUT, $this->environment );
		$args    = array(
			'method'      => $method,
			'timeout'     => $timeout > 0 ? $timeout : self::DEFAULT_TIMEOUT,
			'redirection' => 0,
			'headers'     => array(
				'Authorization'  => 'Bearer ' . $this->access_token,
				'Square-Version' => self::API_VERSION,
				'Accept'         => 'application/json',
			),
		);
		if ( null !== $body ) {
			$args['headers']['Content-Type'] = 'application/json';
			$args['body']                    = is_string( $body ) ? $body : self::encode( $body );
		}
		$response = wp_remote_request( $this->base_url . $path, $args );
		if ( is_wp_error( $response ) ) {
			$message = $response->get_error_message();
			$timeout = false !== stripos( $message, 'timed out' ) || false !== stripos( $message, 'timeout' );
			throw ProviderError::unknown( $timeout ? 'timeout' : 'network', $message );
		}
		$status  = (int) wp_remote_retrieve_response_code( $response );
		$decoded = json_decode( (string) wp_remote_retrieve_body( $response ), true );
		if ( $status >= 200 && $status < 300 ) {
			if ( ! is_array( $decoded ) || ( null !== $object && ! is_array( $decoded[ $object ] ?? null ) ) ) {
				throw ProviderError::unknown( 'unreadable', 'The provider answered with a body that is not the expected JSON.', $status );
			}
			return null === $object ? $decoded : $decoded[ $object ];
		}
		if ( ! is_array( $decoded ) && $status < 500 && 401 !== $status && 403 !== $status ) {
			// A 4xx without the API's JSON is not the API answering (a proxy, a captive portal).
			throw ProviderError::unknown( 'unreadable', 'The provider answered with HTTP ' . $status . ' and no readable body.', $status );
		}
		throw ProviderError::from_answer( $status, is_array( $decoded ) ? $decoded : array() );
	}
}
