/**
 * A visitor without JavaScript (issue 19, docs/server-rendering.md §5): the server prints the
 * form, the browser posts it to the page, and the server answers with the next page, the errors
 * or the confirmation. State comes from REST; the browser runs no script at all.
 */
import type { Request } from '@playwright/test';
import { test, expect } from '@wordpress/e2e-test-utils-playwright';
import { ANONYMOUS_STATE, createFormPage, entriesOf } from './utils';

/** A click that posts the form waits for the answer; Playground takes its time (one PHP worker). */
const NAVIGATION = 60_000;

const SUMMARY =
	'There was a problem with your submission. Please review the fields below.';

/**
 * A two-page form: Name (required) and Email on page 1; Message (required) and an attachment
 * (one .txt file) on page 2.
 *
 * @param title Form title.
 */
function twoPageForm( title: string ): Record< string, unknown > {
	return {
		title,
		button: { text: 'Send' },
		confirmation: {
			type: 'message',
			message: '<p>Thanks, no script needed!</p>',
		},
		fields: [
			{ id: 1, type: 'text', label: 'Name', isRequired: true },
			{ id: 2, type: 'email', label: 'Email' },
			{ id: 10, type: 'page' },
			{ id: 3, type: 'textarea', label: 'Message', isRequired: true },
			{
				id: 5,
				type: 'fileupload',
				label: 'Attachment',
				allowedExtensions: 'txt',
			},
		],
	};
}

test.describe( 'a visitor without JavaScript', () => {
	test.use( { storageState: ANONYMOUS_STATE, javaScriptEnabled: false } );
	// A second entry that appears only sometimes must fail the run, not pass on a retry.
	test.describe.configure( { retries: 0 } );

	test( 'fills a two-page form, meets errors, moves between pages, uploads a file and submits once', async ( {
		page,
		requestUtils,
	} ) => {
		const { form, pageUrl } = await createFormPage(
			requestUtils,
			twoPageForm( 'No script' )
		);
		const id = form.id;
		const box = page.locator( `#kestrel-form-${ id }` );
		const name = page.locator( `#input_${ id }_1` );
		const message = page.locator( `#input_${ id }_3` );

		await page.goto( pageUrl );
		// Printed by the server: no "please enable JavaScript", the first page's inputs.
		await expect( name ).toBeVisible();
		await expect( message ).toBeHidden();
		await expect( box ).not.toContainText( 'Please enable JavaScript' );

		// Next with the required Name empty: the same page, the error inline and in the summary.
		await box.getByRole( 'button', { name: 'Next' } ).click();
		await expect( box.locator( '.kestrel-form__errors' ) ).toContainText(
			SUMMARY
		);
		await expect( box.locator( '.kestrel-form__errors' ) ).toContainText(
			'Name: This field is required.'
		);
		await expect(
			box.locator( `#validation_message_${ id }_1` )
		).toContainText( 'This field is required.' );
		await expect( name ).toBeVisible();
		await expect( name ).toHaveAttribute( 'aria-invalid', 'true' );

		// Enter in a field is Next (the form's hidden default button) before the last page.
		await name.fill( 'Ada Lovelace' );
		await page.locator( `#input_${ id }_2` ).fill( 'ada@example.org' );
		await name.press( 'Enter' );
		await expect( message ).toBeVisible();
		await expect( name ).toBeHidden();
		await expect( box.locator( '.kestrel-form__errors' ) ).toHaveCount( 0 );

		// Previous: back to page 1 with the values kept, no checks.
		await box.getByRole( 'button', { name: 'Previous' } ).click();
		await expect( name ).toBeVisible();
		await expect( name ).toHaveValue( 'Ada Lovelace' );
		await box.getByRole( 'button', { name: 'Next' } ).click();
		await expect( message ).toBeVisible();

		// A plain file input; Send with the Message empty: the error, the file kept.
		const file = box.locator( 'input[type="file"]' );
		await expect( file ).toHaveAttribute( 'name', 'input_5[]' );
		await file.setInputFiles( {
			name: 'notes.txt',
			mimeType: 'text/plain',
			buffer: Buffer.from( 'Notes sent without a script.\n' ),
		} );
		await box
			.getByRole( 'button', { name: 'Send' } )
			.click( { timeout: NAVIGATION } );
		await expect( box.locator( '.kestrel-form__errors' ) ).toContainText(
			'Message: This field is required.'
		);
		await expect( message ).toBeVisible();
		expect(
			JSON.parse(
				( await box
					.locator( 'input[name="kestrel_uploaded_files"]' )
					.inputValue() ) || '{}'
			)
		).toEqual( {
			input_5: [
				expect.objectContaining( { uploaded_filename: 'notes.txt' } ),
			],
		} );

		// Send: 303 to the page, whose GET shows the confirmation in the form's place.
		await message.fill( 'Hello from a browser without JavaScript.' );
		const posted = page.waitForRequest(
			( r: Request ) =>
				r.method() === 'POST' && r.url().startsWith( pageUrl )
		);
		await box.getByRole( 'button', { name: 'Send' } ).click();
		const submit = await posted;
		await expect(
			page
				.locator( `#kestrel-form-${ id }` )
				.getByText( 'Thanks, no script needed!' )
		).toBeVisible();
		expect( page.url() ).toContain( 'kestrel_confirmation=' );
		await expect( message ).toHaveCount( 0 );

		const entries = await entriesOf( requestUtils, id );
		expect( entries ).toHaveLength( 1 );
		expect( entries[ 0 ].values[ '1' ] ).toBe( 'Ada Lovelace' );
		expect( entries[ 0 ].values[ '2' ] ).toBe( 'ada@example.org' );
		expect( entries[ 0 ].values[ '3' ] ).toBe(
			'Hello from a browser without JavaScript.'
		);
		expect( entries[ 0 ].values[ '5' ] ).toHaveLength( 1 );

		// The browser sends the same POST again (a reload of the POST, a double click): the
		// same submission key, the same entry, the same answer.
		const again = await page.request.fetch( submit.url(), {
			method: 'POST',
			headers: { 'content-type': submit.headers()[ 'content-type' ] },
			data: submit.postDataBuffer() ?? undefined,
			maxRedirects: 0,
		} );
		expect( again.status() ).toBe( 303 );
		expect( again.headers().location ).toContain( 'kestrel_confirmation=' );
		expect( await entriesOf( requestUtils, id ) ).toHaveLength( 1 );

		// Reloading the confirmation page is a GET: still one entry.
		await page.reload();
		await expect(
			page
				.locator( `#kestrel-form-${ id }` )
				.getByText( 'Thanks, no script needed!' )
		).toBeVisible();
		expect( await entriesOf( requestUtils, id ) ).toHaveLength( 1 );
	} );

	test( 'a file the upload rules refuse is reported at its field and nothing is stored', async ( {
		page,
		requestUtils,
	} ) => {
		const { form, pageUrl } = await createFormPage( requestUtils, {
			title: 'No script upload',
			button: { text: 'Send' },
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
		const box = page.locator( `#kestrel-form-${ id }` );
		await page.goto( pageUrl );
		await box.locator( 'input[type="file"]' ).setInputFiles( {
			name: 'shell.php',
			mimeType: 'application/x-php',
			buffer: Buffer.from( '<?php echo "x";' ),
		} );
		// A post with a file goes through the upload pipeline: slow on Playground.
		await box
			.getByRole( 'button', { name: 'Send' } )
			.click( { timeout: NAVIGATION } );
		// Block themes run the whole page through wptexturize, which prints the " - " of the
		// message as an en dash.
		await expect( box.locator( '.kestrel-form__errors' ) ).toContainText(
			/Attachment: shell\.php [-–] This type of file is not allowed\./
		);
		await expect(
			box.locator( `#validation_message_${ id }_5` )
		).toContainText(
			/^shell\.php [-–] This type of file is not allowed\./
		);
		expect( await entriesOf( requestUtils, id ) ).toHaveLength( 0 );
	} );
} );
