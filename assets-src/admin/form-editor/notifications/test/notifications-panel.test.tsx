import apiFetch from '@wordpress/api-fetch';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormDefinition } from '../../../../shared';
import { store } from '../../../store/forms';
import { renderWithForm } from '../../test/editor-harness';
import { NotificationsPanel } from '../NotificationsPanel';
import { moveBy, newItemId } from '../items';

jest.mock( '@wordpress/api-fetch', () => jest.fn() );
jest.setTimeout( 30000 );

const mock = apiFetch as unknown as jest.Mock;

const form: FormDefinition = {
	title: 'Order',
	fields: [
		{ id: 1, type: 'text', label: 'Name' },
		{ id: 2, type: 'email', label: 'Email' },
		{
			id: 3,
			type: 'select',
			label: 'Team',
			choices: [
				{ text: 'Sales', value: 'sales' },
				{ text: 'Support', value: 'support' },
			],
		},
	],
};

const box = ( name: string, root: HTMLElement = document.body ) =>
	within( root ).getByRole( 'textbox', { name } ) as HTMLInputElement;

beforeEach( () => mock.mockReset() );

/**
 * A notice shown with a text, which is also said to screen-reader users (wp.a11y.speak region).
 *
 * @param text The notice's text.
 */
async function spokenNotice( text: string ): Promise< HTMLElement > {
	const found = await screen.findAllByText( text );
	expect( found.some( ( el ) => el.closest( '.a11y-speak-region' ) ) ).toBe(
		true
	);
	const notice = found
		.map( ( el ) => el.closest( '.components-notice' ) )
		.find( Boolean );
	expect( notice ).toBeTruthy();
	return notice as HTMLElement;
}

describe( 'NotificationsPanel', () => {
	it( 'adds an admin notification with sensible defaults and edits it', async () => {
		const user = userEvent.setup();
		const { edited } = renderWithForm( form, ( f ) => (
			<NotificationsPanel form={ f } />
		) );
		expect( screen.getByText( /This form sends no email/ ) ).toBeTruthy();
		await user.click(
			screen.getByRole( 'button', { name: 'Add notification' } )
		);
		const [ created ] = edited().notifications!;
		expect( created.id ).toMatch( /^[a-z0-9_-]{1,32}$/ );
		expect( created ).toEqual( {
			id: created.id,
			name: 'Admin notification',
			event: 'form_submission',
			toType: 'email',
			to: '{admin_email}',
			subject: 'New submission from {form_title}',
			message: '{all_fields}',
		} );
		// The new one is open for editing.
		await user.clear( box( 'Subject' ) );
		await user.type( box( 'Subject' ), 'Order from {{Name:1}' );
		await user.type( box( 'Reply to' ), 'shop@example.com' );
		await user.type( box( 'From name' ), 'Shop' );
		await user.click(
			screen.getByLabelText(
				'Disable auto-formatting (no paragraphs added)'
			)
		);
		expect( edited().notifications![ 0 ] ).toMatchObject( {
			subject: 'Order from {Name:1}',
			replyTo: 'shop@example.com',
			fromName: 'Shop',
			disableAutoformat: true,
		} );
		// Cleared texts leave the definition.
		await user.clear( box( 'From name' ) );
		expect( 'fromName' in edited().notifications![ 0 ] ).toBe( false );
	} );

	it( 'sends to a field (email fields only) or by routing rules', async () => {
		const user = userEvent.setup();
		const { edited } = renderWithForm(
			{
				...form,
				notifications: [ { id: 'a1', name: 'Team', to: 'x@y.z' } ],
			},
			( f ) => <NotificationsPanel form={ f } />
		);
		await user.click( screen.getByRole( 'button', { name: 'Edit Team' } ) );
		await user.click( screen.getByLabelText( 'The address in a field' ) );
		const field = screen.getByRole( 'combobox', { name: 'Email field' } );
		expect(
			within( field )
				.getAllByRole( 'option' )
				.map( ( o ) => o.textContent )
		).toEqual( [ 'Email (2)' ] );
		expect( edited().notifications![ 0 ] ).toMatchObject( {
			toType: 'field',
			toField: '2',
		} );

		await user.click( screen.getByLabelText( 'Routed by rules' ) );
		const route = screen.getByRole( 'group', { name: 'Route 1' } );
		await user.type( box( 'Send to', route ), 'sales@example.com' );
		await user.selectOptions(
			within( route ).getByRole( 'combobox', { name: 'Field' } ),
			'3'
		);
		// A choice field's values are offered by their labels.
		await user.selectOptions(
			within( route ).getByRole( 'combobox', { name: 'Value' } ),
			'sales'
		);
		await user.click( screen.getByRole( 'button', { name: 'Add route' } ) );
		expect( edited().notifications![ 0 ].routing ).toEqual( [
			{
				email: 'sales@example.com',
				fieldId: '3',
				operator: 'is',
				value: 'sales',
			},
			{ email: '', fieldId: '1', operator: 'is', value: '' },
		] );
		await user.click(
			screen.getByRole( 'button', { name: 'Remove route 2' } )
		);
		expect( edited().notifications![ 0 ].routing ).toHaveLength( 1 );
	} );

	it( 'offers payment events only when the form takes payments', async () => {
		const user = userEvent.setup();
		const { edited, unmount } = renderWithForm(
			{ ...form, notifications: [ { id: 'a1', name: 'Paid' } ] },
			( f ) => <NotificationsPanel form={ f } />
		);
		await user.click( screen.getByRole( 'button', { name: 'Edit Paid' } ) );
		const events = () =>
			within( screen.getByRole( 'combobox', { name: 'Send when' } ) )
				.getAllByRole( 'option' )
				.map( ( o ) => ( o as HTMLOptionElement ).value );
		expect( events() ).toEqual( [ 'form_submission' ] );
		unmount();

		renderWithForm(
			{
				...form,
				fields: [ ...form.fields, { id: 9, type: 'payment' } ],
				notifications: [ { id: 'a1', name: 'Paid' } ],
			},
			( f ) => <NotificationsPanel form={ f } />
		);
		await user.click( screen.getByRole( 'button', { name: 'Edit Paid' } ) );
		expect( events() ).toEqual( [
			'form_submission',
			'payment_completed',
			'payment_pending',
			'payment_failed',
			'payment_refunded',
		] );
		expect( edited ).toBeTruthy();
	} );

	it( 'warns when a payment event is set on a form without payment', async () => {
		const user = userEvent.setup();
		renderWithForm(
			{
				...form,
				notifications: [
					{ id: 'a1', name: 'Refund', event: 'payment_refunded' },
				],
			},
			( f ) => <NotificationsPanel form={ f } />
		);
		await user.click(
			screen.getByRole( 'button', { name: 'Edit Refund' } )
		);
		const warning = await spokenNotice(
			'This form has no payment field, so this notification is never sent.'
		);
		expect( warning.className ).toContain( 'is-warning' );
	} );

	it( 'duplicates, moves, switches off and deletes notifications', async () => {
		const user = userEvent.setup();
		const { edited } = renderWithForm(
			{
				...form,
				notifications: [
					{ id: 'a1', name: 'Admin', to: 'a@example.com' },
					{
						id: 'b2',
						name: 'Customer',
						toType: 'field',
						toField: '2',
					},
				],
			},
			( f ) => <NotificationsPanel form={ f } />
		);
		await user.click(
			screen.getByRole( 'button', { name: 'Duplicate Admin' } )
		);
		let list = edited().notifications!;
		expect( list.map( ( n ) => n.name ) ).toEqual( [
			'Admin',
			'Admin (copy)',
			'Customer',
		] );
		expect( list[ 1 ].id ).not.toBe( 'a1' );
		expect( list[ 1 ].to ).toBe( 'a@example.com' );

		await user.click(
			screen.getByRole( 'button', { name: 'Move Customer up' } )
		);
		expect( edited().notifications!.map( ( n ) => n.name ) ).toEqual( [
			'Admin',
			'Customer',
			'Admin (copy)',
		] );

		await user.click(
			screen.getByRole( 'button', { name: 'Edit Customer' } )
		);
		await user.click( screen.getByLabelText( 'Active' ) );
		expect( edited().notifications![ 1 ].isActive ).toBe( false );
		expect(
			screen.getByRole( 'heading', { name: 'Customer' } ).parentElement!
				.textContent
		).toContain( 'Off' );
		await user.click( screen.getByLabelText( 'Active' ) );
		expect( 'isActive' in edited().notifications![ 1 ] ).toBe( false );

		await user.click(
			screen.getByRole( 'button', { name: 'Delete Admin (copy)' } )
		);
		await user.click(
			within(
				screen.getByRole( 'group', { name: 'Confirm deletion' } )
			).getByRole( 'button', { name: 'Delete' } )
		);
		list = edited().notifications!;
		expect( list.map( ( n ) => n.id ) ).toEqual( [ 'a1', 'b2' ] );
	} );

	it( 'sends a test of the unsaved notification and says the answer', async () => {
		const user = userEvent.setup();
		renderWithForm(
			{ ...form, notifications: [ { id: 'a1', name: 'Admin' } ] },
			( f ) => <NotificationsPanel form={ f } />
		);
		await user.click(
			screen.getByRole( 'button', { name: 'Edit Admin' } )
		);
		await user.type( box( 'Subject' ), 'Hi' );
		mock.mockResolvedValueOnce( {
			sent: true,
			to: [ 'me@example.com' ],
			message: 'Sent.',
		} );
		await user.click(
			screen.getByRole( 'button', { name: 'Send a test' } )
		);
		expect( mock ).toHaveBeenCalledWith( {
			path: '/kestrel-forms/v1/forms/3/notifications/test',
			method: 'POST',
			data: { notification: { id: 'a1', name: 'Admin', subject: 'Hi' } },
		} );
		const sent = await spokenNotice( 'Test email sent to me@example.com.' );
		expect( sent.className ).toContain( 'is-success' );

		// To another address; a failure shows the server's message.
		await user.type( box( 'Send the test to' ), 'ops@example.com' );
		mock.mockRejectedValueOnce( {
			code: 'kestrel_forms_notification_failed',
			message: 'Could not instantiate mail function.',
		} );
		await user.click(
			screen.getByRole( 'button', { name: 'Send a test' } )
		);
		expect( mock ).toHaveBeenLastCalledWith(
			expect.objectContaining( {
				data: {
					notification: { id: 'a1', name: 'Admin', subject: 'Hi' },
					to: 'ops@example.com',
				},
			} )
		);
		const failed = await spokenNotice(
			'Could not instantiate mail function.'
		);
		expect( failed.className ).toContain( 'is-error' );
		await waitFor( () => expect( sent.isConnected ).toBe( false ) );

		// A notification the schema refuses: the reasons are said too.
		mock.mockRejectedValueOnce( {
			code: 'kestrel_forms_invalid_form',
			message: 'The form definition is not valid.',
			data: {
				errors: [
					{
						path: 'notifications[0].replyTo',
						message: 'Must be at most 320 characters long.',
					},
				],
			},
		} );
		await user.click(
			screen.getByRole( 'button', { name: 'Send a test' } )
		);
		await spokenNotice(
			'The form definition is not valid. Must be at most 320 characters long.'
		);
	} );
} );

it( "shows the server's messages about the notifications after a refused save", async () => {
	const { registry } = renderWithForm(
		{ ...form, notifications: [ { id: 'a1', name: 'Admin', to: 'x' } ] },
		( f ) => <NotificationsPanel form={ f } />
	);
	mock.mockRejectedValueOnce( {
		code: 'kestrel_forms_invalid_form',
		message: 'Invalid form.',
		data: {
			errors: [
				{
					path: 'notifications[0].routing',
					keyword: 'required',
					message: 'Routing needs at least one rule.',
				},
				{ path: 'title', keyword: 'minLength', message: 'No title.' },
			],
		},
	} );
	await act( async () => {
		await registry.dispatch( store ).saveForm();
	} );
	const notice = await spokenNotice( 'Routing needs at least one rule.' );
	expect( notice.className ).toContain( 'is-error' );
	expect( screen.queryByText( /No title/ ) ).toBeNull();
} );

describe( 'items', () => {
	it( 'makes ids the schema accepts, never one in use', () => {
		const values = [ 0.5, 0.5, 0.25 ];
		const random = () => values.shift()!;
		const first = newItemId( [], () => 0.5 );
		expect( first ).toMatch( /^[a-z0-9_-]{1,32}$/ );
		expect( newItemId( [ first ], random ) ).not.toBe( first );
	} );

	it( 'moves an item within the bounds', () => {
		expect( moveBy( [ 1, 2, 3 ], 2, -1 ) ).toEqual( [ 1, 3, 2 ] );
		expect( moveBy( [ 1, 2, 3 ], 0, -1 ) ).toEqual( [ 1, 2, 3 ] );
		expect( moveBy( [ 1, 2, 3 ], 0, 1 ) ).toEqual( [ 2, 1, 3 ] );
	} );
} );
