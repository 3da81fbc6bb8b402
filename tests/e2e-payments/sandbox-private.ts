/**
 * A private provider sandbox for the sandbox's own API specs (sandbox-*.spec.ts): its own
 * process on free loopback ports, so resets, faults and webhook modes never touch the shared
 * sandbox other suites (and WordPress) use. Plus a webhook receiver and the signature, computed
 * here independently of the sandbox's code.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import path from 'node:path';

const ROOT = path.resolve( __dirname, '..', '..' );

/** Bearer header the merchant API needs. */
export const AUTH = { Authorization: 'Bearer sandbox-token' };

async function freePort(): Promise< number > {
	const server = net.createServer();
	await new Promise< void >( ( resolve ) =>
		server.listen( 0, '127.0.0.1', resolve )
	);
	const { port } = server.address() as AddressInfo;
	await new Promise( ( resolve ) => server.close( resolve ) );
	return port;
}

export interface PrivateSandbox {
	url: string;
	stop: () => Promise< void >;
}

/**
 * Starts `node sandbox/start.mjs` on free ports and waits until it answers.
 */
export async function startSandbox(): Promise< PrivateSandbox > {
	const port = await freePort();
	const merchantPort = await freePort();
	const vendorPort = await freePort();
	const child: ChildProcess = spawn(
		process.execPath,
		[ path.join( ROOT, 'sandbox', 'start.mjs' ) ],
		{
			cwd: ROOT,
			env: {
				...process.env,
				PAYMENTS_SANDBOX_PORT: String( port ),
				PAYMENTS_MERCHANT_PORT: String( merchantPort ),
				PAYMENTS_VENDOR_PORT: String( vendorPort ),
			},
			stdio: 'ignore',
		}
	);
	const url = `http://127.0.0.1:${ port }`;
	for ( let i = 0; i < 100; i++ ) {
		try {
			if ( ( await fetch( `${ url }/__ledger` ) ).ok ) {
				break;
			}
		} catch {
			// Not listening yet.
		}
		await new Promise( ( r ) => setTimeout( r, 100 ) );
	}
	return {
		url,
		stop: async () => {
			if ( child.exitCode === null ) {
				const exited = new Promise( ( r ) => child.once( 'exit', r ) );
				child.kill( 'SIGTERM' );
				await exited;
			}
		},
	};
}

export interface Received {
	headers: http.IncomingHttpHeaders;
	body: string;
	at: number;
}

export interface Receiver {
	url: string;
	got: Received[];
	/** Status codes to answer, in order; then 200. */
	answers: number[];
	/** Milliseconds to wait before answering. */
	delayMs: number;
	waitFor: ( n: number, timeoutMs?: number ) => Promise< Received[] >;
	close: () => Promise< void >;
}

/**
 * A webhook receiver on a free loopback port; its URL has a path and a query, which the
 * signature must cover byte for byte.
 */
export async function startReceiver(): Promise< Receiver > {
	const receiver = {
		got: [] as Received[],
		answers: [] as number[],
		delayMs: 0,
	} as Receiver;
	const server = http.createServer( ( req, res ) => {
		let body = '';
		req.on( 'data', ( c ) => ( body += c ) );
		req.on( 'end', () => {
			receiver.got.push( { headers: req.headers, body, at: Date.now() } );
			setTimeout(
				() => res.writeHead( receiver.answers.shift() ?? 200 ).end(),
				receiver.delayMs
			);
		} );
	} );
	await new Promise< void >( ( resolve ) =>
		server.listen( 0, '127.0.0.1', resolve )
	);
	const { port } = server.address() as AddressInfo;
	receiver.url = `http://127.0.0.1:${ port }/wp-json/kestrel-forms/v1/payments/webhook?env=sandbox`;
	receiver.waitFor = async ( n, timeoutMs = 10_000 ) => {
		const until = Date.now() + timeoutMs;
		while ( receiver.got.length < n && Date.now() < until ) {
			await new Promise( ( r ) => setTimeout( r, 25 ) );
		}
		return receiver.got;
	};
	receiver.close = async () => {
		server.closeAllConnections();
		await new Promise( ( resolve ) => server.close( resolve ) );
	};
	return receiver;
}

/**
 * The provider's signature: base64(HMAC-SHA256(key, notification URL + raw body)).
 *
 * @param key  Signature key.
 * @param url  Notification URL.
 * @param body Raw body.
 */
export const expectedSignature = ( key: string, url: string, body: string ) =>
	createHmac( 'sha256', key )
		.update( url + body )
		.digest( 'base64' );
