/**
 * The entry screen's housekeeping: Move to Trash with Undo (back to where it was), Spam / Not
 * spam, Restore, Delete permanently (asks first), Print; and its dates in the
 * site's zone and formats.
 */
import apiFetch from '@wordpress/api-fetch';
import { createRegistry, RegistryProvider } from '@wordpress/data';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { store, type EntryDetail } from '../../store/entries';
import { EntryDetailScreen } from '../EntryDetailScreen';
import { inAuckland } from '../../components/test/auckland';

jest.mock( '@wordpress/api-fetch', () => jest.fn() );

const mock = apiFetch as unknown as jest.Mock;

const config = {
	formId: 3,
	entryId: 12,
	forms: [ { id: 3, title: 'Order' } ],
	fields: [],
	screenUrl: '/wp-admin/admin.php?page=kestrel-forms-entries',
	exportUrl: '/export',
	nonce: 'n',
};

/** The entry as the server has it; bulk actions change its status. */
let stored: EntryDetail;

const entry = ( status: EntryDetail[ 'status' ] ): EntryDetail => ( {
	id: 12,
	form_id: 3,
	created_at: '2026-07-01T13:30:00Z',
	status,
	is_read: true,
	is_starred: false,
	values: {},
	display: {},
	source_url: '',
	user_id: 0,
	user_name: '',
	form_title: 'Order',
	fields: [],
	order: null,
	feed_list: [],
	notes: [
		{
			id: 1,
			user_id: 1,
			user_name: 'Admin',
			note: 'Called back',
			created_at: '2026-03-15T10:00:00Z',
		},
	],
	neighbours: { previous: 0, next: 0 },
} );

const STATUS_OF: Record< string, EntryDetail[ 'status' ] > = {
	trash: 'trash',
	spam: 'spam',
	not_spam: 'active',
	restore: 'active',
};

/** The bulk requests sent (the quiet "read" on opening left out). */
const bulkBodies = () =>
	mock.mock.calls
		.map( ( [ request ] ) => request )
		.filter( ( r ) => r.method === 'POST' && r.data?.action !== 'read' )
		.map( ( r ) => r.data );

const noticeText = () =>
	document.querySelector( '.components-notice__content' )?.textContent ?? '';

async function renderEntry( status: EntryDetail[ 'status' ] ) {
	stored = entry( status );
	mock.mockImplementation(
		async ( {
			path,
			data,
		}: {
			path: string;
			data?: { action: string; ids: number[] };
		} ) => {
			if ( path.endsWith( '/entries/bulk' ) && data ) {
				if ( STATUS_OF[ data.action ] ) {
					stored = { ...stored, status: STATUS_OF[ data.action ] };
				}
				return { changed: data.ids.length };
			}
			return stored;
		}
	);
	const registry = createRegistry();
	registry.register( store );
	render(
		<RegistryProvider value={ registry }>
			<EntryDetailScreen config={ config } />
		</RegistryProvider>
	);
	return screen.findByRole( 'group', { name: 'Entry actions' } );
}

beforeEach( () => mock.mockReset() );

it( 'moves the entry to the Trash with Undo, which puts it back', async () => {
	const bar = await renderEntry( 'active' );
	expect(
		within( bar )
			.getAllByRole( 'button' )
			.map( ( b ) => b.textContent )
	).toEqual( [ 'Mark as spam', 'Move to Trash', 'Print' ] );
	await userEvent.click(
		within( bar ).getByRole( 'button', { name: 'Move to Trash' } )
	);
	await waitFor( () =>
		expect( noticeText() ).toBe( '1 entry moved to the Trash.Undo' )
	);
	expect( bulkBodies() ).toEqual( [ { action: 'trash', ids: [ 12 ] } ] );
	// In the Trash: Restore and Delete permanently instead.
	expect(
		within( bar )
			.getAllByRole( 'button' )
			.map( ( b ) => b.textContent )
	).toEqual( [ 'Restore', 'Delete permanently', 'Print' ] );
	expect(
		document.querySelector( '.kestrel-forms-entry-status' )?.textContent
	).toBe( 'Trash' );

	await userEvent.click( screen.getByRole( 'button', { name: 'Undo' } ) );
	await waitFor( () =>
		expect( bulkBodies() ).toEqual( [
			{ action: 'trash', ids: [ 12 ] },
			{ action: 'restore', ids: [ 12 ] },
		] )
	);
	await waitFor( () =>
		expect(
			within( bar ).getByRole( 'button', { name: 'Move to Trash' } )
		).toBeTruthy()
	);
	expect( noticeText() ).toBe( '1 entry put back.' );
} );

it( 'spam and not spam, each with Undo; delete permanently asks first', async () => {
	const bar = await renderEntry( 'spam' );
	await userEvent.click(
		within( bar ).getByRole( 'button', { name: 'Not spam' } )
	);
	await waitFor( () =>
		expect( noticeText() ).toBe( '1 entry restored.Undo' )
	);
	await userEvent.click(
		within( bar ).getByRole( 'button', { name: 'Mark as spam' } )
	);
	await waitFor( () =>
		expect( noticeText() ).toBe( '1 entry marked as spam.Undo' )
	);

	await userEvent.click(
		within( bar ).getByRole( 'button', { name: 'Delete permanently' } )
	);
	const dialog = await screen.findByRole( 'dialog' );
	expect( dialog.textContent ).toContain( 'This cannot be undone.' );
	await userEvent.click(
		within( dialog ).getByRole( 'button', { name: 'Cancel' } )
	);
	expect( bulkBodies().map( ( b ) => b.action ) ).not.toContain( 'delete' );
} );

it( 'prints the entry', async () => {
	const print = jest.fn();
	window.print = print;
	const bar = await renderEntry( 'active' );
	await userEvent.click(
		within( bar ).getByRole( 'button', { name: 'Print' } )
	);
	expect( print ).toHaveBeenCalled();
} );

it( "shows its dates in the site's zone and formats, with the relative time beside", async () => {
	inAuckland();
	await renderEntry( 'active' );
	// 13:30 UTC on 1 July is 01:30 the next day in Auckland (UTC+12 in winter).
	const submitted = screen.getByRole( 'rowheader', { name: 'Submitted' } )
		.nextElementSibling as HTMLElement;
	expect( submitted.textContent ).toMatch( /^02\/07\/2026 01:30 \(.+\)$/ );
	const note = screen
		.getByText( 'Called back' )
		.closest( 'li' ) as HTMLElement;
	expect( note.textContent ).toContain( '15/03/2026 23:00' );
} );
