/**
 * P3 "Forms" acceptance checks 4 and 5 in a WordPress form: Cash App Pay in the payment field.
 *
 * Desktop: the provider's button (the field's options), its QR dialog, the buyer approving on a
 * second page (their phone) → one entry for the server's total, named "Cash App Pay · $cashtag"
 * on the owner's screen. iPhone: the first tap stores a payment draft (the page is about to be
 * left), the second goes to Cash App's approval page; Approve → Done → back on the form, whose
 * values the draft restores, and exactly one entry, also after reloading the return URL.
 */
import { devices, type Browser, type Page } from '@playwright/test';
import {
	test,
	expect,
	type RequestUtils,
} from '@wordpress/e2e-test-utils-playwright';
import { ANONYMOUS_STATE } from '../e2e/utils';
import {
	approveInCashApp,
	cashAppButton,
	cashAppForm,
	cashAppReady,
} from './bank-and-cash-app';
import {
	SITE,
	confirmation,
	createFormPage,
	entriesOf,
	entryPayment,
	openForm,
	paymentField,
	watchLedger,
} from './utils';

/**
 * Fills in the order: 3 tickets (3 × 12.50 + 5.00 = 42.50), the email and the name.
 *
 * @param page   Visitor's page.
 * @param formId Form id.
 */
async function fillOrder( page: Page, formId: number ): Promise< void > {
	await page.locator( `#input_${ formId }_4` ).fill( 'buyer@example.org' );
	await page.locator( `#input_${ formId }_6` ).fill( 'Ada Lovelace' );
	await page.locator( `#input_${ formId }_1_3` ).fill( '3' );
	// A new total is a new Cash App Pay instance (never update()): its button asks 42.50.
	await expect(
		page.locator( `#kestrel_cash_app_pay_${ formId }_5` )
	).toHaveAttribute( 'data-total', '42.50' );
}

/**
 * The owner's entry screen names the method and the buyer's cashtag.
 *
 * @param browser Browser.
 * @param entryId Entry.
 */
async function ownerSeesCashApp( browser: Browser, entryId: number ) {
	const admin = await browser.newPage( {
		storageState: process.env.STORAGE_STATE_PATH,
		baseURL: SITE,
	} );
	await admin.goto(
		`/wp-admin/admin.php?page=kestrel-forms-entries&entry_id=${ entryId }`
	);
	await expect( admin.getByRole( 'row', { name: /^Method/ } ) ).toContainText(
		/Cash App Pay · \$\S+/
	);
	await admin.close();
}

/**
 * A new Cash App Pay order form, opened, its button there.
 *
 * @param page         Visitor's page.
 * @param requestUtils Admin REST.
 * @param title        Form title.
 */
async function openCashAppForm(
	page: Page,
	requestUtils: RequestUtils,
	title: string
) {
	const { form, pageUrl } = await createFormPage(
		requestUtils,
		cashAppForm( title )
	);
	await openForm( page, pageUrl, form.id );
	await cashAppReady( page, form.id );
	return form;
}

test.describe( 'Cash App Pay in the payment field (P3 checks 4 and 5)', () => {
	test.use( { storageState: ANONYMOUS_STATE } );

	test( "desktop: the provider's button with the field's options, its QR dialog, approval on a second page → one entry for the server total, Cash App Pay · $cashtag", async ( {
		page,
		browser,
		requestUtils,
	} ) => {
		const form = await openCashAppForm(
			page,
			requestUtils,
			'P3 check 4 Cash App Pay desktop'
		);
		const button = cashAppButton( page, form.id );
		// The field's options: semi-round, light.
		await expect( button ).toHaveClass( /rounded-md/ );
		await expect( button ).toHaveClass( /bg-white/ );

		// The form's own check runs first: nothing starts without the required fields.
		await button.click();
		await expect(
			paymentField( page, form.id, 6 ).getByText(
				'This field is required.'
			)
		).toBeVisible();
		await expect(
			page.getByRole( 'dialog', { name: 'Cash App Pay' } )
		).toHaveCount( 0 );

		await fillOrder( page, form.id );
		const watch = await watchLedger();
		await button.click();
		const dialog = page.getByRole( 'dialog', { name: 'Cash App Pay' } );
		await expect( dialog ).toContainText( 'Scan the QR Code to check out' );
		const approvalUrl = await dialog
			.getByTestId( 'cap-qr-link' )
			.getAttribute( 'href' );
		const phone = await browser.newPage();
		await phone.goto( approvalUrl! );
		await approveInCashApp( phone );
		await phone.close();

		await expect( confirmation( page ) ).toBeVisible( { timeout: 30_000 } );
		const payments = await watch.payments();
		expect( payments ).toHaveLength( 1 );
		expect( payments[ 0 ] ).toMatchObject( {
			status: 'COMPLETED',
			source_type: 'WALLET',
			amount_money: { amount: 4250, currency: 'USD' },
		} );
		const entries = await entriesOf( requestUtils, form.id );
		expect( entries ).toHaveLength( 1 );
		expect(
			await entryPayment( requestUtils, entries[ 0 ].id )
		).toMatchObject( {
			method: 'cashAppPay',
			amount: 4250,
			status: 'paid',
		} );
		await ownerSeesCashApp( browser, entries[ 0 ].id );
	} );

	test.describe( 'on an iPhone', () => {
		// The phone's viewport, touch and user agent, in this project's Chromium.
		const { defaultBrowserType: _webkit, ...iPhone } =
			devices[ 'iPhone 13' ];
		test.use( { ...iPhone, storageState: ANONYMOUS_STATE } );

		test( 'check 5: a payment draft before the page is left, Approve → Done → back: the values are restored and exactly one entry is made, also after reloading the return URL', async ( {
			page,
			browser,
			requestUtils,
		} ) => {
			const form = await openCashAppForm(
				page,
				requestUtils,
				'P3 check 5 Cash App Pay iPhone'
			);
			await fillOrder( page, form.id );
			const watch = await watchLedger();

			// First tap: the draft is stored; nothing leaves the page yet.
			const stored = page.waitForResponse(
				( r ) =>
					r.url().includes( `/forms/${ form.id }/payment-drafts` ) &&
					r.request().method() === 'POST'
			);
			await cashAppButton( page, form.id ).click();
			const draft = await ( await stored ).json();
			expect( ( await stored ).status() ).toBe( 201 );
			expect( draft.redirect_url ).toContain(
				`kf_payment_return=${ draft.draft_id }`
			);
			await expect(
				paymentField( page, form.id ).getByText(
					'Your details are saved. Tap Cash App Pay again to continue in Cash App.'
				)
			).toBeVisible();
			expect( await entriesOf( requestUtils, form.id ) ).toHaveLength(
				0
			);

			// Second tap: Cash App's approval page, then back to the form.
			await cashAppButton( page, form.id ).click();
			await page.waitForURL( ( url ) => ! url.href.startsWith( SITE ), {
				timeout: 30_000,
			} );
			await approveInCashApp( page );
			await page.waitForURL(
				( url ) =>
					url.searchParams.get( 'kf_payment_return' ) ===
					draft.draft_id,
				{ timeout: 30_000 }
			);
			await expect( confirmation( page ) ).toBeVisible( {
				timeout: 30_000,
			} );
			const entries = await entriesOf( requestUtils, form.id );
			expect( entries ).toHaveLength( 1 );
			// The draft's values are the entry's.
			const entryText = JSON.stringify( entries[ 0 ] );
			expect( entryText ).toContain( 'Ada Lovelace' );
			expect( entryText ).toContain( 'buyer@example.org' );
			expect(
				await entryPayment( requestUtils, entries[ 0 ].id )
			).toMatchObject( { method: 'cashAppPay', amount: 4250 } );
			expect( await watch.payments() ).toHaveLength( 1 );

			// The return URL again: the confirmation, no second entry, no second charge.
			await page.reload();
			await expect( confirmation( page ) ).toBeVisible( {
				timeout: 30_000,
			} );
			expect( await entriesOf( requestUtils, form.id ) ).toHaveLength(
				1
			);
			expect( await watch.payments() ).toHaveLength( 1 );
			await ownerSeesCashApp( browser, entries[ 0 ].id );
		} );
	} );
} );
