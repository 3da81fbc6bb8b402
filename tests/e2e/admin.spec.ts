/**
 * The Forms admin screens: list with entry counts and shortcodes, JSON export and import.
 */
import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from '@wordpress/e2e-test-utils-playwright';
import { contactForm, createFormPage, type StoredForm } from './utils';

test.describe( 'Forms admin', () => {
	test( 'lists forms with id, entry count and shortcode; exports and imports JSON', async ( {
		admin,
		page,
		requestUtils,
	}, testInfo ) => {
		const title = `E2E admin ${ Date.now() }`;
		const { form } = await createFormPage(
			requestUtils,
			contactForm( title )
		);
		await requestUtils.rest( {
			method: 'POST',
			path: `/kestrel-forms/v1/forms/${ form.id }/submissions`,
			data: { values: { 1: 'Ada', 2: 'ada@example.org' } },
		} );

		await admin.visitAdminPage( 'admin.php', 'page=kestrel-forms' );
		const row = page.locator( `tr[data-form-id="${ form.id }"]` );
		await expect( row.locator( '.column-title' ) ).toContainText( title );
		await expect( row.locator( '.column-id' ) ).toHaveText(
			String( form.id )
		);
		await expect( row.locator( '.column-entries' ) ).toHaveText( '1' );
		await expect( row.locator( '.column-shortcode input' ) ).toHaveValue(
			`[kestrel_form id="${ form.id }"]`
		);

		// Export: the download is the definition.
		await row.hover();
		const [ download ] = await Promise.all( [
			page.waitForEvent( 'download' ),
			row.getByRole( 'link', { name: 'Export JSON' } ).click(),
		] );
		const file = testInfo.outputPath( 'export.json' );
		await download.saveAs( file );
		const exported = JSON.parse( fs.readFileSync( file, 'utf8' ) );
		expect( exported.title ).toBe( title );
		expect( exported.fields ).toEqual( form.fields );

		// Import it back under a new title: a new form appears.
		exported.title = `${ title } (imported)`;
		fs.writeFileSync( file, JSON.stringify( exported ) );
		await page.setInputFiles( '#kestrel-forms-file', file );
		await page.getByRole( 'button', { name: 'Import' } ).click();
		await expect( page.locator( '.notice-success' ) ).toContainText(
			`Imported "${ title } (imported)"`
		);
		const forms = await requestUtils.rest< StoredForm[] >( {
			path: '/kestrel-forms/v1/forms',
			params: { search: title },
		} );
		expect( forms.map( ( f ) => f.title ).sort() ).toEqual( [
			title,
			`${ title } (imported)`,
		] );

		// An invalid file is refused with the JSON path that is wrong.
		exported.fields[ 2 ].choices = [];
		const bad = path.join( testInfo.outputDir, 'bad.json' );
		fs.writeFileSync( bad, JSON.stringify( exported ) );
		await page.setInputFiles( '#kestrel-forms-file', bad );
		await page.getByRole( 'button', { name: 'Import' } ).click();
		await expect( page.locator( '.notice-error' ) ).toContainText(
			'fields[2].choices'
		);
	} );
} );
