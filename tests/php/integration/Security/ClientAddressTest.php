<?php
/**
 * Who a client is, for rate limits and upload caps.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Security;

use Kestrel\Forms\Security\ClientAddress;
use Kestrel\Forms\Security\RateLimiter;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

/**
 * ClientAddress and RateLimiter against a real WordPress database.
 */
final class ClientAddressTest extends TestCase {

	/**
	 * Without declared proxies the forwarded header is never read.
	 */
	public function test_the_client_is_remote_addr_whatever_x_forwarded_for_says(): void {
		$server = array(
			'REMOTE_ADDR'          => '203.0.113.9',
			'HTTP_X_FORWARDED_FOR' => '198.51.100.1',
		);
		$this->assertSame( '203.0.113.9', ClientAddress::current( $server ) );
		$this->assertSame( '', ClientAddress::current( array( 'REMOTE_ADDR' => 'not an address' ) ) );
	}

	/**
	 * Behind trusted proxies, the right-most hop that is not a proxy is the client; a forged
	 * left part of the header changes nothing.
	 */
	public function test_behind_trusted_proxies_the_right_most_untrusted_hop_is_the_client(): void {
		add_filter( 'kestrel_forms_trusted_proxies', static fn() => array( '10.0.0.0/8', '2001:db8:ffff::/48' ) );
		$server = array(
			'REMOTE_ADDR'          => '10.1.2.3',
			'HTTP_X_FORWARDED_FOR' => '1.2.3.4, 198.51.100.7, 10.9.9.9',
		);
		$this->assertSame( '198.51.100.7', ClientAddress::current( $server ) );
		$server['REMOTE_ADDR'] = '2001:db8:ffff:1::2';
		$this->assertSame( '198.51.100.7', ClientAddress::current( $server ) );
		// A request that did not come through a proxy keeps its own address.
		$server['REMOTE_ADDR'] = '192.0.2.44';
		$this->assertSame( '192.0.2.44', ClientAddress::current( $server ) );
		// A malformed hop stops the walk at the last trusted proxy.
		$server['REMOTE_ADDR']          = '10.1.2.3';
		$server['HTTP_X_FORWARDED_FOR'] = '198.51.100.7, <script>';
		$this->assertSame( '10.1.2.3', ClientAddress::current( $server ) );
	}

	/**
	 * An IPv6 client is its /64 (filterable); IPv4, and IPv4 written as IPv6, stay as they are.
	 */
	public function test_ipv6_clients_are_counted_by_their_network_prefix(): void {
		$this->assertSame( '2001:db8:1:2::/64', ClientAddress::group( '2001:db8:1:2:aaaa:bbbb:cccc:dddd' ) );
		$this->assertSame( '2001:db8:1:2::/64', ClientAddress::group( '2001:db8:1:2::1' ) );
		$this->assertSame( '203.0.113.9', ClientAddress::group( '203.0.113.9' ) );
		$this->assertSame( '203.0.113.9', ClientAddress::group( '::ffff:203.0.113.9' ) );
		$this->assertSame( '', ClientAddress::group( '' ) );
		add_filter( 'kestrel_forms_ipv6_client_prefix', static fn() => 56 );
		$this->assertSame( '2001:db8:1::/56', ClientAddress::group( '2001:db8:1:ff:1::1' ) );
	}

	/**
	 * Changing address inside one /64 does not give a fresh limit; another /64 is another client.
	 */
	public function test_rotating_ipv6_addresses_in_one_network_share_one_limit(): void {
		add_filter( 'kestrel_forms_rate_limit', static fn( $limit, string $bucket ) => 'submission' === $bucket ? array( 3, 60 ) : $limit, 10, 2 );
		$now = 1_800_000_010;
		for ( $i = 1; $i <= 3; $i++ ) {
			$this->assertNull( RateLimiter::hit( 'submission', "2001:db8:77:1::{$i}", $now ) );
		}
		$retry = RateLimiter::hit( 'submission', '2001:db8:77:1:ffff::9', $now );
		$this->assertSame( 50, $retry, 'the window of 60 s started 10 s ago' );
		$this->assertNull( RateLimiter::hit( 'submission', '2001:db8:77:2::1', $now ) );
		// The next window starts from nothing.
		$this->assertNull( RateLimiter::hit( 'submission', '2001:db8:77:1::1', $now + 60 ) );
		RateLimiter::reset( 'submission', '2001:db8:77:1::1', $now );
		RateLimiter::reset( 'submission', '2001:db8:77:1::1', $now + 60 );
		RateLimiter::reset( 'submission', '2001:db8:77:2::1', $now );
	}

	/**
	 * A limit of 0 switches the bucket off; a client without an address is never counted.
	 */
	public function test_a_zero_limit_is_off(): void {
		add_filter( 'kestrel_forms_rate_limit', static fn() => array( 0, 60 ) );
		for ( $i = 0; $i < 30; $i++ ) {
			$this->assertNull( RateLimiter::hit( 'submission', '192.0.2.200' ) );
		}
	}
}
