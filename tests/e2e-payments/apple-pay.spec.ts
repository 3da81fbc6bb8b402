/**
 * Apple Pay end to end (issue 15; wave 2 P2 acceptance checks 1, 3 and 4): the quickstart-style
 * page sandbox/examples/apple-pay.html with our SDK, the sandbox, and the stand-in
 * ApplePaySession injected as a test does (Chromium has none), driven like a person: the
 * merchant's button, then the sheet's own controls in its cross-origin frame.
 */
import {
	expect,
	test,
	type APIRequestContext,
	type ConsoleMessage,
	type Page,
} from '@playwright/test';
import { SANDBOX, ledger, typeCard } from './utils';

const APP_ID = 'sandbox-sq0idb-merchant-us';
const AUTH = { Authorization: 'Bearer sandbox-merchant-token' };

/** The stand-in as the sandbox serves it (it names the vendor origin). */
let standIn = '';

test.beforeAll( async ( { request } ) => {
	const r = await request.post( `${ SANDBOX }/v2/apple-pay/domains`, {
		headers: AUTH,
		data: { domain_name: '127.0.0.1' },
	} );
	expect( await r.json() ).toEqual( { status: 'VERIFIED' } );
	standIn = await (
		await request.get(
			`${ SANDBOX }/vendors/apple-pay/apple-pay-session.js`
		)
	).text();
	expect( standIn ).toContain( '__kfVendorOrigin' );
} );

/**
 * Installs the stand-in before the page's scripts (A.2 "Test driving").
 *
 * @param page     Page.
 * @param scenario Scenario options.
 */
async function injectApplePay(
	page: Page,
	scenario: Record< string, unknown > = {}
): Promise< void > {
	await page.addInitScript( {
		content: `window.__kfApplePayScenario = ${ JSON.stringify( scenario ) };`,
	} );
	await page.addInitScript( { content: standIn } );
}

/**
 * Console lines of the page (the quickstart code reports there).
 *
 * @param page Page.
 */
function consoleOf( page: Page ): string[] {
	const lines: string[] = [];
	page.on( 'console', ( m: ConsoleMessage ) => lines.push( m.text() ) );
	return lines;
}

async function openApplePayPage( page: Page, origin = '' ): Promise< void > {
	await page.goto( `${ origin }/apple-pay.html` );
	await page.waitForFunction(
		() => document.body.dataset.ready === 'true',
		null,
		{
			timeout: 30_000,
		}
	);
}

/**
 * Apple Pay payments in the ledger (their nonces came from an Apple Pay envelope).
 *
 * @param request Request context.
 */
async function applePayPayments( request: APIRequestContext ) {
	const l = await ledger( request );
	return (
		Object.values( l.payments ) as Array< Record< string, any > >
	 ).filter( ( p ) => l.nonces[ p.source_id ]?.wallet === 'APPLE_PAY' );
}

/** The quickstart's request: 1.00 USD. */
const ONE_DOLLAR = {
	countryCode: 'US',
	currencyCode: 'USD',
	total: { amount: '1.00', label: 'Total' },
};

/**
 * How payments.applePay() rejects on this page (null when it resolves).
 *
 * @param page Page.
 */
const applePayRejection = ( page: Page ) =>
	page.evaluate( async ( appId ) => {
		const p = ( window as any ).Square.payments( appId, 'LSANDBOXMAIN' );
		const req = p.paymentRequest( {
			countryCode: 'US',
			currencyCode: 'USD',
			total: { amount: '1.00', label: 'Total' },
		} );
		return p.applePay( req ).then(
			() => null,
			( e: any ) => ( {
				name: e.name,
				message: e.message,
				type: e.errors?.[ 0 ]?.type,
			} )
		);
	}, APP_ID );

const sheetOf = ( page: Page ) =>
	page.frameLocator( 'iframe[title="Apple Pay"]' );

/**
 * A second payments instance on the page with a request the test holds (window.__h), and a
 * button whose click starts tokenize() at once, as merchant code does.
 *
 * @param page    Page.
 * @param options Payment request options.
 */
async function harness( page: Page, options: Record< string, unknown > ) {
	await page.evaluate(
		async ( { appId, opts } ) => {
			const w = window as any;
			const payments = w.Square.payments( appId, 'LSANDBOXMAIN' );
			const req = payments.paymentRequest( opts );
			const applePay = await payments.applePay( req );
			w.__h = { payments, req, applePay, seen: [] };
			const button = document.createElement( 'button' );
			button.type = 'button';
			button.textContent = 'Harness pay';
			button.addEventListener( 'click', () => {
				w.__h.result = applePay.tokenize().then(
					( r: any ) => r,
					( e: any ) => ( { rejected: e.name, errors: e.errors } )
				);
			} );
			document.body.appendChild( button );
		},
		{ appId: APP_ID, opts: options }
	);
}

const harnessResult = ( page: Page ) =>
	page.evaluate( () => ( window as any ).__h.result );

const update = ( page: Page, amount: string ) =>
	page.evaluate(
		( a ) =>
			( window as any ).__h.req.update( {
				total: { amount: a, label: 'Total' },
			} ),
		amount
	);

test( 'check 1: the quickstart page pays with Apple Pay through the stand-in, one CreatePayment', async ( {
	page,
} ) => {
	await injectApplePay( page );
	const before = ( await applePayPayments( page.request ) ).length;
	await openApplePayPage( page );
	await page.getByRole( 'button', { name: /apple pay/i } ).click();
	const sheet = sheetOf( page );
	await expect( sheet.getByText( 'Total: USD 1.00' ) ).toBeVisible();
	await sheet.getByRole( 'radio', { name: 'Visa •••• 1111' } ).check();
	await sheet.getByRole( 'button', { name: 'Pay with Touch ID' } ).click();
	await expect( page.locator( '#payment-status-container' ) ).toHaveClass(
		'is-success'
	);
	await expect( page.locator( 'iframe[title="Apple Pay"]' ) ).toHaveCount(
		0
	);
	const payments = await applePayPayments( page.request );
	expect( payments.length ).toBe( before + 1 );
	const last = payments[ payments.length - 1 ]!;
	expect( last.status ).toBe( 'COMPLETED' );
	expect( last.amount_money ).toEqual( { amount: 100, currency: 'USD' } );
	expect( last.card_details.card.card_brand ).toBe( 'VISA' );
	expect( last.card_details.card.last_4 ).toBe( '1111' );
	const l = await ledger( page.request );
	// One CreatePayment for this token, and the merchant session it used is spent.
	expect(
		Object.values( l.payments ).filter(
			( p: any ) => p.source_id === last.source_id
		)
	).toHaveLength( 1 );
	const session = Object.values( l.wallet_sessions ).find(
		( s: any ) =>
			s.wallet === 'APPLE_PAY' && s.used && s.domainName === '127.0.0.1'
	);
	expect( session ).toBeTruthy();
} );

test( 'check 1: without the stand-in applePay() rejects PaymentMethodUnsupportedError and the card pays', async ( {
	page,
} ) => {
	const lines = consoleOf( page );
	await openApplePayPage( page );
	expect(
		await page.evaluate( () => typeof ( window as any ).ApplePaySession )
	).toBe( 'undefined' );
	await expect
		.poll( () => lines.join( '\n' ) )
		.toContain( 'Initializing Apple Pay failed' );
	expect( await applePayRejection( page ) ).toEqual( {
		name: 'PaymentMethodUnsupportedError',
		message: 'Apple Pay is only supported on Safari.',
		type: 'BROWSER_NOT_SUPPORTED',
	} );
	await typeCard( page );
	await page.click( '#card-button' );
	await expect( page.locator( '#payment-status-container' ) ).toHaveClass(
		'is-success'
	);
} );

test( 'check 3: cancel gives Cancel, no payment, and update() is false only while the sheet is open', async ( {
	page,
} ) => {
	await injectApplePay( page );
	const lines = consoleOf( page );
	await openApplePayPage( page );
	const before = ( await applePayPayments( page.request ) ).length;
	// The quickstart page: Cancel in the sheet, its tokenize() result is Cancel.
	await page.getByRole( 'button', { name: /apple pay/i } ).click();
	await sheetOf( page ).getByRole( 'button', { name: 'Cancel' } ).click();
	await expect( page.locator( '#payment-status-container' ) ).toHaveClass(
		'is-failure'
	);
	await expect
		.poll( () => lines.join( '\n' ) )
		.toContain( 'Tokenization failed with status: Cancel' );
	// The lock, with a request the test holds.
	await harness( page, ONE_DOLLAR );
	expect( await update( page, '1.50' ) ).toBe( true );
	await page.getByRole( 'button', { name: 'Harness pay' } ).click();
	const sheet = sheetOf( page );
	await expect( sheet.getByText( 'Total: USD 1.50' ) ).toBeVisible();
	expect( await update( page, '2.00' ) ).toBe( false );
	await sheet.getByRole( 'button', { name: 'Cancel' } ).click();
	expect( await harnessResult( page ) ).toEqual( { status: 'Cancel' } );
	expect( await update( page, '2.00' ) ).toBe( true );
	expect( ( await applePayPayments( page.request ) ).length ).toBe( before );
} );

test( 'check 4: tokenize() from a page timer, without user activation, is rejected at once and frees the lock', async ( {
	page,
} ) => {
	// Safari's rule (strictGesture): only in the task of a trusted click. Chromium's transient
	// activation is not enough here: Playwright's own evaluations give the page one (measured:
	// hasBeenActive turns true about 600 ms after load with no input at all).
	await injectApplePay( page, { strictGesture: true } );
	// Page code at load, from a timer: no click ever happened on this page.
	await page.addInitScript( ( appId ) => {
		document.addEventListener( 'DOMContentLoaded', async () => {
			const w = window as any;
			const p = w.Square.payments( appId, 'LSANDBOXMAIN' );
			const req = p.paymentRequest( {
				countryCode: 'US',
				currencyCode: 'USD',
				total: { amount: '1.00', label: 'Total' },
			} );
			const applePay = await p.applePay( req );
			setTimeout( () => {
				w.__timer = { req };
				const report = ( outcome: unknown ) =>
					// eslint-disable-next-line no-console -- the page reports without an evaluate.
					console.log(
						`timer-result ${ JSON.stringify( outcome ) }`
					);
				applePay.tokenize().then( report, ( e: any ) =>
					report( {
						rejected: e.name,
						type: e.errors?.[ 0 ]?.type,
					} )
				);
			}, 0 );
		} );
	}, APP_ID );
	// No page.evaluate or waitForFunction until the result: both carry a user gesture.
	const reported = page.waitForEvent( 'console', {
		predicate: ( m ) => m.text().startsWith( 'timer-result ' ),
		timeout: 30_000,
	} );
	await page.goto( '/apple-pay.html' );
	const line = ( await reported ).text();
	expect( JSON.parse( line.slice( 'timer-result '.length ) ) ).toEqual( {
		rejected: 'TokenizationError',
		type: 'USER_GESTURE_REQUIRED',
	} );
	await expect( page.locator( 'iframe[title="Apple Pay"]' ) ).toHaveCount(
		0
	);
	expect(
		await page.evaluate( () =>
			( window as any ).__timer.req.update( {
				total: { amount: '3.00', label: 'Total' },
			} )
		)
	).toBe( true );
} );

test( 'check 4: strictGesture refuses a session begun after an await in the click, as Safari does', async ( {
	page,
} ) => {
	await injectApplePay( page, { strictGesture: true } );
	await openApplePayPage( page );
	await harness( page, ONE_DOLLAR );
	await page.evaluate( () => {
		const w = window as any;
		const button = document.createElement( 'button' );
		button.type = 'button';
		button.textContent = 'Late pay';
		button.addEventListener( 'click', async () => {
			await new Promise( ( r ) => setTimeout( r, 20 ) );
			w.__h.late = w.__h.applePay.tokenize().then(
				( r: any ) => r,
				( e: any ) => ( {
					rejected: e.name,
					type: e.errors?.[ 0 ]?.type,
				} )
			);
		} );
		document.body.appendChild( button );
	} );
	await page.getByRole( 'button', { name: 'Late pay' } ).click();
	await expect
		.poll( () => page.evaluate( () => ( window as any ).__h.late ) )
		.toEqual( {
			rejected: 'TokenizationError',
			type: 'USER_GESTURE_REQUIRED',
		} );
	// In the click itself it opens.
	await page.getByRole( 'button', { name: 'Harness pay' } ).click();
	await sheetOf( page ).getByRole( 'button', { name: 'Cancel' } ).click();
	expect( await harnessResult( page ) ).toEqual( { status: 'Cancel' } );
} );

test( 'check 4: a host that is not registered gets DOMAIN_NOT_REGISTERED', async ( {
	page,
	baseURL,
} ) => {
	await injectApplePay( page );
	const lines = consoleOf( page );
	// Same merchant server under another host name: localhost is never registered here.
	const other = baseURL!.replace( '127.0.0.1', 'localhost' );
	await openApplePayPage( page, other );
	await expect
		.poll( () => lines.join( '\n' ) )
		.toContain( 'Initializing Apple Pay failed' );
	expect( await applePayRejection( page ) ).toEqual( {
		name: 'PaymentMethodUnsupportedError',
		message:
			'Apple Pay is not available for this application (DOMAIN_NOT_REGISTERED).',
		type: 'DOMAIN_NOT_REGISTERED',
	} );
} );

test( 'check 4: a merchant session used twice, or expired, is refused (400) and tokenize resolves Error', async ( {
	page,
} ) => {
	await injectApplePay( page );
	const lines = consoleOf( page );
	let recorded: string | null = null;
	let replay = false;
	// A caching proxy that hands out the same merchant session again.
	await page.route( '**/v2/apple-pay/validate-merchant', async ( route ) => {
		if ( replay && recorded ) {
			await route.fulfill( {
				status: 200,
				contentType: 'application/json',
				body: recorded,
				headers: { 'Access-Control-Allow-Origin': '*' },
			} );
			return;
		}
		const response = await route.fetch();
		recorded = await response.text();
		await route.fulfill( { response } );
	} );
	await openApplePayPage( page );
	const before = ( await applePayPayments( page.request ) ).length;
	const pay = page.getByRole( 'button', { name: /apple pay/i } );
	const sheet = sheetOf( page );
	await pay.click();
	await sheet.getByRole( 'button', { name: 'Pay with Touch ID' } ).click();
	await expect( page.locator( '#payment-status-container' ) ).toHaveClass(
		'is-success'
	);
	// Reused.
	replay = true;
	await pay.click();
	await sheet.getByRole( 'button', { name: 'Pay with Touch ID' } ).click();
	await expect( page.locator( '#payment-status-container' ) ).toHaveClass(
		'is-failure'
	);
	await expect( sheet.getByRole( 'alert' ) ).toContainText(
		'Payment not completed'
	);
	await expect
		.poll( () => lines.join( '\n' ) )
		.toContain( 'Tokenization failed with status: Error' );
	expect( lines.join( '\n' ) ).toContain( 'MERCHANT_SESSION_ALREADY_USED' );
	await sheet.getByRole( 'button', { name: 'Cancel' } ).click();
	await expect( page.locator( 'iframe[title="Apple Pay"]' ) ).toHaveCount(
		0
	);
	// Expired: a fresh session, expired while the sheet is open.
	replay = false;
	await pay.click();
	await expect(
		sheet.getByRole( 'button', { name: 'Pay with Touch ID' } )
	).toBeEnabled();
	const l = await ledger( page.request );
	const newest = Object.entries( l.wallet_sessions )
		.filter( ( [ , s ]: any ) => s.wallet === 'APPLE_PAY' && ! s.used )
		.sort( ( a: any, b: any ) => b[ 1 ].created - a[ 1 ].created )[ 0 ]!;
	const expired = await page.request.post(
		`${ SANDBOX }/__apple-pay/expire`,
		{
			data: { merchantSessionIdentifier: newest[ 0 ] },
		}
	);
	expect( ( await expired.json() ).expired ).toBe( 1 );
	await sheet.getByRole( 'button', { name: 'Pay with Touch ID' } ).click();
	await expect
		.poll( () => lines.join( '\n' ) )
		.toContain( 'MERCHANT_SESSION_EXPIRED' );
	await sheet.getByRole( 'button', { name: 'Cancel' } ).click();
	expect( ( await applePayPayments( page.request ) ).length ).toBe(
		before + 1
	);
} );

test( 'check 4: a shipping listener answering shippingErrors makes the sheet show "Address unserviceable"', async ( {
	page,
} ) => {
	await injectApplePay( page );
	await openApplePayPage( page );
	await harness( page, {
		countryCode: 'US',
		currencyCode: 'USD',
		total: { amount: '1.00', label: 'Total' },
		requestShippingContact: true,
		shippingOptions: [
			{ id: 'standard', label: 'Standard', amount: '0.00' },
		],
	} );
	await page.evaluate( () => {
		const h = ( window as any ).__h;
		h.req.addEventListener( 'shippingcontactchanged', ( contact: any ) => {
			h.seen.push( contact );
			return contact.countryCode === 'US'
				? { shippingErrors: { postalCode: 'We do not ship to 94103.' } }
				: {
						shippingOptions: [
							{
								id: 'standard',
								label: 'Standard',
								amount: '0.00',
							},
							{ id: 'express', label: 'Express', amount: '5.00' },
						],
						total: { amount: '6.00', label: 'Total' },
					};
		} );
	} );
	await page.getByRole( 'button', { name: 'Harness pay' } ).click();
	const sheet = sheetOf( page );
	await expect( sheet.getByRole( 'alert' ) ).toContainText(
		'Address unserviceable'
	);
	await expect( sheet.getByRole( 'alert' ) ).toContainText(
		'We do not ship to 94103.'
	);
	await expect(
		sheet.getByRole( 'button', { name: 'Pay with Touch ID' } )
	).toBeDisabled();
	// The listener saw the redacted contact only.
	expect(
		await page.evaluate( () => ( window as any ).__h.seen[ 0 ] )
	).toEqual( {
		city: 'San Francisco',
		state: 'CA',
		postalCode: '94103',
		countryCode: 'US',
	} );
	// Another address: the listener's total and options show, and the buyer can pay.
	await sheet.getByRole( 'radio', { name: /Grace Hopper/ } ).check();
	await expect( sheet.getByRole( 'alert' ) ).toBeEmpty();
	await expect( sheet.getByText( 'Total: USD 6.00' ) ).toBeVisible();
	await sheet.getByRole( 'radio', { name: /Express/ } ).check();
	await sheet.getByRole( 'button', { name: 'Pay with Touch ID' } ).click();
	const result = await harnessResult( page );
	expect( result.status ).toBe( 'OK' );
	expect( result.token ).toMatch( /^cnon:/ );
	expect( result.details ).toMatchObject( {
		method: 'Apple Pay',
		card: { brand: 'VISA', last4: '1111' },
		shipping: {
			contact: {
				givenName: 'Grace',
				familyName: 'Hopper',
				city: 'Toronto',
				countryCode: 'CA',
			},
			option: { id: 'express', label: 'Express', amount: '5.00' },
		},
	} );
} );

test( 'stand-in: a shipping listener that never answers is cancelled by the sheet after 30 s (clock)', async ( {
	page,
} ) => {
	await page.clock.install();
	await injectApplePay( page );
	await openApplePayPage( page );
	await harness( page, { ...ONE_DOLLAR, requestShippingContact: true } );
	await page.evaluate( () => {
		( window as any ).__h.req.addEventListener(
			'shippingcontactchanged',
			() => new Promise( () => {} )
		);
	} );
	await page.getByRole( 'button', { name: 'Harness pay' } ).click();
	await expect( sheetOf( page ).getByRole( 'status' ) ).toHaveText(
		'Updating…'
	);
	await page.clock.runFor( 29_000 );
	await expect( page.locator( 'iframe[title="Apple Pay"]' ) ).toHaveCount(
		1
	);
	expect( await update( page, '2.00' ) ).toBe( false );
	// The sheet gives up first (its timer started first); the SDK's own 30 s listener time-out
	// then surfaces its text, thrown outside the SDK's stack, which the fake clock reports.
	await expect( page.clock.runFor( 1_500 ) ).rejects.toThrow(
		'The event listener for shippingcontactchanged timed out (30 seconds)'
	);
	await expect( page.locator( 'iframe[title="Apple Pay"]' ) ).toHaveCount(
		0
	);
	expect( await harnessResult( page ) ).toEqual( { status: 'Cancel' } );
	expect( await update( page, '2.00' ) ).toBe( true );
} );

test( 'sandbox: domain registration, the association file, merchant validation and the wallet nonce refuse what they must', async ( {
	request,
} ) => {
	const post = ( path: string, data: unknown, headers = {} ) =>
		request.post( `${ SANDBOX }${ path }`, { data, headers } );
	const code = async ( r: Promise< any > ) =>
		( await ( await r ).json() ).errors?.[ 0 ]?.code;
	expect(
		(
			await post( '/v2/apple-pay/domains', { domain_name: 'shop.test' } )
		).status()
	).toBe( 401 );
	expect(
		await code(
			post(
				'/v2/apple-pay/domains',
				{ domain_name: 'https://shop.test/' },
				AUTH
			)
		)
	).toBe( 'INVALID_VALUE' );
	const file = await request.get(
		`${ SANDBOX }/digital-wallets/apple-pay/apple-developer-merchantid-domain-association`
	);
	expect( file.headers()[ 'content-type' ] ).toContain( 'text/plain' );
	expect( ( await file.text() ).length ).toBeGreaterThan( 32 );

	const vendor = standIn.match( /__kfVendorOrigin \|\| "([^"]+)"/ )![ 1 ];
	const validationUrl = `${ vendor }/apple-pay/paymentservices/startSession`;
	const validate = ( changes: Record< string, unknown > ) =>
		post( '/v2/apple-pay/validate-merchant', {
			client_id: APP_ID,
			location_id: 'LSANDBOXMAIN',
			merchant_name: 'Shop',
			source_url: 'http://127.0.0.1:1/apple-pay.html',
			domain_name: '127.0.0.1',
			validation_url: validationUrl,
			...changes,
		} );
	expect(
		await code(
			validate( {
				source_url: 'http://unregistered.test/',
				domain_name: 'unregistered.test',
			} )
		)
	).toBe( 'DOMAIN_NOT_REGISTERED' );
	expect( await code( validate( { domain_name: 'other.test' } ) ) ).toBe(
		'INVALID_DOMAIN'
	);
	expect(
		await code( validate( { validation_url: 'https://evil.test/start' } ) )
	).toBe( 'INVALID_VALIDATION_URL' );
	const merchantSession = await ( await validate( {} ) ).json();
	expect( merchantSession ).toMatchObject( {
		domainName: '127.0.0.1',
		merchantIdentifier: 'merchant.kestrel.sandbox',
		displayName: 'Shop',
	} );
	expect( merchantSession.expiresAt - merchantSession.epochTimestamp ).toBe(
		5 * 60 * 1000
	);

	const authorize = async ( session: unknown ) =>
		request.post( `${ vendor }/apple-pay/authorize`, {
			data: {
				merchantSession: session,
				card: 'visa',
				total: { label: 'Total', amount: '1.00' },
				currencyCode: 'USD',
			},
		} );
	expect(
		await code(
			authorize( {
				...merchantSession,
				merchantSessionIdentifier: 'SSHforged',
			} )
		)
	).toBe( 'INVALID_MERCHANT_SESSION' );
	const nonce = ( token: any ) =>
		post( '/v2/card-nonce', {
			client_id: APP_ID,
			location_id: 'LSANDBOXMAIN',
			apple_pay: {
				payment_data: token.paymentData,
				payment_method: token.paymentMethod,
				transaction_identifier: token.transactionIdentifier,
			},
		} );
	const first = await ( await authorize( merchantSession ) ).json();
	const second = await ( await authorize( merchantSession ) ).json();
	const forged = {
		...first,
		paymentData: {
			...first.paymentData,
			data: first.paymentData.data.replace( /^./, 'x' ),
		},
	};
	expect( await code( nonce( forged ) ) ).toBe(
		'INVALID_APPLE_PAY_PAYMENT_DATA'
	);
	const ok = await ( await nonce( first ) ).json();
	expect( ok.card_nonce ).toMatch( /^cnon:/ );
	expect( ok.card ).toMatchObject( { brand: 'VISA', last4: '1111' } );
	expect( await code( nonce( first ) ) ).toBe(
		'APPLE_PAY_PAYMENT_DATA_ALREADY_USED'
	);
	expect( await code( nonce( second ) ) ).toBe(
		'MERCHANT_SESSION_ALREADY_USED'
	);
} );

test( 'stand-in: strict as Safari on requests, one active session, and a merchant validation that never comes (30 s, clock)', async ( {
	page,
} ) => {
	await page.clock.install();
	await injectApplePay( page );
	await page.goto( '/card.html' );
	// page.evaluate carries a user gesture, so the constructor's own checks are what answer.
	const outcomes = await page.evaluate( () => {
		const w = window as any;
		const valid = {
			countryCode: 'US',
			currencyCode: 'USD',
			merchantCapabilities: [ 'supports3DS' ],
			supportedNetworks: [ 'visa' ],
			total: { label: 'Total', amount: '1.00' },
		};
		const attempt = ( version: number, request: object ) => {
			try {
				return new w.ApplePaySession( version, request ) && 'ok';
			} catch ( e: any ) {
				return e.name;
			}
		};
		const out = {
			noNetworks: attempt( 3, { ...valid, supportedNetworks: [] } ),
			noCapabilities: attempt( 3, {
				...valid,
				merchantCapabilities: undefined,
			} ),
			badAmount: attempt( 3, {
				...valid,
				total: { label: 'Total', amount: '1.234' },
			} ),
			version15: attempt( 15, valid ),
			first: '',
			second: '',
		};
		const session = new w.ApplePaySession( 3, valid );
		w.__events = [];
		session.onvalidatemerchant = ( e: any ) =>
			w.__events.push( `validate ${ e.validationURL }` );
		session.oncancel = () => w.__events.push( 'cancel' );
		session.begin();
		out.first = 'begun';
		out.second = attempt( 3, valid );
		return out;
	} );
	expect( outcomes ).toEqual( {
		noNetworks: 'TypeError',
		noCapabilities: 'TypeError',
		badAmount: 'TypeError',
		version15: 'InvalidAccessError',
		first: 'begun',
		second: 'InvalidAccessError',
	} );
	const sheet = page.locator( 'iframe[title="Apple Pay"]' );
	await expect( sheet ).toHaveAttribute( 'role', 'dialog' );
	await expect
		.poll( () => page.evaluate( () => ( window as any ).__events ) )
		.toEqual( [
			expect.stringMatching(
				/^validate http:\/\/127\.0\.0\.1:\d+\/apple-pay\/paymentservices\/startSession$/
			),
		] );
	await page.clock.runFor( 29_000 );
	await expect( sheet ).toHaveCount( 1 );
	await page.clock.runFor( 1_500 );
	await expect( sheet ).toHaveCount( 0 );
	expect( await page.evaluate( () => ( window as any ).__events[ 1 ] ) ).toBe(
		'cancel'
	);
} );

test( 'check 3: a shipping listener that throws: the sheet shows the localized text, the page gets the wrapped error', async ( {
	page,
} ) => {
	await injectApplePay( page );
	await openApplePayPage( page );
	const pageErrors: string[] = [];
	page.on( 'pageerror', ( e ) => pageErrors.push( e.message ) );
	await harness( page, { ...ONE_DOLLAR, requestShippingContact: true } );
	await page.evaluate( () => {
		( window as any ).__h.req.addEventListener(
			'shippingcontactchanged',
			() => {
				throw new Error( 'rates service down' );
			}
		);
	} );
	await page.getByRole( 'button', { name: 'Harness pay' } ).click();
	const sheet = sheetOf( page );
	await expect( sheet.getByRole( 'alert' ) ).toHaveText(
		'Error There was an error processing your selected shipping contact. Please try again.'
	);
	await expect(
		sheet.getByRole( 'button', { name: 'Pay with Touch ID' } )
	).toBeDisabled();
	await expect
		.poll( () => pageErrors )
		.toContain(
			'The event listener for shippingcontactchanged failed: rates service down'
		);
	await sheet.getByRole( 'button', { name: 'Cancel' } ).click();
	expect( await harnessResult( page ) ).toEqual( { status: 'Cancel' } );
} );
