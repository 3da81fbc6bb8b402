import apiFetch from '@wordpress/api-fetch';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormDefinition } from '../../../../shared';
import { renderWithForm } from '../../test/editor-harness';
import {
	ConfirmationsPanel,
	confirmationsOf,
	confirmationsPatch,
	makeDefault,
} from '../ConfirmationsPanel';

jest.mock( '@wordpress/api-fetch', () => jest.fn() );
jest.setTimeout( 30000 );

const mock = apiFetch as unknown as jest.Mock;

const form: FormDefinition = {
	title: 'Contact',
	fields: [
		{ id: 1, type: 'text', label: 'Name' },
		{
			id: 2,
			type: 'radio',
			label: 'Topic',
			choices: [
				{ text: 'Sales', value: 'sales' },
				{ text: 'Help', value: 'help' },
			],
		},
	],
};

const box = ( name: string ) =>
	screen.getByRole( 'textbox', { name } ) as HTMLInputElement;

beforeEach( () => mock.mockReset() );

describe( 'ConfirmationsPanel', () => {
	it( 'shows a legacy confirmation as the default and migrates it on the first edit', async () => {
		const user = userEvent.setup();
		const { edited } = renderWithForm(
			{ ...form, confirmation: { type: 'message', message: 'Thanks' } },
			( f ) => <ConfirmationsPanel form={ f } />
		);
		expect(
			screen.getByRole( 'heading', { name: 'Default confirmation' } )
				.parentElement!.textContent
		).toContain( 'On · Default' );
		await user.click(
			screen.getByRole( 'button', { name: 'Edit Default confirmation' } )
		);
		// The default cannot be switched off or deleted.
		expect( screen.queryByLabelText( 'Active' ) ).toBeNull();
		expect(
			screen.queryByRole( 'button', {
				name: 'Delete Default confirmation',
			} )
		).toBeNull();
		await user.type( box( 'Confirmation message' ), ' {{Name:1}!' );
		expect( edited().confirmations ).toEqual( [
			{
				id: 'default',
				name: 'Default confirmation',
				isDefault: true,
				type: 'message',
				message: 'Thanks {Name:1}!',
			},
		] );
		// The single key follows the default for older readers.
		expect( edited().confirmation ).toEqual( {
			type: 'message',
			message: 'Thanks {Name:1}!',
		} );
	} );

	it( 'adds a conditional confirmation before the default, as a redirect with a query string', async () => {
		const user = userEvent.setup();
		const { edited } = renderWithForm( form, ( f ) => (
			<ConfirmationsPanel form={ f } />
		) );
		await user.click(
			screen.getByRole( 'button', { name: 'Add confirmation' } )
		);
		let list = edited().confirmations!;
		expect( list.map( ( c ) => c.name ) ).toEqual( [
			'Confirmation 2',
			'Default confirmation',
		] );
		expect( list[ 0 ].id ).toMatch( /^[a-z0-9_-]{1,32}$/ );
		expect( list[ 0 ].isDefault ).toBeUndefined();
		// It starts with a rule: without one it would always win.
		expect( list[ 0 ].conditionalLogic ).toEqual( {
			actionType: 'show',
			logicType: 'all',
			rules: [ { fieldId: '1', operator: 'is', value: '' } ],
		} );
		await user.selectOptions(
			screen.getByRole( 'combobox', { name: 'Field' } ),
			'2'
		);
		await user.selectOptions(
			screen.getByRole( 'combobox', { name: 'Value' } ),
			'sales'
		);
		await user.selectOptions(
			screen.getByRole( 'combobox', { name: 'After a submission' } ),
			'redirect'
		);
		await user.clear( box( 'Redirect URL' ) );
		await user.type( box( 'Redirect URL' ), 'https://example.com/sales' );
		await user.type( box( 'Query string' ), '?who={{Name:1}' );
		list = edited().confirmations!;
		expect( list[ 0 ] ).toMatchObject( {
			type: 'redirect',
			url: 'https://example.com/sales',
			queryString: 'who={Name:1}',
			conditionalLogic: {
				rules: [ { fieldId: '2', operator: 'is', value: 'sales' } ],
			},
		} );
		expect(
			screen.getByRole( 'heading', { name: 'Confirmation 2' } )
				.parentElement!.textContent
		).toContain(
			'Redirects to https://example.com/sales?who={Name:1}, when Topic (2) is "Sales"'
		);
		// Only one default, still the last one.
		expect( list.filter( ( c ) => c.isDefault ) ).toHaveLength( 1 );
	} );

	it( 'keeps exactly one default when another one becomes it', async () => {
		const user = userEvent.setup();
		const { edited } = renderWithForm(
			{
				...form,
				confirmations: [
					{
						id: 'sales',
						name: 'Sales',
						type: 'message',
						message: 'Sales will call',
						conditionalLogic: {
							actionType: 'show',
							logicType: 'all',
							rules: [
								{
									fieldId: '2',
									operator: 'is',
									value: 'sales',
								},
							],
						},
					},
					{
						id: 'default',
						name: 'Default',
						isDefault: true,
						type: 'message',
						message: 'Thanks',
					},
				],
			},
			( f ) => <ConfirmationsPanel form={ f } />
		);
		await user.click(
			screen.getByRole( 'button', { name: 'Edit Sales' } )
		);
		await user.click(
			screen.getByRole( 'button', { name: 'Make this the default' } )
		);
		const list = edited().confirmations!;
		expect(
			list.filter( ( c ) => c.isDefault ).map( ( c ) => c.id )
		).toEqual( [ 'sales' ] );
		// The new default has no rules; the old one is now an ordinary one.
		expect( list[ 0 ].conditionalLogic ).toBeUndefined();
		expect( 'isDefault' in list[ 1 ] ).toBe( false );
		expect( edited().confirmation ).toEqual( {
			type: 'message',
			message: 'Sales will call',
		} );
		// The old default can now be deleted.
		await user.click(
			screen.getByRole( 'button', { name: 'Delete Default' } )
		);
		await user.click(
			within(
				screen.getByRole( 'group', { name: 'Confirm deletion' } )
			).getByRole( 'button', { name: 'Delete' } )
		);
		expect( edited().confirmations!.map( ( c ) => c.id ) ).toEqual( [
			'sales',
		] );
	} );

	it( 'picks a published page from the site', async () => {
		const user = userEvent.setup();
		mock.mockResolvedValue( [
			{ id: 12, title: { rendered: 'Thank you &amp; welcome' } },
			{ id: 14, title: { rendered: 'Order received' } },
		] );
		const { edited } = renderWithForm( form, ( f ) => (
			<ConfirmationsPanel form={ f } />
		) );
		await user.click(
			screen.getByRole( 'button', { name: 'Edit Default confirmation' } )
		);
		await user.selectOptions(
			screen.getByRole( 'combobox', { name: 'After a submission' } ),
			'page'
		);
		expect( mock ).toHaveBeenCalledWith( {
			path: '/wp/v2/pages?status=publish&per_page=100&_fields=id,title',
		} );
		const page = screen.getByRole( 'combobox', { name: 'Page' } );
		await waitFor( () =>
			expect(
				within( page )
					.getAllByRole( 'option' )
					.map( ( o ) => o.textContent )
			).toEqual( [
				'Choose a page…',
				'Thank you & welcome',
				'Order received',
			] )
		);
		await user.selectOptions( page, '14' );
		expect( edited().confirmations![ 0 ] ).toMatchObject( {
			type: 'page',
			pageId: 14,
			isDefault: true,
		} );
		// A page cannot be said with the single key: it is removed.
		expect( 'confirmation' in edited() ).toBe( false );
	} );
} );

describe( 'confirmation helpers', () => {
	it( 'reads the list, the legacy redirect, or a default message', () => {
		expect(
			confirmationsOf( {
				...form,
				confirmation: { type: 'redirect', url: '/thanks' },
			} )
		).toEqual( [
			{
				id: 'default',
				name: 'Default confirmation',
				isDefault: true,
				type: 'redirect',
				url: '/thanks',
			},
		] );
		expect( confirmationsOf( form )[ 0 ] ).toMatchObject( {
			isDefault: true,
			type: 'message',
			message: '',
		} );
	} );

	it( 'writes the single key from the default only', () => {
		const list = makeDefault(
			[
				{ id: 'a', type: 'redirect', url: '/a', isDefault: true },
				{ id: 'b', type: 'redirect', url: '/b' },
			],
			'b'
		);
		expect( confirmationsPatch( list ).confirmation ).toEqual( {
			type: 'redirect',
			url: '/b',
		} );
		expect( list.filter( ( c ) => c.isDefault ) ).toHaveLength( 1 );
	} );
} );
