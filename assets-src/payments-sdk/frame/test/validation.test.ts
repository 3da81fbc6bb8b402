import {
	checkCardNumber,
	checkCvv,
	checkExpiry,
	checkPostal,
	detectBrand,
	formatCardNumber,
	formatExpiry,
	luhn,
} from '../validation';

describe( 'card rules in the frame', () => {
	it( 'detects brands and formats per brand', () => {
		expect( detectBrand( '4111' ) ).toBe( 'VISA' );
		expect( detectBrand( '3400' ) ).toBe( 'AMERICAN_EXPRESS' );
		expect( detectBrand( '2221' ) ).toBe( 'MASTERCARD' );
		expect( detectBrand( '6011' ) ).toBe( 'DISCOVER' );
		expect( detectBrand( '3566' ) ).toBe( 'JCB' );
		expect( detectBrand( '9999' ) ).toBe( 'OTHER_BRAND' );
		expect( formatCardNumber( '4111111111111111' ) ).toBe(
			'4111 1111 1111 1111'
		);
		expect( formatCardNumber( '340000000000009' ) ).toBe(
			'3400 000000 00009'
		);
		expect( formatExpiry( '1230' ) ).toBe( '12/30' );
		expect( formatExpiry( '4' ) ).toBe( '04' );
	} );
	it( 'checks Luhn and lengths', () => {
		expect( luhn( '4111111111111111' ) ).toBe( true );
		expect( luhn( '4111111111111112' ) ).toBe( false );
		expect( checkCardNumber( '4111 1111 1111 1111' ).valid ).toBe( true );
		expect( checkCardNumber( '4111 1111' ) ).toEqual( {
			valid: false,
			potentiallyValid: true,
		} );
		expect( checkCardNumber( '4111111111111112' ) ).toEqual( {
			valid: false,
			potentiallyValid: true,
		} );
		expect(
			checkCardNumber( '4111111111111111112' ).potentiallyValid
		).toBe( false );
	} );
	it( 'checks expiry against the current month', () => {
		const now = new Date( 2026, 10, 21 );
		expect( checkExpiry( '11/26', now ).valid ).toBe( true );
		expect( checkExpiry( '10/26', now ).valid ).toBe( false );
		expect( checkExpiry( '13/30', now ).valid ).toBe( false );
		expect( checkExpiry( '1', now ).potentiallyValid ).toBe( true );
	} );
	it( 'CVV length per brand and postal code per country', () => {
		expect( checkCvv( '123', 'VISA' ).valid ).toBe( true );
		expect( checkCvv( '123', 'AMERICAN_EXPRESS' ) ).toEqual( {
			valid: false,
			potentiallyValid: true,
		} );
		expect( checkCvv( '1234', 'AMERICAN_EXPRESS' ).valid ).toBe( true );
		expect( checkPostal( '94103', 'US' ).valid ).toBe( true );
		expect( checkPostal( '94103-1234', 'US' ).valid ).toBe( true );
		expect( checkPostal( 'K1A 0B1', 'CA' ).valid ).toBe( true );
		expect( checkPostal( '94103', 'CA' ).valid ).toBe( false );
		expect( checkPostal( 'SW1A 1AA', 'GB' ).valid ).toBe( true );
		expect( checkPostal( 'ABCDE', 'US' ).valid ).toBe( false );
	} );
} );
