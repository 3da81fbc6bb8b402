#!/usr/bin/env node
/**
 * Engine benchmark (Node): a generated form of 1,000 fields, 500 rules and 100 formulas. Prints
 * the median and p95 time per input change and how many nodes each change re-evaluates (rules
 * and formulas are re-evaluated only for the dependents of the change). Figures, no assertions.
 *
 * The TypeScript engine is compiled with tsc into artifacts/bench-engine first.
 *
 * Usage: node bench/engine.mjs [--changes=2000]
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

/**
 * 1,000 fields: 400 text inputs, 500 text fields with one rule each (reading an input), and 100
 * calculated numbers each reading two inputs and the previous formula (a chain).
 */
function generateForm() {
	const fields = [];
	for ( let i = 1; i <= 400; i++ ) {
		fields.push( { id: i, type: 'number', label: `Input ${ i }` } );
	}
	for ( let i = 0; i < 500; i++ ) {
		fields.push( {
			id: 401 + i,
			type: 'text',
			label: `Shown ${ i }`,
			conditionalLogic: {
				actionType: 'show',
				logicType: 'all',
				rules: [
					{
						fieldId: String( 1 + ( i % 400 ) ),
						operator: '>',
						value: '5',
					},
				],
			},
		} );
	}
	for ( let i = 0; i < 100; i++ ) {
		const previous = i === 0 ? '' : ` + {:${ 900 + i }}`;
		fields.push( {
			id: 901 + i,
			type: 'number',
			label: `Formula ${ i }`,
			enableCalculation: true,
			calculationFormula: `{:${ 1 + ( ( i * 7 ) % 400 ) }} * {:${ 1 + ( ( i * 13 ) % 400 ) }}${ previous }`,
			calculationRounding: 2,
		} );
	}
	return { title: 'Bench', fields };
}

const percentile = ( sorted, p ) =>
	sorted[
		Math.min( sorted.length - 1, Math.floor( ( p / 100 ) * sorted.length ) )
	];

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
	counts.push( result.evaluated );
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
console.log( '  Not measured yet: input-to-DOM time in Chromium.' );
