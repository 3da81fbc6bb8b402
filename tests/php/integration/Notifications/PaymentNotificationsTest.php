<?php
/**
 * Notifications on payment events, and header injection through stored values and settings.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Notifications;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Notifications\Mailer;
use Kestrel\Forms\Persistence\FormRepository;
use Kestrel\Forms\Tests\Integration\Payments\PaymentFixtures;

final class PaymentNotificationsTest extends NotificationsTestCase {

	use PaymentFixtures;

	protected function set_up(): void {
		parent::set_up();
		$this->as_admin();
		$this->set_up_payments();
	}

	protected function tear_down(): void {
		$this->tear_down_payments();
		parent::tear_down();
	}

	/**
	 * Gives the fixtures' order form notifications.
	 *
	 * @param list<array<string, mixed>> $notifications Notifications.
	 */
	private function notify_with( array $notifications ): void {
		$forms      = new FormRepository();
		$definition = $forms->find( $this->form_id )->definition;
		$forms->update( $this->form_id, array( 'notifications' => $notifications ) + $definition );
	}

	public function test_a_refund_sends_the_payment_refunded_notification_with_payment_tags(): void {
		$this->notify_with(
			array(
				array(
					'id'      => 'refunded',
					'name'    => 'Refund notice',
					'event'   => 'payment_refunded',
					'to'      => 'accounts@example.org',
					'subject' => 'Refund for {Name:1}: {payment_status}',
					'message' => '<p>Amount {payment_amount}, id {transaction_id}.</p>',
				),
				array(
					'id'      => 'submitted',
					'to'      => 'team@example.org',
					'subject' => 'New order',
					'message' => 'x',
				),
				array(
					'id'      => 'completed',
					'event'   => 'payment_completed',
					'to'      => 'team@example.org',
					'subject' => 'Paid',
					'message' => 'x',
				),
			)
		);
		$entry = $this->entry_with_payment( 'paid', 'PAY_N1' );

		$refund = $this->rest(
			'POST',
			'/kestrel-forms/v1/entries/' . $entry . '/payment/refunds',
			array(
				'amount' => 3000,
				'reason' => 'Changed mind',
			)
		);
		$this->assert_rest_status( 200, $refund );

		$this->assertContains( array( 'kestrel_forms_payment_refunded', 'refunded', $entry ), $this->fired );
		$this->assertCount( 1, $this->mailer->sent, 'Only the notification of this event.' );
		$mail = $this->mailer->sent[0];
		$this->assertSame( array( 'accounts@example.org' ), $mail['to'] );
		$this->assertSame( 'Refund for Ada: Refunded', $mail['subject'] );
		$this->assertStringContainsString( 'Amount $30.00, id PAY_N1.', $mail['body'] );
		$this->assertSame( 'Amount $30.00, id PAY_N1.', $mail['alt'] );
		$this->assertContains( 'Notification "Refund notice" sent to accounts@example.org.', array_column( $this->notes( $entry ), 1 ) );
	}

	public function test_each_payment_action_sends_its_own_event(): void {
		$notifications = array();
		foreach ( array( 'completed', 'pending', 'failed', 'refunded' ) as $status ) {
			$notifications[] = array(
				'id'      => $status,
				'event'   => 'payment_' . $status,
				'to'      => $status . '@example.org',
				'subject' => $status,
				'message' => 'x',
			);
		}
		$this->notify_with( $notifications );
		$form  = ( new FormRepository() )->find( $this->form_id );
		$entry = self::stored_entry( $this->form_id, array( '1' => 'Ada' ) );
		foreach ( array( 'failed', 'completed', 'authorized', 'voided', 'pending' ) as $action ) {
			do_action( 'kestrel_forms_payment_' . $action, array( 'status' => $action ), $entry, $form );
		}
		$this->assertSame( array( 'failed', 'completed', 'pending' ), array_column( $this->mailer->sent, 'subject' ) );
		// A spam entry is never notified, whatever the event.
		$this->mailer->sent = array();
		$spam               = new Entry( $entry->id, $entry->form_id, $entry->values, $entry->created_at, '', 0, Entry::STATUS_SPAM );
		do_action( 'kestrel_forms_payment_completed', array( 'status' => 'paid' ), $spam, $form );
		$this->assertSame( array(), $this->mailer->sent );
	}

	public function test_no_value_or_setting_can_add_a_header(): void {
		$inject = "\r\nBcc: victim@example.net\r\nX-Injected: yes";
		$this->notify_with(
			array(
				array(
					'id'       => 'owner',
					'name'     => "Owner{$inject}",
					'to'       => "owner@example.org{$inject}",
					'from'     => '{Name:1}',
					'fromName' => "{Name:1} <evil@example.net>{$inject}",
					'replyTo'  => '{Name:1}',
					'cc'       => "{Name:1}, cc@example.org\nBcc: victim@example.net",
					'subject'  => "Order {Name:1}{$inject}",
					'message'  => 'Body',
				),
			)
		);
		$form = ( new FormRepository() )->find( $this->form_id );
		// Stored values are not re-validated here: the mailer alone must hold.
		$entry = self::stored_entry( $this->form_id, array( '1' => "ada@example.com{$inject}" ) );
		( new Mailer() )->notify( 'form_submission', $form, $entry );

		$this->assertCount( 1, $this->mailer->sent );
		$mail    = $this->mailer->sent[0];
		$headers = SubmissionNotificationsTest::headers_of( $mail['mime'] );
		$this->assertDoesNotMatchRegularExpression( '/^(Bcc|X-Injected):/mi', $headers );
		// What was meant as a header is text inside one header at most, never an address.
		foreach ( array( 'to', 'cc', 'bcc', 'reply_to' ) as $list ) {
			$this->assertNotContains( 'victim@example.net', $mail[ $list ] );
		}
		$this->assertStringNotContainsString( '<victim@example.net>', $headers );
		$this->assertSame( array( 'owner@example.org' ), $mail['to'] );
		$this->assertSame( array( 'ada@example.com', 'cc@example.org' ), $mail['cc'], 'Line breaks separate addresses; the rest is left out.' );
		$this->assertSame( array(), $mail['bcc'] );
		$this->assertSame( array( 'ada@example.com' ), $mail['reply_to'] );
		$this->assertSame( 'ada@example.com', $mail['from'] );
		$this->assertStringNotContainsString( "\n", $mail['subject'] );
		$this->assertStringNotContainsString( "\r", $mail['from_name'] );
		$this->assertStringNotContainsString( '<', $mail['from_name'] );
		$this->assertSame( 'Order ada@example.com Bcc: victim@example.net X-Injected: yes Bcc: victim@example.net X-Injected: yes', $mail['subject'] );
		foreach ( explode( "\r\n", $headers ) as $line ) {
			$this->assertMatchesRegularExpression( '/^([A-Za-z-]+: |\s)/', $line, 'Every header line is a header or its continuation.' );
		}
		$note = $this->notes( $entry->id )[0][1];
		$this->assertStringStartsWith( 'Notification "Owner Bcc: victim@example.net X-Injected: yes" sent to owner@example.org.', $note );
		$this->assertStringNotContainsString( "\n", $note );
	}
}
