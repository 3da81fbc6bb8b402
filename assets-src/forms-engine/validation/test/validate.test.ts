import type { FormDefinition } from '../../../shared';
import { validateField, validateForm } from '../validate';

const form: FormDefinition = {
	title: 'T',
	fields: [
		{ id: 1, type: 'text', isRequired: true },
		{ id: 2, type: 'number', rangeMin: 1, rangeMax: 3 },
		{ id: 3, type: 'html', content: '<p>x</p>' },
		{ id: 4, type: 'email' },
	],
};

describe( 'validateForm', () => {
	it( 'reports each failing field once, by id', () => {
		expect(
			validateForm( form, { 1: '', 2: '9', 4: 'ok@example.org' } )
		).toEqual( {
			1: { code: 'required' },
			2: { code: 'range', min: 1, max: 3 },
		} );
	} );

	it( 'is empty when everything is valid', () => {
		expect( validateForm( form, { 1: 'Ada', 2: '2', 4: '' } ) ).toEqual(
			{}
		);
	} );
} );

describe( 'validateField', () => {
	it( 'counts characters, not UTF-16 units, for maxLength', () => {
		expect(
			validateField( { id: 1, type: 'text', maxLength: 2 }, '😀😀' )
		).toBeNull();
	} );

	it( 'reports the limit with max_length', () => {
		expect(
			validateField( { id: 1, type: 'text', maxLength: 2 }, 'abc' )
		).toEqual( {
			code: 'max_length',
			limit: 2,
		} );
	} );
} );
