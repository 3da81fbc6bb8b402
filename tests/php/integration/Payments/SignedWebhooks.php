<?php
/**
 * Webhook deliveries signed as the provider signs them, for the payment tests.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Payments;

use Kestrel\Forms\Domain\Payments\WebhookSignature;
use Kestrel\Forms\Settings\PaymentSettings;
use WP_REST_Request;
use WP_REST_Response;

/**
 * The subscriptions' keys of both environments, event bodies and signed deliveries.
 */
trait SignedWebhooks {

	private const URL            = 'https://shop.example/wp-json/kestrel-forms/v1/payments/webhook';
	private const KEY            = 'sandbox-signature-key-AbC123';
	private const PRODUCTION_URL = 'https://shop.example/wp-json/kestrel-forms/v1/payments/webhook?live=1';
	private const PRODUCTION_KEY = 'production-signature-key-XyZ789';

	private int $event_sequence = 0;

	/**
	 * Stores the webhook subscriptions (keys and URLs) of both environments.
	 */
	protected function store_webhook_keys(): void {
		$settings = new PaymentSettings();
		$settings->store_webhook(
			'sandbox',
			array(
				'subscription_id'  => 'wbhk_sandbox',
				'signature_key'    => self::KEY,
				'notification_url' => self::URL,
			)
		);
		$settings->store_webhook(
			'production',
			array(
				'subscription_id'  => 'wbhk_live',
				'signature_key'    => self::PRODUCTION_KEY,
				'notification_url' => self::PRODUCTION_URL,
			)
		);
	}

	/**
	 * An event body as the provider sends it.
	 *
	 * @param string               $type   Event type.
	 * @param string               $kind   payment or refund.
	 * @param array<string, mixed> $object The object.
	 * @param string               $id     Event id (generated when '').
	 */
	protected function event( string $type, string $kind, array $object, string $id = '' ): string {
		return (string) wp_json_encode(
			array(
				'merchant_id' => 'MLSANDBOX',
				'type'        => $type,
				'event_id'    => '' !== $id ? $id : 'evt-' . ( ++$this->event_sequence ) . '-' . wp_generate_uuid4(),
				'created_at'  => gmdate( 'Y-m-d\TH:i:s\Z' ),
				'data'        => array(
					'type'   => $kind,
					'id'     => (string) $object['id'],
					'object' => array( $kind => $object ),
				),
			),
			JSON_UNESCAPED_SLASHES
		);
	}

	/**
	 * Posts a raw body to the webhook route.
	 *
	 * @param string      $body      Raw body.
	 * @param string|null $signature Header value (null: no header).
	 */
	protected function deliver( string $body, ?string $signature ): WP_REST_Response {
		$request = new WP_REST_Request( 'POST', '/kestrel-forms/v1/payments/webhook' );
		$request->set_header( 'Content-Type', 'application/json' );
		if ( null !== $signature ) {
			$request->set_header( 'x-square-hmacsha256-signature', $signature );
		}
		$request->set_body( $body );
		$server = rest_get_server();
		return rest_ensure_response( apply_filters( 'rest_post_dispatch', rest_ensure_response( $server->dispatch( $request ) ), $server, $request ) );
	}

	/**
	 * Posts a body signed as the sandbox subscription signs it.
	 *
	 * @param string $body Raw body.
	 */
	protected function signed( string $body ): WP_REST_Response {
		return $this->deliver( $body, WebhookSignature::sign( self::KEY, self::URL, $body ) );
	}
}
