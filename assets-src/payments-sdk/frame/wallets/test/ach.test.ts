/**
 * The main frame's ACH handlers (spec §7 "Bank-link session creation", "ACH bank nonce
 * request"): what they send to the provider, what the host gets back, and a refusal's code as
 * the sub-error the host maps to spec §8's texts.
 */
import { MESSAGE, SDK_VERSION, TransportError } from '../../../protocol';
import { registerAch } from '../ach';
import { mainFrameHandlers } from './handlers';

const setup = ( post: jest.Mock ) =>
	mainFrameHandlers( registerAch, post, {
		applicationId: 'sandbox-sq0idb-merchant-us',
		locationId: 'LSANDBOXMAIN',
		sourceUrl: 'https://merchant.test/checkout',
	} );

const refused = ( code: string, detail: string ) =>
	new TransportError( 'http', 'HTTP 400', 400, {
		errors: [ { category: 'PAYMENT_METHOD_ERROR', code, detail } ],
	} );

it( 'asks for a bank-link session with the language and redirect', async () => {
	const post = jest.fn().mockResolvedValue( {
		link_token: 'link-sandbox-1',
		session_token: 'plaid-session-1',
	} );
	const call = setup( post );
	expect(
		await call( MESSAGE.REQUEST_BANK_LINK_SESSION, {
			redirectUri: 'https://merchant.test/return',
			languageCode: 'en',
		} )
	).toEqual( {
		linkToken: 'link-sandbox-1',
		sessionToken: 'plaid-session-1',
	} );
	expect( post ).toHaveBeenCalledWith(
		'/digital-wallets/plaid/oauth-link-session',
		{
			client_id: 'sandbox-sq0idb-merchant-us',
			location_id: 'LSANDBOXMAIN',
			session_id: 'sess-1',
			redirect_uri: 'https://merchant.test/return',
			language_code: 'en',
		}
	);
} );

it( 'exchanges the public token for a bank nonce, once (no retry)', async () => {
	const post = jest.fn().mockResolvedValue( {
		bank_nonce: 'bnon:1',
		account_details: { bank_name: 'First Platypus Bank' },
		session_id: 'sess-1',
		payment_method_tracking_id: 'tx-1',
	} );
	const call = setup( post );
	expect(
		await call( MESSAGE.REQUEST_BANK_NONCE, {
			accountHolderName: 'Ada',
			sessionToken: 'plaid-session-1',
			publicToken: 'public-sandbox-1',
			bankAccountId: 'acc-1',
			paymentMethodTrackingId: 'tx-1',
		} )
	).toEqual( {
		bankNonce: 'bnon:1',
		accountDetails: { bank_name: 'First Platypus Bank' },
		sessionId: 'sess-1',
		paymentMethodTrackingId: 'tx-1',
	} );
	expect( post ).toHaveBeenCalledWith(
		'/v2/bank-nonce',
		{
			client_id: 'sandbox-sq0idb-merchant-us',
			location_id: 'LSANDBOXMAIN',
			session_id: 'sess-1',
			account_holder_name: 'Ada',
			session_token: 'plaid-session-1',
			public_token: 'public-sandbox-1',
			bank_account_id: 'acc-1',
			payment_method_tracking_id: 'tx-1',
			websdk_version: SDK_VERSION,
			website_url: 'https://merchant.test/checkout',
		},
		{ attempts: 1 }
	);
} );

it( "passes a refusal's code on; a failure without one is UNKNOWN", async () => {
	const post = jest
		.fn()
		.mockRejectedValueOnce(
			refused(
				'EXPIRED_PLAID_SESSION',
				'The plaid session was expired. Please try again.'
			)
		)
		.mockRejectedValueOnce( new TransportError( 'network', 'offline' ) );
	const call = setup( post );
	await expect(
		call( MESSAGE.REQUEST_BANK_NONCE, {} )
	).rejects.toMatchObject( {
		name: 'TokenizationError',
		errors: [
			{
				type: 'EXPIRED_PLAID_SESSION',
				message: 'The plaid session was expired. Please try again.',
			},
		],
	} );
	await expect(
		call( MESSAGE.REQUEST_BANK_LINK_SESSION, {} )
	).rejects.toMatchObject( {
		errors: [ { type: 'UNKNOWN' } ],
	} );
} );
