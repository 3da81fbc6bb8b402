#!/usr/bin/env node
/**
 * Payment field figures (issue 13, npm run bench): the gzip size (level 6) of the field script
 * (build/payment-field.js), and the median time from the click on Pay to the confirmation on
 * screen for a visitor paying 30.00 USD with the sandbox's test card, in headless Chromium
 * (Debian's, bench/chromium.mjs) on the native stack (scripts/native.mjs: nginx, php-fpm,
 * MariaDB) charging through the provider sandbox on 127.0.0.1:8890. That time holds the
 * tokenization in the card frame, buyer verification, the submission, the authorisation, the
 * entry write and the completion. Prints figures; asserts nothing (exits 1 only when it cannot
 * measure at all).
 *
 * The native stack and the sandbox are started when they do not run and stopped afterwards in
 * that case. Settings → Payments of the native site is pointed at the sandbox; the form and page
 * made here are deleted again and the settings restored; the submission rate limit is raised for
 * the run.
 *
 * Usage: node bench/payments.mjs [--runs=7]  (needs npm run build)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import * as native from '../scripts/native.mjs';
import { CHROMIUM_LAUNCH_OPTIONS } from './chromium.mjs';
import { option } from './probe.mjs';

const HERE = path.dirname( fileURLToPath( import.meta.url ) );
/** The order form of the payments e2e (2 × 12.50 + 5.00 shipping, email, payment field). */
const ORDER_FORM_FIELDS = JSON.parse(
	fs.readFileSync(
		new URL(
			'../tests/fixtures/payments/order-form-fields.json',
			import.meta.url
		),
		'utf8'
	)
);
const ROOT = path.resolve( HERE, '..' );
const RUNS = Number( option( 'runs', 7 ) );
const SANDBOX = 'http://127.0.0.1:8890';
const kb = ( n ) => `${ ( n / 1024 ).toFixed( 1 ) } KB`;
const RATE_OPTION = 'kestrel_forms_test_rate_limits';

/** Whether the sandbox answers. */
async function sandboxUp() {
	try {
		return ( await fetch( `${ SANDBOX }/__ledger` ) ).ok;
	} catch {
		return false;
	}
}

/**
 * Admin REST on the native site with its application password.
 *
 * @param {string} url         Site URL.
 * @param {string} appPassword "user:password".
 * @return {Function} (method, route, body) => parsed JSON.
 */
function adminRest( url, appPassword ) {
	const auth = `Basic ${ Buffer.from( appPassword ).toString( 'base64' ) }`;
	return async ( method, route, body ) => {
		const response = await fetch( `${ url }/wp-json${ route }`, {
			method,
			headers: {
				Authorization: auth,
				'Content-Type': 'application/json',
			},
			body: body ? JSON.stringify( body ) : undefined,
		} );
		const text = await response.text();
		if ( ! response.ok ) {
			throw new Error(
				`${ method } ${ route }: HTTP ${ response.status } ${ text.slice( 0, 300 ) }`
			);
		}
		return JSON.parse( text );
	};
}

async function main() {
	const field = path.join( ROOT, 'build', 'payment-field.js' );
	if ( fs.existsSync( field ) ) {
		const data = fs.readFileSync( field );
		console.log(
			`Payment field script (build/payment-field.js): ${ kb(
				data.length
			) } raw, ${ kb( zlib.gzipSync( data, { level: 6 } ).length ) } gzip`
		);
	} else {
		console.log( 'Payment field script: not built (npm run build).' );
	}

	const nativeWasUp = ( await native.status() ).running;
	const info = nativeWasUp ? native.siteInfo() : await native.start();
	let sandbox = null;
	if ( ! ( await sandboxUp() ) ) {
		sandbox = spawn( process.execPath, [ 'sandbox/start.mjs' ], {
			cwd: ROOT,
			stdio: 'ignore',
		} );
		for ( let i = 0; i < 100 && ! ( await sandboxUp() ); i++ ) {
			await new Promise( ( resolve ) => setTimeout( resolve, 100 ) );
		}
	}
	const rest = adminRest( info.url, info.appPassword );
	// Settings → Payments as they were, restored at the end (byte for byte).
	const OPTIONS = `${ native.TABLE_PREFIX }options`;
	const savedSettings = native
		.sql(
			`SELECT HEX(option_value) FROM ${ OPTIONS } WHERE option_name = 'kestrel_forms_payments'`
		)
		.trim();
	native.sql(
		`INSERT INTO ${ native.TABLE_PREFIX }options (option_name, option_value, autoload) VALUES ('${ RATE_OPTION }', '{"submission":[100000,60]}', 'off')
		 ON DUPLICATE KEY UPDATE option_value = VALUES(option_value)`
	);
	let form = null;
	let page = null;
	const browser = await chromium.launch( CHROMIUM_LAUNCH_OPTIONS );
	const times = [];
	try {
		await rest( 'POST', '/kestrel-forms/v1/settings', {
			payments: {
				environment: 'sandbox',
				sandbox: {
					application_id: 'sandbox-sq0idb-kestrel-forms-bench',
					location_id: 'LSANDBOXMAIN',
					access_token: 'EAAAEkestrelFormsBenchSandboxToken0001',
				},
			},
		} );
		form = await rest( 'POST', '/kestrel-forms/v1/forms', {
			title: 'Bench payment',
			currency: 'USD',
			button: { text: 'Pay' },
			confirmation: {
				type: 'message',
				message: '<p>Paid {payment_amount}</p>',
			},
			fields: ORDER_FORM_FIELDS,
		} );
		page = await rest( 'POST', '/wp/v2/pages', {
			title: 'Bench payment',
			status: 'publish',
			content: `<!-- wp:shortcode -->[kestrel_form id="${ form.id }"]<!-- /wp:shortcode -->`,
		} );
		const frameSelector = `#kestrel-form-${ form.id } iframe[src*="/frames/card.html"]`;
		for ( let i = 0; i < RUNS; i++ ) {
			const context = await browser.newContext();
			const tab = await context.newPage();
			await tab.goto( page.link );
			const card = tab.frameLocator( frameSelector );
			await card
				.locator( 'input[name=cardNumber]' )
				.waitFor( { timeout: 30_000 } );
			await tab.locator( `#input_${ form.id }_1_3` ).fill( '2' );
			await tab
				.locator( `#input_${ form.id }_4` )
				.fill( 'bench@example.org' );
			for ( const [ name, value ] of [
				[ 'cardNumber', '4111111111111111' ],
				[ 'expirationDate', '1230' ],
				[ 'cvv', '123' ],
				[ 'postalCode', '94103' ],
			] ) {
				await card
					.locator( `input[name=${ name }]` )
					.pressSequentially( value );
			}
			const started = performance.now();
			await tab.locator( `#form_submit_button_${ form.id }` ).click();
			await tab
				.locator( '.kestrel-form__confirmation' )
				.waitFor( { timeout: 60_000 } );
			times.push( performance.now() - started );
			await context.close();
		}
	} finally {
		await browser.close();
		if ( page ) {
			await rest(
				'DELETE',
				`/wp/v2/pages/${ page.id }?force=true`
			).catch( () => {} );
		}
		if ( form ) {
			await rest(
				'DELETE',
				`/kestrel-forms/v1/forms/${ form.id }?force=true`
			).catch( () => {} );
		}
		native.sql(
			`DELETE FROM ${ OPTIONS } WHERE option_name = '${ RATE_OPTION }'`
		);
		native.sql(
			savedSettings
				? `UPDATE ${ OPTIONS } SET option_value = UNHEX('${ savedSettings }') WHERE option_name = 'kestrel_forms_payments'`
				: `DELETE FROM ${ OPTIONS } WHERE option_name = 'kestrel_forms_payments'`
		);
		sandbox?.kill();
		if ( ! nativeWasUp && ! process.env.KEEP_WP ) {
			await native.stop();
		}
	}
	times.sort( ( a, b ) => a - b );
	console.log(
		`Pay click to confirmation (native stack + sandbox): median ${ times[
			Math.floor( times.length / 2 )
		].toFixed( 0 ) } ms over ${ RUNS } payments (min ${ times[ 0 ].toFixed(
			0
		) }, max ${ times[ times.length - 1 ].toFixed( 0 ) })`
	);
}

main().catch( ( error ) => {
	console.error( error );
	process.exit( 1 );
} );
