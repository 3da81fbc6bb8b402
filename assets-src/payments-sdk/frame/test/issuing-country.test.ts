/**
 * BIN lookup of the card frame: once per BIN, only the BIN, stale answers ignored.
 */
import { postalCountryFor } from '../../protocol';
import { IssuingCountry } from '../issuing-country';

const settle = async () => {
	for ( let i = 0; i < 5; i++ ) {
		await Promise.resolve();
	}
};

describe( 'issuing country', () => {
	it( 'asks with the first 6 digits only, once per BIN, and forgets it when the BIN goes', async () => {
		const asked: string[] = [];
		const changes: Array< string | null > = [];
		const c: IssuingCountry = new IssuingCountry(
			async ( bin ) => {
				asked.push( bin );
				return { 455600: 'CA', 545454: 'GB' }[ bin ] ?? null;
			},
			() => changes.push( c.current )
		);
		c.update( '45560' );
		expect( asked ).toEqual( [] );
		c.update( '455600' );
		c.update( '4556000000000000' );
		await c.settled();
		expect( c.current ).toBe( 'CA' );
		c.update( '4556' );
		expect( c.current ).toBeNull();
		c.update( '455600000' );
		await c.settled();
		expect( asked ).toEqual( [ '455600' ] );
		expect( changes ).toEqual( [ 'CA', null, 'CA' ] );
	} );

	it( 'ignores the answer for a BIN no longer typed, and retries a failed lookup', async () => {
		const answers: Record< string, ( c: string | null ) => void > = {};
		let fail = true;
		const c = new IssuingCountry(
			( bin ) =>
				fail
					? Promise.reject( new Error( 'offline' ) )
					: new Promise( ( r ) => ( answers[ bin ] = r ) ),
			() => {}
		);
		c.update( '411111' );
		await c.settled();
		expect( c.current ).toBeNull();
		fail = false;
		c.update( '41111' );
		c.update( '411111' );
		c.update( '545454' );
		answers[ '545454' ]( 'GB' );
		await c.settled();
		answers[ '411111' ]( 'US' );
		await settle();
		expect( c.current ).toBe( 'GB' );
	} );
} );

describe( 'postalCountryFor', () => {
	it( 'uses the issuing country when it is US, CA or GB, else the locale region', () => {
		expect( postalCountryFor( 'CA', 'en-US' ) ).toBe( 'CA' );
		expect( postalCountryFor( 'gb', 'fr-CA' ) ).toBe( 'GB' );
		expect( postalCountryFor( 'US', 'en-GB' ) ).toBe( 'US' );
		expect( postalCountryFor( null, 'en-GB' ) ).toBe( 'GB' );
		expect( postalCountryFor( 'JP', 'fr-CA' ) ).toBe( 'CA' );
		expect( postalCountryFor( undefined, 'ja-JP' ) ).toBe( 'US' );
	} );
} );
