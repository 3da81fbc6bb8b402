/**
 * verifyBuyer's challenge (issue 15), driven as a buyer does: the provider's published SCA
 * cards on the example checkout (unchanged merchant code), the dialog found by its role and
 * name, the code typed, Escape, a wrong code, Cancel and a time-out. The code is checked by the
 * sandbox: the ledger keeps each challenge's state.
 */
import { expect, test, type Page } from '@playwright/test';
import { SANDBOX, ledger, openCard, typeCard } from './utils';

/** Published SCA cards (sandbox/test-cards.mjs, docs/payments-sdk.md). */
const CHALLENGED = '4310 0000 0020 1019';
const FRICTIONLESS = '4800 0000 0000 0004';
const FAILS = '4811 1100 0000 0008';
const CODE = '123456';

const dialog = ( page: Page ) =>
	page.getByRole( 'dialog', { name: 'Card verification' } );
const challengeFrame = ( page: Page ) =>
	page.frameLocator( 'iframe[title="Card verification"]' );
const codeInput = ( page: Page ) =>
	challengeFrame( page ).getByRole( 'textbox', {
		name: 'Verification code',
	} );
const status = ( page: Page ) => page.locator( '#payment-status' );

/**
 * Types a challenged card on the checkout and presses Pay; the challenge opens.
 *
 * @param page   Page.
 * @param number Card number.
 */
async function payWith( page: Page, number = CHALLENGED ) {
	await openCard( page );
	await typeCard( page, { number } );
	await page.getByRole( 'button', { name: /^Pay/ } ).click();
}

/**
 * The newest challenge the sandbox keeps.
 * @param page
 */
async function lastChallenge( page: Page ) {
	const all = Object.values(
		( await ledger( page.request ) ).challenges
	) as Array< { id: string; status: string; created: number } >;
	return all.sort( ( a, b ) => a.created - b.created ).at( -1 )!;
}

test( 'a challenged card: the buyer types the code in the dialog and the payment goes through', async ( {
	page,
} ) => {
	await payWith( page );
	await expect( dialog( page ) ).toBeVisible();
	await expect( dialog( page ) ).toHaveAttribute( 'aria-modal', 'true' );
	// The frame comes from the provider, not the merchant.
	await expect(
		page.locator( 'iframe[title="Card verification"]' )
	).toHaveAttribute(
		'src',
		new RegExp( `^${ SANDBOX }/v1/1\\.51\\.4/frames/challenge\\.html#` )
	);
	await expect(
		challengeFrame( page ).getByRole( 'heading', {
			name: 'Confirm it’s you',
		} )
	).toBeVisible();
	// Focus moved into the dialog: the buyer types straight away.
	await expect( codeInput( page ) ).toBeFocused();
	await page.keyboard.type( CODE );
	await page.keyboard.press( 'Enter' );
	await expect( dialog( page ) ).toHaveCount( 0 );
	await expect( status( page ) ).toHaveClass( 'is-success' );
	await expect( status( page ) ).toContainText( 'VISA ending 1019' );
	// Focus is back where it was.
	await expect( page.getByRole( 'button', { name: /^Pay/ } ) ).toBeFocused();
	const l = await ledger( page.request );
	const challenge = await lastChallenge( page );
	expect( challenge.status ).toBe( 'VERIFIED' );
	const payment = Object.values( l.payments ).at( -1 ) as {
		verification_token: string;
		status: string;
	};
	expect( payment.status ).toBe( 'COMPLETED' );
	expect( l.verifications[ payment.verification_token ] ).toMatchObject( {
		userChallenged: true,
	} );
} );

test( 'verifyBuyer resolves userChallenged true after a challenge and false without one', async ( {
	page,
} ) => {
	await openCard( page );
	const verify = ( token: string ) =>
		page.evaluate(
			( t ) =>
				(
					window as unknown as {
						payments: {
							verifyBuyer: (
								s: string,
								d: object
							) => Promise< unknown >;
						};
					}
				 ).payments.verifyBuyer( t, {
					intent: 'CHARGE',
					amount: '1.00',
					currencyCode: 'GBP',
					billingContact: { givenName: 'Ada' },
				} ),
			token
		);
	// The published fixed token that forces a challenge.
	const challenged = verify( 'cnon:card-nonce-requires-verification' );
	await expect( codeInput( page ) ).toBeFocused();
	await codeInput( page ).fill( CODE );
	await challengeFrame( page )
		.getByRole( 'button', { name: 'Verify' } )
		.click();
	expect( await challenged ).toMatchObject( {
		token: expect.stringMatching( /^verf:/ ),
		userChallenged: true,
	} );
	expect( await verify( 'cnon:card-nonce-ok' ) ).toMatchObject( {
		token: expect.stringMatching( /^verf:/ ),
		userChallenged: false,
	} );
	await expect( dialog( page ) ).toHaveCount( 0 );
} );

test( 'a frictionless SCA card is verified without a dialog', async ( {
	page,
} ) => {
	await payWith( page, FRICTIONLESS );
	await expect( status( page ) ).toHaveClass( 'is-success' );
	await expect( dialog( page ) ).toHaveCount( 0 );
	const l = await ledger( page.request );
	const payment = Object.values( l.payments ).at( -1 ) as {
		verification_token: string;
	};
	expect( l.verifications[ payment.verification_token ] ).toMatchObject( {
		userChallenged: false,
	} );
} );

test( 'the published failed-verification card rejects verifyBuyer', async ( {
	page,
} ) => {
	await payWith( page, FAILS );
	await expect( status( page ) ).toHaveText(
		'VerifyBuyerError: The card issuer could not verify the buyer.'
	);
	await expect( dialog( page ) ).toHaveCount( 0 );
} );

test( 'a wrong code ends the verification with VerifyBuyerError and nothing is charged', async ( {
	page,
} ) => {
	const before = Object.keys(
		( await ledger( page.request ) ).payments
	).length;
	await payWith( page );
	await expect( codeInput( page ) ).toBeFocused();
	await page.keyboard.type( '654321' );
	await page.keyboard.press( 'Enter' );
	await expect( dialog( page ) ).toHaveCount( 0 );
	await expect( status( page ) ).toHaveText(
		'VerifyBuyerError: Buyer verification failed: the verification code is not correct.'
	);
	expect( ( await lastChallenge( page ) ).status ).toBe( 'FAILED' );
	expect(
		Object.keys( ( await ledger( page.request ) ).payments ).length
	).toBe( before );
} );

test( 'Escape cancels the challenge and gives focus back', async ( {
	page,
} ) => {
	await payWith( page );
	await expect( codeInput( page ) ).toBeFocused();
	await page.keyboard.type( '12' );
	await page.keyboard.press( 'Escape' );
	await expect( dialog( page ) ).toHaveCount( 0 );
	await expect( status( page ) ).toHaveText(
		'VerifyBuyerError: Buyer verification was canceled.'
	);
	await expect( page.getByRole( 'button', { name: /^Pay/ } ) ).toBeFocused();
	expect( ( await lastChallenge( page ) ).status ).toBe( 'CANCELED' );
} );

test( 'the Cancel button cancels too; the buyer can then pay with the code', async ( {
	page,
} ) => {
	await payWith( page );
	await challengeFrame( page )
		.getByRole( 'button', { name: 'Cancel' } )
		.click();
	await expect( status( page ) ).toHaveText(
		'VerifyBuyerError: Buyer verification was canceled.'
	);
	expect( ( await lastChallenge( page ) ).status ).toBe( 'CANCELED' );
	// A new attempt: a new token and a new challenge.
	await page.getByRole( 'button', { name: /^Pay/ } ).click();
	await expect( codeInput( page ) ).toBeFocused();
	await page.keyboard.type( CODE );
	await page.keyboard.press( 'Enter' );
	await expect( status( page ) ).toHaveClass( 'is-success' );
} );

test.describe( 'time-out', () => {
	test.afterEach( async ( { request } ) => {
		await request.post( `${ SANDBOX }/__challenges/mode`, {
			data: { timeout_ms: 300_000 },
		} );
	} );

	test( 'an unanswered challenge times out in the page and in the sandbox', async ( {
		page,
	} ) => {
		await page.request.post( `${ SANDBOX }/__challenges/mode`, {
			data: { timeout_ms: 2_000 },
		} );
		await payWith( page );
		await expect( dialog( page ) ).toBeVisible();
		await expect( status( page ) ).toHaveText(
			'VerifyBuyerError: Buyer verification timed out.',
			{ timeout: 15_000 }
		);
		await expect( dialog( page ) ).toHaveCount( 0 );
		// The sandbox expired it too: a late right code is refused there.
		const late = await page.request.post(
			`${ SANDBOX }/v2/verify-buyer/challenge`,
			{
				data: {
					challenge_id: ( await lastChallenge( page ) ).id,
					code: CODE,
				},
			}
		);
		expect( late.status() ).toBe( 400 );
		expect( ( await late.json() ).errors[ 0 ].code ).toBe(
			'VERIFICATION_TIMED_OUT'
		);
	} );
} );
