<?php
/**
 * Bootstrap of the `integration` suite: a real WordPress 6.8 on a fresh SQLite database, or on a
 * fresh MariaDB database with KESTREL_TEST_DB=mariadb (Support/Database.php).
 *
 * The runner scripts/phpunit.mjs passes this file as --bootstrap; when PHPUnit runs with the default
 * bootstrap instead (plain `phpunit --testsuite integration`), Support\TestCase requires it before
 * its first test. Either way it runs once per process, in this order (as wordpress-develop's
 * tests/phpunit/includes/bootstrap.php does, with the install moved into a child process):
 *
 *   1. build a throwaway site: wp-content with the SQLite drop-in and the mapped plugin;
 *   2. install WordPress there and activate the plugin, in a child process (Support/install.php);
 *   3. define the wp-config constants and the test hooks in this process;
 *   4. load wp-settings.php, which loads the now active plugin like any request would.
 *
 * Set KESTREL_KEEP_TEST_SITE=1 to keep the site (and its SQLite file) for a look afterwards.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

use Kestrel\Forms\Tests\Integration\Support\Database;
use Kestrel\Forms\Tests\Integration\Support\Environment;

if ( defined( 'KESTREL_FORMS_TESTS_WP_LOADED' ) ) {
	return;
}

require_once dirname( __DIR__ ) . '/autoload.php';

/*
 * PHPUnit includes this file from inside a method, and so does TestCase; wp-settings.php and the
 * files it includes assign some globals without declaring them, so declare them here (the same list
 * as wordpress-develop's bootstrap, plus $table_prefix).
 */
global $wpdb, $current_site, $current_blog, $wp_rewrite, $shortcode_tags, $wp, $phpmailer, $wp_theme_directories, $table_prefix;

// The database: SQLite by default, MariaDB with KESTREL_TEST_DB=mariadb (see Support/Database.php).
Database::create();

$kestrel_site = Environment::create_site();
if ( getenv( 'KESTREL_KEEP_TEST_SITE' ) ) {
	fwrite( STDERR, "Test site kept in {$kestrel_site}\n" );
} else {
	register_shutdown_function( array( Environment::class, 'remove_tree' ), $kestrel_site );
}

Environment::install( $kestrel_site );
Environment::define_constants( $kestrel_site );
Environment::add_test_hooks();

require_once ABSPATH . 'wp-settings.php';

// wp-admin functions that tests commonly need (is_plugin_active(), dbDelta(), ...).
require_once ABSPATH . 'wp-admin/includes/plugin.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';

define( 'KESTREL_FORMS_TESTS_WP_LOADED', true );
unset( $kestrel_site );
