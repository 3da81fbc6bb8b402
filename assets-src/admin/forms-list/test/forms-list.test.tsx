/**
 * The forms list: a click on a cell's own control (the shortcode's "Copy") does not tick the
 * row for the bulk actions; "Add new form" offers a blank form and the template gallery and
 * creates the chosen one through the REST create route.
 */
import apiFetch from '@wordpress/api-fetch';
import { createRegistry, RegistryProvider } from '@wordpress/data';
import {
	fireEvent,
	render,
	screen,
	waitFor,
	within,
} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { store } from '../../store/forms';
import type { StoredForm } from '../../store/forms/types';
import { FormsList, opensGallery } from '../FormsList';

import { config } from './list-harness';

jest.mock( '@wordpress/api-fetch', () => jest.fn() );

const stored = ( id: number, title: string ): StoredForm => ( {
	id,
	title,
	fields: [],
	status: 'active',
	createdAt: '',
	updatedAt: '',
	entryCount: 0,
} );

const mock = apiFetch as unknown as jest.Mock;

function renderList( forms: StoredForm[] ) {
	window.location.hash = '';
	mock.mockReset();
	mock.mockImplementation(
		async ( {
			method,
			data,
		}: {
			path: string;
			method?: string;
			data?: Record< string, unknown >;
		} ) => {
			if ( method === 'POST' ) {
				return { ...stored( 99, String( data?.title ) ), ...data };
			}
			return {
				json: async () => forms,
				headers: new Map( [
					[ 'X-WP-Total', String( forms.length ) ],
					[ 'X-WP-TotalPages', '1' ],
				] ),
			};
		}
	);
	const registry = createRegistry();
	registry.register( store );
	return render(
		<RegistryProvider value={ registry }>
			<FormsList config={ config } />
		</RegistryProvider>
	);
}

/** The POST bodies sent to the create route. */
const created = () =>
	mock.mock.calls
		.map( ( [ request ] ) => request )
		.filter( ( r ) => r.method === 'POST' )
		.map( ( r ) => r.data as Record< string, unknown > );

describe( 'forms list', () => {
	it( '"Copy" copies the shortcode without ticking the row or offering the bulk actions', async () => {
		const user = userEvent.setup();
		const writeText = jest.fn( async () => undefined );
		Object.defineProperty( navigator, 'clipboard', {
			value: { writeText },
			configurable: true,
		} );
		renderList( [ stored( 4, 'Quote request' ) ] );

		const copy = await screen.findByRole(
			'button',
			{ name: 'Copy' },
			{ timeout: 10000 }
		);
		const row = copy.closest( 'tr' ) as HTMLElement;
		const ticked = () =>
			screen
				.getAllByRole( 'checkbox' )
				.filter( ( box ) => ( box as HTMLInputElement ).checked );
		await user.click( copy );

		expect( writeText ).toHaveBeenCalledWith( '[kestrel_form id="4"]' );
		await screen.findByRole( 'button', { name: 'Copied' } );
		expect( row.classList.contains( 'is-selected' ) ).toBe( false );
		expect( ticked() ).toEqual( [] );
		// No bulk bar: its actions are offered only for a selection.
		expect( screen.queryByText( /selected/i ) ).toBeNull();

		// Selecting the shortcode text does not tick the row either; the row's own cells still do.
		await user.click(
			screen.getByRole( 'textbox', { name: 'Shortcode' } )
		);
		expect( row.classList.contains( 'is-selected' ) ).toBe( false );
		expect( ticked() ).toEqual( [] );
		// (fireEvent: user-event leaves a text selection, which DataViews reads as selecting text.)
		fireEvent.click( within( row ).getByText( '4' ) );
		await waitFor( () =>
			expect( row.classList.contains( 'is-selected' ) ).toBe( true )
		);
		expect(
			screen.getByRole( 'checkbox', { name: 'Quote request' } )
		).toHaveProperty( 'checked', true );
	} );

	it( 'opens the gallery from the "Add New Form" menu link', () => {
		expect( opensGallery( '?page=kestrel-forms&action=new' ) ).toBe( true );
		expect( opensGallery( '?page=kestrel-forms' ) ).toBe( false );
	} );

	it( '"Add new form" offers a blank form and six templates, and creates the chosen one', async () => {
		const user = userEvent.setup();
		renderList( [] );
		await user.click(
			screen.getByRole( 'button', { name: 'Add new form' } )
		);
		const dialog = screen.getByRole( 'dialog', { name: 'Add new form' } );
		const cards = within( dialog )
			.getAllByRole( 'button' )
			.filter( ( b ) => b.dataset.template )
			.map( ( b ) => b.textContent );
		expect( cards ).toEqual( [
			'Blank form',
			'Contact form',
			'Order form',
			'Event registration',
			'Multi-page survey',
			'File request',
			'Donation',
		] );
		// Each card says what it holds.
		const described = within( dialog )
			.getByRole( 'button', { name: 'Order form' } )
			.getAttribute( 'aria-describedby' );
		expect(
			document.getElementById( String( described ) )?.textContent
		).toMatch( /live total/ );

		await user.click(
			within( dialog ).getByRole( 'button', { name: 'Order form' } )
		);
		await waitFor( () => expect( created() ).toHaveLength( 1 ) );
		const order = created()[ 0 ];
		expect( order.title ).toBe( 'Order form' );
		expect(
			( order.fields as Array< { type: string } > ).map( ( f ) => f.type )
		).toEqual(
			expect.arrayContaining( [ 'product', 'quantity', 'total' ] )
		);
		// The editor opens on the new form.
		await waitFor( () =>
			expect( window.location.hash ).toBe( '#forms&form_id=99' )
		);
	} );

	it( 'a blank form takes the typed title', async () => {
		const user = userEvent.setup();
		renderList( [] );
		await user.click(
			screen.getByRole( 'button', { name: 'Add new form' } )
		);
		await user.type( screen.getByLabelText( 'Form title' ), 'Feedback' );
		await user.click(
			screen.getByRole( 'button', { name: 'Blank form' } )
		);
		await waitFor( () => expect( created() ).toHaveLength( 1 ) );
		expect( created()[ 0 ] ).toEqual( { title: 'Feedback', fields: [] } );
	} );
} );
