<?php
/**
 * Which database the integration suite runs on: SQLite (default) or MariaDB/MySQL.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Support;

use RuntimeException;

/**
 * KESTREL_TEST_DB chooses the engine:
 *
 *     (unset) or sqlite   a fresh SQLite file per run (Environment's default)
 *     mariadb (or mysql)  a fresh database per run on a MariaDB/MySQL server
 *
 * For MariaDB: KESTREL_TEST_DB_HOST (default: the native stack's socket,
 * `localhost:.cache/native/db/mysqld.sock`, see scripts/native.mjs), KESTREL_TEST_DB_USER and
 * KESTREL_TEST_DB_PASSWORD (default wptests / wptests, the user the native stack creates with
 * rights on `kestrel_tests%` databases). The bootstrap creates `kestrel_tests_<pid>` (or
 * KESTREL_TEST_DB_NAME), passes its name to the installer's process and drops it when the run
 * ends (KESTREL_KEEP_TEST_SITE=1 keeps it).
 */
final class Database {

	/**
	 * The chosen engine: 'sqlite' or 'mysql'.
	 */
	public static function engine(): string {
		$choice = strtolower( (string) getenv( 'KESTREL_TEST_DB' ) );
		if ( '' === $choice || 'sqlite' === $choice ) {
			return 'sqlite';
		}
		if ( in_array( $choice, array( 'mariadb', 'mysql' ), true ) ) {
			return 'mysql';
		}
		throw new RuntimeException( "KESTREL_TEST_DB={$choice}: use sqlite or mariadb." );
	}

	/**
	 * The wp-config constants for a MariaDB run (empty for SQLite, which Environment sets up).
	 *
	 * @return array<string, string>
	 */
	public static function constants(): array {
		if ( 'mysql' !== self::engine() ) {
			return array();
		}
		return array(
			'DB_ENGINE'     => 'mysql',
			'DATABASE_TYPE' => 'mysql',
			'DB_NAME'       => self::name(),
			'DB_USER'       => self::env( 'KESTREL_TEST_DB_USER', 'wptests' ),
			'DB_PASSWORD'   => self::env( 'KESTREL_TEST_DB_PASSWORD', 'wptests' ),
			'DB_HOST'       => self::host(),
		);
	}

	/**
	 * Creates the run's database (dropping a leftover of the same name) and tells child
	 * processes its name; drops it at shutdown unless the site is kept.
	 */
	public static function create(): void {
		if ( 'mysql' !== self::engine() ) {
			return;
		}
		if ( ! extension_loaded( 'mysqli' ) ) {
			throw new RuntimeException( 'KESTREL_TEST_DB=mariadb needs PHP\'s mysqli (Debian: php8.2-mysql).' );
		}
		$name = self::name();
		putenv( 'KESTREL_TEST_DB_NAME=' . $name ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.runtime_configuration_putenv -- the child install process reads the name from its environment.
		self::query( "DROP DATABASE IF EXISTS `{$name}`" );
		self::query( "CREATE DATABASE `{$name}` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci" );
		if ( ! getenv( 'KESTREL_KEEP_TEST_SITE' ) ) {
			register_shutdown_function(
				static function () use ( $name ): void {
					self::query( "DROP DATABASE IF EXISTS `{$name}`" );
				}
			);
		}
	}

	/**
	 * The database name of this run.
	 */
	private static function name(): string {
		$name = self::env( 'KESTREL_TEST_DB_NAME', 'kestrel_tests_' . getmypid() );
		if ( ! preg_match( '/^\w+$/', $name ) ) {
			throw new RuntimeException( "KESTREL_TEST_DB_NAME={$name} is not a plain name." );
		}
		return $name;
	}

	/**
	 * DB_HOST: `host[:port]` or `localhost:/path/to/socket`.
	 */
	private static function host(): string {
		return self::env( 'KESTREL_TEST_DB_HOST', 'localhost:' . Environment::repo_root() . '/.cache/native/db/mysqld.sock' );
	}

	/**
	 * Runs one statement on the server without selecting a database.
	 *
	 * @param string $sql Statement.
	 *
	 * @throws RuntimeException When it fails.
	 */
	private static function query( string $sql ): void {
		$host   = self::host();
		$socket = null;
		$port   = null;
		if ( preg_match( '/^([^:]*):(\/.+)$/', $host, $m ) ) {
			$host   = '' === $m[1] ? 'localhost' : $m[1];
			$socket = $m[2];
		} elseif ( preg_match( '/^([^:]*):(\d+)$/', $host, $m ) ) {
			$host = $m[1];
			$port = (int) $m[2];
		}
		// The database is created before WordPress (and $wpdb) exists, so this talks to the server directly.
		mysqli_report( MYSQLI_REPORT_OFF ); // phpcs:ignore WordPress.DB.RestrictedFunctions.mysql_mysqli_report -- no $wpdb yet.
		$db = @new \mysqli( $host, self::env( 'KESTREL_TEST_DB_USER', 'wptests' ), self::env( 'KESTREL_TEST_DB_PASSWORD', 'wptests' ), '', (int) $port, (string) $socket ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.DB.RestrictedClasses.mysql__mysqli -- no $wpdb yet; the connect error is read from the object.
		if ( $db->connect_errno ) {
			throw new RuntimeException( "Cannot connect to MariaDB at {$host}" . ( $socket ? " ({$socket})" : '' ) . ": {$db->connect_error}. Start it with `npm run start:native`." );
		}
		if ( ! $db->query( $sql ) ) {
			$error = $db->error;
			$db->close();
			throw new RuntimeException( "MariaDB refused `{$sql}`: {$error}" );
		}
		$db->close();
	}

	/**
	 * An environment variable or a default.
	 *
	 * @param string $name     Variable.
	 * @param string $fallback Default.
	 */
	private static function env( string $name, string $fallback ): string {
		$value = getenv( $name );
		return ( false === $value || '' === $value ) ? $fallback : $value;
	}
}
