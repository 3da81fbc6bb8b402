#!/usr/bin/env node
/**
 * Payments SDK figures (issue 6, npm run bench): gzip size (level 6) of the host bundle and of
 * each frame, and the median time from `Square.payments()` to an attached, ready card in
 * headless Chromium (Debian's, bench/chromium.mjs) against the local sandbox (cold context each
 * run). Prints, asserts nothing.
 * Targets: host < 40 KB gzip, card frame < 25 KB gzip, ready < 300 ms.
 *
 * Usage: node bench/payments-sdk.mjs [--runs=7]  (needs npm run build)
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { createMerchant } from '../sandbox/merchant.mjs';
import { createProvider } from '../sandbox/provider.mjs';
import { CHROMIUM_LAUNCH_OPTIONS } from './chromium.mjs';

const HERE = path.dirname( fileURLToPath( import.meta.url ) );
const BUILD = path.resolve( HERE, '..', 'build', 'payments-sdk' );
const RUNS = Number(
	( process.argv.find( ( a ) => a.startsWith( '--runs=' ) ) ?? '=7' ).split(
		'='
	)[ 1 ]
);

const kb = ( n ) => `${ ( n / 1024 ).toFixed( 1 ) } KB`;
const listen = ( server ) =>
	new Promise( ( resolve ) =>
		server.listen( 0, '127.0.0.1', () => resolve( server.address().port ) )
	);

async function main() {
	console.log( 'Payments SDK bundle sizes (gzip level 6):' );
	for ( const [ label, file, target ] of [
		[ 'host SDK (square.js)', 'square.js', 40 ],
		[ 'card frame', 'frames/card.js', 25 ],
		[ 'gift card frame', 'frames/gift-card.js', 25 ],
		[ 'main frame', 'frames/main.js', 25 ],
	] ) {
		const data = fs.readFileSync( path.join( BUILD, file ) );
		const gz = zlib.gzipSync( data, { level: 6 } ).length;
		console.log(
			`  ${ label.padEnd( 22 ) } ${ kb( data.length ).padStart( 9 ) } raw ${ kb(
				gz
			).padStart( 8 ) } gzip  (target < ${ target } KB)`
		);
	}

	const { server: provider } = createProvider();
	const providerPort = await listen( provider );
	const merchant = createMerchant( `http://127.0.0.1:${ providerPort }` );
	const merchantPort = await listen( merchant );
	const browser = await chromium.launch( CHROMIUM_LAUNCH_OPTIONS );
	const times = [];
	try {
		for ( let i = 0; i < RUNS; i++ ) {
			const context = await browser.newContext();
			const page = await context.newPage();
			await page.goto( `http://127.0.0.1:${ merchantPort }/bench.html` );
			times.push( await page.evaluate( () => window.measureReady() ) );
			await context.close();
		}
	} finally {
		await browser.close();
		merchant.close();
		provider.close();
		provider.closeAllConnections?.();
		merchant.closeAllConnections?.();
	}
	times.sort( ( a, b ) => a - b );
	const median = times[ Math.floor( times.length / 2 ) ];
	console.log(
		`payments() to a ready card: median ${ median.toFixed(
			0
		) } ms over ${ RUNS } cold loads (min ${ times[ 0 ].toFixed(
			0
		) }, max ${ times[ times.length - 1 ].toFixed( 0 ) }; target < 300 ms)`
	);
}

main().catch( ( error ) => {
	console.error( error );
	process.exit( 1 );
} );
