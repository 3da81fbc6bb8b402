/**
 * Apple Pay on the host (spec §3–§9; wave 2 A.2) with a fake ApplePaySession: the request
 * conversion and version choice, the checks of applePay(), the session begun synchronously in
 * tokenize(), merchant validation, the shipping listeners, authorisation, completion, and the
 * payment request's lock freed on every end.
 */
import {
	MESSAGE,
	type CardSummary,
	type Hydration,
} from '../../../../protocol';
import type { SdkContext } from '../../../context';
import { featuresOf } from '../../../features';
import { createPaymentRequest } from '../../../payment-request';
import type { Contact, PaymentRequestOptions } from '../../../types';
import { createApplePay } from '..';
import { okReply } from '../../../test/fake-frame';
import { appleRequest, appleVersion } from '../request';

type Handler = ( e: any ) => void;

/** A fake Safari session: records what the SDK does with it. */
class FakeSession {
	static STATUS_SUCCESS = 0;
	static STATUS_FAILURE = 1;
	static maxVersion = 14;
	static canPay = true;
	static refuse: string | null = null;
	static instances: FakeSession[] = [];

	static canMakePayments() {
		return FakeSession.canPay;
	}

	static supportsVersion( v: number ) {
		return v >= 1 && v <= FakeSession.maxVersion;
	}

	began = false;
	aborted = false;
	merchantSession: unknown = null;
	contactUpdates: any[] = [];
	methodUpdates: any[] = [];
	completed: any[] = [];
	onvalidatemerchant!: Handler;
	onshippingcontactselected!: Handler;
	onshippingmethodselected!: Handler;
	onpaymentauthorized!: Handler;
	oncancel!: Handler;

	constructor(
		readonly version: number,
		readonly request: any
	) {
		if ( FakeSession.refuse ) {
			const e = new Error(
				'Must create a new ApplePaySession from a user gesture handler.'
			);
			e.name = FakeSession.refuse;
			throw e;
		}
		FakeSession.instances.push( this );
	}

	begin() {
		this.began = true;
	}

	abort() {
		this.aborted = true;
	}

	completeMerchantValidation( s: unknown ) {
		this.merchantSession = s;
	}

	completeShippingContactSelection( u: unknown ) {
		this.contactUpdates.push( u );
	}

	completeShippingMethodSelection( u: unknown ) {
		this.methodUpdates.push( u );
	}

	completePayment( r: unknown ) {
		this.completed.push( r );
	}
}

class FakeError {
	constructor(
		readonly code: string,
		readonly contactField?: string,
		readonly message = ''
	) {}
}

const REQUEST: PaymentRequestOptions = {
	countryCode: 'US',
	currencyCode: 'USD',
	total: { amount: '12.00', label: 'Total' },
	lineItems: [ { amount: '10.00', label: 'Item' } ],
	taxLineItems: [ { amount: '1.50', label: 'Tax' } ],
	discounts: [ { amount: '0.50', label: 'Coupon' } ],
	shippingLineItems: [ { amount: '1.00', label: 'Shipping', pending: true } ],
	shippingOptions: [
		{ id: 'standard', label: 'Standard', amount: '1.00' },
		{ id: 'express', label: 'Express', amount: '5.00' },
	],
	requestShippingContact: true,
	requestBillingContact: true,
};

// The card summary the card tests use (fake-frame.ts), without the card form's postal code.
const { postalCode: _postalCode, ...CARD } = (
	okReply() as { card: CardSummary & { postalCode?: string } }
 ).card;

const NONCE_REPLY = {
	cardNonce: 'cnon:abc',
	card: CARD,
	billingContact: {
		givenName: 'Ada',
		familyName: 'Lovelace',
		postalCode: '94103',
		countryCode: 'us',
	},
	shippingContact: {
		givenName: 'Ada',
		locality: 'San Francisco',
		administrativeArea: 'CA',
		countryCode: 'US',
	},
	paymentMethodTrackingId: 'pmt-1',
};

const PAYMENT = {
	token: {
		paymentData: { version: 'EC_v1', data: 'sealed' },
		paymentMethod: {
			displayName: 'Visa 1111',
			network: 'Visa',
			type: 'credit',
		},
		transactionIdentifier: 'T1',
	},
};

let hydration: Partial< Hydration >;
let mainRequest: jest.Mock;
let win: any;

function context( locationId = 'LMAIN' ): SdkContext {
	return {
		win,
		assetOrigin: 'https://sdk.test',
		assetBase: 'https://sdk.test/v1/1.51.4/',
		environment: 'sandbox',
		applicationId: 'sandbox-sq0idb-merchant-us',
		locationId,
		locale: () => 'en-US',
		session: async () => hydration as Hydration,
		features: async () => featuresOf( hydration as Hydration, 'sandbox' ),
		mainRequest: mainRequest as SdkContext[ 'mainRequest' ],
		now: () => 0,
		metric: () => {},
		flushMetrics: () => {},
		report: () => {},
		onLocaleChange: () => () => {},
	};
}

function paymentRequest( options: PaymentRequestOptions = REQUEST ) {
	return createPaymentRequest( options, {
		locale: () => 'en-US',
		report: () => {},
	} );
}

/**
 * Whether update() works, i.e. no sheet holds the request (spec §4 lock).
 *
 * @param request Payment request.
 */
const lockFree = ( request: ReturnType< typeof paymentRequest > ) =>
	request.update( { total: { amount: '1.00', label: 'T' } } );

const flush = () => new Promise( ( r ) => setTimeout( r, 0 ) );

beforeEach( () => {
	FakeSession.instances = [];
	FakeSession.maxVersion = 14;
	FakeSession.canPay = true;
	FakeSession.refuse = null;
	hydration = {
		merchantName: 'Kestrel',
		applePayMerchantIdentifier: 'merchant.kestrel',
		paymentMethodSupportDetail: { applePay: { IsSupported: true } },
		featureFlagValues: {},
		isTestMerchant: true,
	};
	mainRequest = jest.fn( async ( type: string ) =>
		type === MESSAGE.REQUEST_APPLE_PAY_MERCHANT_VALIDITY
			? JSON.stringify( { merchantSessionIdentifier: 'SSH1' } )
			: NONCE_REPLY
	);
	win = {
		ApplePaySession: FakeSession,
		ApplePayError: FakeError,
		location: { href: 'https://shop.test/checkout', hostname: 'shop.test' },
	};
} );

describe( 'request conversion', () => {
	test( 'lines, discounts negative, shipping methods, contact fields, networks and 3DS', () => {
		expect( appleRequest( REQUEST, false ) ).toEqual( {
			countryCode: 'US',
			currencyCode: 'USD',
			merchantCapabilities: [ 'supports3DS' ],
			supportedNetworks: [
				'visa',
				'masterCard',
				'jcb',
				'discover',
				'amex',
			],
			total: { label: 'Total', amount: '12.00', type: 'final' },
			lineItems: [
				{ label: 'Item', amount: '10.00', type: 'final' },
				{ label: 'Tax', amount: '1.50', type: 'final' },
				{ label: 'Coupon', amount: '-0.50', type: 'final' },
				{ label: 'Shipping', amount: '1.00', type: 'pending' },
			],
			shippingMethods: [
				{
					identifier: 'standard',
					label: 'Standard',
					amount: '1.00',
					detail: '',
				},
				{
					identifier: 'express',
					label: 'Express',
					amount: '5.00',
					detail: '',
				},
			],
			requiredBillingContactFields: [ 'postalAddress', 'name' ],
			requiredShippingContactFields: [
				'postalAddress',
				'name',
				'email',
				'phone',
			],
		} );
	} );

	test( 'INTERAC only with the flag; a minimal request asks for no contact', () => {
		const minimal = appleRequest(
			{
				countryCode: 'CA',
				currencyCode: 'CAD',
				total: { amount: '1.00', label: 'T' },
			},
			true
		);
		expect( minimal.supportedNetworks ).toContain( 'interac' );
		expect( minimal ).not.toHaveProperty( 'requiredShippingContactFields' );
		expect( minimal ).not.toHaveProperty( 'requiredBillingContactFields' );
		expect( minimal ).not.toHaveProperty( 'shippingMethods' );
	} );

	test( 'version: the highest supported of 3 or lower', () => {
		expect( appleVersion( { supportsVersion: ( v ) => v <= 14 } ) ).toBe(
			3
		);
		expect( appleVersion( { supportsVersion: ( v ) => v <= 2 } ) ).toBe(
			2
		);
		expect( appleVersion( { supportsVersion: () => false } ) ).toBeNull();
	} );
} );

describe( 'applePay() checks', () => {
	const reason = ( p: Promise< unknown > ) =>
		p.then(
			() => 'resolved',
			( e ) => `${ e.name } ${ e.errors?.[ 0 ]?.type ?? '' }`.trim()
		);

	test( 'each missing condition has its error', async () => {
		expect( await reason( createApplePay( context(), {} as never ) ) ).toBe(
			'InvalidPaymentRequestError'
		);
		delete win.ApplePaySession;
		expect(
			await reason( createApplePay( context(), paymentRequest() ) )
		).toBe( 'PaymentMethodUnsupportedError BROWSER_NOT_SUPPORTED' );
		win.ApplePaySession = FakeSession;
		FakeSession.maxVersion = 0;
		expect(
			await reason( createApplePay( context(), paymentRequest() ) )
		).toBe( 'PaymentMethodUnsupportedError BROWSER_NOT_SUPPORTED' );
		FakeSession.maxVersion = 14;
		FakeSession.canPay = false;
		expect(
			await reason( createApplePay( context(), paymentRequest() ) )
		).toBe( 'PaymentMethodUnsupportedError DEVICE_NOT_SUPPORTED' );
		FakeSession.canPay = true;
		expect(
			await reason( createApplePay( context( '' ), paymentRequest() ) )
		).toBe( 'PaymentMethodUnsupportedError MISSING_LOCATION_ID' );
		hydration.paymentMethodSupportDetail = {
			applePay: {
				IsSupported: false,
				UnsupportedReasonType: 'DOMAIN_NOT_REGISTERED',
			},
		};
		expect(
			await reason( createApplePay( context(), paymentRequest() ) )
		).toBe( 'PaymentMethodUnsupportedError DOMAIN_NOT_REGISTERED' );
		hydration.paymentMethodSupportDetail = {
			applePay: { IsSupported: true },
		};
		hydration.applePayMerchantIdentifier = '';
		expect(
			await reason( createApplePay( context(), paymentRequest() ) )
		).toBe( 'PaymentMethodUnsupportedError INTERNAL_ERROR' );
		hydration.applePayMerchantIdentifier = 'merchant.kestrel';
		expect(
			await reason( createApplePay( context(), paymentRequest() ) )
		).toBe( 'resolved' );
	} );
} );

describe( 'tokenize()', () => {
	async function open( options: PaymentRequestOptions = REQUEST ) {
		const request = paymentRequest( options );
		const applePay = await createApplePay( context(), request );
		const result = applePay.tokenize();
		return {
			request,
			applePay,
			result,
			session: FakeSession.instances[ 0 ]!,
		};
	}

	test( 'builds and begins the session before any await, with version 3 and the request as it is then', async () => {
		const request = paymentRequest();
		const applePay = await createApplePay( context(), request );
		request.update( { total: { amount: '13.00', label: 'Total' } } );
		void applePay.tokenize();
		// Synchronously, in the same task as the call.
		expect( FakeSession.instances ).toHaveLength( 1 );
		const session = FakeSession.instances[ 0 ]!;
		expect( session.began ).toBe( true );
		expect( session.version ).toBe( 3 );
		expect( session.request.total.amount ).toBe( '13.00' );
		expect(
			request.update( { total: { amount: '1.00', label: 'T' } } )
		).toBe( false );
	} );

	test( 'merchant validation, shipping, authorisation: OK with the card, contacts and option; the lock is freed', async () => {
		const { request, result, session } = await open();
		const seen: unknown[] = [];
		request.addEventListener(
			'shippingcontactchanged',
			( contact: Contact ) => {
				seen.push( contact );
				return contact.countryCode === 'US'
					? {
							shippingErrors: {
								postalCode: 'Not to 94103.',
								state: 'Not CA.',
							},
						}
					: {
							shippingOptions: REQUEST.shippingOptions!,
							total: { amount: '17.00', label: 'Total' },
						};
			}
		);
		session.onvalidatemerchant( {
			validationURL: 'https://apple.test/startSession',
		} );
		await flush();
		expect( mainRequest ).toHaveBeenCalledWith(
			MESSAGE.REQUEST_APPLE_PAY_MERCHANT_VALIDITY,
			{
				clientId: 'sandbox-sq0idb-merchant-us',
				locationId: 'LMAIN',
				merchantName: 'Kestrel',
				sourceUrl: 'https://shop.test/checkout',
				validationUrl: 'https://apple.test/startSession',
			}
		);
		// The JSON string is parsed.
		expect( session.merchantSession ).toEqual( {
			merchantSessionIdentifier: 'SSH1',
		} );

		session.onshippingcontactselected( {
			shippingContact: {
				locality: 'San Francisco',
				administrativeArea: 'CA',
				postalCode: '94103',
				countryCode: 'us',
			},
		} );
		await flush();
		expect( seen[ 0 ] ).toEqual( {
			city: 'San Francisco',
			state: 'CA',
			postalCode: '94103',
			countryCode: 'US',
		} );
		// In the order of the address fields (shippingErrorsOf).
		expect( session.contactUpdates[ 0 ].errors ).toEqual( [
			new FakeError(
				'addressUnserviceable',
				'administrativeArea',
				'Not CA.'
			),
			new FakeError(
				'addressUnserviceable',
				'postalCode',
				'Not to 94103.'
			),
		] );
		expect( session.contactUpdates[ 0 ].newTotal ).toEqual( {
			label: 'Total',
			amount: '12.00',
			type: 'final',
		} );

		session.onshippingcontactselected( {
			shippingContact: { locality: 'Toronto', countryCode: 'CA' },
		} );
		await flush();
		expect( session.contactUpdates[ 1 ] ).not.toHaveProperty( 'errors' );
		expect( session.contactUpdates[ 1 ].newTotal.amount ).toBe( '17.00' );

		session.onshippingmethodselected( {
			shippingMethod: {
				identifier: 'express',
				label: 'Express',
				amount: '5.00',
			},
		} );
		await flush();
		expect( session.methodUpdates ).toHaveLength( 1 );

		session.onpaymentauthorized( { payment: PAYMENT } );
		expect( await result ).toEqual( {
			status: 'OK',
			token: 'cnon:abc',
			details: {
				method: 'Apple Pay',
				card: {
					brand: 'VISA',
					last4: '1111',
					expMonth: 12,
					expYear: 2030,
					cardType: 'CREDIT',
					prepaidType: 'NOT_PREPAID',
				},
				billing: {
					givenName: 'Ada',
					familyName: 'Lovelace',
					postalCode: '94103',
					countryCode: 'US',
				},
				shipping: {
					contact: {
						givenName: 'Ada',
						city: 'San Francisco',
						state: 'CA',
						countryCode: 'US',
					},
					option: { id: 'express', label: 'Express', amount: '5.00' },
				},
			},
		} );
		expect( mainRequest ).toHaveBeenLastCalledWith(
			MESSAGE.REQUEST_APPLE_PAY_CARD_NONCE,
			{ applepayData: PAYMENT }
		);
		expect( session.completed ).toEqual( [
			{ status: FakeSession.STATUS_SUCCESS },
		] );
		expect( lockFree( request ) ).toBe( true );
	} );

	const USED = {
		type: 'MERCHANT_SESSION_ALREADY_USED',
		message: 'The Apple Pay merchant session was already used.',
	};

	test( 'a failed nonce completes with STATUS_FAILURE and resolves Error with the provider codes', async () => {
		const { request, result, session } = await open();
		mainRequest.mockImplementation( async () => {
			throw Object.assign( new Error( 'used' ), {
				errors: [ USED ],
			} );
		} );
		session.onpaymentauthorized( { payment: PAYMENT } );
		expect( await result ).toEqual( {
			status: 'Error',
			errors: [ USED ],
		} );
		expect( session.completed ).toEqual( [
			{ status: FakeSession.STATUS_FAILURE },
		] );
		expect( lockFree( request ) ).toBe( true );
	} );

	test( 'a failed merchant validation aborts the sheet and resolves Error', async () => {
		const { request, result, session } = await open();
		mainRequest.mockRejectedValueOnce(
			new Error( 'The domain is not registered.' )
		);
		session.onvalidatemerchant( {
			validationURL: 'https://apple.test/startSession',
		} );
		expect( await result ).toEqual( {
			status: 'Error',
			errors: [
				{
					type: 'MERCHANT_VALIDATION_FAILED',
					message: 'The domain is not registered.',
				},
			],
		} );
		expect( session.aborted ).toBe( true );
		expect( lockFree( request ) ).toBe( true );
	} );

	test( 'cancel resolves Cancel and frees the lock; a late answer changes nothing', async () => {
		const { request, result, session } = await open();
		session.onpaymentauthorized( { payment: PAYMENT } );
		session.oncancel( {} );
		expect( await result ).toEqual( { status: 'Cancel' } );
		await flush();
		expect( session.completed ).toEqual( [] );
		expect( lockFree( request ) ).toBe( true );
	} );

	test( 'outside a user gesture: rejected with TokenizationError, no sheet, the lock free', async () => {
		const request = paymentRequest();
		const applePay = await createApplePay( context(), request );
		FakeSession.refuse = 'InvalidAccessError';
		await expect( applePay.tokenize() ).rejects.toMatchObject( {
			name: 'TokenizationError',
			errors: [ { type: 'USER_GESTURE_REQUIRED' } ],
		} );
		expect( lockFree( request ) ).toBe( true );
		FakeSession.refuse = 'TypeError';
		await expect( applePay.tokenize() ).rejects.toMatchObject( {
			errors: [ { type: 'APPLE_PAY_SESSION_ERROR' } ],
		} );
	} );

	test( 'one tokenize at a time; another wallet sheet holding the lock refuses', async () => {
		const { request, applePay, session } = await open();
		await expect( applePay.tokenize() ).rejects.toMatchObject( {
			name: 'TokenizationError',
			message: expect.stringContaining( 'already in process' ),
		} );
		session.oncancel( {} );
		await flush();
		const other = await createApplePay( context(), request );
		void other.tokenize();
		const again = await createApplePay( context(), request );
		await expect( again.tokenize() ).rejects.toMatchObject( {
			errors: [ { type: 'WALLET_SHEET_OPEN' } ],
		} );
	} );

	test( 'destroy() aborts an open sheet (Abort), frees the lock, and is final', async () => {
		const { request, applePay, result, session } = await open();
		expect( await applePay.destroy() ).toBe( true );
		expect( await result ).toEqual( { status: 'Abort' } );
		expect( session.aborted ).toBe( true );
		expect( lockFree( request ) ).toBe( true );
		expect( await applePay.destroy() ).toBe( false );
		await expect( applePay.tokenize() ).rejects.toMatchObject( {
			name: 'PaymentMethodAlreadyDestroyedError',
		} );
		expect( () => applePay.addEventListener( 'ready', () => {} ) ).toThrow(
			/not a valid event/
		);
	} );
} );
