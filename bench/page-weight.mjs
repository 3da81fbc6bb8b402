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
 * (so WordPress script dependencies such as React are included, theme assets are
 * not, and anything the plugin printed on every page would show). Sizes are the bytes served,
 * and their gzip size at level 6 (what web servers usually use), split into our files
 * (plugins/kestrel-forms/), WordPress's files, and inline scripts and styles.
 *
 * The form's scripts wait for the visitor's intent (Assets::print_on_intent,
 * forms-ui/on-intent.ts), so each scenario is weighed twice in one cold load:
 * (a) at load: what the page downloads before the visitor does anything (`load`, then network
 *     idle);
 * (b) after the first sign of intent: then the pointer moves over the first form, and
 *     everything downloaded by the time the form is ready (data-kestrel-ready) and the network
 *     idle again, (a) included. The budgets are printed next to both.
 * Inline scripts and styles are counted from the HTML as the server sent it. A <script src>
 * is never counted as inline, in the template of scripts waiting for intent neither: it
 * counts in (b), once downloaded. The template's inline scripts (translations, data) are
 * bytes of the HTML the page downloads at load, so they count in (a) and (b) alike.
 *
 * Page figures (bench/vitals.mjs): FCP, when the first input of ours is typeable, TBT and CLS,
 * the median of several cold loads with the CPU throttled 4×; after the load, the pointer
 * moves over the form, and CLS also covers the form's hydration (TBT after the hover apart).
 *
 * Time to interactive (demo page) = navigation start until the form's container gets
 * data-kestrel-ready (set once React has rendered and handlers are attached), the pointer moving
 * over the form as soon as `load` has fired; also from that hover to ready. The median of
 * several cold loads, CPU not throttled. The page figures also give a TTI by Lighthouse's rule
 * (bench/vitals.mjs). Then the demo page is measured again with its scripts loading with the
 * page, as every form did before they waited for intent (a switch of the test-only bench probe
 * plugin, `?kestrel_bench_scripts=with-page`): the figures to compare with.
 *
 * Usage: node bench/page-weight.mjs [--runs=7] [--vitals-runs=5]  (WordPress must be running: npm start)
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { RequestUtils } from '@wordpress/e2e-test-utils-playwright';
import { PLUGIN_SLUG } from '../scripts/wp.mjs';
import { CHROMIUM_LAUNCH_OPTIONS } from './chromium.mjs';
import { switchProbe } from './probe.mjs';
import { createScenarios } from './scenarios.mjs';
import { visitorContext } from './visitor.mjs';
import { observe, VITALS_METHOD, vitalsOf } from './vitals.mjs';

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
 * Records every JS/CSS file one cold page load downloads, at load and after the first sign of
 * intent: first until `load` and network idle (what the page downloads before the visitor does
 * anything), then, on a page with a form, the pointer moves over the first form, and everything
 * downloaded until the form is ready (`[data-kestrel-ready]`) and the network is idle again.
 *
 * @param {import('@playwright/test').Browser} browser  Browser.
 * @param {string}                             url      Page URL.
 * @param {{ intent?: boolean }}               [option] `intent: false`: at load only.
 * @return {Promise<{atLoad: Map<string, Buffer>, afterIntent: Map<string, Buffer>, note: string|null, errors: string[]}>}
 * Body by URL (and `inline:<tag>:<text>` for the HTML's inline scripts and styles); `afterIntent`
 * holds everything of `atLoad` too, and is `atLoad` itself when there is no form to hover (`note`
 * then says so, or says why the form did not become ready); `errors`: the page's console errors.
 */
async function assetsOf( browser, url, { intent = true } = {} ) {
	const context = await visitorContext( browser, url );
	const page = await context.newPage();
	const bodies = new Map();
	const pending = [];
	const errors = [];
	page.on( 'pageerror', ( error ) => errors.push( error.message ) );
	page.on( 'console', ( message ) => {
		if ( message.type() === 'error' ) {
			errors.push( message.text() );
		}
	} );
	page.on( 'response', ( response ) => {
		const type = response.request().resourceType();
		// Only what came over the network: a `blob:` or `data:` URL is made by a script
		// already counted, not a download of its own.
		const fetched = /^https?:/.test( response.url() );
		// The loader asks for the template's files with <link rel="preload" as="script">: a
		// file is counted by its type or, whatever its request type, by its extension.
		const jsOrCss =
			type === 'script' ||
			type === 'stylesheet' ||
			/\.(js|css)$/.test( new URL( response.url() ).pathname );
		if ( fetched && jsOrCss ) {
			pending.push(
				response
					.body()
					.then( ( body ) => bodies.set( response.url(), body ) )
					.catch( () => {} )
			);
		}
	} );
	const settle = async () => {
		await page
			.waitForLoadState( 'networkidle', { timeout: 10_000 } )
			.catch( () => {} );
		await Promise.all( pending );
	};
	const navigation = await page.goto( url, { waitUntil: 'load' } );
	// Scripts added after `load` (WordPress's emoji loader fetches wp-emoji-release.min.js once
	// the DOM is ready, sometimes after `load`) count too, on every page alike.
	await settle();
	// Inline scripts and styles as the server printed them (the HTML the page got, before any
	// script ran), each keyed by its text so that the ones every page has (the theme's,
	// WordPress's) cancel out. A <script src> is never inline (the regex skips it), in the
	// template of scripts waiting for intent too: it counts once downloaded. The template's
	// inline scripts (translations, data) are bytes of the HTML, counted at load and after.
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
	const atLoad = new Map( bodies );
	let note = null;
	let hovered = false;
	const form = page.locator( '.kestrel-form' ).first();
	if ( ! intent ) {
		note = 'at load only';
	} else if ( ( await form.count() ) === 0 ) {
		note = 'no form to hover: after intent = at load';
	} else {
		await form.hover();
		hovered = true;
		try {
			await page.waitForSelector( '[data-kestrel-ready]', {
				state: 'attached',
				timeout: 30_000,
			} );
		} catch {
			note =
				'the form did NOT become ready within 30 s of the hover (counted what was downloaded by then)';
		}
		await settle();
	}
	await context.close();
	return {
		atLoad,
		afterIntent: hovered ? bodies : atLoad,
		note,
		errors,
	};
}

/**
 * Time to interactive of one cold load: the pointer moves over the form as soon as `load` has
 * fired (the scripts wait for a sign of intent), then the form's container gets
 * data-kestrel-ready. Times are the page's (milliseconds from navigation start).
 *
 * @param {import('@playwright/test').Browser} browser Browser.
 * @param {string}                             url     Page URL.
 * @param {boolean}                            [hover] Whether the pointer moves over the form
 *                                                     (not when its scripts load with the page).
 * @return {Promise<{ready: number, hover: number, load: number, responseEnd: number}>} When
 * the form became ready, when the pointer came over it (its first `pointerover`), when `load`
 * ended and when the HTML's last byte arrived.
 */
async function timeToInteractive( browser, url, hover = true ) {
	const context = await visitorContext( browser, url );
	const page = await context.newPage();
	await page.addInitScript( observe );
	await page.goto( url, { waitUntil: 'load' } );
	if ( hover ) {
		await page.locator( '.kestrel-form' ).first().hover();
	}
	await page.waitForSelector( '[data-kestrel-ready]', {
		state: 'attached',
		timeout: 30_000,
	} );
	const timing = await page.evaluate( () => {
		const nav = window.performance.getEntriesByType( 'navigation' )[ 0 ];
		return {
			ready: window.__kestrelVitals.readyAt,
			hover: window.__kestrelVitals.hoverAt,
			load: nav.loadEventEnd,
			responseEnd: nav.responseEnd,
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
			files: ( await assetsOf( browser, url, { intent: false } ) ).atLoad,
			inactive: false,
			why: error?.message ?? String( error ),
		};
	}
	try {
		return {
			files: ( await assetsOf( browser, url, { intent: false } ) ).atLoad,
			inactive: true,
		};
	} finally {
		await requestUtils.activatePlugin( PLUGIN_SLUG );
	}
}

/**
 * One line of totals: JS+CSS gzip, split into plugin, WordPress and inline, and the JS part.
 *
 * @param {{file: string, kind: string, raw: number, gzip: number}[]} rows Rows of addedBy().
 */
function totals( rows ) {
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
	return {
		gzip: all.gzip,
		text: `${ kb( all.gzip ).trim() } = plugin ${ kb(
			plugin.gzip
		).trim() } (${ plugin.count } files) + WordPress ${ kb(
			wordpress.gzip
		).trim() } (${ wordpress.count } files) + inline ${ kb(
			inline.gzip
		).trim() } (${ inline.count }); JS ${ kb( js ).trim() }`,
	};
}

/**
 * Prints the weight of one scenario, at load and after the first sign of intent, and returns
 * the rows after intent.
 *
 * @param {import('./scenarios.mjs').Scenario}                                                               scenario The scenario.
 * @param {{atLoad: Map<string, Buffer>, afterIntent: Map<string, Buffer>, note: ?string, errors: string[]}} files    Its page's files (assetsOf()).
 * @param {Map<string, Buffer>}                                                                              baseline The baseline's files.
 */
function printWeight( scenario, files, baseline ) {
	const atLoad = addedBy( files.atLoad, baseline );
	const rows = addedBy( files.afterIntent, baseline );
	const budget = ( gzip ) =>
		scenario.budgetBytes === null
			? scenario.budgetText
			: `budget ${ scenario.budgetText }: ${ verdict(
					gzip,
					scenario.budgetBytes
				) }`;
	const load = totals( atLoad );
	const intent = totals( rows );
	console.log( `\n${ scenario.title }` );
	console.log( `  ${ scenario.url }` );
	console.log(
		`  (a) at load, before any intent:   JS+CSS gzip ${ load.text }; ${ budget(
			load.gzip
		) }`
	);
	console.log(
		`  (b) after the first intent (hover): JS+CSS gzip ${
			intent.text
		}; ${ budget( intent.gzip ) }${
			files.note ? ` [${ files.note }]` : ''
		}`
	);
	if ( scenario.hasForm ) {
		const fieldScripts = rows
			.map( ( r ) => r.file.split( '/' ).pop() )
			.filter( ( f ) => /^form-(?!view|loader)[a-z]+\.js$/.test( f ) );
		console.log(
			`  Field scripts: ${ fieldScripts.join( ', ' ) || 'none' }`
		);
	}
	const loadedAtLoad = new Set( atLoad.map( ( r ) => r.file ) );
	console.log(
		'  Files by (b), each marked "load" (downloaded or printed before any intent) or "intent" (downloaded after the hover):'
	);
	if ( ! rows.length ) {
		console.log( '    (none)' );
	}
	if ( files.errors.length ) {
		console.log(
			`  Console errors in the page: ${ files.errors.join( ' | ' ) }`
		);
	}
	for ( const row of rows ) {
		console.log(
			`  ${ kb( row.raw ) } raw ${ kb( row.gzip ) } gzip  ${
				loadedAtLoad.has( row.file ) ? 'load  ' : 'intent'
			}  ${ row.file }`
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
			[ 'TTI (Lighthouse rule)', figure( ( r ) => r.tti, ms ) ],
			// With its scripts loading with the page the form is ready before the hover: the
			// "after hover" figures would be meaningless (negative, or nothing to count).
			...( scenario.hasForm && scenario.loadsWithPage
				? [ [ 'Ready', figure( ( r ) => r.ready, ms ) ] ]
				: [] ),
			...( scenario.hasForm && ! scenario.loadsWithPage
				? [
						[
							'Ready',
							figure( ( r ) => r.ready, ms ) &&
								`${ figure(
									( r ) => r.ready,
									ms
								) } (includes the bench's wait before the hover: load, then 2 s without a long task)`,
						],
						[
							'Ready after hover',
							figure( ( r ) => r.readyAfterHover, ms ),
						],
						[
							'TBT after hover',
							figure( ( r ) => r.tbtAfterHover, ms ),
						],
					]
				: [] ),
			[
				'CLS (incl. hover)',
				figure( ( r ) => r.cls, shift ) &&
					`${ figure( ( r ) => r.cls, shift ) } (${ figure(
						( r ) => r.clsWindow,
						shift
					) })`,
			],
			...( scenario.hasForm && ! scenario.loadsWithPage
				? [
						[
							'CLS after hover',
							figure( ( r ) => r.clsAfterHover, shift ),
						],
					]
				: [] ),
		];
		console.log( `  ${ scenario.title }` );
		for ( const [ name, value ] of lines ) {
			console.log(
				`    ${ name.padEnd( 21 ) } ${
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
		// Per site: the saved state keeps the REST root it was made for.
		storageStatePath: `artifacts/storage-states/bench-admin-${
			new URL( BASE_URL ).port || 80
		}.json`,
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
			[ ...filesOf[ s.key ].afterIntent.keys() ].filter( ( url ) =>
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
		await printTimeToInteractive(
			browser,
			demo,
			true,
			'the pointer moves over the form as soon as `load` has fired, since the scripts wait for intent'
		);

		// The same demo page with its scripts loading with the page, as every form did before
		// they waited for the visitor's intent (ADR 0014): the figures to compare with.
		const withPage = await scriptsWithPage( requestUtils, demo );
		if ( withPage ) {
			try {
				await printVitals( browser, [
					{
						...byKey.demo,
						title: `${ byKey.demo.title }, its scripts loading with the page (as before scripts on intent; test-only switch)`,
						url: withPage,
						loadsWithPage: true,
					},
				] );
				await printTimeToInteractive(
					browser,
					withPage,
					false,
					'its scripts loading with the page, as before scripts on intent; nothing hovers'
				);
			} finally {
				await scriptsWithPage( requestUtils, null );
			}
		}
	} finally {
		await browser.close();
		await cleanup();
	}
}

/**
 * Prints the time to interactive of a page: the median of RUNS cold loads after one warm-up.
 *
 * @param {import('@playwright/test').Browser} browser Browser.
 * @param {string}                             url     Page URL.
 * @param {boolean}                            hover   Whether the pointer moves over the form.
 * @param {string}                             how     What the loads do, for the heading.
 */
async function printTimeToInteractive( browser, url, hover, how ) {
	await timeToInteractive( browser, url, hover ).catch( () => {} ); // Warm-up, not measured.
	const runs = [];
	try {
		for ( let i = 0; i < RUNS; i++ ) {
			runs.push( await timeToInteractive( browser, url, hover ) );
		}
	} catch ( error ) {
		console.log(
			`\nTime to interactive of the demo page: not measured (${
				error.message.split( '\n' )[ 0 ]
			}; it waits for [data-kestrel-ready] on the form's container)`
		);
	}
	if ( runs.length === RUNS ) {
		const at = ( pick ) => median( runs.map( pick ) );
		const line = ( ms, text ) =>
			console.log( `  ${ ms.toFixed( 0 ).padStart( 6 ) } ms  ${ text }` );
		console.log(
			`\nTime to interactive of the demo page, ${ how } (median of ${ RUNS } cold loads, headless Chromium, CPU not throttled; each line is the median of its own figure, so they need not add up):`
		);
		line(
			at( ( r ) => r.ready ),
			'navigation start -> form interactive (data-kestrel-ready)'
		);
		line(
			at( ( r ) => r.responseEnd ),
			'  of which waiting for the HTML (slow and uneven on Playground, WordPress in WebAssembly)'
		);
		line(
			at( ( r ) => r.ready - r.responseEnd ),
			hover
				? 'HTML received -> form interactive (includes the wait for `load` and the hover)'
				: 'HTML received -> form interactive'
		);
		if ( ! hover ) {
			return;
		}
		line(
			at( ( r ) => r.hover - r.responseEnd ),
			'HTML received -> pointer over the form (load + hover)'
		);
		line(
			at( ( r ) => r.ready - r.hover ),
			'pointer over the form -> form interactive (the scripts downloaded and run)'
		);
	}
}

/**
 * Switches the test-only bench probe (tests/e2e/plugins/kestrel-forms-bench-probe) on and
 * returns the URL that makes a page's forms load their scripts with the page; with `url` null,
 * switches it off again.
 *
 * @param {RequestUtils} requestUtils Admin request utils.
 * @param {string|null}  url          Page URL, or null to switch off.
 * @return {Promise<string|null>} The URL, or null when the probe could not be switched on.
 */
async function scriptsWithPage( requestUtils, url ) {
	try {
		await switchProbe( requestUtils, !! url );
	} catch ( error ) {
		if ( url ) {
			// The server may have activated it before the request failed (a timeout).
			await scriptsWithPage( requestUtils, null );
			console.log(
				`\nScripts loading with the page: not measured (the bench probe plugin could not be activated: ${
					error.message.split( '\n' )[ 0 ]
				})`
			);
		}
		return null;
	}
	if ( ! url ) {
		return null;
	}
	const withPage = new URL( url );
	withPage.searchParams.set( 'kestrel_bench_scripts', 'with-page' );
	return withPage.toString();
}

main().catch( ( error ) => {
	console.error( error );
	process.exit( 1 );
} );
