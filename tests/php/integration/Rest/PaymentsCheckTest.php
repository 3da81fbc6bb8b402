<?php
/**
 * The editor's payment configuration check (GET /payments/check) against a provider faked with
 * pre_http_request: credentials, https in production, the location's currency, an unreachable
 * location, the ten-minute location cache, and who may ask.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Rest;

use Kestrel\Forms\Payments\ConfigurationCheck;
use Kestrel\Forms\Settings\PaymentSettings;
use Kestrel\Forms\Tests\Integration\Support\TestCase;
use WP_Error;

final class PaymentsCheckTest extends TestCase {

	private const ROUTE = '/kestrel-forms/v1/payments/check';
	private const TOKEN = 'EAAAl-sandbox-token-0001';

	/**
	 * Requests the fake provider received: [url, args].
	 *
	 * @var list<array{url: string, args: array<string, mixed>}>
	 */
	private array $requests = array();

	/**
	 * What the fake provider answers next: [status, body] or a WP_Error.
	 *
	 * @var array{0: int, 1: array<string, mixed>}|WP_Error
	 */
	private array|WP_Error $answer = array( 200, array() );

	protected function set_up(): void {
		$this->as_admin();
		$this->answer = self::location( 'LTEST', 'USD', 'US' );
		add_filter(
			'pre_http_request',
			function ( $pre, array $args, string $url ) {
				$this->requests[] = array(
					'url'  => $url,
					'args' => $args,
				);
				if ( $this->answer instanceof WP_Error ) {
					return $this->answer;
				}
				return array(
					'headers'  => array(),
					'body'     => (string) wp_json_encode( $this->answer[1] ),
					'response' => array(
						'code'    => $this->answer[0],
						'message' => '',
					),
					'cookies'  => array(),
				);
			},
			10,
			3
		);
	}

	protected function tear_down(): void {
		global $wpdb;
		delete_option( PaymentSettings::OPTION );
		delete_option( 'kestrel_forms_general' );
		$wpdb->query( "DELETE FROM {$wpdb->options} WHERE option_name LIKE '\\_transient\\_%kestrel\\_forms\\_payments\\_location\\_%'" ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
		unset( $GLOBALS['wp_rest_auth_cookie'] );
	}

	/**
	 * A RetrieveLocation answer.
	 *
	 * @param string $id       Location id.
	 * @param string $currency Its currency.
	 * @param string $country  Its country.
	 * @return array{0: int, 1: array<string, mixed>}
	 */
	private static function location( string $id, string $currency, string $country ): array {
		return array(
			200,
			array(
				'location' => array(
					'id'       => $id,
					'name'     => 'Main',
					'currency' => $currency,
					'country'  => $country,
					'status'   => 'ACTIVE',
				),
			),
		);
	}

	/**
	 * Stores credentials for an environment and makes it the active one.
	 *
	 * @param string $environment sandbox or production.
	 */
	private function configure( string $environment = 'sandbox' ): void {
		$settings = new PaymentSettings();
		$checked  = $settings->validate(
			array(
				'environment' => $environment,
				$environment  => array(
					'application_id' => 'sandbox-sq0idb-app',
					'location_id'    => 'LTEST',
					'access_token'   => self::TOKEN,
				),
			)
		);
		$this->assertSame( array(), $checked['errors'] );
		$settings->store( $checked['values'] );
	}

	/**
	 * The codes of an answer's warnings.
	 *
	 * @param array<string, mixed> $data Answer.
	 * @return list<string>
	 */
	private static function codes( array $data ): array {
		return array_column( $data['warnings'], 'code' );
	}

	public function test_without_credentials_it_says_so_and_asks_no_provider(): void {
		$response = $this->rest( 'GET', self::ROUTE );
		$this->assert_rest_status( 200, $response );
		$data = $response->get_data();
		$this->assertSame( array( 'no_credentials' ), self::codes( $data ) );
		$this->assertStringContainsString( 'Settings → Payments', $data['warnings'][0]['message'] );
		$this->assertSame( 'sandbox', $data['environment'] );
		// No currency asked: the site's default.
		$this->assertSame( 'USD', $data['currency'] );
		$this->assertNull( $data['location'] );
		$this->assertSame( 'The payment credentials of this environment are not complete.', $data['wallets']['googlePay'] );
		$this->assertSame( 'The payment credentials of this environment are not complete.', $data['wallets']['applePay'] );
		$this->assertSame( array(), $this->requests );
		$this->assertSame( 'no-store', $response->get_headers()['Cache-Control'] ?? '' );
	}

	public function test_a_matching_location_gives_no_warning_and_is_cached(): void {
		$this->configure();
		$data = $this->rest( 'GET', self::ROUTE . '?currency=usd' )->get_data();
		$this->assertSame( array(), $data['warnings'] );
		$this->assertSame(
			array(
				'id'       => 'LTEST',
				'currency' => 'USD',
				'country'  => 'US',
			),
			$data['location']
		);
		$this->assertSame( 1, $data['minimum_amount'] );
		// Wallets: Google Pay has nothing in its way; Apple Pay waits for the domain's registration.
		$this->assertSame( '', $data['wallets']['googlePay'] );
		$this->assertSame( 'This site\'s domain is not registered for Apple Pay yet.', $data['wallets']['applePay'] );
		$this->assertCount( 1, $this->requests );
		$this->assertSame( 'http://127.0.0.1:8890/v2/locations/LTEST', $this->requests[0]['url'] );
		$this->assertSame( 'GET', $this->requests[0]['args']['method'] );
		$this->assertSame( 'Bearer ' . self::TOKEN, $this->requests[0]['args']['headers']['Authorization'] );

		// The second check reads the cache; the currency is compared again.
		$eur = $this->rest( 'GET', self::ROUTE . '?currency=EUR' )->get_data();
		$this->assertCount( 1, $this->requests );
		$this->assertSame( array( 'currency_mismatch' ), self::codes( $eur ) );
		$this->assertStringContainsString( 'EUR', $eur['warnings'][0]['message'] );
		$this->assertStringContainsString( 'USD', $eur['warnings'][0]['message'] );
		$this->assertSame( 100, $eur['minimum_amount'] );
		// Kept for ten minutes.
		$key = 'kestrel_forms_payments_location_' . md5( 'sandbox|LTEST|' . hash( 'sha256', self::TOKEN ) );
		$this->assertNotFalse( get_transient( $key ) );
		$expires = (int) get_option( '_transient_timeout_' . $key );
		$this->assertEqualsWithDelta( time() + ConfigurationCheck::CACHE_SECONDS, $expires, 5 );
		$this->assertSame( 600, ConfigurationCheck::CACHE_SECONDS );

		// Another token (or location) is another cache entry: the provider is asked again.
		$settings = new PaymentSettings();
		$settings->store( $settings->validate( array( 'sandbox' => array( 'access_token' => 'EAAAl-sandbox-token-0002' ) ) )['values'] );
		$this->rest( 'GET', self::ROUTE . '?currency=USD' );
		$this->assertCount( 2, $this->requests );
	}

	public function test_the_site_default_currency_is_checked_when_the_form_has_none(): void {
		update_option( 'kestrel_forms_general', array( 'currency' => 'JPY' ) );
		$this->configure();
		$this->answer = self::location( 'LTEST', 'JPY', 'JP' );
		$data         = $this->rest( 'GET', self::ROUTE )->get_data();
		$this->assertSame( 'JPY', $data['currency'] );
		$this->assertSame( array(), $data['warnings'] );
	}

	public function test_an_unreachable_location_says_why_and_is_not_cached(): void {
		$this->configure();
		$this->answer = array(
			401,
			array(
				'errors' => array(
					array(
						'category' => 'AUTHENTICATION_ERROR',
						'code'     => 'UNAUTHORIZED',
						'detail'   => 'This request could not be authorized.',
					),
				),
			),
		);
		$data         = $this->rest( 'GET', self::ROUTE . '?currency=USD' )->get_data();
		$this->assertSame( array( 'location_unreachable' ), self::codes( $data ) );
		$this->assertStringContainsString( 'access token', $data['warnings'][0]['message'] );
		$this->assertNull( $data['location'] );

		$this->answer = array(
			404,
			array(
				'errors' => array(
					array(
						'category' => 'INVALID_REQUEST_ERROR',
						'code'     => 'NOT_FOUND',
						'detail'   => 'Location not found.',
					),
				),
			),
		);
		$data         = $this->rest( 'GET', self::ROUTE . '?currency=USD' )->get_data();
		$this->assertSame( array( 'location_unreachable' ), self::codes( $data ) );
		$this->assertStringContainsString( 'does not know this location', $data['warnings'][0]['message'] );

		$this->answer = new WP_Error( 'http_request_failed', 'cURL error 28: Operation timed out' );
		$data         = $this->rest( 'GET', self::ROUTE . '?currency=USD' )->get_data();
		$this->assertSame( array( 'location_unreachable' ), self::codes( $data ) );
		$this->assertStringContainsString( 'no answer', $data['warnings'][0]['message'] );

		// Fixed on the provider's side: the next check sees it at once.
		$this->answer = self::location( 'LTEST', 'USD', 'US' );
		$data         = $this->rest( 'GET', self::ROUTE . '?currency=USD' )->get_data();
		$this->assertSame( array(), $data['warnings'] );
		$this->assertCount( 4, $this->requests );
	}

	public function test_production_needs_https(): void {
		$this->configure( 'production' );
		add_filter( 'home_url', static fn( string $url ): string => set_url_scheme( $url, 'http' ) );
		$data = $this->rest( 'GET', self::ROUTE . '?currency=USD' )->get_data();
		$this->assertSame( 'production', $data['environment'] );
		$this->assertSame( array( 'insecure_production' ), self::codes( $data ) );
		$this->assertStringStartsWith( 'https://connect.squareup.com/v2/locations/', $this->requests[0]['url'] );

		add_filter( 'home_url', static fn( string $url ): string => set_url_scheme( $url, 'https' ), 20 );
		$data = $this->rest( 'GET', self::ROUTE . '?currency=USD' )->get_data();
		$this->assertSame( array(), self::codes( $data ) );
	}

	public function test_a_production_check_without_production_credentials_names_production(): void {
		$this->configure();
		( new PaymentSettings() )->store( ( new PaymentSettings() )->validate( array( 'environment' => 'production' ) )['values'] );
		add_filter( 'home_url', static fn( string $url ): string => set_url_scheme( $url, 'https' ) );
		$data = $this->rest( 'GET', self::ROUTE )->get_data();
		$this->assertSame( array( 'no_credentials' ), self::codes( $data ) );
		$this->assertStringContainsString( 'production', $data['warnings'][0]['message'] );
		$this->assertSame( array(), $this->requests );
	}

	public function test_only_managers_with_the_rest_nonce_may_ask(): void {
		$this->configure();
		foreach ( array( 'subscriber', 'anonymous' ) as $who ) {
			'subscriber' === $who ? $this->as_subscriber() : $this->as_anonymous();
			$this->assert_rest_error( 'kestrel_forms_forbidden', 403, $this->rest( 'GET', self::ROUTE ) );
		}

		// A cookie session without the REST nonce counts as anonymous (core's cookie check).
		$this->as_admin();
		$GLOBALS['wp_rest_auth_cookie'] = true;
		rest_cookie_check_errors( null );
		$this->assert_rest_error( 'kestrel_forms_forbidden', 403, $this->rest( 'GET', self::ROUTE ) );
		$this->assertSame( array(), $this->requests );
	}

	public function test_a_malformed_currency_is_refused(): void {
		$response = $this->rest( 'GET', self::ROUTE . '?currency=US1' );
		$this->assertSame( 400, $response->get_status() );
		$this->assertSame( 'kestrel_forms_invalid_param', $response->get_data()['code'] );
	}
}
