import { fireEvent, screen } from '@testing-library/react';
import { maskUsPhone } from '../phone/mask';
import { renderField } from './harness';

describe( 'US phone mask', () => {
	it.each( [
		[ '5', '(5' ],
		[ '5551', '(555) 1' ],
		[ '555123', '(555) 123' ],
		[ '5551234', '(555) 123-4' ],
		[ '5551234567', '(555) 123-4567' ],
		[ '555-123-4567', '(555) 123-4567' ],
	] )( 'shapes %s as %s', ( typed, shown ) => {
		expect( maskUsPhone( typed, typed.length, '' ).text ).toBe( shown );
	} );

	it( 'keeps the caret after the digit it followed', () => {
		// "(555) 12|3" with a 9 typed after the 2: "(555) 129|3" -> "(555) 129-3".
		expect( maskUsPhone( '(555) 1293', 9, '(555) 123' ) ).toEqual( {
			text: '(555) 129-3',
			caret: 9,
		} );
	} );

	it( 'leaves deletions, letters and more than ten digits as typed', () => {
		expect( maskUsPhone( '(555 1', 4, '(555) 1' ) ).toEqual( {
			text: '(555 1',
			caret: 4,
		} );
		expect( maskUsPhone( '555 CALL', 8, '555 CAL' ).text ).toBe(
			'555 CALL'
		);
		expect( maskUsPhone( '15551234567', 11, '1555123456' ).text ).toBe(
			'15551234567'
		);
	} );
} );

describe( 'phone field', () => {
	it( 'is a tel input with the national number token that masks as the visitor types', () => {
		const { last } = renderField( { type: 'phone', label: 'Phone' } );
		const input = screen.getByLabelText( 'Phone' ) as HTMLInputElement;
		expect( input.type ).toBe( 'tel' );
		expect( input.getAttribute( 'autocomplete' ) ).toBe( 'tel-national' );
		fireEvent.change( input, { target: { value: '5551234' } } );
		expect( input.value ).toBe( '(555) 123-4' );
		expect( last() ).toBe( '(555) 123-4' );
	} );

	it( 'leaves a deletion as the visitor made it', () => {
		renderField( { type: 'phone', label: 'Phone' }, { value: '(555) 1' } );
		const input = screen.getByLabelText( 'Phone' ) as HTMLInputElement;
		fireEvent.change( input, { target: { value: '(555 1' } } );
		expect( input.value ).toBe( '(555 1' );
		fireEvent.change( input, { target: { value: '(555 12' } } );
		expect( input.value ).toBe( '(555) 12' );
	} );

	it( 'takes an international number as typed', () => {
		renderField( {
			type: 'phone',
			label: 'Phone',
			phoneFormat: 'international',
		} );
		const input = screen.getByLabelText( 'Phone' ) as HTMLInputElement;
		expect( input.getAttribute( 'autocomplete' ) ).toBe( 'tel' );
		fireEvent.change( input, { target: { value: '+44 20 7946 0958' } } );
		expect( input.value ).toBe( '+44 20 7946 0958' );
	} );
} );

describe( 'website field', () => {
	it( 'is a url input with the url token and an https:// placeholder', () => {
		renderField( { type: 'website', label: 'Site' } );
		const input = screen.getByLabelText( 'Site' ) as HTMLInputElement;
		expect( input.type ).toBe( 'url' );
		expect( input.getAttribute( 'autocomplete' ) ).toBe( 'url' );
		expect( input.placeholder ).toBe( 'https://' );
	} );
} );
