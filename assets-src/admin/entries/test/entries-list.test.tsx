import apiFetch from '@wordpress/api-fetch';
import { createRegistry, RegistryProvider } from '@wordpress/data';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { store, DEFAULT_QUERY, type ListedEntry } from '../../store/entries';
import { EntriesList } from '../EntriesList';
import { inAuckland } from '../../components/test/auckland';

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
		.filter( ( r ) => ! r.method && ! r.path.includes( '/counts' ) )
		.map( ( r ) => decodeURIComponent( r.path as string ) );

/** The bulk requests sent, in order. */
const bulkBodies = () =>
	mock.mock.calls
		.map( ( [ request ] ) => request )
		.filter( ( r ) => r.method === 'POST' )
		.map( ( r ) => r.data );

const COUNTS = { all: 2, unread: 2, starred: 1, spam: 3, trash: 4 };

/** The notice's text (its message and action buttons), '' without one. */
const noticeText = () =>
	document.querySelector( '.components-notice__content' )?.textContent ?? '';

function renderList(
	entries: ListedEntry[],
	screenConfig: typeof config & { payments?: boolean } = config
) {
	mock.mockImplementation(
		async ( {
			path,
			method,
			data,
		}: {
			path: string;
			method?: string;
			data?: { ids: number[] };
		} ) => {
			if ( method === 'POST' && path.endsWith( '/entries/bulk' ) ) {
				return { changed: data?.ids.length ?? 0 };
			}
			if ( path.includes( '/entries/counts' ) ) {
				return COUNTS;
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

	it( "shows the submission time in the site's zone and formats", async () => {
		inAuckland();
		renderList( [ entry( 7, 'Ada' ) ] );
		await screen.findByRole( 'link', { name: 'Entry #7' } );
		const table = screen.getByRole( 'table' );
		expect(
			within( table ).getByRole( 'columnheader', { name: 'Submitted' } )
		).toBeTruthy();
		// 10:00 UTC on 1 January is 23:00 in Auckland (UTC+13).
		const time = within( table ).getByText( '01/01/2026 23:00' );
		expect( time.getAttribute( 'datetime' ) ).toBe(
			'2026-01-01T10:00:00Z'
		);
	} );

	it( 'shows the views with their counts and switches between them', async () => {
		const registry = renderList( [ entry( 7, 'Ada' ) ] );
		const views = await screen.findByRole( 'list', {
			name: 'Entry views',
		} );
		const all = await within( views ).findByRole( 'button', {
			name: 'All (2)',
		} );
		expect( all.getAttribute( 'aria-current' ) ).toBe( 'true' );
		expect(
			within( views )
				.getAllByRole( 'button' )
				.map( ( b ) => b.textContent )
		).toEqual( [
			'All (2)',
			'Unread (2)',
			'Starred (1)',
			'Spam (3)',
			'Trash (4)',
		] );
		expect(
			mock.mock.calls.some(
				( [ r ] ) =>
					r.path === '/kestrel-forms/v1/entries/counts?form_id=3'
			)
		).toBe( true );

		await userEvent.click(
			within( views ).getByRole( 'button', { name: 'Trash (4)' } )
		);
		await waitFor( () =>
			expect( listPaths().at( -1 ) ).toContain( 'status=trash' )
		);
		expect(
			within( views )
				.getByRole( 'button', { name: 'Trash (4)' } )
				.getAttribute( 'aria-current' )
		).toBe( 'true' );

		await userEvent.click(
			within( views ).getByRole( 'button', { name: 'Starred (1)' } )
		);
		await waitFor( () =>
			expect( registry.select( store ).getQuery() ).toMatchObject( {
				status: 'active',
				starred: true,
				read: null,
			} )
		);
		expect( listPaths().at( -1 ) ).toContain( 'starred=true' );

		await userEvent.click(
			within( views ).getByRole( 'button', { name: 'Unread (2)' } )
		);
		await waitFor( () =>
			expect( listPaths().at( -1 ) ).toContain( 'read=false' )
		);
		expect( listPaths().at( -1 ) ).not.toContain( 'starred' );
	} );

	it( 'bulk trash says so with Undo, which puts each entry back', async () => {
		renderList( [
			entry( 7, 'Ada' ),
			{ ...entry( 8, 'Grace' ), status: 'spam' },
		] );
		await userEvent.click(
			await screen.findByRole( 'checkbox', { name: 'Entry #7' } )
		);
		await userEvent.click(
			screen.getByRole( 'checkbox', { name: 'Entry #8' } )
		);
		const countsBefore = mock.mock.calls.filter( ( [ r ] ) =>
			r.path.includes( '/counts' )
		).length;
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Move to trash' } )
		);
		await waitFor( () =>
			expect( noticeText() ).toBe( '2 entries moved to the Trash.Undo' )
		);
		expect( bulkBodies() ).toEqual( [
			{ action: 'trash', ids: [ 7, 8 ] },
		] );
		// The views' counts are read again.
		await waitFor( () =>
			expect(
				mock.mock.calls.filter( ( [ r ] ) =>
					r.path.includes( '/counts' )
				).length
			).toBeGreaterThan( countsBefore )
		);

		await userEvent.click( screen.getByRole( 'button', { name: 'Undo' } ) );
		await waitFor( () =>
			expect( bulkBodies() ).toEqual( [
				{ action: 'trash', ids: [ 7, 8 ] },
				{ action: 'restore', ids: [ 7 ] },
				{ action: 'spam', ids: [ 8 ] },
			] )
		);
		await waitFor( () =>
			expect( noticeText() ).toBe( '2 entries put back.' )
		);
		expect( screen.queryByRole( 'button', { name: 'Undo' } ) ).toBeNull();
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
