#!/usr/bin/env node
/**
 * `npm run bench`: runs every benchmark against a real WordPress, starting it when it is not
 * running and stopping it afterwards in that case. Prints figures; never fails on a number.
 * bench/concurrency.mjs also measures the native stack (scripts/native.mjs), which it starts
 * and stops itself.
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

async function main() {
	const status = await getStatus();
	let startedHere = false;
	let url = status.url;
	if ( ! status.running ) {
		( { url, started: startedHere } = await start() );
	}
	let failed = 0;
	try {
		for ( const bench of BENCHMARKS ) {
			console.log( `\n=== bench/${ bench }` );
			const r = spawnSync(
				process.execPath,
				[ path.join( HERE, bench ), ...process.argv.slice( 2 ) ],
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
