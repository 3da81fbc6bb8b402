/**
 * Cash App in the sandbox (wave 2 design A.5, A.7, A.8): the provider's endpoints (`api`), the
 * Pay Kit stand-in's server and approval page on the vendor origin (`vendor`), and the wallet
 * sources CreatePayment charges (`sourceOf`).
 *
 * Pay Kit (public `cashAppPay`):
 * - Vendor POST /cash-app/requests {clientId, request}: a customer request (sandbox client ids
 *   start `CAS-CI_`; USD amount in cents ≥ 1; a redirectURL; a scope id) → {id, approvalUrl,
 *   qrUrl, expiresAt} (10 minutes). GET /cash-app/requests/<id> tells its status;
 *   POST /cash-app/requests/<id>/deliver hands the outcome to a page once (`first` true the
 *   first time only), so a reloaded return URL does not approve twice.
 * - Vendor GET /cash-app/approve/<id>: the page the QR code or the mobile redirect opens —
 *   merchant, amount, Approve / Decline (and Fail with the scenario {fail: true}), then Done.
 *   Approving mints a payment grant bound to the request, its amount, its scope and an expiry
 *   (15 minutes). The buyer is `$CASHTAG_C_TOKEN`, Cash App's sandbox cashtag.
 * - POST /v2/instant-wallet-nonce {cash_app_pay_data}: checks the grant (issued here, unused,
 *   unexpired, same amount, scope = the application's cashAppPayMerchantIdentifier) → `wnon:`.
 *   The path is shared with Afterpay: provider.mjs routes bodies with cash_app_pay_data here
 *   (`instantWalletNonce`).
 *
 * Legacy `cashApp` (ours): POST /v2/cash-app/auth → {expires_in, qr_url, redirect_url,
 * transaction_id}; POST /v2/cash-app/wallet-token {transaction_id, access_token?} → {status
 * PENDING | DECLINED | EXPIRED} or {status APPROVED, token, cashtag}; after a redirect the
 * access token Cash App put in the return URL is required.
 *
 * CreatePayment with a Cash App `wnon:` (A.8): source_type WALLET, wallet_details {status,
 * brand CASH_APP, cash_app_details}; USD only; the amount must equal the approved amount.
 * Fixed tokens: `wnon:cash-app-ok` (any USD amount), `wnon:cash-app-declined` (declined).
 */
import { hydrationFor } from '../applications.mjs';
import {
	id,
	invalid,
	isSandboxApplicationId,
	NOT_SANDBOX_APPLICATION,
} from './shared.mjs';

export const CASHTAG = '$CASHTAG_C_TOKEN';
export const BUYER_NAME = 'Cash App Sandbox Buyer';
const REQUEST_TTL_MS = 10 * 60 * 1000;
const GRANT_TTL_MS = 15 * 60 * 1000;
const FIXED = {
	'wnon:cash-app-ok': null,
	'wnon:cash-app-declined': 'GENERIC_DECLINE',
};

const json = ( status, body ) => ( {
	status,
	type: 'application/json',
	body: JSON.stringify( body ),
	headers: { 'Access-Control-Allow-Origin': '*' },
} );
const html = ( body ) => ( {
	status: 200,
	type: 'text/html; charset=utf-8',
	body,
} );
const escapeHtml = ( s ) =>
	String( s ).replace(
		/[&<>"']/g,
		( c ) =>
			( {
				'&': '&amp;',
				'<': '&lt;',
				'>': '&gt;',
				'"': '&quot;',
				"'": '&#39;',
			} )[ c ]
	);
const dollars = ( cents ) => `$${ ( cents / 100 ).toFixed( 2 ) }`;

/**
 * A QR-like picture of a text (not a scannable QR code: the stand-in only needs an image that
 * differs per request; the approval URL is in the link next to it).
 *
 * @param {string} text Text.
 * @return {string} SVG.
 */
function pseudoQr( text ) {
	const n = 25;
	let hash = 7;
	for ( const ch of text ) {
		hash = ( hash * 31 + ch.charCodeAt( 0 ) ) % 2147483646;
	}
	// Park–Miller generator: exact in doubles.
	let seed = hash + 1;
	const cells = [];
	const finder = ( x, y ) =>
		( x < 7 && y < 7 ) ||
		( x >= n - 7 && y < 7 ) ||
		( x < 7 && y >= n - 7 );
	for ( let y = 0; y < n; y++ ) {
		for ( let x = 0; x < n; x++ ) {
			seed = ( seed * 16807 ) % 2147483647;
			let on = Math.floor( seed / 65536 ) % 2 === 0;
			if ( finder( x, y ) ) {
				const fx = x < 7 ? x : x - ( n - 7 );
				const fy = y < 7 ? y : y - ( n - 7 );
				on =
					fx === 0 ||
					fy === 0 ||
					fx === 6 ||
					fy === 6 ||
					( fx >= 2 && fx <= 4 && fy >= 2 && fy <= 4 );
			}
			if ( on ) {
				cells.push(
					`<rect x="${ x }" y="${ y }" width="1" height="1"/>`
				);
			}
		}
	}
	return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-2 -2 ${ n + 4 } ${
		n + 4
	}" shape-rendering="crispEdges"><rect x="-2" y="-2" width="${ n + 4 }" height="${
		n + 4
	}" fill="#fff"/><g fill="#000">${ cells.join( '' ) }</g></svg>`;
}

/**
 * The Cash App area.
 *
 * @param {{ledger: Object, vendorOrigin: () => string}} ctx Provider context.
 * @return {{api: Function, vendor: Function, sourceOf: Function}} Handlers.
 */
export function cashAppArea( { ledger, vendorOrigin } ) {
	/** Customer requests (Pay Kit) and legacy transactions, by id. */
	const requests = new Map();
	/** Payment grants by id. */
	const grants = new Map();
	/** Wallet nonces by token. */
	const nonces = new Map();
	let scenario = {};

	const expired = ( r ) => Date.now() > r.expiresAt;
	const merchantOf = ( applicationId ) =>
		hydrationFor( applicationId ).merchantName;

	/**
	 * A wallet nonce for an approved amount.
	 *
	 * @param {Object} n {amount|null, decline?}.
	 * @return {Object} Source.
	 */
	const walletSource = ( n ) => ( {
		method: 'WALLET',
		created: Date.now(),
		used: false,
		...n,
		charge( body ) {
			const m = body.amount_money;
			if ( m.currency !== 'USD' ) {
				return {
					refused: invalid(
						'UNSUPPORTED_CURRENCY',
						'Cash App Pay payments must be in USD.',
						'amount_money.currency'
					),
				};
			}
			if ( n.amount !== null && m.amount !== n.amount ) {
				return {
					refused: invalid(
						'INVALID_VALUE',
						`The amount must be the amount the buyer approved in Cash App (${ n.amount } cents), not ${ m.amount }.`,
						'amount_money.amount'
					),
				};
			}
			const autocomplete = body.autocomplete !== false;
			let status = autocomplete ? 'COMPLETED' : 'APPROVED';
			let walletStatus = autocomplete ? 'CAPTURED' : 'AUTHORIZED';
			if ( n.decline ) {
				status = 'FAILED';
				walletStatus = 'FAILED';
			}
			return {
				status,
				decline: n.decline,
				detail: 'Cash App declined the payment.',
				fields: {
					source_type: 'WALLET',
					wallet_details: {
						status: walletStatus,
						brand: 'CASH_APP',
						cash_app_details: {
							buyer_full_name: BUYER_NAME,
							buyer_country_code: 'US',
							buyer_cashtag: CASHTAG,
						},
					},
				},
			};
		},
	} );

	const mint = ( amount ) => {
		const token = id( 'wnon:', 18 );
		nonces.set( token, walletSource( { amount } ) );
		// In the ledger too, so that /__reset forgets it as it forgets other wallet artefacts.
		ledger.wallet_artefacts[ token ] = {
			kind: 'cash-app-nonce',
			amount,
			created: Date.now(),
		};
		return token;
	};

	const sourceOf = ( sourceId ) => {
		if ( sourceId in FIXED ) {
			return walletSource( { amount: null, decline: FIXED[ sourceId ] } );
		}
		return ledger.wallet_artefacts[ sourceId ]?.kind === 'cash-app-nonce'
			? nonces.get( sourceId )
			: undefined;
	};

	function refuseClient( body ) {
		if ( ! isSandboxApplicationId( body.client_id ) ) {
			return NOT_SANDBOX_APPLICATION;
		}
		return null;
	}

	function instantWalletNonce( body ) {
		const refused = refuseClient( body );
		if ( refused ) {
			return refused;
		}
		const d = body.cash_app_pay_data ?? {};
		const grant = grants.get( d.grant_id );
		if ( ! grant ) {
			return invalid(
				'INVALID_GRANT',
				'The Cash App Pay grant is not a grant of this sandbox.',
				'cash_app_pay_data.grant_id'
			);
		}
		const t = d.total_amount ?? {};
		// The same grant asked again by the same SDK session for the same amount (a response
		// lost on the way back and retried): the same nonce again, not an error.
		if (
			grant.used &&
			grant.exchanged &&
			typeof body.session_id === 'string' &&
			body.session_id === grant.exchanged.sessionId &&
			t.amount === grant.amount &&
			t.currency_code === 'USD'
		) {
			return {
				status: 200,
				body: {
					token: grant.exchanged.token,
					cashtag: CASHTAG,
					session_id: body.session_id,
				},
			};
		}
		if ( grant.used ) {
			return invalid(
				'GRANT_USED',
				'The Cash App Pay grant was already used.',
				'cash_app_pay_data.grant_id'
			);
		}
		if ( Date.now() > grant.expiresAt ) {
			return invalid(
				'GRANT_EXPIRED',
				'The Cash App Pay grant has expired.',
				'cash_app_pay_data.grant_id'
			);
		}
		const scope = hydrationFor(
			body.client_id
		).cashAppPayMerchantIdentifier;
		if ( grant.scopeId !== scope ) {
			return invalid(
				'GRANT_SCOPE_MISMATCH',
				"The Cash App Pay grant was not made for this merchant's scope.",
				'cash_app_pay_data.grant_id'
			);
		}
		if ( t.amount !== grant.amount || t.currency_code !== 'USD' ) {
			return invalid(
				'GRANT_AMOUNT_MISMATCH',
				'The Cash App Pay grant was approved for another amount.',
				'cash_app_pay_data.total_amount'
			);
		}
		grant.used = true;
		const token = mint( grant.amount );
		grant.exchanged = { sessionId: body.session_id, token };
		return {
			status: 200,
			body: {
				token,
				cashtag: CASHTAG,
				session_id: body.session_id,
			},
		};
	}

	function legacyAuth( body ) {
		const refused = refuseClient( body );
		if ( refused ) {
			return refused;
		}
		if ( typeof body.redirect_uri !== 'string' || ! body.redirect_uri ) {
			return invalid(
				'MISSING_REQUIRED_PARAMETER',
				'redirect_uri is required.',
				'redirect_uri'
			);
		}
		const t = body.total_transaction_amount;
		if (
			t !== undefined &&
			( t.currency_code !== 'USD' ||
				! Number.isSafeInteger( t.amount ) ||
				t.amount < 1 )
		) {
			return invalid(
				'INVALID_VALUE',
				'total_transaction_amount must be a positive amount in USD cents.',
				'total_transaction_amount'
			);
		}
		const transactionId = String( body.transaction_id || id( 'txn-' ) );
		if ( transactionId.length > 50 ) {
			return invalid(
				'VALUE_TOO_LONG',
				'transaction_id must be at most 50 characters.',
				'transaction_id'
			);
		}
		const r = {
			id: id( 'car-' ),
			kind: 'legacy',
			status: 'PENDING',
			applicationId: body.client_id,
			merchantName: merchantOf( body.client_id ),
			amount: t ? t.amount : null,
			redirectURL: body.redirect_uri,
			transactionId,
			expiresAt: Date.now() + REQUEST_TTL_MS,
			accessToken: id( 'cat-', 24 ),
			code: id( 'cac-', 12 ),
			tokenIssued: false,
		};
		requests.set( r.id, r );
		return {
			status: 200,
			body: {
				expires_in: REQUEST_TTL_MS / 1000,
				qr_url: `${ vendorOrigin() }/cash-app/qr/${ r.id }.svg`,
				redirect_url: `${ vendorOrigin() }/cash-app/approve/${ r.id }?return=1`,
				transaction_id: transactionId,
			},
		};
	}

	function legacyWalletToken( body ) {
		const refused = refuseClient( body );
		if ( refused ) {
			return refused;
		}
		const r = [ ...requests.values() ]
			.reverse()
			.find(
				( x ) =>
					x.kind === 'legacy' &&
					x.transactionId === body.transaction_id &&
					x.applicationId === body.client_id
			);
		if ( ! r ) {
			return invalid(
				'NOT_FOUND',
				'No Cash App transaction with this id.',
				'transaction_id'
			);
		}
		if (
			body.access_token !== undefined &&
			body.access_token !== r.accessToken
		) {
			return invalid(
				'INVALID_ACCESS_TOKEN',
				'The Cash App access token is not the one of this transaction.',
				'access_token'
			);
		}
		if ( r.status === 'PENDING' ) {
			return {
				status: 200,
				body: { status: expired( r ) ? 'EXPIRED' : 'PENDING' },
			};
		}
		if ( r.status !== 'APPROVED' ) {
			return { status: 200, body: { status: 'DECLINED' } };
		}
		if ( r.tokenIssued ) {
			return invalid(
				'TOKEN_ALREADY_ISSUED',
				'A token was already issued for this Cash App transaction.',
				'transaction_id'
			);
		}
		r.tokenIssued = true;
		return {
			status: 200,
			body: {
				status: 'APPROVED',
				token: mint( r.amount ),
				cashtag: CASHTAG,
				payment_method_tracking_id: body.payment_method_tracking_id,
				session_id: body.session_id,
			},
		};
	}

	const api = ( { method, path: p, body } ) => {
		if ( method !== 'POST' ) {
			return undefined;
		}
		if ( p === '/v2/cash-app/auth' ) {
			return legacyAuth( body );
		}
		if ( p === '/v2/cash-app/wallet-token' ) {
			return legacyWalletToken( body );
		}
		return undefined;
	};

	/**
	 * Pay Kit's customer request (what Cash App's server does for `customerRequest`).
	 *
	 * @param {Object} body {clientId, request}.
	 */
	function createRequest( body ) {
		const bad = ( message ) =>
			json( 400, { error: 'INVALID_REQUEST', message } );
		if ( ! /^CAS-CI_/.test( String( body.clientId ) ) ) {
			return bad( 'Unknown sandbox client id (CAS-CI_…).' );
		}
		const rq = body.request ?? {};
		const pay = rq.actions?.payment;
		let url;
		try {
			url = new URL( rq.redirectURL );
		} catch {
			return bad( 'redirectURL must be a URL.' );
		}
		if ( ! pay || typeof pay.scopeId !== 'string' || ! pay.scopeId ) {
			return bad( 'actions.payment with a scopeId is required.' );
		}
		if (
			pay.amount?.currency !== 'USD' ||
			! Number.isSafeInteger( pay.amount?.value ) ||
			pay.amount.value < 1
		) {
			return bad( 'actions.payment.amount must be USD cents ≥ 1.' );
		}
		if (
			rq.referenceId !== undefined &&
			String( rq.referenceId ).length > 1024
		) {
			return bad( 'referenceId is too long.' );
		}
		const r = {
			id: id( 'GRR_', 16 ),
			kind: 'pay-kit',
			status: 'PENDING',
			scopeId: pay.scopeId,
			merchantName: hydrationFor( '' ).merchantName,
			amount: pay.amount.value,
			referenceId: rq.referenceId ?? null,
			redirectURL: url.href,
			expiresAt: Date.now() + ( scenario.requestTtlMs ?? REQUEST_TTL_MS ),
			delivered: false,
		};
		requests.set( r.id, r );
		return json( 200, {
			id: r.id,
			approvalUrl: `${ vendorOrigin() }/cash-app/approve/${ r.id }`,
			qrUrl: `${ vendorOrigin() }/cash-app/qr/${ r.id }.svg`,
			expiresAt: new Date( r.expiresAt ).toISOString(),
		} );
	}

	/**
	 * What a page learns about a request (the approval once approved).
	 *
	 * @param {Object} r Request.
	 * @return {Object} Outcome.
	 */
	const outcomeOf = ( r ) => ( {
		id: r.id,
		status: r.status === 'PENDING' && expired( r ) ? 'EXPIRED' : r.status,
		referenceId: r.referenceId,
		...( r.status === 'APPROVED'
			? {
					customerProfile: { id: 'C_SANDBOX', cashtag: CASHTAG },
					grants: {
						payment: {
							grantId: r.grantId,
							expiresAt: new Date(
								grants.get( r.grantId ).expiresAt
							).toISOString(),
						},
					},
				}
			: {} ),
	} );

	function approvalPage( r, query ) {
		const back = query.get( 'return' ) === '1';
		const self = `/cash-app/approve/${ r.id }${ back ? '?return=1&' : '?' }`;
		const amount = r.amount === null ? '' : dollars( r.amount );
		const head = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cash App Pay</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px/1.4 system-ui,sans-serif;margin:0;background:#f4f4f4}main{max-width:420px;margin:24px auto;background:#fff;border-radius:16px;padding:24px}
h1{font-size:20px}button{display:block;width:100%;margin:8px 0;padding:12px;border-radius:24px;border:0;font:inherit;text-align:center;text-decoration:none}
.approve{background:#00d64f;color:#fff}.decline{background:#eee;color:#000}.fail{background:#fdd;color:#900}.done{background:#000;color:#fff}</style></head><body><main>`;
		if ( r.status === 'PENDING' && expired( r ) ) {
			return html(
				`${ head }<h1>Cash App Pay</h1><p role="alert">This request has expired.</p></main></body></html>`
			);
		}
		if ( r.status === 'PENDING' ) {
			return html( `${ head }<h1>Cash App Pay</h1>
<p>Pay <strong>${ escapeHtml( r.merchantName ) }</strong></p>
${ amount ? `<p>Amount: <strong>${ amount }</strong></p>` : '' }
<p>Paying as ${ CASHTAG }</p>
<form method="post" action="${ self }decision=approve"><button class="approve" type="submit">Approve</button></form>
<form method="post" action="${ self }decision=decline"><button class="decline" type="submit">Decline</button></form>
${
	scenario.fail
		? `<form method="post" action="${ self }decision=fail"><button class="fail" type="submit">Fail</button></form>`
		: ''
}
</main></body></html>` );
		}
		let done = '';
		if ( back ) {
			const u = new URL( r.redirectURL );
			if ( r.kind === 'legacy' ) {
				u.searchParams.set( 'state', r.transactionId );
				if ( r.status === 'APPROVED' ) {
					u.searchParams.set( 'code', r.code );
					u.searchParams.set( 'access_token', r.accessToken );
				} else {
					u.searchParams.set( 'error', 'access_denied' );
				}
			} else {
				u.searchParams.set( 'cash_request_id', r.id );
			}
			// A button, as on Cash App's sandbox page; it goes back to the merchant.
			done = `<button class="done" type="button" data-href="${ escapeHtml(
				u.href
			) }" onclick="location.assign(this.dataset.href)">Done</button>`;
		} else {
			done =
				'<button class="done" type="button" onclick="window.close()" style="background:#000;color:#fff">Done</button>';
		}
		const text = {
			APPROVED: `You approved ${ amount || 'the payment' } to ${ escapeHtml( r.merchantName ) }.`,
			DECLINED: 'You declined the payment.',
			FAILED: 'The payment could not be approved.',
		}[ r.status ];
		return html(
			`${ head }<h1>Cash App Pay</h1><p role="status">${ text }</p>${ done }</main></body></html>`
		);
	}

	function decide( r, decision ) {
		if ( r.status !== 'PENDING' || expired( r ) ) {
			return;
		}
		if ( decision === 'approve' ) {
			r.status = 'APPROVED';
			if ( r.kind === 'pay-kit' ) {
				const grantId = id( 'GRG_', 20 );
				grants.set( grantId, {
					requestId: r.id,
					amount: r.amount,
					scopeId: r.scopeId,
					expiresAt: Date.now() + GRANT_TTL_MS,
					used: false,
				} );
				r.grantId = grantId;
			}
		} else if ( decision === 'decline' ) {
			r.status = 'DECLINED';
		} else if ( decision === 'fail' && scenario.fail ) {
			r.status = 'FAILED';
		}
	}

	const vendor = ( { method, path: p, query, body } ) => {
		if ( method === 'OPTIONS' && p.startsWith( '/cash-app/' ) ) {
			return {
				status: 204,
				headers: {
					'Access-Control-Allow-Origin': '*',
					'Access-Control-Allow-Methods': 'GET, POST',
					'Access-Control-Allow-Headers': 'Content-Type',
				},
			};
		}
		if ( method === 'POST' && p === '/cash-app/requests' ) {
			return createRequest( body );
		}
		if ( method === 'GET' && p === '/cash-app/scenario' ) {
			return json( 200, scenario );
		}
		const m = p.match(
			/^\/cash-app\/(requests|approve|qr)\/([A-Za-z0-9_-]+?)(\.svg|\/deliver)?$/
		);
		if ( ! m ) {
			return undefined;
		}
		const r = requests.get( m[ 2 ] );
		if ( ! r ) {
			return m[ 1 ] === 'approve'
				? {
						status: 404,
						type: 'text/plain',
						body: 'Unknown Cash App request.',
					}
				: json( 404, { error: 'NOT_FOUND' } );
		}
		if ( m[ 1 ] === 'qr' && m[ 3 ] === '.svg' && method === 'GET' ) {
			return {
				status: 200,
				type: 'image/svg+xml',
				body: pseudoQr(
					`${ vendorOrigin() }/cash-app/approve/${ r.id }`
				),
				headers: { 'Access-Control-Allow-Origin': '*' },
			};
		}
		if ( m[ 1 ] === 'requests' && ! m[ 3 ] && method === 'GET' ) {
			return json( 200, outcomeOf( r ) );
		}
		if (
			m[ 1 ] === 'requests' &&
			m[ 3 ] === '/deliver' &&
			method === 'POST'
		) {
			const outcome = outcomeOf( r );
			// An expired request is an outcome too: the page must hear of it (as a failure).
			const final = [
				'APPROVED',
				'DECLINED',
				'FAILED',
				'EXPIRED',
			].includes( outcome.status );
			const first = final && ! r.delivered;
			if ( final ) {
				r.delivered = true;
			}
			return json( 200, { ...outcome, first } );
		}
		if ( m[ 1 ] === 'approve' && ! m[ 3 ] ) {
			if ( method === 'POST' ) {
				decide( r, query.get( 'decision' ) );
				const back = query.get( 'return' ) === '1';
				return {
					status: 303,
					headers: {
						Location: `/cash-app/approve/${ r.id }${ back ? '?return=1' : '' }`,
					},
				};
			}
			return approvalPage( r, query );
		}
		return undefined;
	};

	return {
		api,
		vendor,
		sourceOf,
		// POST /__vendors/scenario {vendor: 'cash-app', scenario} (provider.mjs routes it here).
		vendorScenario: {
			vendor: 'cash-app',
			set: ( next ) => {
				scenario = next;
			},
		},
		// POST /v2/instant-wallet-nonce bodies with cash_app_pay_data (provider.mjs routes them).
		instantWalletNonce: {
			dataKey: 'cash_app_pay_data',
			create: instantWalletNonce,
		},
	};
}
