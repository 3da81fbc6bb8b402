import {
	GIFT_CARD_LENGTH,
	cardNumberLength,
	checkCardNumber,
	checkCvv,
	checkGiftCard,
	cvvLength,
	checkExpiry,
	checkPostal,
	detectBrand,
	formatCardNumber,
	formatExpiry,
	formatGiftCard,
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
	it( 'accepts China UnionPay numbers without Luhn (the published test card fails it)', () => {
		expect( luhn( '6222988812340000' ) ).toBe( false );
		expect( checkCardNumber( '6222 9888 1234 0000' ).valid ).toBe( true );
		// Other brands still need Luhn.
		expect( checkCardNumber( '4111 1111 1111 1112' ).valid ).toBe( false );
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
	it( 'reads CVV and complete-number lengths from the brand rules', () => {
		expect( cvvLength( 'AMERICAN_EXPRESS' ) ).toBe( 4 );
		expect( cvvLength( 'VISA' ) ).toBe( 3 );
		expect( cvvLength( 'OTHER_BRAND' ) ).toBe( 3 );
		expect( cardNumberLength( 'AMERICAN_EXPRESS' ) ).toBe( 15 );
		expect( cardNumberLength( 'MASTERCARD' ) ).toBe( 16 );
		expect( cardNumberLength( 'OTHER_BRAND' ) ).toBe( 16 );
	} );
	it( 'formats and checks gift card numbers (16 digits, Luhn)', () => {
		expect( GIFT_CARD_LENGTH ).toBe( 16 );
		expect( formatGiftCard( '77833200000000001234' ) ).toBe(
			'7783 3200 0000 0000'
		);
		expect( formatGiftCard( '77833' ) ).toBe( '7783 3' );
		expect( checkGiftCard( '7783 3200 0000 0000' ).valid ).toBe( true );
		expect( checkGiftCard( '7783 3200 0000 0001' ) ).toEqual( {
			valid: false,
			potentiallyValid: false,
		} );
		expect( checkGiftCard( '7783' ) ).toEqual( {
			valid: false,
			potentiallyValid: true,
		} );
	} );
} );
