/**
 * The legacy `payments.cashApp()` on a desktop (issue 16; P3 acceptance check 7): our own
 * quickstart-style page sandbox/examples/cash-app.html, the SDK's own QR container with the
 * spec's texts and Cash App's picture, approval on the buyer's phone (a second page), and the
 * checks of the options. The phone's redirect flow is in cash-app-pay-mobile.spec.ts.
 */
import { expect, test } from '@playwright/test';

test.beforeEach( async ( { page } ) => {
	await page.goto( '/cash-app.html' );
	await page.waitForFunction(
		() => document.body.dataset.ready === 'true',
		null,
		{ timeout: 30_000 }
	);
} );

test( 'QR container texts; approval on the phone charges $1.00', async ( {
	page,
} ) => {
	const qr = page.getByRole( 'group', { name: 'Cash App Pay' } );
	await expect(
		qr.getByText( 'Cash App Pay', { exact: true } )
	).toBeVisible();
	await expect(
		qr.getByText( 'Scan the QR Code to check out' )
	).toBeVisible();
	const img = qr.getByRole( 'img', { name: 'Cash App QR code' } );
	await expect( img ).toBeVisible();
	expect(
		await page.evaluate( () => ( window as any ).cashApp.willRedirect )
	).toBe( false );
	const button = page.locator( '#cash-app-button button' );
	await expect( button ).toHaveClass( /sq-cash-app-semirounded/ );
	await expect( button ).toHaveClass( /sq-cash-app-dark/ );
	await button.click();
	// The phone scans the code: it opens the approval page of this request.
	const src = ( await img.getAttribute( 'src' ) )!;
	const phone = await page.context().newPage();
	await phone.goto( src.replace( /\/qr\/(.+)\.svg$/, '/approve/$1' ) );
	await phone.getByRole( 'button', { name: 'Approve' } ).click();
	await expect( phone.getByRole( 'status' ) ).toContainText(
		'You approved $1.00'
	);
	await expect( page.locator( '#payment-status-container' ) ).toHaveClass(
		/is-success/,
		{ timeout: 20_000 }
	);
	await expect( page.locator( '#payment-status-container' ) ).toContainText(
		'$CASHTAG_C_TOKEN'
	);
} );

test( 'a decline on the phone gives Cancel', async ( { page } ) => {
	const src = ( await page
		.getByRole( 'img', { name: 'Cash App QR code' } )
		.getAttribute( 'src' ) )!;
	await page.locator( '#cash-app-button button' ).click();
	const phone = await page.context().newPage();
	await phone.goto( src.replace( /\/qr\/(.+)\.svg$/, '/approve/$1' ) );
	await phone.getByRole( 'button', { name: 'Decline' } ).click();
	await expect( page.locator( '#payment-status-container' ) ).toHaveText(
		'Tokenization failed with status: Cancel',
		{ timeout: 20_000 }
	);
} );

test( 'options are checked; a return with error throws the SDK text', async ( {
	page,
} ) => {
	const r = await page.evaluate( async () => {
		const payments = ( window as any ).Square.payments(
			'sandbox-sq0idb-merchant-us',
			'LSANDBOXMAIN'
		);
		const errorOf = async ( p: Promise< unknown > ) => {
			try {
				await p;
				return null;
			} catch ( e: any ) {
				return `${ e.name }: ${ e.message }`;
			}
		};
		return {
			noRedirect: await errorOf(
				payments.cashApp( { transactionId: 'x' } )
			),
			longId: await errorOf(
				payments.cashApp( {
					redirectURI: location.href,
					transactionId: 'x'.repeat( 51 ),
				} )
			),
			eur: await errorOf(
				payments.cashApp( {
					redirectURI: location.href,
					transactionId: 'x',
					totalTransactionAmount: {
						amount: 100,
						currencyCode: 'EUR',
					},
				} )
			),
			gb: await errorOf(
				( window as any ).Square.payments(
					'sandbox-sq0idb-merchant-gb',
					'LSANDBOXGB'
				).cashApp( { redirectURI: location.href, transactionId: 'x' } )
			),
		};
	} );
	expect( r.noRedirect ).toMatch( /^CashAppPayMissingRedirectUrlError/ );
	expect( r.longId ).toMatch( /^CashAppPayInvalidPaymentRequestError/ );
	expect( r.eur ).toMatch( /^CashAppPayInvalidPaymentRequestError/ );
	expect( r.gb ).toMatch( /US_MERCHANT_ONLY/ );

	// A return from Cash App with an error (the stored entry is there, as after tokenize()).
	await page.evaluate( () =>
		localStorage.setItem(
			'sq-cash-app-redirect',
			JSON.stringify( {
				paymentMethodTrackingId: 't',
				transactionId: 'order-1',
				createdAt: Date.now(),
			} )
		)
	);
	await page.goto( '/cash-app.html?state=order-1&error=access_denied' );
	await expect( page.locator( '#payment-status-container' ) ).toHaveText(
		'Received an error in redirect from Cash App: access_denied',
		{ timeout: 20_000 }
	);
} );
