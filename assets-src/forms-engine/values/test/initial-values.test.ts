import type { FormDefinition } from '../../../shared';
import { initialValues, toSubmissionValues } from '../initial-values';

const form: FormDefinition = {
	title: 'T',
	fields: [
		{ id: 1, type: 'text', defaultValue: 'Ada' },
		{
			id: 2,
			type: 'radio',
			choices: [
				{ text: 'A', value: 'a' },
				{ text: 'B', value: 'b', isSelected: true },
			],
		},
		{
			id: 3,
			type: 'checkbox',
			choices: [
				{ text: 'X', value: 'x', isSelected: true },
				{ text: 'Y', value: 'y' },
				{ text: 'Z', value: 'z', isSelected: true },
			],
		},
		{ id: 4, type: 'section', label: 'S' },
		{ id: 5, type: 'hidden', defaultValue: 'utm' },
		{ id: 6, type: 'select', choices: [ { text: 'A', value: 'a' } ] },
	],
};

describe( 'initialValues', () => {
	it( 'takes defaults and pre-selected choices, skipping display-only fields', () => {
		expect( initialValues( form ) ).toEqual( {
			1: 'Ada',
			2: 'b',
			3: [ 'x', 'z' ],
			5: 'utm',
			6: '',
		} );
	} );
} );

describe( 'toSubmissionValues', () => {
	it( 'keys values by field id as strings and copies lists', () => {
		const values = initialValues( form );
		const out = toSubmissionValues( form, values );
		expect( out ).toEqual( {
			1: 'Ada',
			2: 'b',
			3: [ 'x', 'z' ],
			5: 'utm',
			6: '',
		} );
		expect( out[ '3' ] ).not.toBe( values[ 3 ] );
	} );
} );
