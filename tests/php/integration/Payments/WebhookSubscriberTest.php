<?php
/**
 * WebhookSubscriber::ensure() keeps one provider subscription per notification URL: it lists the
 * provider's subscriptions before creating one, reuses (with a new signature key) the one that
 * already points at this site, and deletes the leftovers that sign with keys the site lost.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Payments;

use Kestrel\Forms\Domain\Payments\WebhookSignature;
use Kestrel\Forms\Payments\WebhookSubscriber;
use Kestrel\Forms\Settings\PaymentSettings;
use Kestrel\Forms\Tests\Integration\Support\TestCase;
use WP_REST_Request;
use WP_REST_Response;

final class WebhookSubscriberTest extends TestCase {

	private const TOKEN       = 'EAAAsandbox-secret-token-1111';
	private const OTHER_TOKEN = 'EAAAsandbox-secret-token-3333';

	private FakeProvider $provider;

	protected function set_up(): void {
		delete_option( PaymentSettings::OPTION ); // Nothing stored: the provider's state is what each test sets.
		$this->provider = ( new FakeProvider() )->install();
		$this->as_admin();
	}

	protected function tear_down(): void {
		remove_filter( 'pre_http_request', array( $this->provider, 'answer' ) );
		delete_option( PaymentSettings::OPTION );
	}

	/**
	 * Saves sandbox credentials through POST /settings.
	 *
	 * @param string $token Access token.
	 * @return array<string, mixed> The answer's payments.webhooks.sandbox.
	 */
	private function save( string $token = self::TOKEN ): array {
		$response = $this->rest(
			'POST',
			'/kestrel-forms/v1/settings',
			array(
				'payments' => array(
					'environment' => 'sandbox',
					'sandbox'     => array(
						'application_id' => 'sandbox-sq0idb-A',
						'location_id'    => 'LSANDBOXMAIN',
						'access_token'   => $token,
					),
				),
			)
		);
		$this->assert_rest_status( 200, $response );
		$this->assertSame( substr( $token, -4 ), $response->get_data()['payments']['sandbox']['access_token_last4'], 'The credentials were saved.' );
		return $response->get_data()['payments']['webhooks']['sandbox'];
	}

	/**
	 * A subscription the provider already has.
	 *
	 * @param string $id   Id.
	 * @param string $name Name.
	 * @param string $url  Notification URL ('' for this site's).
	 * @param string $env  Environment.
	 */
	private function existing( string $id, string $name, string $url = '', string $env = 'sandbox' ): void {
		$this->provider->subscriptions[ $id ] = array(
			'id'               => $id,
			'env'              => $env,
			'name'             => $name,
			'notification_url' => '' !== $url ? $url : rest_url( WebhookSubscriber::ROUTE ),
			'event_types'      => array( 'payment.updated' ),
			'enabled'          => true,
			'signature_key'    => 'lost-key-' . $id,
		);
	}

	/**
	 * Ids of the provider's sandbox subscriptions that point at this site.
	 *
	 * @return list<string>
	 */
	private function ours(): array {
		$url = rest_url( WebhookSubscriber::ROUTE );
		return array_values(
			array_keys( array_filter( $this->provider->subscriptions, static fn( array $s ): bool => 'sandbox' === $s['env'] && $url === $s['notification_url'] ) )
		);
	}

	/**
	 * Posts a signed event to the webhook route.
	 *
	 * @param string $key Signature key.
	 */
	private function deliver( string $key ): WP_REST_Response {
		$body    = (string) wp_json_encode(
			array(
				'merchant_id' => 'MLSANDBOX',
				'type'        => 'payment.updated',
				'event_id'    => 'evt-' . wp_generate_uuid4(),
				'created_at'  => gmdate( 'Y-m-d\TH:i:s\Z' ),
				'data'        => array(
					'type'   => 'payment',
					'id'     => 'unknown-payment',
					'object' => array(
						'payment' => array(
							'id'     => 'unknown-payment',
							'status' => 'COMPLETED',
						),
					),
				),
			),
			JSON_UNESCAPED_SLASHES
		);
		$request = new WP_REST_Request( 'POST', '/kestrel-forms/v1/payments/webhook' );
		$request->set_header( 'Content-Type', 'application/json' );
		$request->set_header( 'x-square-hmacsha256-signature', WebhookSignature::sign( $key, rest_url( WebhookSubscriber::ROUTE ), $body ) );
		$request->set_body( $body );
		return rest_ensure_response( rest_get_server()->dispatch( $request ) );
	}

	public function test_a_fresh_provider_is_listed_then_gets_one_subscription(): void {
		$webhook = $this->save();
		$this->assertSame( 'active', $webhook['status'] );
		$calls = array_map( static fn( array $c ): string => $c['method'] . ' ' . $c['path'], $this->provider->calls( '', '/v2/webhooks/' ) );
		$this->assertSame( array( 'GET /v2/webhooks/subscriptions', 'POST /v2/webhooks/subscriptions' ), $calls, 'Listed before creating, nothing else.' );
		$this->assertCount( 1, $this->ours() );
		$this->assertSame( 'Kestrel Forms (sandbox)', $this->provider->subscriptions[ $this->ours()[0] ]['name'] );
	}

	public function test_a_subscription_the_provider_has_for_this_url_is_reused_with_a_new_key(): void {
		// A database restore: the site stored nothing (or an id the provider forgot), the provider has ours.
		$this->existing( 'wbhk_restored', 'Kestrel Forms (sandbox)' );
		( new PaymentSettings() )->store_webhook(
			'sandbox',
			array(
				'subscription_id'  => 'wbhk_forgotten',
				'signature_key'    => 'restored-old-key',
				'notification_url' => rest_url( WebhookSubscriber::ROUTE ),
			)
		);
		$webhook = $this->save();

		$this->assertSame( 'active', $webhook['status'], (string) $webhook['message'] );
		$this->assertSame( array(), array_filter( $this->provider->calls( 'POST' ), static fn( array $c ): bool => '/v2/webhooks/subscriptions' === $c['path'] ), 'No subscription created.' );
		$this->assertCount( 1, $this->provider->calls( 'POST', '/v2/webhooks/subscriptions/wbhk_restored/signature-key' ), 'Its key was rotated.' );
		$this->assertNotEmpty( $this->provider->calls( 'POST', '/v2/webhooks/subscriptions/wbhk_restored/signature-key' )[0]['body']['idempotency_key'] ?? '' );
		$this->assertSame( array( 'wbhk_restored' ), $this->ours() );
		$stored = ( new PaymentSettings() )->webhook( 'sandbox' );
		$this->assertSame( 'wbhk_restored', $stored['subscription_id'] );
		$key = (string) $this->provider->subscriptions['wbhk_restored']['signature_key'];
		$this->assertSame( $key, $stored['signature_key'], 'The new key is stored.' );
		$this->assertNotSame( 'lost-key-wbhk_restored', $key );
		$this->assertSame( WebhookSubscriber::EVENT_TYPES, $this->provider->subscriptions['wbhk_restored']['event_types'], 'Its events were made ours.' );

		$this->as_anonymous();
		$this->assertNotSame( 401, $this->deliver( $key )->get_status(), 'Events signed with the new key verify.' );
		$this->assert_rest_error( 'kestrel_forms_webhook_signature', 401, $this->deliver( 'lost-key-wbhk_restored' ) );
	}

	public function test_leftover_duplicates_for_this_url_are_deleted_and_others_kept(): void {
		$this->existing( 'wbhk_a', 'Kestrel Forms (sandbox)' );
		$this->existing( 'wbhk_b', 'Kestrel Forms (sandbox)' );
		$this->existing( 'wbhk_c', 'Kestrel Forms (production)' );
		$this->existing( 'wbhk_foreign', 'Someone else' );
		$this->existing( 'wbhk_elsewhere', 'Kestrel Forms (sandbox)', 'https://other.example/wp-json/kestrel-forms/v1/payments/webhook' );
		$this->existing( 'wbhk_live', 'Kestrel Forms (production)', '', 'production' );

		$webhook = $this->save();

		$this->assertSame( 'active', $webhook['status'], (string) $webhook['message'] );
		$this->assertSame( 'wbhk_a', ( new PaymentSettings() )->webhook( 'sandbox' )['subscription_id'] );
		$deleted = array_column( $this->provider->calls( 'DELETE' ), 'path' );
		sort( $deleted );
		$this->assertSame( array( '/v2/webhooks/subscriptions/wbhk_b', '/v2/webhooks/subscriptions/wbhk_c' ), $deleted );
		$this->assertSame( array( 'wbhk_a', 'wbhk_foreign' ), $this->ours(), 'One subscription of ours for the URL; a foreign one is left alone.' );
		$this->assertArrayHasKey( 'wbhk_elsewhere', $this->provider->subscriptions, 'Another URL is not ours to delete.' );
		$this->assertArrayHasKey( 'wbhk_live', $this->provider->subscriptions, 'Another environment is untouched.' );
	}

	public function test_after_a_token_change_the_old_subscription_is_deleted_when_still_reachable(): void {
		$this->save();
		$old = ( new PaymentSettings() )->webhook( 'sandbox' )['subscription_id'];
		$this->assertNotSame( '', $old );
		// The new token may not update the old subscription, but the provider still lists it.
		$this->provider->before( 'PUT', '#^/v2/webhooks/subscriptions/' . preg_quote( $old, '#' ) . '$#', static fn() => FakeProvider::http( ...FakeProvider::error( 403, 'FORBIDDEN', 'Not allowed.', 'AUTHENTICATION_ERROR' ) ) );

		$webhook = $this->save( self::OTHER_TOKEN );

		$this->assertSame( 'active', $webhook['status'], (string) $webhook['message'] );
		$now = ( new PaymentSettings() )->webhook( 'sandbox' );
		$this->assertNotSame( $old, $now['subscription_id'] );
		$this->assertSame( array( '/v2/webhooks/subscriptions/' . $old ), array_column( $this->provider->calls( 'DELETE' ), 'path' ) );
		$this->assertSame( 'Bearer ' . self::OTHER_TOKEN, $this->provider->calls( 'DELETE' )[0]['headers']['Authorization'] );
		$this->assertSame( array( $now['subscription_id'] ), $this->ours() );
		$this->assertSame( $this->provider->subscriptions[ $now['subscription_id'] ]['signature_key'], $now['signature_key'] );
	}

	public function test_a_list_failure_is_reported_and_the_save_is_kept(): void {
		$this->provider->before( 'GET', '#^/v2/webhooks/subscriptions$#', static fn() => FakeProvider::http( ...FakeProvider::error( 400, 'BAD_REQUEST', 'Listing is not available right now.' ) ) );

		$webhook = $this->save();

		$this->assertSame( 'error', $webhook['status'] );
		$this->assertStringContainsString( 'Listing is not available right now', (string) $webhook['message'] );
		$this->assertSame( array(), $this->provider->subscriptions, 'Nothing created blindly (it could be a duplicate).' );
	}

	public function test_a_failed_delete_is_reported_and_the_subscription_kept(): void {
		$this->existing( 'wbhk_a', 'Kestrel Forms (sandbox)' );
		$this->existing( 'wbhk_b', 'Kestrel Forms (sandbox)' );
		$this->provider->before( 'DELETE', '#^/v2/webhooks/subscriptions/wbhk_b$#', static fn() => FakeProvider::http( ...FakeProvider::error( 500, 'INTERNAL_SERVER_ERROR', 'Oops.', 'API_ERROR' ) ) );

		$webhook = $this->save();

		$this->assertSame( 'error', $webhook['status'] );
		$this->assertStringContainsString( 'could not be deleted', (string) $webhook['message'] );
		$stored = ( new PaymentSettings() )->webhook( 'sandbox' );
		$this->assertSame( 'wbhk_a', $stored['subscription_id'] );
		$this->assertSame( $this->provider->subscriptions['wbhk_a']['signature_key'], $stored['signature_key'], 'The working key is stored all the same.' );
	}
}
