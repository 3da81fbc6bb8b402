/**
 * P4 "Forms" acceptance check 5 in a WordPress form: Afterpay/Clearpay in the payment field.
 *
 * The order form ships (Standard 5.00 / Express 15.00) and has no address of its own, so the
 * popup asks for one and the server prices its options. The messaging under the form's total
 * follows a quantity change and gives way to the reason outside the limits; the checkout widget
 * shows the schedule of the server's total; the popup (Chromium's own popup blocker on) →
 * address → the server's options → Express → Confirm → one BUY_NOW_PAY_LATER payment of the
 * server total, the entry "Afterpay" on the owner's screen, and a partial refund.
 */
import type { Page } from '@playwright/test';
import {
	test,
	expect,
	type RequestUtils,
} from '@wordpress/e2e-test-utils-playwright';
import base from '../e2e/playwright.config';
import { ANONYMOUS_STATE } from '../e2e/utils';
import {
	SITE,
	confirmation,
	createFormPage,
	entriesOf,
	entryPayment,
	openForm,
	orderForm,
	paymentAction,
	watchLedger,
	withShippingChoices,
} from './utils';

/**
 * The order form with a shipping choice, Afterpay/Clearpay (mint "Buy now" button, messaging,
 * widget without the wordmark) beside the card.
 *
 * @param title Form title.
 */
function afterpayForm( title: string ) {
	return withShippingChoices(
		orderForm( title, {
			methods: [ 'afterpayClearpay', 'card' ],
			afterpayButton: {
				buttonColor: 'mint',
				buttonType: 'buy_now_with_afterpay',
			},
			afterpayMessaging: { enabled: true, badgeTheme: 'white-on-black' },
			afterpayCheckoutWidget: { enabled: true, includeBranding: false },
		} )
	);
}

/**
 * A new Afterpay order form, opened, its button there.
 *
 * @param page         Visitor's page.
 * @param requestUtils Admin REST.
 * @param definition   The form.
 * @return The form's id, the payment field and the button.
 */
async function openAfterpayForm(
	page: Page,
	requestUtils: RequestUtils,
	definition: Record< string, unknown >
) {
	const { form, pageUrl } = await createFormPage( requestUtils, definition );
	await openForm( page, pageUrl, form.id );
	const field = page.locator( `#field_${ form.id }_5` );
	const button = field.getByRole( 'button', {
		name: 'Buy now with Afterpay',
	} );
	await expect( button ).toBeVisible( { timeout: 30_000 } );
	return { id: form.id, field, button };
}

/**
 * Sets the tickets' quantity and waits for the server's quote of it to be on the page.
 *
 * @param page    Visitor's page.
 * @param formId  Form id.
 * @param tickets Quantity.
 * @return The server's total.
 */
async function quantity(
	page: Page,
	formId: number,
	tickets: string
): Promise< string > {
	const quoted = page.waitForResponse(
		( r ) =>
			r.url().includes( `/forms/${ formId }/payment-request` ) &&
			r.request().postDataJSON()?.values?.[ '1.3' ] === tickets
	);
	await page.locator( `#input_${ formId }_1_3` ).fill( tickets );
	const answer = await quoted;
	expect( answer.request().postDataJSON().method ).toBe( 'afterpayClearpay' );
	const total: string = ( await answer.json() ).total.amount;
	// The page has it once the field shows it (the response reaches Playwright before the
	// page's script has read it): a click before that is told the total is being updated.
	if ( Number( total ) <= 4000 ) {
		await expect(
			page.locator( `#kestrel_afterpay_${ formId }_5` )
		).toHaveAttribute( 'data-total', total );
	}
	return total;
}

/**
 * Confirms in the popup (which closes: the click may never settle), then waits for the form's
 * confirmation and answers the one payment the provider made.
 *
 * @param page  Visitor's page.
 * @param popup Afterpay's popup.
 * @param watch The ledger's watch from before the payment.
 */
async function confirmAndPaid(
	page: Page,
	popup: Page,
	watch: Awaited< ReturnType< typeof watchLedger > >
) {
	void popup
		.getByRole( 'button', { name: 'Confirm' } )
		.click()
		.catch( () => undefined );
	await popup.waitForEvent( 'close', { timeout: 30_000 } );
	await expect( confirmation( page ) ).toBeVisible( { timeout: 30_000 } );
	const payments = await watch.payments();
	expect( payments ).toHaveLength( 1 );
	return payments[ 0 ];
}

// Playwright turns Chromium's popup blocker off; the popup must pass the real one.
test.use( {
	launchOptions: {
		...base.use?.launchOptions,
		ignoreDefaultArgs: [ '--disable-popup-blocking' ],
	},
} );

test.describe( 'Afterpay/Clearpay in the payment field (P4 check 5)', () => {
	test.use( { storageState: ANONYMOUS_STATE } );

	test( 'messaging under the total follows the quantity (the reason outside the limits), the widget shows the schedule, the popup’s address is priced by the server → one BNPL payment of the server total, entry "Afterpay", partial refund', async ( {
		page,
		browser,
		requestUtils,
	} ) => {
		const { id, field, button } = await openAfterpayForm(
			page,
			requestUtils,
			afterpayForm( 'P4 check 5 Afterpay' )
		);

		// The messaging is under the total (field 3), for 1 × 12.50 + Standard 5.00.
		const total = page.locator( `#field_${ id }_3` );
		const placement = total.locator( 'afterpay-placement' );
		await expect( placement ).toHaveAttribute( 'data-amount', '17.50' );
		await expect( placement ).toHaveAttribute(
			'data-badge-theme',
			'white-on-black'
		);
		await expect( placement ).toContainText(
			'or 4 interest-free payments of'
		);
		await expect( field.locator( 'afterpay-placement' ) ).toHaveCount( 0 );

		// It follows a quantity change: 3 × 12.50 + 5.00.
		expect( await quantity( page, id, '3' ) ).toBe( '42.50' );
		await expect( placement ).toHaveAttribute( 'data-amount', '42.50' );
		// The widget shows the schedule of the server's total, without the wordmark.
		const schedule = field.getByRole( 'group', {
			name: 'Your 4 interest-free payments',
		} );
		await expect( schedule ).toBeVisible();
		await expect( schedule ).toContainText( '$10.64' );

		// Above the maximum (4,000.00): no messaging, no button, the reason where each was.
		expect( await quantity( page, id, '400' ) ).toBe( '5005.00' );
		const reason =
			'Afterpay is available for orders from $1.00 to $4,000.00.';
		await expect( total.getByText( reason ) ).toBeVisible();
		// The field's own paragraph (the field's live region may be saying the same words).
		await expect(
			field.locator( '.kestrel-form__afterpay-reason' )
		).toHaveText( reason );
		await expect(
			field.locator( '.kestrel-form__afterpay-reason' )
		).toBeVisible();
		await expect( button ).toHaveCount( 0 );
		await expect( total.locator( 'afterpay-placement' ) ).toHaveCount( 0 );
		await expect( schedule ).toHaveCount( 0 );

		expect( await quantity( page, id, '3' ) ).toBe( '42.50' );
		await expect( button ).toBeVisible();
		await expect( total.getByText( reason ) ).toHaveCount( 0 );
		await expect( placement ).toHaveAttribute( 'data-amount', '42.50' );

		// The form's own check first: the email is required, no popup opens.
		let popups = 0;
		page.on( 'popup', () => popups++ );
		await button.click();
		await expect(
			page.locator( `#validation_message_${ id }_4` )
		).toBeVisible();
		expect( popups ).toBe( 0 );

		await page.locator( `#input_${ id }_4` ).fill( 'buyer@example.org' );
		const watch = await watchLedger();
		const [ popup ] = await Promise.all( [
			page.waitForEvent( 'popup' ),
			button.click(),
		] );
		await expect( popup ).toHaveTitle( 'Afterpay' );
		await expect( popup.locator( '#total' ) ).toHaveText( 'Pay $42.50' );
		// The address goes to the server, whose options (with their totals) the popup shows.
		const priced = page.waitForResponse(
			( r ) =>
				r.url().includes( `/forms/${ id }/payment-request` ) &&
				!! r.request().postDataJSON()?.shippingContact
		);
		await popup.getByRole( 'radio', { name: /1455 Market St/ } ).check();
		const options = ( await ( await priced ).json() ).shippingOptions;
		expect( options ).toEqual( [
			expect.objectContaining( {
				id: 'standard',
				total: expect.objectContaining( { amount: '42.50' } ),
			} ),
			expect.objectContaining( {
				id: 'express',
				total: expect.objectContaining( { amount: '52.50' } ),
			} ),
		] );
		await popup.getByRole( 'radio', { name: /Express/ } ).check();
		await expect( popup.locator( '#total' ) ).toHaveText( 'Pay $52.50' );
		// Confirm closes the popup: the click may never settle.
		const paid = await confirmAndPaid( page, popup, watch );
		expect( paid ).toMatchObject( {
			status: 'COMPLETED',
			source_type: 'BUY_NOW_PAY_LATER',
			amount_money: { amount: 5250, currency: 'USD' },
		} );
		const [ entry ] = await entriesOf( requestUtils, id );
		expect( JSON.stringify( entry ) ).toContain( 'express' );
		expect( await entryPayment( requestUtils, entry.id ) ).toMatchObject( {
			method: 'afterpayClearpay',
			status: 'paid',
			amount: 5250,
		} );

		const admin = await browser.newPage( {
			storageState: process.env.STORAGE_STATE_PATH,
			baseURL: SITE,
		} );
		await admin.goto(
			`/wp-admin/admin.php?page=kestrel-forms-entries&entry_id=${ entry.id }`
		);
		await expect(
			admin.getByRole( 'row', { name: /^Method/ } )
		).toContainText( 'Afterpay' );
		await admin.close();

		// A partial refund: one ticket back.
		const part = await paymentAction( requestUtils, entry.id, 'refunds', {
			amount: 1250,
			reason: 'one ticket back',
		} );
		expect( part.status, JSON.stringify( part.body ) ).toBe( 200 );
		expect( part.body ).toMatchObject( {
			status: 'partially_refunded',
			refunded_amount: 1250,
		} );
		const refunds = await watch.refunds();
		expect( refunds ).toHaveLength( 1 );
		expect( refunds[ 0 ] ).toMatchObject( {
			amount_money: { amount: 1250, currency: 'USD' },
			destination_type: 'BUY_NOW_PAY_LATER',
		} );
	} );

	test( 'closing the popup: nothing charged, said at the field, the values stay', async ( {
		page,
		requestUtils,
	} ) => {
		const { id, field, button } = await openAfterpayForm(
			page,
			requestUtils,
			afterpayForm( 'P4 check 5 Afterpay cancel' )
		);
		await page.locator( `#input_${ id }_4` ).fill( 'buyer@example.org' );
		const watch = await watchLedger();
		const [ popup ] = await Promise.all( [
			page.waitForEvent( 'popup' ),
			button.click(),
		] );
		void popup
			.getByRole( 'button', { name: 'Cancel' } )
			.click()
			.catch( () => undefined );
		await popup.waitForEvent( 'close', { timeout: 30_000 } );
		await expect(
			field.getByText( 'Payment cancelled. Nothing was charged.' ).first()
		).toBeVisible();
		expect( await watch.payments() ).toHaveLength( 0 );
		await expect( page.locator( `#input_${ id }_4` ) ).toHaveValue(
			'buyer@example.org'
		);
		expect( await entriesOf( requestUtils, id ) ).toHaveLength( 0 );
	} );

	test( 'a form with its own address: the popup asks no shipping option, the charge is the form’s own total and shipping choice', async ( {
		page,
		requestUtils,
	} ) => {
		const definition = afterpayForm( 'P4 check 5 Afterpay own address' );
		const fields = definition.fields as Array< Record< string, unknown > >;
		fields.splice(
			4,
			0,
			{ id: 6, type: 'text', label: 'Street', isRequired: true },
			{ id: 7, type: 'text', label: 'City', isRequired: true },
			{ id: 8, type: 'text', label: 'Postal code', isRequired: true }
		);
		const payment = fields.find( ( f ) => f.type === 'payment' )!;
		payment.billing = {
			email: '4',
			addressLine1: '6',
			city: '7',
			postalCode: '8',
		};
		const { id, button } = await openAfterpayForm(
			page,
			requestUtils,
			definition
		);
		await page.locator( `#input_${ id }_4` ).fill( 'buyer@example.org' );
		await page.locator( `#input_${ id }_6` ).fill( '1 Main St' );
		await page.locator( `#input_${ id }_7` ).fill( 'Springfield' );
		await page.locator( `#input_${ id }_8` ).fill( '12345' );
		await page.locator( `#input_${ id }_2` ).selectOption( 'express' );
		expect( await quantity( page, id, '2' ) ).toBe( '40.00' );

		let addressesPriced = 0;
		page.on( 'request', ( r ) => {
			if (
				r.url().includes( '/payment-request' ) &&
				r.postDataJSON()?.shippingContact
			) {
				addressesPriced++;
			}
		} );
		const watch = await watchLedger();
		const [ popup ] = await Promise.all( [
			page.waitForEvent( 'popup' ),
			button.click(),
		] );
		await expect( popup.locator( '#total' ) ).toHaveText( 'Pay $40.00' );
		await popup.getByRole( 'radio', { name: /1455 Market St/ } ).check();
		// No address is priced: the popup offers no shipping options.
		await expect(
			popup.getByRole( 'radio', { name: /Standard|Express/ } )
		).toHaveCount( 0 );
		const paid = await confirmAndPaid( page, popup, watch );
		expect( paid ).toMatchObject( {
			source_type: 'BUY_NOW_PAY_LATER',
			amount_money: { amount: 4000, currency: 'USD' },
			// Where it ships: the form's own address.
			shipping_address: {
				address_line_1: '1 Main St',
				locality: 'Springfield',
				postal_code: '12345',
			},
		} );
		expect( addressesPriced ).toBe( 0 );
		const [ entry ] = await entriesOf( requestUtils, id );
		expect( JSON.stringify( entry ) ).toContain( 'express' );
	} );

	test( 'a form shipping at one fixed price and no address of its own: the popup asks the address and offers that price as the one option → charged the form total', async ( {
		page,
		requestUtils,
	} ) => {
		// The order form as it is: single shipping 5.00, no address fields.
		const { id, button } = await openAfterpayForm(
			page,
			requestUtils,
			orderForm( 'P4 check 5 Afterpay fixed shipping', {
				methods: [ 'afterpayClearpay', 'card' ],
				afterpayButton: { buttonType: 'buy_now_with_afterpay' },
			} )
		);
		await page.locator( `#input_${ id }_4` ).fill( 'buyer@example.org' );
		expect( await quantity( page, id, '2' ) ).toBe( '30.00' );
		const watch = await watchLedger();
		const [ popup ] = await Promise.all( [
			page.waitForEvent( 'popup' ),
			button.click(),
		] );
		await popup.getByRole( 'radio', { name: /1455 Market St/ } ).check();
		const only = popup.getByRole( 'radio', { name: /Shipping/ } );
		await expect( only ).toHaveCount( 1 );
		await only.check();
		await expect( popup.locator( '#total' ) ).toHaveText( 'Pay $30.00' );
		const paid = await confirmAndPaid( page, popup, watch );
		expect( paid ).toMatchObject( {
			source_type: 'BUY_NOW_PAY_LATER',
			amount_money: { amount: 3000, currency: 'USD' },
			shipping_address: { address_line_1: '1455 Market St' },
		} );
	} );
} );
