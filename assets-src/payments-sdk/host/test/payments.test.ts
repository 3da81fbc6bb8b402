/**
 * payments(): the session with the main frame (spec §7 INITIALIZE, REQUEST_HYDRATION) in jsdom,
 * with the main frame played by the test: its load time-out and what its failures report.
 */
import { MESSAGE } from '../../protocol';
import { paymentRequestModel } from '../payment-request';
import { createSquare } from '../payments';
import { BASE, ORIGIN, fakeFrame } from './fake-frame';

const APP_ID = 'sandbox-sq0idb-abcdefghijklmnop';

const fetchCalls: Array< { url: string; body: Record< string, unknown > } > =
	[];

beforeEach( () => {
	document.body.innerHTML = '';
	fetchCalls.length = 0;
	( window as unknown as { fetch: unknown } ).fetch = jest.fn(
		async ( url: string, init: { body?: string } ) => {
			fetchCalls.push( { url, body: JSON.parse( init.body ?? '{}' ) } );
			return { status: 204, ok: true, text: async () => '' };
		}
	);
} );
afterEach( () => {
	jest.useRealTimers();
	jest.restoreAllMocks();
} );

const payments = () =>
	createSquare( window, {
		assetOrigin: ORIGIN,
		assetBase: BASE,
		environment: 'sandbox',
	} ).payments( APP_ID, 'L1' ) as unknown as {
		verifyBuyer: ( s: string, d: unknown ) => Promise< unknown >;
		_features: () => Promise< unknown >;
		_setStringOverrides: ( o: Record< string, string > ) => Promise< void >;
	};

const settle = async () => {
	for ( let i = 0; i < 20; i++ ) {
		await Promise.resolve();
	}
};

const errorReports = () =>
	fetchCalls.filter( ( c ) => c.url.endsWith( '/payments/mtx/error' ) );

describe( 'the main frame', () => {
	it( 'fails verifyBuyer, the features and the overrides after 10 s when it never loads', async () => {
		jest.useFakeTimers();
		const p = payments();
		expect( document.querySelectorAll( 'iframe' ) ).toHaveLength( 1 );
		const verifying = p.verifyBuyer( 'cnon:abc', {
			intent: 'STORE',
			billingContact: {},
		} );
		const features = p._features();
		const overrides = p._setStringOverrides( { 'error.cvv': 'x' } );
		let settled = false;
		verifying.then(
			() => ( settled = true ),
			() => ( settled = true )
		);
		jest.advanceTimersByTime( 9_999 );
		await settle();
		expect( settled ).toBe( false );
		jest.advanceTimersByTime( 1 );
		await expect( verifying ).rejects.toMatchObject( {
			name: 'VerifyBuyerError',
			message:
				'An unexpected error occurred while loading the payments session',
		} );
		await expect( features ).rejects.toMatchObject( {
			name: 'UnexpectedError',
		} );
		await expect( overrides ).rejects.toMatchObject( {
			name: 'UnexpectedError',
		} );
		// The dead frame is gone; the failure is reported (not a network error).
		expect( document.querySelectorAll( 'iframe' ) ).toHaveLength( 0 );
		await settle();
		expect( errorReports() ).toHaveLength( 1 );
		expect( errorReports()[ 0 ].body.error_message ).toContain(
			'The main frame did not load.'
		);
	} );

	it( 'does not report a hydration that failed on the network (spec §8), but reports other failures', async () => {
		const p = payments();
		await fakeFrame( {
			[ MESSAGE.REQUEST_HYDRATION ]: () => {
				throw {
					_isSerializedError: true,
					name: 'TransportError',
					message: 'Network error: Failed to fetch',
					reportable: false,
				};
			},
		} );
		await expect( p._features() ).rejects.toMatchObject( {
			name: 'UnexpectedError',
		} );
		await settle();
		expect( errorReports() ).toHaveLength( 0 );

		document.body.innerHTML = '';
		const q = payments();
		await fakeFrame( {
			[ MESSAGE.REQUEST_HYDRATION ]: () => {
				throw {
					_isSerializedError: true,
					name: 'TransportError',
					message: 'An internal error has occurred.',
				};
			},
		} );
		await expect( q._features() ).rejects.toMatchObject( {
			name: 'UnexpectedError',
		} );
		await settle();
		expect( errorReports() ).toHaveLength( 1 );
		expect( errorReports()[ 0 ].body.error_message ).toBe(
			'session: An internal error has occurred.'
		);
	} );
} );

describe( 'paymentRequest()', () => {
	const square = () =>
		createSquare( window, {
			assetOrigin: ORIGIN,
			assetBase: BASE,
			environment: 'sandbox',
		} );

	it( 'throws the public InvalidPaymentRequestError synchronously', () => {
		const sq = square();
		const p = sq.payments( APP_ID, 'L1' );
		let error: unknown;
		try {
			p.paymentRequest( {
				countryCode: 'US',
				total: { amount: '1.00', label: 'Total' },
			} as never );
		} catch ( e ) {
			error = e;
		}
		expect( error ).toBeInstanceOf( sq.errors.InvalidPaymentRequestError );
		expect( ( error as Error ).message ).toBe(
			"Invalid payment request: expected 'currencyCode' to be string"
		);
	} );

	it( "words the sheet's errors in the locale set on the payments instance", async () => {
		jest.useFakeTimers();
		const p = square().payments( APP_ID, 'L1' );
		await p.setLocale( 'es-ES' );
		const request = p.paymentRequest( {
			countryCode: 'ES',
			currencyCode: 'EUR',
			total: { amount: '1.00', label: 'Total' },
		} );
		request.addEventListener( 'shippingoptionchanged', () => {
			throw new Error( 'x' );
		} );
		const outcome = await paymentRequestModel( request )!
			.openSheet( 'Google Pay' )!
			.shippingOptionChanged( { id: 'a', label: 'A', amount: '0.00' } );
		expect( outcome.error?.message ).toBe(
			'Se ha producido un error al procesar la opción de envío seleccionada. Inténtalo de nuevo.'
		);
	} );
} );
