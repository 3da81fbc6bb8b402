/**
 * `fromSubmission` of the pricing, list and script-control types (docs/server-rendering.md §1):
 * a form printed after a plain post starts from the submission's values. Over the shared
 * fixtures' values: value → wire → value gives the value back (for values as the browser holds
 * them: trimmed, hidden inputs blank) and wire → value → wire gives the wire back. Secrets, the
 * captcha's answer and the payment token are never read back.
 */
import address from '../../../../tests/fixtures/field-types/address.json';
import date from '../../../../tests/fixtures/field-types/date.json';
import option from '../../../../tests/fixtures/field-types/option.json';
import product from '../../../../tests/fixtures/field-types/product.json';
import shipping from '../../../../tests/fixtures/field-types/shipping.json';
import total from '../../../../tests/fixtures/field-types/total.json';
import type { FieldDefinition, FieldValue } from '../../../shared';
import { fieldTypeUnit, fromSubmission } from '../registry';

interface Case {
	name: string;
	field: FieldDefinition;
	value: FieldValue;
}

const FILES = [
	address,
	date,
	option,
	product,
	shipping,
	total,
] as unknown as Array< {
	cases: Case[];
} >;

/** Lists and uploads have no shared fixture file: their value shapes, by hand. */
const HAND: Case[] = [
	{
		name: 'list of two columns, two rows',
		field: {
			id: 1,
			type: 'list',
			columns: [ 'A', 'B' ],
		} as FieldDefinition,
		value: [ 'a <1>', 'b & 1', '"a2"', '' ],
	},
	{
		name: 'repeater of one field',
		field: {
			id: 1,
			type: 'repeater',
			fields: [ { id: 1, type: 'text', label: 'Guest' } ],
		} as unknown as FieldDefinition,
		value: [ 'Ada', 'Grace' ],
	},
	{
		name: 'two uploaded files',
		field: {
			id: 1,
			type: 'fileupload',
			multipleFiles: true,
		} as FieldDefinition,
		value: [ 'abc123', 'def_456' ],
	},
];

const unitOf = ( field: FieldDefinition ) => {
	const unit = fieldTypeUnit( field.type );
	if ( ! unit ) {
		throw new Error( `no unit for ${ field.type }` );
	}
	return unit;
};

/**
 * Whether a value has the shape the type holds (a wrong shape is refused as invalid, never read
 * back).
 *
 * @param c The case.
 */
const hasItsShape = ( c: Case ) => {
	const unit = unitOf( c.field );
	if ( unit.inputIds( c.field ).length ) {
		return Array.isArray( c.value );
	}
	const list =
		[ 'list', 'repeater', 'fileupload' ].includes( c.field.type ) ||
		( c.field.type === 'option' && c.field.inputType === 'checkbox' );
	return list === Array.isArray( c.value );
};

const CASES = [ ...FILES.flatMap( ( file ) => file.cases ), ...HAND ].filter(
	hasItsShape
);

/**
 * Whether a value is as the browser holds it after reading a wire: no padded text, the inputs
 * the wire leaves out blank (a US address's country: the one it is fixed to).
 *
 * @param c The case.
 */
function isHeldForm( c: Case ): boolean {
	const parts = Array.isArray( c.value ) ? c.value : [ c.value ];
	if ( parts.some( ( p ) => typeof p !== 'string' || p !== p.trim() ) ) {
		return false;
	}
	const unit = unitOf( c.field );
	const ids = unit.inputIds( c.field );
	if ( ids.length === 0 ) {
		return true;
	}
	const wire = unit.toSubmission( c.field, c.value );
	// A US or Canadian address never sends its country: it holds the fixed one.
	const fixed = ( i: number ) =>
		c.field.type === 'address' &&
		i === 5 &&
		[ 'us', 'canadian' ].includes( c.field.addressType ?? '' );
	return (
		Array.isArray( c.value ) &&
		c.value.every( ( p, i ) => p === '' || ids[ i ] in wire || fixed( i ) )
	);
}

describe( 'fromSubmission of pricing, lists and script-control types', () => {
	it( 'covers the types of the fixtures', () => {
		const covered = new Set( CASES.map( ( c ) => c.field.type ) );
		expect( [ ...covered ].sort() ).toEqual(
			[
				'address',
				'date',
				'fileupload',
				'list',
				'option',
				'product',
				'repeater',
				'shipping',
				'total',
			].sort()
		);
	} );

	it.each( CASES.filter( isHeldForm ) )(
		'$field.type $name: value → wire → the value',
		( c ) => {
			const unit = unitOf( c.field );
			const wire = unit.toSubmission( c.field, c.value );
			expect( fromSubmission( c.field, wire ) ).toEqual( c.value );
		}
	);

	it.each( CASES )( '$field.type $name: wire → value → the wire', ( c ) => {
		const unit = unitOf( c.field );
		const wire = unit.toSubmission( c.field, c.value );
		const back = fromSubmission( c.field, wire );
		expect( unit.toSubmission( c.field, back ) ).toEqual( wire );
	} );

	it( 'takes most cases whole', () => {
		expect( CASES.filter( isHeldForm ).length ).toBeGreaterThan(
			CASES.length * 0.7
		);
	} );

	it( 'reads a date of three inputs into its tuple, a picker’s text as it is', () => {
		const parts = {
			id: 4,
			type: 'date',
			dateType: 'datedropdown',
		} as FieldDefinition;
		expect(
			fromSubmission( parts, { '4.1': '02', '4.2': '28', '4.3': '2026' } )
		).toEqual( [ '02', '28', '2026' ] );
		expect(
			fromSubmission( { id: 4, type: 'date' } as FieldDefinition, {
				'4': '02/28/2026',
			} )
		).toBe( '02/28/2026' );
	} );

	it( 'gives a US address its fixed country', () => {
		const field = {
			id: 4,
			type: 'address',
			addressType: 'us',
		} as FieldDefinition;
		expect(
			fromSubmission( field, { '4.1': '1 Main St', '4.4': 'Ohio' } )
		).toEqual( [ '1 Main St', '', '', 'Ohio', '', 'United States' ] );
	} );

	it( 'reads a checkbox option as a list, a radio option as a text', () => {
		const field = { id: 4, type: 'option', inputType: 'checkbox' };
		expect(
			fromSubmission( field as FieldDefinition, { '4': [ 'Logo|2' ] } )
		).toEqual( [ 'Logo|2' ] );
		expect(
			fromSubmission(
				{ ...field, inputType: 'radio' } as FieldDefinition,
				{ '4': 'Logo|2' }
			)
		).toBe( 'Logo|2' );
	} );

	it.each( [
		[ 'password', { '4': 'secret', '4.2': 'secret' } ],
		[ 'creditcard', { '4.1': '4111111111111111', '4.3': '123' } ],
		[ 'captcha', { '4': 'spent-answer' } ],
		[ 'payment', { '4': 'tok_123' } ],
	] )( 'never reads a %s back', ( type, wire ) => {
		expect(
			fromSubmission( { id: 4, type } as FieldDefinition, wire )
		).toBeUndefined();
	} );

	it.each( [ 'product', 'total', 'list', 'fileupload', 'address', 'date' ] )(
		'a %s without wire values reads nothing',
		( type ) => {
			expect(
				fromSubmission( { id: 4, type } as FieldDefinition, {
					'9': 'other field',
				} )
			).toBeUndefined();
		}
	);
} );
