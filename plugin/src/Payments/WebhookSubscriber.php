<?php
/**
 * Keeps the provider's webhook subscription of each environment pointed at this site.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Payments;

use Closure;
use Kestrel\Forms\Payments\Provider\ProviderError;
use Kestrel\Forms\Payments\Provider\SquareClient;
use Kestrel\Forms\Settings\PaymentSettings;

/**
 * The subscription of each environment: ensure() creates it (`POST /v2/webhooks/subscriptions`) or, when one is stored,
 * points it at the current URL (`PUT /v2/webhooks/subscriptions/{id}`), and stores its id, its
 * signature key (write-only) and the exact notification URL it was created with: the URL is
 * part of what the provider signs, so it is kept byte for byte rather than rebuilt later.
 * send_test() asks the provider to deliver its test event and stores the outcome.
 *
 * Failures are stored with a readable message (`webhooks.<env>.error`) for the settings screen;
 * they never throw to the caller, and never drop a signature key that still verifies events.
 */
final class WebhookSubscriber {

	/** The events the plugin listens to. */
	public const EVENT_TYPES = array( 'payment.created', 'payment.updated', 'refund.created', 'refund.updated' );

	/** How the plugin's subscriptions are named ("Kestrel Forms (sandbox)"). */
	public const NAME_PREFIX = 'Kestrel Forms (';

	/** The REST route (under rest_url()) that receives the events. */
	public const ROUTE = 'kestrel-forms/v1/payments/webhook';

	/**
	 * Builds the subscriber.
	 *
	 * @param PaymentSettings              $settings   Payment settings (credentials, stored subscriptions).
	 * @param Closure(string):SquareClient $client_for The provider client of an environment.
	 */
	public function __construct(
		private readonly PaymentSettings $settings,
		private readonly Closure $client_for
	) {}

	/**
	 * The URL the provider delivers events of an environment to: this site's REST route, or
	 * what the `kestrel_forms_payments_webhook_url` filter makes of it (a site behind a proxy
	 * or on another public address).
	 *
	 * @param string $environment sandbox or production.
	 */
	public function notification_url( string $environment ): string {
		/**
		 * The public URL of the payments webhook route, as the provider must call it.
		 *
		 * @param string $url         rest_url() of the route.
		 * @param string $environment sandbox or production.
		 */
		return (string) apply_filters( 'kestrel_forms_payments_webhook_url', rest_url( self::ROUTE ), $environment );
	}

	/**
	 * Sets up the one subscription of an environment that has an access token.
	 *
	 * The provider's subscriptions are listed first, so that one notification URL has one
	 * subscription: the stored one is updated when the provider still knows it; otherwise an
	 * enabled one with exactly this URL (a database restore, an earlier install) is reused, with
	 * a new signature key (a listed subscription does not carry its key); only when there is none
	 * is one created. Then the other subscriptions with exactly this URL and this plugin's name
	 * ("Kestrel Forms (…"), and the stored one when another is used now, are deleted, so that no
	 * subscription signs events with a key this site does not have.
	 *
	 * @param string $environment sandbox or production.
	 * @return array{status: string, message: string} 'active', 'missing' (no access token) or 'error'.
	 */
	public function ensure( string $environment ): array {
		if ( '' === $this->settings->credentials( $environment )['access_token'] ) {
			return array(
				'status'  => 'missing',
				'message' => '',
			);
		}
		$url    = $this->notification_url( $environment );
		$stored = $this->settings->webhook( $environment );
		try {
			$client = ( $this->client_for )( $environment );
			$listed = array();
			foreach ( $client->list_webhook_subscriptions() as $subscription ) {
				$id = self::text( $subscription['id'] ?? null, '' );
				if ( '' !== $id ) {
					$listed[ $id ] = $subscription;
				}
			}
			$used = $this->settle( $client, $environment, $stored, $url, $listed );
		} catch ( ProviderError $e ) {
			$this->settings->store_webhook( $environment, array( 'error' => self::failure( $e ) ) );
			return $this->status( $environment );
		}
		if ( '' === $used ) {
			return $this->status( $environment );
		}
		$failed = 0;
		foreach ( $listed as $id => $subscription ) {
			$id   = (string) $id;
			$ours = $id === $stored['subscription_id']
				|| ( self::text( $subscription['notification_url'] ?? null, '' ) === $url
					&& str_starts_with( self::text( $subscription['name'] ?? null, '' ), self::NAME_PREFIX ) );
			if ( $id === $used || ! $ours ) {
				continue;
			}
			try {
				$client->delete_webhook_subscription( $id );
			} catch ( ProviderError $e ) {
				if ( 404 !== $e->http_status() ) {
					++$failed;
				}
			}
		}
		if ( $failed > 0 ) {
			$this->settings->store_webhook(
				$environment,
				array(
					'error' => sprintf(
						/* translators: %d: number of subscriptions. */
						_n( 'The webhook subscription is set up, but %d older subscription for this site could not be deleted: delete it in the provider\'s developer dashboard, or save again, so that events are not delivered twice.', 'The webhook subscription is set up, but %d older subscriptions for this site could not be deleted: delete them in the provider\'s developer dashboard, or save again, so that events are not delivered twice.', $failed, 'kestrel-forms' ),
						$failed
					),
				)
			);
		}
		return $this->status( $environment );
	}

	/**
	 * Updates, reuses or creates the subscription and stores it.
	 *
	 * @param SquareClient                        $client      Client.
	 * @param string                              $environment sandbox or production.
	 * @param array<string, mixed>                $stored      The stored webhook.
	 * @param string                              $url         Notification URL.
	 * @param array<string, array<string, mixed>> $listed      The provider's subscriptions by id.
	 * @return string The id of the subscription now used ('' when none could be set up).
	 * @throws ProviderError Any failure but an update the provider refuses.
	 */
	private function settle( SquareClient $client, string $environment, array $stored, string $url, array $listed ): string {
		$stored_id = (string) $stored['subscription_id'];
		if ( '' !== $stored_id && '' !== (string) $stored['signature_key'] && isset( $listed[ $stored_id ] ) ) {
			$updated = $this->update( $client, $stored_id, $url );
			if ( null !== $updated ) {
				$this->settings->store_webhook(
					$environment,
					array(
						'notification_url' => self::text( $updated['notification_url'] ?? null, $url ),
						'error'            => '',
					)
				);
				return $stored_id;
			}
			unset( $listed[ $stored_id ] );
		}
		foreach ( $listed as $id => $subscription ) {
			$id = (string) $id;
			if ( $id === $stored_id || true !== ( $subscription['enabled'] ?? true ) || self::text( $subscription['notification_url'] ?? null, '' ) !== $url ) {
				continue;
			}
			$key = $client->rotate_webhook_signature_key( $id );
			if ( array_values( (array) ( $subscription['event_types'] ?? array() ) ) !== self::EVENT_TYPES ) {
				$this->update( $client, $id, $url );
			}
			$this->settings->store_webhook(
				$environment,
				array(
					'subscription_id'  => $id,
					'signature_key'    => $key,
					'notification_url' => $url,
					'created_at'       => self::text( $subscription['created_at'] ?? null, gmdate( 'Y-m-d\TH:i:s\Z' ) ),
					'last_test'        => null,
					'error'            => '',
				)
			);
			return $id;
		}
		$created = $client->create_webhook_subscription(
			array(
				'idempotency_key' => wp_generate_uuid4(),
				'subscription'    => array(
					'name'             => self::NAME_PREFIX . $environment . ')',
					'event_types'      => self::EVENT_TYPES,
					'notification_url' => $url,
					'api_version'      => SquareClient::API_VERSION,
					'enabled'          => true,
				),
			)
		);
		$key     = self::text( $created['signature_key'] ?? null, '' );
		$id      = self::text( $created['id'] ?? null, '' );
		if ( '' === $key || '' === $id ) {
			$this->settings->store_webhook( $environment, array( 'error' => __( 'The provider created no usable webhook subscription (no id or signature key in its answer).', 'kestrel-forms' ) ) );
			return '';
		}
		$this->settings->store_webhook(
			$environment,
			array(
				'subscription_id'  => $id,
				'signature_key'    => $key,
				'notification_url' => self::text( $created['notification_url'] ?? null, $url ),
				'created_at'       => gmdate( 'Y-m-d\TH:i:s\Z' ),
				'last_test'        => null,
				'error'            => '',
			)
		);
		return $id;
	}

	/**
	 * Asks the provider to send its test event to the stored subscription, and stores the outcome.
	 *
	 * @param string $environment sandbox or production.
	 * @return array{ok: bool, status: int, message: string} `status` is the HTTP status the provider
	 *         got from this site (0 when the test could not be sent).
	 */
	public function send_test( string $environment ): array {
		$stored = $this->settings->webhook( $environment );
		if ( '' === $stored['subscription_id'] || '' === $this->settings->credentials( $environment )['access_token'] ) {
			return self::test_result( false, 0, __( 'There is no webhook subscription yet: save the payment settings with an access token first.', 'kestrel-forms' ) );
		}
		try {
			$result = ( $this->client_for )( $environment )->test_webhook_subscription( $stored['subscription_id'], 'payment.updated' );
			$result = is_array( $result['subscription_test_result'] ?? null ) ? $result['subscription_test_result'] : $result;
			$status = is_numeric( $result['status_code'] ?? null ) ? (int) $result['status_code'] : 0;
			$ok     = $status >= 200 && $status < 300;
			$answer = self::test_result(
				$ok,
				$status,
				$ok
					? __( 'The provider delivered a test event and this site accepted it.', 'kestrel-forms' )
					: sprintf(
						/* translators: %d: HTTP status code, 0 when there was no answer. */
						__( 'The provider could not deliver the test event (this site answered %d). Check that the site is reachable from the internet and that nothing (a firewall, maintenance mode, a proxy) blocks the webhook URL.', 'kestrel-forms' ),
						$status
					)
			);
		} catch ( ProviderError $e ) {
			$answer = self::test_result( false, 0, self::failure( $e, true ) );
		}
		$this->settings->store_webhook( $environment, array( 'last_test' => $answer + array( 'at' => gmdate( 'Y-m-d\TH:i:s\Z' ) ) ) );
		return $answer;
	}

	/**
	 * Points a stored subscription at the URL; null when the provider no longer knows it (it
	 * belongs to other credentials, or was deleted), so a new one is created.
	 *
	 * @param SquareClient $client Client.
	 * @param string       $id     Subscription id.
	 * @param string       $url    Notification URL.
	 * @return array<string, mixed>|null The subscription.
	 * @throws ProviderError Any other failure.
	 */
	private function update( SquareClient $client, string $id, string $url ): ?array {
		try {
			return $client->update_webhook_subscription(
				$id,
				array(
					'subscription' => array(
						'notification_url' => $url,
						'event_types'      => self::EVENT_TYPES,
						'enabled'          => true,
					),
				)
			);
		} catch ( ProviderError $e ) {
			if ( in_array( $e->http_status(), array( 401, 403, 404 ), true ) || 'NOT_FOUND' === $e->code() ) {
				return null;
			}
			throw $e;
		}
	}

	/**
	 * The environment's public webhook status.
	 *
	 * @param string $environment sandbox or production.
	 * @return array{status: string, message: string}
	 */
	private function status( string $environment ): array {
		$webhook = $this->settings->webhook( $environment );
		return array(
			'status'  => PaymentSettings::webhook_status( $webhook ),
			'message' => $webhook['error'],
		);
	}

	/**
	 * A provider failure in words a site owner can act on.
	 *
	 * @param ProviderError $e    Failure.
	 * @param bool          $test Whether it was the test event (otherwise creating or updating the subscription).
	 */
	private static function failure( ProviderError $e, bool $test = false ): string {
		switch ( $e->kind() ) {
			case 'auth':
				$reason = __( 'the provider refused the access token (check that it belongs to this environment and may manage webhooks)', 'kestrel-forms' );
				break;
			case 'invalid':
				$reason = '' !== $e->detail() ? $e->detail() : $e->code();
				break;
			default:
				$reason = __( 'no answer from the provider (network error or time-out); try again', 'kestrel-forms' );
		}
		return $test
			/* translators: %s: the reason. */
			? sprintf( __( 'The test event could not be sent: %s.', 'kestrel-forms' ), rtrim( $reason, '.' ) )
			/* translators: %s: the reason. */
			: sprintf( __( 'The webhook subscription could not be set up: %s.', 'kestrel-forms' ), rtrim( $reason, '.' ) );
	}

	/**
	 * A test outcome.
	 *
	 * @param bool   $ok      Whether the site accepted the event.
	 * @param int    $status  HTTP status the provider got.
	 * @param string $message Readable outcome.
	 * @return array{ok: bool, status: int, message: string}
	 */
	private static function test_result( bool $ok, int $status, string $message ): array {
		return array(
			'ok'      => $ok,
			'status'  => $status,
			'message' => $message,
		);
	}

	/**
	 * A string from the provider's answer, or a fallback.
	 *
	 * @param mixed  $value    Value.
	 * @param string $fallback Fallback.
	 */
	private static function text( $value, string $fallback ): string {
		return is_string( $value ) && '' !== $value ? $value : $fallback;
	}
}
