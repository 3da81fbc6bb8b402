/**
 * The Google Pay method with a fake PaymentsClient (spec §4 lifecycle, wallet flow, lock; §8
 * "Wallets"): attach after isReadyToPay, the sheet holding the payment request lock, shipping
 * changes through the listeners, every end freeing the lock, statusCodes as token results, the
 * page checks of googlePay().
 */
import type { NonceReply } from '../../../../protocol';
import type { SdkContext } from '../../../context';
import {
	InvalidElementPresentError,
	InvalidPaymentRequestError,
	PaymentMethodAlreadyDestroyedError,
	PaymentMethodUnsupportedError,
	TokenizationError,
} from '../../../errors';
import { featuresOf } from '../../../features';
import {
	createPaymentRequest,
	paymentRequestModel,
} from '../../../payment-request';
import { BASE, ORIGIN, okReply } from '../../../test/fake-frame';
import type { PaymentRequestOptions } from '../../../types';
import { checkPage, createGooglePay } from '..';
import { googlePayHydration } from './fixtures';
import { GooglePayMethod, type GoogleCallbacks } from '../method';
import type {
	GooglePaymentData,
	GooglePaymentDataRequest,
	GooglePaymentsClient,
} from '../vendor';

const REQUEST: PaymentRequestOptions = {
	countryCode: 'GB',
	currencyCode: 'GBP',
	total: { amount: '1.00', label: 'Total' },
	requestShippingContact: true,
	shippingOptions: [
		{ id: 'std', label: 'Standard', amount: '0.00' },
		{ id: 'exp', label: 'Express', amount: '10.00' },
	],
};

const PAYMENT_DATA: GooglePaymentData = {
	apiVersion: 2,
	apiVersionMinor: 0,
	email: 'buyer@example.com',
	shippingAddress: {
		name: 'Jean Tremblay',
		address1: '100 Queen St W',
		locality: 'Toronto',
		administrativeArea: 'ON',
		postalCode: 'M5H 2N2',
		countryCode: 'CA',
	},
	shippingOptionData: { id: 'exp' },
	paymentMethodData: {
		type: 'CARD',
		info: { cardNetwork: 'VISA', cardDetails: '1111' },
		tokenizationData: { type: 'PAYMENT_GATEWAY', token: 'sealed' },
	},
};

// The card summary a card nonce reply has, without the card form's postal code.
const { postalCode: _postal, ...CARD } = (
	okReply() as Extract< NonceReply, { valid: true } >
 ).card!;
const NONCE_REPLY = { cardNonce: 'cnon:abc', card: CARD };

const hydration = () => googlePayHydration();

function context( mainRequest: SdkContext[ 'mainRequest' ] ): SdkContext {
	return {
		win: window,
		environment: 'sandbox',
		assetOrigin: ORIGIN,
		assetBase: BASE,
		applicationId: 'sandbox-sq0idb-abcdefghijklmnop',
		locationId: 'LSANDBOXGB',
		locale: () => 'en-GB',
		session: () => Promise.resolve( hydration() ),
		features: () => Promise.resolve( featuresOf( hydration(), 'sandbox' ) ),
		mainRequest,
		now: () => Date.now(),
		metric: () => {},
		flushMetrics: () => {},
		report: () => {},
		onLocaleChange: () => () => {},
	};
}

/** A scripted PaymentsClient: loadPaymentData waits for the test to settle it. */
class FakeClient implements GooglePaymentsClient {
	ready = true;
	requests: GooglePaymentDataRequest[] = [];
	settle: {
		resolve: ( d: GooglePaymentData ) => void;
		reject: ( e: unknown ) => void;
	} | null = null;

	constructor( readonly callbacks: GoogleCallbacks ) {}

	async isReadyToPay() {
		return { result: this.ready };
	}

	createButton( o: { onClick: ( e: Event ) => void } ) {
		const b = document.createElement( 'button' );
		b.addEventListener( 'click', o.onClick );
		return b;
	}

	loadPaymentData( request: GooglePaymentDataRequest ) {
		this.requests.push( request );
		return new Promise< GooglePaymentData >( ( resolve, reject ) => {
			this.settle = { resolve, reject };
		} );
	}
}

function setup(
	mainRequest: SdkContext[ 'mainRequest' ] = () =>
		Promise.resolve( NONCE_REPLY as never ),
	options: PaymentRequestOptions = REQUEST
) {
	const request = createPaymentRequest( options, {
		locale: () => 'en-GB',
		report: () => {},
	} );
	const model = paymentRequestModel( request )!;
	let client!: FakeClient;
	const method = new GooglePayMethod(
		context( mainRequest ),
		model,
		{ locationId: 'LSANDBOXGB', interac: false, authJwt: 'jwt' },
		( callbacks ) => ( client = new FakeClient( callbacks ) )
	);
	return { request, model, method, client, gp: method.publicApi() };
}

beforeEach( () => {
	document.body.innerHTML = '<div id="target"></div>';
} );

describe( 'attach', () => {
	it( 'renders the button once Google is ready to pay', async () => {
		const { gp } = setup();
		await gp.attach( '#target', { buttonColor: 'white' } );
		const host = document.querySelector( '#target [data-sq-google-pay]' )!;
		expect( host.shadowRoot!.querySelector( 'button' ) ).not.toBeNull();
		expect( await gp.detach() ).toBe( true );
		expect( document.querySelector( '[data-sq-google-pay]' ) ).toBeNull();
	} );

	it( 'rejects PaymentMethodUnsupportedError when isReadyToPay says no', async () => {
		const { gp, client } = setup();
		client.ready = false;
		await expect( gp.attach( '#target' ) ).rejects.toThrow(
			PaymentMethodUnsupportedError
		);
		expect( document.querySelector( '[data-sq-google-pay]' ) ).toBeNull();
	} );

	it( 'is refused after destroy', async () => {
		const { gp } = setup();
		expect( await gp.destroy() ).toBe( true );
		expect( await gp.destroy() ).toBe( false );
		await expect( gp.attach( '#target' ) ).rejects.toThrow(
			PaymentMethodAlreadyDestroyedError
		);
		await expect( gp.tokenize() ).rejects.toThrow(
			PaymentMethodAlreadyDestroyedError
		);
	} );

	it( 'has no public events', () => {
		const { gp } = setup();
		expect( () =>
			gp.addEventListener( 'ontokenization', () => {} )
		).toThrow( "'ontokenization' is not a valid event" );
	} );
} );

describe( 'tokenize', () => {
	it( 'holds the lock while the sheet is open, answers shipping changes, pays with the option', async () => {
		const main = jest.fn( () => Promise.resolve( NONCE_REPLY as never ) );
		const { request, model, gp, client } = setup( main );
		request.addEventListener( 'shippingcontactchanged', () => ( {
			shippingOptions: REQUEST.shippingOptions,
			total: { amount: '2.00', label: 'Total' },
		} ) );
		request.addEventListener( 'shippingoptionchanged', () => ( {
			total: { amount: '12.00', label: 'Total' },
		} ) );
		const result = gp.tokenize();
		expect( model.locked ).toBe( true );
		expect(
			request.update( { total: { amount: '3.00', label: 'T' } } )
		).toBe( false );
		expect( client.requests[ 0 ]!.merchantInfo.authJwt ).toBe( 'jwt' );
		expect(
			await client.callbacks.onPaymentDataChanged( {
				callbackTrigger: 'INITIALIZE',
			} )
		).toMatchObject( { newTransactionInfo: { totalPrice: '1.00' } } );
		expect(
			await client.callbacks.onPaymentDataChanged( {
				callbackTrigger: 'SHIPPING_ADDRESS',
				shippingAddress: {
					locality: 'Toronto',
					administrativeArea: 'ON',
					postalCode: 'M5H 2N2',
					countryCode: 'CA',
				},
			} )
		).toEqual( {
			newTransactionInfo: expect.objectContaining( {
				totalPrice: '2.00',
			} ),
			newShippingOptionParameters: expect.objectContaining( {
				defaultSelectedOptionId: 'std',
			} ),
		} );
		expect(
			await client.callbacks.onPaymentDataChanged( {
				callbackTrigger: 'SHIPPING_OPTION',
				shippingOptionData: { id: 'exp' },
			} )
		).toMatchObject( {
			newTransactionInfo: { totalPrice: '12.00' },
			newShippingOptionParameters: { defaultSelectedOptionId: 'exp' },
		} );
		client.settle!.resolve( PAYMENT_DATA );
		expect( await result ).toEqual( {
			status: 'OK',
			token: 'cnon:abc',
			details: {
				method: 'Google Pay',
				card: NONCE_REPLY.card,
				billing: { email: 'buyer@example.com' },
				shipping: {
					contact: {
						givenName: 'Jean',
						familyName: 'Tremblay',
						addressLines: [ '100 Queen St W' ],
						city: 'Toronto',
						state: 'ON',
						postalCode: 'M5H 2N2',
						countryCode: 'CA',
						email: 'buyer@example.com',
					},
					option: { id: 'exp', label: 'Express', amount: '10.00' },
				},
			},
		} );
		// The nonce is asked for what the sheet showed last.
		expect( main ).toHaveBeenCalledWith( 'REQUEST_GOOGLE_PAY_CARD_NONCE', {
			paymentData: PAYMENT_DATA,
			transaction: { amount: '12.00', currencyCode: 'GBP' },
		} );
		expect( model.locked ).toBe( false );
		expect(
			request.update( { total: { amount: '3.00', label: 'T' } } )
		).toBe( true );
	} );

	it( 'maps a failing listener to the error the sheet shows', async () => {
		const { request, gp, client } = setup();
		request.addEventListener( 'shippingcontactchanged', () => {
			throw new Error( 'broken' );
		} );
		const result = gp.tokenize();
		jest.useFakeTimers();
		expect(
			await client.callbacks.onPaymentDataChanged( {
				callbackTrigger: 'SHIPPING_ADDRESS',
				shippingAddress: { countryCode: 'GB' },
			} )
		).toEqual( {
			error: {
				reason: 'SHIPPING_ADDRESS_UNSERVICEABLE',
				message:
					'There was an error processing your selected shipping contact. Please try again.',
				intent: 'SHIPPING_ADDRESS',
			},
		} );
		// The wrapped listener error is thrown outside the SDK's stack.
		expect( () => jest.runOnlyPendingTimers() ).toThrow(
			'The event listener for shippingcontactchanged failed: broken'
		);
		jest.useRealTimers();
		client.settle!.reject( { statusCode: 'CANCELED' } );
		expect( await result ).toEqual( { status: 'Cancel' } );
	} );

	it.each( [
		[ 'DEVELOPER_ERROR', 'Configuration is invalid.' ],
		[ 'MERCHANT_ACCOUNT_ERROR', 'Configuration is invalid.' ],
		[ 'BUYER_ACCOUNT_ERROR', 'Google Pay is not ready to pay.' ],
		[ 'INTERNAL_ERROR', 'Google Pay is not supported.' ],
		[ 'SOMETHING_NEW', 'Google Pay is not supported.' ],
	] )(
		'%s → Error with the spec text, lock freed',
		async ( code, message ) => {
			const { model, gp, client } = setup();
			const result = gp.tokenize();
			client.settle!.reject( { statusCode: code, statusMessage: 'x' } );
			expect( await result ).toEqual( {
				status: 'Error',
				errors: [ { type: code, message } ],
			} );
			expect( model.locked ).toBe( false );
		}
	);

	it( 'a refused nonce is an Error result, the lock already freed', async () => {
		const { model, gp, client } = setup( () =>
			Promise.reject(
				new Error( 'The Google Pay payment data was already used.' )
			)
		);
		const result = gp.tokenize();
		client.settle!.resolve( PAYMENT_DATA );
		expect( await result ).toEqual( {
			status: 'Error',
			errors: [
				{
					type: 'TOKENIZATION_ERROR',
					message: 'The Google Pay payment data was already used.',
				},
			],
		} );
		expect( model.locked ).toBe( false );
	} );

	it( 'refuses a second tokenize while the sheet is open', async () => {
		const { gp, client } = setup();
		const first = gp.tokenize();
		await expect( gp.tokenize() ).rejects.toThrow( TokenizationError );
		client.settle!.reject( { statusCode: 'CANCELED' } );
		expect( await first ).toEqual( { status: 'Cancel' } );
	} );

	it( 'destroy while the sheet is open frees the lock; shipping changes then fail as destroyed', async () => {
		const { request, model, gp, client } = setup();
		request.addEventListener( 'shippingcontactchanged', () => ( {
			shippingOptions: REQUEST.shippingOptions,
		} ) );
		const result = gp.tokenize();
		await gp.destroy();
		expect( model.locked ).toBe( false );
		expect(
			await client.callbacks.onPaymentDataChanged( {
				callbackTrigger: 'SHIPPING_ADDRESS',
				shippingAddress: { countryCode: 'GB' },
			} )
		).toEqual( {
			error: {
				reason: 'OTHER_ERROR',
				message:
					'An error occurred when attempting to submit payment, please close this window and try again.',
				intent: 'SHIPPING_ADDRESS',
			},
		} );
		client.settle!.reject( { statusCode: 'CANCELED' } );
		expect( await result ).toEqual( { status: 'Cancel' } );
	} );
} );

describe( 'googlePay() page checks', () => {
	it( 'refuses a page with an element whose id is google', async () => {
		document.body.innerHTML = '<div id="google"></div>';
		const request = createPaymentRequest( REQUEST, {
			locale: () => 'en-GB',
			report: () => {},
		} );
		await expect(
			createGooglePay(
				context( () => Promise.reject() ),
				request
			)
		).rejects.toThrow( InvalidElementPresentError );
	} );

	it( 'refuses something that is not a payment request of this SDK', async () => {
		await expect(
			createGooglePay(
				context( () => Promise.reject() ),
				{ ...REQUEST } as never
			)
		).rejects.toThrow( InvalidPaymentRequestError );
	} );

	it( 'refuses a browser without shadow DOM', () => {
		const fake = {
			document,
			Element: { prototype: {} },
		} as unknown as Window;
		expect( () => checkPage( fake ) ).toThrow(
			new PaymentMethodUnsupportedError( {
				type: 'BROWSER_NOT_SUPPORTED',
				message: 'Google Pay is not supported by this browser.',
			} )
		);
		expect( () => checkPage( window ) ).not.toThrow();
	} );
} );
