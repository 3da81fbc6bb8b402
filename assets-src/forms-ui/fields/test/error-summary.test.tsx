import { fireEvent, render, screen } from '@testing-library/react';
import { createRef } from '@wordpress/element';
import type { FieldDefinition } from '../../../shared';
import { Field } from '../../components/Field';
import { ErrorSummary } from '../../components/ErrorSummary';
import { fieldError, serverErrors } from '../errors';
import { focused } from './harness';

const name: FieldDefinition = {
	id: 5,
	type: 'name',
	label: 'Name',
	isRequired: true,
};

describe( 'errors of multi-input fields', () => {
	it( 'keeps the inputs an issue names', () => {
		expect(
			fieldError( { code: 'required', inputs: [ '5.6' ] } as never, name )
		).toEqual( { message: 'This field is required.', inputs: [ '5.6' ] } );
		expect( fieldError( { code: 'required' }, name ) ).toEqual( {
			message: 'This field is required.',
		} );
	} );

	it( "reads the inputs of a refused submission from the server's details", () => {
		expect(
			serverErrors(
				{ 5: 'Enter a valid ZIP code.', 6: 'This field is required.' },
				{ 5: { code: 'postal_code', inputs: [ '5.5' ] } }
			)
		).toEqual( {
			5: { message: 'Enter a valid ZIP code.', inputs: [ '5.5' ] },
			6: { message: 'This field is required.' },
		} );
		expect( serverErrors( { 6: 'Bad.' }, undefined ) ).toEqual( {
			6: { message: 'Bad.' },
		} );
	} );

	it( "the summary's link focuses the first input the error names", () => {
		const error = { message: 'This field is required.', inputs: [ '5.6' ] };
		render(
			<>
				<ErrorSummary
					formId={ 1 }
					heading="There was a problem."
					fields={ [ name ] }
					errors={ { 5: error } }
					focusRef={ createRef() }
				/>
				<Field
					formId={ 1 }
					field={ name }
					value={ [ '', 'Ada', '', '', '' ] }
					error={ error.message }
					errorInputs={ error.inputs }
					onChange={ () => {} }
				/>
			</>
		);
		const link = screen.getByRole( 'link', {
			name: 'Name: This field is required.',
		} );
		expect( link.getAttribute( 'href' ) ).toBe( '#input_1_5_6' );
		fireEvent.click( link );
		expect( focused() ).toBe( screen.getByLabelText( 'Last' ) );
	} );

	it( 'falls back to the first control when no element has the id', () => {
		render(
			<>
				<ErrorSummary
					formId={ 1 }
					heading="There was a problem."
					fields={ [ name ] }
					errors={ { 5: { message: 'Bad.' } } }
					focusRef={ createRef() }
				/>
				<Field
					formId={ 1 }
					field={ name }
					value={ undefined }
					error="Bad."
					onChange={ () => {} }
				/>
			</>
		);
		fireEvent.click( screen.getByRole( 'link', { name: 'Name: Bad.' } ) );
		expect( focused() ).toBe( screen.getByLabelText( 'First' ) );
	} );
} );
