<?php
/**
 * Receives the provider's webhook events.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Payments;

use Closure;
use Kestrel\Forms\Domain\Payments\PaymentStatus;
use Kestrel\Forms\Domain\Payments\WebhookSignature;
use Kestrel\Forms\Payments\Provider\ProviderError;
use Kestrel\Forms\Payments\Provider\SquareClient;
use Kestrel\Forms\Persistence\PaymentRepository;
use Kestrel\Forms\Settings\PaymentSettings;

/**
 * 1. The signature is mandatory: the raw body is checked against the stored signature key and
 *    notification URL of each environment that has a subscription (WebhookSignature). No key
 *    stored anywhere → WebhookRejected::UNCONFIGURED (503), never "accept unsigned"; no match
 *    (missing header, another key, one byte changed) → WebhookRejected::SIGNATURE (401), and
 *    nothing is read or written.
 * 2. Each event id is stored once (webhook_events, primary key): a duplicate delivery is answered
 *    `{duplicate: true}` and changes nothing. An event whose handling failed is handled again
 *    when the provider retries it.
 * 3. `payment.created` / `payment.updated`: the payment object of the event is applied
 *    (PaymentActions: forward-only status, details only from an object at least as new); when it
 *    is older than what is stored, names refunds, or has a status we cannot place, the payment is
 *    fetched from the provider and that is applied too. `refund.created` / `refund.updated`: the
 *    refund is recorded (a dashboard refund becomes a refund row without a user), then the
 *    payment is fetched to settle the refunded amount and status. Payments we do not know (made
 *    by something else on the same account) and other event types are acknowledged and ignored.
 * 4. A payment event for a payment the charge path is still working on is deferred (`in_progress`,
 *    with `retry_after`): not applied, not recorded as handled, answered 503 so that the provider
 *    delivers it again; the redelivery reclaims the event and applies it.
 *
 * @phpstan-type Outcome array{received: bool, duplicate?: bool, outcome: string, retry_after?: int}
 */
final class WebhookHandler {

	/** Retry-After (seconds) for an event about an attempt the charge path has not settled yet. */
	private const CHARGE_RETRY = 60;

	/**
	 * Builds the handler.
	 *
	 * @param PaymentSettings              $settings   Stored subscriptions (keys, URLs).
	 * @param PaymentRepository            $payments   Payments, refunds, webhook events.
	 * @param PaymentActions               $actions    Applies provider objects.
	 * @param Closure(string):SquareClient $client_for The provider client of an environment.
	 */
	public function __construct(
		private readonly PaymentSettings $settings,
		private readonly PaymentRepository $payments,
		private readonly PaymentActions $actions,
		private readonly Closure $client_for
	) {}

	/**
	 * Handles one delivery.
	 *
	 * @param string      $raw_body  The raw request body, exactly as received.
	 * @param string|null $signature The `x-square-hmacsha256-signature` header, null when missing.
	 * @return Outcome
	 * @throws WebhookRejected When the delivery is not accepted.
	 * @throws \Throwable What handling an accepted event threw (the event is marked for the retry).
	 */
	public function handle( string $raw_body, ?string $signature ): array {
		$environment = $this->verified_environment( $raw_body, $signature );
		$event       = json_decode( $raw_body, true );
		if ( ! is_array( $event ) ) {
			throw new WebhookRejected( WebhookRejected::INVALID );
		}
		$event_id = is_string( $event['event_id'] ?? null ) ? $event['event_id'] : '';
		$type     = is_string( $event['type'] ?? null ) ? $event['type'] : '';
		$object   = is_array( $event['data']['object'] ?? null ) ? $event['data']['object'] : array();
		$id       = is_string( $event['data']['id'] ?? null ) ? $event['data']['id'] : '';
		if ( '' === $event_id || ! PaymentRepository::ids_fit( array( 'event_id' => $event_id ) ) ) {
			throw new WebhookRejected( WebhookRejected::INVALID );
		}
		if ( ! $this->payments->insert_webhook_event( $event_id, $environment, $type, $id )
			&& ! $this->payments->reclaim_webhook_event( $event_id ) ) {
			return array(
				'received'  => true,
				'duplicate' => true,
				'outcome'   => 'duplicate',
			);
		}
		$wait = 'payment.created' === $type || 'payment.updated' === $type ? $this->charge_wait( $environment, is_array( $object['payment'] ?? null ) ? $object['payment'] : array() ) : 0;
		if ( $wait > 0 ) {
			// Not handled and not recorded as handled: answered 503 so that the provider delivers
			// it again, and that delivery (after the charge path settled the payment) applies it.
			$this->payments->defer_webhook_event( $event_id );
			return array(
				'received'    => false,
				'outcome'     => 'in_progress',
				'retry_after' => $wait,
			);
		}
		try {
			$outcome = match ( $type ) {
				'payment.created', 'payment.updated' => $this->on_payment( $environment, is_array( $object['payment'] ?? null ) ? $object['payment'] : array() ),
				'refund.created', 'refund.updated'   => $this->on_refund( $environment, is_array( $object['refund'] ?? null ) ? $object['refund'] : array() ),
				default                              => 'ignored',
			};
		} catch ( \Throwable $e ) {
			// Marked for another go: the provider retries a delivery that was not answered 2xx.
			$this->payments->finish_webhook_event( $event_id, PaymentRepository::WEBHOOK_FAILED );
			throw $e;
		}
		$this->payments->finish_webhook_event( $event_id, $outcome );
		return array(
			'received' => true,
			'outcome'  => $outcome,
		);
	}

	/**
	 * The environment whose stored key and URL sign this body.
	 *
	 * @param string      $raw_body  Raw body.
	 * @param string|null $signature Header.
	 * @throws WebhookRejected When no key is stored, or none matches.
	 */
	private function verified_environment( string $raw_body, ?string $signature ): string {
		$configured = false;
		foreach ( PaymentSettings::ENVIRONMENTS as $environment ) {
			$webhook = $this->settings->webhook( $environment );
			if ( '' === $webhook['signature_key'] || '' === $webhook['notification_url'] ) {
				continue;
			}
			$configured = true;
			if ( WebhookSignature::verify( $webhook['signature_key'], $webhook['notification_url'], $raw_body, $signature ) ) {
				return $environment;
			}
		}
		throw new WebhookRejected( $configured ? WebhookRejected::SIGNATURE : WebhookRejected::UNCONFIGURED );
	}

	/**
	 * A payment event.
	 *
	 * @param string               $environment Environment that signed it.
	 * @param array<string, mixed> $object      The event's payment object.
	 * @return string Outcome.
	 */
	private function on_payment( string $environment, array $object ): string {
		$stored = $this->find( $environment, is_string( $object['id'] ?? null ) ? $object['id'] : '' );
		if ( null === $stored ) {
			return 'unknown_payment';
		}
		$updated = $this->actions->apply_provider_payment( $stored, $object, 0 );
		$doubt   = PaymentActions::older( is_string( $object['updated_at'] ?? null ) ? $object['updated_at'] : '', (string) ( $stored['provider_updated_at'] ?? '' ) )
			|| ! empty( $object['refund_ids'] )
			|| ! in_array( $object['status'] ?? '', array( 'APPROVED', 'PENDING', 'COMPLETED', 'CANCELED', 'FAILED' ), true );
		if ( $doubt ) {
			$updated = $this->fetch( $updated );
		}
		return $updated['status'] !== $stored['status'] || $updated['refunded_minor'] !== $stored['refunded_minor'] ? 'updated' : 'unchanged';
	}

	/**
	 * A refund event.
	 *
	 * @param string               $environment Environment that signed it.
	 * @param array<string, mixed> $object      The event's refund object.
	 * @return string Outcome.
	 */
	private function on_refund( string $environment, array $object ): string {
		$stored = $this->find( $environment, is_string( $object['payment_id'] ?? null ) ? $object['payment_id'] : '' );
		if ( null === $stored ) {
			return 'unknown_payment';
		}
		$recorded = $this->actions->apply_provider_refund( $stored, $this->read_refund( $stored, $object ), 0 );
		$updated  = $this->fetch( $stored );
		return $recorded || $updated['status'] !== $stored['status'] || $updated['refunded_minor'] !== $stored['refunded_minor'] ? 'refund_recorded' : 'unchanged';
	}

	/**
	 * The refund as the provider has it now (events arrive out of order), or the event's own
	 * object when the provider does not answer.
	 *
	 * @param array<string, mixed> $payment Stored payment.
	 * @param array<string, mixed> $object  The event's refund object.
	 * @return array<string, mixed>
	 */
	private function read_refund( array $payment, array $object ): array {
		$refund_id = is_string( $object['id'] ?? null ) ? $object['id'] : '';
		if ( '' === $refund_id ) {
			return $object;
		}
		try {
			return ( $this->client_for )( (string) $payment['environment'] )->get_refund( $refund_id );
		} catch ( ProviderError $e ) {
			return $object;
		}
	}

	/**
	 * Fetches the payment from the provider and applies it; without an answer, the stored refunds
	 * settle what they can.
	 *
	 * @param array<string, mixed> $payment Stored payment.
	 * @return array<string, mixed> The stored payment afterwards.
	 */
	private function fetch( array $payment ): array {
		return $this->actions->refresh( $payment, 0 );
	}

	/**
	 * Seconds to wait before the provider delivers this payment event again, when the charge path
	 * (Payments\ChargePayment, or the reconcile job) still owns the payment: no entry yet, still
	 * `processing`, or authorized in charge mode less than {@see ChargePayment::takeover_age()}
	 * seconds ago (its completion is on its way; the same age after which the charge path lets go);
	 * 0 when the event may be applied now. The charge path records the provider's answers itself;
	 * a webhook applied now would race it (and move the status under its feet), so the event is
	 * deferred, never dropped: it is answered 503 and handled on the redelivery.
	 *
	 * @param string               $environment Environment that signed it.
	 * @param array<string, mixed> $object      The event's payment object.
	 */
	private function charge_wait( string $environment, array $object ): int {
		$payment = $this->find( $environment, is_string( $object['id'] ?? null ) ? $object['id'] : '' );
		if ( null === $payment ) {
			return 0;
		}
		if ( null === $payment['entry_id'] || PaymentStatus::PROCESSING === $payment['status'] ) {
			return self::CHARGE_RETRY;
		}
		$updated = strtotime( (string) $payment['updated_at'] . ' UTC' );
		if ( 'charge' !== $payment['capture_mode'] || PaymentStatus::AUTHORIZED !== $payment['status'] || false === $updated ) {
			return 0;
		}
		// The charge path's own window: a charge-mode authorisation older than the take-over age is
		// no longer its request's (ChargePayment::settling(), the reconcile job), so it is ours.
		$left = ChargePayment::takeover_age() - ( time() - $updated );
		return $left > 0 ? $left : 0;
	}

	/**
	 * Our payment with this provider id, made in the environment that signed the event.
	 *
	 * @param string $environment Environment.
	 * @param string $provider_id Provider payment id.
	 * @return array<string, mixed>|null
	 */
	private function find( string $environment, string $provider_id ): ?array {
		if ( '' === $provider_id ) {
			return null;
		}
		$payment = $this->payments->find_by_provider_payment_id( $provider_id );
		return null !== $payment && $environment === $payment['environment'] ? $payment : null;
	}
}
