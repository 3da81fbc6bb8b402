/**
 * Helpers for the payments e2e specs: the sandbox's address and ledger, the example card page,
 * and typing a card into its frame.
 */
import {
	expect,
	type APIRequestContext,
	type FrameLocator,
	type Page,
} from '@playwright/test';

/** The provider sandbox (set by playwright.config.ts). */
export const SANDBOX = process.env.PAYMENTS_SANDBOX_URL!;

/** Merchant API credentials (any bearer token) and the example application id. */
export const AUTH = { Authorization: 'Bearer sandbox-token' };
export const APP_ID = 'sandbox-sq0idb-kestrel-example-app';

/**
 * A card token for a test card, from the sandbox's card-nonce endpoint (as the card frame asks
 * for it), expiring 12/2030, postal code 94103.
 *
 * @param request Request context.
 * @param number  Card number.
 * @param cvv     Security code.
 */
export async function cardNonce(
	request: APIRequestContext,
	number = '4111111111111111',
	cvv = '123'
): Promise< string > {
	const r = await request.post( `${ SANDBOX }/v2/card-nonce`, {
		data: {
			client_id: APP_ID,
			card_data: {
				number,
				exp_month: 12,
				exp_year: 2030,
				cvv,
				billing_postal_code: '94103',
			},
		},
	} );
	expect( r.status(), `${ number }: ${ await r.text() }` ).toBe( 200 );
	return ( await r.json() ).card_nonce as string;
}

/**
 * Everything the sandbox recorded (GET /__ledger).
 *
 * @param request page.request or a request fixture.
 */
export async function ledger( request: APIRequestContext ) {
	return ( await request.get( `${ SANDBOX }/__ledger` ) ).json();
}

/**
 * Waits until the example page has an attached element, or fails with the page's own error
 * text (an attach that failed shows it in #payment-status). Generous: the machine is shared.
 *
 * @param page Page.
 */
export async function waitReady( page: Page ): Promise< void > {
	await page.waitForFunction(
		() =>
			document.body.dataset.ready === 'true' ||
			document.getElementById( 'payment-status' )?.className ===
				'is-failure',
		null,
		{ timeout: 30_000 }
	);
	if ( await page.locator( '#payment-status.is-failure' ).count() ) {
		throw new Error(
			`The checkout page failed: ${ await page
				.locator( '#payment-status' )
				.textContent() }`
		);
	}
}

/**
 * Opens the example card checkout and waits for its card.
 *
 * @param page  Page.
 * @param query Query string, e.g. "?locale=fr-FR".
 * @return The card frame.
 */
export async function openCard(
	page: Page,
	query = ''
): Promise< FrameLocator > {
	await page.goto( `/card.html${ query }` );
	await waitReady( page );
	return page.frameLocator( '#card-container iframe' );
}

/**
 * Types a card into a card frame, field by field as a shopper does; an empty value leaves its
 * field alone. The expiry is emptied first.
 *
 * @param target      Card frame, or the example page (its #card-container frame).
 * @param card        Values.
 * @param card.number Card number.
 * @param card.exp    Expiry.
 * @param card.cvv    Security code.
 * @param card.postal Postal code.
 */
export async function typeCard(
	target: FrameLocator | Page,
	{
		number = '4111111111111111',
		exp = '1230',
		cvv = '123',
		postal = '94103',
	} = {}
): Promise< void > {
	const frame =
		'goto' in target
			? target.frameLocator( '#card-container iframe' )
			: target;
	if ( number ) {
		await frame
			.locator( 'input[name=cardNumber]' )
			.pressSequentially( number );
	}
	if ( exp ) {
		await frame.locator( 'input[name=expirationDate]' ).fill( '' );
		await frame
			.locator( 'input[name=expirationDate]' )
			.pressSequentially( exp );
	}
	if ( cvv ) {
		await frame.locator( 'input[name=cvv]' ).pressSequentially( cvv );
	}
	if ( postal ) {
		await frame
			.locator( 'input[name=postalCode]' )
			.pressSequentially( postal );
	}
}
