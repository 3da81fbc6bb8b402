/**
 * P1 checks 12 and 13: no charge when the payment field is hidden or the total is 0, a currency
 * without decimals, an amount below the minimum, and a payment page in a multi-page form.
 */
import { test, expect } from '@wordpress/e2e-test-utils-playwright';
import { ANONYMOUS_STATE } from '../e2e/utils';
import {
	SANDBOX_CREDENTIALS,
	cardFrame,
	cardIframe,
	confirmation,
	createFormPage,
	entriesOf,
	entryPayment,
	ledger,
	openForm,
	orderForm,
	payButton,
	payOverRest,
	paymentField,
	expectPaymentError,
	paymentRows,
	typeCard,
	watchLedger,
} from './utils';

test.describe( 'edges of the charge (P1 checks 12–13)', () => {
	test.use( { storageState: ANONYMOUS_STATE } );

	test( 'check 12: hidden payment field or total 0 → no tokenization, no charge, entry saved; JPY without decimals end to end; below the minimum → field error', async ( {
		page,
		requestUtils,
	} ) => {
		// Hidden by conditional logic.
		const hiddenDef = orderForm( 'P1 check 12 hidden' );
		const fields = hiddenDef.fields as Array< Record< string, unknown > >;
		fields.splice( 4, 0, {
			id: 6,
			type: 'radio',
			label: 'Pay now?',
			choices: [
				{ text: 'No', value: 'no', isSelected: true },
				{ text: 'Yes', value: 'yes' },
			],
		} );
		fields[ 5 ].conditionalLogic = {
			actionType: 'show',
			logicType: 'all',
			rules: [ { fieldId: '6', operator: 'is', value: 'yes' } ],
		};
		const hidden = await createFormPage( requestUtils, hiddenDef );
		let watch = await watchLedger();
		await openForm( page, hidden.pageUrl, hidden.form.id, false );
		await page.locator( `#input_${ hidden.form.id }_1_3` ).fill( '2' );
		await page
			.locator( `#input_${ hidden.form.id }_4` )
			.fill( 'buyer@example.org' );
		await expect( paymentField( page, hidden.form.id ) ).toBeHidden();
		await payButton( page, hidden.form.id ).click();
		await expect( confirmation( page ) ).toBeVisible( { timeout: 30_000 } );
		expect( await entriesOf( requestUtils, hidden.form.id ) ).toHaveLength(
			1
		);
		expect( await watch.payments() ).toEqual( [] );
		expect(
			// Tokenizing and charging are POSTs; a GET of another test's payment (the webhook
			// handler re-reading it after a delivery) is not about this form.
			( await watch.requests() ).filter(
				( r ) =>
					r.method === 'POST' &&
					( r.path === '/v2/card-nonce' ||
						r.path.startsWith( '/v2/payments' ) )
			)
		).toEqual( [] );
		expect( paymentRows( hidden.form.id ) ).toEqual( [] );

		// A total of 0 (no tickets, shipping 0).
		const freeDef = orderForm( 'P1 check 12 total 0' );
		(
			freeDef.fields as Array< Record< string, unknown > >
		 )[ 1 ].basePrice = '0.00';
		const free = await createFormPage( requestUtils, freeDef );
		watch = await watchLedger();
		await openForm( page, free.pageUrl, free.form.id );
		await page.locator( `#input_${ free.form.id }_1_3` ).fill( '0' );
		await page
			.locator( `#input_${ free.form.id }_4` )
			.fill( 'buyer@example.org' );
		await payButton( page, free.form.id ).click();
		await expect( confirmation( page ) ).toBeVisible( { timeout: 30_000 } );
		expect( await entriesOf( requestUtils, free.form.id ) ).toHaveLength(
			1
		);
		expect( await watch.payments() ).toEqual( [] );
		expect(
			( await watch.requests() ).filter(
				( r ) => r.path === '/v2/card-nonce'
			)
		).toEqual( [] );

		// JPY, at a JPY location: no decimals from the page to the ledger.
		const setLocation = ( location: string ) =>
			requestUtils.rest( {
				method: 'POST',
				path: '/kestrel-forms/v1/settings',
				data: {
					payments: {
						environment: 'sandbox',
						sandbox: {
							...SANDBOX_CREDENTIALS,
							location_id: location,
						},
					},
				},
			} );
		const yenDef = orderForm( 'P1 check 12 JPY', {}, { currency: 'JPY' } );
		const yenFields = yenDef.fields as Array< Record< string, unknown > >;
		yenFields[ 0 ].basePrice = '1200';
		yenFields[ 1 ].basePrice = '500';
		const yen = await createFormPage( requestUtils, yenDef );
		await setLocation( 'LSANDBOXJP' );
		try {
			watch = await watchLedger();
			await openForm( page, yen.pageUrl, yen.form.id );
			await page.locator( `#input_${ yen.form.id }_1_3` ).fill( '2' );
			await page
				.locator( `#input_${ yen.form.id }_4` )
				.fill( 'buyer@example.org' );
			await expect(
				page.locator( `#input_${ yen.form.id }_3` )
			).toContainText( /2,900(?![.,]\d)/ );
			await typeCard( cardFrame( page, yen.form.id ) );
			await payButton( page, yen.form.id ).click();
			await expect( confirmation( page ) ).toBeVisible( {
				timeout: 30_000,
			} );
			const payments = await watch.payments();
			expect( payments ).toHaveLength( 1 );
			expect( payments[ 0 ] ).toMatchObject( {
				amount_money: { amount: 2900, currency: 'JPY' },
				location_id: 'LSANDBOXJP',
			} );
			const [ entry ] = await entriesOf( requestUtils, yen.form.id );
			expect(
				await entryPayment( requestUtils, entry.id )
			).toMatchObject( {
				status: 'paid',
				amount: 2900,
				currency: 'JPY',
			} );
			// Buyer verification was asked for whole yen.
			const verification = Object.values(
				( ( await ledger() ).verifications ?? {} ) as Record<
					string,
					{ source: string; amount?: string; currencyCode?: string }
				>
			).find( ( v ) => v.source === payments[ 0 ].source_id );
			expect( verification ).toMatchObject( {
				amount: '2900',
				currencyCode: 'JPY',
			} );
			// Below the currency's minimum (¥100; USD's is 1 cent): a field error, no charge.
			const tinyDef = orderForm(
				'P1 check 12 below minimum',
				{},
				{ currency: 'JPY' }
			);
			const tinyFields = tinyDef.fields as Array<
				Record< string, unknown >
			>;
			tinyFields[ 0 ].basePrice = '50';
			tinyFields[ 1 ].basePrice = '0';
			const tiny = await createFormPage( requestUtils, tinyDef );
			watch = await watchLedger();
			const refused = await payOverRest( tiny.form.id, undefined, {
				'1.3': '1',
			} );
			expect( refused.status, JSON.stringify( refused.body ) ).toBe(
				400
			);
			expect( refused.body.code ).toBe(
				'kestrel_forms_validation_failed'
			);
			expect( refused.body.data.payment.code ).toBe(
				'amount_below_minimum'
			);
			expect( refused.body.data.errors[ 5 ] ).toBeTruthy();
			expect( await watch.payments() ).toEqual( [] );
			expect(
				await entriesOf( requestUtils, tiny.form.id )
			).toHaveLength( 0 );
		} finally {
			await setLocation( SANDBOX_CREDENTIALS.location_id );
		}
	} );

	test( 'check 13: multi-page — tokenized on page 2, submitted on page 3 → paid; an expired token brings the visitor back to page 2', async ( {
		page,
		requestUtils,
	} ) => {
		const def = orderForm(
			'P1 check 13 pages',
			{},
			{ pagination: { type: 'steps' } }
		);
		const fields = def.fields as Array< Record< string, unknown > >;
		// Page 1: the order; page 2: the payment; page 3: a note.
		fields.splice( 4, 0, { id: 10, type: 'page' } );
		fields.push(
			{ id: 11, type: 'page' },
			{ id: 6, type: 'textarea', label: 'Anything else?' }
		);
		const { form, pageUrl } = await createFormPage( requestUtils, def );
		const id = form.id;
		const watch = await watchLedger();
		await openForm( page, pageUrl, id, false );
		await page.locator( `#input_${ id }_1_3` ).fill( '2' );
		await page.locator( `#input_${ id }_4` ).fill( 'buyer@example.org' );
		await page.locator( `#form_next_button_${ id }_10` ).click();
		await expect( cardIframe( page, id ) ).toBeVisible( {
			timeout: 30_000,
		} );
		await typeCard( cardFrame( page, id ) );
		const nonce = page.waitForResponse( ( response ) =>
			/\/v2\/card-nonce(\?|$)/.test( response.url() )
		);
		await page.locator( `#form_next_button_${ id }_11` ).click();
		// Leaving the payment page tokenized the card.
		const token = ( await ( await nonce ).json() ).card_nonce as string;
		expect( token ).toMatch( /^cnon:/ );
		await expect( page.locator( `#input_${ id }_6` ) ).toBeVisible( {
			timeout: 30_000,
		} );

		// The token expires while the visitor writes a note.
		// The sandbox that issued it: the SDK's origin.
		const sdkOrigin = new URL(
			( await page
				.locator( 'script#kestrel-forms-payments-sdk-js' )
				.getAttribute( 'src' ) ) as string
		).origin;
		const expired = await fetch( `${ sdkOrigin }/__expire`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify( { token } ),
		} );
		expect( expired.ok ).toBe( true );
		await page.locator( `#input_${ id }_6` ).fill( 'Front row please' );
		await payButton( page, id ).click();
		// Back on the payment page with the expiry message.
		await expect( cardIframe( page, id ) ).toBeVisible( {
			timeout: 30_000,
		} );
		await expectPaymentError( page, id, /expired/i );
		await expect( page.locator( `#input_${ id }_6` ) ).toBeHidden();
		expect( await entriesOf( requestUtils, id ) ).toHaveLength( 0 );

		// Card again, on to page 3, submit: paid, the note kept.
		await typeCard( cardFrame( page, id ) );
		await page.locator( `#form_next_button_${ id }_11` ).click();
		await expect( page.locator( `#input_${ id }_6` ) ).toHaveValue(
			'Front row please'
		);
		await payButton( page, id ).click();
		await expect( confirmation( page ) ).toBeVisible( { timeout: 30_000 } );
		const [ entry ] = await entriesOf( requestUtils, id );
		expect( entry.values[ 6 ] ).toBe( 'Front row please' );
		expect( await entryPayment( requestUtils, entry.id ) ).toMatchObject( {
			status: 'paid',
			amount: 3000,
		} );
		expect(
			( await watch.payments() ).filter(
				( p ) => p.status === 'COMPLETED'
			)
		).toHaveLength( 1 );
	} );
} );
