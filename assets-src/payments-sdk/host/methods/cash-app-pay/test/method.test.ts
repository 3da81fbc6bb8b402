/**
 * The Cash App Pay method with a fake Pay Kit (spec §4 "Cash App Pay"; wave 2 design A.5):
 * Pay Kit's events as ontokenization results (approved → token through the main frame,
 * declined → Cancel, failed → Error, a grant required), results kept for a late listener, the
 * click gate, the expiry warning timer on an injected clock, the pinned payment request, and
 * the checks of payments.cashAppPay() in the spec's order.
 */
import { MESSAGE, type Hydration } from '../../../../protocol';
import type { SdkContext } from '../../../context';
import {
	CashAppPayInvalidPaymentRequestError,
	MethodNotAvailableError,
	PaymentMethodAlreadyAttachedError,
	PaymentMethodNotAttachedError,
	PaymentMethodUnsupportedError,
} from '../../../errors';
import { featuresOf } from '../../../features';
import {
	createPaymentRequest,
	paymentRequestModel,
} from '../../../payment-request';
import { BASE, ORIGIN } from '../../../test/fake-frame';
import type { SqEvent, TokenResult } from '../../../types';
import { createCashAppPay } from '..';
import { CashAppPayMethod, type CashAppPayClock } from '../method';
import type {
	PayKit,
	PayKitCustomerRequest,
	PayKitEventName,
	PayKitEvents,
} from '../pay-kit';

const hydration = ( overrides: Partial< Hydration > = {} ): Hydration => ( {
	avt: 'a',
	sessionId: 'sess-1',
	instanceId: 'i',
	merchantName: 'Kestrel',
	applePayMerchantIdentifier: '',
	cashAppPayMerchantIdentifier: 'CAP_SCOPE',
	paymentMethodSupportDetail: { cashAppPay: { IsSupported: true } },
	featureFlagValues: {},
	isTestMerchant: true,
	...overrides,
} );

function context(
	mainRequest: SdkContext[ 'mainRequest' ] = jest.fn(),
	h: Hydration = hydration()
): SdkContext {
	return {
		win: window,
		environment: 'sandbox',
		assetOrigin: ORIGIN,
		assetBase: BASE,
		applicationId: 'sandbox-sq0idb-abcdefghijklmnop',
		locationId: 'LSANDBOXMAIN',
		locale: () => 'en-US',
		session: () => Promise.resolve( h ),
		features: () => Promise.resolve( featuresOf( h, 'sandbox' ) ),
		mainRequest,
		now: () => 0,
		metric: () => {},
		flushMetrics: () => {},
		report: () => {},
		onLocaleChange: () => () => {},
	};
}

/** A scripted Pay Kit. */
class FakePay implements PayKit {
	listeners = new Map< string, Array< ( d: any ) => void > >();
	requests: PayKitCustomerRequest[] = [];
	begun = 0;
	restarted = 0;
	expiresAt = new Date( 10 * 60000 ).toISOString();

	async render( target: string | HTMLElement, o: { button?: unknown } ) {
		if ( o.button !== false ) {
			const b = document.createElement( 'button' );
			b.dataset.testid = 'cap-btn';
			( target as HTMLElement ).appendChild( b );
		}
		return { begin: () => this.begun++ };
	}

	async customerRequest( r: PayKitCustomerRequest ) {
		this.requests.push( r );
		return { update: async () => true, expiresAt: this.expiresAt };
	}

	addEventListener< K extends PayKitEventName >(
		type: K,
		l: ( d: PayKitEvents[ K ] ) => void
	) {
		this.listeners.set( type, [
			...( this.listeners.get( type ) ?? [] ),
			l,
		] );
	}

	emit< K extends PayKitEventName >( type: K, d: PayKitEvents[ K ] ) {
		( this.listeners.get( type ) ?? [] ).forEach( ( l ) => l( d ) );
	}

	async restart() {
		this.restarted++;
	}
}

/** A clock whose timers the test fires. */
function fakeClock() {
	const timers: Array< { fn: () => void; ms: number; cleared: boolean } > =
		[];
	const clock: CashAppPayClock = {
		now: () => 0,
		setTimer: ( fn, ms ) => {
			const t = { fn, ms, cleared: false };
			timers.push( t );
			return t;
		},
		clearTimer: ( h ) => {
			( h as { cleared: boolean } ).cleared = true;
		},
	};
	return { clock, timers };
}

const APPROVED = {
	customerProfile: { id: 'C1', cashtag: '$CASHTAG_C_TOKEN' },
	grants: { payment: { grantId: 'GRG_1' } },
	referenceId: 'ref-1',
};

async function setup(
	mainRequest: SdkContext[ 'mainRequest' ] = jest.fn(
		async () => ( { token: 'wnon:abc' } ) as never
	)
) {
	const ctx = context( mainRequest );
	const request = createPaymentRequest(
		{
			countryCode: 'US',
			currencyCode: 'USD',
			total: { amount: '1.00', label: 'Total' },
		},
		ctx as never
	);
	const model = paymentRequestModel( request )!;
	const pay = new FakePay();
	const { clock, timers } = fakeClock();
	const method = new CashAppPayMethod( ctx, model, pay, {
		scopeId: 'CAP_SCOPE',
		checked: {
			amount: 100,
			redirectURL: 'https://shop.example/back',
			referenceId: 'ref-1',
		},
		clock,
	} );
	await method.request();
	model.pin( 'Cash App Pay' );
	const api = method.publicApi();
	const results: TokenResult[] = [];
	const listen = () =>
		api.addEventListener( 'ontokenization', ( e: SqEvent< any > ) =>
			results.push( e.detail.tokenResult )
		);
	return { api, pay, timers, request, results, listen, mainRequest };
}

const flush = () => new Promise( ( r ) => setTimeout( r, 0 ) );

describe( 'CashAppPayMethod', () => {
	afterEach( () => {
		document.body.innerHTML = '';
	} );

	it( 'asks Pay Kit for the total in cents with the scope, redirect and reference', async () => {
		const { pay } = await setup();
		expect( pay.requests[ 0 ] ).toEqual( {
			referenceId: 'ref-1',
			redirectURL: 'https://shop.example/back',
			actions: {
				payment: {
					amount: { currency: 'USD', value: 100 },
					scopeId: 'CAP_SCOPE',
				},
			},
		} );
	} );

	it( 'approved: a token from the main frame, details.cashAppPay', async () => {
		const { pay, results, listen, mainRequest } = await setup();
		listen();
		pay.emit( 'CUSTOMER_INTERACTION', { isMobile: true } );
		pay.emit( 'CUSTOMER_REQUEST_APPROVED', APPROVED );
		await flush();
		expect( mainRequest ).toHaveBeenCalledWith(
			MESSAGE.REQUEST_CASH_APP_PAY_INSTANT_WALLET_TOKEN,
			{
				cashAppPayData: {
					referenceId: 'ref-1',
					grantId: 'GRG_1',
					cashtag: '$CASHTAG_C_TOKEN',
					totalAmount: { amount: 100, currencyCode: 'USD' },
					isMobile: true,
				},
			}
		);
		expect( results ).toEqual( [
			{
				status: 'OK',
				token: 'wnon:abc',
				details: {
					method: 'Cash App Pay',
					cashAppPay: {
						cashtag: '$CASHTAG_C_TOKEN',
						referenceId: 'ref-1',
					},
				},
			},
		] );
		// The same grant again is ignored.
		pay.emit( 'CUSTOMER_REQUEST_APPROVED', APPROVED );
		await flush();
		expect( results ).toHaveLength( 1 );
	} );

	it( 'approved without a grant is an Error; a refused exchange too', async () => {
		const { pay, results, listen } = await setup(
			jest.fn( async () => {
				throw new Error( 'The Cash App Pay grant has expired.' );
			} )
		);
		listen();
		pay.emit( 'CUSTOMER_REQUEST_APPROVED', { ...APPROVED, grants: {} } );
		pay.emit( 'CUSTOMER_REQUEST_APPROVED', APPROVED );
		await flush();
		expect( results.map( ( r ) => r.status ) ).toEqual( [
			'Error',
			'Error',
		] );
		expect( ( results[ 0 ].errors![ 0 ] as Error ).message ).toMatch(
			/without a payment grant/
		);
		expect( ( results[ 1 ].errors![ 0 ] as Error ).message ).toBe(
			'The Cash App Pay grant has expired.'
		);
	} );

	it( 'declined is Cancel and failed is Error, each followed by a fresh request', async () => {
		const { pay, results, listen } = await setup();
		listen();
		pay.emit( 'CUSTOMER_REQUEST_DECLINED', {} );
		pay.emit( 'CUSTOMER_REQUEST_FAILED', { error: 'FAILED' } );
		await flush();
		expect( results.map( ( r ) => r.status ) ).toEqual( [
			'Cancel',
			'Error',
		] );
		expect( pay.restarted ).toBe( 2 );
		expect( pay.requests ).toHaveLength( 3 );
	} );

	it( 'an approved request is renewed after the token and after a failed exchange', async () => {
		const { pay, results, listen } = await setup();
		listen();
		pay.emit( 'CUSTOMER_REQUEST_APPROVED', APPROVED );
		await flush();
		expect( results.map( ( r ) => r.status ) ).toEqual( [ 'OK' ] );
		expect( pay.restarted ).toBe( 1 );
		expect( pay.requests ).toHaveLength( 2 );

		const failing = await setup(
			jest.fn( async () => {
				throw new Error( 'network' );
			} )
		);
		failing.listen();
		failing.pay.emit( 'CUSTOMER_REQUEST_APPROVED', APPROVED );
		await flush();
		expect( failing.results.map( ( r ) => r.status ) ).toEqual( [
			'Error',
		] );
		expect( failing.pay.restarted ).toBe( 1 );
		expect( failing.pay.requests ).toHaveLength( 2 );
	} );

	it( 'begin refused by the browser (user activation lapsed) is an Error result, not an unhandled rejection', async () => {
		const { api, pay, results, listen } = await setup();
		listen();
		const target = document.createElement( 'div' );
		target.id = 'cap';
		document.body.appendChild( target );
		const begin = jest.fn( () => {
			throw Object.assign( new Error( 'no activation' ), {
				name: 'NotAllowedError',
			} );
		} );
		pay.render = async ( t: string | HTMLElement ) => {
			const b = document.createElement( 'button' );
			( t as HTMLElement ).appendChild( b );
			return { begin };
		};
		await api.attach( '#cap', undefined, async () => true );
		target.querySelector( 'button' )!.click();
		await flush();
		expect( begin ).toHaveBeenCalledTimes( 1 );
		expect( results ).toHaveLength( 1 );
		expect( results[ 0 ] ).toMatchObject( {
			status: 'Error',
			errors: [ { type: 'CASH_APP_PAY_NOT_STARTED' } ],
		} );
	} );

	it( "attach(el, false): the merchant's links and submit buttons keep their clicks", async () => {
		const { api, pay } = await setup();
		const target = document.createElement( 'div' );
		target.id = 'cap';
		target.innerHTML =
			'<span class="label">Pay with Cash App</span><a href="#terms">terms</a><form><button type="submit">Send</button></form>';
		document.body.appendChild( target );
		await api.attach( '#cap', false );
		const clickOn = ( el: Element ) => {
			const e = new MouseEvent( 'click', {
				bubbles: true,
				cancelable: true,
			} );
			el.dispatchEvent( e );
			return e.defaultPrevented;
		};
		expect( clickOn( target.querySelector( 'a' )! ) ).toBe( false );
		const submit = target.querySelector( 'button' )!;
		submit.form!.addEventListener( 'submit', ( e ) => e.preventDefault() );
		expect( clickOn( submit ) ).toBe( false );
		await flush();
		expect( pay.begun ).toBe( 0 );
		expect( clickOn( target.querySelector( '.label' )! ) ).toBe( true );
		await flush();
		expect( pay.begun ).toBe( 1 );
	} );

	it( 'keeps results that arrive before the first ontokenization listener', async () => {
		const { pay, results, listen } = await setup();
		pay.emit( 'CUSTOMER_REQUEST_APPROVED', APPROVED );
		await flush();
		expect( results ).toEqual( [] );
		listen();
		await flush();
		expect( results.map( ( r ) => r.status ) ).toEqual( [ 'OK' ] );
	} );

	it( 'interaction and dismissal reach their listeners', async () => {
		const { api, pay } = await setup();
		const seen: unknown[] = [];
		api.addEventListener( 'customerInteraction', ( e ) =>
			seen.push( [ e.type, e.detail ] )
		);
		api.addEventListener( 'customerDismissed', ( e ) =>
			seen.push( [ e.type, e.detail ] )
		);
		pay.emit( 'CUSTOMER_INTERACTION', { isMobile: false } );
		pay.emit( 'CUSTOMER_DISMISSED', {} );
		expect( seen ).toEqual( [
			[ 'customerInteraction', { isMobile: false } ],
			[ 'customerDismissed', {} ],
		] );
		expect( () => api.addEventListener( 'approved', () => {} ) ).toThrow(
			/not a valid event/
		);
	} );

	it( 'the click begins only when shouldTokenize resolves true; lifecycle errors', async () => {
		const { api, pay } = await setup();
		const target = document.createElement( 'div' );
		target.id = 'cap';
		document.body.appendChild( target );
		let allow = false;
		await expect( api.detach() ).rejects.toThrow(
			PaymentMethodNotAttachedError
		);
		await api.attach( '#cap', { shape: 'semiround' }, async () => allow );
		await expect( api.attach( '#cap' ) ).rejects.toThrow(
			PaymentMethodAlreadyAttachedError
		);
		const button = target.querySelector( 'button' )!;
		button.click();
		await flush();
		expect( pay.begun ).toBe( 0 );
		allow = true;
		button.click();
		await flush();
		expect( pay.begun ).toBe( 1 );
		expect( await api.detach() ).toBe( true );
		expect( target.querySelector( 'button' ) ).toBeNull();
		expect( await api.destroy() ).toBe( true );
		expect( await api.destroy() ).toBe( false );
	} );

	it( 'warns a minute before the request expires and renews it; destroy clears the timer', async () => {
		const warn = jest
			.spyOn( console, 'warn' )
			.mockImplementation( () => {} );
		const { api, pay, timers } = await setup();
		expect( timers ).toHaveLength( 1 );
		expect( timers[ 0 ].ms ).toBe( 9 * 60000 );
		timers[ 0 ].fn();
		await flush();
		expect( warn ).toHaveBeenCalledWith(
			expect.stringMatching( /expires in about a minute/ )
		);
		expect( pay.restarted ).toBe( 1 );
		expect( pay.requests ).toHaveLength( 2 );
		expect( timers ).toHaveLength( 2 );
		await api.destroy();
		expect( timers[ 1 ].cleared ).toBe( true );
		warn.mockRestore();
	} );

	it( 'does not renew a request the buyer is answering; its end still arrives', async () => {
		const warn = jest
			.spyOn( console, 'warn' )
			.mockImplementation( () => {} );
		const { pay, timers, results, listen } = await setup();
		listen();
		pay.emit( 'CUSTOMER_INTERACTION', { isMobile: false } );
		timers[ 0 ].fn();
		await flush();
		expect( pay.restarted ).toBe( 0 );
		expect( pay.requests ).toHaveLength( 1 );
		pay.emit( 'CUSTOMER_REQUEST_FAILED', { error: 'EXPIRED' } );
		await flush();
		expect( results.map( ( r ) => r.status ) ).toEqual( [ 'Error' ] );
		expect( pay.requests ).toHaveLength( 2 );
		warn.mockRestore();
	} );

	it( 'no timer when the request expires 2147483647 ms or more from now', async () => {
		const ctx = context();
		const request = createPaymentRequest(
			{
				countryCode: 'US',
				currencyCode: 'USD',
				total: { amount: '1.00', label: 'Total' },
			},
			ctx as never
		);
		const pay = new FakePay();
		pay.expiresAt = new Date( 2147483647 ).toISOString();
		const { clock, timers } = fakeClock();
		await new CashAppPayMethod( ctx, paymentRequestModel( request )!, pay, {
			scopeId: 'S',
			checked: { amount: 1, redirectURL: 'https://x.example/' },
			clock,
		} ).request();
		expect( timers ).toHaveLength( 0 );
	} );

	it( 'the payment request cannot be updated until the method is destroyed', async () => {
		const { api, request } = await setup();
		const update = { total: { amount: '2.00', label: 'Total' } };
		expect( request.update( update ) ).toBe( false );
		await api.destroy();
		expect( request.update( update ) ).toBe( true );
	} );
} );

describe( 'createCashAppPay', () => {
	const usd = ( ctx: SdkContext, currencyCode = 'USD' ) =>
		createPaymentRequest(
			{
				countryCode: 'US',
				currencyCode,
				total: { amount: '1.00', label: 'Total' },
			},
			ctx as never
		);
	const options = { redirectURL: 'https://shop.example/back' };

	it( 'checks the location id, the merchant, then the request, before any script', async () => {
		const noLocation = { ...context(), locationId: undefined };
		await expect(
			createCashAppPay( noLocation, usd( noLocation ), options )
		).rejects.toThrow( PaymentMethodUnsupportedError );
		const gb = context(
			jest.fn(),
			hydration( {
				paymentMethodSupportDetail: {
					cashAppPay: {
						IsSupported: false,
						UnsupportedReasonType: 'US_MERCHANT_ONLY',
					},
				},
			} )
		);
		await expect(
			createCashAppPay( gb, usd( gb, 'EUR' ), options )
		).rejects.toMatchObject( {
			name: 'PaymentMethodUnsupportedError',
			errors: [ expect.objectContaining( { type: 'US_MERCHANT_ONLY' } ) ],
		} );
		const noScope = context(
			jest.fn(),
			hydration( { cashAppPayMerchantIdentifier: '' } )
		);
		await expect(
			createCashAppPay( noScope, usd( noScope, 'EUR' ), options )
		).rejects.toThrow( MethodNotAvailableError );
		const ok = context();
		await expect(
			createCashAppPay( ok, usd( ok, 'EUR' ), options )
		).rejects.toThrow( CashAppPayInvalidPaymentRequestError );
		expect( document.querySelector( 'script' ) ).toBeNull();
	} );
} );
