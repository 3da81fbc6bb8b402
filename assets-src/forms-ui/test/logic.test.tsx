import { act, fireEvent, render, screen } from '@testing-library/react';
import apiFetch from '../submit/rest-fetch';
import { createHooks } from '@wordpress/hooks';
import type { FormDefinition } from '../../shared';
import { Form } from '../components/Form';

jest.mock( '../submit/rest-fetch', () => ( {
	__esModule: true,
	default: jest.fn(),
} ) );
const mockedFetch = apiFetch as unknown as jest.Mock;

const form: FormDefinition & { id: number } = {
	id: 9,
	title: 'Order',
	button: {
		text: 'Buy',
		conditionalLogic: {
			actionType: 'show',
			logicType: 'all',
			rules: [ { fieldId: '5', operator: '>', value: '0' } ],
		},
	},
	fields: [
		{ id: 1, type: 'text', label: 'Gift?', isRequired: false },
		{
			id: 2,
			type: 'text',
			label: 'Gift message',
			isRequired: true,
			defaultValue: 'Enjoy',
			conditionalLogic: {
				actionType: 'show',
				logicType: 'all',
				rules: [ { fieldId: '1', operator: 'is', value: 'yes' } ],
			},
		},
		{ id: 3, type: 'number', label: 'Price' },
		{ id: 4, type: 'number', label: 'Quantity' },
		{
			id: 5,
			type: 'number',
			label: 'Total',
			enableCalculation: true,
			calculationFormula: '{Price:3} * {Quantity:4}',
			calculationRounding: 2,
		},
	],
};

function setup() {
	return render(
		<Form
			form={ form }
			submitPath="/kestrel-forms/v1/forms/9/submissions"
			hooks={ createHooks() }
		/>
	);
}

beforeEach( () => mockedFetch.mockReset() );

/**
 * Types a value and leaves the field, which applies its update at once.
 *
 * @param element Input.
 * @param value   Text.
 */
function type( element: HTMLElement, value: string ) {
	fireEvent.change( element, { target: { value } } );
	fireEvent.blur( element );
}

describe( 'conditional logic and formulas in the form', () => {
	it( 'hides a field, disables its input, shows it when its rule holds and resets it when hidden again', () => {
		const { container } = setup();
		const wrapper = container.querySelector( '#field_9_2' ) as HTMLElement;
		const input = container.querySelector(
			'#input_9_2'
		) as HTMLInputElement;
		expect( wrapper.hidden ).toBe( true );
		expect( input.disabled ).toBe( true );
		expect( input.tabIndex ).toBe( -1 );

		type( screen.getByLabelText( 'Gift?' ), 'YES' );
		expect( wrapper.hidden ).toBe( false );
		expect( input.disabled ).toBe( false );
		expect( input.value ).toBe( 'Enjoy' );
		type( input, 'Happy birthday' );

		type( screen.getByLabelText( 'Gift?' ), 'no' );
		expect( wrapper.hidden ).toBe( true );
		type( screen.getByLabelText( 'Gift?' ), 'yes' );
		expect( input.value ).toBe( 'Enjoy' );
	} );

	it( 'computes formulas with rounding and shows the submit button only when its rule holds', () => {
		const { container } = setup();
		const total = container.querySelector(
			'#input_9_5'
		) as HTMLInputElement;
		const button = container.querySelector(
			'#form_submit_button_9'
		) as HTMLButtonElement;
		expect( total.readOnly ).toBe( true );
		expect( total.value ).toBe( '0' );
		expect( button.hidden ).toBe( true );
		expect( button.disabled ).toBe( true );

		type( screen.getByLabelText( 'Price' ), '2.675' );
		type( screen.getByLabelText( 'Quantity' ), '3' );
		expect( total.value ).toBe( '8.03' );
		expect( button.hidden ).toBe( false );
		expect( button.disabled ).toBe( false );
	} );

	it( 'neither validates nor sends hidden or calculated fields', () => {
		mockedFetch.mockReturnValue( new Promise( () => {} ) );
		setup();
		type( screen.getByLabelText( 'Price' ), '2' );
		type( screen.getByLabelText( 'Quantity' ), '2' );
		fireEvent.click( screen.getByRole( 'button', { name: 'Buy' } ) );
		expect( mockedFetch ).toHaveBeenCalledTimes( 1 );
		expect( mockedFetch.mock.calls[ 0 ][ 0 ].data.values ).toEqual( {
			1: '',
			3: '2',
			4: '2',
		} );
	} );

	it( 'delays updates while typing, one timer per field, and applies them on leaving the field', () => {
		jest.useFakeTimers();
		const { container } = setup();
		const total = container.querySelector(
			'#input_9_5'
		) as HTMLInputElement;
		const gift = container.querySelector( '#field_9_2' ) as HTMLElement;

		fireEvent.change( screen.getByLabelText( 'Gift?' ), {
			target: { value: 'yes' },
		} );
		fireEvent.change( screen.getByLabelText( 'Price' ), {
			target: { value: '2' },
		} );
		fireEvent.change( screen.getByLabelText( 'Quantity' ), {
			target: { value: '3' },
		} );
		expect( gift.hidden ).toBe( true );
		expect( total.value ).toBe( '0' );

		// Logic waits 300 ms; typing in other fields did not cancel it.
		act( () => {
			jest.advanceTimersByTime( 300 );
		} );
		expect( gift.hidden ).toBe( false );
		expect( total.value ).toBe( '0' );
		// Formulas wait 345 ms.
		act( () => {
			jest.advanceTimersByTime( 45 );
		} );
		expect( total.value ).toBe( '6' );

		fireEvent.change( screen.getByLabelText( 'Quantity' ), {
			target: { value: '4' },
		} );
		fireEvent.blur( screen.getByLabelText( 'Quantity' ) );
		expect( total.value ).toBe( '8' );
		jest.useRealTimers();
	} );

	it( 'a field hidden by a change still waiting in its delay is reset when Submit applies it', () => {
		mockedFetch.mockReturnValue( new Promise( () => {} ) );
		const { container } = setup();
		const trigger = container.querySelector( '#input_9_1' ) as HTMLElement;
		const message = container.querySelector(
			'#input_9_2'
		) as HTMLInputElement;
		// The submit button shows once the total is above 0.
		type( screen.getByLabelText( 'Price' ), '1' );
		type( screen.getByLabelText( 'Quantity' ), '1' );
		type( trigger, 'yes' );
		type( message, 'Custom words' );
		// Typed, not left: the rule waits 300 ms, and Submit comes first.
		fireEvent.change( trigger, { target: { value: 'no' } } );
		fireEvent.click( screen.getByRole( 'button', { name: 'Buy' } ) );
		type( trigger, 'yes' );
		expect( message.value ).toBe( 'Enjoy' );
	} );
} );
