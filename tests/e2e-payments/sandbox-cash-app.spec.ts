/**
 * The sandbox's Cash App rules (issue 16; wave 2 design A.5, A.7, A.8; P3 check 6, sandbox half)
 * through its HTTP API alone: Pay Kit customer requests and their approval on the vendor origin,
 * grants bound to amount, scope and single use at /v2/instant-wallet-nonce, CreatePayment for
 * Cash App wallet nonces (WALLET, USD only, the approved amount only), the fixed tokens, and the
 * legacy /v2/cash-app endpoints.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { AUTH, SANDBOX } from './utils';

const VENDOR = `http://127.0.0.1:${
	process.env.PAYMENTS_VENDOR_PORT || Number( new URL( SANDBOX ).port ) + 2
}`;
const APP = 'sandbox-sq0idb-merchant-us';
const SCOPE = 'CAP_SANDBOX';

/**
 * A Pay Kit customer request for `cents`, answered on the approval page.
 *
 * @param request  Request context.
 * @param cents    Amount.
 * @param decision approve | decline.
 * @param scopeId  Scope.
 */
async function answeredRequest(
	request: APIRequestContext,
	cents = 100,
	decision = 'approve',
	scopeId = SCOPE
) {
	const created = await request.post( `${ VENDOR }/cash-app/requests`, {
		data: {
			clientId: 'CAS-CI_SQUARE',
			request: {
				referenceId: 'ref-1',
				redirectURL: 'https://shop.example/back',
				actions: {
					payment: {
						amount: { currency: 'USD', value: cents },
						scopeId,
					},
				},
			},
		},
	} );
	expect( created.status() ).toBe( 200 );
	const { id } = await created.json();
	const answered = await request.post(
		`${ VENDOR }/cash-app/approve/${ id }?decision=${ decision }`,
		{ maxRedirects: 0 }
	);
	expect( answered.status() ).toBe( 303 );
	return (
		await request.get( `${ VENDOR }/cash-app/requests/${ id }` )
	).json();
}

/**
 * POST /v2/instant-wallet-nonce for a grant.
 *
 * @param request Request context.
 * @param grantId Grant.
 * @param cents   Amount the SDK says.
 * @param appId   Application.
 */
const walletNonce = (
	request: APIRequestContext,
	grantId: string,
	cents = 100,
	appId = APP
) =>
	request.post( `${ SANDBOX }/v2/instant-wallet-nonce`, {
		data: {
			client_id: appId,
			location_id: 'LSANDBOXMAIN',
			cash_app_pay_data: {
				grant_id: grantId,
				cashtag: '$CASHTAG_C_TOKEN',
				total_amount: { amount: cents, currency_code: 'USD' },
				is_mobile: false,
			},
		},
	} );

/**
 * CreatePayment with a source.
 *
 * @param request  Request context.
 * @param sourceId Token.
 * @param amount   Cents.
 * @param location Location.
 */
const pay = (
	request: APIRequestContext,
	sourceId: string,
	amount = 100,
	location = 'LSANDBOXMAIN'
) =>
	request.post( `${ SANDBOX }/v2/payments`, {
		headers: AUTH,
		data: {
			source_id: sourceId,
			idempotency_key: crypto.randomUUID(),
			amount_money: {
				amount,
				currency: location === 'LSANDBOXMAIN' ? 'USD' : 'EUR',
			},
			location_id: location,
		},
	} );

test( 'an approved grant becomes one wnon: token; CreatePayment gives a WALLET payment', async ( {
	request,
} ) => {
	const outcome = await answeredRequest( request );
	expect( outcome.status ).toBe( 'APPROVED' );
	expect( outcome.customerProfile.cashtag ).toBe( '$CASHTAG_C_TOKEN' );
	const grantId = outcome.grants.payment.grantId;
	const r = await walletNonce( request, grantId );
	expect( r.status() ).toBe( 200 );
	const { token } = await r.json();
	expect( token ).toMatch( /^wnon:/ );
	// A grant is single use.
	const again = await walletNonce( request, grantId );
	expect( again.status() ).toBe( 400 );
	expect( ( await again.json() ).errors[ 0 ].code ).toBe( 'GRANT_USED' );
	const paid = await pay( request, token );
	expect( paid.status() ).toBe( 200 );
	const { payment } = await paid.json();
	expect( payment ).toMatchObject( {
		status: 'COMPLETED',
		source_type: 'WALLET',
		amount_money: { amount: 100, currency: 'USD' },
		wallet_details: {
			status: 'CAPTURED',
			brand: 'CASH_APP',
			cash_app_details: {
				buyer_country_code: 'US',
				buyer_cashtag: '$CASHTAG_C_TOKEN',
			},
		},
	} );
	expect(
		payment.wallet_details.cash_app_details.buyer_full_name
	).toBeTruthy();
} );

test( 'a nonce minted before /__reset is not chargeable after it (the ledger forgets wallet artefacts)', async ( {
	request,
} ) => {
	const outcome = await answeredRequest( request );
	const r = await walletNonce( request, outcome.grants.payment.grantId );
	const { token } = await r.json();
	expect(
		( await request.post( `${ SANDBOX }/__reset`, { data: {} } ) ).status()
	).toBe( 200 );
	// An unknown source, as any token the sandbox never minted.
	const after = await pay( request, token );
	expect( after.status() ).toBe( 404 );
	expect( ( await after.json() ).errors[ 0 ].code ).toBe( 'NOT_FOUND' );
} );

test( 'the same grant asked again by the same session gives the same nonce (a lost answer retried)', async ( {
	request,
} ) => {
	const grantId = ( await answeredRequest( request ) ).grants.payment.grantId;
	const exchange = ( session: string, cents = 100 ) =>
		request.post( `${ SANDBOX }/v2/instant-wallet-nonce`, {
			data: {
				client_id: APP,
				location_id: 'LSANDBOXMAIN',
				session_id: session,
				cash_app_pay_data: {
					grant_id: grantId,
					cashtag: '$CASHTAG_C_TOKEN',
					total_amount: { amount: cents, currency_code: 'USD' },
					is_mobile: false,
				},
			},
		} );
	const first = await exchange( 'sess-a' );
	expect( first.status() ).toBe( 200 );
	const { token } = await first.json();
	const retried = await exchange( 'sess-a' );
	expect( retried.status() ).toBe( 200 );
	expect( ( await retried.json() ).token ).toBe( token );
	// Another session, or another amount, is still refused.
	const other = await exchange( 'sess-b' );
	expect( ( await other.json() ).errors[ 0 ].code ).toBe( 'GRANT_USED' );
	const amount = await exchange( 'sess-a', 200 );
	expect( amount.status() ).toBe( 400 );
	expect( ( await pay( request, token ) ).status() ).toBe( 200 );
} );

test( 'the charged amount must be the approved amount', async ( {
	request,
} ) => {
	const outcome = await answeredRequest( request, 250 );
	const { token } = await (
		await walletNonce( request, outcome.grants.payment.grantId, 250 )
	).json();
	const wrong = await pay( request, token, 300 );
	expect( wrong.status() ).toBe( 400 );
	expect( ( await wrong.json() ).errors[ 0 ] ).toMatchObject( {
		code: 'INVALID_VALUE',
		field: 'amount_money.amount',
	} );
	expect( ( await pay( request, token, 250 ) ).status() ).toBe( 200 );
} );

test( 'a grant is refused for another amount, another scope, or when forged', async ( {
	request,
} ) => {
	const outcome = await answeredRequest( request, 100 );
	const other = await walletNonce(
		request,
		outcome.grants.payment.grantId,
		99
	);
	expect( ( await other.json() ).errors[ 0 ].code ).toBe(
		'GRANT_AMOUNT_MISMATCH'
	);
	const foreign = await answeredRequest(
		request,
		100,
		'approve',
		'OTHER_SCOPE'
	);
	const scope = await walletNonce( request, foreign.grants.payment.grantId );
	expect( ( await scope.json() ).errors[ 0 ].code ).toBe(
		'GRANT_SCOPE_MISMATCH'
	);
	const forged = await walletNonce( request, 'GRG_forged' );
	expect( ( await forged.json() ).errors[ 0 ].code ).toBe( 'INVALID_GRANT' );
	const declined = await answeredRequest( request, 100, 'decline' );
	expect( declined.status ).toBe( 'DECLINED' );
	expect( declined.grants ).toBeUndefined();
} );

test( 'an outcome is handed out once; requests are checked', async ( {
	request,
} ) => {
	const outcome = await answeredRequest( request );
	const first = await request.post(
		`${ VENDOR }/cash-app/requests/${ outcome.id }/deliver`
	);
	expect( ( await first.json() ).first ).toBe( true );
	const second = await request.post(
		`${ VENDOR }/cash-app/requests/${ outcome.id }/deliver`
	);
	expect( ( await second.json() ).first ).toBe( false );
	for ( const [ clientId, value ] of [
		[ 'CA-CI_PRODUCTION', 100 ],
		[ 'CAS-CI_SQUARE', 0 ],
	] as const ) {
		const r = await request.post( `${ VENDOR }/cash-app/requests`, {
			data: {
				clientId,
				request: {
					redirectURL: 'https://shop.example/back',
					actions: {
						payment: {
							amount: { currency: 'USD', value },
							scopeId: SCOPE,
						},
					},
				},
			},
		} );
		expect( r.status() ).toBe( 400 );
	}
} );

test( 'fixed tokens: cash-app-ok pays, cash-app-declined is declined; USD only', async ( {
	request,
} ) => {
	const ok = await pay( request, 'wnon:cash-app-ok', 1234 );
	expect( ok.status() ).toBe( 200 );
	expect( ( await ok.json() ).payment.wallet_details.brand ).toBe(
		'CASH_APP'
	);
	const declined = await pay( request, 'wnon:cash-app-declined' );
	expect( declined.status() ).toBe( 400 );
	const body = await declined.json();
	expect( body.errors[ 0 ].category ).toBe( 'PAYMENT_METHOD_ERROR' );
	expect( body.payment.status ).toBe( 'FAILED' );
	const eur = await pay( request, 'wnon:cash-app-ok', 100, 'LSANDBOXEU' );
	expect( eur.status() ).toBe( 400 );
} );

test( 'legacy: auth URLs, polling, approval, one token; a redirect needs its access token', async ( {
	request,
} ) => {
	const auth = await request.post( `${ SANDBOX }/v2/cash-app/auth`, {
		data: {
			client_id: APP,
			location_id: 'LSANDBOXMAIN',
			redirect_uri: 'https://shop.example/back',
			total_transaction_amount: { amount: 100, currency_code: 'USD' },
			transaction_id: 'order-1',
		},
	} );
	expect( auth.status() ).toBe( 200 );
	const a = await auth.json();
	expect( a ).toMatchObject( { transaction_id: 'order-1' } );
	expect( a.expires_in ).toBeGreaterThan( 0 );
	expect( a.qr_url ).toMatch( /^http.*\/cash-app\/qr\/.+\.svg$/ );
	const token = ( extra = {} ) =>
		request.post( `${ SANDBOX }/v2/cash-app/wallet-token`, {
			data: { client_id: APP, transaction_id: 'order-1', ...extra },
		} );
	expect( ( await ( await token() ).json() ).status ).toBe( 'PENDING' );
	const approve = new URL( a.redirect_url );
	approve.searchParams.set( 'decision', 'approve' );
	await request.post( approve.href, { maxRedirects: 0 } );
	const done = await ( await request.get( a.redirect_url ) ).text();
	const back = new URL(
		/data-href="([^"]+)"/.exec( done )![ 1 ].replace( /&amp;/g, '&' )
	);
	expect( back.searchParams.get( 'state' ) ).toBe( 'order-1' );
	expect( back.searchParams.get( 'code' ) ).toBeTruthy();
	const wrong = await token( { access_token: 'cat-wrong' } );
	expect( wrong.status() ).toBe( 400 );
	const ok = await token( {
		access_token: back.searchParams.get( 'access_token' ),
	} );
	const t = await ok.json();
	expect( t ).toMatchObject( {
		status: 'APPROVED',
		cashtag: '$CASHTAG_C_TOKEN',
	} );
	expect( t.token ).toMatch( /^wnon:/ );
	expect( ( await token() ).status() ).toBe( 400 );
	expect( ( await pay( request, t.token ) ).status() ).toBe( 200 );
} );

test( 'a request that lapses unanswered is EXPIRED, handed out once', async ( {
	request,
} ) => {
	await request.post( `${ SANDBOX }/__vendors/scenario`, {
		data: { vendor: 'cash-app', scenario: { requestTtlMs: 200 } },
	} );
	try {
		const created = await request.post( `${ VENDOR }/cash-app/requests`, {
			data: {
				clientId: 'CAS-CI_SQUARE',
				request: {
					redirectURL: 'https://shop.example/back',
					actions: {
						payment: {
							amount: { currency: 'USD', value: 100 },
							scopeId: SCOPE,
						},
					},
				},
			},
		} );
		const { id } = await created.json();
		await new Promise( ( r ) => setTimeout( r, 400 ) );
		const deliver = () =>
			request.post( `${ VENDOR }/cash-app/requests/${ id }/deliver` );
		expect( await ( await deliver() ).json() ).toMatchObject( {
			status: 'EXPIRED',
			first: true,
		} );
		expect( ( await ( await deliver() ).json() ).first ).toBe( false );
		const page = await (
			await request.get( `${ VENDOR }/cash-app/approve/${ id }` )
		).text();
		expect( page ).toContain( 'This request has expired.' );
	} finally {
		await request.post( `${ SANDBOX }/__vendors/scenario`, {
			data: { vendor: 'cash-app', scenario: {} },
		} );
	}
} );
