import { CARD_PREFIXES } from '../card-type';
import {
	DEFAULT_CARD_RULES,
	cardDigits,
	detectCardType,
	luhnValid,
	normalizeCardRules,
} from '../card-rules';

describe( 'card rules', () => {
	it( 'the shared defaults carry the same prefixes as cardType()', () => {
		const prefixes = Object.fromEntries(
			Object.entries( DEFAULT_CARD_RULES ).map( ( [ slug, rule ] ) => [
				slug,
				rule.prefixes,
			] )
		);
		expect( prefixes ).toEqual( CARD_PREFIXES );
		expect( DEFAULT_CARD_RULES.visa.name ).toBe( 'Visa' );
		expect( DEFAULT_CARD_RULES.amex.lengths ).toEqual( [ 15 ] );
	} );

	it( 'keeps only well-formed entries from untrusted tables', () => {
		expect(
			normalizeCardRules( {
				good: { name: 'Good', prefixes: [ '12', [ '30', '35' ], 'x' ] },
				noname: { prefixes: [ '4' ] },
				'Bad Slug': { name: 'B', prefixes: [ '4' ] },
				noprefix: { name: 'None', prefixes: [ 'abc' ] },
				badrange: { name: 'Range', prefixes: [ [ '1', '23' ] ] },
				lengths: {
					name: 'L',
					prefixes: [ '5' ],
					lengths: [ 16, 0, 40, 'x' ],
				},
			} )
		).toEqual( {
			good: {
				name: 'Good',
				prefixes: [ '12', [ '30', '35' ] ],
				lengths: [],
			},
			lengths: { name: 'L', prefixes: [ '5' ], lengths: [ 16 ] },
		} );
		expect( normalizeCardRules( null ) ).toEqual( {} );
		expect( normalizeCardRules( [ 1, 2 ] ) ).toEqual( {} );
	} );

	it( 'reads digits with spaces and dashes, nothing else', () => {
		expect( cardDigits( ' 4111-1111 1111 ' ) ).toBe( '411111111111' );
		expect( cardDigits( '4111.1111' ) ).toBeNull();
	} );

	it( 'checks the Luhn sum', () => {
		expect( luhnValid( '4111111111111111' ) ).toBe( true );
		expect( luhnValid( '4111111111111112' ) ).toBe( false );
		expect( luhnValid( '378282246310005' ) ).toBe( true );
		expect( luhnValid( '' ) ).toBe( false );
	} );

	it( 'detects under a table, never when two types match', () => {
		expect( detectCardType( '5555 5555' ) ).toBe( 'mastercard' );
		expect(
			detectCardType( '4111', {
				a: { name: 'A', prefixes: [ '4' ] },
				b: { name: 'B', prefixes: [ '41' ] },
			} )
		).toBeNull();
	} );
} );
