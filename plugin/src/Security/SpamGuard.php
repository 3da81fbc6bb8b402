<?php
/**
 * Honeypot and minimum time to submit.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Security;

use Kestrel\Forms\Captcha\Settings as CaptchaSettings;
use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Persistence\EntryWorkspaceRepository;

/**
 * Decides whether a submission is spam: the honeypot input (on unless the form sets
 * enableHoneypot to false) was filled in, or the form was sent sooner than its
 * minimumSubmitSeconds after the page printed it. The render time travels in a token signed
 * with the site's salt and the form's id, so a client cannot make a form older than it is nor use
 * one form's token for another. A token is good for {@see self::max_age()} seconds (a day unless
 * filtered): an old token, whoever replays it, counts like no token. Pages cached longer than
 * that still work for people: the browser fetches a fresh token
 * (`GET kestrel-forms/v1/forms/{id}/render-token`) when the page's one is old. Spam is stored
 * with the spam status, never silently dropped, and the visitor sees the usual confirmation.
 *
 * When the site turns the Akismet check on and the Akismet plugin is active,
 * {@see self::akismet_says_spam()} also asks Akismet (Security\AkismetCheck); what Akismet
 * calls spam is stored as spam the same way. Akismet out of reach does not stop a submission:
 * the entry is stored as usual with a note saying it was not checked.
 */
final class SpamGuard {

	/** Name of the honeypot value in the submission body. */
	public const HONEYPOT_PARAM = 'honeypot';

	/** Name of the render token in the submission body. */
	public const TOKEN_PARAM = 'render_token';

	/** Default lifetime of a render token, in seconds. */
	public const DEFAULT_MAX_AGE = DAY_IN_SECONDS;

	/** Clock skew tolerated between PHP workers (a token from slightly in the future). */
	private const SKEW_SECONDS = 60;

	/**
	 * How long a render token is accepted, in seconds (filter `kestrel_forms_render_token_max_age`,
	 * default a day, at least a minute).
	 */
	public static function max_age(): int {
		/**
		 * Filters how long the signed render time of a form is accepted (seconds). Older tokens
		 * count as missing, so a form with minimumSubmitSeconds stores the submission as spam;
		 * browsers showing an older cached page fetch a fresh token first.
		 *
		 * @param int $seconds Default 86400 (a day).
		 */
		return max( MINUTE_IN_SECONDS, (int) apply_filters( 'kestrel_forms_render_token_max_age', self::DEFAULT_MAX_AGE ) );
	}

	/**
	 * A token holding the time the form was printed: "{unix time}.{signature}".
	 *
	 * @param int      $form_id Form id.
	 * @param int|null $now     Unix time (tests).
	 */
	public static function render_token( int $form_id, ?int $now = null ): string {
		$time = $now ?? time();
		return $time . '.' . self::sign( $form_id, $time );
	}

	/**
	 * Whether a submission is spam.
	 *
	 * @param Form     $form     The form.
	 * @param mixed    $honeypot The honeypot value sent.
	 * @param mixed    $token    The render token sent.
	 * @param int|null $now      Unix time (tests).
	 */
	public static function is_spam( Form $form, mixed $honeypot, mixed $token, ?int $now = null ): bool {
		if ( false !== ( $form->definition['enableHoneypot'] ?? true ) && is_scalar( $honeypot ) && '' !== trim( (string) $honeypot ) ) {
			return true;
		}
		$minimum = (int) ( $form->definition['minimumSubmitSeconds'] ?? 0 );
		if ( $minimum <= 0 ) {
			return false;
		}
		// A client without a page (an app signed in with an application password) has no render
		// time to show; its password already tells it from a bot. A browser signed in with a
		// cookie submits from a page, so it shows one like anyone else.
		if ( ( null === $token || '' === $token ) && did_action( 'application_password_did_authenticate' ) ) {
			return false;
		}
		$rendered = self::rendered_at( $form->id, $token, $now );
		return null === $rendered || ( $now ?? time() ) - $rendered < $minimum;
	}

	/**
	 * The render time a token holds when it is this form's, signed by this site and not older
	 * than max_age(); otherwise null.
	 *
	 * @param int      $form_id Form id.
	 * @param mixed    $token   Token.
	 * @param int|null $now     Unix time (tests).
	 */
	public static function rendered_at( int $form_id, mixed $token, ?int $now = null ): ?int {
		if ( ! is_string( $token ) || 1 !== preg_match( '/^(\d{1,12})\.([a-f0-9]{64})$/D', $token, $m ) ) {
			return null;
		}
		if ( ! hash_equals( self::sign( $form_id, (int) $m[1] ), $m[2] ) ) {
			return null;
		}
		$age = ( $now ?? time() ) - (int) $m[1];
		return $age > self::max_age() || $age < -self::SKEW_SECONDS ? null : (int) $m[1];
	}

	/**
	 * Whether Akismet calls a submission spam: false unless the Akismet check is on in the
	 * settings and the Akismet plugin is active with a key. Fails open: when Akismet cannot be
	 * reached the answer is false, and the entry gets a note saying it was not checked; an entry
	 * Akismet called spam gets a note saying so (both added once the entry is stored).
	 *
	 * @param Form                 $form       The form.
	 * @param array<string, mixed> $values     Clean values by input id.
	 * @param string               $client_ip  The visitor's address.
	 * @param string               $source_url The page the form was sent from.
	 * @param CaptchaSettings|null $settings   Settings (tests).
	 */
	public static function akismet_says_spam( Form $form, array $values, string $client_ip, string $source_url, ?CaptchaSettings $settings = null ): bool {
		$settings ??= new CaptchaSettings();
		if ( ! $settings->akismet_enabled() || ! AkismetCheck::available() ) {
			return false;
		}
		$verdict = AkismetCheck::check( $form, $values, $client_ip, $source_url );
		if ( AkismetCheck::HAM === $verdict ) {
			return false;
		}
		$spam = AkismetCheck::SPAM === $verdict;
		self::note_once(
			$spam ? 'kestrel_forms_submission_spam' : 'kestrel_forms_submission_after',
			$form->id,
			$spam
				? __( 'Akismet marked this submission as spam.', 'kestrel-forms' )
				: __( 'Akismet could not be reached, so this submission was not checked for spam. It was kept as a normal entry.', 'kestrel-forms' )
		);
		return $spam;
	}

	/**
	 * Adds a note (user 0) to the next entry of a form that the action fires for, once.
	 *
	 * @param string $action  kestrel_forms_submission_after or kestrel_forms_submission_spam.
	 * @param int    $form_id Form id.
	 * @param string $text    Note.
	 */
	private static function note_once( string $action, int $form_id, string $text ): void {
		$callback = static function ( $entry ) use ( &$callback, $action, $form_id, $text ): void {
			if ( ! $entry instanceof Entry || $entry->form_id !== $form_id ) {
				return;
			}
			remove_action( $action, $callback, 5 );
			( new EntryWorkspaceRepository() )->add_note( $entry->id, 0, $text );
		};
		add_action( $action, $callback, 5 );
	}

	/**
	 * The signature of a form's render time.
	 *
	 * @param int $form_id Form id.
	 * @param int $time    Unix time.
	 */
	private static function sign( int $form_id, int $time ): string {
		return hash_hmac( 'sha256', 'kestrel-forms-render|' . $form_id . '|' . $time, wp_salt( 'nonce' ) );
	}
}
