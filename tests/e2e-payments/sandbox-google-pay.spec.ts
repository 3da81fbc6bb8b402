/**
 * The sandbox's Google Pay side (issue 15; wave 2 design A.3, A.7) as the main frame and the
 * stand-in's sheet call it: the auth token needs a hydrated session, the vendor's gateway token is
 * sealed, single use, bound to amount, currency and location, and the card nonce charges as its
 * test card does (declines, SCA for PAN_ONLY cards at a GB location, none for device tokens).
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { SANDBOX, ledger } from './utils';

/** The vendor origin (the sandbox's second listener; playwright.config.ts does not set it). */
const VENDOR = `http://127.0.0.1:${
	process.env.PAYMENTS_VENDOR_PORT || Number( new URL( SANDBOX ).port ) + 2
}`;
const APP_ID = 'sandbox-sq0idb-merchant-gb';
const AUTH = { Authorization: 'Bearer sandbox-token' };
let n = 0;
const key = () => `gpay-${ Date.now() }-${ ++n }`;

/**
 * What the stand-in's sheet asks the vendor server at Pay.
 *
 * @param request   Request context.
 * @param overrides Body fields to change.
 */
const tokenRequest = (
	request: APIRequestContext,
	overrides: Record< string, unknown > = {}
) =>
	request.post( `${ VENDOR }/google-pay/token`, {
		data: {
			cardId: 'visa-1111',
			totalPrice: '1.00',
			currencyCode: 'GBP',
			gateway: 'square',
			gatewayMerchantId: 'LSANDBOXGB',
			...overrides,
		},
	} );

/**
 * A gateway token as the stand-in's sheet gets it at Pay.
 *
 * @param request   Request context.
 * @param overrides Body fields to change.
 */
async function gatewayToken(
	request: APIRequestContext,
	overrides: Record< string, unknown > = {}
): Promise< string > {
	const r = await tokenRequest( request, overrides );
	expect( r.status() ).toBe( 200 );
	return ( await r.json() ).token;
}

/**
 * The main frame's card nonce request.
 *
 * @param request     Request context.
 * @param token       Gateway token.
 * @param transaction What the SDK says the sheet showed.
 * @param locationId  Location of the payments instance.
 */
const cardNonce = (
	request: APIRequestContext,
	token: string,
	transaction = { amount: '1.00', currencyCode: 'GBP' },
	locationId = 'LSANDBOXGB'
) =>
	request.post( `${ SANDBOX }/v2/card-nonce`, {
		data: {
			client_id: APP_ID,
			location_id: locationId,
			google_pay: {
				payment_data: {
					apiVersion: 2,
					apiVersionMinor: 0,
					paymentMethodData: {
						type: 'CARD',
						tokenizationData: { type: 'PAYMENT_GATEWAY', token },
					},
				},
				transaction,
			},
		},
	} );

const codeOf = async ( r: { json: () => Promise< any > } ) =>
	( await r.json() ).errors?.[ 0 ]?.code;

/**
 * Charges a nonce at the GB location.
 *
 * @param request           Request context.
 * @param nonce             The nonce.
 * @param verificationToken Verification token, if any.
 */
const charge = (
	request: APIRequestContext,
	nonce: string,
	verificationToken?: string
) =>
	request.post( `${ SANDBOX }/v2/payments`, {
		headers: AUTH,
		data: {
			idempotency_key: key(),
			source_id: nonce,
			location_id: 'LSANDBOXGB',
			amount_money: { amount: 100, currency: 'GBP' },
			...( verificationToken
				? { verification_token: verificationToken }
				: {} ),
		},
	} );

test( 'the auth token needs a hydrated session; the sheet refuses a forged one', async ( {
	request,
} ) => {
	const refused = await request.post(
		`${ SANDBOX }/digital-wallets/google-pay/token`,
		{ data: { session: 'sess-made-up' } }
	);
	expect( refused.status() ).toBe( 400 );
	expect( await codeOf( refused ) ).toBe( 'INVALID_SESSION_ID' );
	const hydrated = await (
		await request.post( `${ SANDBOX }/payments/hydrate`, {
			data: { applicationId: APP_ID, locationId: 'LSANDBOXGB' },
		} )
	).json();
	const auth = await request.post(
		`${ SANDBOX }/digital-wallets/google-pay/token`,
		{ data: { session: hydrated.sessionId } }
	);
	expect( auth.status() ).toBe( 200 );
	const { token } = await auth.json();
	expect( await gatewayToken( request, { authJwt: token } ) ).toBeTruthy();
	const forged = await tokenRequest( request, { authJwt: `${ token }x` } );
	expect( forged.status() ).toBe( 400 );
	expect( ( await forged.json() ).statusCode ).toBe(
		'MERCHANT_ACCOUNT_ERROR'
	);
} );

test( 'the gateway token is sealed, single use and bound to amount, currency and location', async ( {
	request,
} ) => {
	const forged = await cardNonce( request, 'eyJraW5kIjoiZ29vZ2xlIn0.abc' );
	expect( forged.status() ).toBe( 400 );
	expect( await codeOf( forged ) ).toBe( 'INVALID_GOOGLE_PAY_TOKEN' );

	const token = await gatewayToken( request );
	const otherAmount = await cardNonce( request, token, {
		amount: '0.50',
		currencyCode: 'GBP',
	} );
	expect( await codeOf( otherAmount ) ).toBe( 'GOOGLE_PAY_AMOUNT_MISMATCH' );
	const otherCurrency = await cardNonce( request, token, {
		amount: '1.00',
		currencyCode: 'USD',
	} );
	expect( await codeOf( otherCurrency ) ).toBe(
		'GOOGLE_PAY_AMOUNT_MISMATCH'
	);
	const otherLocation = await cardNonce(
		request,
		token,
		undefined,
		'LSANDBOXMAIN'
	);
	expect( await codeOf( otherLocation ) ).toBe(
		'INVALID_GATEWAY_MERCHANT_ID'
	);

	const ok = await cardNonce( request, token );
	expect( ok.status() ).toBe( 200 );
	const body = await ok.json();
	expect( body.card_nonce ).toMatch( /^cnon:/ );
	expect( body.card ).toEqual( {
		brand: 'VISA',
		last4: '1111',
		expMonth: 12,
		expYear: 2030,
		cardType: 'CREDIT',
		prepaidType: 'NOT_PREPAID',
	} );
	const again = await cardNonce( request, token );
	expect( await codeOf( again ) ).toBe( 'GOOGLE_PAY_TOKEN_USED' );
	const l = await ledger( request );
	expect( l.nonces[ body.card_nonce ] ).toMatchObject( {
		method: 'CARD',
		wallet: 'GOOGLE_PAY',
		bound: { amount: '1.00', currency: 'GBP' },
		// A card kept in the account at a GB location: verified, without a challenge.
		sca: 'frictionless',
	} );
} );

test( 'nonces charge as their test cards: SCA for PAN_ONLY at a GB location, declines', async ( {
	request,
} ) => {
	const nonceFor = async ( cardId: string ) =>
		(
			await (
				await cardNonce(
					request,
					await gatewayToken( request, { cardId } )
				)
			).json()
		).card_nonce as string;

	// A card kept in the Google account (PAN_ONLY) needs buyer verification in the UK.
	const pan = await nonceFor( 'visa-1111' );
	const unverified = await charge( request, pan );
	expect( unverified.status() ).toBe( 400 );
	expect( await codeOf( unverified ) ).toBe(
		'CARD_DECLINED_VERIFICATION_REQUIRED'
	);
	const pan2 = await nonceFor( 'visa-1111' );
	const verification = await (
		await request.post( `${ SANDBOX }/v2/verify-buyer`, {
			data: {
				source: pan2,
				details: {
					intent: 'CHARGE',
					amount: '1.00',
					currencyCode: 'GBP',
				},
			},
		} )
	).json();
	const verified = await charge( request, pan2, verification.token );
	expect( verified.status() ).toBe( 200 );
	expect( ( await verified.json() ).payment.status ).toBe( 'COMPLETED' );

	// A device token (CRYPTOGRAM_3DS) is authenticated already.
	const device = await charge( request, await nonceFor( 'mastercard-4444' ) );
	expect( device.status() ).toBe( 200 );

	// The declining test card declines.
	const declined = await charge( request, await nonceFor( 'visa-0002' ) );
	expect( declined.status() ).toBe( 400 );
	expect( await codeOf( declined ) ).toBe( 'CARD_DECLINED' );
} );

test( 'scenario switches are per vendor and answered on the vendor origin', async ( {
	request,
} ) => {
	const set = await request.post( `${ SANDBOX }/__vendors/scenario`, {
		data: { vendor: 'google-pay', scenario: { readyToPay: false } },
	} );
	expect( await set.json() ).toEqual( {
		vendor: 'google-pay',
		scenario: { readyToPay: false },
	} );
	const read = await request.get( `${ VENDOR }/google-pay/scenario` );
	expect( read.headers()[ 'access-control-allow-origin' ] ).toBe( '*' );
	expect( await read.json() ).toEqual( { readyToPay: false } );
	await request.post( `${ SANDBOX }/__vendors/scenario`, {
		data: { vendor: 'google-pay', scenario: {} },
	} );
	expect(
		await ( await request.get( `${ VENDOR }/google-pay/scenario` ) ).json()
	).toEqual( {} );
} );
