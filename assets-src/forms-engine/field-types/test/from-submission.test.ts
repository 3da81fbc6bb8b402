/**
 * `fromSubmission` (docs/server-rendering.md §1): a form printed after a plain post starts from
 * the submission's values, so each unit reads its value back from the wire, the inverse of its
 * `toSubmission`. Over the shared fixtures' values: value → wire → value gives the value back
 * (for values already in the form the browser holds them: trimmed, hidden inputs blank), and
 * wire → value → wire gives the wire back for every case.
 */
import consent from '../../../../tests/fixtures/field-types/consent.json';
import multiselect from '../../../../tests/fixtures/field-types/multiselect.json';
import name from '../../../../tests/fixtures/field-types/name.json';
import phone from '../../../../tests/fixtures/field-types/phone.json';
import time from '../../../../tests/fixtures/field-types/time.json';
import website from '../../../../tests/fixtures/field-types/website.json';
import validation from '../../../../tests/fixtures/engine/field-validation.json';
import type { FieldDefinition, FieldValue } from '../../../shared';
import { fieldTypeUnit, fromSubmission } from '../registry';

interface Case {
	name: string;
	field: FieldDefinition;
	value: FieldValue;
}

/** The types whose units this covers (helper 2's: the plain inputs). */
const TYPES = [
	'text',
	'textarea',
	'hidden',
	'email',
	'number',
	'quantity',
	'select',
	'radio',
	'checkbox',
	'name',
	'phone',
	'website',
	'time',
	'consent',
	'multiselect',
];

const fromTypeFiles = (
	[ consent, multiselect, name, phone, time, website ] as unknown as Array< {
		cases: Case[];
	} >
 ).flatMap( ( file ) => file.cases );

// The one-value types' cases of the validation fixture (the value shapes each type takes).
const fromValidation = (
	validation.cases as unknown as Array< Case & { value: unknown } >
 ).filter(
	( c ) =>
		TYPES.includes( c.field.type ) &&
		( typeof c.value === 'string' ||
			( Array.isArray( c.value ) &&
				c.value.every( ( v ) => typeof v === 'string' ) ) )
);

const unitOf = ( field: FieldDefinition ) => {
	const unit = fieldTypeUnit( field.type );
	if ( ! unit ) {
		throw new Error( `no unit for ${ field.type }` );
	}
	return unit;
};

const LIST_TYPES = [ 'checkbox', 'multiselect' ];

/**
 * Whether a value has the shape the field's type holds (a list for a list field, a text for a
 * one-text field): a value of the wrong shape is refused as `invalid` and never read back.
 *
 * @param c The case.
 */
const hasItsShape = ( c: Case ) =>
	! unitOf( c.field ).inputIds( c.field ).length ||
	c.field.nameFormat === 'simple'
		? LIST_TYPES.includes( c.field.type ) === Array.isArray( c.value )
		: true;

const CASES: Case[] = [ ...fromTypeFiles, ...fromValidation ].filter(
	( c ) => TYPES.includes( c.field.type ) && hasItsShape( c )
);

/**
 * Whether a value is as the browser holds it after reading a wire: no padded text; a tuple's inputs the wire leaves out
 * (hidden ones) are blank; a consent is '' or '1'.
 *
 * @param c The case.
 */
function isHeldForm( c: Case ): boolean {
	const parts = Array.isArray( c.value ) ? c.value : [ c.value ];
	if ( parts.some( ( p ) => p !== p.trim() ) ) {
		return false;
	}
	if ( c.field.type === 'consent' ) {
		return c.value === '' || c.value === '1';
	}
	const unit = unitOf( c.field );
	const ids = unit.inputIds( c.field );
	if ( ids.length === 0 || c.field.nameFormat === 'simple' ) {
		return true;
	}
	const wire = unit.toSubmission( c.field, c.value );
	return (
		Array.isArray( c.value ) &&
		c.value.every( ( p, i ) => p === '' || ids[ i ] in wire )
	);
}

describe( 'fromSubmission, the inverse of toSubmission', () => {
	it( 'has cases for every type it covers', () => {
		const covered = new Set( CASES.map( ( c ) => c.field.type ) );
		expect( [ ...covered ].sort() ).toEqual( [ ...TYPES ].sort() );
	} );

	it.each( CASES.filter( isHeldForm ) )(
		'$field.type $name: value → wire → the value',
		( c ) => {
			const unit = unitOf( c.field );
			expect( unit.fromSubmission ).toBeDefined();
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

	it( 'takes most cases whole (the held-form filter leaves few out)', () => {
		expect( CASES.filter( isHeldForm ).length ).toBeGreaterThan(
			CASES.length * 0.7
		);
	} );

	it.each( [
		[ 'text', undefined ],
		[ 'hidden', undefined ],
		[ 'quantity', undefined ],
		[ 'radio', undefined ],
		[ 'checkbox', undefined ],
		[ 'multiselect', undefined ],
		[ 'name', undefined ],
		[ 'time', undefined ],
		// An unchecked box sends nothing: nothing is not checked.
		[ 'consent', '' ],
	] )( 'a %s field without wire values reads %p', ( type, expected ) => {
		const field = { id: 4, type } as FieldDefinition;
		expect( fromSubmission( field, { '9': 'other field' } ) ).toBe(
			expected
		);
	} );

	it( 'reads a name’s inputs into the tuple, blank for inputs not sent', () => {
		const field = { id: 4, type: 'name' } as FieldDefinition;
		expect(
			fromSubmission( field, { '4.3': 'Ada', '4.6': 'Lovelace' } )
		).toEqual( [ '', 'Ada', '', 'Lovelace', '' ] );
		expect(
			fromSubmission( { ...field, nameFormat: 'simple' }, { '4': 'Ada' } )
		).toBe( 'Ada' );
	} );

	it( 'reads a time’s inputs, AM/PM blank on a 24-hour clock', () => {
		const twelve = { id: 4, type: 'time' } as FieldDefinition;
		expect(
			fromSubmission( twelve, { '4.1': '9', '4.2': '05', '4.3': 'pm' } )
		).toEqual( [ '9', '05', 'pm' ] );
		expect(
			fromSubmission(
				{ ...twelve, timeFormat: '24' },
				{ '4.1': '21', '4.2': '05', '4.3': 'pm' }
			)
		).toEqual( [ '21', '05', '' ] );
	} );

	it( 'reads a plain post’s checkboxes by their input ids, in choice order', () => {
		const field = {
			id: 4,
			type: 'checkbox',
			choices: [
				{ text: 'A', value: 'a' },
				{ text: 'B', value: 'b' },
				{ text: 'C', value: 'c' },
			],
		} as FieldDefinition;
		expect( fromSubmission( field, { '4.3': 'c', '4.1': 'a' } ) ).toEqual( [
			'a',
			'c',
		] );
		expect( fromSubmission( field, { '4.2': '' } ) ).toEqual( [] );
		// An imported field's own input ids.
		const imported = {
			...field,
			inputs: [ { id: '4.1' }, { id: '4.2' }, { id: '4.11' } ],
		};
		expect( fromSubmission( imported, { '4.11': 'c' } ) ).toEqual( [
			'c',
		] );
		expect( fromSubmission( imported, { '4.3': 'c' } ) ).toBeUndefined();
		// The browser's list wins.
		expect( fromSubmission( field, { '4': [ 'b' ], '4.1': 'a' } ) ).toEqual(
			[ 'b' ]
		);
	} );

	it( 'reads a radio’s other text beside the other choice', () => {
		const field = {
			id: 4,
			type: 'radio',
			choices: [ { text: 'A', value: 'a' } ],
			enableOtherChoice: true,
		} as FieldDefinition;
		expect(
			fromSubmission( field, {
				'4': 'gf_other_choice',
				'4_other': 'Huge',
			} )
		).toBe( 'Huge' );
		expect(
			fromSubmission( field, { '4': 'gf_other_choice', '4_other': '' } )
		).toBe( 'gf_other_choice' );
		expect( fromSubmission( field, { '4': 'a', '4_other': 'x' } ) ).toBe(
			'a'
		);
		expect(
			fromSubmission(
				{ ...field, enableOtherChoice: false },
				{ '4': 'gf_other_choice', '4_other': 'Huge' }
			)
		).toBe( 'gf_other_choice' );
	} );

	it( 'keeps a list for list fields and a text for text fields', () => {
		expect(
			fromSubmission( { id: 4, type: 'checkbox' } as FieldDefinition, {
				'4': [ 'a', 'b' ],
			} )
		).toEqual( [ 'a', 'b' ] );
		expect(
			fromSubmission( { id: 4, type: 'text' } as FieldDefinition, {
				'4': [ 'a' ],
			} )
		).toBeUndefined();
		expect(
			fromSubmission( { id: 4, type: 'multiselect' } as FieldDefinition, {
				'4': 'a',
			} )
		).toBeUndefined();
	} );
} );
