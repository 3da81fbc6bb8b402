import { fireEvent, screen } from '@testing-library/react';
import { renderField } from './harness';

const inputs = [
	{ id: '5.2', isHidden: false, choices: [ { text: 'Dr.', value: 'Dr.' } ] },
	{ id: '5.3', customLabel: 'Given name' },
	{ id: '5.4', isHidden: true },
	{ id: '5.6' },
	{ id: '5.8', isHidden: true },
];

describe( 'name field', () => {
	it( 'groups the shown inputs under a legend, with their labels, tokens and ids', () => {
		renderField( {
			type: 'name',
			label: 'Your name',
			isRequired: true,
			inputs,
		} );
		const group = screen.getByRole( 'group', {
			name: 'Your name (Required)',
		} );
		expect( group.tagName ).toBe( 'FIELDSET' );
		const prefix = screen.getByLabelText( 'Prefix' );
		expect( prefix.tagName ).toBe( 'SELECT' );
		expect( prefix.getAttribute( 'autocomplete' ) ).toBe(
			'honorific-prefix'
		);
		expect( screen.getByRole( 'option', { name: 'Dr.' } ) ).toBeTruthy();
		const first = screen.getByLabelText( 'Given name' );
		expect( first.id ).toBe( 'input_1_5_3' );
		expect( first.getAttribute( 'name' ) ).toBe( 'input_5.3' );
		expect( first.getAttribute( 'autocomplete' ) ).toBe( 'given-name' );
		expect( first.getAttribute( 'aria-required' ) ).toBe( 'true' );
		const last = screen.getByLabelText( 'Last' );
		expect( last.getAttribute( 'autocomplete' ) ).toBe( 'family-name' );
		expect( prefix.getAttribute( 'aria-required' ) ).toBeNull();
		// Hidden inputs are not rendered.
		expect( screen.queryByLabelText( 'Middle' ) ).toBeNull();
		expect( screen.queryByLabelText( 'Suffix' ) ).toBeNull();
	} );

	it( 'shows First and Last by default and keeps the value as a five-part tuple', () => {
		const { last } = renderField( { type: 'name' } );
		expect( screen.queryByLabelText( 'Prefix' ) ).toBeNull();
		fireEvent.change( screen.getByLabelText( 'Last' ), {
			target: { value: 'Lovelace' },
		} );
		fireEvent.change( screen.getByLabelText( 'First' ), {
			target: { value: 'Ada' },
		} );
		expect( last() ).toEqual( [ '', 'Ada', '', 'Lovelace', '' ] );
	} );

	it( 'an input the definition does not list keeps its default', () => {
		renderField( {
			type: 'name',
			inputs: [ { id: '5.4', isHidden: false } ],
		} );
		expect( screen.getByLabelText( 'Middle' ).id ).toBe( 'input_1_5_4' );
		expect( screen.getByLabelText( 'First' ) ).toBeTruthy();
		expect( screen.queryByLabelText( 'Prefix' ) ).toBeNull();
	} );

	it( 'marks only the inputs the error names invalid, each described by the message', () => {
		renderField(
			{ type: 'name', isRequired: true },
			{ error: 'This field is required.', errorInputs: [ '5.6' ] }
		);
		const first = screen.getByLabelText( 'First' );
		const last = screen.getByLabelText( 'Last' );
		expect( first.getAttribute( 'aria-invalid' ) ).toBeNull();
		expect( last.getAttribute( 'aria-invalid' ) ).toBe( 'true' );
		expect( last.getAttribute( 'aria-describedby' ) ).toBe(
			'validation_message_1_5'
		);
		expect(
			document.getElementById( 'validation_message_1_5' )?.textContent
		).toBe( 'This field is required.' );
	} );

	it( 'marks every input invalid when the error names none', () => {
		renderField( { type: 'name' }, { error: 'Bad.' } );
		expect(
			screen.getByLabelText( 'First' ).getAttribute( 'aria-invalid' )
		).toBe( 'true' );
		expect(
			screen.getByLabelText( 'Last' ).getAttribute( 'aria-invalid' )
		).toBe( 'true' );
	} );

	it( 'is one text input with the name token in the simple format', () => {
		renderField( { type: 'name', label: 'Name', nameFormat: 'simple' } );
		const input = screen.getByLabelText( 'Name' );
		expect( input.id ).toBe( 'input_1_5' );
		expect( input.getAttribute( 'autocomplete' ) ).toBe( 'name' );
		expect( screen.queryByRole( 'group' ) ).toBeNull();
	} );
} );
