<?php
/**
 * Notifications sent on a submission: recipients, merge tags, both parts, conditions, notes.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Notifications;

use Kestrel\Forms\Notifications\Mailer;
use Kestrel\Forms\Persistence\FormRepository;

final class SubmissionNotificationsTest extends NotificationsTestCase {

	/**
	 * One notification to the team with tags in subject and body.
	 *
	 * @return array<string, mixed>
	 */
	private static function team( array $extra = array() ): array {
		return $extra + array(
			'id'      => 'team',
			'name'    => 'Team',
			'toType'  => 'email',
			'to'      => 'team@example.org, boss@example.org',
			'subject' => 'New message from {Name:1} ({Department:3})',
			'message' => "<p>Hello team,</p>\n<p>{Name:1} wrote:</p>\n<blockquote>{Message:4}</blockquote>\n<p>Reply at <a href=\"mailto:{Email:2}\">{Email:2}</a>.</p>",
		);
	}

	public function test_a_submission_sends_an_html_email_with_a_plain_text_part_and_its_values(): void {
		$form_id  = self::form_with( array( self::team() ) );
		$entry_id = $this->submit(
			$form_id,
			array(
				'1' => 'Ada <b>Lovelace</b>',
				'2' => 'ada@example.com',
				'3' => 'support',
				'4' => "Tea & \"cake\" <i>please</i>\nSecond line",
			)
		);

		$this->assertCount( 1, $this->mailer->sent );
		$mail = $this->mailer->sent[0];
		$this->assertSame( array( 'team@example.org', 'boss@example.org' ), $mail['to'] );
		$this->assertSame( 'owner@example.org', $mail['from'], 'No sender set: the site address.' );
		$this->assertSame( 'Kestrel Test Site', $mail['from_name'] );
		$this->assertSame( 'New message from Ada <b>Lovelace</b> (Support)', $mail['subject'], 'Plain text in the subject: raw values, choice labels.' );
		$this->assertSame( 'multipart/alternative', $mail['content_type'] );
		$this->assertStringContainsString( 'Content-Type: text/plain;', $mail['mime'] );
		$this->assertStringContainsString( 'Content-Type: text/html;', $mail['mime'] );

		// HTML: the owner's markup kept, the visitor's escaped.
		$this->assertStringContainsString( '<p>Hello team,</p>', $mail['body'] );
		$this->assertStringContainsString( 'Ada &lt;b&gt;Lovelace&lt;/b&gt; wrote:', $mail['body'] );
		$this->assertStringContainsString( 'Tea &amp; &quot;cake&quot; &lt;i&gt;please&lt;/i&gt;<br>', $mail['body'] );
		$this->assertStringNotContainsString( '<i>please</i>', $mail['body'] );

		// Text: the same message, values raw, structure as line breaks.
		$this->assertSame(
			"Hello team,\n\nAda <b>Lovelace</b> wrote:\n\nTea & \"cake\" <i>please</i>\nSecond line\n\nReply at ada@example.com (mailto:ada@example.com).",
			$mail['alt']
		);
		$this->assertSame( array( 'Notification "Team" sent to team@example.org, boss@example.org.' ), self::note_texts( $entry_id ) );
	}

	public function test_the_text_part_hook_does_not_outlive_the_send(): void {
		$form_id = self::form_with( array( self::team() ) );
		$this->submit( $form_id, array( '1' => 'Ada' ) );
		$this->assertCount( 1, $this->mailer->sent );
		$this->assertNotSame( '', $this->mailer->sent[0]['alt'] );
		// A later email from another plugin gets no text part of ours.
		wp_mail( 'someone@example.org', 'Other', '<p>Other</p>', array( 'Content-Type: text/html' ) );
		$this->assertSame( '', $this->mailer->sent[1]['alt'] );
	}

	public function test_to_a_field_value_with_cc_bcc_reply_to_and_sender(): void {
		$form_id  = self::form_with(
			array(
				array(
					'id'       => 'customer',
					'name'     => 'Customer copy',
					'toType'   => 'field',
					'toField'  => '2',
					'from'     => 'forms@example.org',
					'fromName' => '{Name:1} via Kestrel',
					'replyTo'  => 'help@example.org',
					'cc'       => 'cc@example.org',
					'bcc'      => 'audit@example.org, not-an-address, {Name:1}',
					'subject'  => 'Thanks, {Name:1}',
					'message'  => 'We got it.',
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

		$this->assertCount( 1, $this->mailer->sent );
		$mail = $this->mailer->sent[0];
		$this->assertSame( array( 'ada@example.com' ), $mail['to'] );
		$this->assertSame( array( 'cc@example.org' ), $mail['cc'] );
		$this->assertSame( array( 'audit@example.org' ), $mail['bcc'] );
		$this->assertSame( array( 'help@example.org' ), $mail['reply_to'] );
		$this->assertSame( 'forms@example.org', $mail['from'] );
		$this->assertSame( 'Ada via Kestrel', $mail['from_name'] );
		$this->assertSame( '<p>We got it.</p>', trim( $mail['body'] ) );
		$this->assertSame( 'We got it.', $mail['alt'] );
		$this->assertSame(
			array( 'Notification "Customer copy" sent to ada@example.com. Invalid addresses left out: "not-an-address", "Ada".' ),
			self::note_texts( $entry_id )
		);
	}

	public function test_an_empty_field_value_sends_nothing_and_says_why(): void {
		$form_id  = self::form_with(
			array(
				array(
					'id'      => 'customer',
					'name'    => 'Customer copy',
					'toType'  => 'field',
					'toField' => '2',
					'subject' => 'Thanks',
					'message' => 'Hi',
				),
			)
		);
		$entry_id = $this->submit( $form_id, array( '1' => 'Ada' ) );
		$this->assertSame( array(), $this->mailer->sent );
		$this->assertSame( array( 'Notification "Customer copy" was not sent: No valid recipient address.' ), self::note_texts( $entry_id ) );
	}

	public function test_a_field_value_sends_to_one_address_only_never_to_a_list(): void {
		// A form stored before the validator refused non-email fields here: field 4 is a textarea.
		$customer            = self::team();
		$customer['id']      = 'customer';
		$customer['name']    = 'Customer copy';
		$customer['toType']  = 'field';
		$customer['toField'] = '4';
		$form_id             = self::form_with( array( $customer ) );
		$list                = implode( ', ', array_map( static fn( int $i ): string => "victim{$i}@example.net", range( 1, 30 ) ) );
		foreach ( array( $list, "a@example.net\nb@example.net", 'a@example.net; b@example.net' ) as $value ) {
			$entry_id = $this->submit(
				$form_id,
				array(
					'1' => 'Ada',
					'4' => $value,
				)
			);
			$this->assertSame( array(), $this->mailer->sent, $value );
			$notes = self::note_texts( $entry_id );
			$this->assertCount( 1, $notes );
			$this->assertStringStartsWith( 'Notification "Customer copy" was not sent: No valid recipient address. Invalid addresses left out: "', $notes[0] );
		}
		// One address is sent to.
		$entry_id = $this->submit(
			$form_id,
			array(
				'1' => 'Ada',
				'4' => ' ada@example.com ',
			)
		);
		$this->assertSame( array( array( 'ada@example.com' ) ), array_column( $this->mailer->sent, 'to' ) );
		$this->assertSame( array( 'Notification "Customer copy" sent to ada@example.com.' ), self::note_texts( $entry_id ) );
	}

	public function test_routing_sends_to_the_addresses_whose_rule_holds(): void {
		$form_id = self::form_with(
			array(
				array(
					'id'      => 'route',
					'name'    => 'Routed',
					'toType'  => 'routing',
					'routing' => array(
						array(
							'email'    => 'sales@example.org',
							'fieldId'  => '3',
							'operator' => 'is',
							'value'    => 'sales',
						),
						array(
							'email'    => 'support@example.org',
							'fieldId'  => '3',
							'operator' => 'is',
							'value'    => 'support',
						),
						array(
							'email'    => 'vip@example.org',
							'fieldId'  => '1',
							'operator' => 'starts_with',
							'value'    => 'dr',
						),
						array(
							'email'    => '{Email:2}',
							'fieldId'  => '4',
							'operator' => 'contains',
							'value'    => 'copy me',
						),
					),
					'subject' => 'Routed',
					'message' => 'Hi',
				),
			)
		);
		$this->submit(
			$form_id,
			array(
				'1' => 'Dr Ada',
				'2' => 'ada@example.com',
				'3' => 'support',
				'4' => 'Please COPY ME in',
			)
		);
		$this->submit(
			$form_id,
			array(
				'1' => 'Bob',
				'3' => 'sales',
			)
		);
		$this->assertCount( 2, $this->mailer->sent );
		$this->assertSame( array( 'support@example.org', 'vip@example.org', 'ada@example.com' ), $this->mailer->sent[0]['to'] );
		$this->assertSame( array( 'sales@example.org' ), $this->mailer->sent[1]['to'] );
	}

	public function test_conditions_switch_and_event_decide_what_is_sent(): void {
		$sales_only = array(
			'actionType' => 'show',
			'logicType'  => 'all',
			'rules'      => array(
				array(
					'fieldId'  => '3',
					'operator' => 'is',
					'value'    => 'sales',
				),
			),
		);
		$form_id    = self::form_with(
			array(
				self::team(
					array(
						'id'               => 'sales',
						'to'               => 'sales@example.org',
						'conditionalLogic' => $sales_only,
					)
				),
				self::team(
					array(
						'id'               => 'not-sales',
						'to'               => 'others@example.org',
						'conditionalLogic' => array( 'actionType' => 'hide' ) + $sales_only,
					)
				),
				self::team(
					array(
						'id'       => 'off',
						'to'       => 'off@example.org',
						'isActive' => false,
					)
				),
				self::team(
					array(
						'id'    => 'paid',
						'to'    => 'paid@example.org',
						'event' => 'payment_completed',
					)
				),
			)
		);
		$this->submit(
			$form_id,
			array(
				'1' => 'Ada',
				'3' => 'sales',
			)
		);
		$this->assertSame( array( array( 'sales@example.org' ) ), array_column( $this->mailer->sent, 'to' ) );
		$this->mailer->sent = array();
		$this->submit(
			$form_id,
			array(
				'1' => 'Bob',
				'3' => 'support',
			)
		);
		$this->assertSame( array( array( 'others@example.org' ) ), array_column( $this->mailer->sent, 'to' ) );
	}

	public function test_spam_is_never_notified(): void {
		$form_id = self::form_with( array( self::team() ) );
		$this->as_anonymous();
		$response = $this->rest(
			'POST',
			"/kestrel-forms/v1/forms/{$form_id}/submissions",
			array(
				'values'   => array( '1' => 'Spammer' ),
				'honeypot' => 'http://spam.example',
			)
		);
		$this->assert_rest_status( 201, $response );
		$this->assertSame( array(), $this->mailer->sent );
	}

	public function test_autoformat_adds_paragraphs_unless_disabled(): void {
		$message = "Line one\nLine two\n\n{all_fields}";
		$form_id = self::form_with(
			array(
				self::team(
					array(
						'id'      => 'auto',
						'message' => $message,
					)
				),
				self::team(
					array(
						'id'                => 'raw',
						'message'           => $message,
						'disableAutoformat' => true,
					)
				),
			)
		);
		$this->submit(
			$form_id,
			array(
				'1' => 'Ada',
				'4' => 'Hi <there>',
			)
		);
		$this->assertCount( 2, $this->mailer->sent );
		list( $auto, $raw ) = $this->mailer->sent;
		$this->assertStringContainsString( '<p>Line one<br />', $auto['body'] );
		$this->assertStringContainsString( '<table class="kestrel-forms-all-fields">', $auto['body'] );
		$this->assertStringNotContainsString( '<p><table', $auto['body'], 'The table is not wrapped in a paragraph.' );
		$this->assertStringContainsString( '<td>Hi &lt;there&gt;</td>', $auto['body'] );
		$this->assertStringNotContainsString( '<p>', $raw['body'] );
		$this->assertStringStartsWith( "Line one\nLine two", $raw['body'] );
		// The text part lists all fields as "Label: value", raw.
		$this->assertStringContainsString( "Name: Ada\nMessage: Hi <there>", $auto['alt'] );
	}

	public function test_a_failed_send_is_noted_with_the_mail_error(): void {
		$this->mailer->refuse = 'SMTP Error: Could not connect to SMTP host.';
		$form_id              = self::form_with( array( self::team() ) );
		$entry_id             = $this->submit( $form_id, array( '1' => 'Ada' ) );
		$this->assertSame(
			array( 'Notification "Team" could not be sent to team@example.org, boss@example.org: SMTP Error: Could not connect to SMTP host.' ),
			self::note_texts( $entry_id )
		);
	}

	public function test_an_exception_in_phpmailer_init_is_a_failed_delivery_not_a_failed_submission(): void {
		$second         = self::team();
		$second['id']   = 'copy';
		$second['name'] = 'Copy';
		$second['to']   = 'copy@example.org';
		$form_id        = self::form_with( array( self::team(), $second ) );
		$throws         = static function ( $mailer ): void {
			if ( in_array( 'team@example.org', array_column( $mailer->getToAddresses(), 0 ), true ) ) {
				throw new \PHPMailer\PHPMailer\Exception( 'Invalid address: (From): broken' );
			}
		};
		add_action( 'phpmailer_init', $throws, 20 );
		try {
			$entry_id = $this->submit( $form_id, array( '1' => 'Ada' ) );
		} finally {
			remove_action( 'phpmailer_init', $throws, 20 );
		}
		$this->assertSame(
			array(
				'Notification "Team" could not be sent to team@example.org, boss@example.org: Invalid address: (From): broken',
				'Notification "Copy" sent to copy@example.org.',
			),
			self::note_texts( $entry_id )
		);
		$this->assertSame( array( array( 'copy@example.org' ) ), array_column( $this->mailer->sent, 'to' ) );
	}

	public function test_the_filter_may_change_or_cancel_an_email_but_not_inject_headers(): void {
		add_filter(
			'kestrel_forms_notification',
			static function ( array $email, array $notification ) {
				if ( 'cancelled' === $notification['id'] ) {
					return false;
				}
				$email['subject'] .= "\r\nBcc: victim@example.net";
				$email['to'][]     = "extra@example.org\r\nBcc: victim@example.net";
				$email['cc']       = 'copy@example.org';
				return $email;
			},
			10,
			2
		);
		$form_id  = self::form_with( array( self::team(), self::team( array( 'id' => 'cancelled' ) ) ) );
		$entry_id = $this->submit( $form_id, array( '1' => 'Ada' ) );

		$this->assertCount( 1, $this->mailer->sent );
		$mail = $this->mailer->sent[0];
		$this->assertSame( 'New message from Ada () Bcc: victim@example.net', $mail['subject'] );
		$this->assertSame( array( 'team@example.org', 'boss@example.org', 'extra@example.org' ), $mail['to'] );
		$this->assertSame( array( 'copy@example.org' ), $mail['cc'] );
		$this->assertSame( array(), $mail['bcc'] );
		$this->assertStringNotContainsString( 'victim@example.net>', $mail['mime'] );
		$this->assertDoesNotMatchRegularExpression( '/^Bcc:/mi', self::headers_of( $mail['mime'] ) );
		$notes = self::note_texts( $entry_id );
		$this->assertSame( 'Notification "Team" sent to team@example.org, boss@example.org, extra@example.org. Invalid addresses left out: "Bcc: victim@example.net".', $notes[0] );
		$this->assertSame( 'Notification "Team" was not sent: A kestrel_forms_notification filter cancelled it.', $notes[1] );
	}

	public function test_notification_messages_are_kept_to_safe_html_for_users_without_unfiltered_html(): void {
		$this->as_admin();
		$editor_id = self::user_with_role( 'editor' );
		get_userdata( $editor_id )->add_cap( 'kestrel_forms_manage' );
		get_userdata( $editor_id )->add_cap( 'unfiltered_html', false );
		wp_set_current_user( $editor_id );
		try {
			$definition = array(
				'title'         => 'Contact',
				'fields'        => array(
					array(
						'id'    => 1,
						'type'  => 'text',
						'label' => 'Name',
					),
				),
				'notifications' => array( self::team( array( 'message' => '<b>Hi</b><script>bad()</script><img src=x onerror="alert(1)">' ) ) ),
			);
			$stored     = $this->rest( 'POST', '/kestrel-forms/v1/forms', $definition );
			$this->assert_rest_status( 201, $stored );
			$this->assertSame( '<b>Hi</b>bad()<img src="x">', $stored->get_data()['notifications'][0]['message'] );
			$this->assertSame( '<b>Hi</b>bad()<img src="x">', ( new FormRepository() )->find( (int) $stored->get_data()['id'] )->definition['notifications'][0]['message'] );
		} finally {
			get_userdata( $editor_id )->remove_cap( 'kestrel_forms_manage' );
			get_userdata( $editor_id )->remove_cap( 'unfiltered_html' );
		}
	}

	public function test_an_unnamed_notification_is_named_by_its_id_in_notes(): void {
		$this->assertSame( 'Notification n7', Mailer::name( array( 'id' => 'n7' ) ) );
		$this->assertSame( 'Admin x', Mailer::name( array( 'name' => "Admin\r\nx" ) ) );
	}

	/**
	 * The header block of a MIME message.
	 *
	 * @param string $mime Message.
	 */
	public static function headers_of( string $mime ): string {
		return explode( "\r\n\r\n", str_replace( array( "\r\n", "\n" ), array( "\n", "\r\n" ), $mime ), 2 )[0];
	}
}
