/**
 * ACH end to end (issue 16; wave 2 design A.4, P3 acceptance checks 1–2) against the offline
 * Plaid Link stand-in on the vendor origin and the provider's authorisation frame: the
 * provider's quickstart ach.html unchanged in both amount shapes (sandbox/examples/ach.html,
 * ach-total.html), driven like a person in Link and the authorisation; then the tokenize rules,
 * the achAuth modes (sandbox application ids) and the bank-link errors of spec §8.
 *
 * The merchant code does not listen to Plaid's events, so an init script (not merchant code)
 * adds a listener for every ACH event to each ACH object the page creates and records them in
 * `window.__ach`.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { SANDBOX, ledger } from './utils';

const EVENTS = [
	'ontokenization',
	'CLOSE_OAUTH',
	'ERROR',
	'EXIT',
	'FAIL_OAUTH',
	'HANDOFF',
	'MATCHED_SELECT_INSTITUTION',
	'MATCHED_SELECT_VERIFY_METHOD',
	'OPEN',
	'OPEN_MY_PLAID',
	'OPEN_OAUTH',
	'SEARCH_INSTITUTION',
	'SELECT_BRAND',
	'SELECT_INSTITUTION',
	'SUBMIT_CREDENTIALS',
	'SUBMIT_MFA',
	'TRANSITION_VIEW',
];

interface Recorded {
	type: string;
	view?: string | null;
	status?: string;
	token?: string;
	details?: Record< string, unknown >;
	error?: { name: string; message: string } | null;
}

const link = ( page: Page ) =>
	page.frameLocator( 'iframe[title="Plaid Link"]' );
const authorization = ( page: Page ) =>
	page.frameLocator( 'iframe[title="Bank authorization"]' );

/**
 * Presses a button whose frame (Link, the authorisation) goes away as a result. A click whose
 * frame is detached while Playwright finishes the action may never settle, so the press itself
 * is not awaited: the frame going away is.
 *
 * @param page   Page.
 * @param title  The frame's title.
 * @param button The button in it.
 */
async function pressAndClose(
	page: Page,
	title: string,
	button: Locator
): Promise< void > {
	await expect( button ).toBeEnabled();
	void button.click().catch( () => undefined );
	await expect( page.locator( `iframe[title="${ title }"]` ) ).toHaveCount(
		0
	);
}
const continueLink = ( page: Page ) =>
	pressAndClose(
		page,
		'Plaid Link',
		link( page ).getByRole( 'button', { name: 'Continue' } )
	);
const authorize = ( page: Page ) =>
	pressAndClose(
		page,
		'Bank authorization',
		authorization( page ).getByRole( 'button', { name: 'Authorize' } )
	);
const recorded = ( page: Page ): Promise< Recorded[] > =>
	page.evaluate( () => ( window as any ).__ach );

/**
 * What the page's ACH object's tokenize(options) throws (null when it does not).
 *
 * @param page    Page.
 * @param options Tokenize options.
 */
const tokenizeError = (
	page: Page,
	options: unknown
): Promise< { name: string; message: string; type?: string } | null > =>
	page.evaluate( async ( o ) => {
		try {
			await ( window as any ).__achMethod.tokenize( o );
			return null;
		} catch ( e: any ) {
			return {
				name: e.name,
				message: e.message,
				type: e.errors?.[ 0 ]?.type,
			};
		}
	}, options );

test.beforeEach( async ( { page } ) => {
	await page.addInitScript( ( events: string[] ) => {
		const w = window as any;
		w.__ach = [];
		let square: any;
		Object.defineProperty( w, 'Square', {
			configurable: true,
			get: () => square,
			set( value ) {
				const payments = value.payments;
				square = {
					...value,
					payments( ...args: unknown[] ) {
						const p = payments.apply( value, args );
						const ach = p.ach;
						return Object.assign( Object.create( p ), p, {
							async ach( ...a: unknown[] ) {
								const method = await ach.apply( p, a );
								for ( const type of events ) {
									method.addEventListener( type, ( e: any ) =>
										w.__ach.push(
											type === 'ontokenization'
												? {
														type,
														status: e.detail
															.tokenResult
															?.status,
														token: e.detail
															.tokenResult?.token,
														details:
															e.detail.tokenResult
																?.details,
														error: e.detail.error
															? {
																	name: e
																		.detail
																		.error
																		.name,
																	message:
																		e.detail
																			.error
																			.message,
																}
															: null,
													}
												: {
														type,
														view:
															e.detail
																?.view_name ??
															null,
													}
										)
									);
								}
								w.__achMethod = method;
								return method;
							},
						} );
					},
				};
			},
		} );
	}, EVENTS );
} );

test.afterEach( async ( { request } ) => {
	await request.post( `${ SANDBOX }/__vendors/scenario`, {
		data: { vendor: 'plaid', scenario: {} },
	} );
} );

/**
 * Opens a quickstart page and waits until its ACH object exists.
 *
 * @param page Page.
 * @param path Page path (with ?app=…).
 */
async function open( page: Page, path: string ): Promise< void > {
	await page.goto( path );
	await page.waitForFunction(
		() => Boolean( ( window as any ).__achMethod ),
		null,
		{
			timeout: 30_000,
		}
	);
}

/**
 * Opens the quickstart page and starts a STORE tokenize (Link opens); its result.
 *
 * @param page Page.
 */
async function openAndStore( page: Page ): Promise< any > {
	await open( page, '/ach.html' );
	return page.evaluate( () =>
		( window as any ).__achMethod.tokenize( {
			accountHolderName: 'Ada Lovelace',
			intent: 'STORE',
		} )
	);
}

/**
 * In Link: First Platypus Bank, user_good / pass_good, Plaid Checking, Continue.
 *
 * @param page     Page.
 * @param username Sandbox user.
 */
async function linkBank( page: Page, username = 'user_good' ): Promise< void > {
	const l = link( page );
	await l.getByRole( 'button', { name: 'First Platypus Bank' } ).click();
	await l.getByLabel( 'Username' ).fill( username );
	await l.getByLabel( 'Password' ).fill( 'pass_good' );
	await l.getByRole( 'button', { name: 'Submit' } ).click();
	if ( username === 'mfa_device' ) {
		await l.getByLabel( 'Code' ).fill( '1234' );
		await l.getByRole( 'button', { name: 'Submit' } ).click();
	}
	await l.getByRole( 'radio', { name: /Plaid Checking/ } ).check();
	await continueLink( page );
}

async function fillName( page: Page ): Promise< void > {
	await page.getByPlaceholder( 'Given Name' ).fill( 'Ada' );
	await page.getByPlaceholder( 'Family Name' ).fill( 'Lovelace' );
}

for ( const [ path, shape ] of [
	[ '/ach.html', "amount: '1.00', currency" ],
	[ '/ach-total.html', 'total {amount: 100, currencyCode}' ],
] ) {
	test( `quickstart (${ shape }): Link, authorisation, OK bnon: token, PENDING payment`, async ( {
		page,
	} ) => {
		await open( page, path );
		await fillName( page );
		await page
			.getByRole( 'button', { name: 'Pay with Bank Account' } )
			.click();
		// The dark overlay is up while Link runs.
		await expect( page.locator( '.sq-ach-overlay' ) ).toHaveCount( 1 );
		await expect
			.poll( () =>
				page
					.locator( '.sq-ach-overlay' )
					.evaluate( ( e ) => getComputedStyle( e ).opacity )
			)
			.toBe( '1' );
		expect(
			await page
				.locator( '.sq-ach-overlay' )
				.evaluate( ( e ) => getComputedStyle( e ).transitionDuration )
		).toBe( '0.24s' );
		await linkBank( page );
		const auth = authorization( page );
		await expect(
			auth.getByRole( 'heading', { name: 'Bank authorization' } )
		).toBeVisible();
		await expect(
			auth.getByText(
				/debit \$1\.00 from your First Platypus Bank checking account ending in 000/
			)
		).toBeVisible();
		await expect(
			page.getByRole( 'dialog', { name: 'Bank authorization' } )
		).toHaveCount( 1 );
		await authorize( page );
		await expect( page.locator( '#payment-status-container' ) ).toHaveClass(
			'is-success'
		);
		await expect( page.locator( '.sq-ach-overlay' ) ).toHaveCount( 0 );
		await expect(
			page.locator( 'iframe[title="Bank authorization"]' )
		).toHaveCount( 0 );

		const events = await recorded( page );
		const names = events.map( ( e ) => e.type );
		// Plaid's events in Plaid's order, then the result.
		expect( names.filter( ( n ) => n !== 'TRANSITION_VIEW' ) ).toEqual( [
			'OPEN',
			'SELECT_INSTITUTION',
			'SUBMIT_CREDENTIALS',
			'HANDOFF',
			'ontokenization',
		] );
		expect(
			events
				.filter( ( e ) => e.type === 'TRANSITION_VIEW' )
				.map( ( e ) => e.view )
		).toEqual( [
			'SELECT_INSTITUTION',
			'CREDENTIAL',
			'SELECT_ACCOUNT',
			'CONNECTED',
		] );
		const result = events.at( -1 )!;
		expect( result.status ).toBe( 'OK' );
		expect( result.error ).toBeNull();
		expect( result.token ).toMatch( /^bnon:/ );
		expect( result.details ).toEqual( {
			method: 'ACH',
			bankAccount: {
				bankName: 'First Platypus Bank',
				accountNumberSuffix: '000',
				accountType: 'CHECKING',
			},
		} );
		const l = await ledger( page.request );
		const payment = Object.values( l.payments ).find(
			( p: any ) => p.source_id === result.token
		) as any;
		expect( payment ).toMatchObject( {
			status: 'PENDING',
			source_type: 'BANK_ACCOUNT',
			amount_money: { amount: 100, currency: 'USD' },
			bank_account_details: {
				bank_name: 'First Platypus Bank',
				transfer_type: 'ACH',
				ach_details: {
					account_number_suffix: '000',
					account_type: 'CHECKING',
				},
			},
		} );
		// The authorised token carries the buyer's authorisation of this amount.
		expect( l.nonces[ result.token! ].authorization ).toMatchObject( {
			intent: 'CHARGE',
			amount: 100,
			currency: 'USD',
		} );
	} );
}

test( 'closing Link: ontokenization gets detail.error, the overlay fades out and goes', async ( {
	page,
} ) => {
	await open( page, '/ach.html' );
	const paymentsBefore = Object.keys(
		( await ledger( page.request ) ).payments
	);
	await fillName( page );
	await page.getByRole( 'button', { name: 'Pay with Bank Account' } ).click();
	await expect(
		link( page ).getByRole( 'button', { name: 'Close' } )
	).toBeVisible();
	// Watch the overlay: when it starts fading out and when it leaves the page.
	await page.evaluate( () => {
		const w = window as any;
		const o = document.querySelector( '.sq-ach-overlay' ) as HTMLElement;
		w.__fade = {};
		new MutationObserver( () => {
			if ( o.dataset.state === 'out' && ! w.__fade.out ) {
				w.__fade.out = {
					at: performance.now(),
					transition: o.style.transition,
					opacity: o.style.opacity,
				};
			}
		} ).observe( o, { attributes: true } );
		new MutationObserver( () => {
			if ( ! o.isConnected && ! w.__fade.gone ) {
				w.__fade.gone = performance.now();
			}
		} ).observe( document.body, { childList: true } );
	} );
	await link( page ).getByRole( 'button', { name: 'Close' } ).click();
	await expect( page.locator( '.sq-ach-overlay' ) ).toHaveCount( 0 );
	const fade = await page.evaluate( () => ( window as any ).__fade );
	expect( fade.out ).toMatchObject( {
		transition: 'opacity 0.16s ease-out',
		opacity: '0',
	} );
	expect( fade.gone - fade.out.at ).toBeGreaterThanOrEqual( 150 );
	await expect( page.locator( 'iframe[title="Plaid Link"]' ) ).toHaveCount(
		0
	);
	// tokenize() resolves (Cancel, asserted on the token result below); the quickstart's
	// listener throws on detail.error, so no payment is attempted.
	await expect
		.poll( async () => ( await recorded( page ) ).at( -1 )?.status )
		.toBe( 'Cancel' );
	expect( Object.keys( ( await ledger( page.request ) ).payments ) ).toEqual(
		paymentsBefore
	);
	const events = await recorded( page );
	expect( events.map( ( e ) => e.type ) ).toEqual( [
		'OPEN',
		'TRANSITION_VIEW',
		'EXIT',
		'ontokenization',
	] );
	expect( events.at( -1 ) ).toMatchObject( {
		status: 'Cancel',
		error: { name: 'TokenizationError' },
	} );
} );

test( 'MFA, a wrong password (ERROR event, Link stays), STORE skips the authorisation', async ( {
	page,
} ) => {
	const result = openAndStore( page );
	const l = link( page );
	await l.getByRole( 'button', { name: 'Tartan Bank' } ).click();
	await l.getByLabel( 'Username' ).fill( 'mfa_device' );
	await l.getByLabel( 'Password' ).fill( 'wrong' );
	await l.getByRole( 'button', { name: 'Submit' } ).click();
	await expect( l.getByRole( 'alert' ) ).toContainText(
		'credentials were not correct'
	);
	await l.getByLabel( 'Password' ).fill( 'pass_good' );
	await l.getByRole( 'button', { name: 'Submit' } ).click();
	await l.getByLabel( 'Code' ).fill( '1234' );
	await l.getByRole( 'button', { name: 'Submit' } ).click();
	await l.getByRole( 'radio', { name: /Plaid Saving/ } ).check();
	await continueLink( page );
	const r = await result;
	expect( r.status ).toBe( 'OK' );
	expect( r.token ).toMatch( /^bnon:/ );
	expect( r.details.bankAccount ).toEqual( {
		bankName: 'Tartan Bank',
		accountNumberSuffix: '111',
		accountType: 'SAVINGS',
	} );
	await expect(
		page.locator( 'iframe[title="Bank authorization"]' )
	).toHaveCount( 0 );
	const names = ( await recorded( page ) ).map( ( e ) => e.type );
	expect( names.filter( ( n ) => n !== 'TRANSITION_VIEW' ) ).toEqual( [
		'OPEN',
		'SELECT_INSTITUTION',
		'SUBMIT_CREDENTIALS',
		'ERROR',
		'SUBMIT_CREDENTIALS',
		'SUBMIT_MFA',
		'HANDOFF',
		'ontokenization',
	] );
	// A stored bank nonce has no authorisation.
	expect(
		( await ledger( page.request ) ).nonces[ r.token ].authorization
	).toBeUndefined();
} );

test( 'tokenize rules: name, intent text, amount shapes, RECURRING_CHARGE', async ( {
	page,
} ) => {
	await open( page, '/ach.html' );
	const errorOf = ( options: unknown ) => tokenizeError( page, options );
	expect(
		await errorOf( { intent: 'CHARGE', amount: '1.00', currency: 'USD' } )
	).toMatchObject( {
		name: 'PlaidMissingNameError',
		message: 'accountHolderName is required.',
	} );
	expect(
		await errorOf( { accountHolderName: '   ', intent: 'STORE' } )
	).toMatchObject( {
		name: 'PlaidMissingNameError',
	} );
	expect(
		await errorOf( {
			accountHolderName: 'Ada',
			intent: 'REFUND',
			amount: '1.00',
			currency: 'USD',
		} )
	).toMatchObject( {
		name: 'InvalidOptionError',
		message:
			'Unsupported intent REFUND. Must be one of: CHARGE, STORE, RECURRING_CHARGE',
	} );
	// The 1.51.4 typings' doc example: amount as an object.
	expect(
		await errorOf( {
			accountHolderName: 'Ada',
			intent: 'CHARGE',
			amount: { total: 500, currencyCode: 'USD' },
		} )
	).toMatchObject( { name: 'InvalidOptionError' } );
	expect(
		await errorOf( { accountHolderName: 'Ada', intent: 'CHARGE' } )
	).toMatchObject( {
		name: 'InvalidOptionError',
		message: expect.stringContaining( 'needs the amount' ),
	} );
	expect(
		await errorOf( {
			accountHolderName: 'Ada',
			intent: 'RECURRING_CHARGE',
			amount: '5.00',
			currency: 'USD',
			cadence: 'WEEKLY',
			startDate: '2028-12-31',
		} )
	).toMatchObject( {
		name: 'InvalidOptionError',
		message: "Intent RECURRING_CHARGE needs 'bankAccountId'.",
	} );
	expect(
		await errorOf( {
			intent: 'RECURRING_CHARGE',
			bankAccountId: 'bact:bank-account-ok',
			amount: '5.00',
			currency: 'USD',
			cadence: 'YEARLY',
			startDate: '2028-12-31',
		} )
	).toMatchObject( {
		name: 'InvalidOptionError',
		message: expect.stringContaining( 'WEEKLY or MONTHLY' ),
	} );
	// None of these opened anything.
	await expect( page.locator( 'iframe[title="Plaid Link"]' ) ).toHaveCount(
		0
	);
	await expect( page.locator( '.sq-ach-overlay' ) ).toHaveCount( 0 );
} );

/** A RECURRING_CHARGE of $5.00 on a stored bank account; the schedule is added per test. */
const RECURRING = {
	intent: 'RECURRING_CHARGE',
	bankAccountId: 'bact:bank-account-ok',
	startDate: '2028-12-31',
	amount: '5.00',
	currency: 'USD',
};

test( 'RECURRING_CHARGE with a bank account goes straight to the authorisation; Cancel gives Cancel', async ( {
	page,
} ) => {
	await open( page, '/ach.html' );
	const options = { ...RECURRING, cadence: 'MONTHLY' };
	let result = page.evaluate(
		( o ) => ( window as any ).__achMethod.tokenize( o ),
		options
	);
	const auth = authorization( page );
	await expect(
		auth.getByText( /debit \$5\.00 .* monthly, starting 2028-12-31/ )
	).toBeVisible();
	await expect( page.locator( 'iframe[title="Plaid Link"]' ) ).toHaveCount(
		0
	);
	await auth.getByRole( 'button', { name: 'Cancel' } ).click();
	expect( ( await result ).status ).toBe( 'Cancel' );

	result = page.evaluate(
		( o ) => ( window as any ).__achMethod.tokenize( o ),
		options
	);
	await authorize( page );
	const ok = await result;
	expect( ok.status ).toBe( 'OK' );
	expect( ok.token ).toMatch( /^bnon:/ );
	expect(
		( await ledger( page.request ) ).nonces[ ok.token ].authorization
	).toMatchObject( {
		intent: 'RECURRING_CHARGE',
		amount: 500,
		cadence: 'MONTHLY',
		start_date: '2028-12-31',
	} );
	const events = await recorded( page );
	expect( events.map( ( e ) => e.type ) ).toEqual( [
		'ontokenization',
		'ontokenization',
	] );
	expect( events[ 0 ] ).toMatchObject( {
		status: 'Cancel',
		error: { name: 'TokenizationError' },
	} );
} );

test( "RECURRING_CHARGE with the quickstart's frequency object (ach-recurring.html at HEAD) is signed and charged", async ( {
	page,
	request,
} ) => {
	await open( page, '/ach.html' );
	// The options as the quickstart's ach-recurring page builds them.
	const options = {
		...RECURRING,
		frequency: {
			yearly: {
				occurrence: 1,
				months: [ 'JANUARY' ],
				days: { daysOfMonth: [ 15, 31 ] },
			},
		},
	};
	const result = page.evaluate(
		( o ) => ( window as any ).__achMethod.tokenize( o ),
		options
	);
	await expect(
		authorization( page ).getByText(
			/debit \$5\.00 .* yearly in January on day 15, 31 of the month, starting 2028-12-31/
		)
	).toBeVisible();
	await authorize( page );
	const ok = await result;
	expect( ok.status, JSON.stringify( ok.errors ) ).toBe( 'OK' );
	expect( ok.token ).toMatch( /^bnon:/ );
	expect(
		( await ledger( request ) ).nonces[ ok.token ].authorization
	).toMatchObject( {
		intent: 'RECURRING_CHARGE',
		amount: 500,
		frequency: options.frequency,
		start_date: '2028-12-31',
	} );
} );

test( 'bank-link errors: expired session and a foreign account id, with the spec texts', async ( {
	page,
	request,
} ) => {
	await open( page, '/ach.html' );
	const run = () =>
		tokenizeError( page, {
			accountHolderName: 'Ada Lovelace',
			intent: 'STORE',
		} );
	let failure = run();
	await expect(
		link( page ).getByRole( 'button', { name: 'First Platypus Bank' } )
	).toBeVisible();
	// The provider's session token of this link session, expired as a token would be.
	const sessions = Object.entries(
		( await ledger( request ) ).nonces
	).filter( ( [ , n ]: [ string, any ] ) => n.method === 'BANK_LINK' );
	const [ sessionToken ] = sessions.at( -1 )!;
	expect(
		(
			await request.post( `${ SANDBOX }/__expire`, {
				data: { token: sessionToken },
			} )
		).ok()
	).toBe( true );
	await linkBank( page );
	expect( await failure ).toEqual( {
		name: 'TokenizationError',
		message: 'The plaid session was expired. Please try again.',
		type: 'EXPIRED_PLAID_SESSION',
	} );
	await expect( page.locator( '.sq-ach-overlay' ) ).toHaveCount( 0 );

	await request.post( `${ SANDBOX }/__vendors/scenario`, {
		data: { vendor: 'plaid', scenario: { accountId: 'acc-never-shown' } },
	} );
	failure = run();
	await linkBank( page );
	expect( await failure ).toEqual( {
		name: 'TokenizationError',
		message: 'Invalid plaid bank account id selected',
		type: 'INVALID_SELECTED_PLAID_BANK_ACCOUNT_ID',
	} );
	const last = ( await recorded( page ) ).at( -1 )!;
	expect( last ).toMatchObject( {
		type: 'ontokenization',
		error: {
			name: 'TokenizationError',
			message: 'Invalid plaid bank account id selected',
		},
	} );
} );

test( 'achAuth modes from the hydration: no-support, required, legacy, supported', async ( {
	page,
} ) => {
	const errorIn = async ( app: string, options: unknown ) => {
		await open( page, `/ach.html?app=${ app }` );
		return tokenizeError( page, options );
	};
	const charge = {
		accountHolderName: 'Ada',
		intent: 'CHARGE',
		amount: '1.00',
		currency: 'USD',
	};
	expect(
		await errorIn( 'sandbox-sq0idb-ach-no-support', charge )
	).toMatchObject( {
		name: 'InvalidOptionError',
		message: expect.stringContaining( "'intent' is not supported" ),
	} );
	expect(
		await errorIn( 'sandbox-sq0idb-ach-required', {
			accountHolderName: 'Ada',
		} )
	).toMatchObject( {
		name: 'InvalidOptionError',
		message: expect.stringContaining( "'intent' is required" ),
	} );
	expect(
		await errorIn( 'sandbox-sq0idb-ach-legacy', {
			...charge,
			bankAccountId: 'bact:bank-account-ok',
		} )
	).toMatchObject( {
		name: 'InvalidOptionError',
		message: expect.stringContaining( 'does not capture' ),
	} );

	// no-support: the name alone links the bank; the bank nonce is the result, no authorisation.
	// The quickstart page itself (intent CHARGE) fails there, as the mode says.
	for ( const [ app, options ] of [
		[ 'sandbox-sq0idb-ach-no-support', { accountHolderName: 'Ada' } ],
		[ 'sandbox-sq0idb-ach-supported', { accountHolderName: 'Ada' } ],
		[ 'sandbox-sq0idb-ach-legacy', charge ],
	] as const ) {
		await open( page, `/ach.html?app=${ app }` );
		const result = page.evaluate(
			( o ) => ( window as any ).__achMethod.tokenize( o ),
			options
		);
		await linkBank( page );
		const r = await result;
		expect( r.status, app ).toBe( 'OK' );
		await expect(
			page.locator( 'iframe[title="Bank authorization"]' )
		).toHaveCount( 0 );
	}
} );

test( 'an application without ACH, and destroy()', async ( { page } ) => {
	await page.goto( '/ach.html?app=sandbox-sq0idb-merchant-gb' );
	const error = await page.evaluate( async () => {
		try {
			await ( window as any ).Square.payments(
				'sandbox-sq0idb-merchant-gb',
				'LSANDBOXGB'
			).ach();
			return null;
		} catch ( e: any ) {
			return { name: e.name, type: e.errors?.[ 0 ]?.type };
		}
	} );
	expect( error ).toEqual( {
		name: 'PaymentMethodUnsupportedError',
		type: 'US_MERCHANT_ONLY',
	} );

	await open( page, '/ach.html' );
	const destroyed = await page.evaluate( async () => {
		const m = ( window as any ).__achMethod;
		const first = await m.destroy();
		const second = await m.destroy();
		let after = '';
		try {
			await m.tokenize( { accountHolderName: 'Ada', intent: 'STORE' } );
		} catch ( e: any ) {
			after = e.name;
		}
		return [ first, second, after ];
	} );
	expect( destroyed ).toEqual( [
		true,
		false,
		'PaymentMethodAlreadyDestroyedError',
	] );
} );

test.describe( 'a Spanish page', () => {
	test.use( { locale: 'es-ES' } );

	test( 'Link opens in Spanish (language es in the link session)', async ( {
		page,
	} ) => {
		const result = openAndStore( page );
		const l = link( page );
		await expect(
			l.getByRole( 'heading', { name: 'Selecciona tu banco' } )
		).toBeVisible();
		await l.getByRole( 'button', { name: 'Houndstooth Bank' } ).click();
		await l.getByLabel( 'Usuario' ).fill( 'user_good' );
		await l.getByLabel( 'Contraseña' ).fill( 'pass_good' );
		await l.getByRole( 'button', { name: 'Enviar' } ).click();
		await l.getByRole( 'radio', { name: /Plaid Checking/ } ).check();
		await l.getByRole( 'button', { name: 'Continuar' } ).click();
		expect( ( await result ).details.bankAccount.bankName ).toBe(
			'Houndstooth Bank'
		);
	} );
} );

/**
 * Opens the ACH page with a focused #starter button first in the page (what focus must return to).
 *
 * @param page Page.
 */
async function openWithStarter( page: Page ): Promise< void > {
	await open( page, '/ach.html' );
	await page.evaluate( () => {
		const b = document.createElement( 'button' );
		b.id = 'starter';
		b.textContent = 'Start';
		document.body.prepend( b );
		b.focus();
	} );
}

test( 'Link takes focus when it opens, Escape closes it as Cancel, focus goes back to the button', async ( {
	page,
} ) => {
	await openWithStarter( page );
	const result = page.evaluate( () =>
		( window as any ).__achMethod.tokenize( {
			accountHolderName: 'Ada Lovelace',
			intent: 'STORE',
		} )
	);
	await expect(
		link( page ).getByRole( 'button', { name: 'First Platypus Bank' } )
	).toBeVisible();
	await expect( page.locator( 'iframe[title="Plaid Link"]' ) ).toBeFocused();
	await expect( link( page ).getByRole( 'heading' ) ).toBeFocused();
	await page.keyboard.press( 'Escape' );
	expect( ( await result ).status ).toBe( 'Cancel' );
	await expect( page.locator( 'iframe[title="Plaid Link"]' ) ).toHaveCount(
		0
	);
	await expect( page.locator( '#starter' ) ).toBeFocused();
} );

test( 'the authorisation dialog: the page behind is inert, focus starts on the heading, Tab wraps, focus comes back', async ( {
	page,
} ) => {
	await openWithStarter( page );
	const result = page.evaluate(
		( o ) => ( window as any ).__achMethod.tokenize( o ),
		{ ...RECURRING, cadence: 'WEEKLY' }
	);
	const auth = authorization( page );
	await expect(
		auth.getByRole( 'heading', { name: 'Bank authorization' } )
	).toBeFocused();
	expect(
		await page.evaluate( () =>
			Array.from( document.body.children )
				.filter(
					( e ) => ! e.classList.contains( 'sq-ach-authorization' )
				)
				.every( ( e ) => ( e as HTMLElement ).inert )
		)
	).toBe( true );
	const cancel = auth.getByRole( 'button', { name: 'Cancel' } );
	const authorizeButton = auth.getByRole( 'button', { name: 'Authorize' } );
	await page.keyboard.press( 'Tab' );
	await expect( cancel ).toBeFocused();
	await page.keyboard.press( 'Tab' );
	await expect( authorizeButton ).toBeFocused();
	await page.keyboard.press( 'Tab' );
	await expect( cancel ).toBeFocused();
	await page.keyboard.press( 'Shift+Tab' );
	await expect( authorizeButton ).toBeFocused();
	await page.keyboard.press( 'Escape' );
	expect( ( await result ).status ).toBe( 'Cancel' );
	await expect( page.locator( '#starter' ) ).toBeFocused();
	expect(
		await page.evaluate( () =>
			Array.from( document.body.children ).some(
				( e ) => ( e as HTMLElement ).inert
			)
		)
	).toBe( false );
} );

test( 'Escape while Authorize is being signed does not cancel: the provider’s signature is the result', async ( {
	page,
} ) => {
	await openWithStarter( page );
	// The provider takes its time to sign.
	let release: () => void = () => undefined;
	const held = new Promise< void >( ( resolve ) => {
		release = resolve;
	} );
	await page.route( '**/v2/ach/authorizations', async ( route ) => {
		await held;
		await route.continue();
	} );
	const result = page.evaluate(
		( o ) => ( window as any ).__achMethod.tokenize( o ),
		{ ...RECURRING, cadence: 'WEEKLY' }
	);
	const auth = authorization( page );
	const authorizeButton = auth.getByRole( 'button', { name: 'Authorize' } );
	await authorizeButton.click();
	await expect( authorizeButton ).toBeDisabled();
	await page.keyboard.press( 'Escape' );
	await expect(
		auth.getByRole( 'heading', { name: 'Bank authorization' } )
	).toBeVisible();
	release();
	const outcome = await result;
	expect( outcome.status ).toBe( 'OK' );
	expect( outcome.token ).toMatch( /^bnon:/ );
} );

test( 'an authorisation the provider refuses ends as error: TokenizationError with its reason', async ( {
	page,
} ) => {
	await open( page, '/ach.html' );
	const failure = tokenizeError( page, {
		accountHolderName: 'Ada Lovelace',
		intent: 'CHARGE',
		bankAccountId: 'bact:never-linked',
		amount: '1.00',
		currency: 'USD',
	} );
	const auth = authorization( page );
	await expect(
		auth.getByText( /from your bank account on file/ )
	).toBeVisible();
	await auth.getByRole( 'button', { name: 'Authorize' } ).click();
	// The reason stays on screen until the buyer closes it (or tries again).
	await expect( auth.getByRole( 'alert' ) ).toHaveText(
		'The bank account is unknown.'
	);
	await expect( auth.getByRole( 'button', { name: 'Close' } ) ).toBeFocused();
	await auth.getByRole( 'button', { name: 'Try again' } ).click();
	await expect( auth.getByRole( 'alert' ) ).toHaveText(
		'The bank account is unknown.'
	);
	await auth.getByRole( 'button', { name: 'Close' } ).click();
	expect( await failure ).toEqual( {
		name: 'TokenizationError',
		message: 'Tokenization failed: The bank account is unknown.',
		type: 'AUTHORIZATION_ERROR',
	} );
	await expect(
		page.locator( 'iframe[title="Bank authorization"]' )
	).toHaveCount( 0 );
	await expect( page.locator( '.sq-ach-overlay' ) ).toHaveCount( 0 );
	expect( ( await recorded( page ) ).at( -1 ) ).toMatchObject( {
		type: 'ontokenization',
		error: { name: 'TokenizationError' },
	} );
} );
