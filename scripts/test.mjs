#!/usr/bin/env node
/**
 * `npm test`: the whole suite, each part even when an earlier one failed, then one summary.
 *
 * Parts: build (the plugin's assets and the payments SDK), ESLint, PHP syntax, TypeScript, the
 * payments SDK's types against the provider's published types (compat/), Jest, PHPUnit unit +
 * integration, Playwright e2e against a real WordPress (started and stopped by scripts/e2e.mjs
 * when not running), and the payments e2e in Chromium against the provider sandbox (started and
 * stopped by tests/e2e-payments/playwright.config.ts). The two browser suites need the build.
 * Test counts come from each runner's machine-readable report in artifacts/; a check without
 * tests (lint, types, build) counts as one. The last line is the summary.
 *
 * Then the native stack (issue 12; scripts/native.mjs: nginx with docs/nginx/kestrel-forms.conf,
 * php-fpm with 4 workers, MariaDB), started fresh here and stopped at the end: the PHPUnit
 * integration suite again on MariaDB, the parallel tests (tests/parallel: real concurrency), the
 * e2e specs that touch submissions, uploads, entries and payments
 * (tests/e2e/playwright.native.config.ts), the payments-forms e2e (tests/e2e-payments-forms:
 * payment forms charging through the provider sandbox), and a check that the site's WordPress debug log got
 * no PHP warning, database error or line from the plugin meanwhile.
 * PHP coding standards (lint:phpcs) and PHPStan (analyse:php) run as checks; a missing script
 * counts as a failure, never as a pass.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as native from './native.mjs';
import * as smtpSink from './smtp-sink.mjs';

const ROOT = path.resolve(
	path.dirname( new URL( import.meta.url ).pathname ),
	'..'
);
const ARTIFACTS = path.join( ROOT, 'artifacts' );
fs.mkdirSync( ARTIFACTS, { recursive: true } );

const results = [];

let lastSeconds = 0;

/**
 * Runs a command with inherited output.
 *
 * @param {string}   cmd   Command.
 * @param {string[]} args  Arguments.
 * @param {Object}   [env] Extra environment variables.
 * @return {number} Exit status.
 */
function run( cmd, args, env = {} ) {
	const vars = Object.entries( env )
		.map( ( [ k, v ] ) => `${ k }=${ v } ` )
		.join( '' );
	console.log( `\n=== ${ vars }${ cmd } ${ args.join( ' ' ) }` );
	const started = Date.now();
	const r = spawnSync( cmd, args, {
		cwd: ROOT,
		stdio: 'inherit',
		env: { ...process.env, ...env },
	} );
	lastSeconds = ( Date.now() - started ) / 1000;
	return r.status ?? 1;
}

/**
 * A check without its own test count: one pass or one fail.
 *
 * @param {string}   name Name in the summary.
 * @param {string}   cmd  Command.
 * @param {string[]} args Arguments.
 */
function check( name, cmd, args ) {
	const ok = run( cmd, args ) === 0;
	results.push( {
		name,
		passed: ok ? 1 : 0,
		failed: ok ? 0 : 1,
		skipped: 0,
		seconds: lastSeconds,
	} );
	return ok;
}

/**
 * A check through an npm script that must exist: a missing script is a failure with a note,
 * never a skipped pass.
 *
 * @param {string} name   Name in the summary.
 * @param {string} script npm script.
 */
function scriptCheck( name, script ) {
	const scripts =
		JSON.parse(
			fs.readFileSync( path.join( ROOT, 'package.json' ), 'utf8' )
		).scripts ?? {};
	if ( ! scripts[ script ] ) {
		results.push( {
			name,
			passed: 0,
			failed: 1,
			skipped: 0,
			note: `npm script ${ script } is missing`,
		} );
		return false;
	}
	return check( name, 'npm', [ 'run', script ] );
}

/**
 * A test runner: counts read from its report; a non-zero exit with no failures counted is
 * still a failure (the runner crashed).
 *
 * @param {string}   name   Name in the summary.
 * @param {string}   cmd    Command.
 * @param {string[]} args   Arguments.
 * @param {Function} counts Reads { passed, failed, skipped } from the report, or null.
 * @param {Object}   env    Extra environment variables.
 */
function suite( name, cmd, args, counts, env = {} ) {
	const status = run( cmd, args, env );
	let c = null;
	try {
		c = counts();
	} catch {
		c = null;
	}
	c ??= { passed: 0, failed: 0, skipped: 0 };
	if ( status !== 0 && c.failed === 0 ) {
		c.failed = 1;
		c.note = `exited with ${ status }`;
	}
	if ( status === 0 && c.passed === 0 ) {
		c.failed = 1;
		c.note = 'ran no test';
	}
	results.push( { name, ...c, seconds: lastSeconds } );
}

const readJson = ( file ) =>
	JSON.parse( fs.readFileSync( path.join( ARTIFACTS, file ), 'utf8' ) );

function junit( file ) {
	const xml = fs.readFileSync( path.join( ARTIFACTS, file ), 'utf8' );
	const m = xml.match( /<testsuite\b[^>]*>/ );
	const attr = ( name ) =>
		Number(
			( m[ 0 ].match( new RegExp( `\\b${ name }="(\\d+)"` ) ) ??
				[] )[ 1 ] ?? 0
		);
	const failed = attr( 'failures' ) + attr( 'errors' );
	const skipped = attr( 'skipped' );
	return { passed: attr( 'tests' ) - failed - skipped, failed, skipped };
}

/**
 * Counts from a Playwright JSON report: a test that passed only on retry counts as passed, with
 * a note saying how many did.
 *
 * @param {string} file Report in artifacts/.
 */
function playwrightCounts( file ) {
	const { stats } = readJson( file );
	return {
		passed: stats.expected + stats.flaky,
		failed: stats.unexpected,
		skipped: stats.skipped,
		note: stats.flaky ? `${ stats.flaky } passed only on retry` : undefined,
	};
}

/**
 * Counts from a `node --test` JUnit report (its closing comments hold the totals); cancelled
 * tests count as failed.
 *
 * @param {string} file Report in artifacts/.
 */
function nodeTestCounts( file ) {
	const xml = fs.readFileSync( path.join( ARTIFACTS, file ), 'utf8' );
	const total = ( name ) =>
		Number(
			( xml.match( new RegExp( `<!-- ${ name } (\\d+) -->` ) ) ??
				[] )[ 1 ] ?? 0
		);
	return {
		passed: total( 'pass' ),
		failed: total( 'fail' ) + total( 'cancelled' ),
		skipped: total( 'skipped' ) + total( 'todo' ),
	};
}

for ( const file of [
	'jest-results.json',
	'e2e-results.json',
	'e2e-payments-results.json',
	'e2e-native-results.json',
	'e2e-payments-forms-results.json',
	'parallel-results.xml',
	'phpunit-unit.xml',
	'phpunit-integration.xml',
	'phpunit-integration-mariadb.xml',
] ) {
	fs.rmSync( path.join( ARTIFACTS, file ), { force: true } );
}

// `node scripts/test.mjs --native-only` runs only the native-stack part below (a developer's
// shortcut; npm test and CI run everything), using the build/ that exists.
const NATIVE_ONLY = process.argv.includes( '--native-only' );
let built = fs.existsSync( path.join( ROOT, 'build', 'form-view.asset.php' ) );
if ( ! NATIVE_ONLY ) {
	built = check( 'build', 'npm', [ 'run', 'build' ] );
	check( 'eslint', 'npm', [ 'run', 'lint:js' ] );
	check( 'php -l', 'npm', [ 'run', 'lint:php' ] );
	// WordPress coding standards and PHPStan (issue 12; composer dev packages, .ci/run installs them).
	scriptCheck( 'phpcs (WPCS)', 'lint:phpcs' );
	scriptCheck( 'phpstan', 'analyse:php' );
	check( 'tsc', 'npm', [ 'run', 'typecheck' ] );
	check( 'translation template current (make-pot --check)', 'node', [
		'scripts/make-pot.mjs',
		'--check',
	] );
	// Payments SDK types against the provider's published types (compat/, issue 6).
	check( 'payments types compat', 'npm', [ 'run', 'test:compat' ] );
	suite(
		'jest',
		'npm',
		[
			'run',
			'test:unit',
			'--',
			'--ci',
			'--json',
			`--outputFile=${ path.join( ARTIFACTS, 'jest-results.json' ) }`,
		],
		() => {
			const r = readJson( 'jest-results.json' );
			return {
				passed: r.numPassedTests,
				failed: r.numFailedTests + r.numRuntimeErrorTestSuites,
				skipped: r.numPendingTests + r.numTodoTests,
			};
		}
	);
	suite(
		'phpunit unit',
		'npm',
		[ 'run', 'test:php', '--', '--testsuite', 'unit' ],
		() => junit( 'phpunit-unit.xml' )
	);
	suite(
		'phpunit integration',
		'npm',
		[ 'run', 'test:php', '--', '--testsuite', 'integration' ],
		() => junit( 'phpunit-integration.xml' )
	);

	// Both browser suites test the built assets: without a build, neither runs and both say so.
	// Payments SDK (issue 6): Chromium with the real frames against the provider sandbox, which
	// the Playwright config starts and stops (tests/e2e-payments/playwright.config.ts).
	const e2eSuites = [
		[ 'playwright e2e', 'test:e2e', 'e2e-results.json' ],
		[ 'payments e2e', 'test:e2e:payments', 'e2e-payments-results.json' ],
	];
	for ( const [ name, script, report ] of e2eSuites ) {
		if ( built ) {
			suite( name, 'npm', [ 'run', script ], () =>
				playwrightCounts( report )
			);
		} else {
			results.push( {
				name,
				passed: 0,
				failed: 1,
				skipped: 0,
				note: 'not run: the build failed',
			} );
		}
	}
}

// The native stack (issue 12): MariaDB, php-fpm (4 workers) and nginx, fresh for this run.
const NATIVE_PATTERN =
	/Duplicate entry|WordPress database error|PHP (Warning|Notice|Fatal|Parse|Deprecated|Error)|kestrel/i;
let nativeUp = false;
console.log( '\n=== native stack: node scripts/native.mjs start --fresh' );
const nativeStarted = Date.now();
try {
	await native.start( { fresh: true } );
	nativeUp = true;
	results.push( {
		name: 'native stack start',
		passed: 1,
		failed: 0,
		skipped: 0,
		seconds: ( Date.now() - nativeStarted ) / 1000,
	} );
} catch ( error ) {
	console.error( error );
	results.push( {
		name: 'native stack start',
		passed: 0,
		failed: 1,
		skipped: 0,
		note: String( error.message ?? error ).split( '\n' )[ 0 ],
	} );
}
if ( nativeUp ) {
	const logStart = fs.existsSync( native.DEBUG_LOG )
		? fs.statSync( native.DEBUG_LOG ).size
		: 0;
	// The native site's mail goes to this SMTP sink (scripts/smtp-sink.mjs); without it the
	// notifications spec skips and says why.
	await smtpSink
		.start()
		.catch( ( error ) => console.error( `SMTP sink: ${ error.message }` ) );
	try {
		suite(
			'phpunit integr. MariaDB',
			'npm',
			[ 'run', 'test:php', '--', '--testsuite', 'integration' ],
			() => junit( 'phpunit-integration-mariadb.xml' ),
			{ KESTREL_TEST_DB: 'mariadb' }
		);
		suite( 'parallel (native)', 'node', [ 'tests/parallel/run.mjs' ], () =>
			nodeTestCounts( 'parallel-results.xml' )
		);
		if ( built ) {
			suite( 'e2e (native)', 'npm', [ 'run', 'test:e2e:native' ], () =>
				playwrightCounts( 'e2e-native-results.json' )
			);
		} else {
			results.push( {
				name: 'e2e (native)',
				passed: 0,
				failed: 1,
				skipped: 0,
				note: 'not run: the build failed',
			} );
		}
		// Payments forms (issue 13, P1 checks 1–15): WordPress on this stack charging through the
		// provider sandbox on 127.0.0.1:8890, which the suite's Playwright config starts and stops.
		if ( built ) {
			suite(
				'e2e payments forms',
				'npm',
				[ 'run', 'test:e2e:payments-forms' ],
				() => playwrightCounts( 'e2e-payments-forms-results.json' )
			);
		} else {
			results.push( {
				name: 'e2e payments forms',
				passed: 0,
				failed: 1,
				skipped: 0,
				note: 'not run: the build failed',
			} );
		}
		// Every request above went through the native site: its debug log must stay clean.
		const log = fs.existsSync( native.DEBUG_LOG )
			? fs
					.readFileSync( native.DEBUG_LOG )
					.subarray( logStart )
					.toString( 'utf8' )
			: '';
		const bad = log
			.split( '\n' )
			.filter( ( line ) => NATIVE_PATTERN.test( line ) );
		console.log( '\n=== native debug log' );
		bad.slice( 0, 30 ).forEach( ( line ) =>
			console.log( line.slice( 0, 400 ) )
		);
		results.push( {
			name: 'native debug log',
			passed: bad.length ? 0 : 1,
			failed: bad.length ? 1 : 0,
			skipped: 0,
			note: bad.length
				? `${ bad.length } error line(s) in ${ path.relative( ROOT, native.DEBUG_LOG ) }`
				: undefined,
		} );
	} finally {
		await smtpSink.stop();
		await native.stop();
	}
}

console.log( '\n=== Summary' );
for ( const r of results ) {
	const mark = r.failed ? 'FAIL' : 'ok  ';
	const time =
		r.seconds === undefined
			? ''
			: `${ Math.round( r.seconds ) }s`.padStart( 6 );
	console.log(
		`${ mark } ${ r.name.padEnd( 24 ) } ${ String( r.passed ).padStart( 4 ) } passed ${ String( r.failed ).padStart( 3 ) } failed ${ String( r.skipped ).padStart( 3 ) } skipped${ time }${ r.note ? `  (${ r.note })` : '' }`
	);
}
const sum = ( key ) => results.reduce( ( t, r ) => t + r[ key ], 0 );
console.log(
	`Summary: ${ sum( 'passed' ) } passed, ${ sum( 'failed' ) } failed, ${ sum( 'skipped' ) } skipped`
);
process.exit( sum( 'failed' ) ? 1 : 0 );
