/**
 * Cash App Pay's checks (spec §5 "Cash App Pay", §9) and its expiry warning delay (spec §4).
 */
import {
	CashAppPayInvalidPaymentRequestError,
	CashAppPayInvalidShouldTokenizeError,
	CashAppPayMissingRedirectUrlError,
	InvalidCashAppPayOptionsFieldTypes,
	InvalidCashAppPayOptionsFieldValues,
} from '../../../errors';
import type { PaymentRequestOptions } from '../../../types';
import {
	checkButtonOptions,
	checkCashAppPayRequest,
	checkShouldTokenize,
	expiryWarningDelay,
	usdCents,
} from '../validate';

const request = (
	amount = '1.00',
	currencyCode = 'USD'
): PaymentRequestOptions => ( {
	countryCode: 'US',
	currencyCode,
	total: { amount, label: 'Total' },
} );
const OK = { redirectURL: 'https://shop.example/back', referenceId: 'r-1' };

describe( 'checkCashAppPayRequest', () => {
	it( 'accepts a USD request with a secure redirect and gives cents', () => {
		expect( checkCashAppPayRequest( request( '12.3' ), OK ) ).toEqual( {
			amount: 1230,
			redirectURL: OK.redirectURL,
			referenceId: 'r-1',
		} );
		expect(
			checkCashAppPayRequest( request( '0.01' ), {
				redirectURL: 'http://localhost:8080/x',
			} )
		).toEqual( { amount: 1, redirectURL: 'http://localhost:8080/x' } );
	} );

	it( 'refuses another currency first, with INVALID_CURRENCY', () => {
		let error: unknown;
		try {
			// Also no redirect: the currency is checked first.
			checkCashAppPayRequest( request( '1.00', 'EUR' ), {} );
		} catch ( e ) {
			error = e;
		}
		expect( error ).toBeInstanceOf( CashAppPayInvalidPaymentRequestError );
		expect( ( error as CashAppPayInvalidPaymentRequestError ).name ).toBe(
			'CashAppPayInvalidPaymentRequestError'
		);
		expect(
			( error as CashAppPayInvalidPaymentRequestError ).errors[ 0 ]
		).toMatchObject( { type: 'INVALID_CURRENCY', field: 'currencyCode' } );
	} );

	it( 'refuses less than one cent', () => {
		expect( () => checkCashAppPayRequest( request( '0.00' ), OK ) ).toThrow(
			CashAppPayInvalidPaymentRequestError
		);
		expect( () => checkCashAppPayRequest( request( '0' ), OK ) ).toThrow(
			/at least 0.01 USD/
		);
	} );

	it.each( [
		[ undefined ],
		[ {} ],
		[ { redirectURL: '' } ],
		[ { redirectURL: 42 } ],
		[ { redirectURL: 'not a url' } ],
		[ { redirectURL: 'http://shop.example/back' } ],
		[ { redirectURL: 'ftp://shop.example/back' } ],
	] )( 'refuses the redirect of %j', ( options ) => {
		expect( () => checkCashAppPayRequest( request(), options ) ).toThrow(
			CashAppPayMissingRedirectUrlError
		);
	} );

	it( 'allows a referenceId of 1 to 50 characters', () => {
		const ref = ( referenceId: unknown ) => () =>
			checkCashAppPayRequest( request(), {
				redirectURL: OK.redirectURL,
				referenceId,
			} );
		expect( ref( 'x'.repeat( 50 ) ) ).not.toThrow();
		expect( ref( 'x'.repeat( 51 ) ) ).toThrow(
			CashAppPayInvalidPaymentRequestError
		);
		expect( ref( '' ) ).toThrow( CashAppPayInvalidPaymentRequestError );
		expect( ref( 7 ) ).toThrow( CashAppPayInvalidPaymentRequestError );
	} );

	it( 'converts amounts exactly', () => {
		expect( usdCents( '0.29' ) ).toBe( 29 );
		expect( usdCents( '1.1' ) ).toBe( 110 );
		expect( usdCents( '100' ) ).toBe( 10000 );
	} );
} );

describe( 'checkButtonOptions', () => {
	it( 'defaults to round and dark; false means no button', () => {
		expect( checkButtonOptions( undefined ) ).toEqual( {
			shape: 'round',
			theme: 'dark',
		} );
		expect( checkButtonOptions( false ) ).toBe( false );
		expect(
			checkButtonOptions( {
				shape: 'semiround',
				width: 'full',
				size: 'small',
				values: 'light',
			} )
		).toEqual( {
			shape: 'semiround',
			theme: 'light',
			width: 'full',
			size: 'small',
		} );
	} );

	it( 'refuses wrong types before wrong values', () => {
		expect( () =>
			checkButtonOptions( { shape: 'square', theme: 3 } )
		).toThrow( InvalidCashAppPayOptionsFieldTypes );
		expect( () => checkButtonOptions( { shape: 'square' } ) ).toThrow(
			InvalidCashAppPayOptionsFieldValues
		);
		expect( () => checkButtonOptions( { colour: 'red' } ) ).toThrow(
			InvalidCashAppPayOptionsFieldValues
		);
		expect( () => checkButtonOptions( 'round' ) ).toThrow(
			InvalidCashAppPayOptionsFieldTypes
		);
		expect( new InvalidCashAppPayOptionsFieldTypes( 'x', 'y' ).name ).toBe(
			'InvalidCashAppPayOptionsFieldTypes'
		);
	} );

	it( 'accepts only a function as shouldTokenize', () => {
		const fn = async () => true;
		expect( checkShouldTokenize( fn ) ).toBe( fn );
		expect( checkShouldTokenize( undefined ) ).toBeUndefined();
		expect( () => checkShouldTokenize( true ) ).toThrow(
			CashAppPayInvalidShouldTokenizeError
		);
	} );
} );

describe( 'expiryWarningDelay', () => {
	it( 'is one minute before the expiry, at least one minute', () => {
		expect( expiryWarningDelay( 10 * 60000 ) ).toBe( 9 * 60000 );
		expect( expiryWarningDelay( 90000 ) ).toBe( 60000 );
		expect( expiryWarningDelay( 30000 ) ).toBe( 60000 );
		expect( expiryWarningDelay( -5 ) ).toBe( 60000 );
	} );

	it( 'is skipped at 2147483647 ms or more', () => {
		expect( expiryWarningDelay( 2147483646 ) ).toBe( 2147483646 - 60000 );
		expect( expiryWarningDelay( 2147483647 ) ).toBeNull();
		expect( expiryWarningDelay( Infinity ) ).toBeNull();
	} );
} );
