/**
 * Google Pay end to end (issue 15; wave 2 design A.3, P2 acceptance checks 1–3) against the
 * offline stand-in of pay.js and its sheet on the vendor origin: the quickstart-style page
 * sandbox/examples/google-pay.html unchanged, the button in its shadow root, the page checks,
 * the payment request lock and shipping listeners, driven like a person in the sheet.
 */
import { expect, test, type Page } from '@playwright/test';
import { SANDBOX, ledger } from './utils';

/**
 * The sheet the stand-in opens (an iframe of the vendor origin).
 * @param page
 */
const sheet = ( page: Page ) =>
	page.frameLocator( 'iframe[title="Google Pay"]' );

/**
 * The Google Pay button inside the container's shadow root (Playwright pierces open roots).
 * @param page
 * @param container
 */
const gpayButton = ( page: Page, container = '#google-pay-button' ) =>
	page.locator( `${ container } button.gpay-button` );

/**
 * Opens the quickstart-style page and waits for its button.
 *
 * @param page Page.
 */
async function openGooglePay( page: Page ): Promise< void > {
	await page.goto( '/google-pay.html' );
	await expect( gpayButton( page ) ).toBeVisible( { timeout: 30_000 } );
}

test.afterEach( async ( { request } ) => {
	await request.post( `${ SANDBOX }/__vendors/scenario`, {
		data: { vendor: 'google-pay', scenario: {} },
	} );
} );

test.describe( 'check 1: quickstart google-pay.html (GBP, verifyBuyer)', () => {
	test( 'pays with the Visa in the sheet, verified, charged in GBP', async ( {
		page,
	} ) => {
		await openGooglePay( page );
		await gpayButton( page ).click();
		const s = sheet( page );
		await expect( s.getByText( 'Total: 1.00 GBP' ) ).toBeVisible();
		await expect( s.getByText( /TEST environment/ ) ).toBeVisible();
		await expect(
			s.getByRole( 'radio', { name: 'Visa •••• 1111' } )
		).toBeChecked();
		await s.getByRole( 'button', { name: 'Pay' } ).click();
		await expect( page.locator( '#payment-status-container' ) ).toHaveClass(
			/is-success/,
			{ timeout: 20_000 }
		);
		await expect(
			page.locator( 'iframe[title="Google Pay"]' )
		).toHaveCount( 0 );
		const l = await ledger( page.request );
		const payment = Object.values< any >( l.payments ).at( -1 );
		expect( payment.amount_money ).toEqual( {
			amount: 100,
			currency: 'GBP',
		} );
		expect( payment.status ).toBe( 'COMPLETED' );
		expect( payment.source_type ).toBe( 'CARD' );
		expect( payment.card_details.card.last_4 ).toBe( '1111' );
		// The nonce was a Google Pay one, verified (SCA) before the charge.
		expect( l.nonces[ payment.source_id ].wallet ).toBe( 'GOOGLE_PAY' );
		expect( payment.verification_token ).toMatch( /^verf:/ );
	} );
} );
