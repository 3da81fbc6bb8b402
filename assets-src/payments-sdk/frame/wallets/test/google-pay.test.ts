/**
 * The main frame's Google Pay handlers (spec §7): what they send to the provider and what the
 * host gets back, including a refusal's detail.
 */
import { MESSAGE, TransportError } from '../../../protocol';
import { registerGooglePay } from '../google-pay';
import { mainFrameHandlers } from './handlers';

const setup = ( post: jest.Mock ) =>
	mainFrameHandlers( registerGooglePay, post, {
		applicationId: 'sandbox-sq0idb-merchant-gb',
		locationId: 'LSANDBOXGB',
	} );

it( 'asks the provider for the auth token of the session', async () => {
	const post = jest.fn().mockResolvedValue( { token: 'jwt' } );
	const call = setup( post );
	expect( await call( MESSAGE.GENERATE_GOOGLE_PAY_AUTH_TOKEN, {} ) ).toEqual(
		{
			token: 'jwt',
		}
	);
	expect( post ).toHaveBeenCalledWith( '/digital-wallets/google-pay/token', {
		session: 'sess-1',
		application_id: 'sandbox-sq0idb-merchant-gb',
		location_id: 'LSANDBOXGB',
	} );
} );

it( 'exchanges the payment data for a card nonce, passing it through untouched', async () => {
	const post = jest.fn().mockResolvedValue( {
		card_nonce: 'cnon:1',
		card: { brand: 'VISA', last4: '1111' },
		session_id: 'sess-1',
		payment_method_tracking_id: 'pmt-1',
	} );
	const call = setup( post );
	const paymentData = {
		paymentMethodData: { tokenizationData: { token: 't' } },
	};
	expect(
		await call( MESSAGE.REQUEST_GOOGLE_PAY_CARD_NONCE, {
			paymentData,
			transaction: { amount: '1.00', currencyCode: 'GBP' },
		} )
	).toEqual( {
		cardNonce: 'cnon:1',
		card: { brand: 'VISA', last4: '1111' },
		sessionId: 'sess-1',
		paymentMethodTrackingId: 'pmt-1',
	} );
	expect( post ).toHaveBeenCalledWith( '/v2/card-nonce', {
		client_id: 'sandbox-sq0idb-merchant-gb',
		location_id: 'LSANDBOXGB',
		session_id: 'sess-1',
		google_pay: {
			payment_data: paymentData,
			transaction: { amount: '1.00', currencyCode: 'GBP' },
		},
	} );
} );

it( "turns a refusal into an error carrying the provider's detail", async () => {
	const post = jest.fn().mockRejectedValue(
		new TransportError( 'http', 'HTTP 400', 400, {
			errors: [
				{
					category: 'INVALID_REQUEST_ERROR',
					code: 'GOOGLE_PAY_TOKEN_USED',
					detail: 'The Google Pay payment data was already used.',
				},
			],
		} )
	);
	const call = setup( post );
	await expect(
		call( MESSAGE.REQUEST_GOOGLE_PAY_CARD_NONCE, { paymentData: {} } )
	).rejects.toThrow( 'The Google Pay payment data was already used.' );
} );
