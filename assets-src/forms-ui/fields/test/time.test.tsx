import { fireEvent, screen } from '@testing-library/react';
import { renderField } from './harness';

describe( 'time field', () => {
	it( '12-hour: hours, minutes and AM/PM in a fieldset; the value is a tuple', () => {
		const { last } = renderField(
			{ type: 'time', label: 'Arrival', isRequired: true },
			{ error: 'Bad time.', errorInputs: [ '5.1' ] }
		);
		screen.getByRole( 'group', { name: 'Arrival (Required)' } );
		const hours = screen.getByLabelText( 'Hours' );
		const minutes = screen.getByLabelText( 'Minutes' );
		const ampm = screen.getByLabelText( 'AM/PM' );
		expect( hours.id ).toBe( 'input_1_5_1' );
		expect( ampm.id ).toBe( 'input_1_5_3' );
		expect( hours.getAttribute( 'aria-invalid' ) ).toBe( 'true' );
		expect( minutes.getAttribute( 'aria-invalid' ) ).toBeNull();
		expect( minutes.getAttribute( 'aria-required' ) ).toBe( 'true' );
		fireEvent.change( hours, { target: { value: '9' } } );
		fireEvent.change( minutes, { target: { value: '30' } } );
		fireEvent.change( ampm, { target: { value: 'pm' } } );
		expect( last() ).toEqual( [ '9', '30', 'pm' ] );
	} );

	it( '24-hour: no AM/PM', () => {
		renderField( { type: 'time', timeFormat: '24' } );
		expect( screen.getByLabelText( 'Hours' ) ).toBeTruthy();
		expect( screen.queryByLabelText( 'AM/PM' ) ).toBeNull();
	} );
} );
