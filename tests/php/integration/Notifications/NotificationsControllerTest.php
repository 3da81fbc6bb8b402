<?php
/**
 * REST: send a test of a notification, resend an entry's notifications.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Notifications;

final class NotificationsControllerTest extends NotificationsTestCase {

	/**
	 * A notification setting.
	 *
	 * @param array<string, mixed> $extra Keys to change.
	 * @return array<string, mixed>
	 */
	private static function notification( array $extra = array() ): array {
		return $extra + array(
			'id'      => 'owner',
			'name'    => 'Owner',
			'to'      => 'team@example.org',
			'cc'      => 'cc@example.org',
			'subject' => 'New message from {Name:1}',
			'message' => '<p>{Name:1} picked {Department:3} and wrote {Message:4}</p>',
		);
	}

	public function test_send_a_test_of_an_unsaved_notification_with_sample_values(): void {
		$form_id = self::form_with( array() );
		$admin   = $this->as_admin();

		$response = $this->rest(
			'POST',
			"/kestrel-forms/v1/forms/{$form_id}/notifications/test",
			array(
				'notification' => self::notification(),
				'to'           => 'me@example.org',
			)
		);
		$this->assert_rest_status( 200, $response );
		$this->assertSame(
			array(
				'sent'    => true,
				'to'      => array( 'me@example.org' ),
				'message' => 'Test email sent to me@example.org.',
			),
			$response->get_data()
		);
		$this->assertCount( 1, $this->mailer->sent );
		$mail = $this->mailer->sent[0];
		$this->assertSame( array( 'me@example.org' ), $mail['to'], 'Only to the tester.' );
		$this->assertSame( array(), $mail['cc'] );
		$this->assertSame( 'New message from Sample Name', $mail['subject'] );
		$this->assertStringContainsString( 'picked Sales and wrote Sample text,<br>', $mail['body'] );

		// Without `to`: the current user's address.
		$this->assert_rest_status( 200, $this->rest( 'POST', "/kestrel-forms/v1/forms/{$form_id}/notifications/test", array( 'notification' => self::notification() ) ) );
		$this->assertSame( array( get_userdata( $admin )->user_email ), $this->mailer->sent[1]['to'] );
	}

	public function test_test_send_errors(): void {
		$form_id = self::form_with( array() );
		$this->as_admin();
		$route = "/kestrel-forms/v1/forms/{$form_id}/notifications/test";

		$this->assert_rest_error(
			'kestrel_forms_invalid_recipient',
			400,
			$this->rest(
				'POST',
				$route,
				array(
					'notification' => self::notification(),
					'to'           => 'nobody',
				)
			)
		);
		$this->assert_rest_error(
			'kestrel_forms_invalid_recipient',
			400,
			$this->rest(
				'POST',
				$route,
				array(
					'notification' => self::notification(),
					'to'           => "me@example.org\r\nBcc: victim@example.net",
				)
			)
		);
		$this->assert_rest_error(
			'kestrel_forms_invalid_recipient',
			400,
			$this->rest(
				'POST',
				$route,
				array(
					'notification' => self::notification(),
					'to'           => 'a@example.org, b@example.org',
				)
			)
		);
		$this->assert_rest_error( 'kestrel_forms_invalid_form', 400, $this->rest( 'POST', $route, array( 'notification' => self::notification( array( 'toType' => 'fax' ) ) ) ) );
		$this->assert_rest_error( 'kestrel_forms_form_not_found', 404, $this->rest( 'POST', '/kestrel-forms/v1/forms/999999/notifications/test', array( 'notification' => self::notification() ) ) );

		$this->mailer->refuse = 'SMTP Error: Could not connect to SMTP host.';
		$failed               = $this->rest( 'POST', $route, array( 'notification' => self::notification() ) );
		$this->assert_rest_error( 'kestrel_forms_notification_failed', 502, $failed );
		$this->assertSame( 'The email could not be sent: SMTP Error: Could not connect to SMTP host.', $failed->get_data()['message'] );
		$this->assertSame( array(), $this->mailer->sent );
	}

	public function test_resend_chosen_notifications_of_an_entry(): void {
		$form_id  = self::form_with(
			array(
				self::notification(),
				self::notification(
					array(
						'id'       => 'customer',
						'name'     => 'Customer',
						'toType'   => 'field',
						'toField'  => '2',
						'cc'       => '',
						'isActive' => false,
					)
				),
			)
		);
		$entry_id = $this->submit(
			$form_id,
			array(
				'1' => 'Ada',
				'2' => 'ada@example.com',
			)
		);
		$this->assertCount( 1, $this->mailer->sent, 'On submission only the active one.' );
		$admin = $this->as_admin();

		$response = $this->rest( 'POST', "/kestrel-forms/v1/entries/{$entry_id}/notifications/resend", array( 'ids' => array( 'customer', 'owner', 'gone' ) ) );
		$this->assert_rest_status( 200, $response );
		$this->assertSame(
			array(
				'results' => array(
					array(
						'id'   => 'customer',
						'sent' => true,
						'to'   => array( 'ada@example.com' ),
					),
					array(
						'id'   => 'owner',
						'sent' => true,
						'to'   => array( 'team@example.org' ),
					),
					array(
						'id'    => 'gone',
						'sent'  => false,
						'to'    => array(),
						'error' => 'This form has no notification with that id.',
					),
				),
			),
			$response->get_data()
		);
		$this->assertSame( array( array( 'cc@example.org' ) ), array_slice( array_column( $this->mailer->sent, 'cc' ), 2 ), 'Resent with its cc.' );

		// To one address instead: no cc.
		$to = $this->rest(
			'POST',
			"/kestrel-forms/v1/entries/{$entry_id}/notifications/resend",
			array(
				'ids' => array( 'owner' ),
				'to'  => 'other@example.org',
			)
		);
		$this->assertSame( array( 'other@example.org' ), $to->get_data()['results'][0]['to'] );
		$last = end( $this->mailer->sent );
		$this->assertSame( array( 'other@example.org' ), $last['to'] );
		$this->assertSame( array(), $last['cc'] );

		$notes = ( new \Kestrel\Forms\Persistence\EntryWorkspaceRepository() )->notes( $entry_id );
		$this->assertSame(
			array(
				'Notification "Owner" sent to team@example.org.',
				'Notification "Customer" sent to ada@example.com. (Resent.)',
				'Notification "Owner" sent to team@example.org. (Resent.)',
				'Notification "Owner" sent to other@example.org. (Resent.)',
			),
			array_column( $notes, 'note' )
		);
		$this->assertSame( array( 0, $admin, $admin, $admin ), array_column( $notes, 'user_id' ), 'Resends are noted under the manager.' );

		$this->assert_rest_error( 'kestrel_forms_entry_not_found', 404, $this->rest( 'POST', '/kestrel-forms/v1/entries/999999/notifications/resend', array( 'ids' => array( 'owner' ) ) ) );
		$this->assert_rest_error(
			'kestrel_forms_invalid_recipient',
			400,
			$this->rest(
				'POST',
				"/kestrel-forms/v1/entries/{$entry_id}/notifications/resend",
				array(
					'ids' => array( 'owner' ),
					'to'  => 'x',
				)
			)
		);
	}

	public function test_only_managers_may_send(): void {
		$form_id  = self::form_with( array( self::notification() ) );
		$entry_id = $this->submit( $form_id, array( '1' => 'Ada' ) );
		$sent     = count( $this->mailer->sent );
		foreach ( array( 'subscriber', 'anonymous' ) as $who ) {
			'anonymous' === $who ? $this->as_anonymous() : $this->as_subscriber();
			$this->assert_rest_error(
				'kestrel_forms_forbidden',
				403,
				$this->rest(
					'POST',
					"/kestrel-forms/v1/forms/{$form_id}/notifications/test",
					array(
						'notification' => self::notification(),
						'to'           => 'me@example.org',
					)
				)
			);
			$this->assert_rest_error( 'kestrel_forms_forbidden', 403, $this->rest( 'POST', "/kestrel-forms/v1/entries/{$entry_id}/notifications/resend", array( 'ids' => array( 'owner' ) ) ) );
		}
		$this->assertCount( $sent, $this->mailer->sent );
	}
}
