/**
 * The Afterpay/Clearpay method with a scripted Afterpay.js (spec §4 "Afterpay"; wave 2 A.6):
 * the checkout token reused until it expires and cleared by update() or a completed order, the
 * payment request lock while the popup is open, the shipping listener's answers as the
 * express checkout's resolve / reject, and the completed order as an OK token result.
 */
import { MESSAGE } from '../../../../protocol';
import type { SdkContext } from '../../../context';
import { AfterpayOnTokenizeListenerError } from '../../../errors';
import {
	createPaymentRequest,
	paymentRequestModel,
} from '../../../payment-request';
import type { PaymentRequest, PaymentRequestOptions } from '../../../types';
import { AfterpayMethod } from '../method';
import type {
	AfterpayCompleteEvent,
	AfterpayGlobal,
	AfterpayPopupConfig,
} from '../vendor';

const LIMITS = {
	minimumAmount: '1.00',
	maximumAmount: '4000.00',
	currency: 'USD',
};
const REQUEST: PaymentRequestOptions = {
	countryCode: 'US',
	currencyCode: 'USD',
	total: { amount: '10.00', label: 'Total' },
};

/** Afterpay.js as a script: the test decides what the popup does. */
class FakeAfterpay implements AfterpayGlobal {
	config: AfterpayPopupConfig | null = null;
	tokens: string[] = [];
	rejections: string[] = [];
	opened = 0;
	CONSTANTS = {
		SHIPPING_ADDRESS_UNRECOGNIZED: 'UNRECOGNIZED',
		SHIPPING_ADDRESS_UNSUPPORTED: 'UNSUPPORTED',
		SERVICE_UNAVAILABLE: 'UNAVAILABLE',
		BAD_RESPONSE: 'BAD',
	};
	ADDRESS_MODES = {};
	initialize() {}
	initializeForPopup( config: AfterpayPopupConfig ) {
		this.config = config;
	}
	open() {
		this.opened++;
		this.config!.onCommenceCheckout( {
			resolve: ( t ) => this.tokens.push( t ),
			reject: ( r ) => this.rejections.push( r ),
		} );
	}
	closed = 0;
	transfer() {}
	redirect() {}
	close() {
		this.closed++;
	}
	finish( data: AfterpayCompleteEvent[ 'data' ] ) {
		this.config!.onComplete( { data } );
	}
}

let now = 1_000_000;
let checkoutCalls = 0;
let nonceRequests: any[] = [];

function setup( options: PaymentRequestOptions = REQUEST ) {
	checkoutCalls = 0;
	nonceRequests = [];
	const mainRequest = ( async ( type: string, payload: any ) => {
		if ( type === MESSAGE.REQUEST_AFTERPAY_CHECKOUT_HANDLER ) {
			checkoutCalls++;
			return {
				token: `tok-${ checkoutCalls }-${ payload.amount.amount }`,
				expires: new Date( now + 60_000 ).toISOString(),
			};
		}
		if ( type === MESSAGE.REQUEST_AFTERPAY_INSTANT_WALLET_TOKEN ) {
			nonceRequests.push( payload );
			return {
				token: 'wnon:afterpay',
				afterpayData: { email: 'jane@example.com' },
				shippingContact: { givenName: 'Jane', familyName: 'Doe' },
			};
		}
		throw new Error( `unexpected ${ type }` );
	} ) as SdkContext[ 'mainRequest' ];
	const ctx = {
		win: window,
		environment: 'sandbox',
		assetOrigin: 'https://sandbox.example',
		assetBase: 'https://sandbox.example/v1/1.51.4/',
		applicationId: 'sandbox-sq0idb-merchant-us',
		locationId: 'LSANDBOXMAIN',
		locale: () => 'en-US',
		session: async () => ( { avt: 'avt', sessionId: 'sess-1' } ) as never,
		features: async () => ( {} ) as never,
		mainRequest,
		now: () => now,
		metric: () => {},
		flushMetrics: () => {},
		report: () => {},
		onLocaleChange: () => () => {},
	} as SdkContext;
	const request: PaymentRequest = createPaymentRequest( options, ctx );
	const model = paymentRequestModel( request )!;
	const vendor = new FakeAfterpay();
	const method = new AfterpayMethod( ctx, model, {
		limits: LIMITS,
		brand: 'Afterpay',
		vendor,
	} );
	return { request, model, vendor, method, api: method.publicApi() };
}

const settle = () => new Promise( ( r ) => setTimeout( r, 0 ) );

beforeEach( () => {
	now = 1_000_000;
	jest.spyOn( Date, 'now' ).mockImplementation( () => now );
} );
afterEach( () => jest.restoreAllMocks() );

describe( 'the checkout token', () => {
	it( 'is reused until it expires, renewed after, cleared by update()', async () => {
		const { api, vendor, request } = setup();
		const first = api.tokenize();
		await settle();
		expect( vendor.tokens ).toEqual( [ 'tok-1-10.00' ] );
		vendor.finish( { status: 'CANCELLED' } );
		expect( await first ).toEqual( { status: 'Cancel' } );

		// Before `expires`: the same token, no second checkout.
		now += 59_999;
		const second = api.tokenize();
		await settle();
		vendor.finish( { status: 'CANCELLED' } );
		await second;
		expect( vendor.tokens ).toEqual( [ 'tok-1-10.00', 'tok-1-10.00' ] );
		expect( checkoutCalls ).toBe( 1 );

		// At `expires`: a new checkout.
		now += 1;
		const third = api.tokenize();
		await settle();
		vendor.finish( { status: 'CANCELLED' } );
		await third;
		expect( vendor.tokens[ 2 ] ).toBe( 'tok-2-10.00' );

		// update() clears it: a checkout for the new total.
		expect(
			request.update( { total: { amount: '12.00', label: 'Total' } } )
		).toBe( true );
		const fourth = api.tokenize();
		await settle();
		vendor.finish( { status: 'CANCELLED' } );
		await fourth;
		expect( vendor.tokens[ 3 ] ).toBe( 'tok-3-12.00' );
		expect( checkoutCalls ).toBe( 3 );
	} );

	it( 'holds the payment request lock while the popup is open', async () => {
		const { api, vendor, request } = setup();
		const pending = api.tokenize();
		await settle();
		expect(
			request.update( { total: { amount: '2.00', label: 'Total' } } )
		).toBe( false );
		vendor.finish( { status: 'CANCELLED' } );
		await pending;
		expect(
			request.update( { total: { amount: '2.00', label: 'Total' } } )
		).toBe( true );
	} );

	it( 'is used up by a completed order; the nonce request carries the buyer amount', async () => {
		const { api, vendor } = setup();
		const pending = api.tokenize();
		await settle();
		vendor.finish( { status: 'SUCCESS', orderToken: 'order-1' } );
		const result = await pending;
		expect( result ).toMatchObject( {
			status: 'OK',
			token: 'wnon:afterpay',
			details: {
				method: 'AfterpayClearpay',
				billing: { email: 'jane@example.com' },
				shipping: { contact: { givenName: 'Jane' } },
			},
		} );
		expect( nonceRequests[ 0 ] ).toMatchObject( {
			afterpayData: {
				afterpayToken: 'order-1',
				buyerAmount: { amount: '10.00', currencyCode: 'USD' },
			},
			clientID: 'sandbox-sq0idb-merchant-us',
			locationID: 'LSANDBOXMAIN',
			sessionID: 'sess-1',
			websdkVersion: '1.51.4',
		} );
		const again = api.tokenize();
		await settle();
		vendor.finish( { status: 'CANCELLED' } );
		await again;
		expect( checkoutCalls ).toBe( 2 );
	} );

	it( 'destroy() while the popup is open closes it; the result is Abort, even if the buyer confirmed meanwhile, and no nonce is asked', async () => {
		const { api, vendor, request } = setup();
		const pending = api.tokenize();
		await settle();
		expect( await api.destroy() ).toBe( true );
		expect( vendor.closed ).toBe( 1 );
		// The lock is freed at once.
		expect(
			request.update( { total: { amount: '2.00', label: 'Total' } } )
		).toBe( true );
		vendor.finish( { status: 'SUCCESS', orderToken: 'order-late' } );
		expect( await pending ).toEqual( { status: 'Abort' } );
		expect( nonceRequests ).toHaveLength( 0 );
	} );

	it( 'refuses tokenize() while an ontokenization listener is registered', async () => {
		const { api } = setup();
		const listener = () => {};
		api.addEventListener( 'ontokenization', listener );
		await expect( api.tokenize() ).rejects.toBeInstanceOf(
			AfterpayOnTokenizeListenerError
		);
		api.removeEventListener( 'ontokenization', listener );
		expect( api.tokenize() ).toBeInstanceOf( Promise );
	} );
} );

describe( 'shipping', () => {
	const address = {
		name: 'Jane Doe',
		address1: '1455 Market St',
		suburb: 'San Francisco',
		state: 'CA',
		postcode: '94103',
		countryCode: 'US',
	};

	async function change(
		listener: ( c: unknown ) => unknown,
		data: object = address
	) {
		const { api, vendor, request } = setup( {
			...REQUEST,
			requestShippingContact: true,
		} );
		request.addEventListener(
			'afterpay_shippingaddresschanged',
			listener as never
		);
		const pending = api.tokenize();
		await settle();
		const outcome = await new Promise< unknown >( ( resolve ) =>
			vendor.config!.onShippingAddressChange!( data, {
				resolve: ( options ) => resolve( { options } ),
				reject: ( reason ) => resolve( { reason } ),
			} )
		);
		vendor.finish( { status: 'CANCELLED' } );
		await pending;
		return outcome;
	}

	it( 'gives the listener’s options in Afterpay’s shape', async () => {
		expect(
			await change( () => ( {
				shippingOptions: [
					{
						id: 'free',
						label: 'Free',
						amount: '0.00',
						total: { amount: '10.00', label: 'Total' },
					},
				],
			} ) )
		).toEqual( {
			options: [
				{
					id: 'free',
					name: 'Free',
					shippingAmount: { amount: '0.00', currency: 'USD' },
					orderAmount: { amount: '10.00', currency: 'USD' },
				},
			],
		} );
	} );

	it( 'maps error, shippingErrors, a wrong answer and an incomplete address (never given to the listener)', async () => {
		expect( await change( () => ( { error: 'No' } ) ) ).toEqual( {
			reason: 'UNSUPPORTED',
		} );
		expect(
			await change( () => ( { shippingErrors: { postalCode: 'Bad' } } ) )
		).toEqual( { reason: 'UNRECOGNIZED' } );
		const calls: unknown[] = [];
		expect(
			await change(
				( c ) => {
					calls.push( c );
					return {};
				},
				{ name: 'Jane', address1: 'PO Box 1', countryCode: 'US' }
			)
		).toEqual( { reason: 'UNRECOGNIZED' } );
		expect( calls ).toEqual( [] );
		expect( await change( () => ( { shippingOptions: [] } ) ) ).toEqual( {
			reason: 'UNAVAILABLE',
		} );
	} );
} );
