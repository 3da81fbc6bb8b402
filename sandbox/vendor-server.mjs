/**
 * The vendor origin (wave 2 design A.0.6 rule 2): a second listener, so that what a wallet or
 * bank vendor shows (the Apple Pay and Google Pay sheets, …) is cross-origin to both the
 * merchant page and the provider, as in production. It serves the stand-ins' built page scripts
 * (build/payments-sdk/vendors/<vendor>/<name>.js) and each vendor area's own routes.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiError, send } from './provider/shared.mjs';

const HERE = path.dirname( fileURLToPath( import.meta.url ) );
const VENDORS = path.resolve( HERE, '..', 'build', 'payments-sdk', 'vendors' );
const SCRIPT = /^\/([a-z-]+)\/([a-z-]+)\.js$/;

/**
 * Creates the vendor server (not listening yet).
 *
 * @param {Array<Function>} handlers Vendor handlers ({method, path, query, body}) => answer|undefined.
 * @return {http.Server} Server.
 */
export function createVendorServer( handlers ) {
	return http.createServer( ( req, res ) => {
		const url = new URL( req.url, 'http://vendor' );
		const script = req.method === 'GET' && url.pathname.match( SCRIPT );
		if ( script ) {
			fs.readFile(
				path.join( VENDORS, script[ 1 ], `${ script[ 2 ] }.js` ),
				( err, data ) =>
					err
						? send( res, {
								status: 404,
								type: 'text/plain',
								body: 'Not found (run npm run build).',
							} )
						: send( res, {
								status: 200,
								type: 'text/javascript',
								body: data,
							} )
			);
			return;
		}
		let raw = '';
		req.on( 'data', ( c ) => {
			raw += c;
			if ( raw.length > 1e6 ) {
				req.destroy();
			}
		} );
		req.on( 'end', async () => {
			let body = {};
			try {
				body = raw ? JSON.parse( raw ) : {};
			} catch {
				body = {};
			}
			const request = {
				method: req.method,
				path: url.pathname,
				query: url.searchParams,
				body,
				headers: req.headers,
			};
			for ( const handler of handlers ) {
				const found = await handler( request );
				if ( found ) {
					return send( res, found );
				}
			}
			send(
				res,
				apiError(
					404,
					'INVALID_REQUEST_ERROR',
					'NOT_FOUND',
					'No such vendor page.'
				)
			);
		} );
	} );
}
