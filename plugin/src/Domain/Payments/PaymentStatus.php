<?php
/**
 * The payment status machine.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\Payments;

/**
 * Statuses of a stored payment and the only moves between them. Statuses never go back: a late
 * webhook or a replayed answer that would move a payment backwards (paid → authorized, refunded →
 * paid) is ignored. Persistence\PaymentRepository enforces the same rule in SQL (a conditional
 * UPDATE), so two workers racing cannot regress a row either.
 *
 * Pure: no WordPress, no database.
 */
final class PaymentStatus {

	public const PROCESSING         = 'processing';
	public const AUTHORIZED         = 'authorized';
	public const PENDING            = 'pending';
	public const PAID               = 'paid';
	public const PARTIALLY_REFUNDED = 'partially_refunded';
	public const REFUNDED           = 'refunded';
	public const VOIDED             = 'voided';
	public const FAILED             = 'failed';
	/** Reserved for subscriptions (a later issue). */
	public const ACTIVE = 'active';
	/** Reserved for subscriptions (a later issue). */
	public const CANCELLED = 'cancelled';

	/** Every status, in the order of the machine. */
	public const ALL = array(
		self::PROCESSING,
		self::AUTHORIZED,
		self::PENDING,
		self::PAID,
		self::PARTIALLY_REFUNDED,
		self::REFUNDED,
		self::VOIDED,
		self::FAILED,
		self::ACTIVE,
		self::CANCELLED,
	);

	/**
	 * Allowed forward moves: from => list of targets.
	 *
	 * @var array<string, list<string>>
	 */
	private const MOVES = array(
		self::PROCESSING         => array( self::AUTHORIZED, self::PENDING, self::PAID, self::FAILED, self::VOIDED ),
		self::AUTHORIZED         => array( self::PAID, self::VOIDED, self::FAILED ),
		self::PENDING            => array( self::PAID, self::FAILED ),
		self::PAID               => array( self::PARTIALLY_REFUNDED, self::REFUNDED ),
		self::PARTIALLY_REFUNDED => array( self::PARTIALLY_REFUNDED, self::REFUNDED ),
	);

	/**
	 * Whether a payment may move from one status to another.
	 *
	 * @param string $from Current status.
	 * @param string $to   Wanted status.
	 */
	public static function can_move( string $from, string $to ): bool {
		return in_array( $to, self::MOVES[ $from ] ?? array(), true );
	}

	/**
	 * The statuses a payment may be in to move to $to (for the conditional UPDATE).
	 *
	 * @param string $to Wanted status.
	 * @return list<string>
	 */
	public static function sources_of( string $to ): array {
		$from = array();
		foreach ( self::MOVES as $source => $targets ) {
			if ( in_array( $to, $targets, true ) ) {
				$from[] = $source;
			}
		}
		return $from;
	}

	/**
	 * Whether nothing can change the status any more.
	 *
	 * @param string $status Status.
	 */
	public static function is_final( string $status ): bool {
		return array() === ( self::MOVES[ $status ] ?? array() );
	}

	/**
	 * Whether the status means the money was taken or is held (an entry is owed to the visitor).
	 *
	 * @param string $status Status.
	 */
	public static function is_taken( string $status ): bool {
		return in_array( $status, array( self::AUTHORIZED, self::PENDING, self::PAID, self::PARTIALLY_REFUNDED, self::REFUNDED ), true );
	}

	/**
	 * Our status for a provider payment status: APPROVED → authorized, PENDING → pending,
	 * COMPLETED → paid, partially_refunded or refunded (by the refunded amount), CANCELED →
	 * voided, FAILED → failed. Null for a status this machine does not know.
	 *
	 * @param string $provider_status Provider status (APPROVED, PENDING, COMPLETED, CANCELED, FAILED).
	 * @param int    $amount_minor    The payment's amount (minor units).
	 * @param int    $refunded_minor  Refunded so far (minor units).
	 */
	public static function from_provider( string $provider_status, int $amount_minor, int $refunded_minor = 0 ): ?string {
		switch ( strtoupper( $provider_status ) ) {
			case 'APPROVED':
				return self::AUTHORIZED;
			case 'PENDING':
				return self::PENDING;
			case 'COMPLETED':
				if ( $refunded_minor <= 0 ) {
					return self::PAID;
				}
				return $refunded_minor >= $amount_minor ? self::REFUNDED : self::PARTIALLY_REFUNDED;
			case 'CANCELED':
			case 'CANCELLED':
				return self::VOIDED;
			case 'FAILED':
				return self::FAILED;
			default:
				return null;
		}
	}
}
