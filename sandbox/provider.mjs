/**
 * Provider sandbox (issues 6 and 13): serves the SDK, its frames and stylesheets under a
 * versioned path, implements the endpoints the SDK calls (hydrate, card-nonce, verify-buyer,
 * metrics, error reports) and the merchant server's APIs (payments, refunds, locations, webhook
 * subscriptions with signed delivery), plus test controls (/__…). Loopback only, no dependencies.
 * Its ledger (GET /__ledger) is what tests read. See sandbox/README.md and docs/payments-sdk.md.
 *
 * Each provider area lives in sandbox/provider/<area>.mjs; this file wires them into one server.
 */
import http from 'node:http';
import { achArea } from './provider/ach.mjs';
import { afterpayArea } from './provider/afterpay.mjs';
import { applePayArea } from './provider/apple-pay.mjs';
import { serveAsset } from './provider/assets.mjs';
import { cardArea } from './provider/cards.mjs';
import { cashAppArea } from './provider/cash-app.mjs';
import { cardOnFileRoutes } from './provider/cards-on-file.mjs';
import { controlRoutes } from './provider/control.mjs';
import { customerRoutes } from './provider/customers.mjs';
import { FAULT_500, faultArea } from './provider/faults.mjs';
import { googlePayArea } from './provider/google-pay.mjs';
import { locationRoutes } from './provider/locations.mjs';
import { paymentsRoutes } from './provider/payments-api.mjs';
import { refundArea } from './provider/refunds.mjs';
import { sessionRoutes } from './provider/session.mjs';
import { apiError, send } from './provider/shared.mjs';
import { authorized, createLedger } from './provider/state.mjs';
import { webhookArea } from './provider/webhooks.mjs';
import { createVendorServer } from './vendor-server.mjs';

export {
	VERSION,
	canonicalJson,
	isSandboxApplicationId,
} from './provider/shared.mjs';

/** The merchant server's APIs: a bearer token is required. */
const MERCHANT_API =
	/^\/v2\/(payments|refunds|locations|webhooks|customers|cards)(\/|$)/;

const UNAUTHORIZED = apiError(
	401,
	'AUTHENTICATION_ERROR',
	'UNAUTHORIZED',
	'This request could not be authorized: send Authorization: Bearer <token>.'
);

/**
 * Creates the sandbox server and the vendor stand-ins' server (neither listening yet).
 *
 * @param {Object} [options]              Options.
 * @param {string} [options.vendorOrigin] Where vendorServer will listen ("http://127.0.0.1:8892").
 * @return {{server: http.Server, vendorServer: http.Server, ledger: object}} Servers and ledger.
 */
export function createProvider( { vendorOrigin = '' } = {} ) {
	const ledger = createLedger();
	/** Sockets of requests a `timeout` fault holds (never answered). */
	const held = new Set();
	const cards = cardArea( { ledger } );
	const webhooks = webhookArea( { ledger } );
	const faults = faultArea( { ledger } );
	/**
	 * The source behind a source_id: a payment method area's own tokens (an area may answer
	 * sourceOf, e.g. bank nonces; such a source has charge(body), see payments-api.mjs), else a
	 * card's.
	 *
	 * @param {string} sourceId Source id.
	 * @return {Object|undefined} Source.
	 */
	const sourceOf = ( sourceId ) => {
		for ( const area of wallets ) {
			const found = area.sourceOf?.( sourceId );
			if ( found ) {
				return found;
			}
		}
		return cards.sourceOf( sourceId );
	};
	const ctx = { ledger, sourceOf, emit: webhooks.emit };
	const refunds = refundArea( ctx );
	const walletCtx = {
		ledger,
		emit: webhooks.emit,
		vendorOrigin: () => vendorOrigin,
	};
	// Payment method areas beyond cards: {api, vendor, sourceOf?, control?, instantWalletNonce?,
	// vendorScenario?}.
	const wallets = [
		applePayArea( walletCtx ),
		googlePayArea( walletCtx ),
		cashAppArea( walletCtx ),
		achArea( walletCtx ),
		afterpayArea( walletCtx ),
	];
	/**
	 * POST /v2/instant-wallet-nonce is one path for several payment methods (Cash App Pay,
	 * Afterpay): the body's `<method>_data` key says whose it is, and the area that declares that
	 * key ({instantWalletNonce: {dataKey, create}}) answers, so no area needs to know the others.
	 * Areas are asked in the `wallets` order; a body no area claims falls through (404).
	 *
	 * @param {Object} request        Request.
	 * @param {string} request.method Method.
	 * @param {string} request.path   Path.
	 * @param {Object} request.body   Body.
	 * @return {Object|undefined} The owning area's answer.
	 */
	const instantWalletNonce = ( { method, path, body } ) => {
		if ( method !== 'POST' || path !== '/v2/instant-wallet-nonce' ) {
			return undefined;
		}
		const owner = wallets.find(
			( w ) =>
				w.instantWalletNonce && body[ w.instantWalletNonce.dataKey ]
		);
		return owner?.instantWalletNonce.create( body );
	};
	/**
	 * POST /__vendors/scenario {vendor, scenario}: test switches of a vendor stand-in, kept by
	 * the area that declares that vendor ({vendorScenario: {vendor, set}}); `{}` resets them.
	 * Answers {vendor, scenario}; an unknown vendor falls through (404).
	 *
	 * @param {Object} request        Request.
	 * @param {string} request.method Method.
	 * @param {string} request.path   Path.
	 * @param {Object} request.body   Body.
	 * @return {Object|undefined} The answer.
	 */
	const vendorScenario = ( { method, path, body } ) => {
		if ( method !== 'POST' || path !== '/__vendors/scenario' ) {
			return undefined;
		}
		const owner = wallets.find(
			( w ) => w.vendorScenario && w.vendorScenario.vendor === body.vendor
		);
		if ( ! owner ) {
			return undefined;
		}
		const scenario = { ...( body.scenario ?? {} ) };
		owner.vendorScenario.set( scenario );
		return { status: 200, body: { vendor: body.vendor, scenario } };
	};
	const payments = paymentsRoutes( ctx );
	const control = controlRoutes( {
		ledger,
		onReset: () => {
			webhooks.reset();
			for ( const socket of held ) {
				socket.destroy();
			}
			held.clear();
		},
	} );
	const merchantRoutes = [
		payments.api,
		refunds.api,
		locationRoutes(),
		webhooks.api,
		customerRoutes( ctx ).api,
		cardOnFileRoutes( ctx ).api,
	];
	const routes = [
		sessionRoutes( ctx ),
		instantWalletNonce,
		vendorScenario,
		// Before cards: a wallet's /v2/card-nonce body (apple_pay, google_pay) is theirs.
		...wallets.map( ( w ) => w.api ),
		cards.handle,
		( request ) => {
			if ( ! MERCHANT_API.test( request.path ) ) {
				return undefined;
			}
			if ( ! authorized( request.headers ) ) {
				return UNAUTHORIZED;
			}
			for ( const handler of merchantRoutes ) {
				const found = handler( request );
				if ( found ) {
					return found;
				}
			}
			return undefined;
		},
		control,
		// Before payments.control: an area may settle its own payments (POST /__settle).
		...wallets.filter( ( w ) => w.control ).map( ( w ) => w.control ),
		faults.handle,
		webhooks.control,
		refunds.control,
		payments.control,
	];

	async function route( request ) {
		for ( const handler of routes ) {
			const found = await handler( request );
			if ( found ) {
				return found;
			}
		}
		return apiError(
			404,
			'INVALID_REQUEST_ERROR',
			'NOT_FOUND',
			'The requested resource was not found.'
		);
	}

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
				'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE',
				'Access-Control-Allow-Headers':
					'Content-Type, Authorization, Square-Version',
				'Access-Control-Max-Age': '600',
			} ).end();
			return;
		}
		const p = url.pathname;
		if ( req.method === 'GET' && serveAsset( res, p, vendorOrigin ) ) {
			return;
		}
		const isControl = p.startsWith( '/__' );
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
			const fault = isControl ? undefined : faults.take( req.method, p );
			// Reading the ledger and the other controls' GETs is not itself recorded.
			if ( ! ( isControl && req.method === 'GET' ) ) {
				ledger.requests.push( {
					method: req.method,
					path: p,
					time: Date.now(),
					...( fault ? { fault: fault.mode } : {} ),
				} );
			}
			if ( fault?.mode === '500' ) {
				return send( res, FAULT_500 );
			}
			if ( fault?.mode === 'timeout' ) {
				held.add( req.socket );
				req.socket.once( 'close', () => held.delete( req.socket ) );
				return;
			}
			let result;
			try {
				result = await route( {
					method: req.method,
					path: p,
					parts: p.split( '/' ).filter( Boolean ),
					query: url.searchParams,
					body,
					headers: req.headers,
				} );
			} catch ( e ) {
				result = apiError(
					500,
					'API_ERROR',
					'INTERNAL_SERVER_ERROR',
					`The sandbox failed: ${ e?.message ?? e }`
				);
			}
			if ( fault?.mode === 'drop-response-after-commit' ) {
				req.socket.destroy();
				return;
			}
			return send( res, result );
		} );
	} );
	const vendorServer = createVendorServer( wallets.map( ( w ) => w.vendor ) );
	return { server, vendorServer, ledger };
}
