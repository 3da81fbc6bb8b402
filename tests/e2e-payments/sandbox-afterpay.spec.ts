/**
 * The sandbox's Afterpay/Clearpay area without a browser (wave 2 design A.6–A.8): limits in
 * the hydration, checkouts, the popup's vendor endpoints, the instant-wallet nonce (bound to
 * the confirmed amount, single use), BUY_NOW_PAY_LATER payments and their refunds, the fixed
 * tokens.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { AUTH, SANDBOX } from './utils';

const VENDOR = `http://127.0.0.1:${
	process.env.PAYMENTS_VENDOR_PORT || Number( new URL( SANDBOX ).port ) + 2
}`;
const US = 'sandbox-sq0idb-merchant-us';

/**
 * A session of an application (POST /payments/hydrate).
 *
 * @param request    Request context.
 * @param appId      Application id.
 * @param locationId Location.
 */
async function hydrate(
	request: APIRequestContext,
	appId = US,
	locationId = 'LSANDBOXMAIN'
) {
	const r = await request.post( `${ SANDBOX }/payments/hydrate`, {
		data: { applicationId: appId, locationId, hostname: '127.0.0.1' },
	} );
	expect( r.status() ).toBe( 200 );
	return r.json();
}

/**
 * A new checkout of the US merchant (its token), not confirmed.
 *
 * @param request Request context.
 * @param amount  Amount.
 */
async function checkoutToken( request: APIRequestContext, amount = '25.00' ) {
	const { sessionId } = await hydrate( request );
	const checkout = await request.post( `${ SANDBOX }/v2/afterpay/checkouts`, {
		data: {
			client_id: US,
			location_id: 'LSANDBOXMAIN',
			session_id: sessionId,
			amount: { amount, currencyCode: 'USD' },
			items: [],
		},
	} );
	expect( checkout.status() ).toBe( 200 );
	const { token, expires } = await checkout.json();
	expect( Date.parse( expires ) ).toBeGreaterThan( Date.now() );
	return { token: token as string, sessionId: sessionId as string };
}

/**
 * A checkout, confirmed in the popup's place, and the order token.
 *
 * @param request Request context.
 * @param amount  Checkout amount.
 * @param confirm What the popup confirms.
 */
async function order(
	request: APIRequestContext,
	amount = '25.00',
	confirm: Record< string, unknown > = { addressId: 'home' }
) {
	const { token, sessionId } = await checkoutToken( request, amount );
	const confirmed = await request.post(
		`${ VENDOR }/afterpay/checkouts/${ token }/confirm`,
		{ data: confirm }
	);
	expect( confirmed.status() ).toBe( 200 );
	return {
		token,
		sessionId,
		orderToken: ( await confirmed.json() ).orderToken,
	};
}

/**
 * POST /v2/instant-wallet-nonce with afterpay data.
 *
 * @param request    Request context.
 * @param orderToken Order token.
 * @param amount     Buyer amount.
 */
const nonce = (
	request: APIRequestContext,
	orderToken: string,
	amount: string
) =>
	request.post( `${ SANDBOX }/v2/instant-wallet-nonce`, {
		data: {
			client_id: US,
			location_id: 'LSANDBOXMAIN',
			request_shipping_contact: true,
			afterpay_data: {
				afterpayToken: orderToken,
				buyerAmount: { amount, currencyCode: 'USD' },
			},
		},
	} );

/**
 * CreatePayment.
 *
 * @param request  Request context.
 * @param sourceId Source.
 * @param amount   Minor units.
 * @param currency Currency.
 */
const pay = (
	request: APIRequestContext,
	sourceId: string,
	amount: number,
	currency = 'USD'
) =>
	request.post( `${ SANDBOX }/v2/payments`, {
		headers: AUTH,
		data: {
			source_id: sourceId,
			idempotency_key: `ap-${ Math.random() }`,
			amount_money: { amount, currency },
			location_id: currency === 'GBP' ? 'LSANDBOXGB' : 'LSANDBOXMAIN',
		},
	} );

test( 'hydration: an onboarded merchant gets its limits in its location’s currency', async ( {
	request,
} ) => {
	expect( ( await hydrate( request ) ).afterpayConfiguration ).toEqual( {
		minimumAmount: '1.00',
		maximumAmount: '4000.00',
		currency: 'USD',
	} );
	expect(
		( await hydrate( request, 'sandbox-sq0idb-merchant-gb', 'LSANDBOXGB' ) )
			.afterpayConfiguration
	).toEqual( {
		minimumAmount: '1.00',
		maximumAmount: '1000.00',
		currency: 'GBP',
	} );
	expect(
		( await hydrate( request, 'sandbox-sq0idb-kestrel-example-app' ) )
			.afterpayConfiguration
	).toBeUndefined();
} );

test( 'checkouts: limits, currency and session are checked; the popup reads one and refuses unknown or used tokens', async ( {
	request,
} ) => {
	const { sessionId } = await hydrate( request );
	const create = (
		amount: string,
		currencyCode = 'USD',
		session = sessionId
	) =>
		request.post( `${ SANDBOX }/v2/afterpay/checkouts`, {
			data: {
				client_id: US,
				location_id: 'LSANDBOXMAIN',
				session_id: session,
				amount: { amount, currencyCode },
			},
		} );
	expect( ( await ( await create( '0.99' ) ).json() ).errors[ 0 ].code ).toBe(
		'AMOUNT_OUTSIDE_LIMITS'
	);
	expect(
		( await ( await create( '10.00', 'GBP' ) ).json() ).errors[ 0 ].code
	).toBe( 'UNSUPPORTED_CURRENCY' );
	expect(
		( await ( await create( '10.00', 'USD', 'nope' ) ).json() ).errors[ 0 ]
			.code
	).toBe( 'INVALID_SESSION_ID' );
	const { token } = await ( await create( '10.01' ) ).json();
	const read = await request.get(
		`${ VENDOR }/afterpay/checkouts/${ token }`
	);
	expect( await read.json() ).toMatchObject( {
		brand: 'Afterpay',
		amount: '10.01',
		currency: 'USD',
		consumer: { email: 'jane.doe@example.com' },
	} );
	expect(
		(
			await request.get( `${ VENDOR }/afterpay/checkouts/apc_nope` )
		).status()
	).toBe( 404 );
	await request.post( `${ VENDOR }/afterpay/checkouts/${ token }/confirm`, {
		data: { addressId: 'home' },
	} );
	expect(
		(
			await request.get( `${ VENDOR }/afterpay/checkouts/${ token }` )
		).status()
	).toBe( 409 );
	const page = await request.get( `${ VENDOR }/afterpay/checkout?token=x` );
	expect( await page.text() ).toContain( '/afterpay/checkout.js' );
} );

test( 'instant-wallet nonce: bound to the confirmed amount, once; the payment must be that amount; refunds', async ( {
	request,
} ) => {
	const { orderToken } = await order( request, '25.00', {
		addressId: 'home',
		shippingOptionId: 'exp',
		orderAmount: { amount: '30.00', currency: 'USD' },
	} );
	const wrong = await nonce( request, orderToken, '25.00' );
	expect( ( await wrong.json() ).errors[ 0 ].code ).toBe(
		'AFTERPAY_AMOUNT_MISMATCH'
	);
	const forged = await nonce( request, `${ orderToken }x`, '30.00' );
	expect( ( await forged.json() ).errors[ 0 ].code ).toBe(
		'INVALID_AFTERPAY_TOKEN'
	);
	const ok = await nonce( request, orderToken, '30.00' );
	expect( ok.status() ).toBe( 200 );
	const body = await ok.json();
	expect( body.token ).toMatch( /^wnon:/ );
	expect( body.afterpay_data ).toEqual( { email: 'jane.doe@example.com' } );
	expect( body.shipping_contact ).toMatchObject( {
		givenName: 'Jane',
		familyName: 'Doe',
		postalCode: '94103',
		countryCode: 'US',
	} );
	expect( ( await nonce( request, orderToken, '30.00' ) ).status() ).toBe(
		400
	);

	const mismatch = await pay( request, body.token, 2500 );
	expect( mismatch.status() ).toBe( 400 );
	const paid = await pay( request, body.token, 3000 );
	expect( paid.status() ).toBe( 200 );
	const { payment } = await paid.json();
	expect( payment ).toMatchObject( {
		status: 'COMPLETED',
		source_type: 'BUY_NOW_PAY_LATER',
		buy_now_pay_later_details: {
			brand: 'AFTERPAY',
			afterpay_details: { email_address: 'jane.doe@example.com' },
		},
	} );
	expect( ( await pay( request, body.token, 3000 ) ).status() ).toBe( 400 );
	const refund = await request.post( `${ SANDBOX }/v2/refunds`, {
		headers: AUTH,
		data: {
			idempotency_key: `r-${ Math.random() }`,
			payment_id: payment.id,
			amount_money: { amount: 1000, currency: 'USD' },
		},
	} );
	expect( refund.status() ).toBe( 200 );
	expect( ( await refund.json() ).refund ).toMatchObject( {
		status: expect.stringMatching( /PENDING|COMPLETED/ ),
		destination_type: 'BUY_NOW_PAY_LATER',
	} );
} );

test( 'a nonce minted before /__reset is not chargeable after it (the ledger forgets wallet artefacts)', async ( {
	request,
} ) => {
	const { orderToken } = await order( request, '25.00', {
		addressId: 'home',
		shippingOptionId: 'exp',
		orderAmount: { amount: '30.00', currency: 'USD' },
	} );
	const { token } = await (
		await nonce( request, orderToken, '30.00' )
	).json();
	expect(
		( await request.post( `${ SANDBOX }/__reset`, { data: {} } ) ).status()
	).toBe( 200 );
	// An unknown source, as any token the sandbox never minted.
	const after = await pay( request, token, 3000 );
	expect( after.status() ).toBe( 404 );
	expect( ( await after.json() ).errors[ 0 ].code ).toBe( 'NOT_FOUND' );
} );

test( 'fixed tokens: ok and declined; Cash App bodies are not this area’s', async ( {
	request,
} ) => {
	const ok = await pay( request, 'wnon:afterpay-or-clearpay-ok', 1234 );
	expect( ok.status() ).toBe( 200 );
	expect( ( await ok.json() ).payment.source_type ).toBe(
		'BUY_NOW_PAY_LATER'
	);
	const declined = await pay(
		request,
		'wnon:afterpay-or-clearpay-declined',
		1234
	);
	expect( declined.status() ).toBe( 400 );
	expect( await declined.json() ).toMatchObject( {
		errors: [ { code: 'GENERIC_DECLINE' } ],
		payment: { status: 'FAILED' },
	} );
	// Below the limit even with a fixed token.
	expect(
		( await pay( request, 'wnon:afterpay-or-clearpay-ok', 50 ) ).status()
	).toBe( 400 );
	const other = await request.post( `${ SANDBOX }/v2/instant-wallet-nonce`, {
		data: { client_id: US, cash_app_data: {} },
	} );
	// Not answered by the Afterpay area (Cash App Pay's own area, when present, answers it).
	expect( ( await other.text() ).includes( 'AFTERPAY' ) ).toBe( false );
} );

test( 'the popup talks only to the origin it was opened for (#origin=), never to any page', async ( {
	page,
	request,
} ) => {
	await page.goto( '/afterpay.html' );
	const mine = new URL( page.url() ).origin;
	await page.evaluate( () => {
		const w = window as any;
		w.__got = [];
		window.addEventListener( 'message', ( e ) => {
			if ( e.data?.source === 'kf-afterpay' ) {
				w.__got.push( e.data );
			}
		} );
	} );
	const cancelIn = async ( origin: string ) => {
		const { token } = await checkoutToken( request );
		const url = `${ VENDOR }/afterpay/checkout?${ new URLSearchParams( {
			token,
			brand: 'Afterpay',
		} ) }#${ new URLSearchParams( { origin } ) }`;
		const [ popup ] = await Promise.all( [
			page.waitForEvent( 'popup' ),
			page.evaluate( ( u ) => void window.open( u ), url ),
		] );
		const closed = popup.waitForEvent( 'close' );
		// The popup closes itself on Cancel, which may end the click before Playwright does.
		void popup
			.getByRole( 'button', { name: 'Cancel' } )
			.click()
			.catch( () => undefined );
		await closed;
	};
	// Opened for another origin: its Cancel is not posted to this page.
	await cancelIn( 'http://elsewhere.example' );
	// Opened for this page's origin: it is (and it comes after anything the first sent).
	await cancelIn( mine );
	await expect
		.poll( () => page.evaluate( () => ( window as any ).__got.length ) )
		.toBe( 1 );
	expect( await page.evaluate( () => ( window as any ).__got ) ).toEqual( [
		{ source: 'kf-afterpay', type: 'complete', status: 'CANCELLED' },
	] );
} );
