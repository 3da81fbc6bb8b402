/**
 * A tiny merchant server of our own (issue 6): the card checkout and gift card checkout pages,
 * and POST /payment which charges a token through the sandbox's Payments API, like the
 * provider's quickstart server (compat §c): amount fixed server-side, idempotency key from the
 * browser, no retry on an API error.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname( fileURLToPath( import.meta.url ) );
export const APPLICATION_ID = 'sandbox-sq0idb-kestrel-example-app';
export const LOCATION_ID = 'LSANDBOXMAIN';

/**
 * Creates the merchant server.
 *
 * @param {string} providerUrl Sandbox origin, e.g. http://127.0.0.1:8890.
 * @return {http.Server} Server (not listening yet).
 */
export function createMerchant( providerUrl ) {
	const page = ( name ) =>
		fs
			.readFileSync( path.join( HERE, 'examples', name ), 'utf8' )
			.replaceAll( '%PROVIDER%', providerUrl )
			.replaceAll( '%APPLICATION_ID%', APPLICATION_ID )
			.replaceAll( '%LOCATION_ID%', LOCATION_ID );
	return http.createServer( ( req, res ) => {
		const url = new URL( req.url, 'http://merchant' );
		if ( req.method === 'GET' ) {
			const name = {
				'/': 'card.html',
				'/card.html': 'card.html',
				'/gift-card.html': 'gift-card.html',
				'/bench.html': 'bench.html',
			}[ url.pathname ];
			if ( name ) {
				res.writeHead( 200, {
					'Content-Type': 'text/html; charset=utf-8',
				} ).end( page( name ) );
				return;
			}
			res.writeHead( 404 ).end( 'Not found' );
			return;
		}
		if ( req.method === 'POST' && url.pathname === '/payment' ) {
			let raw = '';
			req.on( 'data', ( c ) => ( raw += c ) );
			req.on( 'end', async () => {
				let body;
				try {
					body = JSON.parse( raw );
				} catch {
					body = null;
				}
				if (
					! body ||
					typeof body.sourceId !== 'string' ||
					typeof body.idempotencyKey !== 'string'
				) {
					res.writeHead( 400, {
						'Content-Type': 'application/json',
					} ).end(
						JSON.stringify( {
							success: false,
							errors: [ { detail: 'Bad Request' } ],
						} )
					);
					return;
				}
				const amount = Number.isInteger( body.amount )
					? body.amount
					: 100;
				try {
					const r = await fetch( `${ providerUrl }/v2/payments`, {
						method: 'POST',
						headers: {
							Authorization: 'Bearer sandbox-merchant-token',
							'Content-Type': 'application/json',
						},
						body: JSON.stringify( {
							source_id: body.sourceId,
							idempotency_key: body.idempotencyKey,
							amount_money: { amount, currency: 'USD' },
							location_id: LOCATION_ID,
							...( body.verificationToken
								? { verification_token: body.verificationToken }
								: {} ),
							...( body.autocomplete === false
								? { autocomplete: false }
								: {} ),
						} ),
					} );
					const data = await r.json();
					res.writeHead( r.ok ? 200 : r.status, {
						'Content-Type': 'application/json',
					} ).end(
						JSON.stringify(
							r.ok
								? { success: true, payment: data.payment }
								: { success: false, errors: data.errors }
						)
					);
				} catch ( error ) {
					res.writeHead( 502, {
						'Content-Type': 'application/json',
					} ).end(
						JSON.stringify( {
							success: false,
							errors: [ { detail: String( error.message ) } ],
						} )
					);
				}
			} );
			return;
		}
		res.writeHead( 404 ).end();
	} );
}
