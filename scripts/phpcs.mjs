#!/usr/bin/env node
/**
 * WordPress coding standards: runs PHP_CodeSniffer from vendor/ (`composer install`) with the
 * project's phpcs.xml.dist (WPCS 2.3, the WordPress standard) over plugin/ and tests/php/.
 *
 *   node scripts/phpcs.mjs                       everything phpcs.xml.dist lists
 *   node scripts/phpcs.mjs plugin/src/Admin      chosen files or folders
 *   node scripts/phpcs.mjs --fix [paths]         run phpcbf (the automatic fixer) instead
 *
 * Prints the full report and a summary, writes artifacts/phpcs.json, and ends with one line
 * `phpcs: N errors, N warnings in N files (N files checked)`. Exits 0 only when nothing at all was
 * found (warnings fail too); exits 1 on findings and 2 when vendor/ is missing or phpcs broke.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'..'
);
const args = process.argv.slice( 2 );
const fix = args.includes( '--fix' );
const rest = args.filter( ( a ) => a !== '--fix' );
const tool = path.join( root, 'vendor', 'bin', fix ? 'phpcbf' : 'phpcs' );

if ( ! existsSync( tool ) ) {
	console.error(
		`phpcs: ${ path.relative(
			root,
			tool
		) } is missing. Run \`composer install\` first (it installs PHP_CodeSniffer and WPCS into vendor/).`
	);
	process.exit( 2 );
}

if ( fix ) {
	const result = spawnSync( 'php', [ tool, ...rest ], {
		cwd: root,
		stdio: 'inherit',
	} );
	// phpcbf: 0 nothing to fix, 1 all fixed, 2 some left unfixed, 3 error.
	process.exit( result.status === 0 || result.status === 1 ? 0 : 1 );
}

mkdirSync( path.join( root, 'artifacts' ), { recursive: true } );
const jsonReport = path.join( root, 'artifacts', 'phpcs.json' );
// A report left by an earlier run must not stand in for this one.
rmSync( jsonReport, { force: true } );
const result = spawnSync(
	'php',
	[
		tool,
		'--report-full',
		'--report-summary',
		`--report-json=${ jsonReport }`,
		...( process.stdout.isTTY ? [ '--colors' ] : [] ),
		...rest,
	],
	{ cwd: root, stdio: 'inherit' }
);

let report = null;
try {
	report = JSON.parse( readFileSync( jsonReport, 'utf8' ) );
} catch {
	report = null;
}
if ( result.status === null || ! report ) {
	console.error(
		`phpcs: did not complete (exit ${ result.status }, signal ${ result.signal }); no report was written.`
	);
	process.exit( 2 );
}
const { errors, warnings } = report.totals;
const withFindings = Object.values( report.files ).filter(
	( f ) => f.errors + f.warnings > 0
).length;
const checked = Object.keys( report.files ).length;
console.log(
	`phpcs: ${ errors } errors, ${ warnings } warnings in ${ withFindings } files (${ checked } files checked)`
);
if ( checked === 0 ) {
	console.error( 'phpcs: no file was checked; check the paths given.' );
	process.exit( 2 );
}
process.exit( errors + warnings > 0 || result.status !== 0 ? 1 : 0 );
