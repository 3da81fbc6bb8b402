/**
 * P2 "Forms" acceptance checks 5 and 6 on WordPress: Apple Pay / Google Pay in the payment field,
 * the payment request the server builds, the charge of the server's total, the entry's wallet
 * method, brand and last 4, the Apple Pay domain-association file and its registration.
 *
 * Parts that need the SDK's wallets (payments.googlePay in Chromium through the sandbox's Google
 * Pay stand-in) or the sandbox's Apple Pay endpoints (`GET /digital-wallets/apple-pay/…`,
 * `POST /v2/apple-pay/domains`) skip themselves while those are missing (other work packages of
 * issue 15); the server's side of check 5 runs without them.
 */
import { test, expect } from '@wordpress/e2e-test-utils-playwright';
import { ANONYMOUS_STATE } from '../e2e/utils';
import {
	SANDBOX,
	SITE,
	TOKEN_OK,
	anonymousRequest,
	createFormPage,
	entriesOf,
	entryPayment,
	openForm,
	orderForm,
	sandboxHas,
	submit,
	watchLedger,
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

		test( 'check 5: the Google Pay button shows once the SDK offers it, and a new quantity updates the request the sheet opens with', async ( {
			page,
			requestUtils,
		} ) => {
			const { form, pageUrl } = await createFormPage(
				requestUtils,
				walletForm( 'P2 check 5 browser' )
			);
			await openForm( page, pageUrl, form.id );
			const google = page.locator(
				`#kestrel_wallet_${ form.id }_5_googlePay`
			);
			const offered = await google
				.locator( 'button' )
				.first()
				.waitFor( { timeout: 10_000 } )
				.then( () => true )
				.catch( () => false );
			test.skip(
				! offered,
				'The SDK does not offer Google Pay here yet (issue 15, SDK package).'
			);
			// Above the card inputs, inside the field.
			const wallets = page.locator(
				`#field_${ form.id }_5 .kestrel-form__wallets`
			);
			await expect( wallets ).toBeVisible();

			const updated = page.waitForResponse(
				( r ) =>
					r.url().includes( `/forms/${ form.id }/payment-request` ) &&
					r.request().postDataJSON()?.values?.[ '1.3' ] === '3'
			);
			await page.locator( `#input_${ form.id }_1_3` ).fill( '3' );
			const answer = await ( await updated ).json();
			expect( answer.total.amount ).toBe( '42.50' );
		} );
	} );

	test( "check 6: the site serves the provider's domain-association file and the settings show Verified after registration", async ( {
		page,
	} ) => {
		test.skip(
			! ( await sandboxHas( ASSOCIATION ) ) ||
				! ( await sandboxHas( '/v2/apple-pay/domains', 'POST' ) ),
			'The sandbox has no Apple Pay endpoints yet (issue 15, sandbox package).'
		);
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
