<?php
/**
 * What became of one notification.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Notifications;

/**
 * Sent or not, to whom, the addresses left out as invalid, and why it was not sent.
 */
final class Delivery {

	public const SENT         = 'sent';
	public const FAILED       = 'failed';
	public const NO_RECIPIENT = 'no_recipient';
	public const CANCELLED    = 'cancelled';

	/**
	 * A delivery.
	 *
	 * @param string       $id      Notification id.
	 * @param string       $name    Notification name.
	 * @param string       $outcome One of the constants.
	 * @param list<string> $to      The "to" addresses it was (or would have been) sent to.
	 * @param list<string> $invalid Addresses left out as invalid (to, cc, bcc, reply-to, from).
	 * @param string       $error   Why it was not sent ('' when sent).
	 */
	public function __construct(
		public readonly string $id,
		public readonly string $name,
		public readonly string $outcome,
		public readonly array $to,
		public readonly array $invalid = array(),
		public readonly string $error = ''
	) {}

	/**
	 * Whether the email was handed over for sending.
	 */
	public function sent(): bool {
		return self::SENT === $this->outcome;
	}
}
