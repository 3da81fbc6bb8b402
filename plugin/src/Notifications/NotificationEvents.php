<?php
/**
 * Hooks the notifications onto the events they are sent on.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Notifications;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Domain\Form\Form;

/**
 * `form_submission` on `kestrel_forms_submission_after` (an entry stored, never spam: spam fires
 * kestrel_forms_submission_spam instead), and `payment_{completed|pending|failed|refunded}` on
 * the payment actions of the same names (Payments\ChargePayment, Payments\PaymentActions).
 */
final class NotificationEvents {

	/** Payment actions → notification events. */
	public const PAYMENT_ACTIONS = array(
		'kestrel_forms_payment_completed' => 'payment_completed',
		'kestrel_forms_payment_pending'   => 'payment_pending',
		'kestrel_forms_payment_failed'    => 'payment_failed',
		'kestrel_forms_payment_refunded'  => 'payment_refunded',
	);

	/**
	 * Takes the mailer (built on first use when not given).
	 *
	 * @param Mailer|null $mailer Mailer.
	 */
	public function __construct( private ?Mailer $mailer = null ) {}

	/**
	 * Adds the hooks.
	 */
	public function register(): void {
		add_action( 'kestrel_forms_submission_after', array( $this, 'on_submission' ), 10, 2 );
		foreach ( array_keys( self::PAYMENT_ACTIONS ) as $action ) {
			add_action( $action, array( $this, 'on_payment' ), 10, 3 );
		}
	}

	/**
	 * A stored submission.
	 *
	 * @param mixed $entry The entry.
	 * @param mixed $form  The form.
	 */
	public function on_submission( $entry = null, $form = null ): void {
		if ( $entry instanceof Entry && $form instanceof Form ) {
			$this->mailer()->notify( 'form_submission', $form, $entry );
		}
	}

	/**
	 * A payment status move.
	 *
	 * @param mixed $payment The payment row.
	 * @param mixed $entry   The entry.
	 * @param mixed $form    The form.
	 */
	public function on_payment( $payment = null, $entry = null, $form = null ): void {
		$event = self::PAYMENT_ACTIONS[ (string) current_action() ] ?? null;
		if ( null !== $event && $entry instanceof Entry && $form instanceof Form ) {
			$this->mailer()->notify( $event, $form, $entry );
		}
	}

	/**
	 * The mailer.
	 */
	private function mailer(): Mailer {
		return $this->mailer ??= new Mailer();
	}
}
