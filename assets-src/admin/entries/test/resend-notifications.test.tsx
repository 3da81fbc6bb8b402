import apiFetch from '@wordpress/api-fetch';
import { createRegistry, RegistryProvider } from '@wordpress/data';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { store } from '../../store/entries';
import { ResendNotifications } from '../ResendNotifications';

jest.mock( '@wordpress/api-fetch', () => jest.fn() );
jest.setTimeout( 30000 );

const mock = apiFetch as unknown as jest.Mock;

const form = {
	id: 4,
	title: 'Order',
	fields: [],
	notifications: [
		{ id: 'admin', name: 'Admin notification' },
		{ id: 'cust', name: 'Customer', event: 'payment_completed' },
		{ id: 'old', isActive: false },
	],
};

/**
 * Answers the requests the control makes, by path.
 *
 * @param resend The resend answer (or a rejection).
 */
function answer( resend: () => Promise< unknown > ) {
	mock.mockImplementation( ( { path }: { path: string } ) => {
		if ( path === '/kestrel-forms/v1/forms/4?context=edit' ) {
			return Promise.resolve( form );
		}
		if ( path === '/kestrel-forms/v1/entries/9/notifications/resend' ) {
			return resend();
		}
		// The entry reloaded after a resend (its new notes).
		return new Promise( () => undefined );
	} );
}

function show() {
	const registry = createRegistry();
	registry.register( store );
	return render(
		<RegistryProvider value={ registry }>
			<ResendNotifications entryId={ 9 } formId={ 4 } />
		</RegistryProvider>
	);
}

beforeEach( () => mock.mockReset() );

it( "lists the form's notifications and resends the chosen ones", async () => {
	const user = userEvent.setup();
	answer( () =>
		Promise.resolve( {
			results: [
				{ id: 'admin', sent: true, to: [ 'owner@example.com' ] },
				{ id: 'old', sent: false, to: [], error: 'Invalid address' },
			],
		} )
	);
	show();
	const admin = await screen.findByRole( 'checkbox', {
		name: 'Admin notification',
	} );
	expect(
		screen
			.getAllByRole( 'checkbox' )
			.map(
				( c ) => c.closest( '.components-base-control' )!.textContent
			)
	).toEqual( [
		'Admin notificationForm is submitted',
		'CustomerPayment is completed',
		'Notification 3Form is submitted · Off',
	] );
	const button = screen.getByRole( 'button', { name: 'Resend' } );
	expect( button.getAttribute( 'aria-disabled' ) ).toBe( 'true' );

	await user.click( admin );
	await user.click(
		screen.getByRole( 'checkbox', { name: 'Notification 3' } )
	);
	await user.click( button );
	expect( mock ).toHaveBeenCalledWith( {
		path: '/kestrel-forms/v1/entries/9/notifications/resend',
		method: 'POST',
		data: { ids: [ 'admin', 'old' ] },
	} );
	const lines = await screen.findAllByText(
		'Admin notification: sent to owner@example.com. Notification 3: not sent (Invalid address).'
	);
	expect(
		lines.some( ( el ) =>
			el
				.closest( '.components-notice' )
				?.className.includes( 'is-warning' )
		)
	).toBe( true );
	// The entry is read again for the notes the server added.
	expect( mock ).toHaveBeenCalledWith(
		expect.objectContaining( {
			path: expect.stringMatching( /entries\/9$/ ),
		} )
	);
} );

it( 'sends to another address and shows a refusal', async () => {
	const user = userEvent.setup();
	answer( () =>
		Promise.reject( {
			code: 'rest_forbidden',
			message: 'Sorry, you are not allowed to do that.',
		} )
	);
	show();
	await user.click(
		await screen.findByRole( 'checkbox', { name: 'Customer' } )
	);
	await user.type(
		screen.getByRole( 'textbox', { name: 'Send to another address' } ),
		'me@example.com'
	);
	await user.click( screen.getByRole( 'button', { name: 'Resend' } ) );
	expect( mock ).toHaveBeenCalledWith(
		expect.objectContaining( {
			data: { ids: [ 'cust' ], to: 'me@example.com' },
		} )
	);
	const lines = await screen.findAllByText(
		'Sorry, you are not allowed to do that.'
	);
	expect(
		lines.some( ( el ) =>
			el.closest( '.components-notice' )?.className.includes( 'is-error' )
		)
	).toBe( true );
} );

it( 'shows nothing to someone who cannot read the form', async () => {
	mock.mockRejectedValue( { code: 'rest_forbidden', message: 'No' } );
	const { container } = show();
	await new Promise( ( resolve ) => setTimeout( resolve, 0 ) );
	expect( mock ).toHaveBeenCalledTimes( 1 );
	expect( container.textContent ).toBe( '' );
} );
