/**
 * P2 "Forms" acceptance checks 5 and 6 on WordPress: Apple Pay / Google Pay in the payment field,
 * the payment request the server builds, the charge of the server's total, the entry's wallet
 * method, brand and last 4, the Apple Pay domain-association file and its registration.
 *
 * Google Pay runs through the sandbox's pay.js stand-in, Apple Pay through the ApplePaySession
 * stand-in injected before the page's scripts (Chromium has none, as Safari would); both sheets
 * are driven like a person.
 */
import type { Browser, Locator, Page } from '@playwright/test';
import {
	test,
	expect,
	type RequestUtils,
} from '@wordpress/e2e-test-utils-playwright';
import { ANONYMOUS_STATE } from '../e2e/utils';
import {
	SANDBOX,
	SANDBOX_CREDENTIALS,
	SITE,
	cardIframe,
	confirmation,
	TOKEN_OK,
	anonymousRequest,
	createFormPage,
	entriesOf,
	entryPayment,
	openForm,
	orderForm,
	submit,
	watchLedger,
	withShippingChoices,
} from './utils';

const ASSOCIATION =
	'/digital-wallets/apple-pay/apple-developer-merchantid-domain-association';

/**
 * The order form with both wallets and the card (2 × 12.50 + 5.00 = 30.00 USD).
 * @param title
 */
const walletForm = ( title: string ) =>
	orderForm( title, {
		methods: [ 'googlePay', 'applePay', 'card' ],
		googlePayButton: { buttonColor: 'black', buttonSizeMode: 'fill' },
		applePayButtonStyle: 'white-outline',
	} );

/**
 * The order form with a shipping choice (Standard 5.00, Express 15.00) and a wallet beside the
 * card.
 *
 * @param title  Form title.
 * @param wallet The wallet.
 */
const shippingChoicesForm = (
	title: string,
	wallet: 'applePay' | 'googlePay' = 'applePay'
) => withShippingChoices( orderForm( title, { methods: [ wallet, 'card' ] } ) );

/**
 * The wallet button shows above the card inside the field; the buyer fills in the email and
 * asks for 3 tickets, and the server prices the new request (3 × 12.50 + Standard 5.00).
 *
 * @param page   Visitor's page.
 * @param formId Form id.
 * @param button The wallet's button.
 */
async function threeTicketsBeforeTheSheet(
	page: Page,
	formId: number,
	button: Locator
): Promise< void > {
	await expect( button ).toBeVisible( { timeout: 30_000 } );
	const box = await button.boundingBox();
	const card = await cardIframe( page, formId ).boundingBox();
	expect( box!.y + box!.height ).toBeLessThanOrEqual( card!.y );

	await page.locator( `#input_${ formId }_4` ).fill( 'buyer@example.org' );
	const updated = page.waitForResponse(
		( r ) =>
			r.url().includes( `/forms/${ formId }/payment-request` ) &&
			r.request().postDataJSON()?.values?.[ '1.3' ] === '3'
	);
	await page.locator( `#input_${ formId }_1_3` ).fill( '3' );
	expect( ( await ( await updated ).json() ).total.amount ).toBe( '42.50' );
}

/**
 * After the sheet's Pay: one charge of the server total with Express (52.50), the entry's
 * payment with the wallet, brand and last 4, the sheet's shipping choice in the entry, and what
 * the site owner reads on the entry screen.
 *
 * @param args              What to check.
 * @param args.browser      Browser (for the owner's page).
 * @param args.requestUtils Admin REST.
 * @param args.formId       Form id.
 * @param args.watch        Ledger watch started before the sheet opened.
 * @param args.method       The wallet's method id.
 * @param args.label        The wallet's name on the entry screen.
 */
async function chargedTheServerTotal( args: {
	browser: Browser;
	requestUtils: RequestUtils;
	formId: number;
	watch: Awaited< ReturnType< typeof watchLedger > >;
	method: 'applePay' | 'googlePay';
	label: string;
} ): Promise< void > {
	const { browser, requestUtils, formId, watch, method, label } = args;
	const [ charged ] = await watch.payments();
	expect( charged.amount_money ).toEqual( { amount: 5250, currency: 'USD' } );
	const [ entry ] = await entriesOf( requestUtils, formId );
	expect( await entryPayment( requestUtils, entry.id ) ).toMatchObject( {
		method,
		amount: 5250,
		brand: 'VISA',
		last4: '1111',
	} );
	// The entry's shipping is the sheet's choice.
	expect( JSON.stringify( entry ) ).toContain( 'express' );
	const admin = await browser.newPage( {
		storageState: process.env.STORAGE_STATE_PATH,
		baseURL: SITE,
	} );
	await admin.goto(
		`/wp-admin/admin.php?page=kestrel-forms-entries&entry_id=${ entry.id }`
	);
	await expect( admin.getByRole( 'row', { name: /^Method/ } ) ).toContainText(
		new RegExp( `${ label } · Visa •••• 1111`, 'i' )
	);
	await admin.close();
}

test.describe( 'wallets in the payment field (P2 checks 5 and 6)', () => {
	test( "check 5, server side: the payment request is the server's, a tampered page changes nothing charged, the entry names the wallet with brand and last 4", async ( {
		requestUtils,
	} ) => {
		const { form } = await createFormPage(
			requestUtils,
			walletForm( 'P2 check 5 server' )
		);
		const anonymous = await anonymousRequest();
		const asked = await anonymous.post(
			`/wp-json/kestrel-forms/v1/forms/${ form.id }/payment-request`,
			{
				data: {
					values: { '1.3': '2', 4: 'buyer@example.org', 3: '0.01' },
				},
				failOnStatusCode: false,
			}
		);
		expect( asked.status() ).toBe( 200 );
		const request = await asked.json();
		expect( request ).toMatchObject( {
			currencyCode: 'USD',
			total: { amount: '30.00' },
			requestBillingContact: true,
			requestShippingContact: true,
		} );
		expect( JSON.stringify( request ) ).not.toContain(
			'buyer@example.org'
		);

		// What a page edited in DevTools could send: a lower amount and another card. Only the
		// token and the method label are read; the charge is the server's total.
		const watch = await watchLedger();
		const answer = await submit( anonymous, form.id, {
			'1.3': '2',
			4: 'buyer@example.org',
			5: {
				method: 'googlePay',
				token: TOKEN_OK,
				amount: '0.01',
				brand: 'AMEX',
				last4: '0005',
				wallet: {
					shipping: {
						givenName: 'Ada',
						addressLines: [ '1 Way' ],
						countryCode: 'GB',
					},
				},
			},
		} );
		expect( answer.status() ).toBe( 201 );
		const [ charged ] = await watch.payments();
		expect( charged.amount_money ).toEqual( {
			amount: 3000,
			currency: 'USD',
		} );
		const [ entry ] = await entriesOf( requestUtils, form.id );
		const payment = await entryPayment( requestUtils, entry.id );
		expect( payment.method ).toBe( 'googlePay' );
		expect( payment.amount ).toBe( 3000 );
		expect( payment.last4 ).toMatch( /^\d{4}$/ );
		expect( payment.last4 ).not.toBe( '0005' );
		expect( payment.brand ).not.toBe( 'AMEX' );
	} );

	test.describe( 'in the browser', () => {
		test.use( { storageState: ANONYMOUS_STATE } );

		test( 'check 5 with Google Pay: the button shows inside the field above the card, a new quantity is in the sheet, Express picked there is priced by the server, the charge and the entry are the server total with Google Pay, brand and last 4', async ( {
			page,
			browser,
			requestUtils,
		} ) => {
			const { form, pageUrl } = await createFormPage(
				requestUtils,
				shippingChoicesForm( 'P2 check 5 Google Pay', 'googlePay' )
			);
			await openForm( page, pageUrl, form.id );
			const google = page
				.locator( `#kestrel_wallet_${ form.id }_5_googlePay` )
				.getByRole( 'button', { name: 'Buy with Google Pay' } );
			await threeTicketsBeforeTheSheet( page, form.id, google );

			const watch = await watchLedger();
			await google.click();
			const sheet = page.frameLocator( 'iframe[title="Google Pay"]' );
			// 3 × 12.50 + Standard 5.00, then Express (15.00) priced by the server.
			await expect( sheet.getByTestId( 'total' ) ).toContainText(
				'42.50'
			);
			// The address goes to the server (redacted), which answers the same total.
			await sheet.getByRole( 'radio', { name: /Jane Doe/ } ).check();
			await expect( sheet.getByTestId( 'total' ) ).toContainText(
				'42.50'
			);
			await sheet.getByRole( 'radio', { name: /Express/ } ).check();
			await expect( sheet.getByTestId( 'total' ) ).toContainText(
				'52.50'
			);
			await sheet
				.getByRole( 'radio', { name: 'Visa •••• 1111' } )
				.check();
			await sheet.getByRole( 'button', { name: 'Pay' } ).click();
			await expect( confirmation( page ) ).toBeVisible( {
				timeout: 30_000,
			} );

			await chargedTheServerTotal( {
				browser,
				requestUtils,
				formId: form.id,
				watch,
				method: 'googlePay',
				label: 'Google Pay',
			} );
		} );
	} );

	test.describe( 'Apple Pay in the browser (stand-in injected, as Safari has ApplePaySession)', () => {
		test.use( { storageState: ANONYMOUS_STATE } );

		test( 'check 5: a new quantity is in the sheet, a shipping option picked there is priced by the server, and the charge and the entry are the server total with Apple Pay, brand and last 4', async ( {
			page,
			browser,
			requestUtils,
		} ) => {
			// The site's host is registered for Apple Pay (check 6 does it from the settings).
			const registered = await fetch(
				`${ SANDBOX }/v2/apple-pay/domains`,
				{
					method: 'POST',
					headers: {
						Authorization: `Bearer ${ SANDBOX_CREDENTIALS.access_token }`,
						'Content-Type': 'application/json',
					},
					body: JSON.stringify( {
						domain_name: new URL( SITE ).hostname,
					} ),
				}
			);
			expect( await registered.json() ).toEqual( { status: 'VERIFIED' } );
			const standIn = await (
				await fetch(
					`${ SANDBOX }/vendors/apple-pay/apple-pay-session.js`
				)
			).text();
			await page.addInitScript( {
				content: 'window.__kfApplePayScenario = {};',
			} );
			await page.addInitScript( { content: standIn } );

			const { form, pageUrl } = await createFormPage(
				requestUtils,
				shippingChoicesForm( 'P2 check 5 Apple Pay' )
			);
			await openForm( page, pageUrl, form.id );
			const apple = page.getByRole( 'button', {
				name: 'Pay with Apple Pay',
			} );
			await threeTicketsBeforeTheSheet( page, form.id, apple );

			// 3 × 12.50 + Standard 5.00.
			const watch = await watchLedger();
			await apple.click();
			const sheet = page.frameLocator( 'iframe[title="Apple Pay"]' );
			// The total's label is the site's name; its lines are the form's.
			await expect(
				sheet.getByText( 'Ticket × 3: USD 37.50' )
			).toBeVisible();
			await expect( sheet.getByText( /^.+: USD 42\.50$/ ) ).toBeVisible();
			// Express in the sheet: the server prices it (3 × 12.50 + 15.00).
			await sheet.getByRole( 'radio', { name: /Express/ } ).check();
			await expect(
				sheet.getByText( 'Shipping: USD 15.00' )
			).toBeVisible();
			await expect( sheet.getByText( /^.+: USD 52\.50$/ ) ).toBeVisible();
			await sheet
				.getByRole( 'radio', { name: 'Visa •••• 1111' } )
				.check();
			await sheet
				.getByRole( 'button', { name: 'Pay with Touch ID' } )
				.click();
			await expect( confirmation( page ) ).toBeVisible( {
				timeout: 30_000,
			} );

			await chargedTheServerTotal( {
				browser,
				requestUtils,
				formId: form.id,
				watch,
				method: 'applePay',
				label: 'Apple Pay',
			} );
		} );
	} );

	test( "check 6: the site serves the provider's domain-association file and the settings show Verified after registration", async ( {
		page,
	} ) => {
		const expected = await (
			await fetch( `${ SANDBOX }${ ASSOCIATION }` )
		).text();
		const served = await fetch(
			`${ SITE }/.well-known/apple-developer-merchantid-domain-association`
		);
		expect( served.status ).toBe( 200 );
		expect( served.headers.get( 'content-type' ) ).toContain(
			'text/plain'
		);
		expect( await served.text() ).toBe( expected );

		await page.goto(
			`${ SITE }/wp-admin/admin.php?page=kestrel-forms-settings&view=payments`
		);
		const section = page.getByRole( 'region', { name: 'Apple Pay' } );
		await section
			.getByRole( 'button', { name: 'Register this domain' } )
			.click();
		await expect( section.getByRole( 'status' ) ).toHaveText( 'Verified', {
			timeout: 30_000,
		} );
	} );
} );
