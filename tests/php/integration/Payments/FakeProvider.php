<?php
/**
 * The tests' stand-in for the payments provider's server API, answered through pre_http_request
 * (the charge, reconcile, lifecycle, webhook and settings tests share it).
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Payments;

use WP_Error;

/**
 * Knows locations (get), payments (create, get, complete, cancel, cancel by idempotency key),
 * refunds (create with idempotency keys, get) and webhook subscriptions (create, update, test)
 * with the rules the plugin depends on: CreatePayment is idempotent (the same key and body return
 * the first payment; the same key with another body is IDEMPOTENCY_KEY_REUSED), only an APPROVED
 * payment is completed or cancelled, only a COMPLETED one is refunded and never beyond what is
 * left, the same refund key replays the first refund. Each environment is a base URL: calls are
 * logged with the environment they reached; other URLs are not answered.
 *
 * CreatePayment source tokens: `cnon:card-nonce-ok` approves, `cnon:card-nonce-declined` declines
 * (GENERIC_DECLINE), `cnon:card-nonce-cvv` declines (CVV_FAILURE), `cnon:card-nonce-issuer`
 * declines (CARD_DECLINED), `cnon:expired` is CARD_TOKEN_EXPIRED.
 *
 * Faults: `timeouts` answers the next N CreatePayment calls with a time-out before doing anything;
 * `lose_after_commit` makes the next N CreatePayment calls (replays included) create the payment
 * and lose the answer; `cancel_timeouts` times out the next N cancels by key; `auth_fail` refuses
 * the access token on CreatePayment; drop_after_commit() loses the answers of any route after it
 * acted. `before` hooks run before a route answers and may return an answer (array or WP_Error)
 * to use instead — faults, lost answers, or a second request made while the first is in flight.
 */
final class FakeProvider {

	public const SANDBOX    = 'http://127.0.0.1:8890';
	public const PRODUCTION = 'https://connect.squareup.com';

	/**
	 * Provider payments by id.
	 *
	 * @var array<string, array<string, mixed>>
	 */
	public array $payments = array();

	/**
	 * Provider refunds by id.
	 *
	 * @var array<string, array<string, mixed>>
	 */
	public array $refunds = array();

	/**
	 * Refund ids by idempotency key.
	 *
	 * @var array<string, string>
	 */
	public array $refund_keys = array();

	/**
	 * Webhook subscriptions by id.
	 *
	 * @var array<string, array<string, mixed>>
	 */
	public array $subscriptions = array();

	/**
	 * Every call: environment, method, path, decoded body, raw body, headers.
	 *
	 * @var list<array{env: string, method: string, path: string, body: array<string, mixed>, raw: string, headers: array<string, string>}>
	 */
	public array $calls = array();

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
	 * CreatePayment idempotency keys: [key => [raw body, payment id]].
	 *
	 * @var array<string, array{0: string, 1: string}>
	 */
	private array $keys = array();

	/**
	 * The status a refund is created in.
	 *
	 * @var string
	 */
	public string $refund_status = 'COMPLETED';

	/**
	 * The HTTP status this site "answers" the test event with.
	 *
	 * @var int
	 */
	public int $test_status = 200;

	/**
	 * Hooks run before routes: [method, path pattern, callback(path, body): answer|null].
	 *
	 * @var list<array{0: string, 1: string, 2: callable}>
	 */
	private array $before = array();

	/**
	 * Answers lost after the provider carried the request out: [method, path pattern, count].
	 *
	 * @var list<array{0: string, 1: string, 2: int}>
	 */
	private array $drops = array();

	private int $sequence = 0;

	/**
	 * The next $count answers to `METHOD path` are lost (a time-out) after the provider acted.
	 *
	 * @param string $method HTTP method.
	 * @param string $path   Regex on the path.
	 * @param int    $count  How many.
	 */
	public function drop_after_commit( string $method, string $path, int $count = 1 ): void {
		$this->drops[] = array( $method, $path, $count );
	}

	/**
	 * The environment of the request being answered (webhook subscriptions are per environment).
	 *
	 * @var string
	 */
	private string $env = '';

	/**
	 * The wallet CreatePayment names in `card_details.wallet` ('' for none: a typed card).
	 *
	 * @var string
	 */
	public string $wallet = '';

	/**
	 * The location's country (GetLocation).
	 *
	 * @var string
	 */
	public string $country = 'US';

	/**
	 * Starts answering provider requests.
	 */
	public function install(): self {
		add_filter( 'pre_http_request', array( $this, 'answer' ), 10, 3 );
		return $this;
	}

	/**
	 * Runs $hook before the route answers `METHOD path` (regex on the path); a non-null return is
	 * the answer instead.
	 *
	 * @param string   $method HTTP method.
	 * @param string   $path   Regex on the path, e.g. '#^/v2/refunds$#'.
	 * @param callable $hook   fn( string $path, array $body ): array|WP_Error|null.
	 */
	public function before( string $method, string $path, callable $hook ): void {
		$this->before[] = array( $method, $path, $hook );
	}

	/**
	 * A provider payment (APPROVED for authorize mode, COMPLETED for charge mode).
	 *
	 * @param string $id     Payment id.
	 * @param string $status Provider status.
	 * @param int    $amount Minor units.
	 * @return array<string, mixed>
	 */
	public function add_payment( string $id, string $status, int $amount, string $currency = 'USD' ): array {
		$this->payments[ $id ] = array(
			'id'            => $id,
			'status'        => $status,
			'amount_money'  => array(
				'amount'   => $amount,
				'currency' => $currency,
			),
			'card_details'  => array(
				'card' => array(
					'card_brand' => 'VISA',
					'last_4'     => '1111',
				),
			),
			'receipt_url'   => self::SANDBOX . '/r/' . $id,
			'refund_ids'    => array(),
			'version_token' => 'v' . ( ++$this->sequence ),
			'created_at'    => '2026-11-25T10:00:00.000Z',
			'updated_at'    => '2026-11-25T10:00:00.000Z',
		);
		return $this->payments[ $id ];
	}

	/**
	 * A refund made in the provider's dashboard (not through the plugin).
	 *
	 * @param string $payment_id Payment id.
	 * @param int    $amount     Minor units.
	 * @return array<string, mixed> The refund.
	 */
	public function dashboard_refund( string $payment_id, int $amount ): array {
		$answer = $this->refund(
			array(
				'idempotency_key' => 'dashboard-' . ( ++$this->sequence ),
				'payment_id'      => $payment_id,
				'amount_money'    => array(
					'amount'   => $amount,
					'currency' => $this->payments[ $payment_id ]['amount_money']['currency'],
				),
			)
		);
		return $answer['refund'];
	}

	/**
	 * Calls that reached the provider, optionally only `METHOD /path…` ones.
	 *
	 * @param string $method Method ('' for any).
	 * @param string $prefix Path prefix ('' for any).
	 * @return list<array{env: string, method: string, path: string, body: array<string, mixed>, raw: string, headers: array<string, string>}>
	 */
	public function calls( string $method = '', string $prefix = '' ): array {
		return array_values(
			array_filter(
				$this->calls,
				static fn( array $call ): bool => ( '' === $method || $method === $call['method'] ) && str_starts_with( $call['path'], $prefix )
			)
		);
	}

	/**
	 * The calls to a method and exact path.
	 *
	 * @param string $method Method.
	 * @param string $path   Path (exact).
	 * @return list<array{env: string, method: string, path: string, body: array<string, mixed>, raw: string, headers: array<string, string>}>
	 */
	public function calls_to( string $method, string $path ): array {
		return array_values( array_filter( $this->calls( $method, $path ), static fn( array $call ): bool => $path === $call['path'] ) );
	}

	/**
	 * `pre_http_request`: answers requests to the provider's base URLs.
	 *
	 * @param mixed                $pre  Earlier answer.
	 * @param array<string, mixed> $args Request arguments.
	 * @param string               $url  URL.
	 * @return mixed
	 */
	public function answer( $pre, $args, $url ) {
		$env = str_starts_with( $url, self::SANDBOX ) ? 'sandbox' : ( str_starts_with( $url, self::PRODUCTION ) ? 'production' : '' );
		if ( '' === $env ) {
			return $pre;
		}
		$path   = (string) wp_parse_url( $url, PHP_URL_PATH );
		$method = strtoupper( (string) ( $args['method'] ?? 'GET' ) );
		$raw    = (string) ( $args['body'] ?? '' );
		$body   = json_decode( $raw, true );
		$body   = is_array( $body ) ? $body : array();

		$this->calls[] = array(
			'env'     => $env,
			'method'  => $method,
			'path'    => $path,
			'body'    => $body,
			'raw'     => $raw,
			'headers' => (array) ( $args['headers'] ?? array() ),
		);
		foreach ( $this->before as list( $hook_method, $pattern, $hook ) ) {
			if ( $hook_method === $method && preg_match( $pattern, $path ) ) {
				$instead = $hook( $path, $body );
				if ( null !== $instead ) {
					return is_array( $instead ) && isset( $instead['response'] ) || $instead instanceof WP_Error ? $instead : self::http( 200, $instead );
				}
			}
		}
		$this->env = $env;
		if ( 'POST' === $method && '/v2/payments' === $path ) {
			return $this->create( $body, $raw );
		}
		if ( 'POST' === $method && '/v2/payments/cancel' === $path && $this->cancel_timeouts > 0 ) {
			--$this->cancel_timeouts;
			return new WP_Error( 'http_request_failed', 'cURL error 28: Operation timed out' );
		}
		list( $status, $answer ) = $this->route( $method, $path, $body );
		foreach ( $this->drops as $index => list( $drop_method, $pattern, $count ) ) {
			if ( $count > 0 && $drop_method === $method && preg_match( $pattern, $path ) ) {
				$this->drops[ $index ][2] = $count - 1;
				return new WP_Error( 'http_request_failed', 'cURL error 28: Operation timed out after 15000 milliseconds' );
			}
		}
		return self::http( $status, $answer );
	}

	/**
	 * An HTTP response as wp_remote_request returns it.
	 *
	 * @param int                  $status Status.
	 * @param array<string, mixed> $body   Body (JSON encoded).
	 * @return array<string, mixed>
	 */
	public static function http( int $status, array $body ): array {
		return array(
			'headers'  => array( 'content-type' => 'application/json' ),
			'body'     => (string) wp_json_encode( $body ),
			'response' => array(
				'code'    => $status,
				'message' => '',
			),
			'cookies'  => array(),
			'filename' => null,
		);
	}

	/**
	 * An error answer of the API.
	 *
	 * @param int    $status   HTTP status.
	 * @param string $code     Error code.
	 * @param string $detail   Detail.
	 * @param string $category Category.
	 * @return array{0: int, 1: array<string, mixed>}
	 */
	public static function error( int $status, string $code, string $detail, string $category = 'INVALID_REQUEST_ERROR' ): array {
		return array(
			$status,
			array(
				'errors' => array(
					array(
						'category' => $category,
						'code'     => $code,
						'detail'   => $detail,
					),
				),
			),
		);
	}

	/**
	 * The API's routes.
	 *
	 * @param string               $method Method.
	 * @param string               $path   Path.
	 * @param array<string, mixed> $body   Decoded body.
	 * @return array{0: int, 1: array<string, mixed>}
	 */
	private function route( string $method, string $path, array $body ): array {
		if ( 'GET' === $method && str_starts_with( $path, '/v2/locations/' ) ) {
			return array(
				200,
				array(
					'location' => array(
						'id'       => substr( $path, 14 ),
						'currency' => $this->currency,
						'country'  => $this->country,
					),
				),
			);
		}
		if ( 'POST' === $method && '/v2/payments/cancel' === $path ) {
			$known = $this->keys[ (string) ( $body['idempotency_key'] ?? '' ) ] ?? null;
			if ( null !== $known && 'APPROVED' === $this->payments[ $known[1] ]['status'] ) {
				$this->touch( $known[1], 'CANCELED' );
			}
			return array( 200, array() );
		}
		if ( preg_match( '#^/v2/payments/([^/]+)(/complete|/cancel)?$#', $path, $m ) ) {
			$id = rawurldecode( $m[1] );
			if ( ! isset( $this->payments[ $id ] ) ) {
				return self::error( 404, 'NOT_FOUND', 'Could not find payment with id: ' . $id );
			}
			$action = $m[2] ?? '';
			if ( 'GET' === $method && '' === $action ) {
				return array( 200, array( 'payment' => $this->payments[ $id ] ) );
			}
			if ( 'POST' === $method && '' !== $action ) {
				if ( 'APPROVED' !== $this->payments[ $id ]['status'] ) {
					return self::error( 400, 'BAD_REQUEST', 'Payment ' . $id . ' is in status ' . $this->payments[ $id ]['status'] . '.' );
				}
				$this->touch( $id, '/complete' === $action ? 'COMPLETED' : 'CANCELED' );
				return array( 200, array( 'payment' => $this->payments[ $id ] ) );
			}
		}
		if ( 'POST' === $method && '/v2/refunds' === $path ) {
			$answer = $this->refund( $body );
			return isset( $answer['errors'] ) ? array( 400, $answer ) : array( 200, $answer );
		}
		if ( 'GET' === $method && preg_match( '#^/v2/refunds/([^/]+)$#', $path, $m ) ) {
			$id = rawurldecode( $m[1] );
			return isset( $this->refunds[ $id ] ) ? array( 200, array( 'refund' => $this->refunds[ $id ] ) ) : self::error( 404, 'NOT_FOUND', 'No refund ' . $id );
		}
		if ( 'POST' === $method && '/v2/webhooks/subscriptions' === $path ) {
			$id                         = 'wbhk_' . ( ++$this->sequence );
			$this->subscriptions[ $id ] = array(
				'id'               => $id,
				'env'              => $this->env,
				'name'             => (string) ( $body['subscription']['name'] ?? '' ),
				'notification_url' => (string) ( $body['subscription']['notification_url'] ?? '' ),
				'event_types'      => $body['subscription']['event_types'] ?? array(),
				'enabled'          => true,
				'signature_key'    => 'sigkey-' . $id . '-' . wp_generate_password( 12, false ),
			);
			return array( 200, array( 'subscription' => $this->subscriptions[ $id ] ) );
		}
		if ( 'GET' === $method && '/v2/webhooks/subscriptions' === $path ) {
			$mine = array_filter( $this->subscriptions, fn( array $s ): bool => $this->env === $s['env'] );
			return array( 200, array( 'subscriptions' => array_values( array_map( static fn( array $s ): array => array_diff_key( $s, array( 'signature_key' => 1 ) ), $mine ) ) ) );
		}
		if ( preg_match( '#^/v2/webhooks/subscriptions/([^/]+)(/test|/signature-key)?$#', $path, $m ) ) {
			$id = rawurldecode( $m[1] );
			if ( ! isset( $this->subscriptions[ $id ] ) || $this->env !== $this->subscriptions[ $id ]['env'] ) {
				return self::error( 404, 'NOT_FOUND', 'Subscription not found.' );
			}
			if ( 'DELETE' === $method && empty( $m[2] ) ) {
				unset( $this->subscriptions[ $id ] );
				return array( 200, array() );
			}
			if ( 'POST' === $method && '/signature-key' === ( $m[2] ?? '' ) ) {
				$this->subscriptions[ $id ]['signature_key'] = 'sigkey-' . $id . '-' . wp_generate_password( 12, false );
				return array( 200, array( 'signature_key' => $this->subscriptions[ $id ]['signature_key'] ) );
			}
			if ( 'PUT' === $method && empty( $m[2] ) ) {
				$this->subscriptions[ $id ]['notification_url'] = (string) ( $body['subscription']['notification_url'] ?? $this->subscriptions[ $id ]['notification_url'] );
				$this->subscriptions[ $id ]['event_types']      = $body['subscription']['event_types'] ?? $this->subscriptions[ $id ]['event_types'];
				$this->subscriptions[ $id ]['enabled']          = (bool) ( $body['subscription']['enabled'] ?? $this->subscriptions[ $id ]['enabled'] );
				return array( 200, array( 'subscription' => array_diff_key( $this->subscriptions[ $id ], array( 'signature_key' => 1 ) ) ) );
			}
			if ( 'POST' === $method && ! empty( $m[2] ) ) {
				return array(
					200,
					array(
						'subscription_test_result' => array(
							'id'          => 'test_' . $id,
							'status_code' => $this->test_status,
							'payload'     => '{}',
						),
					),
				);
			}
		}
		return self::error( 404, 'NOT_FOUND', 'No route ' . $method . ' ' . $path );
	}

	/**
	 * CreatePayment (its faults first, then the idempotency key, then the source token).
	 *
	 * @param array<string, mixed> $body Decoded body.
	 * @param string               $raw  Raw body.
	 * @return array<string, mixed>|WP_Error
	 */
	private function create( array $body, string $raw ) {
		if ( $this->auth_fail ) {
			return self::http( ...self::error( 401, 'UNAUTHORIZED', 'UNAUTHORIZED', 'AUTHENTICATION_ERROR' ) );
		}
		if ( $this->timeouts > 0 ) {
			--$this->timeouts;
			return new WP_Error( 'http_request_failed', 'cURL error 28: Operation timed out after 15000 milliseconds' );
		}
		$key = (string) ( $body['idempotency_key'] ?? '' );
		if ( isset( $this->keys[ $key ] ) ) {
			if ( $this->keys[ $key ][0] !== $raw ) {
				return self::http( ...self::error( 400, 'IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_KEY_REUSED' ) );
			}
			return $this->lost() ?? self::http( 200, array( 'payment' => $this->payments[ $this->keys[ $key ][1] ] ) );
		}
		$source = (string) ( $body['source_id'] ?? '' );
		if ( 'cnon:expired' === $source ) {
			return self::http( ...self::error( 400, 'CARD_TOKEN_EXPIRED', 'CARD_TOKEN_EXPIRED' ) );
		}
		$id    = 'PAY' . ( count( $this->payments ) + 1 ) . 'X' . substr( md5( $key ), 0, 6 );
		$other = $this->afterpay( $id, $source, $body ) ?? $this->bank_or_cash_app( $id, $source, $body );
		if ( null !== $other ) {
			if ( isset( $other['errors'] ) ) {
				return self::http( 400, $other );
			}
			$this->payments[ $id ] = $other;
			$this->keys[ $key ]    = array( $raw, $id );
			return $this->lost() ?? self::http( 200, array( 'payment' => $other ) );
		}
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
			'refund_ids'    => array(),
			'version_token' => 'vt-' . $id,
			'delayed_until' => '2026-12-02T12:00:00.000Z',
			'updated_at'    => '2026-11-25T12:00:00.000Z',
		);

		if ( '' !== $this->wallet ) {
			$payment['card_details']['wallet'] = $this->wallet;
		}
		$this->payments[ $id ] = $payment;
		$this->keys[ $key ]    = array( $raw, $id );
		if ( null !== $decline ) {
			$answer               = self::error( 400, $decline, "Authorization error: '{$decline}'", 'PAYMENT_METHOD_ERROR' );
			$answer[1]['payment'] = $payment;
			return self::http( ...$answer );
		}
		return $this->lost() ?? self::http( 200, array( 'payment' => $payment ) );
	}

	/**
	 * What every payment that is not a card's has: id, status, amount, location, reference,
	 * receipt, refunds, version and update time.
	 *
	 * @param string               $id     Payment id.
	 * @param array<string, mixed> $body   CreatePayment body.
	 * @param string               $status Provider status.
	 * @return array<string, mixed>
	 */
	private static function non_card( string $id, array $body, string $status ): array {
		return array(
			'id'            => $id,
			'status'        => $status,
			'amount_money'  => $body['amount_money'] ?? null,
			'location_id'   => $body['location_id'] ?? '',
			'reference_id'  => $body['reference_id'] ?? '',
			'receipt_url'   => 'https://squareup.test/receipt/preview/' . $id,
			'refund_ids'    => array(),
			'version_token' => 'vt-' . $id,
			'updated_at'    => '2026-11-25T12:00:00.000Z',
		);
	}

	/**
	 * An Afterpay/Clearpay payment (`wnon:afterpay-…`, as the sandbox's instant wallet nonces
	 * and fixed tokens `wnon:afterpay-or-clearpay-ok` / `-declined`), its errors, or null for
	 * another token: AUD, CAD, EUR, GBP or USD only; source_type BUY_NOW_PAY_LATER with the brand
	 * of the currency's region (CLEARPAY for GBP and EUR) and the buyer's email; APPROVED or
	 * COMPLETED as a card is; `-declined` is GENERIC_DECLINE.
	 *
	 * @param string               $id     Payment id.
	 * @param string               $source Source token.
	 * @param array<string, mixed> $body   CreatePayment body.
	 * @return array<string, mixed>|null
	 */
	private function afterpay( string $id, string $source, array $body ): ?array {
		if ( ! str_starts_with( $source, 'wnon:afterpay-' ) ) {
			return null;
		}
		$currency = (string) ( $body['amount_money']['currency'] ?? '' );
		if ( ! in_array( $currency, array( 'AUD', 'CAD', 'EUR', 'GBP', 'USD' ), true ) ) {
			return self::error( 400, 'UNSUPPORTED_CURRENCY', 'Afterpay/Clearpay does not support this currency.' )[1];
		}
		if ( 'wnon:afterpay-or-clearpay-declined' === $source ) {
			return self::error( 400, 'GENERIC_DECLINE', "Authorization error: 'GENERIC_DECLINE'", 'PAYMENT_METHOD_ERROR' )[1];
		}
		$brand = in_array( $currency, array( 'GBP', 'EUR' ), true ) ? 'CLEARPAY' : 'AFTERPAY';
		return self::non_card( $id, $body, empty( $body['autocomplete'] ) ? 'APPROVED' : 'COMPLETED' ) + array(
			'source_type'               => 'BUY_NOW_PAY_LATER',
			'buy_now_pay_later_details' => array(
				'brand' => $brand,
				( 'CLEARPAY' === $brand ? 'clearpay_details' : 'afterpay_details' ) => array( 'email_address' => 'buyer@example.com' ),
			),
		);
	}

	/**
	 * A bank account (`bnon:`) or Cash App Pay (`wnon:`) payment as the provider makes it, its
	 * errors (`{errors}`), or null for a card token. ACH: USD only, autocomplete true, PENDING
	 * until settled ({@see self::settle()}); Cash App Pay: USD only, APPROVED or COMPLETED as a
	 * card is.
	 *
	 * @param string               $id     Payment id.
	 * @param string               $source Source token.
	 * @param array<string, mixed> $body   CreatePayment body.
	 * @return array<string, mixed>|null
	 */
	private function bank_or_cash_app( string $id, string $source, array $body ): ?array {
		$bank = str_starts_with( $source, 'bnon:' );
		if ( ! $bank && ! str_starts_with( $source, 'wnon:' ) ) {
			return null;
		}
		if ( 'USD' !== ( $body['amount_money']['currency'] ?? '' ) ) {
			return self::error( 400, 'INVALID_VALUE', 'Only USD is supported for this source.' )[1];
		}
		if ( $bank && empty( $body['autocomplete'] ) ) {
			return self::error( 400, 'INVALID_VALUE', 'Autocomplete must be true for ACH payments.' )[1];
		}
		$payment = self::non_card( $id, $body, $bank ? 'PENDING' : ( empty( $body['autocomplete'] ) ? 'APPROVED' : 'COMPLETED' ) );
		if ( $bank ) {
			return $payment + array(
				'source_type'          => 'BANK_ACCOUNT',
				'bank_account_details' => array(
					'bank_name'              => 'First Platypus Bank',
					'transfer_type'          => 'ACH',
					'account_ownership_type' => 'INDIVIDUAL',
					'ach_details'            => array(
						'routing_number'        => '011401533',
						'account_number_suffix' => '000',
						'account_type'          => 'CHECKING',
					),
				),
			);
		}
		return $payment + array(
			'source_type'    => 'WALLET',
			'wallet_details' => array(
				'status'           => 'AUTHORIZED',
				'brand'            => 'CASH_APP',
				'cash_app_details' => array(
					'buyer_full_name'    => 'Jane Doe',
					'buyer_country_code' => 'US',
					'buyer_cashtag'      => '$janedoe',
				),
			),
		);
	}

	/**
	 * Settles a pending bank payment (as the provider does days later): COMPLETED or FAILED.
	 *
	 * @param string $id     Payment id.
	 * @param string $status COMPLETED or FAILED.
	 * @return array<string, mixed> The payment now.
	 */
	public function settle( string $id, string $status ): array {
		$this->touch( $id, $status );
		return $this->payments[ $id ];
	}

	/**
	 * A lost CreatePayment answer while `lose_after_commit` lasts, else null.
	 */
	private function lost(): ?WP_Error {
		if ( $this->lose_after_commit < 1 ) {
			return null;
		}
		--$this->lose_after_commit;
		return new WP_Error( 'http_request_failed', 'cURL error 28: Operation timed out (answer lost)' );
	}

	/**
	 * RefundPayment's rules.
	 *
	 * @param array<string, mixed> $body Request body.
	 * @return array<string, mixed> `{refund}` or `{errors}`.
	 */
	private function refund( array $body ): array {
		$key = (string) ( $body['idempotency_key'] ?? '' );
		if ( isset( $this->refund_keys[ $key ] ) ) {
			return array( 'refund' => $this->refunds[ $this->refund_keys[ $key ] ] );
		}
		$payment_id = (string) ( $body['payment_id'] ?? '' );
		$amount     = (int) ( $body['amount_money']['amount'] ?? 0 );
		$payment    = $this->payments[ $payment_id ] ?? null;
		if ( null === $payment || 'COMPLETED' !== $payment['status'] ) {
			return self::error( 400, 'REFUND_ERROR', 'The payment is not refundable.', 'REFUND_ERROR' )[1];
		}
		$held = 0;
		foreach ( $payment['refund_ids'] as $refund_id ) {
			$held += in_array( $this->refunds[ $refund_id ]['status'], array( 'PENDING', 'COMPLETED' ), true ) ? $this->refunds[ $refund_id ]['amount_money']['amount'] : 0;
		}
		if ( $amount < 1 || $amount > $payment['amount_money']['amount'] - $held ) {
			return self::error( 400, 'REFUND_AMOUNT_INVALID', 'The requested refund amount exceeds the amount available to refund.', 'REFUND_ERROR' )[1];
		}
		$id                        = $payment_id . '_r' . ( ++$this->sequence );
		$this->refunds[ $id ]      = array(
			'id'           => $id,
			'status'       => $this->refund_status,
			'amount_money' => array(
				'amount'   => $amount,
				'currency' => $payment['amount_money']['currency'],
			),
			'payment_id'   => $payment_id,
			'reason'       => $body['reason'] ?? null,
			'created_at'   => self::now(),
			'updated_at'   => self::now(),
		);
		$this->refund_keys[ $key ] = $id;
		$this->payments[ $payment_id ]['refund_ids'][]   = $id;
		$this->payments[ $payment_id ]['refunded_money'] = array(
			'amount'   => $held + $amount,
			'currency' => $payment['amount_money']['currency'],
		);
		$this->touch( $payment_id, 'COMPLETED' );
		return array( 'refund' => $this->refunds[ $id ] );
	}

	/**
	 * Settles a pending refund (as the provider does later).
	 *
	 * @param string $refund_id Refund id.
	 * @param string $status    COMPLETED, REJECTED or FAILED.
	 */
	public function settle_refund( string $refund_id, string $status ): void {
		$this->refunds[ $refund_id ]['status']     = $status;
		$this->refunds[ $refund_id ]['updated_at'] = self::now();
		$this->touch( $this->refunds[ $refund_id ]['payment_id'], $this->payments[ $this->refunds[ $refund_id ]['payment_id'] ]['status'] );
	}

	/**
	 * Sets a payment's status and moves its updated_at and version.
	 *
	 * @param string $id     Payment id.
	 * @param string $status Status.
	 */
	private function touch( string $id, string $status ): void {
		$this->payments[ $id ]['status']        = $status;
		$this->payments[ $id ]['updated_at']    = self::now();
		$this->payments[ $id ]['version_token'] = 'v' . ( ++$this->sequence );
	}

	/**
	 * A provider timestamp, strictly later at each call (microseconds).
	 */
	private static function now(): string {
		static $last = 0.0;
		$time        = max( microtime( true ), $last + 0.001 );
		$last        = $time;
		return gmdate( 'Y-m-d\TH:i:s', (int) $time ) . sprintf( '.%03dZ', (int) ( ( $time - floor( $time ) ) * 1000 ) );
	}
}
