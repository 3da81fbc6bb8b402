#!/usr/bin/env node
/**
 * Page weight and Lighthouse-style figures of issue 19's scenarios (npm run bench).
 *
 * Prints figures and the budgets next to them, asserts nothing (exits 0 whatever the figures).
 * The scenarios (bench/scenarios.mjs): a full-feature form (budget 60 KB), a plain contact form
 * (45 KB), a page without a form (0 bytes of ours), the demo page.
 *
 * Weight: "loaded because of the plugin" = every JS and CSS file, and every inline script and
 * style, a page loads that the same page without a form does not while the plugin is inactive
 * (so WordPress script dependencies such as React and api-fetch are included, theme assets are
 * not, and anything the plugin printed on every page would show). Sizes are the bytes served,
 * and their gzip size at level 6 (what web servers usually use), split into our files
 * (plugins/kestrel-forms/), WordPress's files, and inline scripts and styles.
 *
 * Page figures (bench/vitals.mjs): FCP, when the first input of ours is typeable, TBT and CLS,
 * the median of several cold loads with the CPU throttled 4×.
 *
 * Time to interactive (demo page, as before issue 19) = navigation start until the form's
 * container gets data-kestrel-ready (set once React has rendered and handlers are attached), the
 * median of several cold loads, CPU not throttled.
 *
 * Usage: node bench/page-weight.mjs [--runs=7] [--vitals-runs=5]  (WordPress must be running: npm start)
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { RequestUtils } from '@wordpress/e2e-test-utils-playwright';
import { PLUGIN_SLUG } from '../scripts/wp.mjs';
import { CHROMIUM_LAUNCH_OPTIONS } from './chromium.mjs';
import { createScenarios } from './scenarios.mjs';
import { visitorContext } from './visitor.mjs';
import { VITALS_METHOD, vitalsOf } from './vitals.mjs';

/**
 * A numeric command-line option.
 *
 * @param {string} name     Option name, without the dashes.
 * @param {number} fallback Value when it is not given.
 */
const option = ( name, fallback ) =>
	Number(
		(
			process.argv.find( ( a ) => a.startsWith( `--${ name }=` ) ) ??
			`=${ fallback }`
		).split( '=' )[ 1 ]
	);
const RUNS = option( 'runs', 7 );
const VITALS_RUNS = option( 'vitals-runs', 5 );
const BASE_URL = process.env.WP_BASE_URL ?? 'http://localhost:8888';

/**
 * Records every JS/CSS file downloaded over HTTP(S) in one cold page load.
 *
 * @param {import('@playwright/test').Browser} browser Browser.
 * @param {string}                             url     Page URL.
 * @return {Promise<Map<string, Buffer>>} Body by URL.
 */
async function assetsOf( browser, url ) {
	const context = await visitorContext( browser, url );
	const page = await context.newPage();
	const bodies = new Map();
	const pending = [];
	page.on( 'response', ( response ) => {
		const type = response.request().resourceType();
		// Only what came over the network: a `blob:` or `data:` URL is made by a script
		// already counted, not a download of its own.
		const fetched = /^https?:/.test( response.url() );
		if ( fetched && ( type === 'script' || type === 'stylesheet' ) ) {
			pending.push(
				response
					.body()
					.then( ( body ) => bodies.set( response.url(), body ) )
					.catch( () => {} )
			);
		}
	} );
	const navigation = await page.goto( url, { waitUntil: 'load' } );
	// Scripts added after `load` (WordPress's emoji loader fetches wp-emoji-release.min.js once
	// the DOM is ready, sometimes after `load`) count too, on every page alike.
	await page
		.waitForLoadState( 'networkidle', { timeout: 10_000 } )
		.catch( () => {} );
	await Promise.all( pending );
	// Inline scripts and styles as the server printed them (the HTML the page got, before any
	// script ran), each keyed by its text so that the ones every page has (the theme's,
	// WordPress's) cancel out.
	const html = await navigation.text();
	for ( const [ , tag, body ] of html.matchAll(
		/<(script|style)\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/\1>/gi
	) ) {
		if ( body.trim() ) {
			bodies.set(
				`inline:${ tag.toLowerCase() }:${ body }`,
				Buffer.from( body )
			);
		}
	}
	await context.close();
	return bodies;
}

/**
 * Milliseconds from navigation start until the form is interactive, for one cold load.
 *
 * @param {import('@playwright/test').Browser} browser Browser.
 * @param {string}                             url     Page URL.
 */
async function timeToInteractive( browser, url ) {
	const context = await visitorContext( browser, url );
	const page = await context.newPage();
	await page.addInitScript( () => {
		new window.MutationObserver( ( _, observer ) => {
			if ( document.querySelector( '[data-kestrel-ready]' ) ) {
				window.__kestrelReadyAt = window.performance.now();
				observer.disconnect();
			}
		} ).observe( document, {
			subtree: true,
			attributes: true,
			attributeFilter: [ 'data-kestrel-ready' ],
		} );
	} );
	await page.goto( url, { waitUntil: 'load' } );
	await page.waitForSelector( '[data-kestrel-ready]' );
	const timing = await page.evaluate( () => {
		const nav = window.performance.getEntriesByType( 'navigation' )[ 0 ];
		return {
			ready: window.__kestrelReadyAt,
			responseEnd: nav.responseEnd,
			domContentLoaded: nav.domContentLoadedEventEnd,
		};
	} );
	await context.close();
	return timing;
}

/**
 * Whose a file is: `inline` (a script or style printed in the HTML), `plugin` (our build/) or
 * `WordPress` (anything else: core's scripts our scripts depend on).
 *
 * @param {string} key URL, or `inline:<tag>:<text>`.
 */
function kindOf( key ) {
	if ( key.startsWith( 'inline:' ) ) {
		return 'inline';
	}
	return /\/plugins\/kestrel-forms\//.test( key ) ? 'plugin' : 'WordPress';
}

/**
 * The JS and CSS a page loads that the baseline page does not, largest first.
 *
 * @param {Map<string, Buffer>} page     The page's files.
 * @param {Map<string, Buffer>} baseline The files of the page without a form.
 * @return {{file: string, kind: string, raw: number, gzip: number}[]} One row per file; `kind`
 * is `plugin`, `WordPress` or `inline`.
 */
function addedBy( page, baseline ) {
	return [ ...page ]
		.filter( ( [ url ] ) => ! baseline.has( url ) )
		.map( ( [ url, body ] ) => {
			const inline = url.startsWith( 'inline:' );
			return {
				file: inline
					? `(inline ${ url.split( ':' )[ 1 ] }: ${ body
							.toString()
							.trim()
							.slice( 0, 40 )
							.replace( /\s+/g, ' ' ) }…)`
					: new URL( url ).pathname.replace(
							/^.*\/wp-(content|includes)\//,
							'wp-$1/'
						),
				kind: kindOf( url ),
				raw: body.length,
				gzip: zlib.gzipSync( body, { level: 6 } ).length,
			};
		} )
		.sort( ( a, b ) => b.gzip - a.gzip );
}

/**
 * Gzip bytes and file count of the rows of one kind (all rows without a kind).
 *
 * @param {{kind: string, gzip: number}[]} rows   Rows of addedBy().
 * @param {string}                         [kind] Kind.
 */
function sum( rows, kind ) {
	const picked = rows.filter( ( r ) => ! kind || r.kind === kind );
	return {
		gzip: picked.reduce( ( t, r ) => t + r.gzip, 0 ),
		raw: picked.reduce( ( t, r ) => t + r.raw, 0 ),
		count: picked.length,
	};
}

const median = ( values ) => {
	const sorted = [ ...values ].sort( ( a, b ) => a - b );
	const mid = Math.floor( sorted.length / 2 );
	return sorted.length % 2
		? sorted[ mid ]
		: ( sorted[ mid - 1 ] + sorted[ mid ] ) / 2;
};
const kb = ( bytes ) => ( bytes / 1024 ).toFixed( 1 ).padStart( 7 ) + ' KB';

/**
 * Whether a gzip total meets a scenario's budget, as printed.
 *
 * @param {number}      bytes       Gzip bytes.
 * @param {number|null} budgetBytes Budget, null for none.
 */
function verdict( bytes, budgetBytes ) {
	if ( budgetBytes === null ) {
		return '';
	}
	if ( bytes <= budgetBytes ) {
		return 'met';
	}
	return budgetBytes === 0
		? `NOT met (${ bytes } bytes of ours)`
		: `NOT met (${ kb( bytes - budgetBytes ).trim() } over)`;
}

/**
 * The files of a page without a form while the plugin is inactive: the baseline every page is
 * compared with. The plugin is reactivated whatever happens.
 *
 * @param {RequestUtils}                       requestUtils As admin.
 * @param {import('@playwright/test').Browser} browser      Browser.
 * @param {string}                             url          The page without a form.
 * @return {Promise<{files: Map<string, Buffer>, inactive: boolean, why?: string}>} `inactive`
 * is false when the plugin could not be deactivated (the files are then those with the plugin
 * active, and `why` says why).
 */
async function baselineOf( requestUtils, browser, url ) {
	try {
		await requestUtils.deactivatePlugin( PLUGIN_SLUG );
	} catch ( error ) {
		return {
			files: await assetsOf( browser, url ),
			inactive: false,
			why: error?.message ?? String( error ),
		};
	}
	try {
		return { files: await assetsOf( browser, url ), inactive: true };
	} finally {
		await requestUtils.activatePlugin( PLUGIN_SLUG );
	}
}

/**
 * Prints the weight of one scenario and returns its rows.
 *
 * @param {import('./scenarios.mjs').Scenario} scenario The scenario.
 * @param {Map<string, Buffer>}                files    Its page's files.
 * @param {Map<string, Buffer>}                baseline The baseline's files.
 */
function printWeight( scenario, files, baseline ) {
	const rows = addedBy( files, baseline );
	const all = sum( rows );
	const plugin = sum( rows, 'plugin' );
	const wordpress = sum( rows, 'WordPress' );
	const inline = sum( rows, 'inline' );
	const js = rows
		.filter(
			( r ) =>
				r.file.endsWith( '.js' ) ||
				r.file.startsWith( '(inline script' )
		)
		.reduce( ( t, r ) => t + r.gzip, 0 );
	console.log( `\n${ scenario.title }` );
	console.log( `  ${ scenario.url }` );
	console.log(
		`  JS+CSS gzip: ${ kb( all.gzip ).trim() } = plugin ${ kb(
			plugin.gzip
		).trim() } (${ plugin.count } files) + WordPress ${ kb(
			wordpress.gzip
		).trim() } (${ wordpress.count } files) + inline ${ kb(
			inline.gzip
		).trim() } (${ inline.count }); JS ${ kb( js ).trim() }`
	);
	console.log(
		`  Budget ${ scenario.budgetText }${
			scenario.budgetBytes === null
				? ''
				: `: ${ verdict( all.gzip, scenario.budgetBytes ) }`
		}`
	);
	if ( scenario.hasForm ) {
		const fieldScripts = rows
			.map( ( r ) => r.file.split( '/' ).pop() )
			.filter( ( f ) => /^form-(?!view)[a-z]+\.js$/.test( f ) );
		console.log(
			`  Field scripts: ${ fieldScripts.join( ', ' ) || 'none' }`
		);
	}
	for ( const row of rows ) {
		console.log(
			`  ${ kb( row.raw ) } raw ${ kb( row.gzip ) } gzip  ${ row.file }`
		);
	}
	return rows;
}

/**
 * Prints the page figures of every scenario: the median of VITALS_RUNS cold loads each, with
 * the lowest and highest in brackets.
 *
 * @param {import('@playwright/test').Browser}   browser   Browser.
 * @param {import('./scenarios.mjs').Scenario[]} scenarios The scenarios.
 */
async function printVitals( browser, scenarios ) {
	console.log(
		`\nPage figures, median of ${ VITALS_RUNS } cold loads [lowest–highest] after one warm-up load each:`
	);
	console.log( `  (${ VITALS_METHOD })` );
	console.log(
		'  ms are from navigation start; "after HTML" subtracts the time to the last byte of the HTML (WordPress in WebAssembly is slow and uneven to answer; negative when the browser painted before that byte)'
	);
	for ( const scenario of scenarios ) {
		await vitalsOf( browser, scenario.url ); // Warm-up: PHP code paths, not measured.
		const runs = [];
		for ( let i = 0; i < VITALS_RUNS; i++ ) {
			runs.push( await vitalsOf( browser, scenario.url ) );
		}
		const figure = ( pick, format ) => {
			const values = runs.map( pick );
			if ( values.some( ( v ) => v === null || v === undefined ) ) {
				return null;
			}
			return `${ format( median( values ) ) } [${ format(
				Math.min( ...values )
			) }–${ format( Math.max( ...values ) ) }]`;
		};
		const ms = ( v ) => `${ v.toFixed( 0 ) } ms`;
		const shift = ( v ) => v.toFixed( 3 );
		const after = ( key ) => ( r ) =>
			r[ key ] === null ? null : r[ key ] - r.responseEnd;
		const lines = [
			[ 'FCP', figure( ( r ) => r.fcp, ms ) ],
			[ 'FCP after HTML', figure( after( 'fcp' ), ms ) ],
			...( scenario.hasForm
				? [
						[ 'Typeable', figure( ( r ) => r.typeable, ms ) ],
						[
							'Typeable after HTML',
							figure( after( 'typeable' ), ms ),
						],
					]
				: [] ),
			[
				'TBT',
				figure( ( r ) => r.tbt, ms ) &&
					`${ figure( ( r ) => r.tbt, ms ) }, long tasks ${ figure(
						( r ) => r.longTasks,
						( v ) => v.toFixed( 0 )
					) }`,
			],
			[
				'CLS',
				figure( ( r ) => r.cls, shift ) &&
					`${ figure( ( r ) => r.cls, shift ) } (${ figure(
						( r ) => r.clsWindow,
						shift
					) })`,
			],
		];
		console.log( `  ${ scenario.title }` );
		for ( const [ name, value ] of lines ) {
			console.log(
				`    ${ name.padEnd( 20 ) } ${
					value ?? 'not measured (see below)'
				}`
			);
		}
		// Where the shifts come from: each element that moved most in a load, how often.
		const sources = new Map();
		for ( const { clsSource } of runs ) {
			if ( clsSource ) {
				const seen = sources.get( clsSource.element ) ?? {
					loads: 0,
					value: 0,
				};
				sources.set( clsSource.element, {
					loads: seen.loads + 1,
					value: Math.max( seen.value, clsSource.value ),
				} );
			}
		}
		if ( sources.size ) {
			console.log(
				`    largest shift: ${ [ ...sources ]
					.map(
						( [ element, { loads, value } ] ) =>
							`${ element } (${ loads } of ${
								runs.length
							} loads, up to ${ value.toFixed( 3 ) })`
					)
					.join( '; ' ) }`
			);
		}
		const why = [ ...new Set( runs.flatMap( ( r ) => r.why ) ) ];
		for ( const reason of why ) {
			console.log( `    note: ${ reason }` );
		}
	}
}

async function main() {
	const requestUtils = await RequestUtils.setup( {
		user: { username: 'admin', password: 'password' },
		baseURL: BASE_URL,
		storageStatePath: 'artifacts/storage-states/bench-admin.json',
	} );
	const { scenarios, cleanup } = await createScenarios( requestUtils );
	const byKey = Object.fromEntries( scenarios.map( ( s ) => [ s.key, s ] ) );

	const browser = await chromium.launch( CHROMIUM_LAUNCH_OPTIONS );
	try {
		const baseline = await baselineOf(
			requestUtils,
			browser,
			byKey.none.url
		);
		console.log(
			baseline.inactive
				? 'JS and CSS loaded because of the plugin: what a page loads that the page without a form does not while the plugin is inactive (WordPress dependencies and inline scripts and styles included; gzip level 6 of the bytes served).'
				: `JS and CSS loaded because of the plugin, compared with the page without a form WITH the plugin active (it could not be deactivated: ${ baseline.why }), so anything the plugin printed on every page is not seen.`
		);
		const filesOf = {};
		for ( const scenario of scenarios ) {
			filesOf[ scenario.key ] = await assetsOf( browser, scenario.url );
			printWeight( scenario, filesOf[ scenario.key ], baseline.files );
		}
		console.log(
			"\n  Direction: under Gravity Forms' 196 KB gzip for a complete form; Fluent Forms 90, Formidable 100 (issue 19)."
		);

		// Issue 13: the payments SDK and the payment field script load only with a payment field.
		const paymentScripts = scenarios.flatMap( ( s ) =>
			[ ...filesOf[ s.key ].keys() ].filter( ( url ) =>
				/\/v1\/square\.js|payment-field\.js/.test( url )
			)
		);
		console.log(
			`  Payment scripts on these pages (none has a payment field): ${
				paymentScripts.length ? paymentScripts.join( ', ' ) : 'none'
			}`
		);
		// What a payment page adds on top (besides the provider's SDK): the payment field script,
		// which carries the field's elements and controller that form-view leaves out.
		const fieldScript = new URL(
			'../build/payment-field.js',
			import.meta.url
		);
		if ( fs.existsSync( fieldScript ) ) {
			const body = fs.readFileSync( fieldScript );
			console.log(
				`  ${ kb( body.length ) } raw ${ kb(
					zlib.gzipSync( body, { level: 6 } ).length
				) } gzip  build/payment-field.js (lazy: only on pages with a payment field, in none of the totals)`
			);
		}

		await printVitals( browser, scenarios );

		const demo = byKey.demo.url;
		await timeToInteractive( browser, demo ).catch( () => {} ); // Warm-up, not measured.
		const runs = [];
		try {
			for ( let i = 0; i < RUNS; i++ ) {
				runs.push( await timeToInteractive( browser, demo ) );
			}
		} catch ( error ) {
			console.log(
				`\nTime to interactive of the demo page: not measured (${
					error.message.split( '\n' )[ 0 ]
				}; it waits for [data-kestrel-ready] on the form's container)`
			);
		}
		if ( runs.length === RUNS ) {
			const ready = median( runs.map( ( r ) => r.ready ) );
			const html = median( runs.map( ( r ) => r.responseEnd ) );
			console.log(
				`\nTime to interactive of the demo page (median of ${ RUNS } cold loads, headless Chromium, CPU not throttled):`
			);
			console.log(
				`  ${ ready
					.toFixed( 0 )
					.padStart( 6 ) } ms  navigation start -> form interactive`
			);
			console.log(
				`  ${ html
					.toFixed( 0 )
					.padStart(
						6
					) } ms  of which waiting for the HTML (WordPress in WebAssembly is slow to answer)`
			);
			console.log(
				`  ${ ( ready - html )
					.toFixed( 0 )
					.padStart( 6 ) } ms  HTML received -> form interactive`
			);
		}
	} finally {
		await browser.close();
		await cleanup();
	}
}

main().catch( ( error ) => {
	console.error( error );
	process.exit( 1 );
} );
