import { act, fireEvent, render, screen, within } from '@testing-library/react';
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
	id: 3,
	title: 'Rows',
	fields: [
		{
			id: 1,
			type: 'list',
			label: 'Items',
			columns: [ 'Item', 'Qty' ],
			maxRows: 3,
		},
		{
			id: 2,
			type: 'number',
			label: 'Units',
			enableCalculation: true,
			calculationFormula: '{Items:1.2}',
			calculationRounding: -1,
		},
		{
			id: 4,
			type: 'repeater',
			label: 'Guests',
			fields: [
				{ id: 41, type: 'text', label: 'Name', isRequired: true },
				{ id: 42, type: 'email', label: 'Email' },
			],
		},
	],
};

function setup() {
	return render(
		<Form form={ form } submitPath="/x" hooks={ createHooks() } />
	);
}

beforeEach( () => {
	jest.useFakeTimers();
	mockedFetch.mockReset();
} );
afterEach( () => jest.useRealTimers() );

/** Queries inside the list field (the repeater has the same row buttons). */
const items = () =>
	within( document.getElementById( 'field_3_1' ) as HTMLElement );

function type( element: Element, value: string ) {
	fireEvent.change( element, { target: { value } } );
	fireEvent.blur( element );
}

describe( 'list rows and repeater groups', () => {
	it( 'adds rows up to max_items, hides remove at one row, announces and moves the focus', () => {
		const { container } = setup();
		const list = container.querySelector(
			'#field_3_1 fieldset'
		) as HTMLElement;
		expect( list.getAttribute( 'data-max_items' ) ).toBe( '3' );
		const removeButtons = () =>
			Array.from(
				list.querySelectorAll< HTMLButtonElement >(
					'.kestrel-form__row-remove'
				)
			);
		expect( removeButtons() ).toHaveLength( 1 );
		expect( removeButtons()[ 0 ].hidden ).toBe( true );

		fireEvent.click(
			items().getByRole( 'button', { name: 'Add a row after row 1' } )
		);
		act( () => {
			jest.advanceTimersByTime( 0 );
		} );
		expect( screen.getByRole( 'status' ).textContent ).toBe( 'Row added.' );
		expect( list.ownerDocument.activeElement?.id ).toBe( 'input_3_1_2_1' );
		expect( removeButtons().every( ( b ) => ! b.hidden ) ).toBe( true );

		fireEvent.click(
			items().getByRole( 'button', { name: 'Add a row after row 2' } )
		);
		const adds = list.querySelectorAll< HTMLButtonElement >(
			'.kestrel-form__row-add'
		);
		expect( adds ).toHaveLength( 3 );
		adds.forEach( ( button ) => expect( button.disabled ).toBe( true ) );

		fireEvent.click(
			items().getByRole( 'button', { name: 'Remove row 3' } )
		);
		act( () => {
			jest.advanceTimersByTime( 0 );
		} );
		expect( screen.getByRole( 'status' ).textContent ).toBe(
			'Row removed.'
		);
		expect( list.ownerDocument.activeElement?.id ).toBe( 'input_3_1_2_1' );
		expect(
			Array.from(
				list.querySelectorAll< HTMLButtonElement >(
					'.kestrel-form__row-add'
				)
			).every( ( b ) => ! b.disabled )
		).toBe( true );
	} );

	it( 'a formula sums a list column', () => {
		const { container } = setup();
		type( screen.getByRole( 'textbox', { name: 'Qty, row 1' } ), '4' );
		fireEvent.click(
			items().getByRole( 'button', { name: 'Add a row after row 1' } )
		);
		type( screen.getByRole( 'textbox', { name: 'Qty, row 2' } ), '2.5' );
		expect(
			( container.querySelector( '#input_3_2' ) as HTMLInputElement )
				.value
		).toBe( '6.5' );
	} );

	it( 'validates each repeater row and submits the cells row after row', async () => {
		mockedFetch.mockResolvedValue( {
			entryId: 1,
			confirmation: { type: 'message', message: 'Thanks' },
		} );
		const { container } = setup();
		type(
			container.querySelector( '#input_3_4_1_2' ) as Element,
			'not-an-email'
		);
		fireEvent.click( screen.getByRole( 'button', { name: 'Submit' } ) );
		expect(
			container.querySelector( '#validation_message_3_4' )?.textContent
		).toBe( 'Row 1, Name: This field is required.' );
		expect( mockedFetch ).not.toHaveBeenCalled();

		type( container.querySelector( '#input_3_4_1_1' ) as Element, 'Ada' );
		type(
			container.querySelector( '#input_3_4_1_2' ) as Element,
			'ada@example.com'
		);
		type( screen.getByRole( 'textbox', { name: 'Item, row 1' } ), 'Tea' );
		await act( async () => {
			fireEvent.click( screen.getByRole( 'button', { name: 'Submit' } ) );
		} );
		expect( mockedFetch ).toHaveBeenCalledTimes( 1 );
		const body = mockedFetch.mock.calls[ 0 ][ 0 ].data;
		expect( body.values[ '1' ] ).toEqual( [ 'Tea', '' ] );
		expect( body.values[ '4' ] ).toEqual( [ 'Ada', 'ada@example.com' ] );
	} );

	it( 'labels every list cell with its column heading (shown when the cells stack on a phone; issue 14)', () => {
		const { container } = setup();
		const cells = Array.from(
			container.querySelectorAll< HTMLInputElement >(
				'#field_3_1 .kestrel-form__row input'
			)
		);
		expect( cells ).toHaveLength( 2 );
		expect(
			cells.map( ( cell ) => cell.labels?.[ 0 ]?.textContent )
		).toEqual( [ 'Item', 'Qty' ] );
		// The accessible name still says the row.
		expect( cells[ 1 ].getAttribute( 'aria-label' ) ).toBe( 'Qty, row 1' );
	} );

	it( 'says why "+" is greyed out at the limit, and the add buttons point to it (issue 14)', () => {
		const { container } = setup();
		const addButtons = () =>
			Array.from(
				container.querySelectorAll< HTMLButtonElement >(
					'#field_3_1 .kestrel-form__row-add'
				)
			);
		expect( items().queryByText( /at most 3 rows/ ) ).toBeNull();
		fireEvent.click( addButtons()[ 0 ] );
		fireEvent.click( addButtons()[ 0 ] );
		const note = items().getByText( 'This field takes at most 3 rows.' );
		expect( note.id ).toBeTruthy();
		expect( addButtons() ).toHaveLength( 3 );
		for ( const add of addButtons() ) {
			expect( add.disabled ).toBe( true );
			expect( add.getAttribute( 'aria-describedby' ) ).toBe( note.id );
		}
		// Below the limit again: no note, no description.
		fireEvent.click(
			items().getByRole( 'button', { name: 'Remove row 3' } )
		);
		expect( items().queryByText( /at most 3 rows/ ) ).toBeNull();
		expect( addButtons()[ 0 ].hasAttribute( 'aria-describedby' ) ).toBe(
			false
		);
	} );
} );
