<?php
/**
 * The address of the client a request comes from.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Security;

/**
 * `REMOTE_ADDR`, unless the site declares trusted proxies: then, when the request came through
 * one of them, the right-most address of `X-Forwarded-For` that is not itself a trusted proxy.
 * A client cannot choose its own address by sending a header: without declared proxies the
 * header is never read (docs/security.md, "Who is a client").
 */
final class ClientAddress {

	/**
	 * The client's address, normalised ('' when PHP knows none, e.g. on the command line).
	 *
	 * @param array<string, mixed>|null $server $_SERVER (tests pass their own).
	 */
	public static function current( ?array $server = null ): string {
		$server = $server ?? $_SERVER;
		$remote = self::normalise( is_string( $server['REMOTE_ADDR'] ?? null ) ? $server['REMOTE_ADDR'] : '' );
		/**
		 * Filters the proxies the site trusts to report the client's address in
		 * `X-Forwarded-For`: IPv4/IPv6 addresses or CIDR ranges. Empty by default: the client
		 * is `REMOTE_ADDR`.
		 *
		 * @param string[] $proxies Addresses or CIDR ranges.
		 */
		$proxies = array_values( array_filter( (array) apply_filters( 'kestrel_forms_trusted_proxies', array() ), 'is_string' ) );
		if ( '' === $remote || ! $proxies || ! self::in_any( $remote, $proxies ) ) {
			return $remote;
		}
		$forwarded = is_string( $server['HTTP_X_FORWARDED_FOR'] ?? null ) ? $server['HTTP_X_FORWARDED_FOR'] : '';
		$hops      = array_reverse( array_map( 'trim', explode( ',', $forwarded ) ) );
		foreach ( $hops as $hop ) {
			$address = self::normalise( $hop );
			if ( '' === $address ) {
				// A malformed hop: whoever wrote it is not trusted, so the last good one stands.
				return $remote;
			}
			if ( ! self::in_any( $address, $proxies ) ) {
				return $address;
			}
			$remote = $address;
		}
		return $remote;
	}

	/**
	 * The client as limits count it: an IPv4 address as it is, an IPv6 address as its network
	 * prefix (/64 by default). One household or server gets a whole /64 and can change its
	 * address at will; counting per /128 would give it a fresh limit on every request.
	 *
	 * @param string $address Canonical address ({@see self::current()}).
	 */
	public static function group( string $address ): string {
		$packed = '' === $address ? false : @inet_pton( $address ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- invalid input is an answer, not a warning.
		if ( false === $packed || 16 !== strlen( $packed ) ) {
			return $address;
		}
		if ( str_starts_with( $packed, str_repeat( "\0", 10 ) . "\xff\xff" ) ) {
			// An IPv4 address written as IPv6 (::ffff:a.b.c.d) is that IPv4 address.
			return (string) inet_ntop( substr( $packed, 12 ) );
		}
		/**
		 * Filters the IPv6 prefix length that counts as one client for rate limits and upload
		 * caps (default 64; 128 counts every address apart).
		 *
		 * @param int $bits Prefix length, 1 to 128.
		 */
		$bits   = min( 128, max( 1, (int) apply_filters( 'kestrel_forms_ipv6_client_prefix', 64 ) ) );
		$full   = intdiv( $bits, 8 );
		$rest   = $bits % 8;
		$prefix = substr( $packed, 0, $full );
		if ( $rest > 0 ) {
			$prefix .= chr( ord( $packed[ $full ] ) & ( ( 0xff << ( 8 - $rest ) ) & 0xff ) );
		}
		$network = str_pad( $prefix, 16, "\0" );
		return inet_ntop( $network ) . '/' . $bits;
	}

	/**
	 * A valid IP address in canonical form, or ''.
	 *
	 * @param string $address Text.
	 */
	public static function normalise( string $address ): string {
		$packed = @inet_pton( trim( $address ) ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- invalid input is an answer, not a warning.
		if ( false === $packed ) {
			return '';
		}
		$text = inet_ntop( $packed );
		return false === $text ? '' : $text;
	}

	/**
	 * Whether an address lies in one of the ranges.
	 *
	 * @param string   $address Canonical address.
	 * @param string[] $ranges  Addresses or CIDR ranges.
	 */
	public static function in_any( string $address, array $ranges ): bool {
		foreach ( $ranges as $range ) {
			if ( self::in_range( $address, $range ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Whether an address is a given address or lies in a CIDR range.
	 *
	 * @param string $address Canonical address.
	 * @param string $range   Address or CIDR range.
	 */
	private static function in_range( string $address, string $range ): bool {
		$parts = explode( '/', trim( $range ), 2 );
		$net   = @inet_pton( $parts[0] ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- a bad range matches nothing.
		$ip    = @inet_pton( $address ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged
		if ( false === $net || false === $ip || strlen( $net ) !== strlen( $ip ) ) {
			return false;
		}
		$bits = isset( $parts[1] ) && ctype_digit( $parts[1] ) ? (int) $parts[1] : strlen( $ip ) * 8;
		$bits = min( $bits, strlen( $ip ) * 8 );
		$full = intdiv( $bits, 8 );
		if ( substr( $ip, 0, $full ) !== substr( $net, 0, $full ) ) {
			return false;
		}
		$rest = $bits % 8;
		if ( 0 === $rest ) {
			return true;
		}
		$mask = ( 0xff << ( 8 - $rest ) ) & 0xff;
		return ( ord( $ip[ $full ] ) & $mask ) === ( ord( $net[ $full ] ) & $mask );
	}
}
