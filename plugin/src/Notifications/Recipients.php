<?php
/**
 * Who a notification goes to, and header text that cannot carry a second header.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Notifications;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Entries\MergeTags;

/**
 * Addresses come from the notification (to type "email": a comma list with merge tags; "field": an
 * entry value holding exactly one address; routing: the rules that hold) and are validated with is_email() after the tags are
 * replaced: anything else is left out and reported, never passed on to wp_mail(). Every text that
 * ends up in a header goes through header_text() first, so no value (a visitor's or the site
 * owner's) can end a header line and start another (header injection).
 */
final class Recipients {

	/** Longest text of an invalid address repeated in a note. */
	private const SHOWN_LENGTH = 80;

	/**
	 * Takes the merge tag replacer.
	 *
	 * @param MergeTags $tags Merge tags.
	 */
	public function __construct( private readonly MergeTags $tags ) {}

	/**
	 * The "to" addresses of a notification for an entry.
	 *
	 * @param array<string, mixed> $notification Notification setting.
	 * @param Form                 $form         Form.
	 * @param Entry                $entry        Entry.
	 * @param Conditions           $logic        Conditional logic over the entry.
	 * @return array{valid: list<string>, invalid: list<string>}
	 */
	public function to( array $notification, Form $form, Entry $entry, Conditions $logic ): array {
		switch ( (string) ( $notification['toType'] ?? 'email' ) ) {
			case 'field':
				$field = (string) ( $notification['toField'] ?? '' );
				$value = '' === $field ? '' : $this->tags->replace( '{:' . $field . '}', $form, $entry, false );
				return self::one_address( $value );
			case 'routing':
				$list = array();
				foreach ( (array) ( $notification['routing'] ?? array() ) as $route ) {
					if ( is_array( $route ) && $logic->rule_holds( $route ) ) {
						$list[] = $this->tags->replace( (string) ( $route['email'] ?? '' ), $form, $entry, false );
					}
				}
				return self::addresses( implode( ',', $list ) );
			default:
				return $this->list( (string) ( $notification['to'] ?? '' ), $form, $entry );
		}
	}

	/**
	 * A setting that holds addresses (to, cc, bcc, replyTo), merge tags replaced.
	 *
	 * @param string $setting Addresses separated by commas, merge tags allowed.
	 * @param Form   $form    Form.
	 * @param Entry  $entry   Entry.
	 * @return array{valid: list<string>, invalid: list<string>}
	 */
	public function list( string $setting, Form $form, Entry $entry ): array {
		return self::addresses( $this->tags->replace( $setting, $form, $entry, false ) );
	}

	/**
	 * Valid and invalid addresses of a list (commas or semicolons between them; a value may be a
	 * list already). Valid ones are unique (case-insensitive), in order.
	 *
	 * @param string|array<mixed> $list Addresses.
	 * @return array{valid: list<string>, invalid: list<string>}
	 */
	public static function addresses( string|array $list ): array {
		$parts   = is_array( $list ) ? array_map( static fn( $item ): string => is_scalar( $item ) ? (string) $item : '', $list ) : array( $list );
		$valid   = array();
		$invalid = array();
		foreach ( $parts as $part ) {
			// Control characters separate too: a line break never joins two addresses into a header.
			$candidates = preg_split( '/[,;\x00-\x1F\x7F]+/u', $part );
			foreach ( false === $candidates ? array() : $candidates as $candidate ) {
				$candidate = trim( $candidate );
				if ( '' === $candidate ) {
					continue;
				}
				$email = is_email( $candidate );
				if ( is_string( $email ) && self::header_text( $email ) === $email ) {
					$valid[ strtolower( $email ) ] ??= $email;
				} else {
					$invalid[] = self::shown( $candidate );
				}
			}
		}
		return array(
			'valid'   => array_values( $valid ),
			'invalid' => array_values( array_unique( $invalid ) ),
		);
	}

	/**
	 * The address of a visitor's value ("send to a field's value"): exactly one valid address, or
	 * none. A list (commas, semicolons, line breaks) is refused whole, so that one submission
	 * cannot make the site mail a list of addresses a visitor typed (docs/notifications.md).
	 *
	 * @param string $value The field's value.
	 * @return array{valid: list<string>, invalid: list<string>}
	 */
	public static function one_address( string $value ): array {
		$value = trim( $value );
		if ( '' === $value ) {
			return array(
				'valid'   => array(),
				'invalid' => array(),
			);
		}
		if ( 1 === preg_match( '/[,;\x00-\x1F\x7F]/', $value ) ) {
			return array(
				'valid'   => array(),
				'invalid' => array( self::shown( $value ) ),
			);
		}
		return self::addresses( $value );
	}

	/**
	 * Text for one header line: control characters (CR, LF, tab, NUL, …) and the Unicode line
	 * and paragraph separators become single spaces, then the text is trimmed.
	 *
	 * @param string $text Text.
	 */
	public static function header_text( string $text ): string {
		$clean = preg_replace( '/[\x00-\x1F\x7F\x{0085}\x{2028}\x{2029}]+/u', ' ', $text );
		if ( null === $clean ) {
			// Not valid UTF-8: drop every byte outside printable ASCII rather than pass it on.
			$clean = (string) preg_replace( '/[^\x20-\x7E]+/', ' ', $text );
		}
		return trim( (string) preg_replace( '/ {2,}/', ' ', $clean ) );
	}

	/**
	 * A sender name for a From header: header text without the characters that would end the
	 * name or start an address in it (`<`, `>`, `"`).
	 *
	 * @param string $name Name.
	 */
	public static function display_name( string $name ): string {
		return trim( str_replace( array( '<', '>', '"', '\\' ), '', self::header_text( $name ) ) );
	}

	/**
	 * An invalid address as a note may show it: one line, at most SHOWN_LENGTH characters.
	 *
	 * @param string $text Text.
	 */
	private static function shown( string $text ): string {
		$line = self::header_text( $text );
		return mb_strlen( $line, 'UTF-8' ) > self::SHOWN_LENGTH ? mb_substr( $line, 0, self::SHOWN_LENGTH, 'UTF-8' ) . '…' : $line;
	}
}
