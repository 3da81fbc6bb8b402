#!/usr/bin/env node
/**
 * Runs the parallel tests (tests/parallel/*.test.mjs) against the native stack: php-fpm with
 * several workers and MariaDB behind nginx (scripts/native.mjs), which is started (fresh) when it
 * does not run and stopped again afterwards in that case (KEEP_WP=1 keeps it).
 *
 *     node tests/parallel/run.mjs [test files ...]        (npm run test:parallel)
 *
 * Files run one after another (each one is parallel inside); the report is JUnit,
 * artifacts/parallel-results.xml, plus the spec reporter on the terminal.
 *
 * Knobs: KESTREL_PARALLEL_N (concurrent submissions, default 50), KESTREL_PARALLEL_PAY_N and
 * KESTREL_PARALLEL_PAY_ROUNDS (same-key payments, default 8 × 4), KESTREL_PARALLEL_ROUNDS
 * (same-key rounds, default 5), KESTREL_PARALLEL_UPLOAD_ROUNDS (default 200), KESTREL_PARALLEL_LAST_ROUNDS (default 10), KESTREL_PARALLEL_UPLOAD_BATCH (default 4).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, start, status, stop } from '../../scripts/native.mjs';

const FILES = [
	'submissions.test.mjs',
	'uploads.test.mjs',
	'nginx.test.mjs',
	'payments.test.mjs',
];
const REPORT = path.join( ROOT, 'artifacts', 'parallel-results.xml' );

async function main() {
	const before = await status();
	const startedHere = ! before.running;
	if ( startedHere ) {
		await start( { fresh: true } );
	}
	fs.mkdirSync( path.dirname( REPORT ), { recursive: true } );
	fs.rmSync( REPORT, { force: true } );
	const files = process.argv.slice( 2 ).length
		? process.argv.slice( 2 )
		: FILES.map( ( f ) => path.join( 'tests', 'parallel', f ) );
	let code;
	try {
		const r = spawnSync(
			process.execPath,
			[
				'--test',
				'--test-concurrency=1',
				'--test-reporter=spec',
				'--test-reporter-destination=stdout',
				'--test-reporter=junit',
				`--test-reporter-destination=${ REPORT }`,
				...files,
			],
			{ cwd: ROOT, stdio: 'inherit' }
		);
		code = r.status ?? 1;
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
		// eslint-disable-next-line no-console
		console.error( `Error: ${ error.message ?? error }` );
		process.exit( 1 );
	}
);
