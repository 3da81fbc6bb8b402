/**
 * Forms → Settings: the captcha keys and look, saved through the Settings API. The secret is
 * never shown again in full; subscribers cannot open the screen.
 *
 * State is reset through the captcha stand-in test plugin's settings route (it writes the same
 * option through the plugin's validation); the UI is used only for the behaviour under test.
 */
import { test, expect } from '@wordpress/e2e-test-utils-playwright';
import { signedInSubscriber } from './utils';

const STAND_IN = 'kestrel-forms-test-helper-captcha-stand-in';
const SETTINGS_ROUTE = '/kestrel-forms-captcha-stand-in/v1/settings';
const SECRET = 'e2eSecretKey_0123456789-WXYZ';

test.describe( 'captcha settings screen', () => {
	test.beforeAll( async ( { requestUtils } ) => {
		await requestUtils.activatePlugin( STAND_IN );
		await requestUtils.rest( { method: 'DELETE', path: SETTINGS_ROUTE } );
	} );

	test.afterAll( async ( { requestUtils } ) => {
		await requestUtils.rest( { method: 'DELETE', path: SETTINGS_ROUTE } );
		await requestUtils.deactivatePlugin( STAND_IN );
	} );

	test( 'an admin saves the keys and look and sees only the masked secret', async ( {
		admin,
		page,
	} ) => {
		await admin.visitAdminPage(
			'admin.php',
			'page=kestrel-forms-settings'
		);
		await expect(
			page.locator(
				'#adminmenu a[href="admin.php?page=kestrel-forms-settings"]'
			)
		).toHaveText( 'Settings' );
		await expect(
			page.getByRole( 'heading', { name: 'Forms Settings' } )
		).toBeVisible();
		await page
			.getByRole( 'navigation', { name: 'Settings views' } )
			.getByRole( 'link', { name: 'Captcha' } )
			.click();
		await expect(
			page.locator( '.kestrel-forms-captcha-status' )
		).toHaveText( /not set up/ );

		await page.getByLabel( 'Site key' ).fill( 'e2e-site-key' );
		await page
			.getByRole( 'textbox', { name: 'Secret key' } )
			.fill( SECRET );
		await page.getByLabel( 'Theme' ).selectOption( 'dark' );
		await page.getByLabel( 'Size' ).selectOption( 'invisible' );
		await page.getByLabel( 'Badge position' ).selectOption( 'inline' );
		await page.getByRole( 'button', { name: 'Save Settings' } ).click();

		await expect(
			page.locator( '.kestrel-forms-settings-notice' )
		).toContainText( 'Settings saved.' );
		await expect(
			page.locator( '.kestrel-forms-captcha-status' )
		).toHaveText( /active/ );
		await expect(
			page.locator( '.kestrel-forms-captcha-secret-mask' )
		).toHaveText( '••••••••WXYZ' );
		await expect(
			page.getByRole( 'textbox', { name: 'Secret key' } )
		).toHaveValue( '' );
		expect( await page.content() ).not.toContain( SECRET );
		await expect( page.getByLabel( 'Site key' ) ).toHaveValue(
			'e2e-site-key'
		);
		await expect( page.getByLabel( 'Theme' ) ).toHaveValue( 'dark' );
		await expect( page.getByLabel( 'Size' ) ).toHaveValue( 'invisible' );
		await expect( page.getByLabel( 'Badge position' ) ).toHaveValue(
			'inline'
		);

		// Saving again with the secret left blank keeps it.
		await page.getByLabel( 'Theme' ).selectOption( 'light' );
		await page.getByRole( 'button', { name: 'Save Settings' } ).click();
		await expect(
			page.locator( '.kestrel-forms-settings-notice' )
		).toBeVisible();
		await expect( page.getByLabel( 'Theme' ) ).toHaveValue( 'light' );
		await expect(
			page.locator( '.kestrel-forms-captcha-secret-mask' )
		).toHaveText( '••••••••WXYZ' );
		await expect(
			page.locator( '.kestrel-forms-captcha-status' )
		).toHaveText( /active/ );
	} );

	test( 'the server refuses a theme the screen does not offer', async ( {
		admin,
		page,
		requestUtils,
	} ) => {
		await requestUtils.rest( {
			method: 'POST',
			path: SETTINGS_ROUTE,
			data: { theme: 'dark' },
		} );
		await admin.visitAdminPage(
			'admin.php',
			'page=kestrel-forms-settings&view=captcha'
		);
		// A forged save: the request carries a theme the screen does not offer.
		await page.route(
			/kestrel-forms%2Fv1%2Fsettings|kestrel-forms\/v1\/settings/,
			( route ) => {
				const request = route.request();
				if ( request.method() !== 'POST' ) {
					return route.continue();
				}
				const body = request.postDataJSON();
				body.captcha.theme = 'neon';
				return route.continue( { postData: JSON.stringify( body ) } );
			}
		);
		await page.getByLabel( 'Size' ).selectOption( 'compact' );
		await page.getByRole( 'button', { name: 'Save Settings' } ).click();

		await expect(
			page.locator( '.components-notice.is-error' ).first()
		).toContainText( 'The theme was not saved: choose light or dark.' );
		await expect( page.getByLabel( 'Theme' ) ).toHaveValue( 'dark' );
		await expect( page.getByLabel( 'Size' ) ).toHaveValue( 'compact' );
	} );

	test( 'a subscriber cannot open the screen', async ( {
		requestUtils,
		baseURL,
		browser,
	} ) => {
		const { request, context, dispose } = await signedInSubscriber(
			requestUtils,
			baseURL as string,
			browser,
			'captchasub'
		);
		try {
			await request.request.dispose();

			const page = await context.newPage();
			const screen = await page.goto(
				'/wp-admin/admin.php?page=kestrel-forms-settings'
			);
			expect( screen?.status() ).toBe( 403 );
			await expect( page.locator( 'body' ) ).toContainText(
				'Sorry, you are not allowed'
			);
			await expect( page.locator( 'body' ) ).not.toContainText(
				'Secret key'
			);
		} finally {
			// Only the user this test made: the site may be a developer's running site.
			await dispose();
		}
	} );
} );
