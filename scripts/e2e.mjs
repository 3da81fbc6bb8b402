#!/usr/bin/env node
/**
 * Runs the Playwright e2e suite against a local WordPress.
 *
 *     node scripts/e2e.mjs [playwright test arguments ...]
 *
 * 1. Makes sure Debian's chromium exists (installs it with apt-get when root).
 * 2. Starts WordPress with scripts/wp.mjs unless it already runs, and remembers that.
 * 3. Runs `playwright test -c tests/e2e/playwright.config.ts ...args`.
 * 4. Stops WordPress again only if step 2 started it (KEEP_WP=1 keeps it running).
 * 5. Exits with Playwright's exit code. Results: artifacts/e2e-results.json.
 *
 *     node scripts/e2e.mjs --native [playwright test arguments ...]      (npm run test:e2e:native)
 *
 * The same against the native stack (scripts/native.mjs: nginx, php-fpm, MariaDB), with
 * tests/e2e/playwright.native.config.ts (the specs that touch submissions, uploads, entries and
 * payments); a stack it starts is fresh and is stopped afterwards (KEEP_WP=1 keeps it).
 * Results: artifacts/e2e-native-results.json.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, getStatus, start, stop } from './wp.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const PLAYWRIGHT_CLI = path.join(
	ROOT,
	'node_modules',
	'@playwright',
	'test',
	'cli.js'
);
const NATIVE = process.argv.includes( '--native' );
const CONFIG = path.join(
	'tests',
	'e2e',
	NATIVE ? 'playwright.native.config.ts' : 'playwright.config.ts'
);

/**
 * Installs Debian's chromium when it is missing and we may (root, apt-get present).
 */
function ensureChromium() {
	if ( fs.existsSync( CHROMIUM ) ) {
		return;
	}
	const isRoot = process.getuid?.() === 0;
	if ( ! isRoot || ! fs.existsSync( '/usr/bin/apt-get' ) ) {
		throw new Error(
			`${ CHROMIUM } is missing. Install Chromium (Debian: apt-get install chromium) or set CHROMIUM_PATH.`
		);
	}
	console.log( 'Installing chromium with apt-get ...' );
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	const install = () =>
		spawnSync(
			'apt-get',
			[ 'install', '-y', '--no-install-recommends', 'chromium' ],
			{
				stdio: 'inherit',
				env,
			}
		).status;
	// Package lists may be empty (e.g. fresh containers): update once and retry.
	if ( install() !== 0 ) {
		spawnSync( 'apt-get', [ 'update' ], { stdio: 'inherit', env } );
		if ( install() !== 0 || ! fs.existsSync( CHROMIUM ) ) {
			throw new Error( 'apt-get install chromium failed.' );
		}
	}
}

/**
 * Runs Playwright and resolves with its exit code. Ctrl-C reaches Playwright directly (same
 * process group); this process waits for it so WordPress can still be stopped afterwards.
 *
 * @param {string[]} args    Extra arguments for `playwright test`.
 * @param {string}   baseUrl Site URL.
 * @return {Promise<number>} Exit code.
 */
function runPlaywright( args, baseUrl ) {
	return new Promise( ( resolve ) => {
		const child = spawn(
			process.execPath,
			[ PLAYWRIGHT_CLI, 'test', '-c', CONFIG, ...args ],
			{
				cwd: ROOT,
				stdio: 'inherit',
				env: {
					...process.env,
					WP_BASE_URL: baseUrl,
					PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
				},
			}
		);
		const ignore = () => {};
		process.on( 'SIGINT', ignore );
		process.on( 'SIGTERM', () => child.kill( 'SIGTERM' ) );
		child.on( 'error', ( error ) => {
			console.error( `Cannot run Playwright: ${ error.message }` );
			resolve( 1 );
		} );
		child.on( 'exit', ( code, signal ) => {
			process.off( 'SIGINT', ignore );
			resolve( code ?? ( signal ? 130 : 1 ) );
		} );
	} );
}

/**
 * Entry point.
 *
 * @return {Promise<number>} Exit code.
 */
async function main() {
	ensureChromium();
	const args = process.argv.slice( 2 ).filter( ( a ) => a !== '--native' );
	if ( NATIVE ) {
		const native = await import( './native.mjs' );
		const running = ( await native.status() ).running;
		const { url } = running
			? native.siteInfo()
			: await native.start( { fresh: true } );
		let code;
		try {
			code = await runPlaywright( args, url );
		} finally {
			if ( ! running && ! process.env.KEEP_WP ) {
				await native.stop();
			}
		}
		return code;
	}

	let startedHere = false;
	let url;
	const status = await getStatus();
	if ( status.running ) {
		url = status.url;
		console.log( `Using the running WordPress at ${ url }/` );
	} else {
		try {
			( { url, started: startedHere } = await start() );
		} catch ( error ) {
			// WordPress may be up even though activation or seeding failed: do not leave it behind.
			if ( ! process.env.KEEP_WP && ( await getStatus() ).running ) {
				await stop();
			}
			throw error;
		}
	}

	let code;
	try {
		code = await runPlaywright( args, url );
	} finally {
		if ( startedHere && ! process.env.KEEP_WP ) {
			await stop();
		}
	}
	return code;
}

main().then(
	( code ) => process.exit( code ),
	( error ) => {
		console.error( `Error: ${ error.message ?? error }` );
		process.exit( 1 );
	}
);
