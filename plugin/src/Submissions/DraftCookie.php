<?php
/**
 * The cookie that binds a payment draft to the browser that made it.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Submissions;

/**
 * One cookie per draft (ADR 0009): `kestrel_forms_draft_<first 12 characters of the draft id>`,
 * holding a 128-bit secret whose SHA-256 the draft row keeps. HttpOnly, Secure when the site is
 * served over https, SameSite=Lax (the return from the payment app is a top-level GET, which
 * sends Lax cookies), Path COOKIEPATH (or /), Max-Age 24 hours (the draft's life). Sent with
 * `header( 'Set-Cookie: …', false )` while the POST is answered (not as a response header: the
 * REST server sends those with `header()`'s replace, which would drop any other cookie set during
 * the request), read from `$_COOKIE`.
 */
final class DraftCookie {

	/**
	 * Where cookies go instead of header() (tests); null sends them.
	 *
	 * @var (\Closure(string): void)|null
	 */
	public static ?\Closure $jar = null;

	/** The cookies' name prefix. */
	public const PREFIX = 'kestrel_forms_draft_';

	/**
	 * A fresh secret (32 hex digits, 128 bits).
	 */
	public static function secret(): string {
		return bin2hex( random_bytes( 16 ) );
	}

	/**
	 * The cookie name of a draft.
	 *
	 * @param string $draft_id Draft id.
	 */
	public static function name( string $draft_id ): string {
		return self::PREFIX . substr( $draft_id, 0, 12 );
	}

	/**
	 * The draft cookies the current request carries, by name.
	 *
	 * @return array<string, string>
	 */
	public static function sent(): array {
		$sent = array();
		foreach ( $_COOKIE as $name => $value ) { // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- checked below: only 32 hex digits are kept.
			if ( is_string( $name ) && str_starts_with( $name, self::PREFIX ) && is_string( $value ) && 1 === preg_match( '/^[a-f0-9]{32}$/D', $value ) ) {
				$sent[ $name ] = $value;
			}
		}
		return $sent;
	}

	/**
	 * The secret a browser sent for a draft, or null.
	 *
	 * @param array<string, string> $sent     The cookies sent ({@see self::sent()}).
	 * @param string                $draft_id Draft id.
	 */
	public static function secret_for( array $sent, string $draft_id ): ?string {
		return $sent[ self::name( $draft_id ) ] ?? null;
	}

	/**
	 * The Set-Cookie header value for a draft's secret.
	 *
	 * @param string $draft_id Draft id.
	 * @param string $secret   Secret.
	 * @param int    $max_age  Seconds.
	 */
	public static function header( string $draft_id, string $secret, int $max_age ): string {
		$path = defined( 'COOKIEPATH' ) && '' !== (string) constant( 'COOKIEPATH' ) ? (string) constant( 'COOKIEPATH' ) : '/';
		return sprintf(
			'%s=%s; Max-Age=%d; Expires=%s; Path=%s; HttpOnly; SameSite=Lax%s',
			self::name( $draft_id ),
			$secret,
			$max_age,
			gmdate( 'D, d M Y H:i:s \G\M\T', time() + $max_age ),
			$path,
			is_ssl() ? '; Secure' : ''
		);
	}

	/**
	 * Sends a Set-Cookie header without replacing the request's other cookies.
	 *
	 * @param string $header The header's value ({@see self::header()}).
	 */
	public static function send( string $header ): void {
		if ( null !== self::$jar ) {
			( self::$jar )( $header );
			return;
		}
		if ( ! headers_sent() ) {
			header( 'Set-Cookie: ' . $header, false );
		}
	}
}
