<?php
/**
 * Records the mail WordPress would send during a test.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Support;

/**
 * `pre_wp_mail` short-circuits wp_mail() (WordPress 5.7+), so PHPMailer never runs and nothing
 * needs an MTA. TestCase empties the box after every test.
 */
final class Mailbox {

	/**
	 * Captured wp_mail() arguments, oldest first.
	 *
	 * @var list<array{to: string|string[], subject: string, message: string, headers: string|string[], attachments: string|string[]}>
	 */
	private static array $messages = array();

	/**
	 * `pre_wp_mail` callback.
	 *
	 * @param null|bool $short_circuit Null unless an earlier filter already answered.
	 * @param array     $atts          wp_mail() arguments.
	 * @return null|bool
	 */
	public static function capture( $short_circuit, array $atts ) {
		if ( null !== $short_circuit ) {
			return $short_circuit;
		}
		self::$messages[] = $atts;
		return true;
	}

	/**
	 * Everything captured since the last reset.
	 *
	 * @return list<array<string, mixed>>
	 */
	public static function messages(): array {
		return self::$messages;
	}

	/**
	 * Forgets every captured message.
	 */
	public static function reset(): void {
		self::$messages = array();
	}
}
