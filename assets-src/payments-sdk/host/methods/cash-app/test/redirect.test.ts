/**
 * The legacy Cash App redirect (spec §2, §4, §8): the device test, the stored entry, the return
 * parameters (state, code, access_token, error) and the options check.
 */
import {
	CashAppPayInvalidPaymentRequestError,
	CashAppPayMissingRedirectUrlError,
	CashAppRedirectError,
	InvalidOptionError,
} from '../../../errors';
import { checkCashAppOptions } from '..';
import {
	REDIRECT_STORAGE_KEY,
	isMobileDevice,
	parseRedirectReturn,
	storeRedirect,
	takeStoredRedirect,
} from '../redirect';

describe( 'legacy Cash App redirect', () => {
	beforeEach( () => localStorage.clear() );

	it( 'redirects on iOS and Android, by user agent or userAgentData', () => {
		const ua = ( userAgent: string, mobile?: boolean ) =>
			isMobileDevice( {
				userAgent,
				...( mobile === undefined
					? {}
					: { userAgentData: { mobile } } ),
			} );
		expect(
			ua( 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' )
		).toBe( true );
		expect( ua( 'Mozilla/5.0 (Linux; Android 14; Pixel 8)' ) ).toBe( true );
		expect( ua( 'Mozilla/5.0 (X11; Linux x86_64)', true ) ).toBe( true );
		expect( ua( 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)' ) ).toBe(
			false
		);
	} );

	it( 'parses state, code, access_token and error; other pages are not a return', () => {
		expect(
			parseRedirectReturn( '?state=order-1&code=c1&access_token=t1' )
		).toEqual( { state: 'order-1', code: 'c1', accessToken: 't1' } );
		expect(
			parseRedirectReturn( '?state=order-1&error=access_denied' )
		).toEqual( { state: 'order-1', error: 'access_denied' } );
		expect( parseRedirectReturn( '' ) ).toBeNull();
		expect( parseRedirectReturn( '?state=only' ) ).toBeNull();
	} );

	it( 'takes the stored entry once', () => {
		storeRedirect( localStorage, {
			paymentMethodTrackingId: 'trk',
			transactionId: 'order-1',
			createdAt: 1,
		} );
		expect(
			JSON.parse( localStorage.getItem( REDIRECT_STORAGE_KEY )! )
		).toMatchObject( {
			paymentMethodTrackingId: 'trk',
			transactionId: 'order-1',
		} );
		expect( takeStoredRedirect( localStorage ) ).toMatchObject( {
			transactionId: 'order-1',
		} );
		expect( localStorage.getItem( REDIRECT_STORAGE_KEY ) ).toBeNull();
		expect( takeStoredRedirect( localStorage ) ).toBeNull();
		localStorage.setItem( REDIRECT_STORAGE_KEY, '{broken' );
		expect( takeStoredRedirect( localStorage ) ).toBeNull();
		expect( localStorage.getItem( REDIRECT_STORAGE_KEY ) ).toBeNull();
	} );

	it( 'the redirect error reads as the spec says', () => {
		const e = new CashAppRedirectError( 'access_denied' );
		expect( e.message ).toBe(
			'Received an error in redirect from Cash App: access_denied'
		);
		expect( e.name ).toBe( 'CashAppRedirectError' );
	} );
} );

describe( 'checkCashAppOptions', () => {
	it( 'needs a redirectURI; warns about a query; generates a transaction id', () => {
		const warn = jest
			.spyOn( console, 'warn' )
			.mockImplementation( () => {} );
		expect( () => checkCashAppOptions( {}, window ) ).toThrow(
			CashAppPayMissingRedirectUrlError
		);
		expect( () =>
			checkCashAppOptions( { redirectURI: 'nope' }, window )
		).toThrow( CashAppPayMissingRedirectUrlError );
		const o = checkCashAppOptions(
			{ redirectURI: 'https://shop.example/back?x=1' },
			window
		);
		expect( warn ).toHaveBeenCalledWith(
			expect.stringMatching( /no query/ )
		);
		warn.mockRestore();
		expect( o.transactionId ).toMatch( /^[0-9a-f]{32}$/ );
	} );

	it( 'transactionId at most 50; USD amounts of at least a cent; no other options', () => {
		const base = { redirectURI: 'https://shop.example/back' };
		expect( () =>
			checkCashAppOptions(
				{ ...base, transactionId: 'x'.repeat( 51 ) },
				window
			)
		).toThrow( CashAppPayInvalidPaymentRequestError );
		expect(
			checkCashAppOptions(
				{ ...base, transactionId: 'x'.repeat( 50 ) },
				window
			).transactionId
		).toHaveLength( 50 );
		expect( () =>
			checkCashAppOptions(
				{
					...base,
					totalTransactionAmount: {
						amount: 100,
						currencyCode: 'EUR',
					},
				},
				window
			)
		).toThrow( CashAppPayInvalidPaymentRequestError );
		expect( () =>
			checkCashAppOptions(
				{
					...base,
					totalTransactionAmount: { amount: 0, currencyCode: 'USD' },
				},
				window
			)
		).toThrow( CashAppPayInvalidPaymentRequestError );
		expect( () =>
			checkCashAppOptions( { ...base, colour: 'green' }, window )
		).toThrow( InvalidOptionError );
	} );
} );
