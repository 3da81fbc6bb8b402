import apiFetch from '@wordpress/api-fetch';
import { createRegistry, RegistryProvider } from '@wordpress/data';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { store, type AppPassword } from '../../store/settings';
import { settingsData } from '../../store/settings/test/settings-data';
import { SettingsApp } from '../SettingsApp';

jest.mock( '@wordpress/api-fetch', () => jest.fn() );
jest.setTimeout( 30000 );

const mock = apiFetch as unknown as jest.Mock;

const BASE = '/kestrel-forms/v1/settings';

const settings = settingsData;

const listed: AppPassword = {
	uuid: 'u-1',
	name: 'Zapier',
	created: '2026-01-01T10:00:00Z',
	last_used: null,
	capability: 'kestrel_forms_manage',
};

interface Request {
	path: string;
	method?: string;
	data?: Record< string, Record< string, unknown > >;
}

/**
 * A fake REST API: what is saved is what POST /settings received (secrets dropped, as the
 * server only answers whether one is set).
 */
function serve() {
	let saved = settings();
	mock.mockImplementation( async ( { path, method, data }: Request ) => {
		if ( path === BASE && method === 'POST' ) {
			saved = {
				...saved,
				api: { ...saved.api, enabled: Boolean( data!.api.enabled ) },
				captcha: {
					...saved.captcha,
					site_key: String( data!.captcha.site_key ),
					secret_set:
						saved.captcha.secret_set ||
						'secret_key' in data!.captcha,
				},
			};
			return saved;
		}
		if ( path === BASE ) {
			return saved;
		}
		if ( path === `${ BASE }/app-passwords` && method === 'POST' ) {
			return {
				uuid: 'u-2',
				name: data!.name,
				created: '2026-02-01T10:00:00Z',
				last_used: null,
				capability: 'kestrel_forms_manage',
				password: 'abcd EFGH ijkl MNOP',
			};
		}
		if ( path === `${ BASE }/app-passwords` ) {
			return [ listed ];
		}
		if ( path.startsWith( `${ BASE }/app-passwords/` ) ) {
			return { deleted: true };
		}
		throw new Error( `unexpected ${ method ?? 'GET' } ${ path }` );
	} );
}

const requests = ( method: string ) =>
	mock.mock.calls
		.map( ( [ r ] ) => r as Request )
		.filter( ( r ) => r.method === method );

async function renderSettings() {
	const registry = createRegistry();
	registry.register( store );
	render(
		<RegistryProvider value={ registry }>
			<SettingsApp />
		</RegistryProvider>
	);
	await screen.findByRole( 'heading', { name: 'General' } );
	return registry;
}

/**
 * Opens a subview through the page's view links (the draft keeps every view's changes).
 *
 * @param name The link's text.
 */
async function openView( name: string ) {
	await userEvent.click(
		within(
			screen.getByRole( 'navigation', { name: 'Settings views' } )
		).getByRole( 'link', { name } )
	);
	await screen.findByRole( 'heading', { name: new RegExp( `^${ name }` ) } );
}

/** Whether the browser would ask before leaving the page. */
const leaveIsHeld = () => {
	const event = new Event( 'beforeunload', { cancelable: true } );
	window.dispatchEvent( event );
	return event.defaultPrevented;
};

/** The notice after a save (a11y-speak repeats the words off screen). */
const savedNotice = () =>
	screen.findByText( 'Settings saved.', {
		selector: '.components-notice__content',
	} );

const unsaved = () => screen.queryByText( 'You have unsaved changes.' );

beforeEach( () => {
	// Each test starts on the page's first view (the view is kept in the address).
	window.history.replaceState( null, '', '/' );
	mock.mockReset();
	serve();
} );

it( 'the web API switch marks changes unsaved, is saved, and the leave prompt goes after save', async () => {
	const user = userEvent.setup();
	await renderSettings();
	await openView( 'Web API' );
	expect( window.location.search ).toContain( 'view=web-api' );
	expect( unsaved() ).toBeNull();
	expect( leaveIsHeld() ).toBe( false );
	expect(
		screen.getByText( 'https://example.test/wp-json/kestrel-forms/v1' )
	).toBeTruthy();

	const toggle = screen.getByLabelText(
		'Allow external clients (application passwords) to use the API'
	) as HTMLInputElement;
	expect( toggle.checked ).toBe( false );
	await user.click( toggle );
	expect( toggle.checked ).toBe( true );
	expect( unsaved() ).toBeTruthy();
	expect( leaveIsHeld() ).toBe( true );

	// Switching back is no change at all.
	await user.click( toggle );
	expect( unsaved() ).toBeNull();
	expect( leaveIsHeld() ).toBe( false );

	await user.click( toggle );
	await user.click( screen.getByRole( 'button', { name: 'Save Settings' } ) );
	expect( await savedNotice() ).toBeTruthy();
	expect( requests( 'POST' ) ).toHaveLength( 1 );
	expect( requests( 'POST' )[ 0 ] ).toMatchObject( {
		path: BASE,
		data: { api: { enabled: true } },
	} );
	expect(
		(
			screen.getByLabelText(
				'Allow external clients (application passwords) to use the API'
			) as HTMLInputElement
		 ).checked
	).toBe( true );
	expect( unsaved() ).toBeNull();
	expect( leaveIsHeld() ).toBe( false );
} );

it( 'creates an application password, shows it once, and revoking removes it', async () => {
	const user = userEvent.setup();
	await renderSettings();
	await openView( 'Web API' );
	const table = () =>
		within(
			document.querySelector(
				'.kestrel-forms-app-passwords'
			) as HTMLElement
		);
	expect( table().getByText( 'Zapier' ) ).toBeTruthy();

	const name = screen.getByRole( 'textbox', {
		name: 'New application password name',
	} ) as HTMLInputElement;
	// A blank name asks nothing of the server.
	await user.click(
		screen.getByRole( 'button', { name: 'Add application password' } )
	);
	expect( requests( 'POST' ) ).toHaveLength( 0 );

	await user.type( name, '  CRM sync ' );
	await user.click(
		screen.getByRole( 'button', { name: 'Add application password' } )
	);
	expect(
		await screen.findByText( 'New password (shown only now):' )
	).toBeTruthy();
	expect( requests( 'POST' )[ 0 ] ).toMatchObject( {
		path: `${ BASE }/app-passwords`,
		data: { name: 'CRM sync' },
	} );
	// Shown once, in the notice only: not in the list.
	expect( screen.getAllByText( 'abcd EFGH ijkl MNOP' ) ).toHaveLength( 1 );
	expect( table().queryByText( 'abcd EFGH ijkl MNOP' ) ).toBeNull();
	expect( table().getByText( 'CRM sync' ) ).toBeTruthy();
	expect( name.value ).toBe( '' );
	// Creating a password is not an unsaved settings change.
	expect( unsaved() ).toBeNull();

	await user.click(
		screen.getByRole( 'button', { name: 'Revoke CRM sync' } )
	);
	expect( requests( 'DELETE' ) ).toEqual( [
		{ path: `${ BASE }/app-passwords/u-2`, method: 'DELETE' },
	] );
	expect( table().queryByText( 'CRM sync' ) ).toBeNull();
	expect( screen.queryByText( 'abcd EFGH ijkl MNOP' ) ).toBeNull();
	expect( table().getByText( 'Zapier' ) ).toBeTruthy();

	await user.click( screen.getByRole( 'button', { name: 'Revoke Zapier' } ) );
	expect(
		await table().findByText( 'No application passwords yet.' )
	).toBeTruthy();
} );

it( 'keeps secrets write-only: blank inputs, sent only when typed, blank again after save', async () => {
	const user = userEvent.setup();
	await renderSettings();
	const blankSecret = ( input: HTMLInputElement ) => {
		expect( input.type ).toBe( 'password' );
		expect( input.autocomplete ).toBe( 'new-password' );
		expect( input.value ).toBe( '' );
	};
	await openView( 'Captcha' );
	blankSecret( screen.getByLabelText( 'Secret key' ) as HTMLInputElement );
	expect(
		screen.getByText( 'Leave blank to keep the stored secret.' )
	).toBeTruthy();
	// Only the server's mask is printed.
	expect(
		document.querySelector( '.kestrel-forms-captcha-secret-mask' )!
			.textContent
	).toBe( '••••••cdef' );
	await openView( 'Payments' );
	const sandbox = within(
		screen.getByRole( 'group', { name: 'Sandbox (in use)' } )
	);
	blankSecret( sandbox.getByLabelText( 'Access token' ) as HTMLInputElement );
	expect(
		sandbox.getByText( 'Set, ends in wxyz. Leave blank to keep it.' )
	).toBeTruthy();

	// Saving without typing leaves both secrets out of the request.
	await openView( 'Web API' );
	await user.click( toggleOf( 'Allow external clients' ) );
	await user.click( screen.getByRole( 'button', { name: 'Save Settings' } ) );
	await savedNotice();
	expect( requests( 'POST' )[ 0 ].data!.captcha ).not.toHaveProperty(
		'secret_key'
	);
	expect( requests( 'POST' )[ 0 ].data!.payments.sandbox ).not.toHaveProperty(
		'access_token'
	);

	await openView( 'Captcha' );
	await user.type( screen.getByLabelText( 'Secret key' ), 'new-secret' );
	expect( unsaved() ).toBeTruthy();
	await user.click( screen.getByRole( 'button', { name: 'Save Settings' } ) );
	await savedNotice();
	expect( requests( 'POST' )[ 1 ].data!.captcha ).toMatchObject( {
		secret_key: 'new-secret',
	} );
	expect(
		( screen.getByLabelText( 'Secret key' ) as HTMLInputElement ).value
	).toBe( '' );
	expect( document.body.innerHTML ).not.toContain( 'new-secret' );
	expect( unsaved() ).toBeNull();
} );

it( 'keeps the leave prompt when saving fails', async () => {
	const user = userEvent.setup();
	await renderSettings();
	mock.mockImplementation( async () => {
		throw {
			message: 'Check the highlighted settings.',
			data: { errors: { 'general.retention_days': 'Too many days.' } },
		};
	} );
	const days = screen.getByLabelText( 'Delete entries older than (days)' );
	await user.clear( days );
	await user.type( days, '99999' );
	await user.click( screen.getByRole( 'button', { name: 'Save Settings' } ) );
	expect( await screen.findByText( 'Too many days.' ) ).toBeTruthy();
	expect( unsaved() ).toBeTruthy();
	expect( leaveIsHeld() ).toBe( true );
} );

it( 'a refused save shows the view of the first field the server named', async () => {
	const user = userEvent.setup();
	await renderSettings();
	await openView( 'Web API' );
	await user.click( toggleOf( 'Allow external clients' ) );
	mock.mockImplementation( async () => {
		throw {
			message: 'Check the highlighted settings.',
			data: {
				errors: { 'payments.sandbox.application_id': 'Not an id.' },
			},
		};
	} );
	await user.click( screen.getByRole( 'button', { name: 'Save Settings' } ) );
	expect( await screen.findByText( 'Not an id.' ) ).toBeTruthy();
	expect(
		screen
			.getByRole( 'link', { name: 'Payments' } )
			.getAttribute( 'aria-current' )
	).toBe( 'page' );
	expect( window.location.search ).toContain( 'view=payments' );
	// The change in the other view is still there, unsaved.
	await openView( 'Web API' );
	expect(
		( toggleOf( 'Allow external clients' ) as HTMLInputElement ).checked
	).toBe( true );
	expect( unsaved() ).toBeTruthy();
} );

/**
 * The toggle whose label starts with a text.
 *
 * @param start Label start.
 */
function toggleOf( start: string ): HTMLElement {
	return screen.getByLabelText( new RegExp( `^${ start }` ) );
}
