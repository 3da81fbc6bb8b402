/**
 * The Forms admin screens: list with entry counts and shortcodes, JSON export and import, and
 * the list's search, duplicate, trash, restore and delete.
 */
import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from '@wordpress/e2e-test-utils-playwright';
import {
	contactForm,
	createFormPage,
	pickFilter,
	type StoredForm,
} from './utils';

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
		const row = page.locator( `tr:has([data-form-id="${ form.id }"])` );
		await expect( row.getByRole( 'link', { name: title } ) ).toBeVisible();
		await expect(
			row.getByRole( 'cell', { name: String( form.id ), exact: true } )
		).toBeVisible();
		await expect(
			row.getByRole( 'link', { name: '1', exact: true } )
		).toHaveAttribute(
			'href',
			new RegExp( `kestrel-forms-entries&form_id=${ form.id }\\b` )
		);
		await expect(
			row.getByRole( 'textbox', { name: 'Shortcode' } )
		).toHaveValue( `[kestrel_form id="${ form.id }"]` );

		// Export (a row action): the download is the definition.
		await row.getByRole( 'button', { name: 'Actions' } ).click();
		const [ download ] = await Promise.all( [
			page.waitForEvent( 'download' ),
			page.getByRole( 'menuitem', { name: 'Export JSON' } ).click(),
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

	test( 'searches, duplicates, trashes, restores and deletes forms from the list', async ( {
		admin,
		page,
		requestUtils,
	} ) => {
		const title = `E2E list ${ Date.now() }`;
		const { form } = await createFormPage(
			requestUtils,
			contactForm( title )
		);
		await admin.visitAdminPage( 'admin.php', 'page=kestrel-forms' );
		const rows = page.locator( 'tr:has([data-form-id])' );
		await page
			.getByRole( 'searchbox', { name: 'Search forms' } )
			.fill( title );
		await expect( rows ).toHaveCount( 1 );

		// Duplicate (row action): a second form with the same fields.
		await rows.first().getByRole( 'button', { name: 'Actions' } ).click();
		await page.getByRole( 'menuitem', { name: 'Duplicate' } ).click();
		await expect( page.locator( '.notice-success' ) ).toContainText(
			'Form duplicated.'
		);
		await expect( rows ).toHaveCount( 2 );

		// Trash both (bulk), find them under Trash, restore one, delete the other for good.
		await page
			.getByRole( 'checkbox', { name: 'Select all' } )
			.first()
			.check();
		await page
			.getByRole( 'button', { name: 'Move to trash', exact: true } )
			.click();
		await expect( page.locator( '.notice-success' ) ).toContainText(
			'Forms moved to the trash.'
		);
		await expect( rows ).toHaveCount( 0 );
		await pickFilter( page, 'Status is: Active', 'Status', 'Trash' );
		await expect( rows ).toHaveCount( 2 );
		const original = page.locator( 'tr', {
			has: page.getByRole( 'cell', {
				name: String( form.id ),
				exact: true,
			} ),
		} );
		await original.getByRole( 'button', { name: 'Restore' } ).click();
		await expect( page.locator( '.notice-success' ) ).toContainText(
			'Form restored.'
		);
		await expect( rows ).toHaveCount( 1 );
		await rows.first().getByRole( 'button', { name: 'Actions' } ).click();
		await page
			.getByRole( 'menuitem', { name: 'Delete permanently' } )
			.click();
		await page
			.getByRole( 'dialog' )
			.getByRole( 'button', { name: 'Delete permanently' } )
			.click();
		await expect( page.locator( '.notice-success' ) ).toContainText(
			'Form deleted permanently.'
		);
		await expect( rows ).toHaveCount( 0 );

		const listed = ( status: string ) =>
			requestUtils.rest< StoredForm[] >( {
				path: '/kestrel-forms/v1/forms',
				params: { search: title, status },
			} );
		expect( ( await listed( 'active' ) ).map( ( f ) => f.id ) ).toEqual( [
			form.id,
		] );
		expect( await listed( 'trash' ) ).toEqual( [] );
	} );
} );
