#!/usr/bin/env node
/**
 * Starts, stops and reports a local WordPress 6.8 with Kestrel Forms active, without wordpress.org
 * and without Docker.
 *
 *     node scripts/wp.mjs start [--runtime=playground|docker]
 *     node scripts/wp.mjs stop
 *     node scripts/wp.mjs status [--json]
 *
 * The default runtime is `wp-env --runtime=playground`: WordPress compiled to WebAssembly, SQLite
 * database, served by @wp-playground/cli from a detached Node process. Core comes from
 * `.wp-core/` (filled by scripts/fetch-wp-core.sh from Debian's package). Playground mounts that
 * folder read-write, so the site's wp-config.php and SQLite database (wp-content/database/) live in
 * `.wp-core/` and survive restarts. Delete `.wp-core/wp-content/database/` for a fresh site.
 *
 * wp-env keeps its state under WP_ENV_HOME, which this script points at `.cache/wp-env/` (unless
 * already set), so everything stays inside the checkout. To use the raw wp-env CLI on the same
 * environment, export the same variable: `WP_ENV_HOME=.cache/wp-env npx wp-env status`.
 *
 * The functions are exported for scripts/e2e.mjs.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Absolute path of the repository root (symlinks resolved, as wp-env sees it). */
export const ROOT = fs.realpathSync(
	path.resolve( path.dirname( fileURLToPath( import.meta.url ) ), '..' )
);

/** Default wp-env credentials (both runtimes create this user). */
export const ADMIN_USER = { username: 'admin', password: 'password' };

/** Slug used by the REST plugins endpoint and by RequestUtils.activatePlugin(). */
export const PLUGIN_SLUG = 'kestrel-forms';

/**
 * Playground's `--login` (always passed by wp-env) logs every cookie-less visitor in as admin on
 * their first non-REST request. This cookie turns that off; send it whenever you want to be an
 * anonymous visitor or a different user.
 */
export const NO_AUTO_LOGIN_COOKIE = 'playground_auto_login_already_happened';

const CORE_DIR = path.join( ROOT, '.wp-core' );
const CACHE_DIR = path.join( ROOT, '.cache', 'wp-env' );
const SITE_INFO_PATH = path.join( CACHE_DIR, 'site.json' );
const CONFIG_PATH = path.join( ROOT, '.wp-env.json' );
const OVERRIDE_PATH = path.join( ROOT, '.wp-env.override.json' );
const WP_ENV_BIN = path.join(
	ROOT,
	'node_modules',
	'@wordpress',
	'env',
	'bin',
	'wp-env'
);
const FETCH_CORE = path.join( ROOT, 'scripts', 'fetch-wp-core.sh' );
const BUILD_DIR = path.join( ROOT, 'build' );
const PLUGIN_MAIN = path.join( ROOT, 'plugin', 'kestrel-forms.php' );

// Docker mounts core read-write too and would trip over Playground's wp-config.php, so the
// docker runtime gets its own copy of core, selected through .wp-env.override.json.
const DOCKER_CORE = './.cache/wp-core-docker';

const RUNTIMES = [ 'playground', 'docker' ];
const READY_TIMEOUT_MS = 180_000;

/**
 * Environment for wp-env child processes.
 *
 * @return {NodeJS.ProcessEnv} process.env plus WP_ENV_HOME.
 */
function wpEnvEnvironment() {
	return {
		...process.env,
		WP_ENV_HOME: process.env.WP_ENV_HOME || CACHE_DIR,
		FORCE_COLOR: process.env.FORCE_COLOR ?? '0',
	};
}

/**
 * wp-env's work directory for this checkout, computed exactly like wp-env's
 * lib/config/load-config.js does: `$WP_ENV_HOME/<md5(config path)>` if that legacy
 * folder exists, else `$WP_ENV_HOME/wp-env-<folder name>-<first 8 hex of the md5>`.
 *
 * @return {string} Absolute path.
 */
export function workDirectory() {
	const home = path.resolve( wpEnvEnvironment().WP_ENV_HOME );
	const hash = createHash( 'md5' ).update( CONFIG_PATH ).digest( 'hex' );
	const legacy = path.join( home, hash );
	if ( fs.existsSync( legacy ) ) {
		return legacy;
	}
	return path.join(
		home,
		`wp-env-${ path.basename( ROOT ) }-${ hash.slice( 0, 8 ) }`
	);
}

/**
 * Reads a JSON file.
 *
 * @param {string} file     Path.
 * @param {*}      fallback Returned when the file is missing or invalid.
 * @return {*} Parsed content or fallback.
 */
function readJson( file, fallback ) {
	try {
		return JSON.parse( fs.readFileSync( file, 'utf8' ) );
	} catch {
		return fallback;
	}
}

/**
 * Reads wp-env's cache file (runtime name, latest WordPress version).
 *
 * @return {Object} Cache content, `{}` when missing.
 */
function readWpEnvCache() {
	return readJson( path.join( workDirectory(), 'wp-env-cache.json' ), {} );
}

/**
 * Updates keys of wp-env's cache file; `undefined` values delete the key.
 *
 * @param {Object} values Keys to set.
 */
function writeWpEnvCache( values ) {
	const dir = workDirectory();
	fs.mkdirSync( dir, { recursive: true } );
	const cache = { ...readWpEnvCache(), ...values };
	fs.writeFileSync(
		path.join( dir, 'wp-env-cache.json' ),
		JSON.stringify( cache )
	);
}

/**
 * The HTTP port, resolved in wp-env's order: WP_ENV_PORT, override file, config file, 8888.
 *
 * @return {number} Port.
 */
export function sitePort() {
	const fromEnv = parseInt( process.env.WP_ENV_PORT || '', 10 );
	if ( fromEnv ) {
		return fromEnv;
	}
	return (
		readJson( OVERRIDE_PATH, {} ).port ??
		readJson( CONFIG_PATH, {} ).port ??
		8888
	);
}

/**
 * Site URL without a trailing slash (WP_HOME is `http://localhost:<port>` in both runtimes).
 *
 * @return {string} URL.
 */
export function siteUrl() {
	return `http://localhost:${ sitePort() }`;
}

/**
 * Asks WordPress for its REST index. `?rest_route=` works with and without pretty permalinks.
 *
 * @param {string} url       Site URL.
 * @param {number} timeoutMs Per-request time-out.
 * @return {Promise<Object|null>} `{ name, home }` when a WordPress answers, otherwise null.
 */
async function probe( url, timeoutMs = 15_000 ) {
	try {
		const response = await fetch(
			`${ url }/?rest_route=/&_fields=name,home`,
			{
				headers: { cookie: `${ NO_AUTO_LOGIN_COOKIE }=1` },
				redirect: 'manual',
				signal: AbortSignal.timeout( timeoutMs ),
			}
		);
		if ( ! response.ok ) {
			return null;
		}
		const body = await response.json();
		return typeof body?.home === 'string' ? body : null;
	} catch {
		return null;
	}
}

/**
 * Whether a process is alive.
 *
 * @param {number} pid Process id.
 * @return {boolean} True when it exists.
 */
function isAlive( pid ) {
	try {
		process.kill( pid, 0 );
	} catch ( error ) {
		return error.code === 'EPERM';
	}
	// The server's parent (wp-env start) exits at once, so a killed server can linger as a zombie
	// until something reaps it; signal 0 still succeeds on zombies.
	const stat = readFileOr( `/proc/${ pid }/stat`, '' );
	return ! /^\d+ \(.*\) Z/.test( stat );
}

/**
 * Whether something accepts TCP connections on a local port.
 *
 * @param {number} port Port.
 * @return {Promise<boolean>} True when the port is taken.
 */
function isPortTaken( port ) {
	return new Promise( ( resolve ) => {
		const socket = net.connect( { host: 'localhost', port } );
		socket.setTimeout( 2000 );
		socket.once( 'connect', () => {
			socket.destroy();
			resolve( true );
		} );
		socket.once( 'timeout', () => {
			socket.destroy();
			resolve( true );
		} );
		socket.once( 'error', () => resolve( false ) );
	} );
}

/**
 * Current state of the environment.
 *
 * @return {Promise<{running: boolean, answering: boolean, runtime: (string|undefined), url: string, pid: (number|null), log: (string|null)}>}
 * `running` means our environment serves the site; `answering` alone means something answers on
 * the port (possibly a foreign server).
 */
export async function getStatus() {
	const url = siteUrl();
	const runtime = readWpEnvCache().runtime;
	let pid = null;
	let log = null;
	let ours = runtime === 'docker';
	if ( runtime === 'playground' ) {
		pid =
			parseInt(
				readFileOr(
					path.join( workDirectory(), 'playground.pid' ),
					''
				),
				10
			) || null;
		log = playgroundLog();
		ours = pid !== null && isAlive( pid );
	}
	const answering = ( await probe( url ) ) !== null;
	return { running: ours && answering, answering, runtime, url, pid, log };
}

/**
 * Where wp-env's Playground runtime writes the server output (next to playground.pid).
 *
 * @return {string} Absolute path.
 */
function playgroundLog() {
	return path.join( workDirectory(), 'playground.log' );
}

/**
 * Reads a text file.
 *
 * @param {string} file     Path.
 * @param {string} fallback Returned when unreadable.
 * @return {string} Content.
 */
function readFileOr( file, fallback ) {
	try {
		return fs.readFileSync( file, 'utf8' ).trim();
	} catch {
		return fallback;
	}
}

/**
 * Runs wp-env with the repository as working directory.
 *
 * @param {string[]} args wp-env arguments.
 * @return {number} Exit status.
 */
function wpEnv( args ) {
	const result = spawnSync( process.execPath, [ WP_ENV_BIN, ...args ], {
		cwd: ROOT,
		env: wpEnvEnvironment(),
		stdio: [ 'ignore', 'inherit', 'inherit' ],
	} );
	return result.status ?? 1;
}

/**
 * Downloads WordPress core into .wp-core/ when it is missing.
 *
 * @return {string} The core version, e.g. "6.8.7".
 */
function ensureCore() {
	const versionFile = path.join( CORE_DIR, 'wp-includes', 'version.php' );
	if ( ! fs.existsSync( versionFile ) ) {
		console.log( 'Fetching WordPress core into .wp-core/ ...' );
		// The script needs an absolute target: it changes directory before copying.
		const result = spawnSync( 'bash', [ FETCH_CORE, CORE_DIR ], {
			stdio: 'inherit',
		} );
		if ( result.status !== 0 || ! fs.existsSync( versionFile ) ) {
			throw new Error(
				'scripts/fetch-wp-core.sh failed; see its output above.'
			);
		}
	}
	const match = fs
		.readFileSync( versionFile, 'utf8' )
		.match( /\$wp_version\s*=\s*'([^']+)'/ );
	if ( ! match ) {
		throw new Error( `Cannot read $wp_version from ${ versionFile }` );
	}
	return match[ 1 ];
}

/**
 * Offline, wp-env reads the latest WordPress version from its cache instead of api.wordpress.org,
 * and needs it even when `core` is a local folder. Seed it with the local core version.
 *
 * @param {string} version WordPress version.
 */
function seedVersionCache( version ) {
	if ( ! readWpEnvCache().latestWordPressVersion ) {
		writeWpEnvCache( { latestWordPressVersion: version } );
	}
}

/**
 * Writes or cleans .wp-env.override.json for the runtime. Only the `core` key is managed here;
 * anything else a developer put in the file is kept.
 *
 * @param {string} runtime Runtime name.
 */
function prepareOverride( runtime ) {
	const override = readJson( OVERRIDE_PATH, {} );
	if ( runtime === 'docker' ) {
		const target = path.join( ROOT, DOCKER_CORE );
		if (
			! fs.existsSync( path.join( target, 'wp-includes', 'version.php' ) )
		) {
			fs.cpSync( CORE_DIR, target, {
				recursive: true,
				// Leave Playground's site (config, SQLite database, log) behind.
				filter: ( source ) =>
					! [ 'wp-config.php', 'database', 'debug.log' ].includes(
						path.basename( source )
					),
			} );
		}
		override.core = DOCKER_CORE;
	} else if ( override.core === DOCKER_CORE ) {
		delete override.core;
	} else {
		return;
	}
	if ( Object.keys( override ).length ) {
		fs.writeFileSync(
			OVERRIDE_PATH,
			JSON.stringify( override, null, '\t' ) + '\n'
		);
	} else {
		fs.rmSync( OVERRIDE_PATH, { force: true } );
	}
}

/**
 * wp-env asks interactively before switching runtimes. Stop the old environment (keeping its
 * data) and forget its runtime instead, so start never blocks on a prompt.
 *
 * @param {string} runtime Requested runtime.
 */
function forgetOtherRuntime( runtime ) {
	const saved = readWpEnvCache().runtime;
	if ( saved && saved !== runtime ) {
		console.log( `Switching from the ${ saved } runtime to ${ runtime }.` );
		wpEnv( [ 'stop' ] );
		writeWpEnvCache( { runtime: undefined } );
	}
}

/**
 * Builds the assets when build/ is missing or empty. The mapping needs the folder either way.
 */
function ensureBuild() {
	const built = path.join( BUILD_DIR, 'form-view.asset.php' );
	const builtAt = fs.existsSync( built ) ? fs.statSync( built ).mtimeMs : 0;
	const sourcesAt = newestMtime( path.join( ROOT, 'assets-src' ) );
	if ( builtAt && builtAt >= sourcesAt ) {
		return;
	}
	console.log(
		builtAt
			? 'assets-src/ changed since the last build: running npm run build ...'
			: 'build/ is empty: running npm run build ...'
	);
	const result = spawnSync( 'npm', [ 'run', 'build' ], {
		cwd: ROOT,
		stdio: 'inherit',
	} );
	if ( result.status !== 0 ) {
		throw new Error( 'npm run build failed; see its output above.' );
	}
}

/**
 * The newest modification time of any file below a folder.
 *
 * @param {string} dir Folder.
 * @return {number} Milliseconds since the epoch (0 for an empty or missing folder).
 */
function newestMtime( dir ) {
	if ( ! fs.existsSync( dir ) ) {
		return 0;
	}
	let newest = 0;
	for ( const entry of fs.readdirSync( dir, { withFileTypes: true } ) ) {
		const full = path.join( dir, entry.name );
		newest = Math.max(
			newest,
			entry.isDirectory()
				? newestMtime( full )
				: fs.statSync( full ).mtimeMs
		);
	}
	return newest;
}

/**
 * Waits until WordPress answers.
 *
 * @param {string} url       Site URL.
 * @param {number} timeoutMs Overall time-out.
 */
async function waitForSite( url, timeoutMs = READY_TIMEOUT_MS ) {
	const deadline = Date.now() + timeoutMs;
	while ( Date.now() < deadline ) {
		if ( await probe( url, 30_000 ) ) {
			return;
		}
		const { runtime, pid } = await getStatus();
		if ( runtime === 'playground' && ! ( pid && isAlive( pid ) ) ) {
			const log = readFileOr( playgroundLog(), '(no log)' );
			throw new Error(
				`The Playground server exited. Last log lines:\n${ log
					.split( '\n' )
					.slice( -20 )
					.join( '\n' ) }`
			);
		}
		await new Promise( ( resolve ) => setTimeout( resolve, 1000 ) );
	}
	throw new Error(
		`WordPress did not answer at ${ url } within ${ timeoutMs / 1000 } s.`
	);
}

/**
 * Logs in over REST, activates the plugin and asks it for the demo form and page.
 *
 * @param {string} url Site URL.
 * @return {Promise<{demo: (Object|null), warnings: string[]}>} Demo seed answer and warnings.
 */
async function provision( url ) {
	// e2e-test-utils reads WP_BASE_URL when it is first imported (REST discovery uses it).
	process.env.WP_BASE_URL = url;
	const utils = await import( '@wordpress/e2e-test-utils-playwright' );
	const { RequestUtils } = utils.RequestUtils ? utils : utils.default;
	const { request } = await import( '@playwright/test' );

	const warnings = [];
	// The cookie keeps Playground from auto-logging in, so RequestUtils really logs in.
	const host = new URL( url ).hostname;
	const requestContext = await request.newContext( {
		baseURL: url,
		storageState: {
			cookies: [
				{
					name: NO_AUTO_LOGIN_COOKIE,
					value: '1',
					domain: host,
					path: '/',
					expires: -1,
					httpOnly: false,
					secure: false,
					sameSite: 'Lax',
				},
			],
			origins: [],
		},
	} );
	const requestUtils = new RequestUtils( requestContext, {
		user: ADMIN_USER,
		baseURL: url,
	} );
	let demo = null;
	try {
		await requestUtils.activatePlugin( PLUGIN_SLUG );
		try {
			demo = await requestUtils.rest( {
				method: 'POST',
				path: '/kestrel-forms/v1/demo',
			} );
		} catch ( error ) {
			warnings.push(
				error?.code === 'rest_no_route'
					? 'The kestrel-forms/v1/demo route does not exist yet: no demo form seeded.'
					: `Demo seeding failed: ${ describeError( error ) }`
			);
		}
	} finally {
		await requestContext.dispose();
	}
	return { demo, warnings };
}

/**
 * Turns REST error bodies and exceptions into one line.
 *
 * @param {*} error Thrown value.
 * @return {string} Message.
 */
function describeError( error ) {
	if ( error instanceof Error ) {
		return error.message;
	}
	return error?.message
		? `${ error.code }: ${ error.message }`
		: JSON.stringify( error );
}

/**
 * Prints where the site is and how to log in.
 *
 * @param {Object}      info         Site info.
 * @param {string}      info.url     Site URL.
 * @param {string}      info.runtime Runtime name.
 * @param {Object|null} info.demo    Demo seed answer.
 * @param {string|null} info.log     Server log path.
 */
function printInfo( { url, runtime, demo, log } ) {
	const lines = [
		'',
		`WordPress (${ runtime }) is running.`,
		`  Site:       ${ url }/`,
		`  Demo page:  ${ demo?.page_url ?? '(not seeded)' }${
			demo?.form_id ? `  (form #${ demo.form_id })` : ''
		}`,
		`  Admin:      ${ url }/wp-admin/`,
		`  Login:      ${ ADMIN_USER.username } / ${ ADMIN_USER.password }`,
	];
	if ( log ) {
		lines.push( `  Server log: ${ path.relative( ROOT, log ) }` );
	}
	if ( runtime === 'playground' ) {
		lines.push(
			'  (Playground logs a fresh browser in as admin automatically.)'
		);
	}
	console.log( lines.join( '\n' ) );
}

/**
 * Starts WordPress (idempotent), activates Kestrel Forms and seeds the demo form.
 *
 * @param {Object} [options]         Options.
 * @param {string} [options.runtime] 'playground' (default) or 'docker'.
 * @return {Promise<{started: boolean, url: string, demo: (Object|null)}>} `started` is false when
 * it was already running.
 */
export async function start( { runtime = defaultRuntime() } = {} ) {
	if ( ! RUNTIMES.includes( runtime ) ) {
		throw new Error(
			`Unknown runtime "${ runtime }" (use ${ RUNTIMES.join( ' or ' ) }).`
		);
	}
	fs.mkdirSync( CACHE_DIR, { recursive: true } );
	const before = await getStatus();
	let started = false;
	if ( before.running ) {
		console.log( `Already running (${ before.runtime }).` );
		if ( before.runtime !== runtime ) {
			console.warn(
				`Note: it runs on ${ before.runtime }; stop it first to switch runtimes.`
			);
		}
		runtime = before.runtime;
	} else {
		// wp-env's Playground runtime takes any HTTP answer on the port as "started", even from
		// another server, so refuse early.
		if ( before.answering || ( await isPortTaken( sitePort() ) ) ) {
			throw new Error(
				`Port ${ sitePort() } is in use by another program (not this checkout's WordPress). Stop it or set WP_ENV_PORT.`
			);
		}
		const version = ensureCore();
		seedVersionCache( version );
		forgetOtherRuntime( runtime );
		prepareOverride( runtime );
		ensureBuild();
		if ( ! fs.existsSync( PLUGIN_MAIN ) ) {
			console.warn(
				'Warning: plugin/kestrel-forms.php does not exist yet.'
			);
		}
		console.log(
			`Starting WordPress ${ version } with wp-env (${ runtime } runtime) ...`
		);
		if ( wpEnv( [ 'start', `--runtime=${ runtime }` ] ) !== 0 ) {
			throw new Error( 'wp-env start failed; see its output above.' );
		}
		started = true;
	}

	const url = siteUrl();
	const known = readJson( SITE_INFO_PATH, {} );
	let demo = known.demo ?? null;
	let warnings = [];
	if ( started ) {
		await waitForSite( url );
	}
	// A running site was provisioned by the start that launched it (site.json is written then and
	// removed by stop); provision again only if that is unknown or the demo was not seeded yet.
	if ( started || known.url !== url || ! demo ) {
		( { demo, warnings } = await provision( url ) );
	}
	fs.writeFileSync(
		SITE_INFO_PATH,
		JSON.stringify(
			{ url, runtime, admin: ADMIN_USER, demo },
			null,
			'\t'
		) + '\n'
	);
	warnings.forEach( ( warning ) => console.warn( `Warning: ${ warning }` ) );
	if ( ! demo ) {
		throw new Error(
			'WordPress runs, but the demo form could not be created (see the warnings above).'
		);
	}
	printInfo( {
		url,
		runtime,
		demo,
		log: runtime === 'playground' ? playgroundLog() : null,
	} );
	return { started, url, demo };
}

/**
 * Stops WordPress (idempotent). Data stays: the Playground site in .wp-core/, Docker volumes.
 *
 * @return {Promise<boolean>} True when something was stopped.
 */
export async function stop() {
	const before = await getStatus();
	if ( ! before.runtime ) {
		console.log(
			'WordPress is not running (this checkout never started it).'
		);
		return false;
	}
	if (
		before.runtime === 'playground' &&
		! ( before.pid && isAlive( before.pid ) )
	) {
		console.log( 'WordPress is not running.' );
		return false;
	}
	fs.rmSync( SITE_INFO_PATH, { force: true } );
	// wp-env needs the version cache even to stop; it exists once start has run.
	if ( wpEnv( [ 'stop' ] ) !== 0 ) {
		throw new Error( 'wp-env stop failed; see its output above.' );
	}
	// wp-env sends SIGTERM, then SIGKILL after one second, to the detached process group.
	if ( before.pid && isAlive( before.pid ) ) {
		process.kill( -before.pid, 'SIGKILL' );
	}
	console.log( 'WordPress stopped.' );
	return true;
}

/**
 * Runtime from a `--runtime=` argument or KESTREL_WP_RUNTIME, default playground.
 *
 * @param {string[]} [argv] Command-line arguments.
 * @return {string} Runtime name.
 */
function defaultRuntime( argv = [] ) {
	const flag = argv.find( ( arg ) => arg.startsWith( '--runtime=' ) );
	return flag
		? flag.slice( '--runtime='.length )
		: process.env.KESTREL_WP_RUNTIME || 'playground';
}

/**
 * Command-line entry point.
 *
 * @param {string[]} argv Arguments after the script name.
 * @return {Promise<number>} Exit code.
 */
async function main( argv ) {
	const [ command ] = argv;
	switch ( command ) {
		case 'start':
			await start( { runtime: defaultRuntime( argv.slice( 1 ) ) } );
			return 0;
		case 'stop':
			await stop();
			return 0;
		case 'status': {
			const status = await getStatus();
			if ( argv.includes( '--json' ) ) {
				console.log( JSON.stringify( status ) );
			} else if ( status.running ) {
				console.log(
					`running (${ status.runtime }${ status.pid ? `, pid ${ status.pid }` : '' }) at ${ status.url }/`
				);
			} else if ( status.answering ) {
				console.log(
					`not running; something else answers at ${ status.url }/`
				);
			} else {
				console.log( 'not running' );
			}
			return status.running ? 0 : 1;
		}
		default:
			console.error(
				'Usage: node scripts/wp.mjs start [--runtime=playground|docker] | stop | status [--json]'
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
