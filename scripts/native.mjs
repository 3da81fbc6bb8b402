#!/usr/bin/env node
/**
 * A production-like WordPress beside the Playground default: MariaDB, php-fpm (4 workers) and
 * nginx, all from Debian packages, offline, without Docker and without systemd.
 *
 *     node scripts/native.mjs start [--fresh] [--port=8900] [--workers=4]   (npm run start:native)
 *     node scripts/native.mjs stop                                          (npm run stop:native)
 *     node scripts/native.mjs status [--json]
 *
 * State lives in .cache/native/ (ignored): MariaDB's datadir and socket (db/), php-fpm's pool
 * config and socket (fpm/), nginx's config (nginx/), the site (site/: a copy of .wp-core with its
 * own wp-config.php and wp-content/), logs (logs/) and site.json (URL, application password).
 * Each daemon runs in the foreground of its own detached process group with a pid file here, and
 * stop ends exactly those pids. `start` keeps the database of an earlier start unless --fresh.
 *
 * The site:
 *   - core: rsync of .wp-core (fetched by scripts/fetch-wp-core.sh when missing), never its
 *     wp-config.php, SQLite database or debug log;
 *   - the plugin mapped as wp-env maps it: wp-content/plugins/kestrel-forms/ is a real folder
 *     whose main file is a copy (the plugin derives its folder and build/ URL from __FILE__) and
 *     every other entry of plugin/ a symlink, build/ a symlink to the repository's build/; PHP
 *     edits are live (restart only after adding a top-level entry to plugin/ or editing the main
 *     file). The e2e test plugins (tests/e2e/plugins/) are linked too;
 *   - nginx serves it with docs/nginx/kestrel-forms.conf, the configuration documented for site
 *     owners (uploads rules included), on http://localhost:8900;
 *   - WP_DEBUG with WP_DEBUG_DISPLAY on (a database error printed before a JSON answer breaks
 *     the test that reads it) and WP_DEBUG_LOG in logs/wp-debug.log, which the tests read;
 *   - installed over HTTP (wp-admin/install.php), plugin activated through REST, web API on, an
 *     application password for admin in site.json, pretty permalinks;
 *   - two must-use plugins for this test site only (never for production): one keeps the
 *     offline site from update checks, one lets tests raise the plugin's rate limits through the
 *     option `kestrel_forms_test_rate_limits` (absent: the plugin's defaults hold). It also loads
 *     must-use plugins that specs drop into .wp-core/wp-content/mu-plugins.
 *
 * Packages (installed with apt-get when missing and running as root, else the command is
 * printed): mariadb-server mariadb-client php8.2-fpm php8.2-mysql php8.2-curl php8.2-gd
 * nginx-light.
 */
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { muPluginSource as smtpSinkMuPlugin } from './smtp-sink.mjs';

export const ROOT = fs.realpathSync(
	path.resolve( path.dirname( fileURLToPath( import.meta.url ) ), '..' )
);
export const STATE = path.join( ROOT, '.cache', 'native' );
const CORE_DIR = path.join( ROOT, '.wp-core' );
const SITE = path.join( STATE, 'site' );
const LOGS = path.join( STATE, 'logs' );
const DB_DIR = path.join( STATE, 'db' );
const FPM_DIR = path.join( STATE, 'fpm' );
const NGINX_DIR = path.join( STATE, 'nginx' );
const INFO_PATH = path.join( STATE, 'site.json' );
export const DB_SOCKET = path.join( DB_DIR, 'mysqld.sock' );
export const DB_CNF = path.join( DB_DIR, 'my.cnf' );
export const DEBUG_LOG = path.join( LOGS, 'wp-debug.log' );
export const DB_NAME = 'wordpress';
export const TABLE_PREFIX = 'wp_';
export const ADMIN = { username: 'admin', password: 'password' };
const NGINX_RULES = path.join( ROOT, 'docs', 'nginx', 'kestrel-forms.conf' );
const DEFAULT_PORT = 8900;
const PHP_VERSION = '8.2';
const PHP_FPM = `/usr/sbin/php-fpm${ PHP_VERSION }`;
const NGINX = '/usr/sbin/nginx';

/** Debian packages the stack needs, with a file that proves each is there. */
export const PACKAGES = [
	[ 'mariadb-server', '/usr/sbin/mariadbd' ],
	[ 'mariadb-client', '/usr/bin/mariadb' ],
	[ `php${ PHP_VERSION }-fpm`, PHP_FPM ],
	[
		`php${ PHP_VERSION }-mysql`,
		`/etc/php/${ PHP_VERSION }/mods-available/mysqli.ini`,
	],
	[
		`php${ PHP_VERSION }-curl`,
		`/etc/php/${ PHP_VERSION }/mods-available/curl.ini`,
	],
	[
		`php${ PHP_VERSION }-gd`,
		`/etc/php/${ PHP_VERSION }/mods-available/gd.ini`,
	],
	[ 'nginx-light', NGINX ],
];

const isRoot = process.getuid?.() === 0;
const t0 = Date.now();
const step = ( text ) =>
	console.log(
		`[native ${ ( ( Date.now() - t0 ) / 1000 ).toFixed( 2 ).padStart( 6 ) }s] ${ text }`
	);

/**
 * Reads site.json (written by start), or null.
 *
 * @return {Object|null} Site info.
 */
export function siteInfo() {
	try {
		return JSON.parse( fs.readFileSync( INFO_PATH, 'utf8' ) );
	} catch {
		return null;
	}
}

/**
 * Installs the Debian packages the stack needs when some are missing.
 */
export function ensurePackages() {
	const missing = PACKAGES.filter(
		( [ , file ] ) => ! fs.existsSync( file )
	).map( ( [ name ] ) => name );
	if ( ! missing.length ) {
		return;
	}
	if ( ! isRoot || ! fs.existsSync( '/usr/bin/apt-get' ) ) {
		throw new Error(
			`Missing Debian packages for the native stack. Run: sudo apt-get install -y --no-install-recommends ${ missing.join( ' ' ) }`
		);
	}
	console.log( `Installing ${ missing.join( ' ' ) } with apt-get ...` );
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	const aptInstall = () =>
		spawnSync(
			'apt-get',
			[ 'install', '-y', '-q', '--no-install-recommends', ...missing ],
			{ stdio: 'inherit', env }
		).status;
	// Package lists may be empty (fresh containers): update once and retry.
	if ( aptInstall() !== 0 ) {
		spawnSync( 'apt-get', [ 'update', '-q' ], { stdio: 'inherit', env } );
		if ( aptInstall() !== 0 ) {
			throw new Error( 'apt-get install failed; see its output above.' );
		}
	}
}

/**
 * Runs SQL with the mariadb client as root over the stack's socket.
 *
 * @param {string} statements Statements.
 * @param {string} [db]       Database (default: the site's).
 * @return {string} Tab-separated output without column names.
 */
export function sql( statements, db = DB_NAME ) {
	const r = spawnSync(
		'mariadb',
		[
			`--defaults-file=${ DB_CNF }`,
			'-uroot',
			'-N',
			'-B',
			db,
			'-e',
			statements,
		],
		{ encoding: 'utf8' }
	);
	if ( r.status !== 0 ) {
		throw new Error( `SQL failed: ${ r.stderr.trim() }\n${ statements }` );
	}
	return r.stdout;
}

/**
 * Whether a pid from a pid file is alive.
 *
 * @param {string} file Pid file.
 * @return {number|null} The pid when alive.
 */
function livePid( file ) {
	let pid;
	try {
		pid = parseInt( fs.readFileSync( file, 'utf8' ), 10 );
	} catch {
		return null;
	}
	if ( ! pid ) {
		return null;
	}
	try {
		process.kill( pid, 0 );
	} catch {
		return null;
	}
	const stat = fs.existsSync( `/proc/${ pid }/stat` )
		? fs.readFileSync( `/proc/${ pid }/stat`, 'utf8' )
		: '';
	return /^\d+ \(.*\) Z/.test( stat ) ? null : pid;
}

/**
 * Starts a daemon in the foreground of its own process group, detached from us, output to a log.
 *
 * @param {string}   name    For messages and the pid file.
 * @param {string}   command Executable.
 * @param {string[]} args    Arguments.
 * @return {number} Pid.
 */
function daemon( name, command, args ) {
	const out = fs.openSync( path.join( LOGS, `${ name }.out` ), 'a' );
	const child = spawn( command, args, {
		cwd: STATE,
		detached: true,
		stdio: [ 'ignore', out, out ],
	} );
	child.unref();
	fs.closeSync( out );
	fs.writeFileSync(
		path.join( STATE, `${ name }.pid` ),
		String( child.pid )
	);
	return child.pid;
}

/**
 * Waits until a check passes.
 *
 * @param {string}   what    For the error message.
 * @param {Function} check   Returns (a promise of) true when ready.
 * @param {number}   timeout Milliseconds.
 * @param {string}   log     Log to quote on failure.
 */
async function waitFor( what, check, timeout, log ) {
	const deadline = Date.now() + timeout;
	while ( Date.now() < deadline ) {
		if ( await check() ) {
			return;
		}
		await new Promise( ( resolve ) => setTimeout( resolve, 100 ) );
	}
	const tail = fs.existsSync( log )
		? fs.readFileSync( log, 'utf8' ).split( '\n' ).slice( -15 ).join( '\n' )
		: '(no log)';
	throw new Error( `${ what } did not come up. ${ log }:\n${ tail }` );
}

/**
 * MariaDB: own datadir, unix socket only (no TCP port to collide with), no systemd.
 * @param {boolean} fresh Start from an empty datadir.
 * @return {Promise<boolean>} Whether the database is new.
 */
async function startMariaDb( fresh ) {
	fs.mkdirSync( DB_DIR, { recursive: true } );
	fs.writeFileSync(
		DB_CNF,
		[
			'[mariadbd]',
			`datadir=${ DB_DIR }/data`,
			`socket=${ DB_SOCKET }`,
			'skip-networking',
			`pid-file=${ DB_DIR }/mariadbd.pid`,
			`log-error=${ LOGS }/mariadbd.err`,
			`user=${ isRoot ? 'root' : process.env.USER || 'nobody' }`,
			'character-set-server=utf8mb4',
			'collation-server=utf8mb4_unicode_ci',
			'innodb_buffer_pool_size=128M',
			'innodb_flush_log_at_trx_commit=2',
			'max_connections=200',
			'[client]',
			`socket=${ DB_SOCKET }`,
			'',
		].join( '\n' )
	);
	if ( livePid( path.join( STATE, 'mariadbd.pid' ) ) ) {
		return false;
	}
	const fresh_ =
		fresh || ! fs.existsSync( path.join( DB_DIR, 'data', 'mysql' ) );
	if ( fresh_ ) {
		fs.rmSync( path.join( DB_DIR, 'data' ), {
			recursive: true,
			force: true,
		} );
		const r = spawnSync(
			'mariadb-install-db',
			[
				`--defaults-file=${ DB_CNF }`,
				'--auth-root-authentication-method=normal',
				'--skip-test-db',
			],
			{ encoding: 'utf8' }
		);
		if ( r.status !== 0 ) {
			throw new Error(
				`mariadb-install-db failed:\n${ r.stdout }${ r.stderr }`
			);
		}
		step( 'mariadb datadir initialised' );
	}
	daemon( 'mariadbd', '/usr/sbin/mariadbd', [
		`--defaults-file=${ DB_CNF }`,
	] );
	await waitFor(
		'MariaDB',
		() =>
			spawnSync(
				'mariadb-admin',
				[ `--defaults-file=${ DB_CNF }`, 'ping' ],
				{
					stdio: 'ignore',
				}
			).status === 0,
		30_000,
		path.join( LOGS, 'mariadbd.err' )
	);
	if ( fresh_ ) {
		sql(
			`CREATE DATABASE ${ DB_NAME } CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
			 CREATE USER 'wp'@'localhost' IDENTIFIED BY 'wp';
			 GRANT ALL ON ${ DB_NAME }.* TO 'wp'@'localhost';
			 CREATE USER 'wptests'@'localhost' IDENTIFIED BY 'wptests';
			 GRANT ALL ON \`kestrel\\_tests%\`.* TO 'wptests'@'localhost';`,
			'mysql'
		);
	}
	step( `mariadb up (socket ${ path.relative( ROOT, DB_SOCKET ) })` );
	return fresh_;
}

/**
 * Links `target` at `link`, replacing whatever is there.
 *
 * @param {string} target What the link points at.
 * @param {string} where  The link.
 */
function link( target, where ) {
	fs.rmSync( where, { recursive: true, force: true } );
	fs.symlinkSync( target, where );
}

/**
 * The site's files: core copy, wp-content, the plugin mapping, wp-config.php.
 *
 * @param {string} url Site URL.
 */
function writeSite( url ) {
	if (
		! fs.existsSync( path.join( CORE_DIR, 'wp-includes', 'version.php' ) )
	) {
		const r = spawnSync(
			'bash',
			[ path.join( ROOT, 'scripts', 'fetch-wp-core.sh' ), CORE_DIR ],
			{ stdio: 'inherit' }
		);
		if ( r.status !== 0 ) {
			throw new Error( 'scripts/fetch-wp-core.sh failed.' );
		}
	}
	fs.mkdirSync( SITE, { recursive: true } );
	const r = spawnSync(
		'rsync',
		[
			'-a',
			'--delete',
			'--exclude=/wp-config.php',
			'--exclude=/wp-content/',
			`${ CORE_DIR }/`,
			`${ SITE }/`,
		],
		{ encoding: 'utf8' }
	);
	if ( r.status !== 0 ) {
		throw new Error( `rsync of .wp-core failed: ${ r.stderr }` );
	}
	const content = path.join( SITE, 'wp-content' );
	for ( const sub of [
		'plugins',
		'mu-plugins',
		'uploads',
		'languages',
		'upgrade',
	] ) {
		fs.mkdirSync( path.join( content, sub ), { recursive: true } );
	}
	link(
		path.join( CORE_DIR, 'wp-content', 'themes' ),
		path.join( content, 'themes' )
	);
	fs.writeFileSync(
		path.join( content, 'index.php' ),
		'<?php\n// Silence is golden.\n'
	);

	// The plugin, as wp-env maps it (see tests/php/integration/Support/Environment.php).
	// KESTREL_NATIVE_PLUGIN_DIR maps another copy instead (e.g. `git archive <commit> plugin`
	// unpacked elsewhere, to run the parallel tests against an older commit).
	const source = path.resolve(
		process.env.KESTREL_NATIVE_PLUGIN_DIR || path.join( ROOT, 'plugin' )
	);
	const plugin = path.join( content, 'plugins', 'kestrel-forms' );
	fs.rmSync( plugin, { recursive: true, force: true } );
	fs.mkdirSync( plugin );
	for ( const entry of fs.readdirSync( source ) ) {
		if ( entry === 'build' ) {
			continue;
		}
		if ( entry === 'kestrel-forms.php' ) {
			fs.copyFileSync(
				path.join( source, entry ),
				path.join( plugin, entry )
			);
		} else {
			fs.symlinkSync(
				path.join( source, entry ),
				path.join( plugin, entry )
			);
		}
	}
	fs.mkdirSync( path.join( ROOT, 'build' ), { recursive: true } );
	fs.symlinkSync( path.join( ROOT, 'build' ), path.join( plugin, 'build' ) );
	for ( const testPlugin of [
		'kestrel-forms-captcha-stand-in',
		'kestrel-forms-bench-probe',
	] ) {
		link(
			path.join( ROOT, 'tests', 'e2e', 'plugins', testPlugin ),
			path.join( content, 'plugins', testPlugin )
		);
	}
	writeMuPlugins( path.join( content, 'mu-plugins' ) );

	const salts = [
		'AUTH_KEY',
		'SECURE_AUTH_KEY',
		'LOGGED_IN_KEY',
		'NONCE_KEY',
		'AUTH_SALT',
		'SECURE_AUTH_SALT',
		'LOGGED_IN_SALT',
		'NONCE_SALT',
	];
	const config = path.join( SITE, 'wp-config.php' );
	const saltFile = path.join( STATE, 'salts.php' );
	if ( ! fs.existsSync( saltFile ) ) {
		fs.writeFileSync(
			saltFile,
			'<?php\n' +
				salts
					.map(
						( k ) =>
							`define( '${ k }', '${ crypto.randomBytes( 32 ).toString( 'hex' ) }' );`
					)
					.join( '\n' ) +
				'\n'
		);
	}
	const q = ( s ) => `'${ s.replace( /[\\']/g, '\\$&' ) }'`;
	fs.writeFileSync(
		config,
		`<?php
// Written by scripts/native.mjs for the native test stack; regenerated on every start.
define( 'DB_NAME', ${ q( DB_NAME ) } );
define( 'DB_USER', 'wp' );
define( 'DB_PASSWORD', 'wp' );
define( 'DB_HOST', ${ q( `localhost:${ DB_SOCKET }` ) } );
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );
require ${ q( saltFile ) };
$table_prefix = ${ q( TABLE_PREFIX ) };
define( 'WP_HOME', ${ q( url ) } );
define( 'WP_SITEURL', ${ q( url ) } );
define( 'WP_ENVIRONMENT_TYPE', 'local' );   // application passwords over plain http
define( 'WP_DEBUG', true );
// On, deliberately: a PHP notice or a database error printed before a JSON answer must break the
// test that reads it (a production site keeps display off).
define( 'WP_DEBUG_DISPLAY', true );
define( 'WP_DEBUG_LOG', ${ q( DEBUG_LOG ) } );
define( 'SCRIPT_DEBUG', false );
define( 'WP_HTTP_BLOCK_EXTERNAL', true );   // offline: no update checks hanging on the network
define( 'WP_ACCESSIBLE_HOSTS', '127.0.0.1' );   // but the payments sandbox (http://127.0.0.1:8890) is reachable
define( 'AUTOMATIC_UPDATER_DISABLED', true );
define( 'WP_AUTO_UPDATE_CORE', false );
define( 'DISABLE_WP_CRON', false );
define( 'FS_METHOD', 'direct' );
if ( ! defined( 'ABSPATH' ) ) {
	define( 'ABSPATH', __DIR__ . '/' );
}
require_once ABSPATH . 'wp-settings.php';
`
	);
	step( 'site files in place (core copied, plugin and build linked)' );
}

/**
 * The test site's must-use plugins (never part of the product).
 *
 * @param {string} dir wp-content/mu-plugins of the site.
 */
function writeMuPlugins( dir ) {
	const shared = path.join( CORE_DIR, 'wp-content', 'mu-plugins' );
	// wp_mail() over SMTP to scripts/smtp-sink.mjs while it runs (tests/e2e/notifications.spec.ts).
	fs.writeFileSync(
		path.join( dir, 'kestrel-native-smtp-sink.php' ),
		smtpSinkMuPlugin()
	);
	fs.writeFileSync(
		path.join( dir, 'kestrel-native-test-site.php' ),
		`<?php
/**
 * Plugin Name: Kestrel Forms native test site
 * Description: Written by scripts/native.mjs for the native TEST stack only. Raises the plugin's
 * rate limits when the option kestrel_forms_test_rate_limits holds them (JSON: {"submission":
 * [1000, 60], ..., "upload_client_sessions": 1000}; the parallel tests and the bench set it and
 * remove it afterwards), keeps the
 * offline site from update checks, and loads the must-use plugins that e2e specs drop into
 * .wp-core/wp-content/mu-plugins (they assume the Playground site served from .wp-core).
 */

add_filter(
	'kestrel_forms_rate_limit',
	static function ( $limit, $bucket ) {
		$raised = json_decode( (string) get_option( 'kestrel_forms_test_rate_limits', '' ), true );
		if ( is_array( $raised ) && isset( $raised[ $bucket ] ) && is_array( $raised[ $bucket ] ) ) {
			return $raised[ $bucket ];
		}
		return $limit;
	},
	1000,
	2
);

// Uploads in progress per client (UploadService), from the same option.
add_filter(
	'kestrel_forms_upload_client_sessions',
	static function ( $sessions ) {
		$raised = json_decode( (string) get_option( 'kestrel_forms_test_rate_limits', '' ), true );
		return is_array( $raised ) && isset( $raised['upload_client_sessions'] ) ? (int) $raised['upload_client_sessions'] : $sessions;
	},
	1000
);

// Offline: no update checks (they log warnings when the network is blocked).
foreach ( array( 'update_core', 'update_plugins', 'update_themes' ) as $kestrel_native_transient ) {
	add_filter(
		'pre_site_transient_' . $kestrel_native_transient,
		static function () {
			return (object) array( 'last_checked' => time(), 'updates' => array(), 'translations' => array(), 'response' => array(), 'checked' => array(), 'version_checked' => get_bloginfo( 'version' ) );
		}
	);
}
unset( $kestrel_native_transient );

foreach ( glob( ${ JSON.stringify( shared ) } . '/*.php' ) ?: array() as $kestrel_native_mu ) {
	require_once $kestrel_native_mu;
}
unset( $kestrel_native_mu );
`
	);
}

/**
 * php-fpm: own global config and pool, unix socket, static workers, foreground.
 *
 * @param {number} workers php-fpm workers.
 */
async function startFpm( workers ) {
	fs.mkdirSync( FPM_DIR, { recursive: true } );
	const conf = path.join( FPM_DIR, 'php-fpm.conf' );
	fs.writeFileSync(
		conf,
		[
			'[global]',
			`pid = ${ FPM_DIR }/php-fpm.pid`,
			`error_log = ${ LOGS }/php-fpm.log`,
			'daemonize = no',
			'',
			'[kestrel]',
			...( isRoot ? [ 'user = root', 'group = root' ] : [] ),
			`listen = ${ FPM_DIR }/php-fpm.sock`,
			'listen.mode = 0666',
			'pm = static',
			`pm.max_children = ${ workers }`,
			'catch_workers_output = yes',
			'decorate_workers_output = no',
			'clear_env = no',
			// Debian's fpm php.ini (production values: memory_limit 128M, upload_max_filesize 2M,
			// post_max_size 8M) stays as a host would have it; only the logs move here.
			`php_value[error_log] = ${ LOGS }/php-errors.log`,
			'php_admin_flag[log_errors] = on',
			'',
		].join( '\n' )
	);
	if ( livePid( path.join( STATE, 'php-fpm.pid' ) ) ) {
		return;
	}
	fs.rmSync( path.join( FPM_DIR, 'php-fpm.sock' ), { force: true } );
	daemon( 'php-fpm', PHP_FPM, [
		'--nodaemonize',
		'--fpm-config',
		conf,
		...( isRoot ? [ '--allow-to-run-as-root' ] : [] ),
	] );
	await waitFor(
		'php-fpm',
		() => fs.existsSync( path.join( FPM_DIR, 'php-fpm.sock' ) ),
		15_000,
		path.join( LOGS, 'php-fpm.log' )
	);
	step( `php-fpm up (${ workers } workers)` );
}

/**
 * nginx: own main config around the documented site rules, foreground.
 *
 * @param {number} port Port.
 */
async function startNginx( port ) {
	for ( const sub of [ 'body', 'fastcgi', 'proxy', 'uwsgi', 'scgi' ] ) {
		fs.mkdirSync( path.join( NGINX_DIR, 'tmp', sub ), { recursive: true } );
	}
	// Debian's fastcgi_params (since its 2025 security update) passes HTTP_HOST as $host, which
	// drops the port: on a site served on a port other than 80/443 WordPress then redirects
	// every page to itself. Our copy keeps the port; docs/nginx/kestrel-forms.conf says so.
	fs.writeFileSync(
		path.join( NGINX_DIR, 'fastcgi_params' ),
		fs
			.readFileSync( '/etc/nginx/fastcgi_params', 'utf8' )
			.replace(
				/^fastcgi_param\s+HTTP_HOST\s+\$host;$/m,
				'fastcgi_param  HTTP_HOST        $host:$server_port;'
			)
	);
	fs.copyFileSync(
		'/etc/nginx/mime.types',
		path.join( NGINX_DIR, 'mime.types' )
	);
	const conf = path.join( NGINX_DIR, 'nginx.conf' );
	fs.writeFileSync(
		conf,
		`# Written by scripts/native.mjs. The site rules are docs/nginx/kestrel-forms.conf, unchanged.
${ isRoot ? 'user root;\n' : '' }worker_processes 2;
daemon off;
pid ${ NGINX_DIR }/nginx.pid;
error_log ${ LOGS }/nginx-error.log warn;
events { worker_connections 512; }
http {
	include mime.types;
	default_type application/octet-stream;
	access_log ${ LOGS }/nginx-access.log;
	client_body_temp_path ${ NGINX_DIR }/tmp/body;
	fastcgi_temp_path ${ NGINX_DIR }/tmp/fastcgi;
	proxy_temp_path ${ NGINX_DIR }/tmp/proxy;
	uwsgi_temp_path ${ NGINX_DIR }/tmp/uwsgi;
	scgi_temp_path ${ NGINX_DIR }/tmp/scgi;
	sendfile on;
	keepalive_timeout 65;
	upstream php {
		server unix:${ FPM_DIR }/php-fpm.sock;
	}
	server {
		listen 127.0.0.1:${ port };
		server_name localhost;
		root ${ SITE };
		include ${ NGINX_RULES };
	}
}
`
	);
	const test = spawnSync(
		NGINX,
		[ '-t', '-q', '-p', NGINX_DIR, '-c', conf ],
		{
			encoding: 'utf8',
		}
	);
	if ( test.status !== 0 ) {
		throw new Error( `nginx -t refused the config:\n${ test.stderr }` );
	}
	if ( livePid( path.join( STATE, 'nginx.pid' ) ) ) {
		spawnSync( NGINX, [ '-p', NGINX_DIR, '-c', conf, '-s', 'reload' ] );
		return;
	}
	daemon( 'nginx', NGINX, [ '-p', NGINX_DIR, '-c', conf ] );
	await waitFor(
		'nginx',
		async () => {
			try {
				await fetch(
					`http://127.0.0.1:${ port }/wp-includes/images/blank.gif`
				);
				return true;
			} catch {
				return false;
			}
		},
		15_000,
		path.join( LOGS, 'nginx-error.log' )
	);
	step( `nginx up on http://localhost:${ port }` );
}

/** A tiny cookie jar over fetch. */
class Browser {
	constructor( base ) {
		this.base = base;
		this.cookies = new Map( [
			[ 'wordpress_test_cookie', 'WP%20Cookie%20check' ],
		] );
	}

	async request( url, options = {} ) {
		const headers = {
			...( options.headers ?? {} ),
			Cookie: [ ...this.cookies ]
				.map( ( [ k, v ] ) => `${ k }=${ v }` )
				.join( '; ' ),
		};
		const response = await fetch( new URL( url, this.base ), {
			redirect: 'manual',
			...options,
			headers,
		} );
		for ( const line of response.headers.getSetCookie() ) {
			const [ pair ] = line.split( ';' );
			const i = pair.indexOf( '=' );
			this.cookies.set( pair.slice( 0, i ), pair.slice( i + 1 ) );
		}
		return response;
	}

	async rest( method, route, body, nonce ) {
		const response = await this.request( `/?rest_route=${ route }`, {
			method,
			headers: {
				'Content-Type': 'application/json',
				'X-WP-Nonce': nonce,
			},
			body: body ? JSON.stringify( body ) : undefined,
		} );
		const text = await response.text();
		if ( ! response.ok ) {
			throw new Error(
				`${ method } ${ route }: HTTP ${ response.status } ${ text.slice( 0, 500 ) }`
			);
		}
		return JSON.parse( text );
	}
}

/**
 * Installs WordPress over HTTP and sets the site up; returns the application password.
 *
 * @param {string} url Site URL.
 * @return {Promise<string>} "admin:application password".
 */
async function install( url ) {
	const form = ( data ) => new URLSearchParams( data ).toString();
	const browser = new Browser( url );
	const installed = await browser.request( '/wp-admin/install.php?step=2', {
		method: 'POST',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		body: form( {
			weblog_title: 'Kestrel Forms (native)',
			user_name: ADMIN.username,
			admin_password: ADMIN.password,
			admin_password2: ADMIN.password,
			pw_weak: 'on',
			admin_email: 'admin@example.org',
			blog_public: '0',
			language: '',
		} ),
	} );
	const page = await installed.text();
	if ( ! installed.ok || ! /Success|wp-login\.php/.test( page ) ) {
		throw new Error(
			`WordPress install failed: HTTP ${ installed.status }\n${ page.slice( 0, 800 ) }`
		);
	}
	step( 'wordpress installed (admin / password)' );

	const login = await browser.request( '/wp-login.php', {
		method: 'POST',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		body: form( {
			log: ADMIN.username,
			pwd: ADMIN.password,
			testcookie: '1',
		} ),
	} );
	if ( login.status !== 302 ) {
		throw new Error( `Login failed: HTTP ${ login.status }` );
	}
	const nonce = await (
		await browser.request( '/wp-admin/admin-ajax.php?action=rest-nonce' )
	).text();
	await browser.rest(
		'PUT',
		'/wp/v2/plugins/kestrel-forms/kestrel-forms',
		{ status: 'active' },
		nonce
	);
	step( 'plugin activated through REST' );
	await browser
		.rest(
			'POST',
			'/kestrel-forms/v1/settings',
			{ api: { enabled: true } },
			nonce
		)
		.catch( ( e ) =>
			console.warn(
				`Warning: enabling the web API failed: ${ e.message }`
			)
		);
	const app = await browser.rest(
		'POST',
		'/wp/v2/users/me/application-passwords',
		{ name: `native-${ Date.now() }` },
		nonce
	);
	// Pretty permalinks; WordPress rebuilds its rewrite rules when the option is empty.
	sql(
		`UPDATE ${ TABLE_PREFIX }options SET option_value = '/%postname%/' WHERE option_name = 'permalink_structure';
		 UPDATE ${ TABLE_PREFIX }options SET option_value = '' WHERE option_name = 'rewrite_rules';`
	);
	step( 'web API on, application password made, pretty permalinks' );
	return `${ ADMIN.username }:${ app.password }`;
}

/**
 * Smoke test of a new site: a form made with the application password, one anonymous
 * submission through nginx and php-fpm, the entry counted in MariaDB. The form stays (as
 * "Native smoke"), so ids made by tests never start at 1.
 *
 * @param {string} url         Site URL.
 * @param {string} appPassword "user:application password".
 */
async function smoke( url, appPassword ) {
	const auth = `Basic ${ Buffer.from( appPassword ).toString( 'base64' ) }`;
	const made = await fetch( `${ url }/wp-json/kestrel-forms/v1/forms`, {
		method: 'POST',
		headers: { Authorization: auth, 'Content-Type': 'application/json' },
		body: JSON.stringify( {
			title: 'Native smoke',
			fields: [
				{ id: 1, type: 'text', label: 'Name', isRequired: true },
			],
		} ),
	} );
	const form = await made.json().catch( () => null );
	if ( made.status !== 201 || ! form?.id ) {
		throw new Error(
			`Smoke: creating a form answered HTTP ${ made.status }`
		);
	}
	const sent = await fetch(
		`${ url }/wp-json/kestrel-forms/v1/forms/${ form.id }/submissions`,
		{
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify( { values: { 1: 'Ada' } } ),
		}
	);
	const text = await sent.text();
	const count = sql(
		`SELECT COUNT(*) FROM ${ TABLE_PREFIX }kestrel_forms_entries WHERE form_id = ${ Number( form.id ) }`
	).trim();
	if ( sent.status !== 201 || count !== '1' ) {
		throw new Error(
			`Smoke: a submission answered HTTP ${ sent.status } (${ text.slice( 0, 300 ) }), ${ count } entries stored`
		);
	}
	step( `smoke: form ${ form.id } made, 1 submission stored in MariaDB` );
}

/**
 * Starts the stack (idempotent).
 *
 * @param {Object}  [options]
 * @param {boolean} [options.fresh]   Drop the database and the uploads first.
 * @param {number}  [options.port]    nginx port.
 * @param {number}  [options.workers] php-fpm workers.
 * @return {Promise<Object>} Site info: { url, appPassword, debugLog, ... }.
 */
export async function start( {
	fresh = false,
	port = parseInt( process.env.KESTREL_NATIVE_PORT || '', 10 ) ||
		DEFAULT_PORT,
	workers = parseInt( process.env.KESTREL_NATIVE_WORKERS || '', 10 ) || 4,
} = {} ) {
	ensurePackages();
	fs.mkdirSync( LOGS, { recursive: true } );
	const url = `http://localhost:${ port }`;
	if ( fresh ) {
		await stop( { quiet: true } );
		fs.rmSync( path.join( SITE, 'wp-content', 'uploads' ), {
			recursive: true,
			force: true,
		} );
		fs.rmSync( INFO_PATH, { force: true } );
		for ( const log of fs.readdirSync( LOGS ) ) {
			fs.rmSync( path.join( LOGS, log ), { force: true } );
		}
	}
	const dbIsNew = await startMariaDb( fresh );
	writeSite( url );
	await startFpm( workers );
	await startNginx( port );

	let info = siteInfo();
	const installed =
		! dbIsNew &&
		sql(
			`SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = '${ DB_NAME }' AND table_name = '${ TABLE_PREFIX }options'`,
			'mysql'
		).trim() === '1';
	if ( ! installed || ! info?.appPassword || info.url !== url ) {
		const appPassword =
			installed && info?.appPassword && info.url === url
				? info.appPassword
				: await install( url );
		info = {
			url,
			appPassword,
			admin: ADMIN,
			state: STATE,
			dbSocket: DB_SOCKET,
			dbName: DB_NAME,
			tablePrefix: TABLE_PREFIX,
			debugLog: DEBUG_LOG,
			workers,
		};
		fs.writeFileSync(
			INFO_PATH,
			JSON.stringify( info, null, '\t' ) + '\n'
		);
	}
	if ( ! installed ) {
		await smoke( url, info.appPassword );
	}
	// The REST index answers as clean JSON through nginx and php-fpm.
	const index = await fetch( `${ url }/wp-json/` );
	const body = await index.text();
	try {
		JSON.parse( body );
	} catch {
		throw new Error(
			`The REST index is not JSON (HTTP ${ index.status }):\n${ body.slice( 0, 500 ) }`
		);
	}
	step(
		`ready: ${ url }/ (admin / password), debug log ${ path.relative( ROOT, DEBUG_LOG ) }`
	);
	return info;
}

/**
 * Stops the stack's daemons by their pid files (idempotent).
 *
 * @param {Object}  [options]
 * @param {boolean} [options.quiet] No message.
 * @return {Promise<boolean>} Whether anything was running.
 */
export async function stop( { quiet = false } = {} ) {
	let any = false;
	for ( const name of [ 'nginx', 'php-fpm', 'mariadbd' ] ) {
		const pid = livePid( path.join( STATE, `${ name }.pid` ) );
		if ( ! pid ) {
			continue;
		}
		any = true;
		process.kill( pid, 'SIGTERM' );
		const deadline = Date.now() + 20_000;
		while (
			livePid( path.join( STATE, `${ name }.pid` ) ) &&
			Date.now() < deadline
		) {
			await new Promise( ( resolve ) => setTimeout( resolve, 50 ) );
		}
		if ( livePid( path.join( STATE, `${ name }.pid` ) ) ) {
			process.kill( pid, 'SIGKILL' );
		}
		fs.rmSync( path.join( STATE, `${ name }.pid` ), { force: true } );
	}
	if ( ! quiet ) {
		console.log(
			any ? 'Native stack stopped.' : 'Native stack is not running.'
		);
	}
	return any;
}

/**
 * Whether every daemon runs and the site answers.
 *
 * @return {Promise<{running: boolean, url: (string|null), pids: Object}>} Status.
 */
export async function status() {
	const pids = Object.fromEntries(
		[ 'mariadbd', 'php-fpm', 'nginx' ].map( ( name ) => [
			name,
			livePid( path.join( STATE, `${ name }.pid` ) ),
		] )
	);
	const info = siteInfo();
	let answering = false;
	if ( info?.url ) {
		try {
			answering = ( await fetch( `${ info.url }/wp-json/` ) ).ok;
		} catch {
			answering = false;
		}
	}
	return {
		running: answering && Object.values( pids ).every( Boolean ),
		url: info?.url ?? null,
		pids,
	};
}

async function main( argv ) {
	const [ command ] = argv;
	const opt = ( name ) =>
		argv.find( ( a ) => a.startsWith( `--${ name }=` ) )?.split( '=' )[ 1 ];
	switch ( command ) {
		case 'start':
			await start( {
				fresh: argv.includes( '--fresh' ),
				...( opt( 'port' ) ? { port: Number( opt( 'port' ) ) } : {} ),
				...( opt( 'workers' )
					? { workers: Number( opt( 'workers' ) ) }
					: {} ),
			} );
			return 0;
		case 'stop':
			await stop();
			return 0;
		case 'status': {
			const s = await status();
			const words = s.running ? `running at ${ s.url }/` : 'not running';
			console.log(
				argv.includes( '--json' )
					? JSON.stringify( s )
					: `${ words } (${ JSON.stringify( s.pids ) })`
			);
			return s.running ? 0 : 1;
		}
		default:
			console.error(
				'Usage: node scripts/native.mjs start [--fresh] [--port=8900] [--workers=4] | stop | status [--json]'
			);
			return 2;
	}
}

if (
	process.argv[ 1 ] &&
	import.meta.url ===
		pathToFileURL( fs.realpathSync( process.argv[ 1 ] ) ).href
) {
	main( process.argv.slice( 2 ) ).then(
		( code ) => process.exit( code ),
		( error ) => {
			console.error( `Error: ${ error.message ?? error }` );
			process.exit( 1 );
		}
	);
}
