<?php
/**
 * Builds and sends the notifications of a form through wp_mail().
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Notifications;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Entries\MergeTags;
use Kestrel\Forms\Persistence\EntryWorkspaceRepository;
use WP_Error;

/**
 * One email per notification (`notifications[]` of the definition, Gravity Forms' keys):
 *
 * - recipients from {@see Recipients} (to, cc, bcc, reply-to; every address checked with is_email()
 *   after its merge tags are replaced, invalid ones left out and named in the entry's note);
 * - subject and body with merge tags: the body is HTML (wpautop unless `disableAutoformat`; values
 *   escaped) with a plain-text alternative part derived from the same message (values raw), set on
 *   PHPMailer through a `phpmailer_init` hook that exists only during this wp_mail() call;
 * - every header value through {@see Recipients::header_text()}: no CR/LF from anyone;
 * - the `kestrel_forms_notification` filter sees the built email and may change or cancel it
 *   (what it returns is checked again the same way);
 * - a note on the entry for each notification sent, failed or not sent.
 *
 * @phpstan-type Email array{to: list<string>, cc: list<string>, bcc: list<string>, replyTo: list<string>, from: string, fromName: string, subject: string, html: string, text: string}
 */
final class Mailer {

	/** The events a notification can be sent on. */
	public const EVENTS = array( 'form_submission', 'payment_completed', 'payment_pending', 'payment_failed', 'payment_refunded' );

	/**
	 * The recipients resolver.
	 *
	 * @var Recipients
	 */
	private Recipients $recipients;

	/**
	 * Takes the merge tags and the notes store.
	 *
	 * @param MergeTags                $tags  Merge tags.
	 * @param EntryWorkspaceRepository $notes Entry notes.
	 */
	public function __construct(
		private readonly MergeTags $tags = new MergeTags(),
		private readonly EntryWorkspaceRepository $notes = new EntryWorkspaceRepository()
	) {
		$this->recipients = new Recipients( $tags );
	}

	/**
	 * Sends the notifications of an event for an entry: those that are active, set for this event
	 * and whose conditional logic matches the entry. Never for spam or trashed entries.
	 *
	 * @param string $event One of EVENTS.
	 * @param Form   $form  Form.
	 * @param Entry  $entry Stored entry.
	 * @return list<Delivery>
	 */
	public function notify( string $event, Form $form, Entry $entry ): array {
		if ( Entry::STATUS_ACTIVE !== $entry->status || $entry->id <= 0 ) {
			return array();
		}
		$logic      = null;
		$deliveries = array();
		foreach ( self::notifications( $form ) as $notification ) {
			if ( false === ( $notification['isActive'] ?? true ) || (string) ( $notification['event'] ?? 'form_submission' ) !== $event ) {
				continue;
			}
			$logic ??= new Conditions( $form, $entry );
			if ( ! $logic->shows( $notification['conditionalLogic'] ?? null ) ) {
				continue;
			}
			$deliveries[] = $this->send( $notification, $form, $entry, $logic, $event, null, 0 );
		}
		return $deliveries;
	}

	/**
	 * Sends chosen notifications of an entry again (the manager's "Resend"), whatever their event,
	 * switch and conditions; to one address instead of their recipients when given (then without
	 * cc and bcc).
	 *
	 * @param Form         $form    Form.
	 * @param Entry        $entry   Entry.
	 * @param list<string> $ids     Notification ids.
	 * @param string|null  $to      Address to send to instead (already validated).
	 * @param int          $user_id The manager (for the notes).
	 * @return list<Delivery>
	 */
	public function resend( Form $form, Entry $entry, array $ids, ?string $to, int $user_id ): array {
		$by_id = array();
		foreach ( self::notifications( $form ) as $notification ) {
			$by_id[ (string) $notification['id'] ] = $notification;
		}
		$logic      = new Conditions( $form, $entry );
		$deliveries = array();
		foreach ( array_values( array_unique( $ids ) ) as $id ) {
			if ( ! isset( $by_id[ $id ] ) ) {
				$deliveries[] = new Delivery( $id, '', Delivery::FAILED, array(), array(), __( 'This form has no notification with that id.', 'kestrel-forms' ) );
				continue;
			}
			$deliveries[] = $this->send( $by_id[ $id ], $form, $entry, $logic, 'resend', $to, $user_id );
		}
		return $deliveries;
	}

	/**
	 * Sends a (possibly unsaved) notification with sample values to one address; no note.
	 *
	 * @param array<string, mixed> $notification Notification setting.
	 * @param Form                 $form         Form (the notification's, for labels and tags).
	 * @param string               $to           Address (already validated).
	 */
	public function test( array $notification, Form $form, string $to ): Delivery {
		$entry = SampleEntry::for_form( $form );
		return $this->send( $notification, $form, $entry, new Conditions( $form, $entry ), 'test', $to, 0, false );
	}

	/**
	 * Builds, filters and sends one notification, then notes the outcome on the entry.
	 *
	 * @param array<string, mixed> $notification Notification setting.
	 * @param Form                 $form         Form.
	 * @param Entry                $entry        Entry.
	 * @param Conditions           $logic        Logic over the entry (routing).
	 * @param string               $context      The event, 'resend' or 'test'.
	 * @param string|null          $to           Address replacing the recipients (no cc/bcc then).
	 * @param int                  $user_id      User for the note (0: the site).
	 * @param bool                 $note         Whether to add a note.
	 */
	private function send( array $notification, Form $form, Entry $entry, Conditions $logic, string $context, ?string $to, int $user_id, bool $note = true ): Delivery {
		$id      = (string) ( $notification['id'] ?? '' );
		$name    = self::name( $notification );
		$built   = $this->build( $notification, $form, $entry, $logic, $to );
		$invalid = $built['invalid'];
		/**
		 * Filters a notification email before it is sent; return false to cancel it. Addresses
		 * are validated again and header values cleaned after this filter.
		 *
		 * @param array<string, mixed> $email        {to, cc, bcc, replyTo: string[], from, fromName, subject, html, text}.
		 * @param array<string, mixed> $notification The notification setting.
		 * @param Form                 $form         The form.
		 * @param Entry                $entry        The entry (id 0 for a test).
		 * @param string               $context      form_submission, payment_completed, …, resend or test.
		 */
		$filtered = apply_filters( 'kestrel_forms_notification', $built['email'], $notification, $form, $entry, $context );
		if ( ! is_array( $filtered ) ) {
			$delivery = new Delivery( $id, $name, Delivery::CANCELLED, $built['email']['to'], $invalid, __( 'A kestrel_forms_notification filter cancelled it.', 'kestrel-forms' ) );
		} else {
			$checked  = self::checked( $filtered, $built['email'] );
			$invalid  = array_values( array_unique( array_merge( $invalid, $checked['invalid'] ) ) );
			$email    = $checked['email'];
			$delivery = array() === $email['to']
				? new Delivery( $id, $name, Delivery::NO_RECIPIENT, array(), $invalid, __( 'No valid recipient address.', 'kestrel-forms' ) )
				: $this->deliver( $id, $name, $email, $invalid );
		}
		if ( $note && $entry->id > 0 ) {
			$this->notes->add_note( $entry->id, $user_id, self::note( $delivery, $context ) );
		}
		return $delivery;
	}

	/**
	 * The email of a notification for an entry, before the filter.
	 *
	 * @param array<string, mixed> $notification Notification setting.
	 * @param Form                 $form         Form.
	 * @param Entry                $entry        Entry.
	 * @param Conditions           $logic        Logic over the entry.
	 * @param string|null          $to           Address replacing the recipients.
	 * @return array{email: Email, invalid: list<string>}
	 */
	public function build( array $notification, Form $form, Entry $entry, Conditions $logic, ?string $to = null ): array {
		$invalid    = array();
		$collect    = static function ( array $list ) use ( &$invalid ): array {
			array_push( $invalid, ...$list['invalid'] );
			return $list['valid'];
		};
		$recipients = null === $to ? $collect( $this->recipients->to( $notification, $form, $entry, $logic ) ) : $collect( Recipients::addresses( $to ) );
		$cc         = null === $to ? $collect( $this->recipients->list( (string) ( $notification['cc'] ?? '' ), $form, $entry ) ) : array();
		$bcc        = null === $to ? $collect( $this->recipients->list( (string) ( $notification['bcc'] ?? '' ), $form, $entry ) ) : array();
		$reply_to   = $collect( $this->recipients->list( (string) ( $notification['replyTo'] ?? '' ), $form, $entry ) );
		$from       = '';
		$from_text  = trim( (string) ( $notification['from'] ?? '' ) );
		if ( '' !== $from_text ) {
			$from_list = $this->recipients->list( $from_text, $form, $entry );
			$from      = $from_list['valid'][0] ?? '';
			array_push( $invalid, ...$from_list['invalid'] );
		}
		$from_name = (string) ( $notification['fromName'] ?? '' );
		$from_name = '' === trim( $from_name ) ? self::site_name() : $this->tags->replace( $from_name, $form, $entry, false );

		$message = (string) ( $notification['message'] ?? '' );
		if ( empty( $notification['disableAutoformat'] ) ) {
			$message = wpautop( $message );
			// A table of all fields is a block of its own, not a paragraph's content.
			$message = (string) preg_replace( '#<p>\s*(\{all_fields(?::[^{}]*)?\})\s*</p>#', '$1', $message );
		}
		return array(
			'email'   => array(
				'to'       => $recipients,
				'cc'       => $cc,
				'bcc'      => $bcc,
				'replyTo'  => $reply_to,
				'from'     => '' === $from ? self::site_address() : $from,
				'fromName' => Recipients::display_name( $from_name ),
				'subject'  => Recipients::header_text( $this->tags->replace( (string) ( $notification['subject'] ?? '' ), $form, $entry, false ) ),
				'html'     => $this->tags->replace( $message, $form, $entry, true ),
				'text'     => $this->tags->replace( PlainText::from_html( $message ), $form, $entry, false ),
			),
			'invalid' => array_values( array_unique( $invalid ) ),
		);
	}

	/**
	 * What a filter returned, checked like the built email: addresses validated, header values
	 * cleaned, bodies as strings. A key the filter dropped keeps the built value.
	 *
	 * @param array<mixed> $email The filtered email.
	 * @param Email        $built The email before the filter.
	 * @return array{email: Email, invalid: list<string>}
	 */
	private static function checked( array $email, array $built ): array {
		$invalid = array();
		$lists   = array();
		foreach ( array( 'to', 'cc', 'bcc', 'replyTo' ) as $key ) {
			$value         = $email[ $key ] ?? $built[ $key ];
			$list          = Recipients::addresses( is_array( $value ) || is_string( $value ) ? $value : '' );
			$lists[ $key ] = $list['valid'];
			array_push( $invalid, ...$list['invalid'] );
		}
		$from = Recipients::addresses( is_string( $email['from'] ?? null ) ? $email['from'] : $built['from'] );
		array_push( $invalid, ...$from['invalid'] );
		$text = static fn( string $key ): string => is_scalar( $email[ $key ] ?? null ) ? (string) $email[ $key ] : $built[ $key ];
		return array(
			'email'   => array(
				'to'       => $lists['to'],
				'cc'       => $lists['cc'],
				'bcc'      => $lists['bcc'],
				'replyTo'  => $lists['replyTo'],
				'from'     => $from['valid'][0] ?? self::site_address(),
				'fromName' => Recipients::display_name( $text( 'fromName' ) ),
				'subject'  => Recipients::header_text( $text( 'subject' ) ),
				'html'     => $text( 'html' ),
				'text'     => $text( 'text' ),
			),
			'invalid' => $invalid,
		);
	}

	/**
	 * Hands the email to wp_mail(): HTML body, the text part as PHPMailer's AltBody (a hook for
	 * this call only), wp_mail_failed's message kept as the error.
	 *
	 * @param string       $id      Notification id.
	 * @param string       $name    Notification name.
	 * @param Email        $email   Checked email.
	 * @param list<string> $invalid Addresses left out.
	 */
	private function deliver( string $id, string $name, array $email, array $invalid ): Delivery {
		$headers = array( 'Content-Type: text/html; charset=UTF-8' );
		// Names and addresses are header_text() already; the name is quoted for the From line.
		$headers[] = 'From: ' . ( '' === $email['fromName'] ? '' : '"' . $email['fromName'] . '" ' ) . '<' . $email['from'] . '>';
		foreach ( array(
			'Cc'       => $email['cc'],
			'Bcc'      => $email['bcc'],
			'Reply-To' => $email['replyTo'],
		) as $header => $list ) {
			if ( $list ) {
				$headers[] = $header . ': ' . implode( ', ', $list );
			}
		}
		$error = '';
		$text  = $email['text'];
		$alt   = static function ( $phpmailer ) use ( $text ): void {
			if ( is_object( $phpmailer ) && property_exists( $phpmailer, 'AltBody' ) ) {
				$phpmailer->AltBody = $text; // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- PHPMailer's property.
			}
		};
		$fail  = static function ( $wp_error ) use ( &$error ): void {
			$error = $wp_error instanceof WP_Error ? $wp_error->get_error_message() : '';
		};
		// Early, so that a mail plugin's own phpmailer_init still has the last word.
		add_action( 'phpmailer_init', $alt, 1 );
		add_action( 'wp_mail_failed', $fail );
		try {
			$sent = wp_mail( $email['to'], $email['subject'], $email['html'], $headers );
		} catch ( \Throwable $thrown ) {
			// phpmailer_init callbacks run outside wp_mail()'s own try/catch (PHPMailer with
			// exceptions on): a failed delivery, never a failed submission.
			$sent  = false;
			$error = $thrown->getMessage();
		} finally {
			remove_action( 'phpmailer_init', $alt, 1 );
			remove_action( 'wp_mail_failed', $fail );
		}
		if ( $sent ) {
			return new Delivery( $id, $name, Delivery::SENT, $email['to'], $invalid );
		}
		$error = Recipients::header_text( $error );
		return new Delivery( $id, $name, Delivery::FAILED, $email['to'], $invalid, '' === $error ? __( 'wp_mail() could not send the email.', 'kestrel-forms' ) : $error );
	}

	/**
	 * The note of a delivery.
	 *
	 * @param Delivery $delivery Delivery.
	 * @param string   $context  Event, 'resend' or 'test'.
	 */
	public static function note( Delivery $delivery, string $context ): string {
		$to   = implode( ', ', $delivery->to );
		$note = match ( $delivery->outcome ) {
			/* translators: 1: notification name, 2: addresses. */
			Delivery::SENT => sprintf( __( 'Notification "%1$s" sent to %2$s.', 'kestrel-forms' ), $delivery->name, $to ),
			/* translators: 1: notification name, 2: addresses, 3: the mail error. */
			Delivery::FAILED => sprintf( __( 'Notification "%1$s" could not be sent to %2$s: %3$s', 'kestrel-forms' ), $delivery->name, $to, $delivery->error ),
			/* translators: 1: notification name, 2: why. */
			default => sprintf( __( 'Notification "%1$s" was not sent: %2$s', 'kestrel-forms' ), $delivery->name, $delivery->error ),
		};
		if ( 'resend' === $context ) {
			$note .= ' ' . __( '(Resent.)', 'kestrel-forms' );
		}
		if ( $delivery->invalid ) {
			/* translators: %s: the invalid addresses, quoted. */
			$note .= ' ' . sprintf( __( 'Invalid addresses left out: %s.', 'kestrel-forms' ), '"' . implode( '", "', $delivery->invalid ) . '"' );
		}
		return $note;
	}

	/**
	 * The notifications of a form (well-formed ones only).
	 *
	 * @param Form $form Form.
	 * @return list<array<string, mixed>>
	 */
	public static function notifications( Form $form ): array {
		$list = $form->definition['notifications'] ?? array();
		return array_values( array_filter( is_array( $list ) ? $list : array(), static fn( $n ): bool => is_array( $n ) && isset( $n['id'] ) && is_scalar( $n['id'] ) ) );
	}

	/**
	 * A notification's name for notes ("Notification 2" when it has none).
	 *
	 * @param array<string, mixed> $notification Notification.
	 */
	public static function name( array $notification ): string {
		$name = Recipients::header_text( (string) ( $notification['name'] ?? '' ) );
		/* translators: %s: notification id. */
		return '' !== $name ? $name : sprintf( __( 'Notification %s', 'kestrel-forms' ), (string) ( $notification['id'] ?? '' ) );
	}

	/**
	 * The site's address: the default sender.
	 */
	private static function site_address(): string {
		$admin = is_email( (string) get_option( 'admin_email' ) );
		return is_string( $admin ) ? $admin : 'wordpress@' . (string) wp_parse_url( home_url(), PHP_URL_HOST );
	}

	/**
	 * The site's name: the default sender name.
	 */
	private static function site_name(): string {
		return wp_specialchars_decode( (string) get_bloginfo( 'name' ), ENT_QUOTES );
	}
}
