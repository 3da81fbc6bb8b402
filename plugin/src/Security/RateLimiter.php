<?php
/**
 * Per-client rate limits shared by every PHP worker.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Security;

/**
 * Fixed-window counters per (bucket, client). Where the site has a persistent object cache
 * (Redis, Memcached) the counter is `wp_cache_add()` + `wp_cache_incr()`, which those backends
 * do atomically for every worker and server; otherwise it is a transient row in the options
 * table, created with `add_option()` (the unique option name makes one creator win) and counted
 * with one `UPDATE … SET option_value = option_value + 1`, so concurrent workers never lose a
 * hit as a read-then-write would. The window's number is part of the key: a new window starts
 * from nothing and the old row expires as a transient.
 *
 * Limits come from {@see self::limit()}: a site-wide default per bucket, filterable.
 */
final class RateLimiter {

	private const CACHE_GROUP = 'kestrel_forms_rate';

	/**
	 * Defaults per bucket: [ hits allowed, window in seconds ].
	 *
	 * @var array<string, array{0: int, 1: int}>
	 */
	public const DEFAULTS = array(
		// Submissions: a person sends a few; 20 a minute per address leaves room for an office
		// behind one address and stops a script (60 in 40 s from one client were all stored).
		'submission'         => array( 20, 60 ),
		// Upload requests (chunks, tests, discards): a 200 MB file is 100 chunks of 2 MB, each
		// perhaps tested first; 600 a minute keeps several such uploads going.
		'upload_request'     => array( 600, 60 ),
		// New upload sessions per hour.
		'upload_session'     => array( 60, 3600 ),
		// Failed payment attempts (declines) per client and form in 10 minutes: card testing.
		// Counted on failures only; at the limit the next attempt is refused before any charge.
		'payment_failure'    => array( 5, 600 ),
		// Wallet payment requests (the sheet's total, asked again when the total or the sheet's
		// shipping choice changes): a visitor asks a few times a minute.
		'payment_request'    => array( 60, 60 ),
		// Payment drafts (one each time a visitor starts Cash App Pay on a phone): as many as
		// submissions.
		'payment_draft'      => array( 20, 60 ),
		// Payment draft reads (the return page, reloads): generous, but no id scanning.
		'payment_draft_read' => array( 120, 60 ),
	);

	/**
	 * The limit of a bucket: hits allowed per window (0 = no limit) and the window.
	 *
	 * @param string $bucket Bucket name, e.g. 'submission'.
	 * @return array{0: int, 1: int}
	 */
	public static function limit( string $bucket ): array {
		$default = self::DEFAULTS[ $bucket ] ?? array( 0, 60 );
		/**
		 * Filters a per-client rate limit.
		 *
		 * @param array{0: int, 1: int} $limit  [ hits allowed per window (0 turns the limit off), window in seconds ].
		 * @param string                $bucket 'submission', 'upload_request', 'upload_session', 'payment_failure', 'payment_request', 'payment_draft' or 'payment_draft_read'.
		 */
		$limit = apply_filters( 'kestrel_forms_rate_limit', $default, $bucket );
		if ( ! is_array( $limit ) || count( $limit ) < 2 ) {
			return $default;
		}
		$limit = array_values( $limit );
		return array( max( 0, (int) $limit[0] ), max( 1, (int) $limit[1] ) );
	}

	/**
	 * Counts one hit. Returns null when it is within the limit, else the seconds until the
	 * window ends (the `Retry-After` to send). A client with no address ('' on the command line)
	 * is not limited.
	 *
	 * @param string   $bucket Bucket name.
	 * @param string   $client Client address ({@see ClientAddress::current()}).
	 * @param int|null $now    Unix time (tests).
	 * @param string   $scope  What else the count is per (e.g. a form id); '' for the client alone.
	 */
	public static function hit( string $bucket, string $client, ?int $now = null, string $scope = '' ): ?int {
		list( $allowed, $window ) = self::limit( $bucket );
		if ( 0 === $allowed || '' === $client ) {
			return null;
		}
		$now   = $now ?? time();
		$index = intdiv( $now, $window );
		$key   = self::key( $bucket, $client, $window, $index, $scope );
		$count = self::increment( $key, $window );
		if ( $count <= $allowed ) {
			return null;
		}
		return max( 1, ( $index + 1 ) * $window - $now );
	}

	/**
	 * Whether a client is already at the limit, without counting a hit (for limits counted on
	 * failures only: check before trying, hit() after a failure). Returns null when under the
	 * limit, else the seconds until the window ends.
	 *
	 * @param string   $bucket Bucket name.
	 * @param string   $client Client address.
	 * @param string   $scope  As for hit().
	 * @param int|null $now    Unix time (tests).
	 */
	public static function exceeded( string $bucket, string $client, string $scope = '', ?int $now = null ): ?int {
		list( $allowed, $window ) = self::limit( $bucket );
		if ( 0 === $allowed || '' === $client ) {
			return null;
		}
		$now   = $now ?? time();
		$index = intdiv( $now, $window );
		$key   = self::key( $bucket, $client, $window, $index, $scope );
		if ( wp_using_ext_object_cache() ) {
			$count = (int) wp_cache_get( $key, self::CACHE_GROUP );
		} else {
			global $wpdb;
			// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the counter row increment() writes.
			$count = (int) $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", '_transient_' . $key ) );
		}
		return $count < $allowed ? null : max( 1, ( $index + 1 ) * $window - $now );
	}

	/**
	 * The counter key of a bucket, client (group), window and scope.
	 *
	 * @param string $bucket Bucket name.
	 * @param string $client Client address.
	 * @param int    $window Window in seconds.
	 * @param int    $index  Window number.
	 * @param string $scope  Scope ('' for none).
	 */
	private static function key( string $bucket, string $client, int $window, int $index, string $scope = '' ): string {
		return 'kf_rl_' . substr( hash( 'sha256', $bucket . '|' . ClientAddress::group( $client ) . '|' . $window . '|' . $index . ( '' !== $scope ? '|' . $scope : '' ) ), 0, 32 );
	}

	/**
	 * Forgets every counter of a client in a bucket's current window (tests, and an admin
	 * who lets someone back in).
	 *
	 * @param string   $bucket Bucket name.
	 * @param string   $client Client address.
	 * @param int|null $now    Unix time (tests).
	 * @param string   $scope  As for hit().
	 */
	public static function reset( string $bucket, string $client, ?int $now = null, string $scope = '' ): void {
		list( , $window ) = self::limit( $bucket );
		$index            = intdiv( $now ?? time(), $window );
		$key              = self::key( $bucket, $client, $window, $index, $scope );
		wp_cache_delete( $key, self::CACHE_GROUP );
		delete_transient( $key );
	}

	/**
	 * Adds one to a counter and returns its new value, atomically for every worker.
	 *
	 * @param string $key    Counter key.
	 * @param int    $window Seconds the counter lives.
	 */
	private static function increment( string $key, int $window ): int {
		if ( wp_using_ext_object_cache() ) {
			wp_cache_add( $key, 0, self::CACHE_GROUP, $window + 1 );
			$value = wp_cache_incr( $key, 1, self::CACHE_GROUP );
			return false === $value ? 1 : (int) $value;
		}
		global $wpdb;
		$option = '_transient_' . $key;
		// The counter and its timeout are transient rows (WordPress's cron deletes them once
		// expired). Created with an upsert that changes nothing when the row exists: two workers
		// creating it at once neither reset the count nor make wpdb log a duplicate key.
		$create = "INSERT INTO {$wpdb->options} (option_name, option_value, autoload) VALUES (%s, %s, 'off') ON DUPLICATE KEY UPDATE option_name = option_name";
		// phpcs:disable WordPress.DB.DirectDatabaseQuery -- an atomic counter has no WordPress API.
		$wpdb->query( $wpdb->prepare( $create, '_transient_timeout_' . $key, (string) ( time() + $window + 1 ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		$wpdb->query( $wpdb->prepare( $create, $option, '0' ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		$wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->options} SET option_value = option_value + 1 WHERE option_name = %s", $option ) );
		$value = $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", $option ) );
		// phpcs:enable
		wp_cache_delete( $option, 'options' );
		wp_cache_delete( 'alloptions', 'options' );
		return max( 1, (int) $value );
	}
}
