/**
 * Cloudflare Turnstile and hCaptcha in the browser, against the stand-in provider
 * (tests/e2e/plugins/kestrel-forms-captcha-stand-in, loaded as each provider's global): a visitor
 * fills the form, a refused answer shows at the field and is announced with what they typed
 * kept, then a good answer is verified by the server (the provider's siteverify path, answered
 * in-process) and the entry is stored. Offline, like the reCAPTCHA spec.
 */
import { test, expect } from '@wordpress/e2e-test-utils-playwright';
import { ANONYMOUS_STATE, createFormPage, entriesOf } from './utils';
import { answerAndSubmit, setStandInOutcome } from './captcha-stand-in';

const STAND_IN = 'kestrel-forms-test-helper-captcha-stand-in';

interface StandInControl {
	provider: string;
	calls: Array< { method: string; args: Record< string, unknown > } >;
}

const PROVIDERS = [
	{ provider: 'turnstile', checkbox: /Verify you are human/ },
	{ provider: 'hcaptcha', checkbox: /I am human/ },
] as const;

test.describe( 'captcha providers', () => {
	test.use( { storageState: ANONYMOUS_STATE } );
	test.describe.configure( { mode: 'serial' } );

	test.beforeAll( async ( { requestUtils } ) => {
		await requestUtils.activatePlugin( STAND_IN );
	} );

	test.afterAll( async ( { requestUtils } ) => {
		await requestUtils.rest( {
			method: 'DELETE',
			path: '/kestrel-forms-captcha-stand-in/v1/settings',
		} );
		await requestUtils.deactivatePlugin( STAND_IN );
	} );

	for ( const { provider, checkbox } of PROVIDERS ) {
		test( `${ provider }: a visitor is refused inline, keeps what they typed, then submits`, async ( {
			page,
			requestUtils,
		} ) => {
			await requestUtils.rest( {
				method: 'POST',
				path: '/kestrel-forms-captcha-stand-in/v1/settings',
				data: { provider, size: 'normal', theme: 'dark' },
			} );
			const { form, pageUrl } = await createFormPage( requestUtils, {
				title: `E2E ${ provider }`,
				fields: [
					{ id: 1, type: 'text', label: 'Name', isRequired: true },
					{ id: 2, type: 'captcha', label: 'Are you human?' },
				],
			} );
			const id = form.id;
			await page.goto( pageUrl );
			const element = page.locator( `#input_${ id }_2` );
			await expect( element ).toHaveAttribute(
				'data-provider',
				provider
			);
			await expect( element ).toHaveAttribute( 'data-ready', 'true' );
			// The provider's own global rendered the widget, with the site key and look.
			const standIn = await page.evaluate(
				() =>
					(
						window as unknown as {
							kestrelCaptchaStandIn: StandInControl;
						}
					 ).kestrelCaptchaStandIn
			);
			expect( standIn.provider ).toBe( provider );
			expect( standIn.calls[ 0 ] ).toMatchObject( {
				method: 'render',
				args: {
					sitekey: 'stand-in-site-key',
					theme: 'dark',
					size: 'normal',
				},
			} );
			expect( await page.content() ).not.toContain(
				'stand-in-secret-key'
			);

			// A refused answer.
			await page.getByLabel( 'Name' ).fill( 'Ada' );
			await setStandInOutcome( page, 'fail' );
			const box = page.getByRole( 'checkbox', { name: checkbox } );
			await answerAndSubmit( page, box );
			const message =
				'The captcha check failed. Please confirm again that you are not a robot.';
			await expect(
				page.locator( `#validation_message_${ id }_2` )
			).toHaveText( message );
			await expect( element ).toHaveAttribute(
				'aria-describedby',
				`validation_message_${ id }_2`
			);
			// Announced in the form's live region, and the typed name is kept.
			await expect(
				page.locator( '[aria-live]' ).filter( { hasText: message } )
			).not.toHaveCount( 0 );
			await expect( page.getByLabel( 'Name' ) ).toHaveValue( 'Ada' );
			// The spent answer was reset: the visitor answers again.
			await expect( box ).not.toBeChecked();
			expect( await entriesOf( requestUtils, id ) ).toHaveLength( 0 );

			// A good answer is verified by the server and the entry stored.
			await setStandInOutcome( page, 'pass' );
			await answerAndSubmit( page, box );
			await expect(
				page.locator( '.kestrel-form__confirmation' )
			).toBeVisible();
			const [ entry ] = await entriesOf( requestUtils, id );
			expect( entry.values ).toEqual( { 1: 'Ada' } );
		} );
	}
} );
