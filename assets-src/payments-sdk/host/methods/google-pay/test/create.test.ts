/**
 * googlePay() end to end in the host with pay.js faked (spec §4 environment, §5 checks, §7
 * script loading and the auth token): TEST unless production SDK and a non-test merchant, the
 * hydration's reasons, a missing location, ScriptLoaderError, the auth token in the request.
 */
import { MESSAGE, type Hydration } from '../../../../protocol';
import type { SdkContext } from '../../../context';
import {
	PaymentMethodUnsupportedError,
	ScriptLoaderError,
} from '../../../errors';
import { featuresOf } from '../../../features';
import { createPaymentRequest } from '../../../payment-request';
import { loadScript } from '../../../script-loader';
import { BASE, ORIGIN } from '../../../test/fake-frame';
import type { Environment } from '../../../validate';
import { createGooglePay } from '..';
import { googlePayHydration } from './fixtures';

jest.mock( '../../../script-loader', () => ( {
	...jest.requireActual( '../../../script-loader' ),
	loadScript: jest.fn(),
} ) );

const hydration = (
	testMerchant: boolean,
	support: Hydration[ 'paymentMethodSupportDetail' ] = {
		googlePay: { IsSupported: true },
	}
): Hydration =>
	googlePayHydration( {
		paymentMethodSupportDetail: support,
		featureFlagValues: { interac: true },
		isTestMerchant: testMerchant,
	} );

const requests: unknown[][] = [];

function context(
	environment: Environment,
	h: Hydration,
	locationId: string | null = 'LSANDBOXGB'
): SdkContext {
	return {
		win: window,
		environment,
		assetOrigin: ORIGIN,
		assetBase: BASE,
		applicationId: 'sandbox-sq0idb-abcdefghijklmnop',
		locationId: locationId ?? undefined,
		locale: () => 'en-GB',
		session: () => Promise.resolve( h ),
		features: () => Promise.resolve( featuresOf( h, environment ) ),
		mainRequest: async < T >( type: string, payload: unknown ) => {
			requests.push( [ type, payload ] );
			return { token: 'auth-jwt' } as T;
		},
		now: () => Date.now(),
		metric: () => {},
		flushMetrics: () => {},
		report: () => {},
		onLocaleChange: () => () => {},
	};
}

const paymentRequest = () =>
	createPaymentRequest(
		{
			countryCode: 'GB',
			currencyCode: 'GBP',
			total: { amount: '1.00', label: 'Total' },
		},
		{ locale: () => 'en-GB', report: () => {} }
	);

let environments: string[];
let loaded: GooglePaymentDataRequestLike[];
interface GooglePaymentDataRequestLike {
	merchantInfo: { authJwt?: string; merchantName?: string };
	allowedPaymentMethods: Array< {
		parameters: { allowedCardNetworks: string[] };
	} >;
}

beforeEach( () => {
	environments = [];
	loaded = [];
	requests.length = 0;
	document.body.innerHTML = '<div id="target"></div>';
	( loadScript as jest.Mock ).mockReset().mockResolvedValue( undefined );
	( window as any ).google = {
		payments: {
			api: {
				PaymentsClient: class {
					constructor( o: { environment: string } ) {
						environments.push( o.environment );
					}
					loadPaymentData( r: GooglePaymentDataRequestLike ) {
						loaded.push( r );
						return Promise.reject( { statusCode: 'CANCELED' } );
					}
				},
			},
		},
	};
} );

afterAll( () => {
	delete ( window as any ).google;
} );

it( 'loads pay.js for the environment and makes a TEST client for a test merchant', async () => {
	const gp = await createGooglePay(
		context( 'sandbox', hydration( true ) ),
		paymentRequest()
	);
	expect( loadScript ).toHaveBeenCalledWith(
		window,
		`${ ORIGIN }/vendors/google-pay/pay.js`
	);
	expect( environments ).toEqual( [ 'TEST' ] );
	expect( requests ).toEqual( [
		[ MESSAGE.GENERATE_GOOGLE_PAY_AUTH_TOKEN, { session: 'sess-1' } ],
	] );
	expect( await gp.tokenize() ).toEqual( { status: 'Cancel' } );
	expect( loaded[ 0 ]!.merchantInfo ).toEqual( {
		merchantName: 'Kestrel',
		authJwt: 'auth-jwt',
	} );
	// The interac flag of the hydration adds INTERAC.
	expect(
		loaded[ 0 ]!.allowedPaymentMethods[ 0 ]!.parameters.allowedCardNetworks
	).toContain( 'INTERAC' );
} );

it( 'is PRODUCTION only for the production SDK and a non-test merchant', async () => {
	await createGooglePay(
		context( 'production', hydration( false ) ),
		paymentRequest()
	);
	await createGooglePay(
		context( 'production', hydration( true ) ),
		paymentRequest()
	);
	await createGooglePay(
		context( 'sandbox', hydration( false ) ),
		paymentRequest()
	);
	expect( environments ).toEqual( [ 'PRODUCTION', 'TEST', 'TEST' ] );
	expect( loadScript ).toHaveBeenNthCalledWith(
		1,
		window,
		'https://pay.google.com/gp/p/js/pay.js'
	);
} );

it( 'passes ScriptLoaderError on', async () => {
	( loadScript as jest.Mock ).mockRejectedValue(
		new ScriptLoaderError( 'The script could not be loaded.' )
	);
	await expect(
		createGooglePay(
			context( 'sandbox', hydration( true ) ),
			paymentRequest()
		)
	).rejects.toThrow( ScriptLoaderError );
} );

it( "refuses with the hydration's reason or without a location, before loading pay.js", async () => {
	await expect(
		createGooglePay(
			context(
				'sandbox',
				hydration( true, {
					googlePay: {
						IsSupported: false,
						UnsupportedReasonType: 'NOT_ONBOARDED',
					},
				} )
			),
			paymentRequest()
		)
	).rejects.toMatchObject( {
		name: 'PaymentMethodUnsupportedError',
		errors: [ expect.objectContaining( { type: 'NOT_ONBOARDED' } ) ],
	} );
	await expect(
		createGooglePay(
			context( 'sandbox', hydration( true ), null ),
			paymentRequest()
		)
	).rejects.toThrow( PaymentMethodUnsupportedError );
	expect( loadScript ).not.toHaveBeenCalled();
} );
