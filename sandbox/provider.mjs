/**
 * Provider sandbox (issue 6): serves the SDK, its frames and stylesheets under a versioned path,
 * implements the endpoints the SDK calls (hydrate, card-nonce, verify-buyer, metrics, error
 * reports) and a minimal Payments API for merchant servers. Loopback only, no dependencies.
 * Its ledger (GET /__ledger) is what tests read. See docs/payments-sdk.md and sandbox/README.md.
 *
 * Each provider area lives in sandbox/provider/<area>.mjs; this file wires them into one server.
 */
import http from 'node:http';
import { serveAsset } from './provider/assets.mjs';
import { cardArea } from './provider/cards.mjs';
import { controlRoutes } from './provider/control.mjs';
import { paymentsRoutes } from './provider/payments-api.mjs';
import { sessionRoutes } from './provider/session.mjs';
import { apiError, send } from './provider/shared.mjs';
import { createLedger } from './provider/state.mjs';

export {
	VERSION,
	canonicalJson,
	isSandboxApplicationId,
} from './provider/shared.mjs';

/**
 * Creates the sandbox server (not listening yet).
 *
 * @return {{server: http.Server, ledger: object}} Server and its ledger.
 */
export function createProvider() {
	const ledger = createLedger();
	const cards = cardArea( { ledger } );
	const ctx = { ledger, sourceOf: cards.sourceOf };
	const control = controlRoutes( ctx );
	const routes = [
		sessionRoutes( ctx ),
		cards.handle,
		paymentsRoutes( ctx ),
		control,
	];

	const server = http.createServer( ( req, res ) => {
		const url = new URL( req.url, 'http://sandbox' );
		const origin = req.headers.origin;
		if ( origin ) {
			res.setHeader( 'Access-Control-Allow-Origin', origin );
			res.setHeader( 'Access-Control-Allow-Credentials', 'true' );
			res.setHeader( 'Vary', 'Origin' );
		}
		if ( req.method === 'OPTIONS' ) {
			res.writeHead( 204, {
				'Access-Control-Allow-Methods': 'GET, POST',
				'Access-Control-Allow-Headers':
					'Content-Type, Authorization, Square-Version',
				'Access-Control-Max-Age': '600',
			} ).end();
			return;
		}
		const p = url.pathname;
		if ( req.method === 'GET' ) {
			if ( serveAsset( res, p ) ) {
				return;
			}
			// Reading the ledger is not itself recorded in it.
			const answer = control( {
				method: 'GET',
				path: p,
				parts: p.split( '/' ).filter( Boolean ),
				body: {},
				headers: req.headers,
			} );
			if ( answer ) {
				return send( res, answer );
			}
		}
		let raw = '';
		req.on( 'data', ( c ) => {
			raw += c;
			if ( raw.length > 1e6 ) {
				req.destroy();
			}
		} );
		req.on( 'end', () => {
			let body = {};
			try {
				body = raw ? JSON.parse( raw ) : {};
			} catch {
				return send(
					res,
					apiError(
						400,
						'INVALID_REQUEST_ERROR',
						'INVALID_BODY',
						'The body is not valid JSON.'
					)
				);
			}
			ledger.requests.push( {
				method: req.method,
				path: p,
				time: Date.now(),
			} );
			const request = {
				method: req.method,
				path: p,
				parts: p.split( '/' ).filter( Boolean ),
				body,
				headers: req.headers,
			};
			for ( const route of routes ) {
				const answer = route( request );
				if ( answer ) {
					return send( res, answer );
				}
			}
			return send(
				res,
				apiError(
					404,
					'INVALID_REQUEST_ERROR',
					'NOT_FOUND',
					'The requested resource was not found.'
				)
			);
		} );
	} );
	return { server, ledger };
}
