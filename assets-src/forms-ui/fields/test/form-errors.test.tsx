/**
 * The form with the engine: an issue of a multi-input field marks only the inputs it names, and
 * the summary's link lands on the first of them.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import apiFetch from '../../submit/rest-fetch';
import { createHooks } from '@wordpress/hooks';
import { Form } from '../../components/Form';
import { focused } from './harness';

jest.mock( '../../submit/rest-fetch', () => ( {
	__esModule: true,
	default: jest.fn(),
} ) );
const mockedFetch = apiFetch as unknown as jest.Mock;

describe( 'errors of multi-input fields in the form', () => {
	it( 'a required name with only First filled: Last is invalid, First is not', () => {
		mockedFetch.mockReturnValue( new Promise( () => {} ) );
		render(
			<Form
				form={ {
					id: 2,
					title: 'T',
					fields: [
						{
							id: 1,
							type: 'name',
							label: 'Name',
							isRequired: true,
						},
						{
							id: 2,
							type: 'address',
							label: 'Address',
							addressType: 'us',
						},
					],
				} }
				submitPath="/p"
				hooks={ createHooks() }
			/>
		);
		fireEvent.change( screen.getByLabelText( 'First' ), {
			target: { value: 'Ada' },
		} );
		fireEvent.change( screen.getByLabelText( 'ZIP Code' ), {
			target: { value: '1234' },
		} );
		fireEvent.click( screen.getByRole( 'button', { name: 'Submit' } ) );
		expect( mockedFetch ).not.toHaveBeenCalled();
		expect(
			screen.getByLabelText( 'First' ).getAttribute( 'aria-invalid' )
		).toBeNull();
		expect(
			screen.getByLabelText( 'Last' ).getAttribute( 'aria-invalid' )
		).toBe( 'true' );
		expect(
			screen.getByLabelText( 'ZIP Code' ).getAttribute( 'aria-invalid' )
		).toBe( 'true' );
		expect(
			screen.getByLabelText( 'City' ).getAttribute( 'aria-invalid' )
		).toBeNull();
		const link = screen.getByRole( 'link', { name: /^Name:/ } );
		expect( link.getAttribute( 'href' ) ).toBe( '#input_2_1_6' );
		fireEvent.click( link );
		expect( focused() ).toBe( screen.getByLabelText( 'Last' ) );
		expect(
			screen
				.getByRole( 'link', { name: /^Address:/ } )
				.getAttribute( 'href' )
		).toBe( '#input_2_2_5' );
	} );
} );
