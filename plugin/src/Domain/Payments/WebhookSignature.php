<?php
/**
 * The provider's webhook signature (pure).
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\Payments;

/**
 * `x-square-hmacsha256-signature` = base64( HMAC-SHA256( key = the subscription's signature key,
 * message = the notification URL stored with the subscription, byte for byte, followed by the
 * raw request body ) ).
 *
 * The URL is the one the subscription was created with (never rebuilt from the request: scheme,
 * trailing slash and proxies would change it) and the body is the raw body as received (never
 * decoded and re-encoded). The comparison is constant-time. An empty key or URL verifies
 * nothing: there is no "not configured, let it through" path.
 */
final class WebhookSignature {

	/**
	 * The signature the provider sends for a body delivered to a URL.
	 *
	 * @param string $signature_key    The subscription's signature key.
	 * @param string $notification_url The stored notification URL.
	 * @param string $raw_body         The raw request body.
	 */
	public static function sign( string $signature_key, string $notification_url, string $raw_body ): string {
		// The provider sends the MAC as base64: this encodes a digest, it hides no code.
		return base64_encode( hash_hmac( 'sha256', $notification_url . $raw_body, $signature_key, true ) ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode
	}

	/**
	 * Whether a received signature header is the provider's signature of this body.
	 *
	 * @param string      $signature_key    The subscription's signature key (empty: false).
	 * @param string      $notification_url The stored notification URL (empty: false).
	 * @param string      $raw_body         The raw request body.
	 * @param string|null $header           The `x-square-hmacsha256-signature` header, null when missing.
	 */
	public static function verify( string $signature_key, string $notification_url, string $raw_body, ?string $header ): bool {
		if ( '' === $signature_key || '' === $notification_url || null === $header ) {
			return false;
		}
		$header = trim( $header );
		if ( '' === $header ) {
			return false;
		}
		return hash_equals( self::sign( $signature_key, $notification_url, $raw_body ), $header );
	}
}
