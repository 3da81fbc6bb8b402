<?php
/**
 * The `kestrel_confirmation` parameter of the page a plain post redirects to.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Frontend;

/**
 * After a stored plain post, the browser is sent (303) to the page with this parameter and the
 * page prints the form's confirmation message (Post/Redirect/Get). It names the form and the
 * entry, so it must neither be forged (a made-up entry id would print another visitor's
 * confirmation, merge tags and all) nor show the entry id (visitors never see entry ids:
 * Submissions\EntryReference). So the form id, the entry id and an expiry time are sealed with
 * libsodium's secretbox (XSalsa20-Poly1305: encrypted and authenticated; WordPress ships
 * sodium_compat where the extension is missing) under a key derived from the site's `auth` salt.
 * Anything that does not open with that key or has expired is ignored:
 * the page then shows the form as on any visit.
 *
 * The link is good for {@see self::LIFETIME} seconds: long enough to reload the page, short
 * enough that a URL left in a shared browser's history stops showing a message that may hold
 * the visitor's answers.
 */
final class PlainPostConfirmation {

	/** The query parameter. */
	public const PARAM = 'kestrel_confirmation';

	/** How long a confirmation link shows the message, in seconds. */
	public const LIFETIME = HOUR_IN_SECONDS;

	/**
	 * The parameter's value for a stored entry of a form.
	 *
	 * @param int      $form_id  Form id.
	 * @param int      $entry_id Entry id.
	 * @param int|null $now      Unix time (tests).
	 */
	public static function seal( int $form_id, int $entry_id, ?int $now = null ): string {
		$nonce = random_bytes( SODIUM_CRYPTO_SECRETBOX_NONCEBYTES );
		$plain = $form_id . '|' . $entry_id . '|' . ( ( $now ?? time() ) + self::LIFETIME );
		return self::base64url( $nonce . sodium_crypto_secretbox( $plain, $nonce, self::key() ) );
	}

	/**
	 * The form and entry a parameter names, or null when it is not one this site sealed or has
	 * expired.
	 *
	 * @param mixed    $value The parameter's value.
	 * @param int|null $now   Unix time (tests).
	 * @return array{form_id: int, entry_id: int}|null
	 */
	public static function open( mixed $value, ?int $now = null ): ?array {
		if ( ! is_string( $value ) || strlen( $value ) > 200 || 1 !== preg_match( '/^[A-Za-z0-9_-]+$/D', $value ) ) {
			return null;
		}
		$raw = base64_decode( strtr( $value, '-_', '+/' ), true ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode -- a URL parameter, not obfuscation.
		if ( false === $raw || strlen( $raw ) <= SODIUM_CRYPTO_SECRETBOX_NONCEBYTES + SODIUM_CRYPTO_SECRETBOX_MACBYTES ) {
			return null;
		}
		try {
			$plain = sodium_crypto_secretbox_open( substr( $raw, SODIUM_CRYPTO_SECRETBOX_NONCEBYTES ), substr( $raw, 0, SODIUM_CRYPTO_SECRETBOX_NONCEBYTES ), self::key() );
		} catch ( \SodiumException $e ) {
			return null;
		}
		if ( ! is_string( $plain ) || 1 !== preg_match( '/^([0-9]+)\|([0-9]+)\|([0-9]+)$/D', $plain, $m ) ) {
			return null;
		}
		if ( (int) $m[3] < ( $now ?? time() ) ) {
			return null;
		}
		return array(
			'form_id'  => (int) $m[1],
			'entry_id' => (int) $m[2],
		);
	}

	/**
	 * The sealing key: 32 bytes derived from the site's `auth` salt, for this use only.
	 */
	private static function key(): string {
		return hash_hmac( 'sha256', 'kestrel-forms-plain-post-confirmation', wp_salt( 'auth' ), true );
	}

	/**
	 * URL-safe base64 without padding.
	 *
	 * @param string $bytes Bytes.
	 */
	private static function base64url( string $bytes ): string {
		return rtrim( strtr( base64_encode( $bytes ), '+/', '-_' ), '=' ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- a URL parameter, not obfuscation.
	}
}
