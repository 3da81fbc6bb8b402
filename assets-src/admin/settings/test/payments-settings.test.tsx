/**
 * Settings → Payments: both environments' credentials saved side by side, tokens never shown,
 * each webhook's status, and the "Send test event" result announced.
 */
import apiFetch from '@wordpress/api-fetch';
import { createRegistry, RegistryProvider } from '@wordpress/data';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { store, type SettingsData } from '../../store/settings';
import { settingsData } from '../../store/settings/test/settings-data';
import { SettingsApp } from '../SettingsApp';
import { WEBHOOK_TEST_PATH } from '../webhook-test';
import { APPLE_PAY_PATH, type ApplePayStatus } from '../ApplePaySection';

jest.mock( '@wordpress/api-fetch', () => jest.fn() );
jest.setTimeout( 30000 );

const mock = apiFetch as unknown as jest.Mock;
const BASE = '/kestrel-forms/v1/settings';
const TOKEN = 'EAAAl-production-secret-4321';

const NOTIFY = 'https://shop.test/wp-json/kestrel-forms/v1/payments/webhook';

function initial(): SettingsData {
	const data = settingsData();
	return {
		...data,
		payments: {
			...data.payments,
			sandbox: {
				application_id: 'sandbox-sq0idb-1',
				location_id: 'LSANDBOXMAIN',
				access_token_set: true,
				access_token_last4: 'abcd',
			},
			webhooks: {
				sandbox: {
					status: 'active',
					notification_url: NOTIFY,
					subscription_id: 'wbhk_1',
					last_test: {
						ok: true,
						status: 200,
						at: '2026-11-25T10:00:00Z',
					},
				},
				production: {
					status: 'error',
					notification_url: '',
					subscription_id: '',
					last_test: null,
					message: 'The provider refused the access token.',
				},
			},
		},
	};
}

interface Request {
	path: string;
	method?: string;
	data?: Record< string, any >;
}

/**
 * A fake server: POST /settings keeps ids, records tokens as "set" (never echoes them).
 *
 * @param test What the webhook test answers (or throws).
 */
function serve( test: () => Promise< unknown > ) {
	let saved = initial();
	mock.mockImplementation( async ( { path, method, data }: Request ) => {
		if ( path === BASE && method === 'POST' ) {
			const payments = { ...saved.payments };
			for ( const env of [ 'sandbox', 'production' ] as const ) {
				const block = data!.payments[ env ];
				payments[ env ] = {
					application_id: block.application_id,
					location_id: block.location_id,
					access_token_set:
						! block.clear_access_token &&
						( payments[ env ].access_token_set ||
							'access_token' in block ),
					access_token_last4:
						'access_token' in block
							? block.access_token.slice( -4 )
							: payments[ env ].access_token_last4,
				};
			}
			payments.environment = data!.payments.environment;
			saved = { ...saved, payments };
			return saved;
		}
		if ( path === BASE ) {
			return saved;
		}
		if ( path === `${ BASE }/app-passwords` ) {
			return [];
		}
		if ( path === WEBHOOK_TEST_PATH && method === 'POST' ) {
			return test();
		}
		if ( path === APPLE_PAY_PATH ) {
			return applePay.status;
		}
		if ( path === `${ APPLE_PAY_PATH }/register` && method === 'POST' ) {
			return applePay.register();
		}
		throw new Error( `unexpected ${ method ?? 'GET' } ${ path }` );
	} );
}

const posts = ( path: string ) =>
	mock.mock.calls
		.map( ( [ r ] ) => r as Request )
		.filter( ( r ) => r.method === 'POST' && r.path === path );

async function renderPayments() {
	window.history.replaceState( null, '', '/?view=payments' );
	const registry = createRegistry();
	registry.register( store );
	render(
		<RegistryProvider value={ registry }>
			<SettingsApp />
		</RegistryProvider>
	);
	await screen.findByRole( 'heading', { name: 'Payments' } );
	return {
		sandbox: () =>
			within( screen.getByRole( 'group', { name: /^Sandbox/ } ) ),
		production: () =>
			within( screen.getByRole( 'group', { name: /^Production/ } ) ),
	};
}

const NOT_REGISTERED: ApplePayStatus = {
	environment: 'sandbox',
	domain: 'shop.test',
	status: 'none',
	error: '',
	checkedAt: '',
	reason: "This site's domain is not registered for Apple Pay yet.",
};

/** What the fake server says about Apple Pay, and what a registration answers. */
const applePay: {
	status: ApplePayStatus;
	register: () => Promise< ApplePayStatus >;
} = {
	status: NOT_REGISTERED,
	register: async () => NOT_REGISTERED,
};

beforeEach( () => {
	mock.mockReset();
	applePay.status = NOT_REGISTERED;
} );

it( "registers the domain for Apple Pay and shows Verified, or the provider's reason", async () => {
	serve( async () => ( { ok: true, status: 200 } ) );
	const user = userEvent.setup();
	await renderPayments();
	const section = within(
		screen.getByRole( 'region', { name: 'Apple Pay' } )
	);
	expect( await section.findByText( 'Not registered yet.' ) ).toBeTruthy();
	expect(
		section.getByText(
			"Apple Pay cannot show yet: This site's domain is not registered for Apple Pay yet."
		)
	).toBeTruthy();

	applePay.register = async () => ( {
		...NOT_REGISTERED,
		status: 'error',
		error: 'The domain could not be reached.',
		checkedAt: '2026-11-27T10:00:00+00:00',
	} );
	await user.click(
		section.getByRole( 'button', { name: 'Register this domain' } )
	);
	expect(
		await section.findAllByText(
			'Not registered: The domain could not be reached.'
		)
	).toHaveLength( 2 );

	applePay.register = async () => ( {
		...NOT_REGISTERED,
		status: 'verified',
		reason: '',
		checkedAt: '2026-11-27T10:01:00+00:00',
	} );
	await user.click(
		section.getByRole( 'button', { name: 'Register this domain' } )
	);
	expect(
		( await section.findAllByText( 'Verified' ) ).length
	).toBeGreaterThan( 0 );
	expect( section.queryByText( /Apple Pay cannot show yet/ ) ).toBeNull();
	expect( section.getByRole( 'status' ).textContent ).toBe( 'Verified' );
	expect( posts( `${ APPLE_PAY_PATH }/register` ) ).toHaveLength( 2 );
} );

it( 'saves both credential blocks and the environment, and never shows a token', async () => {
	serve( async () => ( { ok: true, status: 200 } ) );
	const user = userEvent.setup();
	const { sandbox, production } = await renderPayments();
	expect(
		screen.getByRole( 'group', { name: 'Sandbox (in use)' } )
	).toBeTruthy();
	expect(
		sandbox().getByText( 'Set, ends in abcd. Leave blank to keep it.' )
	).toBeTruthy();
	expect(
		production().getByText(
			'Not set. It is stored on the server and never shown again.'
		)
	).toBeTruthy();

	const location = sandbox().getByLabelText( 'Location id' );
	await user.clear( location );
	await user.type( location, 'LSANDBOXEU' );
	await user.type(
		production().getByLabelText( 'Application id' ),
		'sq0idp-live'
	);
	await user.type( production().getByLabelText( 'Location id' ), 'LLIVE' );
	const token = production().getByLabelText(
		'Access token'
	) as HTMLInputElement;
	expect( token.type ).toBe( 'password' );
	await user.type( token, TOKEN );
	await user.selectOptions(
		screen.getByRole( 'combobox', { name: 'Environment in use' } ),
		'production'
	);
	expect(
		screen.getByRole( 'group', { name: 'Production (in use)' } )
	).toBeTruthy();
	await user.click( screen.getByRole( 'button', { name: 'Save Settings' } ) );
	await screen.findByText( 'Settings saved.', {
		selector: '.components-notice__content',
	} );

	expect( posts( BASE )[ 0 ].data!.payments ).toEqual( {
		environment: 'production',
		sandbox: {
			application_id: 'sandbox-sq0idb-1',
			location_id: 'LSANDBOXEU',
		},
		production: {
			application_id: 'sq0idp-live',
			location_id: 'LLIVE',
			access_token: TOKEN,
		},
	} );
	// After the save the token is gone from the page: the input is blank again, the help
	// shows its last four characters only.
	expect(
		( production().getByLabelText( 'Access token' ) as HTMLInputElement )
			.value
	).toBe( '' );
	expect(
		production().getByText( 'Set, ends in 4321. Leave blank to keep it.' )
	).toBeTruthy();
	expect( document.body.innerHTML ).not.toContain( TOKEN );
	for ( const input of document.querySelectorAll( 'input' ) ) {
		expect( input.value ).not.toBe( TOKEN );
	}

	// Removing a stored token sends the request for it, never a token.
	await user.click(
		sandbox().getByRole( 'checkbox', { name: 'Remove the stored token' } )
	);
	await user.click( screen.getByRole( 'button', { name: 'Save Settings' } ) );
	await screen.findByText(
		'Not set. It is stored on the server and never shown again.'
	);
	expect( posts( BASE )[ 1 ].data!.payments.sandbox ).toEqual( {
		application_id: 'sandbox-sq0idb-1',
		location_id: 'LSANDBOXEU',
		clear_access_token: true,
	} );
} );

it( 'shows each environment’s webhook status and notification URL', async () => {
	serve( async () => ( { ok: true, status: 200 } ) );
	const { sandbox, production } = await renderPayments();
	expect( sandbox().getByText( 'Active' ) ).toBeTruthy();
	expect( sandbox().getByText( NOTIFY ) ).toBeTruthy();
	expect(
		sandbox().getByText( /^Last test \(.+\): Test event delivered/ )
	).toBeTruthy();
	expect(
		production().getByText(
			'Error: The provider refused the access token.'
		)
	).toBeTruthy();
} );

it( 'sends a test event and announces the result, a failure with its reason', async () => {
	let answer: () => Promise< unknown > = async () => ( {
		ok: true,
		status: 200,
		message: '',
	} );
	serve( () => answer() );
	const user = userEvent.setup();
	const { sandbox, production } = await renderPayments();

	await user.click(
		sandbox().getByRole( 'button', { name: 'Send test event (Sandbox)' } )
	);
	const status = sandbox().getByRole( 'status' );
	expect(
		await within( status ).findByText(
			'Test event delivered: this site answered 200.'
		)
	).toBeTruthy();
	expect( posts( WEBHOOK_TEST_PATH )[ 0 ].data ).toEqual( {
		environment: 'sandbox',
	} );

	answer = async () => {
		throw { message: 'There is no webhook subscription yet.' };
	};
	await user.click(
		production().getByRole( 'button', {
			name: 'Send test event (Production)',
		} )
	);
	expect(
		await within( production().getByRole( 'status' ) ).findByText(
			'Test event failed: There is no webhook subscription yet.'
		)
	).toBeTruthy();
	expect( posts( WEBHOOK_TEST_PATH )[ 1 ].data ).toEqual( {
		environment: 'production',
	} );
} );
