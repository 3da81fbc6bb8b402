/**
 * Settings → Captcha with several providers: switching provider shows that provider's keys
 * (each kept), the save sends only typed secrets, a size the provider lacks is reset, and the
 * Akismet switch is saved.
 */
import apiFetch from '@wordpress/api-fetch';
import { createRegistry, RegistryProvider } from '@wordpress/data';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { store } from '../../store/settings';
import { settingsData } from '../../store/settings/test/settings-data';
import { SettingsApp } from '../SettingsApp';

jest.mock( '@wordpress/api-fetch', () => jest.fn() );
jest.setTimeout( 30000 );

const mock = apiFetch as unknown as jest.Mock;

interface Request {
	path: string;
	method?: string;
	data?: Record< string, Record< string, unknown > >;
}

const captcha = {
	...settingsData().captcha,
	size: 'invisible',
	turnstile_site_key: '1x00000000000000000000AA',
	turnstile_secret_set: true,
	turnstile_secret_masked: '••••••••00AA',
	akismet_available: true,
};

/**
 * A fake REST API answering GET /settings with `captcha` and recording POSTs.
 */
function serve(): Request[] {
	const posts: Request[] = [];
	mock.mockImplementation( async ( request: Request ) => {
		if ( request.method === 'POST' ) {
			posts.push( request );
			return settingsData( {
				captcha: {
					...captcha,
					...( request.data!.captcha as object ),
				},
			} );
		}
		if ( request.path.includes( 'app-passwords' ) ) {
			return [];
		}
		return settingsData( { captcha } );
	} );
	return posts;
}

async function renderCaptcha() {
	window.history.replaceState( null, '', '/?page=x&view=captcha' );
	const registry = createRegistry();
	registry.register( store );
	render(
		<RegistryProvider value={ registry }>
			<SettingsApp />
		</RegistryProvider>
	);
	await screen.findByLabelText( 'Captcha provider' );
}

beforeEach( () => mock.mockReset() );

it( 'switching provider shows its own keys and stored secret, and keeps the others', async () => {
	const user = userEvent.setup();
	serve();
	await renderCaptcha();
	expect(
		( screen.getByLabelText( 'Site key' ) as HTMLInputElement ).value
	).toBe( 'site-key' );

	await user.selectOptions(
		screen.getByLabelText( 'Captcha provider' ),
		'turnstile'
	);
	expect(
		screen.getByRole( 'group', { name: 'Cloudflare Turnstile keys' } )
	).toBeTruthy();
	expect(
		( screen.getByLabelText( 'Site key' ) as HTMLInputElement ).value
	).toBe( '1x00000000000000000000AA' );
	expect(
		document.querySelector( '.kestrel-forms-captcha-secret-mask' )!
			.textContent
	).toBe( '••••••••00AA' );
	// Turnstile has no invisible size: the size is reset and the choices are Turnstile's.
	expect(
		( screen.getByLabelText( 'Size' ) as HTMLSelectElement ).value
	).toBe( 'normal' );
	expect(
		Array.from(
			( screen.getByLabelText( 'Size' ) as HTMLSelectElement ).options,
			( o ) => o.value
		)
	).toEqual( [ 'normal', 'compact', 'flexible' ] );
	expect( screen.queryByLabelText( 'Badge position' ) ).toBeNull();

	await user.selectOptions(
		screen.getByLabelText( 'Captcha provider' ),
		'hcaptcha'
	);
	expect(
		( screen.getByLabelText( 'Site key' ) as HTMLInputElement ).value
	).toBe( '' );
	expect(
		screen.getByText( 'No secret stored yet. It stays on the server.' )
	).toBeTruthy();

	await user.selectOptions(
		screen.getByLabelText( 'Captcha provider' ),
		'recaptcha'
	);
	expect(
		( screen.getByLabelText( 'Site key' ) as HTMLInputElement ).value
	).toBe( 'site-key' );
} );

it( 'saves the provider, its keys and the Akismet switch; secrets only when typed', async () => {
	const user = userEvent.setup();
	const posts = serve();
	await renderCaptcha();
	await user.selectOptions(
		screen.getByLabelText( 'Captcha provider' ),
		'hcaptcha'
	);
	await user.type(
		screen.getByLabelText( 'Site key' ),
		'10000000-ffff-ffff-ffff-000000000001'
	);
	await user.type(
		screen.getByLabelText( 'Secret key' ),
		'0x0000000000000000000000000000000000000000'
	);
	await user.click(
		screen.getByLabelText( 'Check submissions with Akismet' )
	);
	await user.click( screen.getByRole( 'button', { name: 'Save Settings' } ) );
	await screen.findByText( 'Settings saved.', {
		selector: '.components-notice__content',
	} );

	const sent = posts[ 0 ].data!.captcha;
	expect( sent ).toMatchObject( {
		provider: 'hcaptcha',
		hcaptcha_site_key: '10000000-ffff-ffff-ffff-000000000001',
		hcaptcha_secret_key: '0x0000000000000000000000000000000000000000',
		turnstile_site_key: '1x00000000000000000000AA',
		site_key: 'site-key',
		akismet: true,
	} );
	expect( sent ).not.toHaveProperty( 'secret_key' );
	expect( sent ).not.toHaveProperty( 'turnstile_secret_key' );
	expect(
		( screen.getByLabelText( 'Secret key' ) as HTMLInputElement ).value
	).toBe( '' );
	expect( document.body.innerHTML ).not.toContain(
		'0x0000000000000000000000000000000000000000'
	);
} );
