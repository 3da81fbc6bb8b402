/**
 * accounting-js lays out what our exact decimals rounded (issue 19): a property test that its
 * output equals the exact formatter's for every currency of the table, for amounts up to 10^13
 * with extra places to round, both signs, and the number formats of the fields.
 */
import * as accounting from 'accounting-js';
import { CURRENCIES } from '../all-currencies';
import {
	formatMoney,
	formatMoneyExact,
	formatNumber,
	formatNumberExact,
} from '../format';

jest.mock( 'accounting-js', () => {
	const actual = jest.requireActual( 'accounting-js' );
	return {
		...actual,
		formatMoney: jest.fn( actual.formatMoney ),
		formatNumber: jest.fn( actual.formatNumber ),
	};
} );

/**
 * A small seeded generator (Park–Miller): the same amounts on every run.
 *
 * @param seed Seed (1 to 2^31 − 2).
 */
function random( seed: number ): () => number {
	let state = seed;
	return () => {
		state = ( state * 16807 ) % 2147483647;
		return ( state - 1 ) / 2147483646;
	};
}

/**
 * A decimal string below 10^13 with up to `places` places (random digits, random sign; often
 * ending in 5 so that rounding half away from zero is tried).
 *
 * @param next   Generator.
 * @param places Most places.
 */
function amount( next: () => number, places: number ): string {
	const integerDigits = 1 + Math.floor( next() * 13 );
	let integer = '';
	for ( let i = 0; i < integerDigits; i++ ) {
		integer += Math.floor( next() * 10 );
	}
	integer = integer.replace( /^0+(?=\d)/, '' );
	const count = Math.floor( next() * ( places + 1 ) );
	let fraction = '';
	for ( let i = 0; i < count; i++ ) {
		fraction += Math.floor( next() * 10 );
	}
	if ( fraction && next() < 0.4 ) {
		fraction = fraction.slice( 0, -1 ) + '5';
	}
	const sign = next() < 0.3 ? '-' : '';
	return sign + integer + ( fraction ? `.${ fraction }` : '' );
}

const EDGES = [
	'0',
	'0.004',
	'-0.004',
	'0.005',
	'-0.005',
	'0.495',
	'0.5',
	'-0.5',
	'999.995',
	'1000',
	'1234567.891',
	'9999999999999.99',
	'-9999999999999.99',
	'9999999999999.995',
	'10000000000000',
];

describe( 'accounting-js lays out our exact amounts', () => {
	beforeEach( () => jest.clearAllMocks() );

	it( 'formatMoney equals the exact formatter in every currency, for 2,000 amounts each up to 10^13', () => {
		const next = random( 20261128 );
		for ( const code of Object.keys( CURRENCIES ) ) {
			const amounts = [ ...EDGES ];
			for ( let i = 0; i < 2000; i++ ) {
				amounts.push( amount( next, 4 ) );
			}
			for ( const value of amounts ) {
				expect( [ code, value, formatMoney( value, code ) ] ).toEqual( [
					code,
					value,
					formatMoneyExact( value, code ),
				] );
			}
		}
		// The layout was accounting-js's (not the exact formatter's fallback).
		expect(
			( accounting.formatMoney as jest.Mock ).mock.calls.length
		).toBeGreaterThan( Object.keys( CURRENCIES ).length * 2000 );
	} );

	it( 'formatNumber equals the exact formatter for 0–4 places and every number format', () => {
		const next = random( 42 );
		const formats = [ 'decimal_dot', 'decimal_comma', 'currency' ] as const;
		for ( let i = 0; i < 20000; i++ ) {
			const value = i < EDGES.length ? EDGES[ i ]! : amount( next, 6 );
			const places = Math.floor( next() * 5 );
			const format = formats[ i % 3 ]!;
			const code = format === 'currency' ? 'EUR' : undefined;
			expect( [
				value,
				places,
				format,
				formatNumber( value, places, format, code ),
			] ).toEqual( [
				value,
				places,
				format,
				formatNumberExact( value, places, format, code ),
			] );
		}
		expect(
			( accounting.formatNumber as jest.Mock ).mock.calls.length
		).toBeGreaterThan( 19000 );
	} );

	it( 'numbers a double cannot hold are written by the exact formatter, digit for digit', () => {
		expect( formatMoney( '123456789012345678.99', 'USD' ) ).toBe(
			'$123,456,789,012,345,678.99'
		);
		expect( formatNumber( '0.12345678901234567', -1 ) ).toBe(
			'0.12345678901234567'
		);
		expect( formatMoney( 12.5, 'EUR' ) ).toBe(
			formatMoneyExact( '12.5', 'EUR' )
		);
		expect( formatMoney( '-0.004', 'USD' ) ).toBe( '$0.00' );
		expect( formatMoney( '-1234.5', 'USD' ) ).toBe( '-$1,234.50' );
	} );
} );
