/**
 * Wave 2 A.1 acceptance, first check: the quickstart's payment-request page
 * (sandbox/examples/payment-request.html, the provider's merchant code on our bundle) through the
 * Google Pay stand-in, driven like a buyer: a California address reaches the contact listener
 * once, redacted, and the sheet shows the listener's total (tax); Expedited adds 10.00; the
 * payment is the merchant server's amount and the token names the option picked.
 */
import { expect, test, type Page } from '@playwright/test';
import { ledger } from './utils';

const sheetOf = ( page: Page ) =>
	page.frameLocator( 'iframe[title="Google Pay"]' );

test( 'payment-request.html: shipping contact and option listeners drive the Google Pay sheet; the charge is the server’s', async ( {
	page,
	request,
} ) => {
	const logs: string[] = [];
	page.on( 'console', ( m ) => logs.push( m.text() ) );
	const before = Object.keys( ( await ledger( request ) ).payments ?? {} );
	await page.goto( '/payment-request.html' );
	const button = page.locator( '#google-pay-button button.gpay-button' );
	await expect( button ).toBeVisible( { timeout: 30_000 } );
	await button.click();

	const sheet = sheetOf( page );
	// Item 2.00, Free shipping, no tax yet.
	await expect( sheet.getByTestId( 'total' ) ).toContainText( '2.00' );
	// California: the listener's tax (10 % of 2.00) and the default options.
	await sheet.getByRole( 'radio', { name: /Jane Doe/ } ).check();
	await expect( sheet.getByTestId( 'total' ) ).toContainText( '2.20' );
	// Expedited: +10.00.
	await sheet.getByRole( 'radio', { name: /Expedited/ } ).check();
	await expect( sheet.getByTestId( 'total' ) ).toContainText( '12.20' );
	await sheet.getByRole( 'radio', { name: 'Visa •••• 1111' } ).check();
	await sheet.getByRole( 'button', { name: 'Pay' } ).click();
	await expect( page.locator( '#payment-status-container' ) ).toHaveClass(
		/is-success/,
		{ timeout: 30_000 }
	);

	// The token's details name the option picked in the sheet.
	const details = logs.find( ( l ) => l.startsWith( 'Token details' ) );
	expect( details ).toBeTruthy();
	expect(
		JSON.parse( details!.slice( 'Token details '.length ) )
	).toMatchObject( {
		method: 'Google Pay',
		shipping: { option: { id: 'shipping-option-2' } },
	} );
	// One payment, of the merchant server's price (its item, 1.00), not the sheet's 12.20.
	const payments = Object.values(
		( await ledger( request ) ).payments ?? {}
	).filter( ( p: any ) => ! before.includes( p.id ) ) as any[];
	expect( payments ).toHaveLength( 1 );
	expect( payments[ 0 ].amount_money ).toEqual( {
		amount: 100,
		currency: 'USD',
	} );
} );
