/**
 * P3 "Forms" acceptance check 3 on WordPress: a form paid by bank account (ACH). The visitor
 * links a bank through the provider's Plaid Link stand-in and authorises the debit; the entry is
 * `pending` while the provider's payment is PENDING; the provider settling it (sandbox
 * `POST /__settle`) sends `payment.updated`, which moves the entry to `paid` (COMPLETED) or
 * `failed` (FAILED), with the payment notifications; no refund is offered or accepted while the
 * payment is pending.
 */
import type { Browser, Page } from '@playwright/test';
import {
	test,
	expect,
	type RequestUtils,
} from '@wordpress/e2e-test-utils-playwright';
import { ANONYMOUS_STATE } from '../e2e/utils';
import { mailTo, sinkApi } from '../e2e/smtp-sink';
import { achForm, linkBankAccount } from './bank-and-cash-app';
import {
	SITE,
	confirmation,
	control,
	createFormPage,
	entriesOf,
	entryNotes,
	entryPayment,
	openForm,
	paymentAction,
	paymentField,
	until,
	watchLedger,
} from './utils';

/**
 * Whether the owner's entry screen offers a refund.
 *
 * @param browser Browser.
 * @param entryId Entry.
 */
async function refundOffered(
	browser: Browser,
	entryId: number
): Promise< boolean > {
	const admin = await browser.newPage( {
		storageState: process.env.STORAGE_STATE_PATH,
		baseURL: SITE,
	} );
	try {
		await admin.goto(
			`/wp-admin/admin.php?page=kestrel-forms-entries&entry_id=${ entryId }`
		);
		await expect(
			admin.getByRole( 'row', { name: /^Method/ } )
		).toBeVisible();
		return (
			( await admin.getByRole( 'button', { name: /^Refund/ } ).count() ) >
			0
		);
	} finally {
		await admin.close();
	}
}

/**
 * The provider settles the bank payment (sandbox POST /__settle); its `payment.updated` webhook
 * moves the entry on. Returns the entry's payment once it is no longer pending.
 *
 * @param requestUtils Admin REST.
 * @param entryId      Entry.
 * @param paymentId    The provider's payment.
 * @param outcome      COMPLETED or FAILED.
 */
async function settle(
	requestUtils: RequestUtils,
	entryId: number,
	paymentId: string,
	outcome: 'COMPLETED' | 'FAILED'
) {
	const settled = await control( '/__settle', {
		payment_id: paymentId,
		outcome,
	} );
	expect( settled.ok ).toBe( true );
	return until(
		() => entryPayment( requestUtils, entryId ),
		( p ) => p.status !== 'pending',
		30_000
	);
}

test.describe( 'bank account (ACH) in the payment field (P3 check 3)', () => {
	test.use( { storageState: ANONYMOUS_STATE } );

	/**
	 * The visitor pays the order by bank account; returns the entry, its provider payment and
	 * the mailbox of its notifications.
	 *
	 * @param args              Fixtures.
	 * @param args.page         Visitor's page.
	 * @param args.requestUtils Admin REST.
	 * @param args.title        Form title.
	 * @param args.cancelFirst  Whether the visitor first cancels at the authorisation.
	 */
	async function payByBank( args: {
		page: Page;
		requestUtils: RequestUtils;
		title: string;
		cancelFirst?: boolean;
	} ) {
		const { page, requestUtils, title, cancelFirst = false } = args;
		const mailbox = `ach-${ Date.now() }@example.org`;
		const { form, pageUrl } = await createFormPage(
			requestUtils,
			achForm( title, mailbox )
		);
		await openForm( page, pageUrl, form.id );
		const field = paymentField( page, form.id );
		const pay = field.getByRole( 'button', {
			name: 'Pay with bank account',
		} );
		await expect( pay ).toBeVisible( { timeout: 30_000 } );
		await page
			.locator( `#input_${ form.id }_4` )
			.fill( 'buyer@example.org' );
		// 2 tickets: 2 × 12.50 + 5.00.
		await page.locator( `#input_${ form.id }_1_3` ).fill( '2' );
		await expect( page.locator( `#field_${ form.id }_3` ) ).toContainText(
			'30.00'
		);

		// The holder's name is required before the bank link opens.
		await pay.click();
		// At the holder's input, and announced in the field's live region.
		const nameMissing = "Please enter the account holder's name.";
		await expect( field.locator( '.kestrel-form__ach-error' ) ).toHaveText(
			nameMissing
		);
		await expect(
			field.locator( '[data-payment-live-region]' )
		).toHaveText( nameMissing );
		await expect(
			page.locator( 'iframe[title="Plaid Link"]' )
		).toHaveCount( 0 );
		await field.getByLabel( /^Account holder name/ ).fill( 'Ada Lovelace' );

		if ( cancelFirst ) {
			// The visitor cancels at the authorisation: said at the field, announced, nothing
			// charged, the form as it was.
			const nothing = await watchLedger();
			await pay.click();
			await linkBankAccount( page, false );
			const cancelled =
				'The bank payment was cancelled. Nothing was charged.';
			await expect(
				field.locator( '.kestrel-form__wallet-note' )
			).toHaveText( cancelled );
			await expect(
				field.locator( '[data-payment-live-region]' )
			).toHaveText( cancelled );
			await expect( page.locator( `#input_${ form.id }_4` ) ).toHaveValue(
				'buyer@example.org'
			);
			expect( await nothing.payments() ).toEqual( [] );
		}

		const watch = await watchLedger();
		await pay.click();
		await linkBankAccount( page );
		await expect( confirmation( page ) ).toBeVisible( { timeout: 30_000 } );
		// The server's confirmation says the payment is pending.
		await expect( confirmation( page ) ).toContainText( /pending/i );

		const [ charged ] = await watch.payments();
		expect( charged ).toMatchObject( {
			status: 'PENDING',
			source_type: 'BANK_ACCOUNT',
			amount_money: { amount: 3000, currency: 'USD' },
		} );
		const [ entry ] = await entriesOf( requestUtils, form.id );
		return { entry, charged, mailbox };
	}

	test( 'a cancelled authorisation is said at the field; then pending until the bank settles: entry pending with no refund (REST refused, no button), ledger PENDING; settled COMPLETED → webhook → paid, refund offered', async ( {
		page,
		browser,
		requestUtils,
	} ) => {
		const { entry, charged } = await payByBank( {
			page,
			requestUtils,
			title: 'P3 check 3 ACH completed',
			cancelFirst: true,
		} );
		const pending = await entryPayment( requestUtils, entry.id );
		expect( pending ).toMatchObject( {
			status: 'pending',
			method: 'ach',
			amount: 3000,
			provider_payment_id: charged.id,
			actions: { refund: false },
		} );
		expect( await refundOffered( browser, entry.id ) ).toBe( false );
		const refused = await paymentAction(
			requestUtils,
			entry.id,
			'refunds',
			{
				amount: 500,
				reason: 'too early',
			}
		);
		expect( refused.status ).toBeGreaterThanOrEqual( 400 );
		expect( refused.status ).toBeLessThan( 500 );

		const paid = await settle(
			requestUtils,
			entry.id,
			charged.id,
			'COMPLETED'
		);
		expect( paid ).toMatchObject( {
			status: 'paid',
			actions: { refund: true },
		} );
		expect( await refundOffered( browser, entry.id ) ).toBe( true );
	} );

	test( 'settled FAILED → webhook → failed, and the failure notification goes out (after the pending one)', async ( {
		page,
		requestUtils,
	}, testInfo ) => {
		const { entry, charged, mailbox } = await payByBank( {
			page,
			requestUtils,
			title: 'P3 check 3 ACH failed',
		} );
		const failed = await settle(
			requestUtils,
			entry.id,
			charged.id,
			'FAILED'
		);
		expect( failed ).toMatchObject( {
			status: 'failed',
			actions: { refund: false },
		} );
		// The notifications of the entry: pending, then failed; never completed. The entry's
		// notes name each one WordPress was asked to send (sent, or why not)…
		const notified = await until(
			() =>
				entryNotes( entry.id )
					.map(
						( note ) => /^Notification "(\w+)"/.exec( note )?.[ 1 ]
					)
					.filter( Boolean )
					.sort(),
			( names ) => names.length >= 2
		);
		expect( notified ).toEqual( [ 'payment_failed', 'payment_pending' ] );
		// …and the mail itself is read from the SMTP sink that `npm test` runs around the
		// native specs.
		const sink = await sinkApi();
		if ( 'reason' in sink ) {
			testInfo.annotations.push( {
				type: 'mail not read',
				description: sink.reason,
			} );
			// eslint-disable-next-line no-console
			console.log(
				`${ testInfo.title }: the mail itself not read: ${ sink.reason }`
			);
			return;
		}
		await expect
			.poll(
				async () =>
					( await mailTo( sink.url, mailbox ) )
						.map( ( m ) => m.subject.split( ':' )[ 0 ] )
						.sort(),
				{ timeout: 30_000 }
			)
			.toEqual( [ 'payment_failed', 'payment_pending' ] );
	} );
} );
