/**
 * The captcha field in the browser against the stand-in provider (tests/e2e/plugins/
 * kestrel-forms-captcha-stand-in): the real rendering, polling, invisible execution and server
 * verification paths run, offline.
 */
import { test, expect } from '@wordpress/e2e-test-utils-playwright';
import type { RequestUtils } from '@wordpress/e2e-test-utils-playwright';
import { ANONYMOUS_STATE, createFormPage, entriesOf } from './utils';
import { answerAndSubmit } from './captcha-stand-in';

const STAND_IN = 'kestrel-forms-test-helper-captcha-stand-in';

const captchaForm = ( title: string ) => ( {
	title,
	fields: [
		{ id: 1, type: 'text', label: 'Name', isRequired: true },
		{ id: 2, type: 'captcha', label: 'Are you human?' },
	],
} );

async function useStandIn(
	requestUtils: RequestUtils,
	look: Record< string, string >
) {
	await requestUtils.activatePlugin( STAND_IN );
	await requestUtils.rest( {
		method: 'POST',
		path: '/kestrel-forms-captcha-stand-in/v1/settings',
		data: look,
	} );
}

test.describe( 'captcha', () => {
	test.use( { storageState: ANONYMOUS_STATE } );
	test.describe.configure( { mode: 'serial' } );

	test.afterAll( async ( { requestUtils } ) => {
		await requestUtils.rest( {
			method: 'DELETE',
			path: '/kestrel-forms-captcha-stand-in/v1/settings',
		} );
		await requestUtils.deactivatePlugin( STAND_IN );
	} );

	test( 'checkbox: rendered once the script is ready, refused unticked, verified by the server when ticked', async ( {
		page,
		requestUtils,
	} ) => {
		await useStandIn( requestUtils, { size: 'normal', theme: 'dark' } );
		const { form, pageUrl } = await createFormPage(
			requestUtils,
			captchaForm( 'E2E captcha checkbox' )
		);
		const id = form.id;
		await page.goto( pageUrl );
		const element = page.locator( `#input_${ id }_2` );
		await expect( element ).toHaveAttribute(
			'data-sitekey',
			'stand-in-site-key'
		);
		await expect( element ).toHaveAttribute( 'data-theme', 'dark' );
		await expect( element ).toHaveAttribute( 'data-size', 'normal' );
		await expect( element ).toHaveAttribute( 'data-tabindex', '0' );
		// The stand-in script appears 300 ms late: the 100 ms polling renders the widget then.
		await expect( element ).toHaveAttribute( 'data-ready', 'true' );
		const box = page.getByRole( 'checkbox', { name: /not a robot/ } );
		await expect( box ).toBeVisible();

		await page.getByLabel( 'Name' ).fill( 'Ada' );
		await page.getByRole( 'button', { name: 'Submit' } ).click();
		await expect(
			page.locator( `#validation_message_${ id }_2` )
		).toHaveText( 'Please confirm you are not a robot.' );
		expect( await entriesOf( requestUtils, id ) ).toHaveLength( 0 );

		// The stand-in ticks the box once its token request answered.
		await answerAndSubmit( page, box );
		await expect(
			page.locator( '.kestrel-form__confirmation' )
		).toBeVisible();
		const [ entry ] = await entriesOf( requestUtils, id );
		// The answer is verified, never stored.
		expect( entry.values ).toEqual( { 1: 'Ada' } );
	} );

	test( 'invisible: the final submit runs the challenge, holds, then submits; a failed answer is refused', async ( {
		page,
		requestUtils,
	} ) => {
		await useStandIn( requestUtils, {
			size: 'invisible',
			badge: 'inline',
		} );
		const { form, pageUrl } = await createFormPage(
			requestUtils,
			captchaForm( 'E2E captcha invisible' )
		);
		const id = form.id;
		const submissions: string[] = [];
		page.on( 'request', ( request ) => {
			if (
				request.method() === 'POST' &&
				decodeURIComponent( request.url() ).includes( '/submissions' )
			) {
				submissions.push( request.postData() ?? '' );
			}
		} );
		await page.goto( pageUrl );
		await expect( page.locator( `#input_${ id }_2` ) ).toHaveAttribute(
			'data-ready',
			'true'
		);
		await expect( page.locator( '.grecaptcha-badge' ) ).toBeVisible();
		await page.getByLabel( 'Name' ).fill( 'Grace' );
		await page.getByRole( 'button', { name: 'Submit' } ).click();
		await expect(
			page.locator( '.kestrel-form__confirmation' )
		).toBeVisible();
		// One submission, sent only once the challenge answered.
		expect( submissions ).toHaveLength( 1 );
		expect( submissions[ 0 ] ).toContain( 'stand-in-pass-' );
		const calls = await page.evaluate( () =>
			(
				window as unknown as {
					kestrelCaptchaStandIn: {
						calls: Array< { method: string } >;
					};
				}
			 ).kestrelCaptchaStandIn.calls.map( ( c ) => c.method )
		);
		expect( calls ).toContain( 'execute' );

		// A failing provider answer: the server refuses, nothing is stored.
		await page.goto(
			`${ pageUrl }${ pageUrl.includes( '?' ) ? '&' : '?' }kestrel_captcha=fail`
		);
		await page.getByLabel( 'Name' ).fill( 'Mallory' );
		await page.getByRole( 'button', { name: 'Submit' } ).click();
		await expect(
			page.locator( `#validation_message_${ id }_2` )
		).toHaveText(
			'The captcha check failed. Please confirm again that you are not a robot.'
		);
		// The typed name is still there.
		await expect( page.getByLabel( 'Name' ) ).toHaveValue( 'Mallory' );
		expect( await entriesOf( requestUtils, id ) ).toHaveLength( 1 );
	} );
} );
