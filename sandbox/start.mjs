#!/usr/bin/env node
/**
 * Starts the provider sandbox and the example merchant on loopback.
 *
 *     node sandbox/start.mjs            in the foreground (Ctrl-C stops)
 *     node sandbox/start.mjs --detach   in the background (npm start); pid in .cache/
 *     node sandbox/start.mjs --stop     stops the background one (npm stop)
 *
 * PAYMENTS_SANDBOX_PORT (default 8890) and PAYMENTS_MERCHANT_PORT (default 8891) pick the ports;
 * the vendor stand-ins' pages listen on PAYMENTS_VENDOR_PORT (default: the sandbox port + 2).
 */
/* eslint-disable no-console -- a command-line tool. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createMerchant } from './merchant.mjs';
import { createProvider } from './provider.mjs';

const HERE = path.dirname( fileURLToPath( import.meta.url ) );
const CACHE = path.resolve( HERE, '..', '.cache' );
const PID_FILE = path.join( CACHE, 'payments-sandbox.pid' );
const HOST = '127.0.0.1';
const providerPort = Number( process.env.PAYMENTS_SANDBOX_PORT || 8890 );
const merchantPort = Number( process.env.PAYMENTS_MERCHANT_PORT || 8891 );
const vendorPort = Number(
	process.env.PAYMENTS_VENDOR_PORT || providerPort + 2
);
const providerUrl = `http://${ HOST }:${ providerPort }`;
const vendorUrl = `http://${ HOST }:${ vendorPort }`;
const merchantUrl = `http://${ HOST }:${ merchantPort }`;

const up = async () => {
	try {
		return ( await fetch( `${ providerUrl }/__ledger` ) ).ok;
	} catch {
		return false;
	}
};

async function detach() {
	if ( await up() ) {
		console.log( `Payments sandbox already runs at ${ providerUrl }` );
		return;
	}
	fs.mkdirSync( CACHE, { recursive: true } );
	const log = fs.openSync( path.join( CACHE, 'payments-sandbox.log' ), 'a' );
	const child = spawn(
		process.execPath,
		[ fileURLToPath( import.meta.url ) ],
		{
			detached: true,
			stdio: [ 'ignore', log, log ],
			env: process.env,
		}
	);
	child.unref();
	fs.writeFileSync( PID_FILE, String( child.pid ) );
	for ( let i = 0; i < 50 && ! ( await up() ); i++ ) {
		await new Promise( ( r ) => setTimeout( r, 100 ) );
	}
	console.log( `Payments sandbox: ${ providerUrl }/v1/square.js` );
	console.log(
		`Example merchant: ${ merchantUrl }/card.html and /gift-card.html`
	);
}

function stopDetached() {
	try {
		const pid = Number( fs.readFileSync( PID_FILE, 'utf8' ) );
		process.kill( pid, 'SIGTERM' );
		console.log( `Payments sandbox (pid ${ pid }) stopped.` );
	} catch {
		// Not running: nothing to stop.
	}
	fs.rmSync( PID_FILE, { force: true } );
}

function foreground() {
	const { server: provider, vendorServer } = createProvider( {
		vendorOrigin: vendorUrl,
	} );
	const merchant = createMerchant( providerUrl );
	vendorServer.listen( vendorPort, HOST );
	provider.listen( providerPort, HOST, () => {
		merchant.listen( merchantPort, HOST, () => {
			console.log( `Payments sandbox: ${ providerUrl }/v1/square.js` );
			console.log( `Vendor stand-ins: ${ vendorUrl }` );
			console.log(
				`Example merchant: ${ merchantUrl }/card.html and /gift-card.html`
			);
		} );
	} );
	const stop = () => {
		merchant.close();
		vendorServer.close();
		vendorServer.closeAllConnections?.();
		provider.close();
		provider.closeAllConnections?.();
		merchant.closeAllConnections?.();
		process.exit( 0 );
	};
	process.on( 'SIGINT', stop );
	process.on( 'SIGTERM', stop );
}

if ( process.argv.includes( '--detach' ) ) {
	await detach();
} else if ( process.argv.includes( '--stop' ) ) {
	stopDetached();
} else {
	foreground();
}
