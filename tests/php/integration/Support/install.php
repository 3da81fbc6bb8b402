<?php
/**
 * Installs WordPress into a site made by Environment::create_site() and activates the plugin.
 *
 * Run by Environment::install() in its own PHP process; usage: php install.php SITE_DIR.
 * Prints nothing on success; anything on stderr, or a non-zero exit, fails the test run.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

use Kestrel\Forms\Tests\Integration\Support\Environment;

if ( 'cli' !== PHP_SAPI || ! isset( $argv[1] ) || ! is_dir( $argv[1] ) ) {
	fwrite( STDERR, "usage: php install.php SITE_DIR\n" );
	exit( 2 );
}

require_once dirname( __DIR__, 2 ) . '/autoload.php';

Environment::define_constants( $argv[1] );
Environment::add_test_hooks();

// As wp-admin/install.php does: skips the "is it installed?" redirect and the loading of plugins.
define( 'WP_INSTALLING', true );

// This file runs in global scope, so wp-settings.php's globals are real globals here.
require_once ABSPATH . 'wp-settings.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';

try {
	wp_install( 'Kestrel Forms Tests', Environment::ADMIN_LOGIN, 'admin@example.org', true, '', 'password' );
	// Plain permalinks would make rest_url() return ?rest_route= URLs; wp-env uses pretty ones.
	update_option( 'permalink_structure', '/%postname%/' );

	// From here on behave like an ordinary admin request that activates the plugin.
	wp_installing( false );
	if ( is_file( WP_PLUGIN_DIR . '/' . Environment::PLUGIN_BASENAME ) ) {
		wp_set_current_user( 1 );
		$kestrel_result = activate_plugin( Environment::PLUGIN_BASENAME );
		if ( is_wp_error( $kestrel_result ) ) {
			$kestrel_data = $kestrel_result->get_error_data();
			fwrite(
				STDERR,
				'Activating ' . Environment::PLUGIN_BASENAME . ' failed: ' . $kestrel_result->get_error_message()
				. ( is_string( $kestrel_data ) ? "\n" . $kestrel_data : '' ) . "\n"
			);
			exit( 1 );
		}
	}
} catch ( Throwable $e ) {
	fwrite( STDERR, 'Installing WordPress failed: ' . $e . "\n" );
	exit( 1 );
}
exit( 0 );
