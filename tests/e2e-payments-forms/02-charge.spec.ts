/**
 * P1 checks 2–4 in Chromium with the SDK's real card frame against the sandbox: the happy path,
 * tampering, declines and strong customer authentication; plus a visitor on a phone and a
 * keyboard-only visitor.
 */
import { devices } from '@playwright/test';
import { test, expect } from '@wordpress/e2e-test-utils-playwright';
import { ANONYMOUS_STATE } from '../e2e/utils';
import {
	ORDER_VALUES,
	TOKEN_OK,
	anonymousRequest,
	cardFrame,
	confirmation,
	createFormPage,
	entriesOf,
	entryPayment,
	ledger,
	openForm,
	orderForm,
	payButton,
	expectPaymentError,
	paymentRows,
	submit,
	typeCard,
	watchLedger,
	type StoredForm,
} from './utils';
import type { Page } from '@playwright/test';

/**
 * Fills the order (2 tickets, the buyer's email) the way a visitor does.
 * @param page
 * @param form
 */
async function fillOrder( page: Page, form: StoredForm ): Promise< void > {
	await page.locator( `#input_${ form.id }_1_3` ).fill( '2' );
	await page.locator( `#input_${ form.id }_4` ).fill( 'buyer@example.org' );
	await expect( page.locator( `#input_${ form.id }_3` ) ).toContainText(
		'30.00'
	);
}

test.describe( 'paying with the payment field (P1 checks 2–4)', () => {
	test.use( { storageState: ANONYMOUS_STATE } );

	test( 'check 2: happy path 2 × 12.50 + shipping 5.00 with 4111 1111 1111 1111, postal 94103 → paid 3000 USD, one payment with location, reference, buyer email, autocomplete false + one complete', async ( {
		page,
		requestUtils,
	} ) => {
		const { form, pageUrl } = await createFormPage(
			requestUtils,
			orderForm( 'P1 check 2 happy path' )
		);
		const watch = await watchLedger();
		await openForm( page, pageUrl, form.id );
		await fillOrder( page, form );
		await typeCard( cardFrame( page, form.id ) );
		await payButton( page, form.id ).click();
		await expect( confirmation( page ) ).toBeVisible( { timeout: 30_000 } );

		const entries = await entriesOf( requestUtils, form.id );
		expect( entries ).toHaveLength( 1 );
		const payment = await entryPayment( requestUtils, entries[ 0 ].id );
		expect( payment ).toMatchObject( {
			status: 'paid',
			amount: 3000,
			currency: 'USD',
			mode: 'sandbox',
			method: 'card',
			last4: '1111',
		} );

		const payments = await watch.payments();
		expect( payments ).toHaveLength( 1 );
		const [ charged ] = payments;
		expect( charged.amount_money ).toEqual( {
			amount: 3000,
			currency: 'USD',
		} );
		expect( charged.location_id ).toBe( 'LSANDBOXMAIN' );
		expect( charged.status ).toBe( 'COMPLETED' );
		// Authorised first (autocomplete false: the provider set a delay action), then completed.
		expect( charged.delay_action ).toBe( 'CANCEL' );
		expect( payment.provider_payment_id ).toBe( charged.id );
		const requests = ( await watch.requests() ).filter( ( r ) =>
			r.path.startsWith( '/v2/payments' )
		);
		expect(
			requests.filter(
				( r ) => r.method === 'POST' && r.path === '/v2/payments'
			)
		).toHaveLength( 1 );
		expect(
			requests.filter(
				( r ) => r.path === `/v2/payments/${ charged.id }/complete`
			)
		).toHaveLength( 1 );

		// The exact CreatePayment body the plugin stored and sent.
		const [ row ] = paymentRows( form.id );
		expect( row.status ).toBe( 'paid' );
		expect( row.entry_id ).toBe( String( entries[ 0 ].id ) );
		const sent = JSON.parse( row.request_body );
		expect( sent ).toMatchObject( {
			amount_money: { amount: 3000, currency: 'USD' },
			location_id: 'LSANDBOXMAIN',
			autocomplete: false,
			buyer_email_address: 'buyer@example.org',
			idempotency_key: row.attempt_key,
		} );
		// reference_id points at the attempt, and the provider kept it.
		expect( typeof sent.reference_id ).toBe( 'string' );
		expect(
			sent.reference_id.includes( row.attempt_key ) ||
				new RegExp( `(^|\\D)${ row.id }(\\D|$)` ).test(
					sent.reference_id
				)
		).toBe( true );
		expect( charged.reference_id ).toBe( sent.reference_id );

		// The confirmation's merge tags (P1 check 15) name this payment.
		await expect( confirmation( page ) ).toContainText( charged.id );
		await expect( confirmation( page ) ).toContainText( /paid/i );
		await expect( confirmation( page ) ).toContainText( '30.00' );
		await expect( confirmation( page ) ).not.toContainText( '{payment_' );
	} );

	test( 'check 3: tampering (DOM price, hidden total, amount/currency/payment_status in the POST, verify 1.00 in the browser) → the charge is the server total', async ( {
		page,
		requestUtils,
	} ) => {
		const { form, pageUrl } = await createFormPage(
			requestUtils,
			orderForm( 'P1 check 3 tampering' )
		);
		const watch = await watchLedger();

		// In the browser: the price and total rewritten in the DOM, the submission rewritten on
		// its way out, buyer verification asked for 1.00.
		await page.route( '**/v2/verify-buyer', async ( route ) => {
			const body = route.request().postDataJSON();
			if ( body?.details ) {
				body.details.amount = '1.00';
			}
			await route.continue( { postData: JSON.stringify( body ) } );
		} );
		await page.route( '**/submissions', async ( route ) => {
			const body = route.request().postDataJSON();
			body.values = {
				...body.values,
				'1.2': '0.01',
				3: '1.00',
			};
			body.amount = 100;
			body.currency = 'EUR';
			body.payment_status = 'paid';
			body.values[ 5 ] = {
				...body.values[ 5 ],
				amount: 100,
				currency: 'EUR',
			};
			await route.continue( { postData: JSON.stringify( body ) } );
		} );
		await openForm( page, pageUrl, form.id );
		await fillOrder( page, form );
		await page.evaluate( ( id ) => {
			document
				.querySelectorAll( `#kestrel-form-${ id } input[type=hidden]` )
				.forEach( ( input ) => {
					( input as HTMLInputElement ).value = '0.01';
				} );
			const total = document.getElementById( `input_${ id }_3` );
			if ( total ) {
				total.textContent = '$1.00';
			}
		}, form.id );
		await typeCard( cardFrame( page, form.id ) );
		await payButton( page, form.id ).click();
		await expect( confirmation( page ) ).toBeVisible( { timeout: 30_000 } );

		// Over REST: the same lies without a browser.
		const anonymous = await anonymousRequest();
		const answer = await submit(
			anonymous,
			form.id,
			{
				...ORDER_VALUES,
				'1.2': '0.01',
				3: '1.00',
				5: {
					method: 'card',
					token: TOKEN_OK,
					amount: 1,
					currency: 'EUR',
				},
			},
			{ body: { amount: 1, currency: 'EUR', payment_status: 'paid' } }
		);
		expect( answer.status(), await answer.text() ).toBe( 201 );
		await anonymous.dispose();

		const payments = await watch.payments();
		expect( payments ).toHaveLength( 2 );
		for ( const p of payments ) {
			expect( p.amount_money ).toEqual( {
				amount: 3000,
				currency: 'USD',
			} );
			expect( p.status ).toBe( 'COMPLETED' );
		}
		// The browser's verification did carry the lie: the charge ignored it.
		const verifications = Object.values(
			( ( await ledger() ).verifications ?? {} ) as Record<
				string,
				{ amount?: string }
			>
		);
		expect( verifications.some( ( v ) => v.amount === '1.00' ) ).toBe(
			true
		);
		for ( const entry of await entriesOf( requestUtils, form.id ) ) {
			expect(
				await entryPayment( requestUtils, entry.id )
			).toMatchObject( {
				status: 'paid',
				amount: 3000,
				currency: 'USD',
			} );
		}
	} );

	test( 'check 4: decline 4000 0000 0000 0002 → field error, no entry, form usable; then 4111 → one entry, one payment; SCA 4800 0000 0000 0004 (published, no challenge) refused without verification, paid with it', async ( {
		page,
		requestUtils,
	} ) => {
		const { form, pageUrl } = await createFormPage(
			requestUtils,
			orderForm( 'P1 check 4 decline' )
		);
		const watch = await watchLedger();
		await openForm( page, pageUrl, form.id );
		await fillOrder( page, form );
		await typeCard( cardFrame( page, form.id ), {
			number: '4000000000000002',
		} );
		await payButton( page, form.id ).click();
		await expectPaymentError( page, form.id, /declined/i, 30_000 );
		await expect( confirmation( page ) ).toHaveCount( 0 );
		await expect( payButton( page, form.id ) ).toBeEnabled();
		expect( await entriesOf( requestUtils, form.id ) ).toHaveLength( 0 );
		expect(
			( await watch.payments() ).filter( ( p ) => p.status !== 'FAILED' )
		).toEqual( [] );
		// What the visitor typed is kept.
		await expect( page.locator( `#input_${ form.id }_4` ) ).toHaveValue(
			'buyer@example.org'
		);

		// The same visitor tries another card: one entry, one taken payment.
		await typeCard( cardFrame( page, form.id ) );
		await payButton( page, form.id ).click();
		await expect( confirmation( page ) ).toBeVisible( { timeout: 30_000 } );
		expect( await entriesOf( requestUtils, form.id ) ).toHaveLength( 1 );
		const taken = ( await watch.payments() ).filter(
			( p ) => p.status === 'COMPLETED'
		);
		expect( taken ).toHaveLength( 1 );
		expect( taken[ 0 ].amount_money.amount ).toBe( 3000 );

		// Strong customer authentication: without buyer verification the provider refuses it.
		const noVerify = await createFormPage(
			requestUtils,
			orderForm( 'P1 check 4 SCA without verification', {
				verifyBuyer: false,
			} )
		);
		await openForm( page, noVerify.pageUrl, noVerify.form.id );
		await fillOrder( page, noVerify.form );
		await typeCard( cardFrame( page, noVerify.form.id ), {
			number: '4800000000000004',
		} );
		await payButton( page, noVerify.form.id ).click();
		await expectPaymentError(
			page,
			noVerify.form.id,
			/verif|declined/i,
			30_000
		);
		expect(
			await entriesOf( requestUtils, noVerify.form.id )
		).toHaveLength( 0 );

		// With verifyBuyer (the default) the same card is paid.
		const verified = await createFormPage(
			requestUtils,
			orderForm( 'P1 check 4 SCA verified' )
		);
		await openForm( page, verified.pageUrl, verified.form.id );
		await fillOrder( page, verified.form );
		await typeCard( cardFrame( page, verified.form.id ), {
			number: '4800000000000004',
		} );
		await payButton( page, verified.form.id ).click();
		await expect( confirmation( page ) ).toBeVisible( { timeout: 30_000 } );
		const [ entry ] = await entriesOf( requestUtils, verified.form.id );
		expect( await entryPayment( requestUtils, entry.id ) ).toMatchObject( {
			status: 'paid',
			amount: 3000,
		} );
	} );

	test( 'a visitor on a phone pays the happy path in a mobile viewport', async ( {
		browser,
		requestUtils,
	} ) => {
		const { form, pageUrl } = await createFormPage(
			requestUtils,
			orderForm( 'P1 phone' )
		);
		const { defaultBrowserType: _ignored, ...phone } = devices[ 'Pixel 7' ];
		const context = await browser.newContext( {
			...phone,
			storageState: ANONYMOUS_STATE,
		} );
		try {
			const page = await context.newPage();
			const watch = await watchLedger();
			await openForm( page, pageUrl, form.id );
			// The card frame fits the narrow screen.
			const box = await page
				.locator(
					`#kestrel-form-${ form.id } iframe[src*="/frames/card.html"]`
				)
				.boundingBox();
			expect( box?.width ?? 0 ).toBeGreaterThan( 200 );
			expect( ( box?.x ?? 0 ) + ( box?.width ?? 0 ) ).toBeLessThanOrEqual(
				page.viewportSize()!.width + 1
			);
			await page.locator( `#input_${ form.id }_1_3` ).tap();
			await page.locator( `#input_${ form.id }_1_3` ).fill( '2' );
			await page
				.locator( `#input_${ form.id }_4` )
				.fill( 'buyer@example.org' );
			await typeCard( cardFrame( page, form.id ) );
			await payButton( page, form.id ).tap();
			await expect( confirmation( page ) ).toBeVisible( {
				timeout: 30_000,
			} );
			const payments = await watch.payments();
			expect( payments ).toHaveLength( 1 );
			expect( payments[ 0 ] ).toMatchObject( {
				status: 'COMPLETED',
				amount_money: { amount: 3000, currency: 'USD' },
			} );
		} finally {
			await context.close();
		}
	} );

	test( 'a keyboard-only visitor reaches every card input and pays', async ( {
		page,
		requestUtils,
	} ) => {
		const { form, pageUrl } = await createFormPage(
			requestUtils,
			orderForm( 'P1 keyboard' )
		);
		const watch = await watchLedger();
		await openForm( page, pageUrl, form.id );
		await page.locator( `#input_${ form.id }_1_3` ).fill( '2' );
		await page.locator( `#input_${ form.id }_4` ).focus();
		await page.keyboard.type( 'buyer@example.org' );
		// Tab into the card frame: the number input gets focus, then each input in order.
		const frame = cardFrame( page, form.id );
		const focusedName = () =>
			frame
				.locator( ':focus' )
				.getAttribute( 'name', { timeout: 2_000 } )
				.catch( () => null );
		let name: string | null = null;
		for ( let i = 0; i < 8 && name !== 'cardNumber'; i++ ) {
			await page.keyboard.press( 'Tab' );
			name = await focusedName();
		}
		expect( name ).toBe( 'cardNumber' );
		await page.keyboard.type( '4111111111111111' );
		for ( const [ next, value ] of [
			[ 'expirationDate', '1230' ],
			[ 'cvv', '123' ],
			[ 'postalCode', '94103' ],
		] ) {
			// The frame moves on by itself after a complete value; otherwise Tab does.
			if ( ( await focusedName() ) !== next ) {
				await page.keyboard.press( 'Tab' );
			}
			expect( await focusedName() ).toBe( next );
			await page.keyboard.type( value );
		}
		// Out of the frame to the Pay button, and Enter.
		let onPay = false;
		for ( let i = 0; i < 8 && ! onPay; i++ ) {
			await page.keyboard.press( 'Tab' );
			onPay = await payButton( page, form.id ).evaluate(
				( el ) => el === el.ownerDocument.activeElement
			);
		}
		expect( onPay ).toBe( true );
		await page.keyboard.press( 'Enter' );
		await expect( confirmation( page ) ).toBeVisible( { timeout: 30_000 } );
		expect( await watch.payments() ).toHaveLength( 1 );
	} );
} );
