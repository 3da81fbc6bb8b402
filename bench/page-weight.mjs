#!/usr/bin/env node
/**
 * Page weight and time-to-interactive of the demo form page (npm run bench).
 *
 * Prints figures, asserts nothing. "Loaded because of the plugin" = every JS and CSS file the
 * demo page loads that the same page without the form does not (so WordPress script
 * dependencies such as React and api-fetch are included, theme assets are not). Sizes are the
 * bytes served, and their gzip size at level 6 (what web servers usually use).
 *
 * Issue 19 adds two scenarios: a page with a form of a name, an email and a multi-file upload
 * (its total, and which field scripts it got: only form-upload.js), and the page without a form
 * (the files of ours it loads: none).
 *
 * Time to interactive = navigation start until the form's container gets data-kestrel-ready
 * (set once React has rendered and handlers are attached), the median of several cold loads.
 *
 * Usage: node bench/page-weight.mjs [--runs=7]  (WordPress must be running: npm start)
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { RequestUtils } from '@wordpress/e2e-test-utils-playwright';
import { NO_AUTO_LOGIN_COOKIE } from '../scripts/wp.mjs';
import { CHROMIUM_LAUNCH_OPTIONS } from './chromium.mjs';

const RUNS = Number(
	( process.argv.find( ( a ) => a.startsWith( '--runs=' ) ) ?? '=7' ).split(
		'='
	)[ 1 ]
);
const BASE_URL = process.env.WP_BASE_URL ?? 'http://localhost:8888';

/**
 * A fresh, anonymous browser context (no cache). Playground would log a cookie-less browser in
 * as admin, adding the admin bar's assets; the cookie prevents that.
 *
 * @param {import('@playwright/test').Browser} browser Browser.
 * @param {string}                             url     Any URL of the site.
 */
async function visitorContext( browser, url ) {
	const context = await browser.newContext();
	await context.addCookies( [
		{ name: NO_AUTO_LOGIN_COOKIE, value: '1', url },
	] );
	return context;
}

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
	await page.goto( url, { waitUntil: 'load' } );
	await Promise.all( pending );
	// Inline scripts and styles as the server printed them (before any script ran), each keyed
	// by its text so that the ones every page has (the theme's, WordPress's) cancel out.
	const html = await (
		await context.request.get( url, { failOnStatusCode: false } )
	).text();
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
 * The JS and CSS a page loads that the page without a form does not, largest first.
 *
 * @param {Map<string, Buffer>} withForm The page's files.
 * @param {Map<string, Buffer>} without  The files of the page without a form.
 */
function addedBy( withForm, without ) {
	return [ ...withForm ]
		.filter( ( [ url ] ) => ! without.has( url ) )
		.map( ( [ url, body ] ) => ( {
			file: url.startsWith( 'inline:' )
				? `(inline ${ url.split( ':' )[ 1 ] }: ${ body
						.toString()
						.trim()
						.slice( 0, 40 )
						.replace( /\s+/g, ' ' ) }…)`
				: new URL( url ).pathname.replace(
						/^.*\/wp-(content|includes)\//,
						'wp-$1/'
					),
			raw: body.length,
			gzip: zlib.gzipSync( body, { level: 6 } ).length,
		} ) )
		.sort( ( a, b ) => b.gzip - a.gzip );
}

/**
 * Issue 19: the files of ours (build/ of this plugin) among a page's, and their gzip total.
 *
 * @param {Map<string, Buffer>} files A page's files.
 */
function ours( files ) {
	const mine = [ ...files ].filter( ( [ url ] ) =>
		/\/plugins\/kestrel-forms\//.test( url )
	);
	return {
		names: mine.map( ( [ url ] ) =>
			new URL( url ).pathname.split( '/' ).pop()
		),
		gzip: mine.reduce(
			( t, [ , body ] ) => t + zlib.gzipSync( body, { level: 6 } ).length,
			0
		),
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

async function main() {
	const requestUtils = await RequestUtils.setup( {
		user: { username: 'admin', password: 'password' },
		baseURL: BASE_URL,
		storageStatePath: 'artifacts/storage-states/bench-admin.json',
	} );
	const demo = await requestUtils.rest( {
		method: 'POST',
		path: '/kestrel-forms/v1/demo',
	} );
	const baseline = await requestUtils.rest( {
		method: 'POST',
		path: '/wp/v2/pages',
		data: {
			title: 'Kestrel Forms demo',
			content:
				'<!-- wp:paragraph --><p>No form here.</p><!-- /wp:paragraph -->',
			status: 'publish',
		},
	} );

	const created = [];
	const browser = await chromium.launch( CHROMIUM_LAUNCH_OPTIONS );
	try {
		const withForm = await assetsOf( browser, demo.page_url );
		const without = await assetsOf( browser, baseline.link );
		const rows = addedBy( withForm, without );

		console.log( `Demo form page: ${ demo.page_url }` );
		console.log(
			'JS and CSS loaded because of the plugin (WordPress dependencies and inline scripts and styles included):'
		);
		for ( const row of rows ) {
			console.log(
				`  ${ kb( row.raw ) } raw ${ kb( row.gzip ) } gzip  ${ row.file }`
			);
		}
		const total = rows.reduce(
			( t, r ) => ( { raw: t.raw + r.raw, gzip: t.gzip + r.gzip } ),
			{ raw: 0, gzip: 0 }
		);
		const js = rows
			.filter(
				( r ) =>
					r.file.endsWith( '.js' ) ||
					r.file.startsWith( '(inline script' )
			)
			.reduce( ( t, r ) => t + r.gzip, 0 );
		console.log(
			`  ${ kb( total.raw ) } raw ${ kb( total.gzip ) } gzip  TOTAL (${ rows.length } files; JS ${ kb( js ).trim() } gzip)`
		);
		console.log(
			"  Direction: under Gravity Forms' 196 KB gzip for a complete form; aim under 90 KB."
		);
		// Issue 13: the payments SDK and the payment field script load only with a payment field.
		const paymentScripts = [ ...withForm.keys() ].filter( ( url ) =>
			/\/v1\/square\.js|payment-field\.js/.test( url )
		);
		console.log(
			`  Payment scripts on this page (its form has no payment field): ${
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
				) } gzip  build/payment-field.js (lazy: only on pages with a payment field, not in the TOTAL)`
			);
		}

		// Issue 19: a page without a form carries nothing of ours; a form with an upload field
		// adds the upload script (resumable.js) and no other field script.
		const none = ours( without );
		console.log(
			`Page without a form: ${ none.names.length } files of ours, ${ kb(
				none.gzip
			).trim() } gzip${
				none.names.length ? ` (${ none.names.join( ', ' ) })` : ''
			}`
		);
		const upload = await uploadPage( requestUtils );
		created.push( upload );
		const uploadRows = addedBy(
			await assetsOf( browser, upload.link ),
			without
		);
		const uploadTotal = uploadRows.reduce( ( t, r ) => t + r.gzip, 0 );
		console.log(
			`Upload form page (a name, an email, a multi-file upload): ${ kb(
				uploadTotal
			).trim() } gzip JS+CSS in ${ uploadRows.length } files; field scripts: ${
				uploadRows
					.map( ( r ) => r.file.split( '/' ).pop() )
					.filter( ( f ) => /^form-(?!view)[a-z]+\.js$/.test( f ) )
					.join( ', ' ) || 'none'
			}`
		);

		await timeToInteractive( browser, demo.page_url ); // Warm-up: PHP code paths, not measured.
		const runs = [];
		for ( let i = 0; i < RUNS; i++ ) {
			runs.push( await timeToInteractive( browser, demo.page_url ) );
		}
		const ready = median( runs.map( ( r ) => r.ready ) );
		const html = median( runs.map( ( r ) => r.responseEnd ) );
		console.log(
			`Time to interactive (median of ${ RUNS } cold loads, headless Chromium):`
		);
		console.log(
			`  ${ ready.toFixed( 0 ).padStart( 6 ) } ms  navigation start -> form interactive`
		);
		console.log(
			`  ${ html.toFixed( 0 ).padStart( 6 ) } ms  of which waiting for the HTML (WordPress in WebAssembly is slow to answer)`
		);
		console.log(
			`  ${ ( ready - html ).toFixed( 0 ).padStart( 6 ) } ms  HTML received -> form interactive`
		);
	} finally {
		await browser.close();
		await requestUtils
			.rest( {
				method: 'DELETE',
				path: `/wp/v2/pages/${ baseline.id }`,
				params: { force: true },
			} )
			.catch( () => {} );
		for ( const page of created ) {
			await requestUtils
				.rest( {
					method: 'DELETE',
					path: `/wp/v2/pages/${ page.id }`,
					params: { force: true },
				} )
				.catch( () => {} );
			await requestUtils
				.rest( {
					method: 'DELETE',
					path: `/kestrel-forms/v1/forms/${ page.formId }`,
				} )
				.catch( () => {} );
		}
	}
}

/**
 * A published page with a form of a name, an email and a multi-file upload field.
 *
 * @param {RequestUtils} requestUtils Request utils (as admin).
 * @return {Promise<{id: number, link: string, formId: number}>} The page and its form.
 */
async function uploadPage( requestUtils ) {
	const form = await requestUtils.rest( {
		method: 'POST',
		path: '/kestrel-forms/v1/forms',
		data: {
			title: 'Bench upload form',
			fields: [
				{ id: 1, type: 'text', label: 'Name' },
				{ id: 2, type: 'email', label: 'Email' },
				{
					id: 3,
					type: 'fileupload',
					label: 'Files',
					multipleFiles: true,
					maxFiles: 5,
				},
			],
		},
	} );
	const page = await requestUtils.rest( {
		method: 'POST',
		path: '/wp/v2/pages',
		data: {
			title: 'Kestrel Forms upload bench',
			content: `<!-- wp:shortcode -->[kestrel_form id="${ form.id }"]<!-- /wp:shortcode -->`,
			status: 'publish',
		},
	} );
	return { id: page.id, link: page.link, formId: form.id };
}

main().catch( ( error ) => {
	console.error( error );
	process.exit( 1 );
} );
