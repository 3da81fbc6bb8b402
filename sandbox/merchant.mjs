/**
 * A tiny merchant server of our own (issue 6): the card checkout and gift card checkout pages,
 * and POST /payment which charges a token through the sandbox's Payments API, like the
 * provider's quickstart server (compat §c): the browser names an item, its price comes from the
 * server's own list (never from the browser), idempotency key from the browser, no retry on an
 * API error. Issue 15, as the quickstart's store-card flow: POST /customer (CreateCustomer),
 * POST /card (CreateCard from a token, with its verification token), and POST /payment with a
 * card on file (`customerId` with a `ccof:` source).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname( fileURLToPath( import.meta.url ) );
export const APPLICATION_ID = 'sandbox-sq0idb-kestrel-example-app';
export const LOCATION_ID = 'LSANDBOXMAIN';
/**
 * Locations a checkout page may name (like the quickstart's per-country pages), with their
 * currency: the server charges an item's price in the location's currency.
 */
export const LOCATIONS = Object.freeze( {
	LSANDBOXMAIN: 'USD',
	LSANDBOXGB: 'GBP',
} );

/** What the example shop sells: item id -> price in cents (USD). */
export const ITEMS = Object.freeze( {
	coffee: 100,
	sandwich: 250,
} );
/** The item the example checkout pages sell. */
export const CHECKOUT_ITEM = 'coffee';

const json = ( res, status, body ) =>
	res
		.writeHead( status, { 'Content-Type': 'application/json' } )
		.end( JSON.stringify( body ) );

/**
 * Reads a JSON request body (null when it is not JSON), then calls `then` with it.
 *
 * @param {http.IncomingMessage}         req  Request.
 * @param {(body: any) => Promise<void>} then What to do with the body.
 */
function onJson( req, then ) {
	let raw = '';
	req.on( 'data', ( c ) => ( raw += c ) );
	req.on( 'end', () => {
		let body;
		try {
			body = JSON.parse( raw );
		} catch {
			body = null;
		}
		then( body );
	} );
}

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
			.replaceAll( '%LOCATION_ID%', LOCATION_ID )
			.replaceAll( '%ITEM_ID%', CHECKOUT_ITEM )
			.replaceAll(
				'%ITEM_PRICE%',
				( ITEMS[ CHECKOUT_ITEM ] / 100 ).toFixed( 2 )
			);
	/** The checkout pages' shared script and stylesheet. */
	const ASSETS = {
		'/checkout.js': 'text/javascript; charset=utf-8',
		'/checkout.css': 'text/css; charset=utf-8',
	};
	return http.createServer( ( req, res ) => {
		const url = new URL( req.url, 'http://merchant' );
		if ( req.method === 'GET' ) {
			// Every example page by its name (sandbox/examples/<name>.html); / is the card page.
			const name =
				url.pathname === '/'
					? 'card.html'
					: /^\/[a-z0-9-]+\.html$/.test( url.pathname ) &&
						url.pathname.slice( 1 );
			if (
				name &&
				fs.existsSync( path.join( HERE, 'examples', name ) )
			) {
				res.writeHead( 200, {
					'Content-Type': 'text/html; charset=utf-8',
				} ).end( page( name ) );
				return;
			}
			if ( ASSETS[ url.pathname ] ) {
				res.writeHead( 200, {
					'Content-Type': ASSETS[ url.pathname ],
				} ).end(
					fs.readFileSync(
						path.join( HERE, 'examples', url.pathname.slice( 1 ) )
					)
				);
				return;
			}
			res.writeHead( 404 ).end( 'Not found' );
			return;
		}
		if (
			req.method === 'POST' &&
			( url.pathname === '/customer' || url.pathname === '/card' )
		) {
			onJson( req, async ( body ) => {
				if ( ! body || typeof body.idempotencyKey !== 'string' ) {
					json( res, 400, {
						success: false,
						errors: [ { detail: 'Bad Request' } ],
					} );
					return;
				}
				const request =
					url.pathname === '/customer'
						? [
								'/v2/customers',
								{
									idempotency_key: body.idempotencyKey,
									given_name: body.givenName,
									family_name: body.familyName,
									email_address: body.emailAddress,
								},
								'customer',
							]
						: [
								'/v2/cards',
								{
									idempotency_key: body.idempotencyKey,
									source_id: body.sourceId,
									...( body.verificationToken
										? {
												verification_token:
													body.verificationToken,
											}
										: {} ),
									card: { customer_id: body.customerId },
								},
								'card',
							];
				try {
					const r = await fetch(
						`${ providerUrl }${ request[ 0 ] }`,
						{
							method: 'POST',
							headers: {
								Authorization: 'Bearer sandbox-merchant-token',
								'Content-Type': 'application/json',
							},
							body: JSON.stringify( request[ 1 ] ),
						}
					);
					const data = await r.json();
					json(
						res,
						r.ok ? 200 : r.status,
						r.ok
							? {
									success: true,
									[ request[ 2 ] ]: data[ request[ 2 ] ],
								}
							: { success: false, errors: data.errors }
					);
				} catch ( error ) {
					json( res, 502, {
						success: false,
						errors: [ { detail: String( error.message ) } ],
					} );
				}
			} );
			return;
		}
		if ( req.method === 'POST' && url.pathname === '/payment' ) {
			onJson( req, async ( body ) => {
				if (
					! body ||
					typeof body.sourceId !== 'string' ||
					typeof body.idempotencyKey !== 'string'
				) {
					json( res, 400, {
						success: false,
						errors: [ { detail: 'Bad Request' } ],
					} );
					return;
				}
				// The price is the server's: the browser only names what is bought.
				const itemId = body.itemId ?? CHECKOUT_ITEM;
				if (
					typeof itemId !== 'string' ||
					! Object.hasOwn( ITEMS, itemId )
				) {
					json( res, 400, {
						success: false,
						errors: [ { detail: 'Unknown item' } ],
					} );
					return;
				}
				const amount = ITEMS[ itemId ];
				const locationId = body.locationId ?? LOCATION_ID;
				if ( ! Object.hasOwn( LOCATIONS, locationId ) ) {
					json( res, 400, {
						success: false,
						errors: [ { detail: 'Unknown location' } ],
					} );
					return;
				}
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
							amount_money: {
								amount,
								currency: LOCATIONS[ locationId ],
							},
							location_id: locationId,
							...( body.verificationToken
								? { verification_token: body.verificationToken }
								: {} ),
							...( typeof body.customerId === 'string'
								? { customer_id: body.customerId }
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
