#!/usr/bin/env node
/**
 * Runs the PHPUnit suites (phpunit.xml.dist): `unit` (plain PHP) and `integration` (WordPress 6.8
 * on SQLite, no server).
 *
 *   node scripts/phpunit.mjs                          both suites, each in its own PHP process
 *   node scripts/phpunit.mjs --testsuite unit         one suite
 *   node scripts/phpunit.mjs --testsuite integration --filter rest
 *   node scripts/phpunit.mjs tests/php/integration/WordPressBootTest.php
 *
 * Other arguments go to PHPUnit unchanged. Before the integration suite it makes sure that
 * pdo_sqlite is there (installing php<version>-sqlite3 with apt when running as root, as CI does)
 * and that WordPress core is in .wp-core/ (scripts/fetch-wp-core.sh). Each run writes a JUnit
 * report, artifacts/phpunit-<suite>.xml (artifacts/phpunit-run.xml for a run of chosen files),
 * for the test summary. The exit code is PHPUnit's; with both suites, the first failing one's.
 *
 * KESTREL_TEST_DB=mariadb runs the integration suite on MariaDB instead of SQLite
 * (tests/php/integration/Support/Database.php): without KESTREL_TEST_DB_HOST it uses the native
 * stack's MariaDB (scripts/native.mjs), starting the stack first when it is not running and
 * stopping it afterwards. Reports then get a `-mariadb` suffix (artifacts/phpunit-integration-mariadb.xml).
 */

import { spawnSync } from 'node:child_process';
import {
	existsSync,
	mkdirSync,
	readdirSync,
	readFileSync,
	rmSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'..'
);
const SUITES = [ 'unit', 'integration' ];
const ON_MARIADB = [ 'mariadb', 'mysql' ].includes(
	( process.env.KESTREL_TEST_DB ?? '' ).toLowerCase()
);
const INTEGRATION_BOOTSTRAP = 'tests/php/integration/bootstrap.php';

// PHPUnit 9 options that take a separate value; needed to tell test paths from option values.
const OPTIONS_WITH_VALUE = new Set( [
	'-c',
	'--configuration',
	'--bootstrap',
	'--testsuite',
	'--filter',
	'--group',
	'--exclude-group',
	'--covers',
	'--uses',
	'--test-suffix',
	'--include-path',
	'-d',
	'--log-junit',
	'--log-teamcity',
	'--testdox-html',
	'--testdox-text',
	'--testdox-xml',
	'--coverage-clover',
	'--coverage-cobertura',
	'--coverage-crap4j',
	'--coverage-html',
	'--coverage-php',
	'--coverage-text',
	'--coverage-xml',
	'--coverage-cache',
	'--order-by',
	'--random-order-seed',
	'--printer',
	'--columns',
	'--cache-result-file',
	'--repeat',
	'--loader',
	'--extensions',
	'--whitelist',
	'--dump-xdebug-filter',
] );

/**
 * Splits the command line into what the runner needs to know.
 *
 * @param {string[]} args Arguments after the script name.
 * @return {{ suite: string|null, paths: string[], junit: boolean, narrowed: boolean, bootstrap: boolean }} Parsed view.
 */
function parseArgs( args ) {
	const parsed = {
		suite: null,
		paths: [],
		junit: false,
		narrowed: false,
		bootstrap: false,
	};
	for ( let i = 0; i < args.length; i++ ) {
		const arg = args[ i ];
		const [ name, inlineValue ] =
			arg.startsWith( '--' ) && arg.includes( '=' )
				? arg.split( /=(.*)/s )
				: [ arg, undefined ];
		const value =
			inlineValue ??
			( OPTIONS_WITH_VALUE.has( name ) ? args[ ++i ] : undefined );
		if ( name === '--testsuite' ) {
			parsed.suite = value;
		} else if ( name === '--log-junit' ) {
			parsed.junit = true;
		} else if ( name === '--bootstrap' ) {
			parsed.bootstrap = true;
		} else if (
			[
				'--filter',
				'--group',
				'--exclude-group',
				'--covers',
				'--uses',
			].includes( name )
		) {
			parsed.narrowed = true;
		} else if ( ! arg.startsWith( '-' ) ) {
			parsed.paths.push( arg );
			parsed.narrowed = true;
		}
	}
	return parsed;
}

/**
 * Runs a command with inherited output.
 *
 * @param {string}   command Executable.
 * @param {string[]} args    Arguments.
 * @param {Object}   options spawnSync options.
 * @return {number} Exit status (1 when the command could not start).
 */
function run( command, args, options = {} ) {
	const result = spawnSync( command, args, {
		cwd: root,
		stdio: 'inherit',
		...options,
	} );
	if ( result.error ) {
		console.error(
			`phpunit.mjs: could not run ${ command }: ${ result.error.message }`
		);
		return 1;
	}
	return result.status ?? 1;
}

/**
 * Output of a short PHP snippet.
 *
 * @param {string} code PHP code for `php -r`.
 * @return {string} Trimmed stdout.
 */
function php( code ) {
	return (
		spawnSync( 'php', [ '-r', code ], {
			encoding: 'utf8',
		} ).stdout?.trim() ?? ''
	);
}

/**
 * Makes sure PHP can open SQLite databases (the integration suite's WordPress runs on SQLite).
 */
function ensurePdoSqlite() {
	const loaded = () =>
		php( 'echo extension_loaded("pdo_sqlite") ? "yes" : "no";' ) === 'yes';
	if ( loaded() ) {
		return;
	}
	if ( process.getuid?.() !== 0 ) {
		throw new Error(
			'PHP lacks pdo_sqlite. Install it, e.g. `sudo apt-get install php-sqlite3`.'
		);
	}
	const version = php( 'echo PHP_MAJOR_VERSION . "." . PHP_MINOR_VERSION;' );
	const pkg = `php${ version }-sqlite3`;
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	console.log( `phpunit.mjs: installing ${ pkg } for pdo_sqlite` );
	// A fresh machine may have no package lists yet: update once and retry.
	if ( run( 'apt-get', [ 'install', '-y', '-q', pkg ], { env } ) !== 0 ) {
		run( 'apt-get', [ 'update', '-q' ], { env } );
		run( 'apt-get', [ 'install', '-y', '-q', pkg ], { env } );
	}
	if ( ! loaded() ) {
		throw new Error(
			`PHP still lacks pdo_sqlite after installing ${ pkg }.`
		);
	}
}

/**
 * Makes sure WordPress core is unpacked where the integration bootstrap looks for it.
 */
function ensureWordPressCore() {
	const coreDir = process.env.WP_CORE_DIR || path.join( root, '.wp-core' );
	if ( existsSync( path.join( coreDir, 'wp-includes', 'version.php' ) ) ) {
		return;
	}
	if (
		run( 'bash', [
			path.join( root, 'scripts', 'fetch-wp-core.sh' ),
			coreDir,
		] ) !== 0
	) {
		throw new Error( `Could not fetch WordPress core into ${ coreDir }.` );
	}
}

/**
 * Number of tests in a JUnit report, or null when there is no complete one (PHPUnit creates the
 * file when it starts and fills it when it finishes).
 *
 * @param {string} file Report path.
 * @return {number|null} Test count.
 */
function junitTestCount( file ) {
	const xml = existsSync( file ) ? readFileSync( file, 'utf8' ) : '';
	if ( ! xml.includes( '</testsuites>' ) ) {
		return null;
	}
	const match = xml.match( /<testsuite\b[^>]*\btests="(\d+)"/ );
	return match ? Number( match[ 1 ] ) : 0;
}

/**
 * One PHPUnit process.
 *
 * @param {Object}   options
 * @param {string}   options.label         Suite name(s), or "run", for the report name and messages.
 * @param {string[]} options.args          Arguments for PHPUnit.
 * @param {boolean}  options.bootWordPress Whether to pass the integration bootstrap.
 * @param {Object}   options.parsed        parseArgs() of the user's arguments.
 * @return {number} Exit status.
 */
function runPhpunit( { label, args, bootWordPress, parsed } ) {
	const phpunit = existsSync( path.join( root, 'vendor', 'bin', 'phpunit' ) )
		? path.join( root, 'vendor', 'bin', 'phpunit' )
		: 'phpunit';
	const report = path.join(
		root,
		'artifacts',
		`phpunit-${ label.replace( /[^\w-]+/g, '-' ) }${
			ON_MARIADB && bootWordPress ? '-mariadb' : ''
		}.xml`
	);
	const extra = [];
	if ( ! parsed.junit ) {
		mkdirSync( path.dirname( report ), { recursive: true } );
		// A stale report would be counted if this run died before writing its own.
		rmSync( report, { force: true } );
		extra.push( '--log-junit', report );
	}
	if ( bootWordPress && ! parsed.bootstrap ) {
		// Loads WordPress before PHPUnit collects tests, so data providers may use it too.
		extra.push( '--bootstrap', INTEGRATION_BOOTSTRAP );
	}

	const started = Date.now();
	let status = run( phpunit, [
		'-c',
		'phpunit.xml.dist',
		...extra,
		...args,
	] );
	const seconds = ( ( Date.now() - started ) / 1000 ).toFixed( 1 );

	if ( status === 0 && ! parsed.junit ) {
		// PHP code that calls exit() (a stray `exit`, wp_die() before its handler is replaced)
		// ends PHPUnit with status 0 before it reports anything: the missing report gives it away.
		const count = junitTestCount( report );
		if ( count === null ) {
			console.error(
				`phpunit.mjs: ${ label } exited 0 without finishing its report: did something call exit()?`
			);
			status = 1;
		} else if ( count === 0 && ! parsed.narrowed ) {
			console.error( `phpunit.mjs: ${ label } ran no test.` );
			status = 1;
		}
	}
	console.log(
		`phpunit.mjs: ${ label } finished in ${ seconds }s with exit code ${ status }`
	);
	return status;
}

/**
 * For KESTREL_TEST_DB=mariadb without a host of its own: makes sure PHP has mysqli and the native
 * stack's MariaDB runs.
 *
 * @return {Promise<Function|null>} A function that stops the stack again when this run started it.
 */
async function ensureMariaDb() {
	if ( php( 'echo extension_loaded("mysqli") ? "yes" : "no";' ) !== 'yes' ) {
		throw new Error(
			'PHP lacks mysqli for KESTREL_TEST_DB=mariadb. Install php8.2-mysql (npm run start:native installs it as root).'
		);
	}
	if ( process.env.KESTREL_TEST_DB_HOST ) {
		return null;
	}
	const native = await import( './native.mjs' );
	if ( ( await native.status() ).pids.mariadbd ) {
		return null;
	}
	await native.start();
	return () => native.stop();
}

async function main() {
	const args = process.argv.slice( 2 );
	const parsed = parseArgs( args );

	/*
	 * needsWordPress: the run includes integration tests (prerequisites first).
	 * bootWordPress: it includes nothing else, so the integration bootstrap can be PHPUnit's.
	 */
	/** @type {{ label: string, args: string[], needsWordPress: boolean, bootWordPress: boolean }[]} */
	let runs;
	if ( parsed.suite ) {
		const names = parsed.suite.split( ',' );
		const unknown = names.filter( ( name ) => ! SUITES.includes( name ) );
		if ( unknown.length ) {
			console.error(
				`phpunit.mjs: unknown test suite ${ unknown.join( ', ' ) } (known: ${ SUITES.join( ', ' ) })`
			);
			return 2;
		}
		// With both suites in one process, Support\TestCase loads WordPress after the unit tests.
		const onlyIntegration =
			names.length === 1 && names[ 0 ] === 'integration';
		runs = [
			{
				label: names.join( '-' ),
				args,
				needsWordPress: names.includes( 'integration' ),
				bootWordPress: onlyIntegration,
			},
		];
	} else if ( parsed.paths.length ) {
		const integrationDir = path.join( root, 'tests', 'php', 'integration' );
		const inIntegration = parsed.paths.map( ( p ) =>
			path.resolve( root, p ).startsWith( integrationDir )
		);
		runs = [
			{
				label: 'run',
				args,
				needsWordPress: inIntegration.some( Boolean ),
				bootWordPress: inIntegration.every( Boolean ),
			},
		];
	} else {
		runs = SUITES.map( ( suite ) => ( {
			label: suite,
			args: [ '--testsuite', suite, ...args ],
			needsWordPress: suite === 'integration',
			bootWordPress: suite === 'integration',
		} ) );
	}

	if ( ! parsed.suite && ! parsed.paths.length ) {
		// A full run: drop reports of earlier narrower runs so a summary counts only this one.
		for ( const stale of existsSync( path.join( root, 'artifacts' ) )
			? readdirSync( path.join( root, 'artifacts' ) )
			: [] ) {
			if ( /^phpunit-.*\.xml$/.test( stale ) ) {
				rmSync( path.join( root, 'artifacts', stale ), {
					force: true,
				} );
			}
		}
	}

	let exitCode = 0;
	let stopNative = null;
	for ( const one of runs ) {
		if ( one.needsWordPress ) {
			try {
				ensurePdoSqlite();
				ensureWordPressCore();
				if ( ON_MARIADB && ! stopNative ) {
					stopNative = ( await ensureMariaDb() ) ?? ( () => {} );
				}
			} catch ( error ) {
				console.error( `phpunit.mjs: ${ error.message }` );
				exitCode ||= 1;
				continue;
			}
		}
		const status = runPhpunit( { ...one, parsed } );
		exitCode ||= status;
	}
	if ( stopNative && ! process.env.KEEP_WP ) {
		await stopNative();
	}
	return exitCode;
}

main().then(
	( code ) => ( process.exitCode = code ),
	( error ) => {
		console.error( `phpunit.mjs: ${ error.message ?? error }` );
		process.exitCode = 1;
	}
);
