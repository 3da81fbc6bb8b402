import apiFetch from '@wordpress/api-fetch';
import { createRegistry, RegistryProvider } from '@wordpress/data';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { store, DEFAULT_QUERY, type ListedEntry } from '../../store/entries';
import { EntriesList } from '../EntriesList';

jest.mock( '@wordpress/api-fetch', () => jest.fn() );

// DataViews is a large tree for jsdom; a loaded machine needs more than the default 5 s.
jest.setTimeout( 30000 );

// jsdom has no ResizeObserver; DataViews' layout measures itself with one.
beforeAll( () => {
	window.ResizeObserver ??= class {
		observe() {}
		unobserve() {}
		disconnect() {}
	};
} );

const config = {
	formId: 3,
	entryId: 0,
	forms: [ { id: 3, title: 'Contact' } ],
	fields: [
		{ id: 1, label: 'Name', type: 'text' },
		{ id: 2, label: 'Email', type: 'email' },
	],
	screenUrl: '/wp-admin/admin.php?page=kestrel-forms-entries',
	exportUrl: '/export',
	nonce: 'n',
};

const entry = ( id: number, name: string, starred = false ): ListedEntry => ( {
	id,
	form_id: 3,
	created_at: '2026-01-01T10:00:00Z',
	status: 'active',
	is_read: false,
	is_starred: starred,
	values: {},
	display: { 1: name, 2: `${ name.toLowerCase() }@example.org` },
} );

const mock = apiFetch as unknown as jest.Mock;

/** The list paths the component asked for, in order. */
const listPaths = () =>
	mock.mock.calls
		.map( ( [ request ] ) => request )
		.filter( ( r ) => ! r.method )
		.map( ( r ) => decodeURIComponent( r.path as string ) );

function renderList(
	entries: ListedEntry[],
	screenConfig: typeof config & { payments?: boolean } = config
) {
	mock.mockImplementation(
		async ( { path, method }: { path: string; method?: string } ) => {
			if ( method === 'POST' && path.endsWith( '/entries/bulk' ) ) {
				return { changed: 2 };
			}
			return {
				json: async () => entries,
				headers: new Map( [
					[ 'X-WP-Total', String( entries.length ) ],
					[ 'X-WP-TotalPages', '1' ],
				] ),
			};
		}
	);
	const registry = createRegistry();
	registry.register( store );
	registry.dispatch( store ).setQuery( { ...DEFAULT_QUERY, formId: 3 } );
	render(
		<RegistryProvider value={ registry }>
			<EntriesList config={ screenConfig } />
		</RegistryProvider>
	);
	return registry;
}

beforeEach( () => {
	mock.mockReset();
	window.localStorage.clear();
} );

describe( 'EntriesList (DataViews)', () => {
	it( 'shows the form fields as columns and each entry as a named row', async () => {
		renderList( [ entry( 7, 'Ada' ), entry( 8, 'Grace', true ) ] );
		const link = await screen.findByRole( 'link', { name: 'Entry #7' } );
		expect( link.getAttribute( 'href' ) ).toContain( 'entry_id=7' );
		expect( screen.getByText( 'ada@example.org' ) ).toBeTruthy();
		expect(
			screen.getByRole( 'columnheader', { name: 'Email' } )
		).toBeTruthy();
		expect(
			screen.getByRole( 'button', { name: 'Remove star from Entry #8' } )
		).toBeTruthy();
		expect( screen.getByText( '2 entries' ) ).toBeTruthy();
	} );

	it( 'a bulk action sends the selected ids to the bulk route and reloads', async () => {
		renderList( [ entry( 7, 'Ada' ), entry( 8, 'Grace' ) ] );
		await userEvent.click(
			await screen.findByRole( 'checkbox', { name: 'Entry #7' } )
		);
		await userEvent.click(
			screen.getByRole( 'checkbox', { name: 'Entry #8' } )
		);
		const before = listPaths().length;
		await userEvent.click(
			screen.getByRole( 'button', { name: /^Star$/ } )
		);
		await waitFor( () =>
			expect( mock ).toHaveBeenCalledWith( {
				path: '/kestrel-forms/v1/entries/bulk',
				method: 'POST',
				data: { action: 'star', ids: [ 7, 8 ] },
			} )
		);
		await waitFor( () =>
			expect( listPaths().length ).toBeGreaterThan( before )
		);
	} );

	it( 'search goes to the server query, back to page one', async () => {
		const registry = renderList( [ entry( 7, 'Ada' ) ] );
		await screen.findByRole( 'link', { name: 'Entry #7' } );
		await act( async () => {
			registry.dispatch( store ).setQuery( { page: 2 } );
		} );
		await userEvent.type(
			await screen.findByRole( 'searchbox', { name: 'Search entries' } ),
			'ada'
		);
		await waitFor( () =>
			expect( registry.select( store ).getQuery() ).toMatchObject( {
				search: 'ada',
				page: 1,
			} )
		);
		expect( listPaths().at( -1 ) ).toContain( 'search=ada' );
	} );

	it( "forms that take payments show each entry's payment status and amount", async () => {
		renderList(
			[
				{
					...entry( 7, 'Ada' ),
					payment: { status: 'paid', amount: 3000, currency: 'USD' },
				},
				{
					...entry( 8, 'Grace' ),
					payment: {
						status: 'partially_refunded',
						amount: 3000,
						currency: 'JPY',
					},
				},
				{ ...entry( 9, 'Linus' ), payment: null },
			],
			{ ...config, payments: true }
		);
		await screen.findByRole( 'link', { name: 'Entry #7' } );
		const table = screen.getByRole( 'table' );
		expect(
			within( table ).getByRole( 'columnheader', { name: 'Payment' } )
		).toBeTruthy();
		const rowOf = ( name: string ) =>
			within( table )
				.getByRole( 'link', { name } )
				.closest( 'tr' ) as HTMLElement;
		expect(
			within( rowOf( 'Entry #7' ) ).getByText( 'Paid' )
		).toBeTruthy();
		expect( rowOf( 'Entry #7' ).textContent ).toContain( '$30.00' );
		expect( rowOf( 'Entry #8' ).textContent ).toContain(
			'Partially refunded ¥ 3,000'
		);
		expect(
			within( rowOf( 'Entry #9' ) ).getByText( 'No payment' )
		).toBeTruthy();
	} );

	it( 'the payment filter reaches the server query and shows as a chip', async () => {
		const registry = renderList(
			[
				{
					...entry( 7, 'Ada' ),
					payment: { status: 'paid', amount: 3000, currency: 'USD' },
				},
			],
			{ ...config, payments: true }
		);
		await screen.findByRole( 'link', { name: 'Entry #7' } );
		await act( async () => {
			registry.dispatch( store ).setQuery( { paymentStatus: 'paid' } );
		} );
		await waitFor( () =>
			expect( listPaths().at( -1 ) ).toContain( 'payment_status=paid' )
		);
		expect(
			await screen.findByRole( 'button', {
				name: 'Remove filter: Payment is: Paid',
			} )
		).toBeTruthy();
	} );

	it( 'forms without payments have no payment column', async () => {
		renderList( [ entry( 7, 'Ada' ) ] );
		await screen.findByRole( 'link', { name: 'Entry #7' } );
		expect(
			within( screen.getByRole( 'table' ) ).queryByRole( 'columnheader', {
				name: 'Payment',
			} )
		).toBeNull();
	} );

	it( 'names the filter chip remove button after its chip', async () => {
		renderList( [ entry( 7, 'Ada' ) ] );
		await screen.findByRole( 'link', { name: 'Entry #7' } );
		const remove = await screen.findByRole( 'button', {
			name: 'Reset filter: Status is: Active',
		} );
		expect( remove.tagName ).toBe( 'BUTTON' );
		const table = screen.getByRole( 'table' );
		expect( within( table ).getAllByRole( 'row' ) ).toHaveLength( 2 );
	} );
} );
