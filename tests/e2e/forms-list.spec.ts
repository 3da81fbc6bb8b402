/**
 * The forms list (issue 14, item 6 and the template gallery): "Copy" copies without selecting
 * the row for the bulk actions; "Add New Form" in the menu opens the gallery and a template
 * becomes a form in the editor; after an import, the entries screen still opens on the form
 * that has entries, not on the empty copy.
 */
import path from 'node:path';
import fs from 'node:fs';
import os from 'node:os';
import { test, expect } from '@wordpress/e2e-test-utils-playwright';
import { contactForm, createForm, deleteForm } from './utils';

test.describe( 'forms list', () => {
	test( '"Copy" copies the shortcode without ticking the row or opening the bulk bar', async ( {
		admin,
		page,
		requestUtils,
	} ) => {
		const title = `E2E copy ${ Date.now() }`;
		const form = await createForm( requestUtils, contactForm( title ) );
		await page
			.context()
			.grantPermissions( [ 'clipboard-read', 'clipboard-write' ] );
		await admin.visitAdminPage( 'admin.php', 'page=kestrel-forms' );
		const row = page.locator( `tr:has([data-form-id="${ form.id }"])` );
		await row.getByRole( 'button', { name: 'Copy', exact: true } ).click();
		await expect(
			row.getByRole( 'button', { name: 'Copied', exact: true } )
		).toBeVisible();
		expect(
			await page.evaluate( () => navigator.clipboard.readText() )
		).toBe( `[kestrel_form id="${ form.id }"]` );
		await expect( row ).not.toHaveClass( /is-selected/ );
		await expect( row.getByRole( 'checkbox' ) ).not.toBeChecked();
		await expect( page.getByText( /items? selected/i ) ).toHaveCount( 0 );
		await deleteForm( requestUtils, form.id );
	} );

	test( '"Add New Form" opens the template gallery; a template opens in the editor', async ( {
		page,
		requestUtils,
	} ) => {
		await page.goto( '/wp-admin/admin.php?page=kestrel-forms' );
		const menu = page.locator( '#toplevel_page_kestrel-forms' );
		await menu.getByRole( 'link', { name: 'Add New Form' } ).click();
		const gallery = page.getByRole( 'dialog', { name: 'Add new form' } );
		await expect( gallery ).toBeVisible();
		await expect(
			menu.locator( 'li.current a', { hasText: 'Add New Form' } )
		).toBeVisible();
		for ( const name of [
			'Blank form',
			'Contact form',
			'Order form',
			'Event registration',
			'Multi-page survey',
			'File request',
			'Donation',
		] ) {
			await expect(
				gallery.getByRole( 'button', { name, exact: true } )
			).toBeVisible();
		}
		const title = `E2E order ${ Date.now() }`;
		await gallery.getByLabel( 'Form title' ).fill( title );
		await gallery
			.getByRole( 'button', { name: 'Order form', exact: true } )
			.click();
		await expect(
			page.getByRole( 'heading', { name: `Edit form: ${ title }` } )
		).toBeVisible( { timeout: 30_000 } );
		// The live preview totals the preselected shirt and delivery.
		const live = page
			.getByRole( 'region', { name: 'Live preview' } )
			.frameLocator( 'iframe' );
		await expect( live.getByText( /19[.,]95/ ).first() ).toBeVisible();
		const id = Number(
			new URL( page.url() ).searchParams.get( 'form_id' )
		);
		await deleteForm( requestUtils, id );
	} );

	test( 'after an import, Entries opens on the form with entries, not on the empty copy', async ( {
		admin,
		page,
		requestUtils,
	} ) => {
		const stamp = Date.now();
		const original = await createForm(
			requestUtils,
			contactForm( `E2E with entries ${ stamp }` )
		);
		await requestUtils.rest( {
			method: 'POST',
			path: `/kestrel-forms/v1/forms/${ original.id }/submissions`,
			data: { values: { 1: 'Ada', 2: 'ada@example.org' } },
		} );

		await admin.visitAdminPage( 'admin.php', 'page=kestrel-forms' );
		const file = path.join( os.tmpdir(), `kestrel-import-${ stamp }.json` );
		fs.writeFileSync(
			file,
			JSON.stringify( contactForm( `E2E imported ${ stamp }` ) )
		);
		await page.getByLabel( 'Form JSON file' ).setInputFiles( file );
		await page
			.getByRole( 'button', { name: 'Import', exact: true } )
			.click();
		await expect( page.locator( '.notice-success' ) ).toContainText(
			`E2E imported ${ stamp }`
		);
		const imported = Number(
			/form (\d+)/.exec(
				( await page.locator( '.notice-success' ).textContent() ) ?? ''
			)?.[ 1 ]
		);
		expect( imported ).toBeGreaterThan( original.id );

		await page
			.locator( '#toplevel_page_kestrel-forms' )
			.getByRole( 'link', { name: 'Entries', exact: true } )
			.click();
		const picker = page.getByRole( 'combobox', {
			name: 'Form',
			exact: true,
		} );
		await expect( picker ).toHaveValue( String( original.id ) );

		fs.rmSync( file, { force: true } );
		await deleteForm( requestUtils, imported );
		await deleteForm( requestUtils, original.id );
	} );
} );
