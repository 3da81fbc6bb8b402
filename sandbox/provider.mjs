/**
 * Provider sandbox (issue 6): serves the SDK, its frames and stylesheets under a versioned path,
 * implements the endpoints the SDK calls (hydrate, card-nonce, verify-buyer, metrics, error
 * reports) and a minimal Payments API for merchant servers. Loopback only, no dependencies.
 * Its ledger (GET /__ledger) is what tests read. See docs/payments-sdk.md.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hydrationFor } from './applications.mjs';
import {
	DECLINE_DETAILS,
	DECLINING_VALUES,
	FIXED_TOKENS,
	GIFT_CARDS,
	SUPPORTED_BRANDS,
	TEST_CARDS,
	testCardOfBin,
} from './test-cards.mjs';

const HERE = path.dirname( fileURLToPath( import.meta.url ) );
const BUILD = path.resolve( HERE, '..', 'build', 'payments-sdk' );
const STATIC = path.join( HERE, 'static' );
export const VERSION = '1.51.4';
const TOKEN_TTL_MS = Number(
	process.env.SANDBOX_TOKEN_TTL_MS || 24 * 3600 * 1000
);

const id = ( prefix, n = 12 ) =>
	`${ prefix }${ randomBytes( n ).toString( 'base64url' ) }`;
const luhn = ( d ) => {
	let s = 0;
	for ( let i = 0; i < d.length; i++ ) {
		let x = Number( d[ d.length - 1 - i ] );
		if ( i % 2 ) {
			x *= 2;
			if ( x > 9 ) {
				x -= 9;
			}
		}
		s += x;
	}
	return s % 10 === 0;
};

/** Postal code formats of the postal countries (spec §3: US, CA, GB), as the card frame's. */
const POSTAL_CODES = {
	US: /^\d{5}(-?\d{4})?$/,
	CA: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i,
	GB: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i,
};

/**
 * Whether an application id is one of this sandbox's: the sandbox prefix and 22 to 37 word or
 * hyphen characters (spec §5). Ids listed in applications.mjs get their own hydration, any other
 * sandbox id the defaults; production and malformed ids are refused.
 *
 * @param {unknown} applicationId Id.
 * @return {boolean} Whether it is accepted.
 */
export function isSandboxApplicationId( applicationId ) {
	return (
		typeof applicationId === 'string' &&
		applicationId.startsWith( 'sandbox-sq0idb-' ) &&
		/^[\w-]{22,37}$/.test( applicationId )
	);
}

const FRAME_HTML = ( name, title ) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${ title }</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="card.css"></head>
<body><script src="${ name }.js"></script></body></html>`;

/**
 * Creates the sandbox server (not listening yet).
 *
 * @return {{server: http.Server, ledger: object}} Server and its ledger.
 */
export function createProvider() {
	const ledger = {
		sessions: [],
		nonces: {},
		verifications: {},
		payments: {},
		idempotency: {},
		metrics: [],
		errorReports: [],
		requests: [],
	};

	const apiError = ( status, category, code, detail, field ) => ( {
		status,
		body: {
			errors: [
				{ category, code, detail, ...( field ? { field } : {} ) },
			],
		},
	} );

	/**
	 * What the provider checks itself, whatever the frame did (spec §5 card validation codes):
	 * the application id, then the card data. Field problems are answered together, one error
	 * per field, so a client that skipped the frame's checks learns every field to fix.
	 *
	 * @param {Object} body Request body.
	 * @return {Object|null} An error answer, or null.
	 */
	function refuseCardRequest( body ) {
		const clientId = body.client_id;
		if ( clientId === undefined || clientId === null || clientId === '' ) {
			return apiError(
				400,
				'INVALID_REQUEST_ERROR',
				'MISSING_APPLICATION_ID',
				'The application id (client_id) is missing.'
			);
		}
		if ( ! isSandboxApplicationId( clientId ) ) {
			return apiError(
				401,
				'AUTHENTICATION_ERROR',
				'INVALID_APPLICATION_ID',
				'The application id is not a sandbox application id.'
			);
		}
		const data = body.gift_card_data ?? body.card_data;
		if (
			! data ||
			typeof data !== 'object' ||
			data.number === undefined ||
			data.number === null ||
			String( data.number ) === ''
		) {
			return apiError(
				400,
				'INVALID_REQUEST_ERROR',
				'MISSING_CARD_DATA',
				'The card data is missing.'
			);
		}
		return refuseSession( body.session_id, clientId );
	}

	/**
	 * The session a nonce request names (spec §7 card-nonce session_id): none is allowed (a
	 * client without the SDK); one that is sent must be a session this sandbox hydrated, for the
	 * same application id.
	 *
	 * @param {unknown} sessionId Sent session id.
	 * @param {string}  clientId  Application id of the request.
	 * @return {Object|null} An error answer, or null.
	 */
	function refuseSession( sessionId, clientId ) {
		if ( sessionId === undefined || sessionId === null ) {
			return null;
		}
		const session = ledger.sessions.find(
			( s ) => s.sessionId === sessionId
		);
		if ( ! session ) {
			return apiError(
				400,
				'INVALID_REQUEST_ERROR',
				'INVALID_SESSION_ID',
				'The session id is not a session of this sandbox.',
				'session_id'
			);
		}
		if ( session.applicationId !== clientId ) {
			return apiError(
				400,
				'INVALID_REQUEST_ERROR',
				'INVALID_SESSION_ID',
				'The session id belongs to another application id.',
				'session_id'
			);
		}
		return null;
	}

	function cardFieldErrors( c, known ) {
		const errors = [];
		const field = ( code, detail, name ) =>
			errors.push( {
				category: 'INVALID_REQUEST_ERROR',
				code,
				detail,
				field: name,
			} );
		const number = String( c.number ?? '' );
		if ( ! /^\d{12,19}$/.test( number ) || ! luhn( number ) ) {
			field(
				'INVALID_CARD_NUMBER',
				'Credit card number is not valid',
				'cardNumber'
			);
		}
		const expMonth = Number( c.exp_month );
		const expYear = Number( c.exp_year );
		const now = new Date();
		if (
			! Number.isInteger( expMonth ) ||
			! Number.isInteger( expYear ) ||
			expMonth < 1 ||
			expMonth > 12 ||
			expYear * 12 + expMonth - 1 <
				now.getUTCFullYear() * 12 + now.getUTCMonth()
		) {
			field(
				'INVALID_EXPIRATION_DATE',
				'Expiration date is not valid',
				'expirationDate'
			);
		}
		const cvvLength = known?.brand === 'AMERICAN_EXPRESS' ? 4 : 3;
		if (
			! new RegExp( `^\\d{${ cvvLength }}$` ).test(
				String( c.cvv ?? '' )
			)
		) {
			field( 'INVALID_CVV', 'CVV is not valid', 'cvv' );
		}
		const postalRule = POSTAL_CODES[ known?.country ] ?? POSTAL_CODES.US;
		if (
			! postalRule.test( String( c.billing_postal_code ?? '' ).trim() )
		) {
			field(
				'INVALID_POSTAL_CODE',
				'Postal code is not valid',
				'postalCode'
			);
		}
		return errors;
	}

	function cardNonce( body ) {
		const refused = refuseCardRequest( body );
		if ( refused ) {
			return refused;
		}
		if ( body.gift_card_data ) {
			const number = String( body.gift_card_data.number ?? '' );
			if ( ! ( number in GIFT_CARDS ) ) {
				return apiError(
					400,
					'INVALID_REQUEST_ERROR',
					'INVALID_SANDBOX_CARD_NUMBER',
					'This gift card number is not a sandbox test gift card.',
					'giftCardNumber'
				);
			}
			const nonce = id( 'cnon:', 18 );
			ledger.nonces[ nonce ] = {
				method: 'GIFT_CARD',
				created: Date.now(),
				used: false,
				// The session the frame tokenized in (from the hydration), as sent.
				sessionId: body.session_id ?? null,
				balance: GIFT_CARDS[ number ],
				card: {
					brand: 'SQUARE_GIFT_CARD',
					last4: number.slice( -4 ),
					expMonth: 0,
					expYear: 0,
					cardType: 'DEBIT',
					prepaidType: 'PREPAID',
				},
			};
			return {
				status: 200,
				body: {
					card_nonce: nonce,
					session_id: body.session_id ?? id( 'sess-' ),
					payment_method_tracking_id: id( 'pmt-' ),
				},
			};
		}
		const c = body.card_data;
		const number = String( c.number );
		const known = TEST_CARDS[ number ];
		const fieldErrors = cardFieldErrors( c, known );
		if ( fieldErrors.length ) {
			return { status: 400, body: { errors: fieldErrors } };
		}
		if ( ! known ) {
			return apiError(
				400,
				'INVALID_REQUEST_ERROR',
				'INVALID_SANDBOX_CARD_NUMBER',
				'This card number is not a sandbox test card. Use one of the documented test cards.',
				'cardNumber'
			);
		}
		if ( ! SUPPORTED_BRANDS.includes( known.brand ) ) {
			return apiError(
				400,
				'PAYMENT_METHOD_ERROR',
				'UNSUPPORTED_CARD_BRAND',
				'Card not supported',
				'cardNumber'
			);
		}
		const expMonth = Number( c.exp_month );
		const expYear = Number( c.exp_year );
		let decline = known.decline;
		decline ??= DECLINING_VALUES.cvv[ c.cvv ];
		decline ??= DECLINING_VALUES.postalCode[ c.billing_postal_code ];
		decline ??=
			DECLINING_VALUES.expiration[
				`${ String( expMonth ).padStart( 2, '0' ) }/${ expYear }`
			];
		const nonce = id( 'cnon:', 18 );
		// The issuing country answers BIN lookups; it is not part of the card summary.
		const { country: _country, decline: _decline, ...summary } = known;
		const card = {
			...summary,
			last4: number.slice( -4 ),
			expMonth,
			expYear,
			postalCode: c.billing_postal_code || undefined,
		};
		// Never the number or the CVV: the ledger holds what the provider would keep.
		ledger.nonces[ nonce ] = {
			method: 'CARD',
			created: Date.now(),
			used: false,
			sessionId: body.session_id ?? null,
			decline,
			bin: number.slice( 0, 6 ),
			card,
			sca: decline === 'CARD_DECLINED_VERIFICATION_REQUIRED',
		};
		if ( decline === 'CARD_DECLINED_VERIFICATION_REQUIRED' ) {
			delete ledger.nonces[ nonce ].decline;
		}
		return {
			status: 200,
			body: {
				card_nonce: nonce,
				card,
				session_id: body.session_id ?? id( 'sess-' ),
				payment_method_tracking_id: id( 'pmt-' ),
			},
		};
	}

	/**
	 * BIN lookup (spec §7 /v2/tokenization/product-information): the issuing country and brand
	 * of a test card's first 6 digits; an unknown BIN has no country. Only the BIN is sent.
	 *
	 * @param {Object} body Request body {bin}.
	 */
	function productInformation( body ) {
		const bin = String( body.bin ?? '' );
		if ( ! /^\d{6}$/.test( bin ) ) {
			return apiError(
				400,
				'INVALID_REQUEST_ERROR',
				'INVALID_VALUE',
				'bin must be the first 6 digits of a card number.',
				'bin'
			);
		}
		const card = testCardOfBin( bin );
		return {
			status: 200,
			body: {
				bin,
				country: card?.country ?? null,
				brand: card?.brand ?? null,
			},
		};
	}

	function verifyBuyer( body ) {
		const source = String( body.source ?? '' );
		if ( ! source ) {
			return apiError(
				400,
				'INVALID_REQUEST_ERROR',
				'MISSING_REQUIRED_PARAMETER',
				'The source is required.',
				'source'
			);
		}
		if ( ! ledger.nonces[ source ] && ! FIXED_TOKENS[ source ] ) {
			return apiError(
				400,
				'INVALID_REQUEST_ERROR',
				'NOT_FOUND',
				'The source to verify is unknown.',
				'source'
			);
		}
		const token = id( 'verf:', 18 );
		ledger.verifications[ token ] = {
			source,
			intent: body.details?.intent,
			amount: body.details?.amount,
			currencyCode: body.details?.currencyCode,
			created: Date.now(),
		};
		return { status: 200, body: { token, userChallenged: false } };
	}

	function sourceOf( sourceId ) {
		if ( FIXED_TOKENS[ sourceId ] ) {
			return {
				...FIXED_TOKENS[ sourceId ],
				created: Date.now(),
				used: false,
				fixed: true,
			};
		}
		return ledger.nonces[ sourceId ];
	}

	function createPayment( body ) {
		const missing = [ 'source_id', 'idempotency_key' ].find(
			( k ) => typeof body[ k ] !== 'string' || body[ k ] === ''
		);
		if ( missing ) {
			return apiError(
				400,
				'INVALID_REQUEST_ERROR',
				body[ missing ] === ''
					? 'VALUE_EMPTY'
					: 'MISSING_REQUIRED_PARAMETER',
				`Field must be set: ${ missing }.`,
				missing
			);
		}
		if ( body.idempotency_key.length > 45 ) {
			return apiError(
				400,
				'INVALID_REQUEST_ERROR',
				'VALUE_TOO_LONG',
				'idempotency_key must be at most 45 characters.',
				'idempotency_key'
			);
		}
		const m = body.amount_money;
		if (
			! m ||
			! Number.isInteger( m.amount ) ||
			m.amount < 0 ||
			typeof m.currency !== 'string'
		) {
			return apiError(
				400,
				'INVALID_REQUEST_ERROR',
				'MISSING_REQUIRED_PARAMETER',
				'amount_money needs an integer amount and a currency.',
				'amount_money'
			);
		}
		const source = sourceOf( body.source_id );
		if ( ! source ) {
			return apiError(
				404,
				'INVALID_REQUEST_ERROR',
				'NOT_FOUND',
				'The card token is unknown.',
				'source_id'
			);
		}
		if ( source.used && ! source.reusable ) {
			return apiError(
				400,
				'INVALID_REQUEST_ERROR',
				'CARD_TOKEN_USED',
				'The card token was already used; tokenize the card again.',
				'source_id'
			);
		}
		if ( Date.now() - source.created > TOKEN_TTL_MS || source.expired ) {
			return apiError(
				400,
				'INVALID_REQUEST_ERROR',
				'CARD_TOKEN_EXPIRED',
				'The card token has expired; tokenize the card again.',
				'source_id'
			);
		}
		let decline = source.decline;
		if ( ! decline && source.sca ) {
			const v =
				body.verification_token &&
				ledger.verifications[ body.verification_token ];
			// The token must reference this source; amount and currency are not checked (compat §c).
			if ( ! v || v.source !== body.source_id ) {
				decline = 'CARD_DECLINED_VERIFICATION_REQUIRED';
			}
		}
		if (
			! decline &&
			source.method === 'GIFT_CARD' &&
			source.balance < m.amount
		) {
			decline = 'INSUFFICIENT_FUNDS';
		}
		source.used = true;
		const now = new Date().toISOString();
		const autocomplete = body.autocomplete !== false;
		let paymentStatus = autocomplete ? 'COMPLETED' : 'APPROVED';
		let cardStatus = autocomplete ? 'CAPTURED' : 'AUTHORIZED';
		if ( decline ) {
			paymentStatus = 'FAILED';
			cardStatus = 'FAILED';
		}
		const payment = {
			id: id( '', 18 ).replace( /[-_]/g, 'x' ),
			created_at: now,
			updated_at: now,
			amount_money: m,
			total_money: m,
			approved_money: decline ? { amount: 0, currency: m.currency } : m,
			status: paymentStatus,
			source_type: 'CARD',
			card_details: {
				status: cardStatus,
				card: {
					card_brand: source.card.brand,
					last_4: source.card.last4,
					exp_month: source.card.expMonth,
					exp_year: source.card.expYear,
					card_type: source.card.cardType,
					prepaid_type: source.card.prepaidType,
					bin: source.bin ?? '411111',
					fingerprint: `sq-1-${ createHash( 'sha256' )
						.update( source.card.last4 + source.card.brand )
						.digest( 'base64url' )
						.slice( 0, 20 ) }`,
				},
				entry_method: 'KEYED',
				cvv_status:
					decline === 'CVV_FAILURE' ? 'CVV_REJECTED' : 'CVV_ACCEPTED',
				avs_status:
					decline === 'ADDRESS_VERIFICATION_FAILURE'
						? 'AVS_REJECTED'
						: 'AVS_ACCEPTED',
				statement_description: 'SQ *KESTREL SANDBOX',
			},
			location_id: body.location_id ?? 'LSANDBOXMAIN',
			order_id: body.order_id ?? id( 'order-' ),
			customer_id: body.customer_id,
			reference_id: body.reference_id,
			note: body.note,
			receipt_number: id( '', 3 ).toUpperCase(),
			delay_action: autocomplete ? undefined : 'CANCEL',
			version_token: id( 'v' ),
			source_id: body.source_id,
			verification_token: body.verification_token,
		};
		payment.receipt_url = `https://sandbox.receipts.invalid/${ payment.id }`;
		ledger.payments[ payment.id ] = payment;
		if ( decline ) {
			return {
				status: 400,
				body: {
					errors: [
						{
							category: 'PAYMENT_METHOD_ERROR',
							code: decline,
							detail: DECLINE_DETAILS[ decline ],
						},
					],
					payment,
				},
			};
		}
		return { status: 200, body: { payment } };
	}

	function paymentsApi( method, parts, body, headers ) {
		if ( ! /^Bearer \S+/.test( headers.authorization ?? '' ) ) {
			return apiError(
				401,
				'AUTHENTICATION_ERROR',
				'UNAUTHORIZED',
				'This request could not be authorized: send Authorization: Bearer <token>.'
			);
		}
		if ( method === 'POST' && parts.length === 2 ) {
			const key = body.idempotency_key;
			// The same request whatever its key order: hash the canonical (key-sorted) JSON.
			const hash = createHash( 'sha256' )
				.update( canonicalJson( body ) )
				.digest( 'hex' );
			const seen = typeof key === 'string' && ledger.idempotency[ key ];
			if ( seen ) {
				if ( seen.hash !== hash ) {
					return apiError(
						400,
						'INVALID_REQUEST_ERROR',
						'IDEMPOTENCY_KEY_REUSED',
						'This idempotency key was already used with a different request.',
						'idempotency_key'
					);
				}
				return { ...seen.response, replay: true };
			}
			const response = createPayment( body );
			if (
				typeof key === 'string' &&
				key &&
				response.status !== 401 &&
				response.body.payment
			) {
				ledger.idempotency[ key ] = { hash, response };
			}
			return response;
		}
		const payment = ledger.payments[ parts[ 2 ] ];
		if ( ! payment ) {
			return apiError(
				404,
				'INVALID_REQUEST_ERROR',
				'NOT_FOUND',
				`Payment ${ parts[ 2 ] } was not found.`
			);
		}
		if ( method === 'GET' && parts.length === 3 ) {
			return { status: 200, body: { payment } };
		}
		if (
			method === 'POST' &&
			( parts[ 3 ] === 'complete' || parts[ 3 ] === 'cancel' )
		) {
			if ( payment.status !== 'APPROVED' ) {
				return apiError(
					400,
					'INVALID_REQUEST_ERROR',
					'BAD_REQUEST',
					`A payment with status ${ payment.status } cannot be ${ parts[ 3 ] === 'complete' ? 'completed' : 'canceled' }.`
				);
			}
			payment.status =
				parts[ 3 ] === 'complete' ? 'COMPLETED' : 'CANCELED';
			payment.card_details.status =
				parts[ 3 ] === 'complete' ? 'CAPTURED' : 'VOIDED';
			payment.updated_at = new Date().toISOString();
			return { status: 200, body: { payment } };
		}
		return apiError(
			404,
			'INVALID_REQUEST_ERROR',
			'NOT_FOUND',
			'Unknown endpoint.'
		);
	}

	function serveFile( res, file, type ) {
		fs.readFile( file, ( err, data ) => {
			if ( err ) {
				res.writeHead( 404, { 'Content-Type': 'text/plain' } ).end(
					'Not found (run npm run build).'
				);
				return;
			}
			res.writeHead( 200, {
				'Content-Type': type,
				'Cache-Control': 'no-cache',
			} ).end( data );
		} );
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
				'Access-Control-Allow-Methods': 'GET, POST',
				'Access-Control-Allow-Headers':
					'Content-Type, Authorization, Square-Version',
				'Access-Control-Max-Age': '600',
			} ).end();
			return;
		}
		const p = url.pathname;
		if ( req.method === 'GET' ) {
			if ( p === '/v1/square.js' || p === `/v1/${ VERSION }/square.js` ) {
				return serveFile(
					res,
					path.join( BUILD, 'square.js' ),
					'text/javascript'
				);
			}
			const frame = p.match(
				new RegExp(
					`^/v1/${ VERSION.replace( /\./g, '\\.' ) }/frames/(card|gift-card|main)\\.(html|js)$`
				)
			);
			if ( frame ) {
				if ( frame[ 2 ] === 'js' ) {
					return serveFile(
						res,
						path.join( BUILD, 'frames', `${ frame[ 1 ] }.js` ),
						'text/javascript'
					);
				}
				res.writeHead( 200, {
					'Content-Type': 'text/html; charset=utf-8',
					'Cache-Control': 'no-cache',
				} );
				return res.end(
					FRAME_HTML(
						frame[ 1 ],
						frame[ 1 ] === 'main'
							? 'Payments session'
							: 'Secure card input'
					)
				);
			}
			if ( p === `/v1/${ VERSION }/frames/card.css` ) {
				return serveFile(
					res,
					path.join( STATIC, 'card.css' ),
					'text/css'
				);
			}
			if ( p === `/v1/${ VERSION }/card-wrapper.css` ) {
				return serveFile(
					res,
					path.join( STATIC, 'card-wrapper.css' ),
					'text/css'
				);
			}
			if ( p === '/__ledger' ) {
				res.writeHead( 200, { 'Content-Type': 'application/json' } );
				return res.end( JSON.stringify( ledger ) );
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
			if ( req.method === 'POST' && p === '/payments/hydrate' ) {
				if ( ! body.applicationId ) {
					return send(
						res,
						apiError(
							400,
							'INVALID_REQUEST_ERROR',
							'MISSING_APPLICATION_ID',
							'The application id is missing.'
						)
					);
				}
				if ( ! isSandboxApplicationId( body.applicationId ) ) {
					return send(
						res,
						apiError(
							401,
							'AUTHENTICATION_ERROR',
							'INVALID_APPLICATION_ID',
							'The application id is not a sandbox application id.'
						)
					);
				}
				const sessionId = id( 'sess-' );
				ledger.sessions.push( {
					sessionId,
					applicationId: body.applicationId,
					locationId: body.locationId,
					hostname: body.hostname,
				} );
				return send( res, {
					status: 200,
					body: {
						avt: id( 'avt-' ),
						sessionId,
						instanceId: id( 'inst-' ),
						...hydrationFor( body.applicationId ),
					},
				} );
			}
			if ( req.method === 'POST' && p === '/v2/card-nonce' ) {
				return send( res, cardNonce( body ) );
			}
			if (
				req.method === 'POST' &&
				p === '/v2/tokenization/product-information'
			) {
				return send( res, productInformation( body ) );
			}
			if ( req.method === 'POST' && p === '/v2/verify-buyer' ) {
				return send( res, verifyBuyer( body ) );
			}
			if (
				req.method === 'POST' &&
				( p === '/payments/mtx' || p === '/payments/mtx/v2' )
			) {
				ledger.metrics.push( ...( body.metrics ?? [ body ] ) );
				return send( res, { status: 204 } );
			}
			if ( req.method === 'POST' && p === '/payments/mtx/error' ) {
				ledger.errorReports.push( body );
				return send( res, { status: 204 } );
			}
			const parts = p.split( '/' ).filter( Boolean );
			if ( parts[ 0 ] === 'v2' && parts[ 1 ] === 'payments' ) {
				return send(
					res,
					paymentsApi( req.method, parts, body, req.headers )
				);
			}
			if ( req.method === 'POST' && p === '/__expire' ) {
				const n = ledger.nonces[ body.token ];
				if ( n ) {
					n.expired = true;
				}
				return send( res, {
					status: n ? 200 : 404,
					body: { ok: Boolean( n ) },
				} );
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

/**
 * JSON with object keys sorted at every depth, so equal bodies give equal text.
 *
 * @param {unknown} value Parsed JSON.
 * @return {string} Canonical JSON.
 */
export function canonicalJson( value ) {
	if ( Array.isArray( value ) ) {
		return `[${ value.map( canonicalJson ).join( ',' ) }]`;
	}
	if ( value && typeof value === 'object' ) {
		return `{${ Object.keys( value )
			.sort()
			.filter( ( k ) => value[ k ] !== undefined )
			.map(
				( k ) =>
					`${ JSON.stringify( k ) }:${ canonicalJson( value[ k ] ) }`
			)
			.join( ',' ) }}`;
	}
	return JSON.stringify( value ) ?? 'null';
}

function send( res, { status, body } ) {
	if ( status === 204 || body === undefined ) {
		res.writeHead( status ).end();
		return;
	}
	res.writeHead( status, { 'Content-Type': 'application/json' } ).end(
		JSON.stringify( body )
	);
}
