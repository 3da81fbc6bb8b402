import { fireEvent, render, screen } from '@testing-library/react';
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
	id: 6,
	title: 'Trip',
	pagination: { type: 'percentage', pageNames: [ 'You', 'Extras', 'Done' ] },
	fields: [
		{ id: 1, type: 'text', label: 'Name', isRequired: true },
		{ id: 2, type: 'text', label: 'Plan' },
		{
			id: 3,
			type: 'page',
			nextButton: {
				text: 'Onwards',
				conditionalLogic: {
					actionType: 'hide',
					logicType: 'all',
					rules: [ { fieldId: '2', operator: 'is', value: 'stop' } ],
				},
			},
			previousButton: { text: 'Back' },
			conditionalLogic: {
				actionType: 'show',
				logicType: 'all',
				rules: [ { fieldId: '2', operator: 'is', value: 'more' } ],
			},
		},
		{ id: 4, type: 'text', label: 'Extras' },
		{ id: 5, type: 'page' },
		{ id: 6, type: 'text', label: 'Comment' },
	],
};

function leave( element: HTMLElement, value: string ) {
	fireEvent.change( element, { target: { value } } );
	fireEvent.blur( element );
}

describe( 'multi-page forms', () => {
	beforeEach( () => mockedFetch.mockReset() );

	it( 'validates each page, skips hidden pages, goes back, and submits from the last page', () => {
		mockedFetch.mockReturnValue( new Promise( () => {} ) );
		const { container } = render(
			<Form form={ form } submitPath="/p" hooks={ createHooks() } />
		);
		const page = ( n: number ) =>
			container.querySelector(
				`#kestrel_form_page_6_${ n }`
			) as HTMLElement;
		const next = container.querySelector(
			'#form_next_button_6_3'
		) as HTMLButtonElement;
		expect( page( 1 ).hidden ).toBe( false );
		expect( page( 2 ).hidden ).toBe( true );
		expect( screen.getByText( 'Step 1 of 2: You' ) ).toBeTruthy();
		expect(
			screen.getByRole( 'progressbar' ).getAttribute( 'aria-valuenow' )
		).toBe( '50' );
		const submit = container.querySelector(
			'#form_submit_button_6'
		) as HTMLButtonElement;
		expect( [ submit.hidden, submit.disabled ] ).toEqual( [ true, true ] );

		// The page is validated before moving on.
		fireEvent.click( next );
		expect( page( 1 ).hidden ).toBe( false );
		expect( screen.getByText( 'This field is required.' ) ).toBeTruthy();

		// The Next button's own rule can hide (and disable) it.
		leave( screen.getByLabelText( /Plan/ ), 'stop' );
		expect( next.hidden ).toBe( true );
		expect( next.disabled ).toBe( true );

		// Page 2 is hidden by its rule, so Next goes straight to page 3.
		leave( screen.getByLabelText( /Plan/ ), 'go' );
		leave( screen.getByLabelText( /Name/ ), 'Ada' );
		fireEvent.click( next );
		expect( page( 1 ).hidden ).toBe( true );
		expect( page( 3 ).hidden ).toBe( false );
		expect( screen.getByText( 'Step 2 of 2: Done' ) ).toBeTruthy();

		fireEvent.click( screen.getByRole( 'button', { name: 'Previous' } ) );
		expect( page( 1 ).hidden ).toBe( false );
		fireEvent.click( screen.getByRole( 'button', { name: 'Onwards' } ) );
		fireEvent.click( screen.getByRole( 'button', { name: 'Submit' } ) );
		expect( mockedFetch ).toHaveBeenCalledTimes( 1 );
		expect( mockedFetch.mock.calls[ 0 ][ 0 ].data.values ).toEqual( {
			1: 'Ada',
			2: 'go',
			6: '',
		} );
		// While it is in flight, every button waits.
		expect(
			(
				screen.getByRole( 'button', {
					name: 'Previous',
				} ) as HTMLButtonElement
			 ).disabled
		).toBe( true );
		expect( submit.disabled ).toBe( true );
	} );

	it( 'shows a page that its rule reveals, and Enter moves to the next page', () => {
		const { container } = render(
			<Form form={ form } submitPath="/p" hooks={ createHooks() } />
		);
		leave( screen.getByLabelText( /Name/ ), 'Ada' );
		leave( screen.getByLabelText( /Plan/ ), 'more' );
		expect( screen.getByText( 'Step 1 of 3: You' ) ).toBeTruthy();
		fireEvent.submit(
			container.querySelector( 'form' ) as HTMLFormElement
		);
		expect(
			(
				container.querySelector(
					'#kestrel_form_page_6_2'
				) as HTMLElement
			 ).hidden
		).toBe( false );
		expect( mockedFetch ).not.toHaveBeenCalled();
	} );
} );
