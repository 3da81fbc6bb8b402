/**
 * The sandbox's ACH side (issue 16; wave 2 design A.4, A.7, A.8; the sandbox half of P3 check
 * 3) as the main frame, the Link stand-in and a merchant server call it: the link session and
 * the bank nonce with the spec's three errors, the authorisation, and bank-account payments —
 * PENDING, then COMPLETED or FAILED at /__settle with a signed payment.updated delivery; USD
 * only, autocomplete required, no complete/cancel, no refund before COMPLETED.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { AUTH, SANDBOX, ledger } from './utils';

/** The vendor origin (the sandbox's second listener). */
const VENDOR = `http://127.0.0.1:${
	process.env.PAYMENTS_VENDOR_PORT || Number( new URL( SANDBOX ).port ) + 2
}`;
const APP_ID = 'sandbox-sq0idb-merchant-us';
let n = 0;
const key = () => `ach-${ Date.now() }-${ ++n }`;

const post = (
	request: APIRequestContext,
	path: string,
	data: object,
	headers: Record< string, string > = {}
) => request.post( `${ SANDBOX }${ path }`, { data, headers } );

/**
 * A link session, and Link's public token for First Platypus Bank (user_good / pass_good).
 *
 * @param request Request context.
 */
async function linkedBank( request: APIRequestContext ) {
	const s = await post(
		request,
		'/digital-wallets/plaid/oauth-link-session',
		{
			client_id: APP_ID,
			location_id: 'LSANDBOXMAIN',
			language_code: 'en',
		}
	);
	expect( s.status(), await s.text() ).toBe( 200 );
	const session = await s.json();
	expect( session.link_token ).toMatch( /^link-sandbox-/ );
	const view = await (
		await request.get(
			`${ VENDOR }/plaid/session?token=${ session.link_token }`
		)
	).json();
	const x = await request.post( `${ VENDOR }/plaid/exchange`, {
		data: {
			token: session.link_token,
			institution_id: 'ins_109508',
			username: 'user_good',
			password: 'pass_good',
		},
	} );
	expect( x.status(), await x.text() ).toBe( 200 );
	const { public_token: publicToken } = await x.json();
	expect( publicToken ).toMatch( /^public-sandbox-/ );
	return {
		sessionToken: session.session_token as string,
		publicToken: publicToken as string,
		accounts: view.accounts as Array< { id: string; name: string } >,
	};
}

const bankNonceRequest = (
	request: APIRequestContext,
	fields: Record< string, unknown >
) =>
	post( request, '/v2/bank-nonce', {
		client_id: APP_ID,
		location_id: 'LSANDBOXMAIN',
		account_holder_name: 'Ada Lovelace',
		...fields,
	} );

const charge = (
	request: APIRequestContext,
	sourceId: string,
	extra: Record< string, unknown > = {}
) =>
	post(
		request,
		'/v2/payments',
		{
			source_id: sourceId,
			idempotency_key: key(),
			amount_money: { amount: 100, currency: 'USD' },
			location_id: 'LSANDBOXMAIN',
			...extra,
		},
		AUTH
	);

const refund = ( request: APIRequestContext, paymentId: string ) =>
	post(
		request,
		'/v2/refunds',
		{
			idempotency_key: key(),
			payment_id: paymentId,
			amount_money: { amount: 100, currency: 'USD' },
		},
		AUTH
	);

/**
 * The statuses of a payment in the payment.updated bodies delivered to a subscription.
 *
 * @param request        Request context.
 * @param subscriptionId Subscription.
 * @param paymentId      Payment.
 */
const delivered = async (
	request: APIRequestContext,
	subscriptionId: string,
	paymentId: string
) =>
	( await ledger( request ) ).webhook_deliveries
		.filter( ( d: any ) => d.subscription_id === subscriptionId )
		.map( ( d: any ) => JSON.parse( d.body ).data.object.payment )
		.filter( ( p: any ) => p.id === paymentId )
		.map( ( p: any ) => p.status );

test( 'bank nonce: Link public token and account, single use; the spec error codes', async ( {
	request,
} ) => {
	const bank = await linkedBank( request );
	const checking = bank.accounts.find(
		( a ) => a.name === 'Plaid Checking'
	)!;
	const foreign = await bankNonceRequest( request, {
		session_token: bank.sessionToken,
		public_token: bank.publicToken,
		bank_account_id: 'acc-never-shown',
	} );
	expect( foreign.status() ).toBe( 400 );
	expect( ( await foreign.json() ).errors[ 0 ] ).toMatchObject( {
		code: 'INVALID_SELECTED_PLAID_BANK_ACCOUNT_ID',
		detail: 'Invalid plaid bank account id selected',
	} );
	const ok = await bankNonceRequest( request, {
		session_token: bank.sessionToken,
		public_token: bank.publicToken,
		bank_account_id: checking.id,
	} );
	expect( ok.status(), await ok.text() ).toBe( 200 );
	const body = await ok.json();
	expect( body.bank_nonce ).toMatch( /^bnon:/ );
	expect( body.account_details ).toEqual( {
		account_number_suffix: '000',
		account_type: 'CHECKING',
		bank_name: 'First Platypus Bank',
	} );
	// The public token is exchanged once.
	const again = await bankNonceRequest( request, {
		session_token: bank.sessionToken,
		public_token: bank.publicToken,
		bank_account_id: checking.id,
	} );
	expect( ( await again.json() ).errors[ 0 ] ).toMatchObject( {
		code: 'UNKNOWN',
		detail: 'An unknown error has occurred',
	} );

	const expiring = await linkedBank( request );
	await post( request, '/__expire', { token: expiring.sessionToken } );
	const expired = await bankNonceRequest( request, {
		session_token: expiring.sessionToken,
		public_token: expiring.publicToken,
		bank_account_id: expiring.accounts[ 0 ].id,
	} );
	expect( ( await expired.json() ).errors[ 0 ] ).toMatchObject( {
		code: 'EXPIRED_PLAID_SESSION',
		detail: 'The plaid session was expired. Please try again.',
	} );
	// Another link session's public token is not this session's.
	const other = await linkedBank( request );
	const mixed = await bankNonceRequest( request, {
		session_token: other.sessionToken,
		public_token: ( await linkedBank( request ) ).publicToken,
		bank_account_id: other.accounts[ 0 ].id,
	} );
	expect( ( await mixed.json() ).errors[ 0 ].code ).toBe( 'UNKNOWN' );
	// Outside the US there is no ACH.
	const gb = await post(
		request,
		'/digital-wallets/plaid/oauth-link-session',
		{
			client_id: APP_ID,
			location_id: 'LSANDBOXGB',
		}
	);
	expect( ( await gb.json() ).errors[ 0 ].code ).toBe( 'US_MERCHANT_ONLY' );
	// Link's page refuses a token the sandbox never issued.
	const bad = await request.get(
		`${ VENDOR }/plaid/session?token=link-sandbox-forged`
	);
	expect( ( await bad.json() ).error_code ).toBe( 'INVALID_LINK_TOKEN' );
	// Plaid's sandbox credentials: a wrong password, a forced error, MFA.
	const wrong = await request.post( `${ VENDOR }/plaid/exchange`, {
		data: {
			token: (
				await post(
					request,
					'/digital-wallets/plaid/oauth-link-session',
					{
						client_id: APP_ID,
						location_id: 'LSANDBOXMAIN',
					}
				).then( ( r ) => r.json() )
			).link_token,
			institution_id: 'ins_109511',
			username: 'user_good',
			password: 'pass_bad',
		},
	} );
	expect( ( await wrong.json() ).error_code ).toBe( 'INVALID_CREDENTIALS' );
} );

test( 'authorisation: intents and their rules; CreatePayment holds the authorised amount', async ( {
	request,
} ) => {
	const bank = await linkedBank( request );
	const nonce = (
		await (
			await bankNonceRequest( request, {
				session_token: bank.sessionToken,
				public_token: bank.publicToken,
				bank_account_id: bank.accounts[ 0 ].id,
			} )
		).json()
	).bank_nonce;
	const authorize = ( fields: Record< string, unknown > ) =>
		post( request, '/v2/ach/authorizations', {
			client_id: APP_ID,
			location_id: 'LSANDBOXMAIN',
			idempotency_key: key(),
			total: { amount: 100, currency_code: 'USD' },
			...fields,
		} );
	const unsupported = await authorize( {
		intent: 'REFUND',
		bank_nonce: nonce,
	} );
	expect( ( await unsupported.json() ).errors[ 0 ].detail ).toBe(
		'Unsupported intent REFUND. Must be one of: CHARGE, STORE, RECURRING_CHARGE'
	);
	const both = await authorize( {
		intent: 'CHARGE',
		bank_nonce: nonce,
		bank_account_id: 'bact:bank-account-ok',
	} );
	expect( both.status() ).toBe( 400 );
	const recurring = await authorize( {
		intent: 'RECURRING_CHARGE',
		bank_account_id: 'bact:bank-account-ok',
		cadence: 'DAILY',
		start_date: '2028-12-31',
	} );
	expect( recurring.status() ).toBe( 400 );
	// frequency is the alternative to cadence, and is validated.
	for ( const frequency of [
		{ yearly: { months: [ 'JANVIER' ] } },
		{ daily: {}, weekly: {} },
		{ monthly: { occurrence: 0 } },
		{ monthly: { days: { daysOfMonth: [ 32 ] } } },
		[],
	] ) {
		const bad = await authorize( {
			intent: 'RECURRING_CHARGE',
			bank_account_id: 'bact:bank-account-ok',
			frequency,
			start_date: '2028-12-31',
		} );
		expect( bad.status(), JSON.stringify( frequency ) ).toBe( 400 );
		expect( ( await bad.json() ).errors[ 0 ].field ).toBe( 'frequency' );
	}
	const byFrequency = await authorize( {
		intent: 'RECURRING_CHARGE',
		bank_account_id: 'bact:bank-account-ok',
		frequency: {
			monthly: { occurrence: 1, days: { daysOfMonth: [ 1 ] } },
		},
		start_date: '2028-12-31',
	} );
	expect( byFrequency.status(), await byFrequency.text() ).toBe( 200 );
	const signed = await authorize( { intent: 'CHARGE', bank_nonce: nonce } );
	expect( signed.status(), await signed.text() ).toBe( 200 );
	const token = ( await signed.json() ).token;
	expect( token ).toMatch( /^bnon:/ );
	// The linked nonce was consumed by the authorisation.
	expect(
		( await authorize( { intent: 'CHARGE', bank_nonce: nonce } ) ).status()
	).toBe( 400 );
	// Charged for another amount than authorised: refused.
	const other = await charge( request, token, {
		amount_money: { amount: 250, currency: 'USD' },
	} );
	expect( ( await other.json() ).errors[ 0 ].code ).toBe( 'AMOUNT_MISMATCH' );
	const paid = await charge( request, token );
	expect( paid.status(), await paid.text() ).toBe( 200 );
	expect( ( await paid.json() ).payment.status ).toBe( 'PENDING' );
} );

test( 'bank-account payments: PENDING, then COMPLETED or FAILED at /__settle with payment.updated delivered', async ( {
	request,
} ) => {
	// Deliveries go to the example merchant (it answers 404; the sandbox records each try).
	const merchant = process.env.PAYMENTS_MERCHANT_URL!;
	const sub = await post(
		request,
		'/v2/webhooks/subscriptions',
		{
			idempotency_key: key(),
			subscription: {
				name: 'ACH spec',
				event_types: [ 'payment.updated' ],
				notification_url: `${ merchant }/ach-webhook`,
				api_version: '2025-10-16',
			},
		},
		AUTH
	);
	expect( sub.status(), await sub.text() ).toBe( 200 );
	const subscriptionId = ( await sub.json() ).subscription.id;

	const created = await charge( request, 'bnon:bank-nonce-ok' );
	expect( created.status(), await created.text() ).toBe( 200 );
	const payment = ( await created.json() ).payment;
	expect( payment ).toMatchObject( {
		status: 'PENDING',
		source_type: 'BANK_ACCOUNT',
		bank_account_details: {
			bank_name: 'First Platypus Bank',
			transfer_type: 'ACH',
			country: 'US',
			ach_details: {
				routing_number: expect.any( String ),
				account_number_suffix: '000',
				account_type: 'CHECKING',
			},
		},
	} );
	expect( payment.card_details ).toBeUndefined();
	// No complete or cancel for a bank transfer; no refund before COMPLETED.
	for ( const action of [ 'complete', 'cancel' ] ) {
		const r = await post(
			request,
			`/v2/payments/${ payment.id }/${ action }`,
			{},
			AUTH
		);
		expect( r.status() ).toBe( 400 );
	}
	const early = await refund( request, payment.id );
	expect( early.status() ).toBe( 400 );
	expect( ( await early.json() ).errors[ 0 ].detail ).toContain( 'PENDING' );

	const settled = await post( request, '/__settle', {
		payment_id: payment.id,
		outcome: 'COMPLETED',
	} );
	expect( settled.status(), await settled.text() ).toBe( 200 );
	expect( ( await settled.json() ).payment.status ).toBe( 'COMPLETED' );
	await expect
		.poll( () => delivered( request, subscriptionId, payment.id ) )
		.toEqual( [ 'COMPLETED' ] );
	// Settled once.
	expect(
		(
			await post( request, '/__settle', { payment_id: payment.id } )
		).status()
	).toBe( 400 );
	const refunded = await refund( request, payment.id );
	expect( refunded.status(), await refunded.text() ).toBe( 200 );

	// The insufficient-funds token settles FAILED, with the bank's error on the payment.
	const poor = (
		await (
			await charge( request, 'bnon:bank-nonce-insufficient-funds' )
		).json()
	).payment;
	expect( poor.status ).toBe( 'PENDING' );
	const failed = await post( request, '/__settle', { payment_id: poor.id } );
	expect( ( await failed.json() ).payment ).toMatchObject( {
		status: 'FAILED',
		approved_money: { amount: 0 },
		bank_account_details: { errors: [ { code: 'INSUFFICIENT_FUNDS' } ] },
	} );
	await expect
		.poll( () => delivered( request, subscriptionId, poor.id ) )
		.toEqual( [ 'FAILED' ] );
	await request.delete(
		`${ SANDBOX }/v2/webhooks/subscriptions/${ subscriptionId }`,
		{
			headers: AUTH,
		}
	);
} );

test( 'bank-account payments: USD only, autocomplete must be true', async ( {
	request,
} ) => {
	const gbp = await charge( request, 'bnon:bank-nonce-ok', {
		amount_money: { amount: 100, currency: 'GBP' },
		location_id: 'LSANDBOXGB',
	} );
	expect( gbp.status() ).toBe( 400 );
	expect( ( await gbp.json() ).errors[ 0 ] ).toMatchObject( {
		code: 'UNSUPPORTED_CURRENCY',
		field: 'amount_money.currency',
	} );
	const delayed = await charge( request, 'bnon:bank-nonce-ok', {
		autocomplete: false,
	} );
	expect( delayed.status() ).toBe( 400 );
	expect( ( await delayed.json() ).errors[ 0 ] ).toMatchObject( {
		field: 'autocomplete',
	} );
	// Refused charges made no payment.
	const payments = Object.values(
		( await ledger( request ) ).payments
	) as any[];
	expect(
		payments.filter(
			( p ) =>
				p.source_id === 'bnon:bank-nonce-ok' &&
				p.status !== 'PENDING' &&
				p.status !== 'COMPLETED'
		)
	).toEqual( [] );
} );

test( 'bank-account payments settle by themselves after the settle time', async ( {
	request,
} ) => {
	expect(
		( await post( request, '/__ach/mode', { settle_ms: 0 } ) ).status()
	).toBe( 400 );
	await post( request, '/__ach/mode', { settle_ms: 300 } );
	try {
		const ok = (
			await ( await charge( request, 'bnon:bank-nonce-ok' ) ).json()
		).payment;
		const poor = (
			await (
				await charge( request, 'bnon:bank-nonce-insufficient-funds' )
			).json()
		).payment;
		expect( [ ok.status, poor.status ] ).toEqual( [
			'PENDING',
			'PENDING',
		] );
		const statuses = async () => {
			const { payments } = await ledger( request );
			return [ payments[ ok.id ].status, payments[ poor.id ].status ];
		};
		await expect.poll( statuses ).toEqual( [ 'COMPLETED', 'FAILED' ] );
		// Settled once: a later /__settle finds nothing pending.
		expect(
			(
				await post( request, '/__settle', { payment_id: ok.id } )
			).status()
		).toBe( 400 );
	} finally {
		await post( request, '/__ach/mode', {} );
	}
} );
