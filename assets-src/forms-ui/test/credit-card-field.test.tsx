import { fireEvent, render, screen } from '@testing-library/react';
import apiFetch from '../submit/rest-fetch';
import { createHooks } from '@wordpress/hooks';
import type { FieldDefinition } from '../../shared';
import { Form } from '../components/Form';

jest.mock( '../submit/rest-fetch', () => ( {
	__esModule: true,
	default: jest.fn(),
} ) );
const mockedFetch = apiFetch as unknown as jest.Mock;

function renderForm( field: Record< string, unknown > = {} ) {
	return render(
		<Form
			form={ {
				id: 2,
				title: 'Pay',
				fields: [
					{
						id: 7,
						type: 'creditcard',
						label: 'Card',
						isRequired: true,
						...field,
					} as FieldDefinition,
				],
			} }
			submitPath="/p"
			hooks={ createHooks() }
		/>
	);
}

const typeNumber = ( text: string ) =>
	fireEvent.change( screen.getByLabelText( 'Card number' ), {
		target: { value: text },
	} );

beforeEach( () => {
	mockedFetch.mockReset();
	mockedFetch.mockReturnValue( new Promise( () => {} ) );
} );

describe( 'credit card field', () => {
	it( 'has labelled inputs with card autocomplete tokens', () => {
		renderForm();
		const number = screen.getByLabelText( 'Card number' );
		expect( number.id ).toBe( 'input_2_7' );
		expect( number.getAttribute( 'inputmode' ) ).toBe( 'numeric' );
		expect( number.getAttribute( 'autocomplete' ) ).toBe( 'cc-number' );
		expect( screen.getByLabelText( 'Month' ).id ).toBe(
			'input_2_7_2_month'
		);
		expect( screen.getByLabelText( 'Year' ).id ).toBe( 'input_2_7_2_year' );
		expect(
			screen
				.getByLabelText( 'Security code' )
				.getAttribute( 'autocomplete' )
		).toBe( 'cc-csc' );
		expect(
			screen
				.getByLabelText( 'Cardholder name' )
				.getAttribute( 'autocomplete' )
		).toBe( 'cc-name' );
		expect(
			screen.getByRole( 'group', { name: 'Expiration date' } )
		).toBeTruthy();
		expect( screen.getByText( /^Accepted cards:/ ).textContent ).toBe(
			'Accepted cards: Visa, Mastercard, American Express, Discover, JCB, Diners Club, Maestro'
		);
	} );

	it( 'detects the type after 4 digits, when exactly one type matches, in a polite live region', () => {
		const { container } = renderForm();
		const region = container.querySelector(
			'#input_2_7_card_type'
		) as HTMLElement;
		expect( region.getAttribute( 'aria-live' ) ).toBe( 'polite' );
		typeNumber( '5' );
		expect( screen.queryByRole( 'img' ) ).toBeNull();
		typeNumber( '411' );
		expect( screen.queryByRole( 'img' ) ).toBeNull();
		typeNumber( '4111' );
		const icon = screen.getByRole( 'img', { name: 'Card type: Visa' } );
		expect( region.contains( icon ) ).toBe( true );
		expect( icon.textContent ).toBe( 'Visa' );
		typeNumber( '5555 5555' );
		expect(
			screen.getByRole( 'img', { name: 'Card type: Mastercard' } )
		).toBeTruthy();
		typeNumber( '9999 9999' );
		expect( screen.queryByRole( 'img' ) ).toBeNull();
	} );

	it( 'uses the rules the server sent: an ambiguous prefix shows nothing', () => {
		renderForm( {
			cardRules: {
				visa: { name: 'Visa', prefixes: [ '4' ] },
				store: { name: 'Store card', prefixes: [ '4111' ] },
			},
		} );
		typeNumber( '4111' );
		expect( screen.queryByRole( 'img' ) ).toBeNull();
		typeNumber( '4222' );
		expect(
			screen.getByRole( 'img', { name: 'Card type: Visa' } )
		).toBeTruthy();
		expect( screen.getByText( /^Accepted cards:/ ).textContent ).toBe(
			'Accepted cards: Visa, Store card'
		);
	} );

	it( 'marks a type the field does not accept, and refuses it on submit', () => {
		const { container } = renderForm( { creditCards: [ 'mastercard' ] } );
		typeNumber( '4111 1111 1111 1111' );
		const icon = screen.getByRole( 'img', {
			name: 'Card type: Visa (not accepted)',
		} );
		expect( icon.className ).toContain( 'is-unsupported' );
		fireEvent.click( screen.getByRole( 'button', { name: 'Submit' } ) );
		expect(
			container.querySelector( '#validation_message_2_7' )?.textContent
		).toBe( 'This card type is not accepted.' );
		expect( mockedFetch ).not.toHaveBeenCalled();
	} );

	it( 'checks the number and the other parts, then sends them under input ids', () => {
		const { container } = renderForm();
		const error = () =>
			container.querySelector( '#validation_message_2_7' )?.textContent;
		const submit = screen.getByRole( 'button', { name: 'Submit' } );
		fireEvent.click( submit );
		expect( error() ).toBe( 'This field is required.' );

		typeNumber( '4111 1111 1111 1112' );
		fireEvent.click( submit );
		expect( error() ).toBe( 'Please enter a valid card number.' );

		typeNumber( '4111 1111 1111 1111' );
		fireEvent.click( submit );
		expect( error() ).toBe( 'Please enter a valid expiration date.' );

		const year = String( new Date().getFullYear() + 2 );
		fireEvent.change( screen.getByLabelText( 'Month' ), {
			target: { value: '04' },
		} );
		fireEvent.change( screen.getByLabelText( 'Year' ), {
			target: { value: year },
		} );
		fireEvent.click( submit );
		expect( error() ).toBe( 'Please enter a valid security code.' );

		fireEvent.change( screen.getByLabelText( 'Security code' ), {
			target: { value: '123' },
		} );
		fireEvent.click( submit );
		expect( error() ).toBe( "Please enter the cardholder's name." );
		expect( mockedFetch ).not.toHaveBeenCalled();

		fireEvent.change( screen.getByLabelText( 'Cardholder name' ), {
			target: { value: 'Ada Lovelace' },
		} );
		fireEvent.click( submit );
		expect( mockedFetch ).toHaveBeenCalledTimes( 1 );
		expect( mockedFetch.mock.calls[ 0 ][ 0 ].data.values ).toEqual( {
			'7.1': '4111 1111 1111 1111',
			'7.2': [ '04', year ],
			'7.3': '123',
			'7.5': 'Ada Lovelace',
		} );
	} );
} );
