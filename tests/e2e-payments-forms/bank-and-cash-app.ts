/**
 * Shared steps of the bank-account (ACH) and Cash App Pay specs (issue 16, P3 checks 3 and 5 in
 * WordPress forms): the forms, the provider's bank link and authorisation as a person drives
 * them (the sandbox's Plaid Link stand-in, Plaid's published sandbox institution and
 * credentials), and Cash App's approval page on the vendor origin.
 */
import type { FrameLocator, Page } from '@playwright/test';
import { expect } from '@wordpress/e2e-test-utils-playwright';
import { orderForm } from './utils';

/**
 * The order form (2 × 12.50 + 5.00 = 30.00 USD) paid by bank account or card, the holder's name
 * typed into the field's own input; notifications to `mailbox` when the payment is pending,
 * completed and failed.
 *
 * @param title   Form title.
 * @param mailbox Where the payment notifications go.
 */
export const achForm = ( title: string, mailbox: string ) =>
	orderForm(
		title,
		{ methods: [ 'ach', 'card' ] },
		{
			notifications: (
				[
					'payment_pending',
					'payment_completed',
					'payment_failed',
				] as const
			 ).map( ( event ) => ( {
				id: event,
				name: event,
				event,
				toType: 'email',
				to: mailbox,
				subject: `${ event }: {payment_status} {payment_amount}`,
				message: '<p>{payment_method} {payment_status}</p>',
			} ) ),
		}
	);

/**
 * The order form paid with Cash App Pay (its button light and semi-round) or a card, with a
 * name field (6) the draft must bring back.
 *
 * @param title Form title.
 */
export const cashAppForm = ( title: string ) => {
	const form = orderForm( title, {
		methods: [ 'cashAppPay', 'card' ],
		cashAppPayButton: { shape: 'semiround', theme: 'light' },
	} );
	const fields = form.fields as Array< Record< string, unknown > >;
	fields.splice( 4, 0, {
		id: 6,
		type: 'text',
		label: 'Name on the order',
		isRequired: true,
	} );
	return form;
};

/**
 * The bank link as a person uses it: First Platypus Bank, Plaid's sandbox credentials, the
 * checking account; then the provider's authorisation frame, answered by `authorize`.
 *
 * @param page      Visitor's page.
 * @param authorize Whether the visitor authorises the debit (false: cancels it).
 */
export async function linkBankAccount(
	page: Page,
	authorize = true
): Promise< void > {
	const link: FrameLocator = page.frameLocator(
		'iframe[title="Plaid Link"]'
	);
	await link
		.getByRole( 'button', { name: 'First Platypus Bank' } )
		.click( { timeout: 30_000 } );
	await link.getByLabel( 'Username' ).fill( 'user_good' );
	await link.getByLabel( 'Password' ).fill( 'pass_good' );
	await link.getByRole( 'button', { name: 'Submit' } ).click();
	await link.getByRole( 'radio', { name: /Plaid Checking/ } ).check();
	// Link's frame goes away as its Continue completes; a click whose frame is detached
	// mid-action may never return, so the next step waits for the authorisation instead.
	void link
		.getByRole( 'button', { name: 'Continue' } )
		.click()
		.catch( () => undefined );
	const authorization = page.frameLocator(
		'iframe[title="Bank authorization"]'
	);
	const answer = authorization.getByRole( 'button', {
		name: authorize ? 'Authorize' : 'Cancel',
	} );
	await expect( answer ).toBeVisible( { timeout: 30_000 } );
	// The same for the authorisation's frame: done once it is gone.
	void answer.click().catch( () => undefined );
	await expect(
		page.locator( 'iframe[title="Bank authorization"]' )
	).toHaveCount( 0, { timeout: 30_000 } );
}

/**
 * The form's Cash App Pay button (the provider's, inside the field's container).
 *
 * @param page   Visitor's page.
 * @param formId Form id.
 */
export const cashAppButton = ( page: Page, formId: number ) =>
	page
		.locator( `#kestrel_cash_app_pay_${ formId }_5` )
		.getByTestId( 'cap-btn' );

/**
 * Approves a Cash App request on its approval page (the vendor origin), as the buyer's phone
 * does: Approve, then Done.
 *
 * @param approval The approval page.
 */
export async function approveInCashApp( approval: Page ): Promise< void > {
	await approval
		.getByRole( 'button', { name: 'Approve' } )
		.click( { timeout: 30_000 } );
	await approval.getByRole( 'button', { name: 'Done' } ).click();
}

/**
 * Waits until the form's Cash App Pay button is there (the server quoted a total).
 *
 * @param page   Visitor's page.
 * @param formId Form id.
 */
export async function cashAppReady( page: Page, formId: number ) {
	await expect( cashAppButton( page, formId ) ).toBeVisible( {
		timeout: 30_000,
	} );
}
