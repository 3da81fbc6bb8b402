<?php
/**
 * The record of a payment after the charge: what the provider says, applied.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Payments;

use Closure;
use Kestrel\Forms\Domain\Money\Currencies;
use Kestrel\Forms\Domain\Money\Decimal;
use Kestrel\Forms\Domain\Money\Numbers;
use Kestrel\Forms\Domain\Payments\PaymentStatus;
use Kestrel\Forms\Payments\Provider\ProviderError;
use Kestrel\Forms\Payments\Provider\SquareClient;
use Kestrel\Forms\Persistence\EntryRepository;
use Kestrel\Forms\Persistence\EntryWorkspaceRepository;
use Kestrel\Forms\Persistence\FormRepository;
use Kestrel\Forms\Persistence\PaymentRepository;

/**
 * The part of {@see PaymentActions} that every verb shares: provider payment and refund objects
 * applied to the stored payment (status forward only, refunded amount never lower, details only
 * from an object at least as new), the entry notes, and the
 * `kestrel_forms_payment_{completed|pending|failed|refunded|authorized|voided}` actions fired when
 * a payment's status moves.
 *
 * @phpstan-type Payment array<string, mixed>
 * @phpstan-type Refund array<string, mixed>
 * @phpstan-type State array{payment: Payment, refunds: list<Refund>}
 */
final class PaymentLedger {

	/** The action fired when a payment reaches a status. */
	private const STATUS_ACTIONS = array(
		PaymentStatus::PAID               => 'kestrel_forms_payment_completed',
		PaymentStatus::PENDING            => 'kestrel_forms_payment_pending',
		PaymentStatus::FAILED             => 'kestrel_forms_payment_failed',
		PaymentStatus::PARTIALLY_REFUNDED => 'kestrel_forms_payment_refunded',
		PaymentStatus::REFUNDED           => 'kestrel_forms_payment_refunded',
		PaymentStatus::AUTHORIZED         => 'kestrel_forms_payment_authorized',
		PaymentStatus::VOIDED             => 'kestrel_forms_payment_voided',
	);

	/**
	 * Builds the ledger.
	 *
	 * @param PaymentRepository            $payments   Payments, refunds and webhook events.
	 * @param EntryWorkspaceRepository     $workspace  Entry notes.
	 * @param EntryRepository              $entries    Entries (for the actions' arguments).
	 * @param FormRepository               $forms      Forms (for the actions' arguments).
	 * @param Closure(string):SquareClient $client_for The provider client of an environment.
	 */
	public function __construct(
		private readonly PaymentRepository $payments,
		private readonly EntryWorkspaceRepository $workspace,
		private readonly EntryRepository $entries,
		private readonly FormRepository $forms,
		private readonly Closure $client_for
	) {}

	/**
	 * Applies a payment object from the provider (an answer, a fetch or a webhook) to the stored
	 * payment: refunds it names that are not known (or still pending) are read and recorded, the
	 * refunded amount never goes down, details are taken only from an object at least as new as
	 * the last one applied, and the status moves forward only.
	 *
	 * @param Payment              $payment  Stored payment.
	 * @param array<string, mixed> $provider Provider payment object.
	 * @param int                  $user_id  Acting user (0 for webhooks).
	 * @param bool                 $read_refunds Whether to read the refunds it names from the provider.
	 * @return Payment The stored payment afterwards.
	 */
	public function apply_provider_payment( array $payment, array $provider, int $user_id, bool $read_refunds = true ): array {
		if ( $read_refunds ) {
			foreach ( is_array( $provider['refund_ids'] ?? null ) ? $provider['refund_ids'] : array() as $refund_id ) {
				if ( ! is_string( $refund_id ) || '' === $refund_id ) {
					continue;
				}
				$known = $this->payments->find_refund_by_provider_id( $refund_id );
				if ( null !== $known && 'pending' !== $known['status'] ) {
					continue;
				}
				try {
					$this->apply_provider_refund( $payment, $this->client( $payment )->get_refund( $refund_id ), 0 );
				} catch ( ProviderError $e ) {
					continue; // The payment's refunded_money still counts it below.
				}
			}
		}
		$updated_at = is_string( $provider['updated_at'] ?? null ) ? $provider['updated_at'] : '';
		$fields     = array();
		if ( ! self::older( $updated_at, (string) ( $payment['provider_updated_at'] ?? '' ) ) ) {
			// The one cleaner of provider objects (receipt http(s) only, 4-digit last 4, brand name).
			$clean  = ProviderDetails::clean( $provider );
			$fields = array_filter(
				array_intersect_key( $clean, array_flip( array( 'provider_status', 'version_token', 'receipt_url', 'provider_updated_at' ) ) ),
				static fn( string $value ): bool => '' !== $value
			);
			foreach ( array( 'brand', 'last4' ) as $column ) {
				if ( '' === (string) $payment[ $column ] && '' !== $clean[ $column ] ) {
					$fields[ $column ] = $clean[ $column ];
				}
			}
		}
		// The refunded amount comes from the refunds themselves (read above), not from the
		// payment's refunded_money, which also counts refunds still pending.
		return $this->settle( $payment, is_string( $provider['status'] ?? null ) ? $provider['status'] : '', $fields, $user_id );
	}

	/**
	 * Records a refund object from the provider: our own refund (found by its provider id, or
	 * still waiting for it: same payment and amount, pending, no id yet) gets its id and final
	 * status; a refund made elsewhere (the provider's dashboard) is added without a user. A
	 * refund's status moves only from pending. Notes say what changed.
	 *
	 * @param Payment              $payment Stored payment.
	 * @param array<string, mixed> $refund  Provider refund object.
	 * @param int                  $user_id Acting user (0 for webhooks and fetches).
	 * @return bool Whether anything changed.
	 */
	public function apply_provider_refund( array $payment, array $refund, int $user_id ): bool {
		$provider_id = is_string( $refund['id'] ?? null ) ? $refund['id'] : '';
		$amount      = is_numeric( $refund['amount_money']['amount'] ?? null ) ? (int) $refund['amount_money']['amount'] : 0;
		$status      = self::refund_status( is_string( $refund['status'] ?? null ) ? $refund['status'] : '' );
		if ( '' === $provider_id || $amount < 1 ) {
			return false;
		}
		$known = $this->payments->find_refund_by_provider_id( $provider_id ) ?? $this->adopt( (int) $payment['id'], $amount, $provider_id );
		if ( null === $known ) {
			$id = $this->payments->insert_refund(
				array(
					'payment_id'         => (int) $payment['id'],
					'provider_refund_id' => $provider_id,
					// Not a key we send: unique per provider refund id, whatever its length.
					'idempotency_key'    => 'provider-' . substr( hash( 'sha256', $provider_id ), 0, 55 ),
					'amount_minor'       => $amount,
					'currency'           => (string) $payment['currency'],
					'status'             => $status,
					'reason'             => is_string( $refund['reason'] ?? null ) ? substr( $refund['reason'], 0, 255 ) : '',
					'user_id'            => 0,
				)
			);
			if ( $id > 0 ) {
				$this->note(
					$payment,
					$user_id,
					sprintf(
						/* translators: 1: amount, 2: refund status, 3: provider refund id. */
						__( 'Refund of %1$s made outside this site (e.g. in the payment provider\'s dashboard): %2$s (refund %3$s).', 'kestrel-forms' ),
						self::money( $amount, (string) $payment['currency'] ),
						self::refund_status_text( $status ),
						$provider_id
					)
				);
			}
			return $id > 0;
		}
		if ( 'pending' === $status || 'pending' !== $known['status'] || ! $this->payments->settle_refund( (int) $known['id'], $status ) ) {
			return false;
		}
		$this->note(
			$payment,
			$user_id,
			sprintf(
				/* translators: 1: amount, 2: refund status, 3: provider refund id. */
				__( 'Refund of %1$s %2$s (refund %3$s).', 'kestrel-forms' ),
				self::money( $amount, (string) $payment['currency'] ),
				self::refund_status_text( $status ),
				$provider_id
			)
		);
		return true;
	}

	/**
	 * Reads the payment from the provider and applies it; without an answer, the stored refunds
	 * alone settle the status.
	 *
	 * @param Payment $payment Stored payment.
	 * @param int     $user_id Acting user.
	 * @return Payment
	 */
	public function refresh( array $payment, int $user_id ): array {
		try {
			$provider = $this->client( $payment )->get_payment( (string) $payment['provider_payment_id'] );
		} catch ( ProviderError $e ) {
			$current = $this->payments->find( (int) $payment['id'] ) ?? $payment;
			return $this->settle( $current, (string) $current['provider_status'], array(), $user_id );
		}
		return $this->apply_provider_payment( $payment, $provider, $user_id );
	}

	/**
	 * Sets the refunded amount (the completed refunds; never lower) and moves the status forward
	 * when the provider's status says so; notes and fires the action when it moved.
	 *
	 * @param Payment              $payment         Stored payment.
	 * @param string               $provider_status Provider status ('' keeps the stored one).
	 * @param array<string, mixed> $fields          Other columns to write.
	 * @param int                  $user_id         Acting user.
	 * @return Payment The stored payment afterwards.
	 */
	public function settle( array $payment, string $provider_status, array $fields, int $user_id ): array {
		$completed = 0;
		foreach ( $this->payments->refunds_for_payment( (int) $payment['id'] ) as $refund ) {
			$completed += 'completed' === $refund['status'] ? (int) $refund['amount_minor'] : 0;
		}
		$refunded                 = min( (int) $payment['amount_minor'], max( (int) $payment['refunded_minor'], $completed ) );
		$fields['refunded_minor'] = $refunded;
		$provider_status          = '' !== $provider_status ? $provider_status : (string) $payment['provider_status'];
		$target                   = PaymentStatus::from_provider( $provider_status, (int) $payment['amount_minor'], $refunded );
		$from                     = (string) $payment['status'];
		$moves                    = null !== $target && PaymentStatus::can_move( $from, $target )
			&& ( $target !== $from || $refunded > (int) $payment['refunded_minor'] );
		$refund_move              = in_array( $target, array( PaymentStatus::PARTIALLY_REFUNDED, PaymentStatus::REFUNDED ), true );
		$moved                    = $moves && ( $refund_move
			? $this->payments->mark_refunded( (int) $payment['id'], (string) $target, $refunded, $fields )
			: $this->payments->mark_status( (int) $payment['id'], (string) $target, $fields ) );
		if ( $moved ) {
			$after = $this->payments->find( (int) $payment['id'] ) ?? $payment;
			$this->announce( $after, $from, $user_id );
			return $after;
		}
		if ( PaymentStatus::FAILED === $target && 'FAILED' !== strtoupper( (string) $payment['provider_status'] )
			&& in_array( $from, array( PaymentStatus::PAID, PaymentStatus::PARTIALLY_REFUNDED, PaymentStatus::REFUNDED ), true ) ) {
			$this->failed_after_paid( $payment, $user_id );
			$fields['provider_status'] = 'FAILED'; // Noted once: a repeated event is not new.
		}
		// Not moved (nothing new, or another worker moved it first): the refunded amount is left
		// as stored, never written back lower.
		unset( $fields['refunded_minor'] );
		if ( $fields ) {
			$this->payments->update_details( (int) $payment['id'], $fields );
		}
		return $this->payments->find( (int) $payment['id'] ) ?? $payment;
	}

	/**
	 * The provider reports FAILED for a payment already paid (a bank transfer returned after it
	 * settled): the status stays (paid is final here), the entry gets a note and
	 * `kestrel_forms_payment_failed_after_paid` fires so the site owner can act.
	 *
	 * @param Payment $payment Stored payment.
	 * @param int     $user_id Acting user.
	 */
	private function failed_after_paid( array $payment, int $user_id ): void {
		$this->note(
			$payment,
			$user_id,
			/* translators: %s: amount. */
			sprintf( __( 'The provider now reports the payment of %s as failed after it was completed; check it in the provider\'s dashboard (the entry still says paid).', 'kestrel-forms' ), self::money( (int) $payment['amount_minor'], (string) $payment['currency'] ) )
		);
		$entry = null !== $payment['entry_id'] ? $this->entries->find( (int) $payment['entry_id'] ) : null;
		$form  = $this->forms->find( (int) $payment['form_id'] );
		if ( null !== $entry && null !== $form ) {
			/**
			 * Fires when the provider reports a paid payment as failed (an ACH transfer returned
			 * after it settled). The payment's status is not changed.
			 *
			 * @param array<string, mixed> $payment The payment row (no token).
			 * @param \Kestrel\Forms\Domain\Entry\Entry $entry The entry.
			 * @param \Kestrel\Forms\Domain\Form\Form   $form  The form.
			 */
			do_action( 'kestrel_forms_payment_failed_after_paid', PaymentRepository::public_row( $payment ), $entry, $form );
		}
	}

	/**
	 * The note and the action of a status move.
	 *
	 * @param Payment $payment Payment after the move.
	 * @param string  $from    Status before.
	 * @param int     $user_id Acting user.
	 */
	private function announce( array $payment, string $from, int $user_id ): void {
		$status = (string) $payment['status'];
		$amount = self::money( (int) $payment['amount_minor'], (string) $payment['currency'] );
		switch ( $status ) {
			case PaymentStatus::PAID:
				/* translators: %s: amount. */
				$note = PaymentStatus::AUTHORIZED === $from ? sprintf( __( 'Payment of %s captured.', 'kestrel-forms' ), $amount ) : sprintf( __( 'Payment of %s completed.', 'kestrel-forms' ), $amount );
				break;
			case PaymentStatus::VOIDED:
				/* translators: %s: amount. */
				$note = sprintf( __( 'Payment of %s voided: the hold on the card is released.', 'kestrel-forms' ), $amount );
				break;
			case PaymentStatus::FAILED:
				/* translators: %s: amount. */
				$note = sprintf( __( 'Payment of %s failed.', 'kestrel-forms' ), $amount );
				break;
			case PaymentStatus::PARTIALLY_REFUNDED:
			case PaymentStatus::REFUNDED:
				$note = sprintf(
					/* translators: 1: status, 2: refunded amount, 3: payment amount. */
					__( 'Payment %1$s: %2$s of %3$s refunded.', 'kestrel-forms' ),
					PaymentStatus::REFUNDED === $status ? __( 'refunded', 'kestrel-forms' ) : __( 'partially refunded', 'kestrel-forms' ),
					self::money( (int) $payment['refunded_minor'], (string) $payment['currency'] ),
					$amount
				);
				break;
			default:
				/* translators: 1: amount, 2: status. */
				$note = sprintf( __( 'Payment of %1$s is now %2$s.', 'kestrel-forms' ), $amount, str_replace( '_', ' ', $status ) );
		}
		$this->note( $payment, $user_id, $note );
		$action = self::STATUS_ACTIONS[ $status ] ?? null;
		$entry  = null !== $payment['entry_id'] ? $this->entries->find( (int) $payment['entry_id'] ) : null;
		$form   = $this->forms->find( (int) $payment['form_id'] );
		if ( null !== $action && null !== $entry && null !== $form ) {
			// One of kestrel_forms_payment_{completed|pending|failed|refunded|authorized|voided} (STATUS_ACTIONS).
			do_action( $action, PaymentRepository::public_row( $payment ), $entry, $form ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- every name is a kestrel_forms_ constant.
		}
	}

	/**
	 * Adds a note to the payment's entry.
	 *
	 * @param Payment $payment Payment.
	 * @param int     $user_id Author (0: the system, e.g. a webhook).
	 * @param string  $note    Text.
	 */
	public function note( array $payment, int $user_id, string $note ): void {
		if ( null !== $payment['entry_id'] ) {
			$this->workspace->add_note( (int) $payment['entry_id'], $user_id, $note );
		}
	}

	/**
	 * The payment of an entry.
	 *
	 * @param int $entry_id Entry id.
	 * @return Payment
	 * @throws PaymentActionRefused When there is none.
	 */
	public function require_payment( int $entry_id ): array {
		$payment = $this->payments->find_by_entry( $entry_id );
		if ( null === $payment ) {
			throw PaymentActionRefused::not_found();
		}
		return $payment;
	}

	/**
	 * A payment with its refunds.
	 *
	 * @param Payment $payment Payment.
	 * @return State
	 */
	public function state_of( array $payment ): array {
		$fresh = $this->payments->find( (int) $payment['id'] ) ?? $payment;
		return array(
			'payment' => $fresh,
			'refunds' => $this->payments->refunds_for_payment( (int) $fresh['id'] ),
		);
	}

	/**
	 * Our pending refund of this amount still waiting for its provider id (the provider's webhook
	 * can arrive before its answer to us), given that id now.
	 *
	 * @param int    $payment_id  Payment id.
	 * @param int    $amount      Minor units.
	 * @param string $provider_id Provider refund id.
	 * @return Refund|null
	 */
	private function adopt( int $payment_id, int $amount, string $provider_id ): ?array {
		foreach ( $this->payments->refunds_for_payment( $payment_id ) as $refund ) {
			if ( 'pending' === $refund['status'] && empty( $refund['provider_refund_id'] ) && $amount === (int) $refund['amount_minor']
				&& $this->payments->attach_provider_refund_id( (int) $refund['id'], $provider_id ) ) {
				return $this->payments->find_refund( (int) $refund['id'] );
			}
		}
		return null;
	}

	/**
	 * The provider client of the payment's environment.
	 *
	 * @param Payment $payment Payment.
	 */
	public function client( array $payment ): SquareClient {
		return ( $this->client_for )( (string) $payment['environment'] );
	}

	/**
	 * Our refund status for the provider's.
	 *
	 * @param string $status PENDING, COMPLETED, REJECTED or FAILED.
	 */
	public static function refund_status( string $status ): string {
		$status = strtolower( $status );
		return in_array( $status, array( 'completed', 'rejected', 'failed' ), true ) ? $status : 'pending';
	}

	/**
	 * A refund status in words.
	 *
	 * @param string $status pending, completed, rejected or failed.
	 */
	public static function refund_status_text( string $status ): string {
		switch ( $status ) {
			case 'completed':
				return __( 'completed', 'kestrel-forms' );
			case 'rejected':
				return __( 'rejected by the payment provider', 'kestrel-forms' );
			case 'failed':
				return __( 'failed', 'kestrel-forms' );
			default:
				return __( 'pending at the payment provider', 'kestrel-forms' );
		}
	}

	/**
	 * Whether a provider timestamp is older than another (RFC 3339; '' is never older and
	 * nothing is older than '').
	 *
	 * @param string $time  Timestamp.
	 * @param string $than  Timestamp.
	 */
	public static function older( string $time, string $than ): bool {
		$a = self::sortable( $time );
		$b = self::sortable( $than );
		return '' !== $a && '' !== $b && $a < $b;
	}

	/**
	 * An RFC 3339 timestamp as a string that sorts by time (UTC, microseconds), '' when unreadable.
	 *
	 * @param string $time Timestamp such as 2026-11-25T12:00:00.123456789Z.
	 */
	private static function sortable( string $time ): string {
		if ( ! preg_match( '/^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:?\d{2})?$/i', trim( $time ), $m ) ) {
			return '';
		}
		$zone = isset( $m[4] ) && 'Z' !== strtoupper( $m[4] ) ? $m[4] : '+00:00';
		try {
			$date = new \DateTimeImmutable( $m[1] . 'T' . $m[2] . $zone );
		} catch ( \Exception $e ) {
			return '';
		}
		return $date->setTimezone( new \DateTimeZone( 'UTC' ) )->format( 'Y-m-d H:i:s' ) . '.' . str_pad( substr( $m[3] ?? '', 0, 9 ), 9, '0' );
	}

	/**
	 * Money in the payment's currency ("$10.00").
	 *
	 * @param int    $minor    Minor units.
	 * @param string $currency ISO code.
	 */
	public static function money( int $minor, string $currency ): string {
		return Numbers::format_money( Decimal::from_minor_units( $minor, (int) Currencies::get( $currency )['decimals'] ), $currency );
	}

	/**
	 * Why the provider could not be reached.
	 *
	 * @param ProviderError $e Failure.
	 */
	public static function unreachable( ProviderError $e ): string {
		return 'auth' === $e->kind()
			? __( 'The payment provider refused the access token of this payment\'s environment. Check the credentials under Forms → Settings → Payments.', 'kestrel-forms' )
			: __( 'The payment provider did not answer. Please try again in a moment.', 'kestrel-forms' );
	}
}
