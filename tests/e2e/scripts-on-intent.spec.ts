/**
 * The form's scripts wait for the visitor's intent (issue 19, docs/server-rendering.md §6): a
 * page with a form downloads none of them until the pointer, a finger, the focus or a key comes
 * to the form; what was typed before they ran is kept; a Send pressed before they ran waits for
 * them and goes the AJAX way; when they cannot load, it goes as a plain post. One entry always.
 */
import type { Page, Request } from '@playwright/test';
import { test, expect } from '@wordpress/e2e-test-utils-playwright';
import { ANONYMOUS_STATE, createFormPage, entriesOf } from './utils';

const contactForm = ( title: string ) => ( {
	title,
	button: { text: 'Send' },
	confirmation: { type: 'message', message: '<p>Thanks for waiting.</p>' },
	fields: [
		{ id: 1, type: 'text', label: 'Name', isRequired: true },
		{ id: 2, type: 'email', label: 'Email' },
	],
} );

/** The form's scripts and WordPress's React: what waits for intent. */
const WAITING = /\/build\/form-view\.js|\/react-dom(\.min)?\.js/;

/**
 * Holds form-view back until the returned function is called: a slow network, so that the
 * visitor acts before the scripts have run.
 *
 * @param page The page.
 * @return Lets form-view through.
 */
async function holdFormView( page: Page ): Promise< () => void > {
	let release: () => void = () => {};
	const held = new Promise< void >( ( resolve ) => ( release = resolve ) );
	await page.route( /\/build\/form-view\.js/, async ( route ) => {
		await held;
		await route.continue();
	} );
	return () => release();
}

/**
 * Records the script requests of a page.
 *
 * @param page The page.
 */
function scriptRequests( page: Page ): string[] {
	const urls: string[] = [];
	page.on( 'request', ( request: Request ) => {
		if ( request.resourceType() === 'script' ) {
			urls.push( request.url() );
		}
	} );
	return urls;
}

test.describe( 'scripts on intent', () => {
	test.use( { storageState: ANONYMOUS_STATE } );
	// A second entry that appears only sometimes must fail the run, not pass on a retry.
	test.describe.configure( { retries: 0 } );

	test( 'nothing of the form’s scripts loads until the pointer comes over the form; typing before them is kept', async ( {
		page,
		requestUtils,
	} ) => {
		const { form, pageUrl } = await createFormPage(
			requestUtils,
			contactForm( 'On intent' )
		);
		const id = form.id;
		const urls = scriptRequests( page );
		await page.goto( pageUrl, { waitUntil: 'load' } );
		await page.waitForLoadState( 'networkidle' );
		const container = page.locator( `#kestrel-form-${ id }` );
		await expect( page.locator( `#input_${ id }_1` ) ).toBeVisible();
		expect( urls.filter( ( url ) => WAITING.test( url ) ) ).toEqual( [] );
		await expect( container ).not.toHaveAttribute( 'data-kestrel-ready' );
		await expect(
			page.locator( '#kestrel-forms-scripts' ),
			'the scripts wait in their template'
		).toHaveCount( 1 );

		// The visitor moves the pointer over the form: the scripts load and take the form over.
		await container.hover( { position: { x: 4, y: 4 } } );
		await expect( container ).toHaveAttribute(
			'data-kestrel-ready',
			'true'
		);
		await expect( container ).toHaveAttribute(
			'data-kestrel-hydration',
			'clean'
		);
		expect(
			urls.some( ( url ) => /\/build\/form-view\.js/.test( url ) )
		).toBe( true );
	} );

	test( 'a visitor who types and presses Send before the scripts ran gets the AJAX confirmation and one entry', async ( {
		page,
		requestUtils,
	} ) => {
		const { form, pageUrl } = await createFormPage(
			requestUtils,
			contactForm( 'Early send' )
		);
		const id = form.id;
		// A slow network: form-view arrives only after the visitor pressed Send.
		const release = await holdFormView( page );
		await page.goto( pageUrl );
		await page.evaluate( () => {
			( window as unknown as { samePage: boolean } ).samePage = true;
		} );
		const container = page.locator( `#kestrel-form-${ id }` );
		await page.locator( `#input_${ id }_1` ).fill( 'Early Bird' );
		await page.locator( `#input_${ id }_2` ).fill( 'early@example.org' );
		await page
			.locator( `#kestrel-form-${ id } .kestrel-form__submit` )
			.click();
		await expect( container ).not.toHaveAttribute( 'data-kestrel-ready' );
		expect( await entriesOf( requestUtils, id ) ).toHaveLength( 0 );

		release();
		await expect(
			container.locator( '.kestrel-form__confirmation' )
		).toContainText( 'Thanks for waiting.', { timeout: 30_000 } );
		// No page load happened: the AJAX way.
		expect(
			await page.evaluate(
				() => ( window as unknown as { samePage?: boolean } ).samePage
			)
		).toBe( true );
		const entries = await entriesOf( requestUtils, id );
		expect( entries ).toHaveLength( 1 );
		expect( JSON.stringify( entries[ 0 ] ) ).toContain( 'Early Bird' );
	} );

	test( 'when the scripts cannot load, Send posts the form plainly: the confirmation and one entry', async ( {
		page,
		requestUtils,
	} ) => {
		const { form, pageUrl } = await createFormPage(
			requestUtils,
			contactForm( 'Scripts blocked' )
		);
		const id = form.id;
		await page.route( /\/build\/form-view\.js/, ( route ) =>
			route.abort()
		);
		await page.goto( pageUrl );
		await page.locator( `#input_${ id }_1` ).fill( 'Blocked Script' );
		await Promise.all( [
			page.waitForURL( /kestrel_confirmation=/, { timeout: 60_000 } ),
			page
				.locator( `#kestrel-form-${ id } .kestrel-form__submit` )
				.click(),
		] );
		await expect( page.getByText( 'Thanks for waiting.' ) ).toBeVisible();
		const entries = await entriesOf( requestUtils, id );
		expect( entries ).toHaveLength( 1 );
		expect( JSON.stringify( entries[ 0 ] ) ).toContain( 'Blocked Script' );
	} );

	test( 'a visitor on a phone whose first touch is "Choose file" keeps the file chosen while the scripts took over', async ( {
		page,
		requestUtils,
	} ) => {
		const { form, pageUrl } = await createFormPage( requestUtils, {
			title: 'Early file',
			confirmation: { type: 'message', message: '<p>Got the file.</p>' },
			fields: [
				{ id: 1, type: 'text', label: 'Name' },
				{
					id: 5,
					type: 'fileupload',
					label: 'Attachment',
					allowedExtensions: 'txt',
				},
			],
		} );
		const id = form.id;
		const release = await holdFormView( page );
		await page.goto( pageUrl );
		const container = page.locator( `#kestrel-form-${ id }` );
		// The touch starts the scripts' download and opens the chooser, before they ran.
		const [ chooser ] = await Promise.all( [
			page.waitForEvent( 'filechooser' ),
			page.locator( `#input_${ id }_5` ).click(),
		] );
		await expect( container ).not.toHaveAttribute( 'data-kestrel-ready' );
		// The scripts arrive and take the form over while the chooser is still open.
		release();
		await expect( container ).toHaveAttribute(
			'data-kestrel-ready',
			'true'
		);
		await chooser.setFiles( {
			name: 'early.txt',
			mimeType: 'text/plain',
			buffer: Buffer.from( 'chosen before the scripts ran' ),
		} );
		await expect(
			page.locator(
				`#field_${ id }_5 .kestrel-form__file[data-status="complete"]`
			)
		).toContainText( 'early.txt', { timeout: 30_000 } );
		await page.locator( `#input_${ id }_1` ).fill( 'Phone Visitor' );
		await page
			.locator( `#kestrel-form-${ id } .kestrel-form__submit` )
			.click();
		await expect(
			container.locator( '.kestrel-form__confirmation' )
		).toContainText( 'Got the file.', { timeout: 30_000 } );
		const entries = await entriesOf( requestUtils, id );
		expect( entries ).toHaveLength( 1 );
		expect( JSON.stringify( entries[ 0 ] ) ).toContain( 'early.txt' );
	} );

	test( 'a visitor typing a password while the scripts take over keeps the focus and every character', async ( {
		page,
		requestUtils,
	} ) => {
		const { form, pageUrl } = await createFormPage( requestUtils, {
			title: 'Typing during hydration',
			fields: [
				{ id: 1, type: 'text', label: 'Name' },
				{
					id: 3,
					type: 'password',
					label: 'Password',
					passwordConfirmation: false,
				},
			],
		} );
		const id = form.id;
		const release = await holdFormView( page );
		await page.goto( pageUrl );
		const container = page.locator( `#kestrel-form-${ id }` );
		const password = page.locator( `#input_${ id }_3` );
		await password.click();
		await page.keyboard.type( 'Secret12' );
		release();
		await expect( container ).toHaveAttribute(
			'data-kestrel-ready',
			'true'
		);
		// Still in the same input: the keyboard stays, nothing typed is lost.
		await page.keyboard.type( 'AB' );
		await expect( password ).toBeFocused();
		await expect( password ).toHaveValue( 'Secret12AB' );
		// Once the visitor moves on, the enhanced field (with its show toggle) takes over with
		// everything typed.
		await page.locator( `#input_${ id }_1` ).click();
		await expect(
			page.locator( `#field_${ id }_3 button[aria-pressed]` ).first()
		).toBeVisible();
		await expect( password ).toHaveValue( 'Secret12AB' );
	} );

	test( 'a password typed and sent with Enter before the scripts ran is sent with the AJAX submission', async ( {
		page,
		requestUtils,
	} ) => {
		const { form, pageUrl } = await createFormPage( requestUtils, {
			title: 'Password sent early',
			confirmation: { type: 'message', message: '<p>Signed up.</p>' },
			fields: [
				{ id: 1, type: 'text', label: 'Name' },
				{
					id: 3,
					type: 'password',
					label: 'Password',
					isRequired: true,
					passwordConfirmation: false,
				},
			],
		} );
		const id = form.id;
		const release = await holdFormView( page );
		await page.goto( pageUrl );
		await page.evaluate( () => {
			( window as unknown as { samePage: boolean } ).samePage = true;
		} );
		const container = page.locator( `#kestrel-form-${ id }` );
		await page.locator( `#input_${ id }_1` ).fill( 'Early Signer' );
		await page.locator( `#input_${ id }_3` ).fill( 'Correct-Horse-9' );
		await page.locator( `#input_${ id }_3` ).press( 'Enter' );
		release();
		await expect(
			container.locator( '.kestrel-form__confirmation' )
		).toContainText( 'Signed up.', { timeout: 30_000 } );
		expect(
			await page.evaluate(
				() => ( window as unknown as { samePage?: boolean } ).samePage
			)
		).toBe( true );
		expect( await entriesOf( requestUtils, id ) ).toHaveLength( 1 );
	} );
} );
