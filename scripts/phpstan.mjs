#!/usr/bin/env node
/**
 * Static analysis: runs PHPStan from vendor/ (`composer install`) with phpstan.neon.dist over the
 * plugin (plugin/), with WordPress's functions and classes from php-stubs/wordpress-stubs.
 *
 *   node scripts/phpstan.mjs                          the paths phpstan.neon.dist lists
 *   node scripts/phpstan.mjs plugin/src/Admin         chosen paths
 *   node scripts/phpstan.mjs --level=8                other PHPStan options pass through
 *
 * Ends with one line `phpstan: N errors (level L)`; exits 0 only when PHPStan found nothing,
 * 1 on findings and 2 when vendor/ is missing or PHPStan could not run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'..'
);
const tool = path.join( root, 'vendor', 'bin', 'phpstan' );
if ( ! existsSync( tool ) ) {
	console.error(
		'phpstan: vendor/bin/phpstan is missing. Run `composer install` first (it installs PHPStan and the WordPress stubs into vendor/).'
	);
	process.exit( 2 );
}

const args = process.argv.slice( 2 );
const levelArg = args.find( ( a ) => a.startsWith( '--level=' ) );
const configLevel = /^\s*level:\s*(\S+)/m.exec(
	readFileSync( path.join( root, 'phpstan.neon.dist' ), 'utf8' )
);
const level = levelArg
	? levelArg.slice( '--level='.length )
	: ( configLevel?.[ 1 ] ?? '?' );

const result = spawnSync(
	'php',
	[
		tool,
		'analyse',
		'--configuration=phpstan.neon.dist',
		'--memory-limit=1G',
		'--no-progress',
		'--no-interaction',
		'--error-format=json',
		...args,
	],
	{ cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }
);

let report = null;
try {
	report = JSON.parse( result.stdout );
} catch {
	report = null;
}
if ( ! report ) {
	process.stdout.write( result.stdout ?? '' );
	process.stderr.write( result.stderr ?? '' );
	console.error(
		`phpstan: did not complete (exit ${ result.status }, signal ${ result.signal }).`
	);
	process.exit( 2 );
}

// A readable report: one block per file, one line per finding with its identifier.
let count = 0;
for ( const [ file, { messages } ] of Object.entries( report.files ) ) {
	console.log( `\n${ path.relative( root, file ) }` );
	for ( const m of messages ) {
		count++;
		const id = m.identifier ? `  [${ m.identifier }]` : '';
		console.log(
			`  ${ String( m.line ?? '-' ).padStart( 5 ) }  ${ m.message }${ id }`
		);
		if ( m.tip ) {
			console.log( `         tip: ${ m.tip.replace( /\s+/g, ' ' ) }` );
		}
	}
}
for ( const e of report.errors ?? [] ) {
	count++;
	console.log( `\n  ${ e }` );
}
const files = Object.keys( report.files ).length;
console.log(
	`\nphpstan: ${ count } errors${
		files ? ` in ${ files } files` : ''
	} (level ${ level })`
);
process.exit( count > 0 || result.status !== 0 ? 1 : 0 );
