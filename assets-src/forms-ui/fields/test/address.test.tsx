import { fireEvent, screen, within } from '@testing-library/react';
import { renderField } from './harness';

describe( 'address field', () => {
	it( 'international: free region, a country list, tokens and required inputs', () => {
		const { last } = renderField( {
			type: 'address',
			label: 'Address',
			isRequired: true,
		} );
		screen.getByRole( 'group', { name: 'Address (Required)' } );
		const tokens = {
			'Street Address': 'address-line1',
			'Address Line 2': 'address-line2',
			City: 'address-level2',
			'State / Province / Region': 'address-level1',
			'ZIP / Postal Code': 'postal-code',
			Country: 'country-name',
		};
		for ( const [ label, token ] of Object.entries( tokens ) ) {
			expect(
				screen.getByLabelText( label ).getAttribute( 'autocomplete' )
			).toBe( token );
		}
		expect(
			screen
				.getByLabelText( 'Address Line 2' )
				.getAttribute( 'aria-required' )
		).toBeNull();
		expect(
			screen.getByLabelText( 'City' ).getAttribute( 'aria-required' )
		).toBe( 'true' );
		expect(
			screen.getByLabelText( 'State / Province / Region' ).tagName
		).toBe( 'INPUT' );
		const country = screen.getByLabelText( 'Country' );
		expect(
			within( country ).getByRole( 'option', { name: 'Canada' } )
		).toBeTruthy();
		fireEvent.change( country, { target: { value: 'Canada' } } );
		expect( last() ).toEqual( [ '', '', '', '', '', 'Canada' ] );
		expect( screen.getByLabelText( 'City' ).id ).toBe( 'input_1_5_3' );
	} );

	it( 'US: a state list, "ZIP Code", no country input', () => {
		renderField( { type: 'address', addressType: 'us' } );
		const state = screen.getByLabelText( 'State' );
		expect( state.tagName ).toBe( 'SELECT' );
		expect(
			within( state ).getByRole( 'option', { name: 'Ohio' } )
		).toBeTruthy();
		expect( screen.getByLabelText( 'ZIP Code' ) ).toBeTruthy();
		expect( screen.queryByLabelText( 'Country' ) ).toBeNull();
	} );

	it( 'Canada: a province list and "Postal Code"; custom labels and hidden inputs', () => {
		renderField( {
			type: 'address',
			addressType: 'canadian',
			inputs: [
				{ id: '5.1', customLabel: 'Street' },
				{ id: '5.2', isHidden: true },
			],
		} );
		expect(
			within( screen.getByLabelText( 'Province' ) ).getByRole( 'option', {
				name: 'Quebec',
			} )
		).toBeTruthy();
		expect( screen.getByLabelText( 'Postal Code' ) ).toBeTruthy();
		expect( screen.getByLabelText( 'Street' ).id ).toBe( 'input_1_5_1' );
		expect( screen.queryByLabelText( 'Address Line 2' ) ).toBeNull();
	} );
} );
