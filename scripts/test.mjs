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
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(
	path.dirname( new URL( import.meta.url ).pathname ),
	'..'
);
const ARTIFACTS = path.join( ROOT, 'artifacts' );
fs.mkdirSync( ARTIFACTS, { recursive: true } );

const results = [];

/**
 * Runs a command with inherited output.
 *
 * @param {string}   cmd  Command.
 * @param {string[]} args Arguments.
 * @return {number} Exit status.
 */
function run( cmd, args ) {
	console.log( `\n=== ${ cmd } ${ args.join( ' ' ) }` );
	const r = spawnSync( cmd, args, {
		cwd: ROOT,
		stdio: 'inherit',
		env: process.env,
	} );
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
	} );
	return ok;
}

/**
 * A test runner: counts read from its report; a non-zero exit with no failures counted is
 * still a failure (the runner crashed).
 *
 * @param {string}   name   Name in the summary.
 * @param {string}   cmd    Command.
 * @param {string[]} args   Arguments.
 * @param {Function} counts Reads { passed, failed, skipped } from the report, or null.
 */
function suite( name, cmd, args, counts ) {
	const status = run( cmd, args );
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
	results.push( { name, ...c } );
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

for ( const file of [
	'jest-results.json',
	'e2e-results.json',
	'e2e-payments-results.json',
	'phpunit-unit.xml',
	'phpunit-integration.xml',
] ) {
	fs.rmSync( path.join( ARTIFACTS, file ), { force: true } );
}

const built = check( 'build', 'npm', [ 'run', 'build' ] );
check( 'eslint', 'npm', [ 'run', 'lint:js' ] );
check( 'php -l', 'npm', [ 'run', 'lint:php' ] );
check( 'tsc', 'npm', [ 'run', 'typecheck' ] );
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

console.log( '\n=== Summary' );
for ( const r of results ) {
	const mark = r.failed ? 'FAIL' : 'ok  ';
	console.log(
		`${ mark } ${ r.name.padEnd( 20 ) } ${ String( r.passed ).padStart( 4 ) } passed ${ String( r.failed ).padStart( 3 ) } failed ${ String( r.skipped ).padStart( 3 ) } skipped${ r.note ? `  (${ r.note })` : '' }`
	);
}
const sum = ( key ) => results.reduce( ( t, r ) => t + r[ key ], 0 );
console.log(
	`Summary: ${ sum( 'passed' ) } passed, ${ sum( 'failed' ) } failed, ${ sum( 'skipped' ) } skipped`
);
process.exit( sum( 'failed' ) ? 1 : 0 );
