<?php
/**
 * What wp_die() throws during tests.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Support;

use RuntimeException;

/**
 * The default wp_die() handlers print a page and exit with status 0, which would end the PHPUnit
 * run as if it had passed. Tests that expect a wp_die() use expectException( WPDieException::class ).
 */
final class WPDieException extends RuntimeException {

	/**
	 * The handler wp_die() calls (installed by Environment::add_test_hooks()).
	 *
	 * @param string|\WP_Error $message Message or error.
	 * @param string|int       $title   Title, or the HTTP status when wp_die() got a number.
	 * @param array            $args    wp_die() arguments.
	 *
	 * @throws self Always.
	 */
	public static function throw_from_wp_die( $message, $title = '', $args = array() ): void {
		if ( $message instanceof \WP_Error ) {
			$message = $message->get_error_message();
		}
		$code = is_array( $args ) && isset( $args['response'] ) ? (int) $args['response'] : 0;
		throw new self( wp_strip_all_tags( (string) $message ), $code );
	}
}
