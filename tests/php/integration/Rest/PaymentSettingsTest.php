<?php
/**
 * Settings → Payments: credentials per environment (acceptance check 11 at the PHP level), the
 * old flat option, secrets never answered, the webhook subscription created on save and its
 * test event.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Rest;

use Kestrel\Forms\Payments\Provider\ClientFactory;
use Kestrel\Forms\Payments\WebhookSubscriber;
use Kestrel\Forms\Settings\PaymentSettings;
use Kestrel\Forms\Tests\Integration\Payments\FakeProvider;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

final class PaymentSettingsTest extends TestCase {

	private const SANDBOX_TOKEN    = 'EAAAsandbox-secret-token-1111';
	private const PRODUCTION_TOKEN = 'EAAAproduction-secret-token-2222';

	private FakeProvider $provider;

	protected function set_up(): void {
		$this->as_admin();
		$this->provider = ( new FakeProvider() )->install();
	}

	protected function tear_down(): void {
		delete_option( PaymentSettings::OPTION );
	}

	/**
	 * POST /settings with a payments section.
	 *
	 * @param array<string, mixed> $payments Section.
	 * @return array<string, mixed> The answer's payments section.
	 */
	private function save( array $payments ): array {
		$response = $this->rest( 'POST', '/kestrel-forms/v1/settings', array( 'payments' => $payments ) );
		$this->assert_rest_status( 200, $response );
		return $response->get_data()['payments'];
	}

	/**
	 * Both environments' credentials.
	 *
	 * @return array<string, mixed>
	 */
	private static function both(): array {
		return array(
			'environment' => 'sandbox',
			'sandbox'     => array(
				'application_id' => 'sandbox-sq0idb-A',
				'location_id'    => 'LSANDBOXMAIN',
				'access_token'   => self::SANDBOX_TOKEN,
			),
			'production'  => array(
				'application_id' => 'sq0idp-B',
				'location_id'    => 'LLIVE',
				'access_token'   => self::PRODUCTION_TOKEN,
			),
		);
	}

	public function test_switching_the_environment_keeps_both_credential_sets(): void {
		$saved = $this->save( self::both() );
		$this->assertSame( 'sandbox', $saved['environment'] );
		$this->assertSame( 'LSANDBOXMAIN', $saved['sandbox']['location_id'] );
		$this->assertSame( 'LLIVE', $saved['production']['location_id'] );

		$switched = $this->save( array( 'environment' => 'production' ) );
		$this->assertSame( 'production', $switched['environment'] );
		$this->assertTrue( $switched['sandbox']['access_token_set'] );
		$this->assertTrue( $switched['production']['access_token_set'] );
		$this->assertSame( '2222', $switched['production']['access_token_last4'] );
		$settings = new PaymentSettings();
		$this->assertSame(
			array(
				'environment'    => 'production',
				'application_id' => 'sq0idp-B',
				'location_id'    => 'LLIVE',
				'access_token'   => self::PRODUCTION_TOKEN,
			),
			$settings->active()
		);
		$this->assertSame( self::SANDBOX_TOKEN, $settings->credentials( 'sandbox' )['access_token'] );

		// And back: nothing was lost on the way.
		$back = $this->save( array( 'environment' => 'sandbox' ) );
		$this->assertSame( 'sandbox-sq0idb-A', $back['sandbox']['application_id'] );
		$this->assertSame( 'sq0idp-B', $back['production']['application_id'] );
		$this->assertSame( ClientFactory::SANDBOX_URL, ClientFactory::for_environment( 'sandbox' )->base_url() );
		$this->assertSame( ClientFactory::PRODUCTION_URL, ClientFactory::for_environment( 'production' )->base_url() );

		// Clearing one environment's token leaves the other's.
		$cleared = $this->save( array( 'production' => array( 'clear_access_token' => true ) ) );
		$this->assertFalse( $cleared['production']['access_token_set'] );
		$this->assertTrue( $cleared['sandbox']['access_token_set'] );
		// A blank token keeps the stored one.
		$kept = $this->save(
			array(
				'sandbox' => array(
					'access_token' => '',
					'location_id'  => 'LSANDBOXJP',
				),
			)
		);
		$this->assertTrue( $kept['sandbox']['access_token_set'] );
		$this->assertSame( self::SANDBOX_TOKEN, ( new PaymentSettings() )->credentials( 'sandbox' )['access_token'] );
	}

	public function test_a_refused_value_names_its_environment(): void {
		$response = $this->rest(
			'POST',
			'/kestrel-forms/v1/settings',
			array(
				'payments' => array(
					'production' => array(
						'access_token' => 'short',
						'location_id'  => 'bad id!',
					),
				),
			)
		);
		$this->assert_rest_error( 'kestrel_forms_invalid_settings', 400, $response );
		$this->assertSame( array( 'payments.production.location_id', 'payments.production.access_token' ), array_keys( (array) $response->get_data()['data']['errors'] ) );
		$this->assertSame( 'absent', get_option( PaymentSettings::OPTION, 'absent' ) );
	}

	public function test_the_old_flat_option_is_read_as_its_environments_credentials(): void {
		update_option(
			PaymentSettings::OPTION,
			array(
				'environment'    => 'production',
				'application_id' => 'sq0idp-old',
				'location_id'    => 'LOLD',
				'access_token'   => self::PRODUCTION_TOKEN,
			)
		);
		$settings = new PaymentSettings();
		$this->assertSame( 'production', $settings->environment() );
		$this->assertSame(
			array(
				'application_id' => 'sq0idp-old',
				'location_id'    => 'LOLD',
				'access_token'   => self::PRODUCTION_TOKEN,
			),
			$settings->credentials( 'production' )
		);
		$this->assertSame( '', $settings->credentials( 'sandbox' )['access_token'] );
		$public = $this->rest( 'GET', '/kestrel-forms/v1/settings' )->get_data()['payments'];
		$this->assertSame( 'LOLD', $public['production']['location_id'] );
		$this->assertTrue( $public['production']['access_token_set'] );

		// The next save writes the new shape and keeps the migrated values.
		$this->save( array( 'sandbox' => array( 'location_id' => 'LSANDBOXMAIN' ) ) );
		$stored = get_option( PaymentSettings::OPTION );
		$this->assertSame( self::PRODUCTION_TOKEN, $stored['production']['access_token'] );
		$this->assertSame( 'LSANDBOXMAIN', $stored['sandbox']['location_id'] );
		$this->assertArrayNotHasKey( 'access_token', $stored );
	}

	public function test_saving_credentials_creates_the_webhook_subscription_and_answers_no_secret(): void {
		$saved = $this->save( self::both() );
		$url   = rest_url( WebhookSubscriber::ROUTE );
		$posts = $this->provider->calls( 'POST', '/v2/webhooks/subscriptions' );
		$this->assertCount( 2, $posts, 'One subscription per environment with a token.' );
		$this->assertSame( array( 'sandbox', 'production' ), array_column( $posts, 'env' ) );
		$this->assertSame( 'Bearer ' . self::SANDBOX_TOKEN, $posts[0]['headers']['Authorization'] );
		$sent = $posts[0]['body'];
		$this->assertSame( $url, $sent['subscription']['notification_url'] );
		$this->assertSame( array( 'payment.created', 'payment.updated', 'refund.created', 'refund.updated' ), $sent['subscription']['event_types'] );
		$this->assertNotEmpty( $sent['idempotency_key'] );

		foreach ( array( 'sandbox', 'production' ) as $env ) {
			$this->assertSame( 'active', $saved['webhooks'][ $env ]['status'] );
			$this->assertSame( $url, $saved['webhooks'][ $env ]['notification_url'] );
			$this->assertNotSame( '', $saved['webhooks'][ $env ]['subscription_id'] );
			$stored = ( new PaymentSettings() )->webhook( $env );
			$this->assertSame( $this->provider->subscriptions[ $stored['subscription_id'] ]['signature_key'], $stored['signature_key'], 'The signature key is stored.' );
		}

		// Never in an answer: tokens, signature keys.
		$json = (string) wp_json_encode( $this->rest( 'GET', '/kestrel-forms/v1/settings' )->get_data() ) . wp_json_encode( $saved );
		foreach ( array( self::SANDBOX_TOKEN, self::PRODUCTION_TOKEN ) as $secret ) {
			$this->assertStringNotContainsString( $secret, $json );
		}
		foreach ( $this->provider->subscriptions as $subscription ) {
			$this->assertStringNotContainsString( $subscription['signature_key'], $json );
		}
		$this->assertStringNotContainsString( 'signature_key', $json );

		// Saving again without changes calls nothing; a changed site URL updates the subscription.
		$this->save( array( 'environment' => 'sandbox' ) );
		$this->assertCount( 2, $this->provider->calls( 'POST', '/v2/webhooks/subscriptions' ) );
		$this->assertSame( array(), $this->provider->calls( 'PUT' ) );
		add_filter(
			'kestrel_forms_payments_webhook_url',
			static fn( string $url, string $env ): string => 'sandbox' === $env ? 'https://public.example/wp-json/kestrel-forms/v1/payments/webhook' : $url,
			10,
			2
		);
		$moved = $this->save( array( 'environment' => 'sandbox' ) );
		$this->assertCount( 1, $this->provider->calls( 'PUT' ), 'Only the sandbox subscription moved.' );
		$this->assertCount( 2, $this->provider->calls( 'POST', '/v2/webhooks/subscriptions' ), 'Updated, not created again.' );
		$this->assertSame( 'https://public.example/wp-json/kestrel-forms/v1/payments/webhook', $moved['webhooks']['sandbox']['notification_url'] );
	}

	public function test_a_failed_subscription_is_reported_and_the_save_is_kept(): void {
		$this->provider->before( 'POST', '#^/v2/webhooks/subscriptions$#', static fn() => FakeProvider::http( ...FakeProvider::error( 401, 'UNAUTHORIZED', 'This request could not be authorized.', 'AUTHENTICATION_ERROR' ) ) );
		$saved = $this->save(
			array(
				'sandbox' => array(
					'location_id'  => 'LSANDBOXMAIN',
					'access_token' => self::SANDBOX_TOKEN,
				),
			)
		);
		$this->assertTrue( $saved['sandbox']['access_token_set'], 'The credentials were saved.' );
		$this->assertSame( 'error', $saved['webhooks']['sandbox']['status'] );
		$this->assertStringContainsString( 'access token', $saved['webhooks']['sandbox']['message'] );
		$this->assertSame( 'missing', $saved['webhooks']['production']['status'], 'No token there, nothing tried.' );
		$this->assertCount( 1, $this->provider->calls( 'POST', '/v2/webhooks/subscriptions' ) );
	}

	public function test_the_test_event_is_sent_and_its_outcome_stored(): void {
		$none = $this->rest( 'POST', '/kestrel-forms/v1/payments/webhook/test' );
		$this->assert_rest_status( 200, $none );
		$this->assertFalse( $none->get_data()['ok'] );

		$this->save( self::both() );
		$sent = $this->rest( 'POST', '/kestrel-forms/v1/payments/webhook/test' );
		$this->assert_rest_status( 200, $sent );
		$this->assertSame( true, $sent->get_data()['ok'] );
		$this->assertSame( 200, $sent->get_data()['status'] );
		$test = $this->provider->calls( 'POST', '/v2/webhooks/subscriptions/' );
		$this->assertCount( 1, $test );
		$this->assertSame( 'sandbox', $test[0]['env'] );
		$this->assertStringEndsWith( '/test', $test[0]['path'] );
		$last = $this->rest( 'GET', '/kestrel-forms/v1/settings' )->get_data()['payments']['webhooks']['sandbox']['last_test'];
		$this->assertTrue( $last['ok'] );
		$this->assertSame( 200, $last['status'] );

		$this->provider->test_status = 401;
		$failed                      = $this->rest( 'POST', '/kestrel-forms/v1/payments/webhook/test', array( 'environment' => 'production' ) );
		$this->assertFalse( $failed->get_data()['ok'] );
		$this->assertSame( 401, $failed->get_data()['status'] );
		$this->assertSame( 'production', $this->provider->calls( 'POST', '/v2/webhooks/subscriptions/' )[1]['env'] );
		$this->assertFalse( $this->rest( 'GET', '/kestrel-forms/v1/settings' )->get_data()['payments']['webhooks']['production']['last_test']['ok'] );
	}
}
