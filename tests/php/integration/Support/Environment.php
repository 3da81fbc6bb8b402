<?php
/**
 * The throwaway WordPress site the integration suite runs against.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Support;

use PharData;
use RuntimeException;

/**
 * Builds one site per PHPUnit run and defines the constants a wp-config.php would.
 *
 * Layout of a site (under the system temp dir, removed when the run ends):
 *
 *     <site>/wp-content/db.php                     SQLite drop-in (db.copy with its placeholders filled)
 *     <site>/wp-content/database/tests.sqlite      the database, new for every run
 *     <site>/wp-content/themes       -> <core>/wp-content/themes
 *     <site>/wp-content/plugins/kestrel-forms/     mapped like .wp-env.json does it:
 *         kestrel-forms.php                        a copy (see map_plugin())
 *         every other entry of plugin/  -> plugin/<entry>
 *         build                         -> build/ (when it exists)
 *
 * WordPress core itself (ABSPATH) is the shared, read-only .wp-core/; we never load its
 * wp-config.php or wp-content/ (wp-env writes there).
 */
final class Environment {

	public const PLUGIN_BASENAME = 'kestrel-forms/kestrel-forms.php';
	public const TABLE_PREFIX    = 'wptests_';
	public const SITE_URL        = 'http://example.org';
	public const ADMIN_LOGIN     = 'admin';

	/**
	 * Sites left behind by killed runs are removed once they are this old (seconds).
	 */
	private const STALE_SITE_AGE = 6 * 3600;

	/**
	 * The repository root.
	 */
	public static function repo_root(): string {
		return dirname( __DIR__, 4 );
	}

	/**
	 * WordPress core: $WP_CORE_DIR or .wp-core/ (filled by scripts/fetch-wp-core.sh).
	 *
	 * @throws RuntimeException When core is missing.
	 */
	public static function core_dir(): string {
		$dir = getenv( 'WP_CORE_DIR' );
		$dir = ( false !== $dir && '' !== $dir ) ? rtrim( $dir, '/' ) : self::repo_root() . '/.wp-core';
		if ( ! is_file( $dir . '/wp-includes/version.php' ) ) {
			throw new RuntimeException(
				"WordPress core not found in {$dir}. Run `node scripts/phpunit.mjs --testsuite integration`, which fetches it, or `bash scripts/fetch-wp-core.sh .wp-core`."
			);
		}
		return $dir;
	}

	/**
	 * The unpacked SQLite Database Integration plugin, extracted once into .cache/phpunit/.
	 *
	 * It comes from the zip that @wp-playground/cli (a dependency of @wordpress/env) ships, so it
	 * is the same driver wp-env runs on; $KESTREL_SQLITE_PLUGIN (a folder or a zip) overrides it.
	 * The cache folder is named after the zip's hash, so an npm update brings a fresh copy.
	 *
	 * @throws RuntimeException When no copy can be found or unpacked.
	 */
	public static function sqlite_plugin_dir(): string {
		$source = self::find_sqlite_plugin();
		if ( is_dir( $source ) ) {
			return $source;
		}

		$dir = self::repo_root() . '/.cache/phpunit/sqlite-database-integration-' . substr( (string) sha1_file( $source ), 0, 12 );
		if ( self::is_sqlite_plugin( $dir ) ) {
			return $dir;
		}

		// Unpack beside the target and rename into place, so parallel runs never see half a copy.
		$tmp = $dir . '.tmp-' . getmypid();
		self::remove_tree( $tmp );
		( new PharData( $source ) )->extractTo( $tmp, null, true );
		$unpacked = self::is_sqlite_plugin( $tmp ) ? $tmp : null;
		foreach ( self::listing( glob( $tmp . '/*', GLOB_ONLYDIR ) ) as $child ) {
			if ( null === $unpacked && self::is_sqlite_plugin( $child ) ) {
				$unpacked = $child;
			}
		}
		if ( null === $unpacked ) {
			self::remove_tree( $tmp );
			throw new RuntimeException( "{$source} does not contain the SQLite Database Integration plugin." );
		}
		// rename() fails when a parallel run got there first; its copy is as good as ours.
		if ( ! @rename( $unpacked, $dir ) && ! self::is_sqlite_plugin( $dir ) ) { // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged
			self::remove_tree( $tmp );
			throw new RuntimeException( "Could not move the SQLite plugin into {$dir}." );
		}
		self::remove_tree( $tmp );
		return $dir;
	}

	/**
	 * Creates a new, empty site folder and returns its path.
	 */
	public static function create_site(): string {
		$parent = sys_get_temp_dir() . '/kestrel-forms-phpunit';
		self::remove_stale_sites( $parent );

		$site    = sprintf( '%s/%s-%d-%s', $parent, gmdate( 'Ymd-His' ), getmypid(), bin2hex( random_bytes( 3 ) ) );
		$content = $site . '/wp-content';
		foreach ( array( 'plugins', 'mu-plugins', 'database', 'uploads', 'languages' ) as $sub ) {
			self::make_dir( $content . '/' . $sub );
		}

		self::symlink( self::core_dir() . '/wp-content/themes', $content . '/themes' );
		self::write_db_dropin( $content . '/db.php', self::sqlite_plugin_dir() );
		if ( is_file( self::repo_root() . '/plugin/kestrel-forms.php' ) ) {
			self::map_plugin( $content . '/plugins/kestrel-forms' );
		}
		return $site;
	}

	/**
	 * Installs WordPress (and activates the plugin) into a site, in a separate PHP process.
	 *
	 * A separate process because WordPress can only be loaded once per process and installing needs
	 * WP_INSTALLING, which also stops plugins from loading. Afterwards this process boots the
	 * installed site the way a normal request would, with the plugin in `active_plugins`.
	 *
	 * @param string $site A folder from create_site().
	 *
	 * @throws RuntimeException With the installer's output when it fails.
	 */
	public static function install( string $site ): void {
		$command = array( PHP_BINARY, '-d', 'display_errors=stderr', __DIR__ . '/install.php', $site );
		// phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.system_calls_proc_open -- WordPress is installed in a child process on purpose (see bootstrap.php).
		$process = proc_open(
			$command,
			array(
				1 => array( 'pipe', 'w' ),
				2 => array(
					'pipe',
					'w',
				),
			),
			$pipes
		);
		if ( ! is_resource( $process ) ) {
			throw new RuntimeException( 'Could not start the WordPress installer.' );
		}
		$stdout = (string) stream_get_contents( $pipes[1] );
		$stderr = (string) stream_get_contents( $pipes[2] );
		fclose( $pipes[1] );
		fclose( $pipes[2] );
		$status = proc_close( $process );

		if ( 0 !== $status || '' !== trim( $stderr ) ) {
			throw new RuntimeException(
				sprintf( "Installing WordPress into %s failed (exit %d).\n%s\n%s", $site, $status, trim( $stderr ), trim( $stdout ) )
			);
		}
	}

	/**
	 * Defines what a wp-config.php would, for a site from create_site().
	 *
	 * @param string $site A folder from create_site().
	 */
	public static function define_constants( string $site ): void {
		$content = $site . '/wp-content';
		// KESTREL_TEST_DB=mariadb puts the run on MariaDB (Database::constants() wins below).
		$constants = Database::constants() + array(
			'ABSPATH'                        => self::core_dir() . '/',
			'WP_CONTENT_DIR'                 => $content,
			'WP_CONTENT_URL'                 => self::SITE_URL . '/wp-content',
			'WP_HOME'                        => self::SITE_URL,
			'WP_SITEURL'                     => self::SITE_URL,

			// The SQLite drop-in reads DB_DIR/DB_FILE; the MySQL constants must exist all the same.
			'DB_ENGINE'                      => 'sqlite',
			'DB_DIR'                         => $content . '/database/',
			'DB_FILE'                        => 'tests.sqlite',
			'DB_NAME'                        => 'kestrel_forms_tests',
			'DB_USER'                        => '',
			'DB_PASSWORD'                    => '',
			'DB_HOST'                        => 'localhost',
			'DB_CHARSET'                     => 'utf8mb4',
			'DB_COLLATE'                     => '',

			'WP_DEBUG'                       => true,
			'WP_DEBUG_DISPLAY'               => true,
			'WP_DEBUG_LOG'                   => false,
			'SCRIPT_DEBUG'                   => false,
			'WP_ENVIRONMENT_TYPE'            => 'local',
			// PHPUnit reports fatal errors itself; WordPress's handler would print an HTML page.
			'WP_DISABLE_FATAL_ERROR_HANDLER' => true,
			'DISABLE_WP_CRON'                => true,
			'WP_HTTP_BLOCK_EXTERNAL'         => true,
			'AUTOMATIC_UPDATER_DISABLED'     => true,
			'WP_AUTO_UPDATE_CORE'            => false,
			'WP_DEFAULT_THEME'               => 'twentytwentyfive',

			// Fixed salts: WordPress would otherwise generate and store them on first use.
			'AUTH_KEY'                       => 'kestrel-tests-auth-key',
			'SECURE_AUTH_KEY'                => 'kestrel-tests-secure-auth-key',
			'LOGGED_IN_KEY'                  => 'kestrel-tests-logged-in-key',
			'NONCE_KEY'                      => 'kestrel-tests-nonce-key',
			'AUTH_SALT'                      => 'kestrel-tests-auth-salt',
			'SECURE_AUTH_SALT'               => 'kestrel-tests-secure-auth-salt',
			'LOGGED_IN_SALT'                 => 'kestrel-tests-logged-in-salt',
			'NONCE_SALT'                     => 'kestrel-tests-nonce-salt',

			'KESTREL_FORMS_TESTS_SITE'       => $site,
		);
		foreach ( $constants as $name => $value ) {
			if ( ! defined( $name ) ) {
				define( $name, $value );
			}
		}

		// A prefix other than wp_ catches table names written out by hand.
		$GLOBALS['table_prefix'] = self::TABLE_PREFIX; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited

		// What a web server would provide; wordpress-develop's test bootstrap sets the same.
		$_SERVER['HTTP_HOST']       = 'example.org';
		$_SERVER['SERVER_NAME']     = 'example.org';
		$_SERVER['SERVER_PORT']     = '80';
		$_SERVER['REQUEST_METHOD']  = 'GET';
		$_SERVER['REQUEST_URI']     = '/';
		$_SERVER['REMOTE_ADDR']     = '127.0.0.1';
		$_SERVER['SERVER_PROTOCOL'] = 'HTTP/1.1';
		$_SERVER['PHP_SELF']        = '/index.php';
		$GLOBALS['PHP_SELF']        = '/index.php'; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited
	}

	/**
	 * Hooks every test run needs, registered before WordPress loads (see add_filter_early()).
	 */
	public static function add_test_hooks(): void {
		// No test reaches the network; a test that needs a response adds its own pre_http_request.
		self::add_filter_early( 'pre_http_request', array( self::class, 'block_http' ), PHP_INT_MAX, 3 );
		// Mail is recorded, never sent (there is no MTA); TestCase::sent_mail() reads it.
		self::add_filter_early( 'pre_wp_mail', array( Mailbox::class, 'capture' ), PHP_INT_MAX, 2 );
		// wp_die() must throw in tests: its default handlers print a page and exit with status 0.
		foreach ( array( 'wp_die_handler', 'wp_die_ajax_handler', 'wp_die_json_handler', 'wp_die_jsonp_handler', 'wp_die_xmlrpc_handler', 'wp_die_xml_handler' ) as $hook ) {
			self::add_filter_early( $hook, array( self::class, 'die_handler' ), PHP_INT_MAX, 1 );
		}
	}

	/**
	 * Adds a filter even before wp-includes/plugin.php exists: WordPress turns a pre-filled
	 * $wp_filter array into WP_Hook objects when it loads (WP_Hook::build_preinitialized_hooks()).
	 *
	 * @param string   $hook          Hook name.
	 * @param callable $callback      Callback.
	 * @param int      $priority      Priority.
	 * @param int      $accepted_args Number of arguments the callback takes.
	 */
	public static function add_filter_early( string $hook, callable $callback, int $priority = 10, int $accepted_args = 1 ): void {
		if ( function_exists( 'add_filter' ) ) {
			add_filter( $hook, $callback, $priority, $accepted_args );
			return;
		}
		$GLOBALS['wp_filter'][ $hook ][ $priority ][] = array( // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited
			'function'      => $callback,
			'accepted_args' => $accepted_args,
		);
	}

	/**
	 * `pre_http_request` callback: refuses every request nobody else answered.
	 *
	 * @param false|array|\WP_Error $response A response from an earlier filter, or false.
	 * @param array                 $args     Request arguments.
	 * @param string                $url      Request URL.
	 * @return false|array|\WP_Error
	 */
	public static function block_http( $response, array $args, string $url ) {
		if ( false !== $response ) {
			return $response;
		}
		return new \WP_Error( 'kestrel_tests_http_blocked', "Tests make no HTTP requests ({$url}); answer it with a pre_http_request filter." );
	}

	/**
	 * `wp_die_handler` (and friends) callback.
	 *
	 * @return callable
	 */
	public static function die_handler(): callable {
		return array( WPDieException::class, 'throw_from_wp_die' );
	}

	/**
	 * Removes a folder tree without following symlinks (the site links into the repository).
	 *
	 * @param string $path File or folder.
	 */
	public static function remove_tree( string $path ): void {
		if ( is_link( $path ) || is_file( $path ) ) {
			unlink( $path );
			return;
		}
		if ( ! is_dir( $path ) ) {
			return;
		}
		foreach ( self::listing( scandir( $path ) ) as $entry ) {
			if ( '.' !== $entry && '..' !== $entry ) {
				self::remove_tree( $path . '/' . $entry );
			}
		}
		rmdir( $path );
	}

	/**
	 * Maps plugin/ into the site as wp-env does (see .wp-env.json `mappings`).
	 *
	 * A symlink to plugin/ itself would leave no room for build/, which lives at the repository
	 * root. So the folder is real: every entry of plugin/ is linked, and the main file is copied,
	 * because PHP resolves symlinks in __FILE__ and the plugin derives its folder (and so build/
	 * and its URLs) from __FILE__. Everything the main file requires is still loaded from plugin/,
	 * so stack traces and coverage point at the real sources.
	 *
	 * @param string $target wp-content/plugins/kestrel-forms of the site.
	 */
	private static function map_plugin( string $target ): void {
		$source = self::repo_root() . '/plugin';
		self::make_dir( $target );
		foreach ( self::listing( scandir( $source ) ) as $entry ) {
			if ( '.' === $entry || '..' === $entry || 'build' === $entry ) {
				continue;
			}
			if ( 'kestrel-forms.php' === $entry ) {
				copy( $source . '/' . $entry, $target . '/' . $entry );
				continue;
			}
			self::symlink( $source . '/' . $entry, $target . '/' . $entry );
		}
		$build = is_dir( self::repo_root() . '/build' ) ? self::repo_root() . '/build' : $source . '/build';
		if ( is_dir( $build ) ) {
			self::symlink( $build, $target . '/build' );
		}
	}

	/**
	 * Writes wp-content/db.php from the plugin's db.copy, as the plugin's own activation does.
	 *
	 * @param string $file       Where to write.
	 * @param string $plugin_dir The unpacked SQLite plugin.
	 */
	private static function write_db_dropin( string $file, string $plugin_dir ): void {
		$dropin = (string) file_get_contents( $plugin_dir . '/db.copy' );
		$dropin = str_replace(
			array( '{SQLITE_IMPLEMENTATION_FOLDER_PATH}', '{SQLITE_PLUGIN}' ),
			array( $plugin_dir, 'sqlite-database-integration/load.php' ),
			$dropin
		);
		file_put_contents( $file, $dropin );
	}

	/**
	 * Where the SQLite plugin is: a folder or a zip.
	 *
	 * @throws RuntimeException When there is none.
	 */
	private static function find_sqlite_plugin(): string {
		$override = getenv( 'KESTREL_SQLITE_PLUGIN' );
		if ( false !== $override && '' !== $override ) {
			if ( is_file( $override ) || self::is_sqlite_plugin( $override ) ) {
				return $override;
			}
			throw new RuntimeException( "KESTREL_SQLITE_PLUGIN={$override} is neither the plugin's folder nor a zip of it." );
		}

		$modules    = self::repo_root() . '/node_modules';
		$candidates = array_merge(
			array(
				$modules . '/@wp-playground/cli/sqlite-database-integration.zip',
				$modules . '/@wordpress/env/node_modules/@wp-playground/cli/sqlite-database-integration.zip',
			),
			self::listing( glob( $modules . '/@wp-playground/*/sqlite-database-integration*.zip' ) ),
			self::listing( glob( $modules . '/@wordpress/env/node_modules/@wp-playground/*/sqlite-database-integration*.zip' ) )
		);
		foreach ( $candidates as $candidate ) {
			if ( is_file( $candidate ) ) {
				return $candidate;
			}
		}
		throw new RuntimeException(
			"The SQLite Database Integration plugin was not found (looked for sqlite-database-integration.zip under {$modules}/@wp-playground, shipped with @wordpress/env). Run `npm ci`, or point KESTREL_SQLITE_PLUGIN at the plugin's folder or zip."
		);
	}

	/**
	 * Whether a folder holds the SQLite plugin.
	 *
	 * @param string $dir Folder.
	 */
	private static function is_sqlite_plugin( string $dir ): bool {
		return is_file( $dir . '/db.copy' ) && is_file( $dir . '/wp-includes/sqlite/db.php' );
	}

	/**
	 * Removes sites that killed runs left behind.
	 *
	 * @param string $parent Folder holding the sites.
	 */
	private static function remove_stale_sites( string $parent ): void {
		foreach ( self::listing( glob( $parent . '/*', GLOB_ONLYDIR ) ) as $site ) {
			if ( time() - (int) filemtime( $site ) > self::STALE_SITE_AGE ) {
				self::remove_tree( $site );
			}
		}
	}

	/**
	 * Creates a folder and its parents.
	 *
	 * @param string $dir Folder.
	 *
	 * @throws RuntimeException When it cannot.
	 */
	private static function make_dir( string $dir ): void {
		if ( ! is_dir( $dir ) && ! mkdir( $dir, 0777, true ) && ! is_dir( $dir ) ) {
			throw new RuntimeException( "Could not create {$dir}." );
		}
	}

	/**
	 * Creates a symlink.
	 *
	 * @param string $target What the link points at.
	 * @param string $link   The link.
	 *
	 * @throws RuntimeException When it cannot.
	 */
	private static function symlink( string $target, string $link ): void {
		if ( ! symlink( $target, $link ) ) {
			throw new RuntimeException( "Could not link {$link} to {$target}." );
		}
	}

	/**
	 * The names glob() or scandir() found, or none when it failed.
	 *
	 * @param list<string>|false $names What glob() or scandir() returned.
	 * @return list<string>
	 */
	private static function listing( array|false $names ): array {
		return false === $names ? array() : $names;
	}
}
