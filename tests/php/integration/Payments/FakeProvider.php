<?php
/**
 * A stand-in for the payments provider's API inside the PHP process (pre_http_request).
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Payments;

use Kestrel\Forms\Settings\PaymentSettings;
use WP_Error;

/**
 * Answers the SquareClient's requests like the sandbox does: CreatePayment (idempotent: the same
 * key and body return the first payment; the same key with another body is
 * IDEMPOTENCY_KEY_REUSED), Complete, Cancel, Cancel by idempotency key, Locations. Source tokens:
 * `cnon:card-nonce-ok` approves, `cnon:card-nonce-declined` declines (GENERIC_DECLINE),
 * `cnon:card-nonce-cvv` declines (CVV_FAILURE), `cnon:expired` is CARD_TOKEN_EXPIRED. Faults:
 * `timeouts` answers the next N CreatePayment calls with a time-out before doing anything;
 * `lose_after_commit` makes the next N calls create the payment and lose the answer.
 */
final class FakeProvider {

	/**
	 * Every request: [method, path, decoded body, raw body, headers].
	 *
	 * @var list<array{method: string, path: string, body: mixed, raw: string, headers: array<string, string>}>
	 */
	public array $calls = array();

	/**
	 * Payments by id.
	 *
	 * @var array<string, array<string, mixed>>
	 */
	public array $payments = array();

	/**
	 * [key => [raw body, payment id]].
	 *
	 * @var array<string, array{0: string, 1: string}>
	 */
	private array $keys = array();

	/**
	 * CreatePayment calls still to time out.
	 *
	 * @var int
	 */
	public int $timeouts = 0;

	/**
	 * CreatePayment calls (replays included) still to carry out and then lose the answer of.
	 *
	 * @var int
	 */
	public int $lose_after_commit = 0;

	/**
	 * Whether CreatePayment refuses the access token (401).
	 *
	 * @var bool
	 */
	public bool $auth_fail = false;

	/**
	 * Cancel-by-key calls still to time out.
	 *
	 * @var int
	 */
	public int $cancel_timeouts = 0;

	/**
	 * The location's currency.
	 *
	 * @var string
	 */
	public string $currency = 'USD';

	/**
	 * Sandbox credentials (LSANDBOXMAIN), retries without waiting, and a provider that answers.
	 */
	public static function start(): self {
		add_filter( 'kestrel_forms_payments_retry_delays', static fn(): array => array( 0, 0 ) );
		update_option(
			PaymentSettings::OPTION,
			array(
				'environment' => 'sandbox',
				'sandbox'     => array(
					'application_id' => 'sandbox-sq0idb-app',
					'location_id'    => 'LSANDBOXMAIN',
					'access_token'   => 'sandbox-token-123456',
				),
			)
		);
		return ( new self() )->install();
	}

	/**
	 * Forgets the settings, the cached location and the rate-limit counters.
	 */
	public static function stop(): void {
		delete_option( PaymentSettings::OPTION );
		global $wpdb;
		$wpdb->query( "DELETE FROM {$wpdb->options} WHERE option_name LIKE '\\_transient%kestrel\\_forms\\_pay\\_loc\\_%' OR option_name LIKE '\\_transient%kf\\_rl\\_%'" ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
	}

	/**
	 * Starts answering.
	 */
	public function install(): self {
		add_filter( 'pre_http_request', array( $this, 'answer' ), 10, 3 );
		return $this;
	}

	/**
	 * The calls to a method and path.
	 *
	 * @param string $method Method.
	 * @param string $path   Path (exact).
	 * @return list<array<string, mixed>>
	 */
	public function calls_to( string $method, string $path ): array {
		return array_values( array_filter( $this->calls, static fn( array $c ): bool => $c['method'] === $method && $c['path'] === $path ) );
	}

	/**
	 * The `pre_http_request` filter.
	 *
	 * @param mixed                $pre  Short-circuit so far.
	 * @param array<string, mixed> $args Request arguments.
	 * @param string               $url  URL.
	 * @return array<string, mixed>|WP_Error
	 */
	public function answer( $pre, $args, $url ) {
		$path   = (string) wp_parse_url( $url, PHP_URL_PATH );
		$method = (string) ( $args['method'] ?? 'GET' );
		$raw    = isset( $args['body'] ) ? (string) $args['body'] : '';
		$body   = json_decode( $raw, true );

		$this->calls[] = array(
			'method'  => $method,
			'path'    => $path,
			'body'    => $body,
			'raw'     => $raw,
			'headers' => (array) ( $args['headers'] ?? array() ),
		);
		if ( 'GET' === $method && str_starts_with( $path, '/v2/locations/' ) ) {
			return self::json(
				200,
				array(
					'location' => array(
						'id'       => substr( $path, 14 ),
						'currency' => $this->currency,
						'country'  => 'US',
					),
				)
			);
		}
		if ( 'POST' === $method && '/v2/payments' === $path ) {
			return $this->create( is_array( $body ) ? $body : array(), $raw );
		}
		if ( 'POST' === $method && '/v2/payments/cancel' === $path ) {
			if ( $this->cancel_timeouts > 0 ) {
				--$this->cancel_timeouts;
				return new WP_Error( 'http_request_failed', 'cURL error 28: Operation timed out' );
			}
			$known = $this->keys[ (string) ( $body['idempotency_key'] ?? '' ) ] ?? null;
			if ( null !== $known && 'APPROVED' === $this->payments[ $known[1] ]['status'] ) {
				$this->payments[ $known[1] ]['status'] = 'CANCELED';
			}
			return self::json( 200, array() );
		}
		if ( 'POST' === $method && 1 === preg_match( '#^/v2/payments/([^/]+)/(complete|cancel)$#', $path, $m ) ) {
			if ( ! isset( $this->payments[ $m[1] ] ) ) {
				return self::error( 404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND' );
			}
			if ( 'APPROVED' !== $this->payments[ $m[1] ]['status'] ) {
				return self::error( 400, 'INVALID_REQUEST_ERROR', 'BAD_REQUEST' );
			}
			$this->payments[ $m[1] ]['status']        = 'complete' === $m[2] ? 'COMPLETED' : 'CANCELED';
			$this->payments[ $m[1] ]['version_token'] = 'vt-' . count( $this->calls );
			return self::json( 200, array( 'payment' => $this->payments[ $m[1] ] ) );
		}
		if ( 'GET' === $method && 1 === preg_match( '#^/v2/payments/([^/]+)$#', $path, $m ) && isset( $this->payments[ $m[1] ] ) ) {
			return self::json( 200, array( 'payment' => $this->payments[ $m[1] ] ) );
		}
		return self::error( 404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND' );
	}

	/**
	 * CreatePayment.
	 *
	 * @param array<string, mixed> $body Body.
	 * @param string               $raw  Raw body.
	 * @return array<string, mixed>|WP_Error
	 */
	private function create( array $body, string $raw ) {
		if ( $this->auth_fail ) {
			return self::error( 401, 'AUTHENTICATION_ERROR', 'UNAUTHORIZED' );
		}
		if ( $this->timeouts > 0 ) {
			--$this->timeouts;
			return new WP_Error( 'http_request_failed', 'cURL error 28: Operation timed out after 15000 milliseconds' );
		}
		$key = (string) ( $body['idempotency_key'] ?? '' );
		if ( isset( $this->keys[ $key ] ) ) {
			if ( $this->keys[ $key ][0] !== $raw ) {
				return self::error( 400, 'INVALID_REQUEST_ERROR', 'IDEMPOTENCY_KEY_REUSED' );
			}
			if ( $this->lose_after_commit > 0 ) {
				--$this->lose_after_commit;
				return new WP_Error( 'http_request_failed', 'cURL error 28: Operation timed out (answer lost)' );
			}
			return self::json( 200, array( 'payment' => $this->payments[ $this->keys[ $key ][1] ] ) );
		}
		$source = (string) ( $body['source_id'] ?? '' );
		if ( 'cnon:expired' === $source ) {
			return self::error( 400, 'INVALID_REQUEST_ERROR', 'CARD_TOKEN_EXPIRED' );
		}
		$id      = 'PAY' . ( count( $this->payments ) + 1 ) . 'X' . substr( md5( $key ), 0, 6 );
		$decline = array(
			'cnon:card-nonce-declined' => 'GENERIC_DECLINE',
			'cnon:card-nonce-cvv'      => 'CVV_FAILURE',
			'cnon:card-nonce-issuer'   => 'CARD_DECLINED',
		)[ $source ] ?? null;
		$payment = array(
			'id'            => $id,
			'status'        => null === $decline ? ( empty( $body['autocomplete'] ) ? 'APPROVED' : 'COMPLETED' ) : 'FAILED',
			'amount_money'  => $body['amount_money'] ?? null,
			'source_type'   => 'CARD',
			'card_details'  => array(
				'status' => null === $decline ? 'AUTHORIZED' : 'FAILED',
				'card'   => array(
					'card_brand' => 'VISA',
					'last_4'     => '1111',
					'exp_month'  => 12,
					'exp_year'   => 2030,
				),
			),
			'location_id'   => $body['location_id'] ?? '',
			'reference_id'  => $body['reference_id'] ?? '',
			'receipt_url'   => 'https://squareup.test/receipt/preview/' . $id,
			'version_token' => 'vt-' . $id,
			'delayed_until' => '2026-12-02T12:00:00.000Z',
			'updated_at'    => '2026-11-25T12:00:00.000Z',
		);

		$this->payments[ $id ] = $payment;
		$this->keys[ $key ]    = array( $raw, $id );
		if ( null !== $decline ) {
			return self::json(
				400,
				array(
					'errors'  => array(
						array(
							'category' => 'PAYMENT_METHOD_ERROR',
							'code'     => $decline,
							'detail'   => "Authorization error: '{$decline}'",
						),
					),
					'payment' => $payment,
				)
			);
		}
		if ( $this->lose_after_commit > 0 ) {
			--$this->lose_after_commit;
			return new WP_Error( 'http_request_failed', 'cURL error 28: Operation timed out (answer lost)' );
		}
		return self::json( 200, array( 'payment' => $payment ) );
	}

	/**
	 * A JSON answer.
	 *
	 * @param int   $status Status.
	 * @param mixed $data   Data.
	 * @return array<string, mixed>
	 */
	private static function json( int $status, $data ): array {
		return array(
			'headers'  => array( 'content-type' => 'application/json' ),
			'body'     => (string) wp_json_encode( $data ),
			'response' => array(
				'code'    => $status,
				'message' => '',
			),
			'cookies'  => array(),
			'filename' => null,
		);
	}

	/**
	 * An error answer.
	 *
	 * @param int    $status   Status.
	 * @param string $category Category.
	 * @param string $code     Code.
	 * @return array<string, mixed>
	 */
	private static function error( int $status, string $category, string $code ): array {
		return self::json(
			$status,
			array(
				'errors' => array(
					array(
						'category' => $category,
						'code'     => $code,
						'detail'   => $code,
					),
				),
			)
		);
	}
}
