import apiFetch from '@wordpress/api-fetch';
import { createRegistry, RegistryProvider } from '@wordpress/data';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { store, type DetailField, type EntryDetail } from '../../store/entries';
import { EntryDetailScreen } from '../EntryDetailScreen';

jest.mock( '@wordpress/api-fetch', () => jest.fn() );

const list: DetailField = {
	id: 5,
	type: 'list',
	label: 'Items',
	text: 'Item: Tea, Qty: 2',
	files: [],
	rows: [ [ 'Tea', '2' ] ],
	columns: [ 'Item', 'Qty' ],
	rows_definition: {
		id: 5,
		type: 'list',
		label: 'Items',
		columns: [ 'Item', 'Qty' ],
		maxRows: 2,
	},
	editable: true,
	raw: { 5: [ [ 'Tea', '2' ] ] },
	choices: [],
};

const repeater: DetailField = {
	id: 6,
	type: 'repeater',
	label: 'Guests',
	text: 'Name: Ada, Meal: Fish',
	files: [],
	rows: [ [ 'Ada', 'fish' ] ],
	columns: [ 'Name', 'Meal' ],
	rows_definition: {
		id: 6,
		type: 'repeater',
		label: 'Guests',
		fields: [
			{ id: 1, type: 'text', label: 'Name', isRequired: true },
			{
				id: 2,
				type: 'select',
				label: 'Meal',
				choices: [
					{ text: 'Fish', value: 'fish' },
					{ text: 'Pasta', value: 'pasta' },
				],
			},
		],
	},
	editable: true,
	raw: { 6: [ [ 'Ada', 'fish' ] ] },
	choices: [],
};

function detail( fields: DetailField[] ): EntryDetail {
	return {
		id: 12,
		form_id: 3,
		created_at: '2026-01-01T10:00:00Z',
		status: 'active',
		is_read: true,
		is_starred: false,
		values: {},
		display: {},
		source_url: '',
		user_id: 0,
		user_name: '',
		form_title: 'Order',
		fields,
		order: null,
		feed_list: [],
		notes: [],
		neighbours: { previous: 0, next: 0 },
	};
}

const config = {
	formId: 3,
	entryId: 12,
	forms: [ { id: 3, title: 'Order' } ],
	fields: [],
	screenUrl: '/wp-admin/admin.php?page=kestrel-forms-entries',
	exportUrl: '/export',
	nonce: 'n',
};

const mock = apiFetch as unknown as jest.Mock;

/**
 * Renders the entry screen; `onPost` answers the value save.
 *
 * @param fields Detail fields.
 * @param onPost Answers POST /entries/12.
 */
async function renderEntry(
	fields: DetailField[],
	onPost: ( data: { values: Record< string, unknown > } ) => unknown
) {
	mock.mockImplementation(
		async ( {
			path,
			method,
			data,
		}: {
			path: string;
			method?: string;
			data?: { values: Record< string, unknown > };
		} ) => {
			if ( path.endsWith( '/entries/bulk' ) ) {
				return { changed: 1 };
			}
			if ( method === 'POST' && data ) {
				return onPost( data );
			}
			return detail( fields );
		}
	);
	const registry = createRegistry();
	registry.register( store );
	render(
		<RegistryProvider value={ registry }>
			<EntryDetailScreen config={ config } />
		</RegistryProvider>
	);
	await userEvent.click(
		await screen.findByRole( 'button', { name: 'Edit values' } )
	);
}

const posted = () =>
	mock.mock.calls
		.map( ( [ request ] ) => request )
		.filter( ( r ) => r.method === 'POST' && r.data?.values );

beforeEach( () => mock.mockReset() );

it( 'edits a list as visitors fill it: add a row, edit cells, sent as flat cells', async () => {
	await renderEntry( [ list ], () =>
		detail( [
			{
				...list,
				rows: [
					[ 'Tea', '3' ],
					[ 'Cake', '1' ],
				],
				text: 'Item: Tea, Qty: 3\nItem: Cake, Qty: 1',
			},
		] )
	);
	const qty = screen.getByRole( 'textbox', { name: 'Qty, row 1' } );
	expect( ( qty as HTMLInputElement ).value ).toBe( '2' );
	await userEvent.clear( qty );
	await userEvent.type( qty, '3' );
	await userEvent.click(
		screen.getByRole( 'button', { name: 'Add a row after row 1' } )
	);
	// maxRows 2: no third row.
	expect(
		(
			screen.getByRole( 'button', {
				name: 'Add a row after row 2',
			} ) as HTMLButtonElement
		 ).disabled
	).toBe( true );
	const added = screen.getByRole( 'textbox', { name: 'Item, row 2' } );
	expect( added ).toBe( added.ownerDocument.activeElement );
	await userEvent.type(
		screen.getByRole( 'textbox', { name: 'Item, row 2' } ),
		'Cake'
	);
	await userEvent.type(
		screen.getByRole( 'textbox', { name: 'Qty, row 2' } ),
		'1'
	);
	expect( screen.getByText( 'Row added.' ) ).toBeTruthy();
	await userEvent.click(
		screen.getByRole( 'button', { name: 'Save changes' } )
	);
	expect( posted() ).toHaveLength( 1 );
	expect( posted()[ 0 ] ).toMatchObject( {
		path: '/kestrel-forms/v1/entries/12',
		data: { values: { 5: [ 'Tea', '3', 'Cake', '1' ] } },
	} );
	// Saved: back to the formatted value.
	expect(
		await screen.findByText( /Item: Tea, Qty: 3\s+Item: Cake, Qty: 1/ )
	).toBeTruthy();
	expect( screen.queryByRole( 'textbox', { name: 'Qty, row 1' } ) ).toBe(
		null
	);
} );

it( 'removes a repeater row and shows the server’s message next to the field', async () => {
	const rejection = {
		code: 'kestrel_forms_validation_failed',
		message: 'There was a problem with your submission.',
		data: {
			status: 400,
			errors: { 6: 'Row 1, Name: This field is required.' },
		},
	};
	await renderEntry(
		[
			{
				...repeater,
				rows: [
					[ 'Ada', 'fish' ],
					[ 'Grace', 'pasta' ],
				],
			},
		],
		() => Promise.reject( rejection )
	);
	const row = screen.getByRole( 'group', { name: 'Guests, row 1' } );
	expect(
		( within( row ).getByLabelText( 'Meal' ) as HTMLSelectElement ).value
	).toBe( 'fish' );
	await userEvent.click(
		screen.getByRole( 'button', { name: 'Remove row 2' } )
	);
	expect( screen.queryByRole( 'group', { name: 'Guests, row 2' } ) ).toBe(
		null
	);
	await userEvent.clear( within( row ).getByLabelText( /Name/ ) );
	await userEvent.click(
		screen.getByRole( 'button', { name: 'Save changes' } )
	);
	expect( posted()[ 0 ].data ).toEqual( {
		values: { 6: [ '', 'fish' ] },
	} );
	const message = await screen.findByText(
		'Row 1, Name: This field is required.'
	);
	const fieldset = screen
		.getByRole( 'group', { name: 'Guests, row 1' } )
		.closest( 'fieldset' );
	expect( fieldset?.getAttribute( 'aria-describedby' ) ).toBe( message.id );
	// Still editing, nothing lost.
	expect(
		(
			within(
				screen.getByRole( 'group', { name: 'Guests, row 1' } )
			).getByLabelText( 'Meal' ) as HTMLSelectElement
		 ).value
	).toBe( 'fish' );
} );

it( 'sends nothing for a list the admin did not change', async () => {
	await renderEntry( [ list ], () => detail( [ list ] ) );
	await userEvent.click(
		screen.getByRole( 'button', { name: 'Save changes' } )
	);
	expect( posted() ).toHaveLength( 0 );
	expect(
		screen.getByRole( 'button', { name: 'Edit values' } )
	).toBeTruthy();
} );
