/**
 * Cash App Pay on a desktop (issue 16; wave 2 design A.5, P3 acceptance checks 4 and 6) against
 * the offline Pay Kit stand-in and its approval page on the vendor origin: the quickstart page
 * sandbox/examples/cash-app-pay.html with its merchant code unchanged, the QR modal, approval
 * from a second page (the buyer's phone), decline, dismiss, the checks of payments.cashAppPay()
 * and attach(), and the payment request it pins.
 */
import { expect, test, type Page } from '@playwright/test';
import { SANDBOX, ledger } from './utils';

const capButton = ( page: Page, container = '#cash-app-pay' ) =>
	page.locator( `${ container } [data-testid="cap-btn"]` );
const dialog = ( page: Page ) =>
	page.getByRole( 'dialog', { name: 'Cash App Pay' } );

/**
 * Approves (or declines, fails) in a second page, as the buyer's phone would after scanning.
 *
 * @param page     The checkout page with the QR modal open.
 * @param decision Button on the approval page.
 */
async function answerOnPhone(
	page: Page,
	decision: 'Approve' | 'Decline' | 'Fail'
): Promise< void > {
	const href = await page.getByTestId( 'cap-qr-link' ).getAttribute( 'href' );
	const phone = await page.context().newPage();
	await phone.goto( href! );
	await expect( phone.getByText( '$1.00' ) ).toBeVisible();
	await phone.getByRole( 'button', { name: decision } ).click();
	await expect( phone.getByRole( 'button', { name: 'Done' } ) ).toBeVisible();
	await phone.getByRole( 'button', { name: 'Done' } ).click();
	await phone.close().catch( () => {} );
}

/**
 * A Cash App Pay method of the tests' own (see __cap below) attached to a new #own element.
 *
 * @param page Page.
 */
const attachOwn = ( page: Page ) =>
	page.evaluate( async () => {
		const w = window as any;
		await ( await w.__cap() ).attach( w.__ownTarget() );
	} );

/**
 * The token results the tests' own method got so far.
 *
 * @param page Page.
 */
const tokenResults = ( page: Page ) =>
	page.evaluate( () =>
		( window as any ).__events
			.filter( ( e: any ) => e.type === 'ontokenization' )
			.map( ( e: any ) => e.detail.tokenResult )
	);

/**
 * Clicks the tests' own button again (a fresh request must open the QR modal), approves on the
 * phone, and waits for the token results' statuses.
 *
 * @param page     Page.
 * @param statuses All statuses expected afterwards.
 */
async function payAgain( page: Page, statuses: string[] ): Promise< void > {
	await capButton( page, '#own' ).click();
	await expect( dialog( page ) ).toBeVisible();
	await answerOnPhone( page, 'Approve' );
	await expect
		.poll( async () =>
			( await tokenResults( page ) ).map( ( r: any ) => r.status )
		)
		.toEqual( statuses );
}

/**
 * The tests' own merchant code on the same page: `__cap(requestExtra, options)` makes a Cash App
 * Pay method for a $1.00 request and records its events in `__events`.
 */
test.beforeEach( async ( { page } ) => {
	await page.addInitScript( () => {
		const w = window as any;
		w.__events = [];
		w.__cap = async (
			extra: object = {},
			options: object = {
				redirectURL: location.href,
				referenceId: 'ref-42',
			},
			appId = 'sandbox-sq0idb-merchant-us'
		) => {
			const payments = w.Square.payments( appId, 'LSANDBOXMAIN' );
			w.__request = payments.paymentRequest( {
				countryCode: 'US',
				currencyCode: 'USD',
				total: { amount: '1.00', label: 'Total' },
				...extra,
			} );
			const cap = await payments.cashAppPay( w.__request, options );
			for ( const type of [
				'ontokenization',
				'customerInteraction',
				'customerDismissed',
			] ) {
				cap.addEventListener( type, ( e: any ) =>
					w.__events.push( { type: e.type, detail: e.detail } )
				);
			}
			w.__capMethod = cap;
			return cap;
		};
		w.__ownTarget = () => {
			const d = document.createElement( 'div' );
			d.id = 'own';
			document.body.appendChild( d );
			return d;
		};
		w.__errorOf = async ( p: Promise< unknown > ) => {
			try {
				await p;
				return null;
			} catch ( e: any ) {
				return { name: e.name, message: e.message, errors: e.errors };
			}
		};
	} );
	await page.goto( '/cash-app-pay.html' );
	await expect( capButton( page ) ).toBeVisible( { timeout: 30_000 } );
} );

test.afterEach( async ( { request } ) => {
	await request.post( `${ SANDBOX }/__vendors/scenario`, {
		data: { vendor: 'cash-app', scenario: {} },
	} );
} );

test.describe( 'check 4: quickstart cash-app-pay.html on a desktop', () => {
	test( 'QR modal, approval on a second page, one WALLET payment of $1.00', async ( {
		page,
	} ) => {
		await expect( capButton( page ) ).toHaveClass( /rounded-md/ );
		await expect( capButton( page ) ).toHaveClass( /bg-black/ );
		await expect(
			page.locator( '#cash-app-pay #cash_app_pay_v1_element' )
		).toHaveCount( 1 );
		await capButton( page ).click();
		await expect( dialog( page ) ).toBeVisible();
		await expect(
			dialog( page ).getByText( 'Scan the QR Code to check out' )
		).toBeVisible();
		await expect(
			dialog( page ).getByRole( 'img', { name: 'QR code' } )
		).toBeVisible();
		await answerOnPhone( page, 'Approve' );
		await expect( page.locator( '#payment-status-container' ) ).toHaveClass(
			/is-success/,
			{ timeout: 20_000 }
		);
		await expect( dialog( page ) ).toBeHidden();
		const l = await ledger( page.request );
		const payments = Object.values( l.payments ) as any[];
		const mine = payments.filter(
			( p ) => p.wallet_details?.brand === 'CASH_APP'
		);
		const last = mine[ mine.length - 1 ];
		expect( last.source_type ).toBe( 'WALLET' );
		expect( last.status ).toBe( 'COMPLETED' );
		expect( last.amount_money ).toEqual( { amount: 100, currency: 'USD' } );
		expect( last.wallet_details.cash_app_details ).toMatchObject( {
			buyer_country_code: 'US',
			buyer_cashtag: '$CASHTAG_C_TOKEN',
		} );
		expect( last.source_id ).toMatch( /^wnon:/ );
	} );

	test( 'ontokenization OK carries details.cashAppPay; interaction says not mobile', async ( {
		page,
	} ) => {
		await attachOwn( page );
		await capButton( page, '#own' ).click();
		await answerOnPhone( page, 'Approve' );
		await expect
			.poll( () =>
				page.evaluate( () => ( window as any ).__events.length )
			)
			.toBe( 2 );
		const events = await page.evaluate( () => ( window as any ).__events );
		expect( events[ 0 ] ).toEqual( {
			type: 'customerInteraction',
			detail: { isMobile: false },
		} );
		expect( events[ 1 ].type ).toBe( 'ontokenization' );
		const r = events[ 1 ].detail.tokenResult;
		expect( r.status ).toBe( 'OK' );
		expect( r.token ).toMatch( /^wnon:/ );
		expect( r.details ).toEqual( {
			method: 'Cash App Pay',
			cashAppPay: { cashtag: '$CASHTAG_C_TOKEN', referenceId: 'ref-42' },
		} );
	} );

	test( 'after an approval the button works again; a lost exchange answer is retried to the same token', async ( {
		page,
		request,
	} ) => {
		await attachOwn( page );
		// The first exchange's answer is lost after the sandbox made the nonce.
		await request.post( `${ SANDBOX }/__faults`, {
			data: {
				path: '/v2/instant-wallet-nonce',
				method: 'POST',
				mode: 'drop-response-after-commit',
				count: 1,
			},
		} );
		try {
			await capButton( page, '#own' ).click();
			await answerOnPhone( page, 'Approve' );
			await expect
				.poll( async () =>
					( await tokenResults( page ) ).map( ( r: any ) => r.status )
				)
				.toEqual( [ 'OK' ] );
		} finally {
			await request.delete( `${ SANDBOX }/__faults` );
		}
		const [ first ] = await tokenResults( page );
		expect( first.token ).toMatch( /^wnon:/ );
		// The used request was replaced: the same button starts a new one.
		await payAgain( page, [ 'OK', 'OK' ] );
		const [ , second ] = await tokenResults( page );
		expect( second.token ).not.toBe( first.token );
	} );

	test( 'decline gives Cancel (quickstart shows the failure); the button works again', async ( {
		page,
	} ) => {
		await attachOwn( page );
		await capButton( page, '#own' ).click();
		await answerOnPhone( page, 'Decline' );
		await expect
			.poll( async () => ( await tokenResults( page ) )[ 0 ]?.status )
			.toBe( 'Cancel' );
		await expect( dialog( page ) ).toBeHidden();
		// A fresh request: the buyer can try again and approve.
		await payAgain( page, [ 'Cancel', 'OK' ] );

		// The quickstart page's own listener shows the failure.
		await capButton( page ).click();
		await answerOnPhone( page, 'Decline' );
		await expect( page.locator( '#payment-status-container' ) ).toHaveClass(
			/is-failure/
		);
	} );

	test( 'a failure on Cash App gives Error', async ( { page, request } ) => {
		await request.post( `${ SANDBOX }/__vendors/scenario`, {
			data: { vendor: 'cash-app', scenario: { fail: true } },
		} );
		await attachOwn( page );
		await capButton( page, '#own' ).click();
		await answerOnPhone( page, 'Fail' );
		await expect
			.poll( async () => ( await tokenResults( page ) )[ 0 ] )
			.toMatchObject( { status: 'Error' } );
	} );

	test( 'a request that lapses while the QR is shown ends in Error, never a hang', async ( {
		page,
		request,
	} ) => {
		await request.post( `${ SANDBOX }/__vendors/scenario`, {
			data: { vendor: 'cash-app', scenario: { requestTtlMs: 3000 } },
		} );
		await attachOwn( page );
		await capButton( page, '#own' ).click();
		await expect( dialog( page ) ).toBeVisible();
		await expect
			.poll( async () => ( await tokenResults( page ) )[ 0 ], {
				timeout: 15_000,
			} )
			.toMatchObject( { status: 'Error' } );
		await expect( dialog( page ) ).toBeHidden();
	} );

	test( 'the QR modal by keyboard: Close focused, Tab stays inside, Escape dismisses, focus returns', async ( {
		page,
	} ) => {
		await attachOwn( page );
		await capButton( page, '#own' ).focus();
		await page.keyboard.press( 'Enter' );
		const close = dialog( page ).getByRole( 'button', { name: 'Close' } );
		const open = page.getByTestId( 'cap-qr-link' );
		await expect( close ).toBeFocused();
		await page.keyboard.press( 'Tab' );
		await expect( open ).toBeFocused();
		await page.keyboard.press( 'Tab' );
		await expect( close ).toBeFocused();
		await page.keyboard.press( 'Shift+Tab' );
		await expect( open ).toBeFocused();
		await page.keyboard.press( 'Shift+Tab' );
		await expect( close ).toBeFocused();
		await page.keyboard.press( 'Escape' );
		await expect( dialog( page ) ).toBeHidden();
		await expect( capButton( page, '#own' ) ).toBeFocused();
		await expect
			.poll( () =>
				page.evaluate( () =>
					( window as any ).__events.map( ( e: any ) => e.type )
				)
			)
			.toEqual( [ 'customerInteraction', 'customerDismissed' ] );
	} );

	test( 'closing the QR modal is customerDismissed', async ( { page } ) => {
		await attachOwn( page );
		await capButton( page, '#own' ).click();
		await dialog( page ).getByRole( 'button', { name: 'Close' } ).click();
		await expect( dialog( page ) ).toBeHidden();
		await expect
			.poll( () =>
				page.evaluate( () =>
					( window as any ).__events.map( ( e: any ) => e.type )
				)
			)
			.toEqual( [ 'customerInteraction', 'customerDismissed' ] );
	} );
} );

test.describe( 'check 6: the checks of cashAppPay() and attach()', () => {
	test( 'request and option errors, in order', async ( { page } ) => {
		const errors = await page.evaluate( async () => {
			const w = window as any;
			const href = location.href;
			return {
				eur: await w.__errorOf(
					w.__cap( { currencyCode: 'EUR', countryCode: 'DE' } )
				),
				zero: await w.__errorOf(
					w.__cap( { total: { amount: '0.00', label: 'Total' } } )
				),
				noRedirect: await w.__errorOf( w.__cap( {}, {} ) ),
				insecure: await w.__errorOf(
					w.__cap( {}, { redirectURL: 'http://shop.example/back' } )
				),
				longRef: await w.__errorOf(
					w.__cap(
						{},
						{ redirectURL: href, referenceId: 'x'.repeat( 51 ) }
					)
				),
				maxRef: await w.__errorOf(
					w.__cap(
						{},
						{ redirectURL: href, referenceId: 'x'.repeat( 50 ) }
					)
				),
				gb: await w.__errorOf(
					w.__cap( {}, undefined, 'sandbox-sq0idb-merchant-gb' )
				),
			};
		} );
		expect( errors.eur.name ).toBe(
			'CashAppPayInvalidPaymentRequestError'
		);
		expect( errors.eur.errors[ 0 ].type ).toBe( 'INVALID_CURRENCY' );
		expect( errors.zero.name ).toBe(
			'CashAppPayInvalidPaymentRequestError'
		);
		expect( errors.noRedirect.name ).toBe(
			'CashAppPayMissingRedirectUrlError'
		);
		expect( errors.insecure.name ).toBe(
			'CashAppPayMissingRedirectUrlError'
		);
		expect( errors.longRef.name ).toBe(
			'CashAppPayInvalidPaymentRequestError'
		);
		expect( errors.maxRef ).toBeNull();
		expect( errors.gb.name ).toBe( 'PaymentMethodUnsupportedError' );
		expect( errors.gb.errors[ 0 ].type ).toBe( 'US_MERCHANT_ONLY' );
	} );

	test( 'button classes per shape and theme; invalid options refused', async ( {
		page,
	} ) => {
		for ( const [ shape, theme, classes ] of [
			[ 'round', 'dark', [ /rounded-3xl/, /bg-black/ ] ],
			[ 'round', 'light', [ /rounded-3xl/, /bg-white/ ] ],
			[ 'semiround', 'dark', [ /rounded-md/, /bg-black/ ] ],
			[ 'semiround', 'light', [ /rounded-md/, /bg-white/ ] ],
		] as const ) {
			await page.evaluate(
				async ( [ s, t ] ) => {
					const w = window as any;
					document.getElementById( 'own' )?.remove();
					await w.__capMethod?.destroy();
					await (
						await w.__cap()
					).attach( w.__ownTarget(), {
						shape: s,
						theme: t,
					} );
				},
				[ shape, theme ]
			);
			for ( const c of classes ) {
				await expect( capButton( page, '#own' ) ).toHaveClass( c );
			}
		}
		const refused = await page.evaluate( async () => {
			const w = window as any;
			const cap = await w.__cap();
			const target = w.__ownTarget();
			return {
				type: await w.__errorOf( cap.attach( target, { shape: 1 } ) ),
				value: await w.__errorOf(
					cap.attach( target, { shape: 'square' } )
				),
				gate: await w.__errorOf( cap.attach( target, {}, 'yes' ) ),
				destroyed: await ( async () => {
					await cap.destroy();
					return w.__errorOf( cap.attach( target ) );
				} )(),
				again: await cap.destroy(),
			};
		} );
		expect( refused.type.name ).toBe(
			'InvalidCashAppPayOptionsFieldTypes'
		);
		expect( refused.value.name ).toBe(
			'InvalidCashAppPayOptionsFieldValues'
		);
		expect( refused.gate.name ).toBe(
			'CashAppPayInvalidShouldTokenizeError'
		);
		expect( refused.destroyed.name ).toBe(
			'PaymentMethodAlreadyDestroyedError'
		);
		expect( refused.again ).toBe( false );
	} );

	test( 'shouldTokenize false blocks begin; true lets it start', async ( {
		page,
	} ) => {
		await page.evaluate( async () => {
			const w = window as any;
			w.__allow = false;
			w.__asked = 0;
			await (
				await w.__cap()
			).attach( w.__ownTarget(), {}, async () => {
				w.__asked++;
				return w.__allow;
			} );
		} );
		await capButton( page, '#own' ).click();
		await expect
			.poll( () => page.evaluate( () => ( window as any ).__asked ) )
			.toBe( 1 );
		await page.waitForTimeout( 500 );
		await expect( dialog( page ) ).toBeHidden();
		await page.evaluate( () => ( ( window as any ).__allow = true ) );
		await capButton( page, '#own' ).click();
		await expect( dialog( page ) ).toBeVisible();
	} );

	test( 'attach(target, false): no button, the merchant element starts the flow', async ( {
		page,
	} ) => {
		await page.evaluate( async () => {
			const w = window as any;
			const target = w.__ownTarget();
			target.textContent = 'Pay with my own button';
			target.setAttribute( 'role', 'button' );
			await ( await w.__cap() ).attach( target, false );
		} );
		await expect( capButton( page, '#own' ) ).toHaveCount( 0 );
		await page
			.getByRole( 'button', { name: 'Pay with my own button' } )
			.click();
		await expect( dialog( page ) ).toBeVisible();
	} );

	test( 'the payment request is pinned: update() is refused until destroy', async ( {
		page,
	} ) => {
		const r = await page.evaluate( async () => {
			const w = window as any;
			const cap = await w.__cap();
			const upd = { total: { amount: '2.00', label: 'Total' } };
			const during = w.__request.update( upd );
			await cap.destroy();
			return { during, after: w.__request.update( upd ) };
		} );
		expect( r ).toEqual( { during: false, after: true } );
	} );
} );
