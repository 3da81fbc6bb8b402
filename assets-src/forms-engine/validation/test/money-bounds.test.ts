import fixtures from '../../../../tests/fixtures/engine/money-bounds.json';
import type { FormDefinition, FormValues } from '../../../shared';
import {
	limitsOf,
	maxMinorUnits,
	readDecimal,
	toMinorUnitsWithin,
	type ValueFormat,
} from '../../../shared/money';
import { evaluateForm, prepareForm } from '../../evaluate/evaluate';
import { validateSubmission } from '../submission';
import { readQuantity } from '../quantity';

describe( 'money bounds fixtures (also run by PHPUnit)', () => {
	it.each( fixtures.readDecimal )( 'readDecimal( $text, $format )', ( c ) => {
		expect(
			readDecimal(
				c.text,
				c.format as ValueFormat,
				( c as { currency?: string } ).currency
			)
		).toBe( c.expected );
	} );

	it.each( fixtures.minorUnitsWithin )(
		'toMinorUnitsWithin( $decimal, $decimals, $max )',
		( { decimal, decimals, max, expected } ) => {
			expect( toMinorUnitsWithin( decimal, decimals, max ) ).toBe(
				expected
			);
		}
	);

	it.each( fixtures.limits )( 'limitsOf( $given )', ( c ) => {
		const limits = limitsOf( c.given );
		expect( limits ).toEqual( c.expected );
		for ( const [ decimals, expected ] of Object.entries( c.maxMinor ) ) {
			expect( maxMinorUnits( limits, Number( decimals ) ) ).toBe(
				expected
			);
		}
	} );

	it.each( fixtures.submissions )( '$name', ( c ) => {
		const form = c.form as unknown as FormDefinition;
		const values = c.values as FormValues;
		expect( validateSubmission( form, values ) ).toEqual(
			c.expected.errors
		);
		const pricing = evaluateForm( prepareForm( form ), values ).pricing;
		expect( pricing?.totalMinor ).toBe( c.expected.totalMinor );
		// Every amount is an exact integer of minor units, never an inexact float.
		for ( const amount of [
			pricing?.totalMinor,
			pricing?.shippingMinor,
			...( pricing?.products ?? [] ).flatMap( ( line ) => [
				line.unitMinor,
				line.lineMinor,
			] ),
		] ) {
			expect( Number.isSafeInteger( amount ) ).toBe( true );
		}
	} );
} );

describe( 'readQuantity', () => {
	it( 'never turns a long number into an inexact float', () => {
		expect(
			readQuantity( '9007199254740993', 'decimal_dot', 9e15 )
		).toEqual( { code: 'range', min: 0, max: 9e15 } );
		expect( readQuantity( '12', 'decimal_dot', 12 ) ).toBe( 12 );
	} );
} );
