#!/usr/bin/env node
/**
 * `npm run bench`: runs every benchmark against a real WordPress, starting it when it is not
 * running and stopping it afterwards in that case. Prints figures; never fails on a number.
 * bench/concurrency.mjs also measures the native stack (scripts/native.mjs), which it starts
 * and stops itself.
 *
 * `npm run bench -- --only=page-weight,engine` runs only those benchmarks; every other argument
 * is passed on to each benchmark (e.g. `--runs=5`).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getStatus, start, stop } from '../scripts/wp.mjs';

const HERE = path.dirname( fileURLToPath( import.meta.url ) );
const BENCHMARKS = [
	'engine.mjs',
	'engine-dom.mjs',
	'page-weight.mjs',
	'upload.mjs',
	'export.mjs',
	'payments-sdk.mjs',
	// The payment field on the native stack + the sandbox (both started and stopped by the script).
	'payments.mjs',
	// The native stack (started and stopped by the script itself) next to this Playground site.
	'concurrency.mjs',
];

const ONLY = process.argv
	.find( ( a ) => a.startsWith( '--only=' ) )
	?.slice( '--only='.length )
	.split( ',' )
	.map( ( name ) => name.trim().replace( /\.mjs$/, '' ) + '.mjs' );
const ARGS = process.argv
	.slice( 2 )
	.filter( ( a ) => ! a.startsWith( '--only=' ) );

async function main() {
	const benchmarks = ONLY
		? BENCHMARKS.filter( ( bench ) => ONLY.includes( bench ) )
		: BENCHMARKS;
	if ( ONLY && benchmarks.length !== ONLY.length ) {
		throw new Error(
			`--only: unknown benchmark (known: ${ BENCHMARKS.join( ', ' ) })`
		);
	}
	const status = await getStatus();
	let startedHere = false;
	let url = status.url;
	if ( ! status.running ) {
		( { url, started: startedHere } = await start() );
	}
	let failed = 0;
	try {
		for ( const bench of benchmarks ) {
			console.log( `\n=== bench/${ bench }` );
			const r = spawnSync(
				process.execPath,
				[ path.join( HERE, bench ), ...ARGS ],
				{
					stdio: 'inherit',
					env: { ...process.env, WP_BASE_URL: url },
				}
			);
			failed += r.status === 0 ? 0 : 1;
		}
	} finally {
		if ( startedHere && ! process.env.KEEP_WP ) {
			await stop();
		}
	}
	return failed ? 1 : 0;
}

main().then(
	( code ) => process.exit( code ),
	( error ) => {
		console.error( error );
		process.exit( 1 );
	}
);
