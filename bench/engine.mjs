#!/usr/bin/env node
/**
 * Engine benchmark (Node): a generated form of 1,000 fields, 500 rules and 100 formulas. Prints
 * the median and p95 time per input change and how many nodes each change re-evaluates (rules
 * and formulas are re-evaluated only for the dependents of the change). Figures, no assertions.
 *
 * The form comes from bench/bench-form.mjs, shared with bench/engine-dom.mjs (input-to-DOM time
 * in Chromium). The TypeScript engine is compiled with tsc into artifacts/bench-engine first.
 *
 * Usage: node bench/engine.mjs [--changes=2000]
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateForm, percentile } from './bench-form.mjs';

const ROOT = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'..'
);
const OUT = path.join( ROOT, 'artifacts', 'bench-engine' );
const CHANGES = Number(
	(
		process.argv.find( ( a ) => a.startsWith( '--changes=' ) ) ?? '=2000'
	).split( '=' )[ 1 ]
);

const tsc = spawnSync(
	process.execPath,
	[
		path.join( ROOT, 'node_modules', 'typescript', 'bin', 'tsc' ),
		'-p',
		path.join( ROOT, 'assets-src', 'forms-engine', 'tsconfig.json' ),
		'--noEmit',
		'false',
		'--outDir',
		OUT,
		'--module',
		'commonjs',
		'--moduleResolution',
		'node',
		'--isolatedModules',
		'false',
	],
	{ stdio: 'inherit' }
);
if ( tsc.status !== 0 ) {
	process.exit( 1 );
}
const engine = createRequire( import.meta.url )(
	path.join( OUT, 'assets-src', 'forms-engine', 'index.js' )
);

const form = generateForm();
let t = process.hrtime.bigint();
const prepared = engine.prepareForm( form );
let evaluation = engine.evaluateForm( prepared, {} );
const prepareMs = Number( process.hrtime.bigint() - t ) / 1e6;

const entered = {};
const times = [];
const counts = [];
for ( let i = 0; i < CHANGES; i++ ) {
	const id = 1 + ( ( i * 37 ) % 400 );
	entered[ id ] = String( i % 11 );
	t = process.hrtime.bigint();
	const result = engine.reevaluate( prepared, entered, evaluation, id );
	times.push( Number( process.hrtime.bigint() - t ) / 1e6 );
	counts.push( result.nodes.length );
	evaluation = result.evaluation;
}
times.sort( ( a, b ) => a - b );
counts.sort( ( a, b ) => a - b );
console.log( 'Engine (Node): 1,000 fields, 500 rules, 100 formulas' );
console.log(
	`  prepare + first full evaluation: ${ prepareMs.toFixed( 1 ) } ms`
);
console.log(
	`  per input change (${ CHANGES } changes): median ${ percentile( times, 50 ).toFixed( 3 ) } ms, p95 ${ percentile( times, 95 ).toFixed( 3 ) } ms`
);
console.log(
	`  nodes re-evaluated per change: median ${ percentile( counts, 50 ) }, p95 ${ percentile( counts, 95 ) }, max ${ counts[ counts.length - 1 ] } (of ${ form.fields.length + 1 })`
);
console.log(
	'  Targets: p95 under 1 ms per change; evaluations proportional to the dependents of the change.'
);
console.log(
	'  Input-to-DOM time in Chromium for the same form: bench/engine-dom.mjs.'
);
