/**
 * The kestrel-forms/form block: pick a form in the editor, see the live preview, publish, and the
 * visitor gets a working form.
 */
import { test, expect } from '@wordpress/e2e-test-utils-playwright';
import { contactForm, type StoredForm, formReady } from './utils';

test.describe( 'form block', () => {
	test( 'previews the chosen form in the editor and renders it on the published page', async ( {
		admin,
		editor,
		page,
		requestUtils,
	} ) => {
		const title = `E2E block ${ Date.now() }`;
		const form = await requestUtils.rest< StoredForm >( {
			method: 'POST',
			path: '/kestrel-forms/v1/forms',
			data: contactForm( title ),
		} );

		await admin.createNewPost( { postType: 'page', title: 'Block page' } );
		await editor.insertBlock( { name: 'kestrel-forms/form' } );
		const block = editor.canvas.locator( '.wp-block-kestrel-forms-form' );
		const picker = block.getByRole( 'combobox', { name: 'Form' } );
		// The editor loads a dozen REST resources first, one at a time in Playground's single
		// PHP worker: the form list can take a while.
		await expect( picker ).toBeVisible( { timeout: 60_000 } );
		await picker.selectOption( String( form.id ) );

		// The preview is the visitor form, rendered but inert.
		await expect( block.locator( '.kestrel-form__title' ) ).toHaveText(
			title
		);
		await expect(
			block.getByRole( 'textbox', { name: /Name/ } )
		).toBeVisible();

		// What the editor saves: only the attributes (the server renders the form). Publishing goes
		// over REST: the editor's publish flow races its welcome guide on this slow site.
		const content = await editor.getEditedPostContent();
		expect( content ).toBe(
			`<!-- wp:kestrel-forms/form {"formId":${ form.id }} /-->`
		);
		const published = await requestUtils.rest< { link: string } >( {
			method: 'POST',
			path: '/wp/v2/pages',
			data: { title: 'Block page', content, status: 'publish' },
		} );
		await page.goto( published.link );
		await formReady( page.locator( `#kestrel-form-${ form.id }` ) );
		await expect(
			page.locator( `#form_submit_button_${ form.id }` )
		).toHaveText( 'Send' );
	} );
} );
