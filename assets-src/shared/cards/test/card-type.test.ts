import { cardType } from '../card-type';

describe( 'cardType', () => {
	it.each( [
		[ '4111', 'visa' ],
		[ '4111 1111 1111 1111', 'visa' ],
		[ '4111-1111', 'visa' ],
		[ '5500 0000', 'mastercard' ],
		[ '2221000000000009', 'mastercard' ],
		[ '2720 99', 'mastercard' ],
		[ '2721 00', null ],
		[ '3782 822463 10005', 'amex' ],
		[ '6011 0000', 'discover' ],
		[ '6221 2600', 'discover' ],
		[ '3530 1113', 'jcb' ],
		[ '3056 9309', 'diners' ],
		[ '6759 0000', 'maestro' ],
		[ '411', null ],
		[ '4 1', null ],
		[ '', null ],
		[ '41a1 1111', null ],
		[ '9999 9999', null ],
	] )( '%s -> %s', ( number, expected ) => {
		expect( cardType( number ) ).toBe( expected );
	} );

	it( 'detects nothing when two types share a prefix', () => {
		expect(
			cardType( '1234 5678', { a: [ '12' ], b: [ '123' ] } )
		).toBeNull();
		expect( cardType( '1299 5678', { a: [ '12' ], b: [ '123' ] } ) ).toBe(
			'a'
		);
	} );
} );
