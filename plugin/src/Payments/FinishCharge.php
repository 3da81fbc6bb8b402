<?php
/**
 * The end of a charge after its entry is stored: the capture in charge mode and what follows.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Payments;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Domain\Payments\PaymentStatus;
use Kestrel\Forms\Payments\Provider\ProviderError;
use Kestrel\Forms\Payments\Provider\SquareClient;
use Kestrel\Forms\Persistence\PaymentRepository;

/**
 * {@see ChargePayment::finish()}: the submitting request's settle() and the reconcile job's
 * repair of a charge-mode payment left authorized both end here.
 */
final class FinishCharge {

	/**
	 * Builds the step.
	 *
	 * @param PaymentRepository $payments Payments.
	 * @param ChargePayment     $charge   The charge (client, notes, redaction, the actions).
	 */
	public function __construct(
		private readonly PaymentRepository $payments,
		private readonly ChargePayment $charge
	) {}

	/**
	 * The rest of settle() after its first note: the capture in charge mode, the token redacted, the draft
	 * dropped, the move announced. The reconcile job calls it for a charge-mode payment left
	 * authorized (its request ended before settle() did, or the capture's outcome stayed
	 * unknown): then a capture that stays unknown adds no note again.
	 *
	 * @param array<string, mixed> $attempt The attempt (or the payment row).
	 * @param Entry                $entry   The stored entry.
	 * @param Form                 $form    The form.
	 * @param bool                 $again   Whether this is the reconcile job's retry.
	 * @return array<string, mixed> The payment row as it is now.
	 */
	public function finish( array $attempt, Entry $entry, Form $form, bool $again = false ): array {
		$id      = (int) $attempt['id'];
		$payment = (array) $this->payments->find( $id );
		// The status attach() moved the attempt to, in the entry's transaction.
		$moved = PaymentStatus::from_provider( (string) $attempt['provider_status'], (int) $attempt['amount_minor'] ) ?? PaymentStatus::AUTHORIZED;
		if ( PaymentStatus::AUTHORIZED === $moved && 'charge' === $payment['capture_mode'] ) {
			$moved = PaymentStatus::AUTHORIZED === $payment['status'] ? $this->capture( $payment, $entry, $again ) : null;
		}
		$this->charge->redact( $id );
		// The entry is written: the visitor's values are in it, the draft is not needed any more.
		$this->payments->drop_entry_draft( $id );
		$payment = (array) $this->payments->find( $id );
		if ( null === $moved || $moved !== $payment['status'] ) {
			// Another worker moved it (and announced that move): nothing more to say here.
			return $payment;
		}
		ChargePayment::announce( $payment, $entry, $form );
		if ( PaymentStatus::PAID === $payment['status'] ) {
			$this->charge->note( $entry->id, $this->charge->describe( __( 'Payment completed', 'kestrel-forms' ), $payment ) );
		} elseif ( PaymentStatus::PENDING === $payment['status'] ) {
			$this->charge->note( $entry->id, $this->charge->describe( __( 'Payment pending', 'kestrel-forms' ), $payment ) );
		}
		return $payment;
	}

	/**
	 * CompletePayment of a charge-mode authorisation whose entry is stored. When its outcome is
	 * unknown (no answer: the capture may have happened) the payment is read back: COMPLETED →
	 * paid; still APPROVED → completed again with the version token just read. Still unknown →
	 * the payment stays authorized, marked {@see ChargePayment::CAPTURE_UNKNOWN}, and the reconcile job
	 * completes it later. A capture the provider refused is left to the manager (a note says so).
	 *
	 * @param array<string, mixed> $payment The payment (authorized).
	 * @param Entry                $entry   Its entry.
	 * @param bool                 $again   The reconcile job's retry (no second "retried" note).
	 * @return string|null The status this call leaves it in (paid; authorized when the capture
	 *                     failed), or null when another worker moved it meanwhile.
	 */
	private function capture( array $payment, Entry $entry, bool $again = false ): ?string {
		$id  = (int) $payment['id'];
		$api = $this->charge->client( (string) $payment['environment'] );
		try {
			$completed = $api->complete_payment( (string) $payment['provider_payment_id'], self::text_or_null( $payment['version_token'] ) );
		} catch ( ProviderError $e ) {
			$completed = $e->is_unknown() ? $this->confirm_capture( $api, $payment ) : null;
			if ( null === $completed ) {
				$this->payments->update_details(
					$id,
					array(
						'error_code'   => $e->is_unknown() ? ChargePayment::CAPTURE_UNKNOWN : substr( $e->code(), 0, 100 ),
						'error_detail' => $e->code() . ': ' . $e->detail(),
					)
				);
				$now = $this->payments->find( $id );
				if ( null === $now || PaymentStatus::AUTHORIZED !== $now['status'] ) {
					return null; // Captured or voided elsewhere meanwhile (that is why this one failed).
				}
				if ( ! $e->is_unknown() ) {
					$this->charge->note( $entry->id, __( 'The payment is authorized but the provider refused to capture it. Capture it from this entry.', 'kestrel-forms' ) );
				} elseif ( ! $again ) {
					$this->charge->note( $entry->id, __( 'The payment is authorized but its capture could not be confirmed yet; it is retried automatically.', 'kestrel-forms' ) );
				}
				return PaymentStatus::AUTHORIZED;
			}
		}
		$details               = ChargePayment::details( $completed );
		$details['error_code'] = null;
		return $this->payments->mark_status( $id, PaymentStatus::PAID, $details ) ? PaymentStatus::PAID : null;
	}

	/**
	 * After a capture without an answer: the provider's payment, completed — read back when the
	 * capture happened, or completed again (with the version token just read) when it is still
	 * APPROVED. Null when that is not known either.
	 *
	 * @param SquareClient         $api     The client.
	 * @param array<string, mixed> $payment The payment row.
	 * @return array<string, mixed>|null The COMPLETED provider payment.
	 */
	private function confirm_capture( SquareClient $api, array $payment ): ?array {
		$provider_id = (string) $payment['provider_payment_id'];
		try {
			$now = $api->get_payment( $provider_id );
			if ( 'APPROVED' === ( $now['status'] ?? '' ) ) {
				$now = $api->complete_payment( $provider_id, self::text_or_null( $now['version_token'] ?? null ) );
			}
		} catch ( ProviderError ) {
			return null;
		}
		return 'COMPLETED' === ( $now['status'] ?? '' ) ? $now : null;
	}

	/**
	 * A text column's value, or null.
	 *
	 * @param mixed $value Value.
	 */
	private static function text_or_null( mixed $value ): ?string {
		return is_string( $value ) && '' !== $value ? $value : null;
	}
}
