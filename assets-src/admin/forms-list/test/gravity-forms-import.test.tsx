/**
 * Import of a Gravity Forms export from the forms list: the file is recognised, the server's
 * dry run report is shown (per form: imported / approximated / left out, each naming the field)
 * and the forms are imported only when the owner confirms; our own format still goes to the
 * create route.
 */
import apiFetch from '@wordpress/api-fetch';
import { createRegistry, RegistryProvider } from '@wordpress/data';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { store } from '../../store/forms';
import { FormsList } from '../FormsList';
import { isGravityFormsExport } from '../gravity-forms-import';
import { describeItem } from '../ImportReport';

import { config } from './list-harness';

jest.mock( '@wordpress/api-fetch', () => jest.fn() );

const mock = apiFetch as unknown as jest.Mock;

const gfExport = {
	0: {
		id: 30,
		title: 'Membership',
		fields: [
			{ id: 3, type: 'phone', label: 'Phone', phoneFormat: 'uk' },
			{ id: 11, type: 'signature', label: 'Sign here' },
			{ id: 13, type: 'text', label: 'Nickname' },
		],
	},
	version: '2.8.4',
};

const report = {
	source_id: 30,
	title: 'Membership',
	imported: [
		{ field: 3, label: 'Phone', type: 'phone' },
		{ field: 13, label: 'Nickname', type: 'text' },
	],
	approximated: [
		{
			field: 3,
			label: 'Phone',
			setting: 'phoneFormat',
			note: 'the "uk" phone format (from an add-on or a site filter) is read as an international number',
		},
	],
	left_out: [
		{
			field: 11,
			label: 'Sign here',
			type: 'signature',
			note: 'an add-on field type ("signature") this plugin does not have',
		},
		{
			field: null,
			label: null,
			setting: 'save',
			note: 'save and continue later is not supported',
		},
	],
};

type Request = { path: string; method?: string; data?: unknown };

function renderList() {
	mock.mockReset();
	mock.mockImplementation( async ( { path, method }: Request ) => {
		if (
			method === 'POST' &&
			path.startsWith( '/kestrel-forms/v1/forms/import' )
		) {
			const dry = path.includes( 'dry_run=1' );
			return {
				...( dry ? { dry_run: true } : {} ),
				forms: [
					{
						id: dry ? null : 41,
						title: 'Membership',
						source_id: 30,
						...( dry ? { errors: [] } : {} ),
					},
				],
				report: [ report ],
			};
		}
		if ( method === 'POST' ) {
			return {
				id: 99,
				title: 'Ours',
				fields: [],
				status: 'active',
				createdAt: '',
				updatedAt: '',
				entryCount: 0,
			};
		}
		return {
			json: async () => [],
			headers: new Map( [
				[ 'X-WP-Total', '0' ],
				[ 'X-WP-TotalPages', '1' ],
			] ),
		};
	} );
	const registry = createRegistry();
	registry.register( store );
	return render(
		<RegistryProvider value={ registry }>
			<FormsList config={ config } />
		</RegistryProvider>
	);
}

/**
 * A JSON file (jsdom's File may lack text()).
 *
 * @param data Content.
 */
function jsonFile( data: unknown ): File {
	const text = JSON.stringify( data );
	const file = new File( [ text ], 'export.json', {
		type: 'application/json',
	} );
	Object.defineProperty( file, 'text', { value: async () => text } );
	return file;
}

const posts = () =>
	mock.mock.calls
		.map( ( [ request ] ) => request as Request )
		.filter( ( r ) => r.method === 'POST' );

async function chooseAndImport( data: unknown ) {
	const user = userEvent.setup();
	await user.upload(
		screen.getByLabelText( /Form JSON file/ ),
		jsonFile( data )
	);
	await user.click( screen.getByRole( 'button', { name: 'Import' } ) );
	return user;
}

describe( 'Gravity Forms import', () => {
	it( 'recognises both export shapes and not our own format', () => {
		expect( isGravityFormsExport( gfExport ) ).toBe( true );
		expect( isGravityFormsExport( [ gfExport[ 0 ] ] ) ).toBe( true );
		expect( isGravityFormsExport( { title: 'Ours', fields: [] } ) ).toBe(
			false
		);
		expect( isGravityFormsExport( { version: '2.8' } ) ).toBe( false );
		expect( isGravityFormsExport( [ 1 ] ) ).toBe( false );
	} );

	it( 'shows the dry run report and imports only on confirmation', async () => {
		renderList();
		const user = await chooseAndImport( gfExport );

		const dialog = await screen.findByRole( 'dialog', {
			name: 'Import from Gravity Forms',
		} );
		expect( posts().map( ( r ) => r.path ) ).toEqual( [
			'/kestrel-forms/v1/forms/import?dry_run=1',
		] );
		expect( posts()[ 0 ].data ).toEqual( gfExport );
		expect(
			within( dialog ).getByText( 'Membership (Gravity Forms form 30)' )
		).toBeTruthy();
		expect(
			within( dialog ).getByText( 'Field 13 “Nickname” (text)' )
		).toBeTruthy();
		expect(
			within( dialog ).getByText( 'Field 3 “Phone” (phone)' )
		).toBeTruthy();
		expect(
			within( dialog ).getByText(
				'Field 3 “Phone” — phoneFormat: the "uk" phone format (from an add-on or a site filter) is read as an international number'
			)
		).toBeTruthy();
		expect(
			within( dialog ).getByText(
				'Field 11 “Sign here” (signature): an add-on field type ("signature") this plugin does not have'
			)
		).toBeTruthy();
		expect(
			within( dialog ).getByText(
				'Form setting save: save and continue later is not supported'
			)
		).toBeTruthy();

		await user.click(
			within( dialog ).getByRole( 'button', { name: 'Import 1 form' } )
		);
		await waitFor( () => expect( posts() ).toHaveLength( 2 ) );
		expect( posts()[ 1 ].path ).toBe( '/kestrel-forms/v1/forms/import' );
		await waitFor( () =>
			expect(
				document.querySelector( '.notice-success' )?.textContent
			).toContain(
				'Imported 1 form from Gravity Forms: "Membership" (41).'
			)
		);
		expect( screen.queryByRole( 'dialog' ) ).toBeNull();
	} );

	it( 'Cancel imports nothing', async () => {
		renderList();
		const user = await chooseAndImport( gfExport );
		const dialog = await screen.findByRole( 'dialog', {
			name: 'Import from Gravity Forms',
		} );
		await user.click(
			within( dialog ).getByRole( 'button', { name: 'Cancel' } )
		);
		expect( screen.queryByRole( 'dialog' ) ).toBeNull();
		expect( posts() ).toHaveLength( 1 );
	} );

	it( 'our own format is created as before', async () => {
		renderList();
		await chooseAndImport( { title: 'Ours', fields: [] } );
		await waitFor( () => expect( posts() ).toHaveLength( 1 ) );
		expect( posts()[ 0 ].path ).toBe( '/kestrel-forms/v1/forms' );
	} );

	it( 'names a line without a note by its field alone', () => {
		expect(
			describeItem( { field: 2, label: 'Email', type: 'email' } )
		).toBe( 'Field 2 “Email” (email)' );
	} );
} );
