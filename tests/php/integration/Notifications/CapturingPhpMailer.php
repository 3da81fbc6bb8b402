<?php
/**
 * A PHPMailer that builds each message completely and keeps it instead of sending it.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Notifications;

require_once ABSPATH . WPINC . '/PHPMailer/PHPMailer.php';
require_once ABSPATH . WPINC . '/PHPMailer/SMTP.php';
require_once ABSPATH . WPINC . '/PHPMailer/Exception.php';

use PHPMailer\PHPMailer\Exception;
use PHPMailer\PHPMailer\PHPMailer;

/**
 * The global $phpmailer is used by wp_mail() when it is a PHPMailer: with this one, everything up to
 * the wire runs for real (wp_mail's header parsing, phpmailer_init hooks, PHPMailer's address
 * checks and MIME building); postSend() keeps the finished message, or fails like a refusing
 * SMTP server when $refuse is set.
 */
// phpcs:disable WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- PHPMailer's properties.
final class CapturingPhpMailer extends PHPMailer {

	/**
	 * The messages "sent".
	 *
	 * @var list<array{mime: string, subject: string, body: string, alt: string, content_type: string, from: string, from_name: string, to: list<string>, cc: list<string>, bcc: list<string>, reply_to: list<string>}>
	 */
	public array $sent = array();

	/**
	 * When set, sending fails with this message.
	 *
	 * @var string|null
	 */
	public ?string $refuse = null;

	/**
	 * Keeps the built message.
	 *
	 * @return bool
	 * @throws Exception When $refuse is set.
	 */
	public function postSend() {
		if ( null !== $this->refuse ) {
			throw new Exception( $this->refuse );
		}
		$addresses    = static fn( array $list ): array => array_values( array_map( static fn( array $pair ): string => (string) $pair[0], $list ) );
		$this->sent[] = array(
			'mime'         => $this->getSentMIMEMessage(),
			'subject'      => $this->Subject,
			'body'         => $this->Body,
			'alt'          => $this->AltBody,
			'content_type' => $this->ContentType,
			'from'         => $this->From,
			'from_name'    => $this->FromName,
			'to'           => $addresses( $this->getToAddresses() ),
			'cc'           => $addresses( $this->getCcAddresses() ),
			'bcc'          => $addresses( $this->getBccAddresses() ),
			'reply_to'     => $addresses( array_values( $this->getReplyToAddresses() ) ),
		);
		return true;
	}
}
