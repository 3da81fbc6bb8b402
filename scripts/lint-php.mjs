#!/usr/bin/env node
/**
 * PHP syntax check (php -l) of every PHP file in plugin/, tests/php/, tests/e2e/plugins/ and bench/.
 * Prints one line per failing file and a count; exits 1 when any file fails.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(
	path.dirname( new URL( import.meta.url ).pathname ),
	'..'
);

function* phpFiles( dir ) {
	if ( ! fs.existsSync( dir ) ) {
		return;
	}
	for ( const entry of fs.readdirSync( dir, { withFileTypes: true } ) ) {
		const full = path.join( dir, entry.name );
		if (
			entry.isDirectory() &&
			entry.name !== 'vendor' &&
			entry.name !== 'node_modules'
		) {
			yield* phpFiles( full );
		} else if ( entry.isFile() && entry.name.endsWith( '.php' ) ) {
			yield full;
		}
	}
}

const files = [ 'plugin', 'tests/php', 'tests/e2e/plugins', 'bench' ].flatMap(
	( d ) => [ ...phpFiles( path.join( ROOT, d ) ) ]
);
let failed = 0;
for ( const file of files ) {
	const result = spawnSync( 'php', [ '-d', 'display_errors=1', '-l', file ], {
		encoding: 'utf8',
	} );
	if ( result.status !== 0 ) {
		failed++;
		process.stdout.write( result.stdout + result.stderr );
	}
}
console.log(
	`php -l: ${ files.length - failed } of ${ files.length } files OK`
);
process.exit( failed ? 1 : 0 );
