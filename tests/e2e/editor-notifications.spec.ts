/**
 * Notifications and confirmations in the editor (issue 14): an admin adds a notification (subject
 * written with the merge-tag picker) and a confirmation chosen by a rule in Form settings, saves,
 * reloads, and finds both in the editor and in the stored definition.
 */
import { test, expect } from '@wordpress/e2e-test-utils-playwright';
import { createForm, deleteForm } from './utils';

/** Waits that follow a page load or a server round trip on the slow site. */
const SLOW = { timeout: 60_000 };
const LOAD = { waitUntil: 'domcontentloaded' as const, timeout: 120_000 };

test( 'a notification and a conditional confirmation are added, saved and shown again after a reload', async ( {
	page,
	requestUtils,
} ) => {
	test.slow();
	const form = await createForm( requestUtils, {
		title: `E2E editor notifications ${ Date.now() }`,
		confirmation: { type: 'message', message: 'Thanks!' },
		fields: [
			{ id: 1, type: 'text', label: 'Name' },
			{ id: 2, type: 'email', label: 'Email' },
			{
				id: 3,
				type: 'select',
				label: 'Topic',
				choices: [
					{ text: 'Sales', value: 'sales' },
					{ text: 'Help', value: 'help' },
				],
			},
		],
	} );
	const editorUrl = `/wp-admin/admin.php?page=kestrel-forms&form_id=${ form.id }`;
	const sidebar = page.locator( '.kestrel-forms-sidebar' );
	const openSettings = async () => {
		await page.goto( editorUrl, LOAD );
		await expect(
			page.getByRole( 'heading', { name: `Edit form: ${ form.title }` } )
		).toBeVisible( SLOW );
		await page.getByRole( 'button', { name: 'Form settings' } ).click();
	};
	try {
		await openSettings();

		// A notification: the admin default, its subject written with the picker.
		await sidebar.getByRole( 'button', { name: 'Notifications' } ).click();
		await sidebar
			.getByRole( 'button', { name: 'Add notification' } )
			.click();
		const subject = sidebar.getByRole( 'textbox', { name: 'Subject' } );
		await subject.fill( 'Question from ' );
		await sidebar
			.getByRole( 'button', { name: 'Insert merge tag into Subject' } )
			.click();
		await sidebar
			.getByRole( 'combobox', { name: 'Search merge tags' } )
			.fill( 'name' );
		await page.keyboard.press( 'Enter' );
		await expect( subject ).toHaveValue( 'Question from {Name:1}' );
		await expect( subject ).toBeFocused();
		await sidebar.getByLabel( 'The address in a field' ).check();
		await expect(
			sidebar.getByRole( 'combobox', { name: 'Email field' } )
		).toHaveValue( '2' );

		// A confirmation for sales questions, before the default one.
		await sidebar.getByRole( 'button', { name: 'Confirmations' } ).click();
		await sidebar
			.getByRole( 'button', { name: 'Add confirmation' } )
			.click();
		const added = sidebar.locator(
			'.kestrel-forms-confirmations .kestrel-forms-settings-list__item',
			{ has: page.getByRole( 'heading', { name: 'Confirmation 2' } ) }
		);
		await added
			.getByLabel( 'Field', { exact: true } )
			.selectOption( { label: 'Topic (3)' } );
		await added
			.getByLabel( 'Value', { exact: true } )
			.selectOption( { label: 'Sales' } );
		await added
			.getByRole( 'textbox', { name: 'Confirmation message' } )
			.fill( 'Sales will call you, {Name:1}.' );

		await page.getByRole( 'button', { name: 'Save form' } ).click();
		await expect(
			page.locator( '.kestrel-forms-editor__status' )
		).toHaveText( 'Saved', SLOW );

		const stored = await requestUtils.rest< Record< string, unknown > >( {
			path: `/kestrel-forms/v1/forms/${ form.id }`,
			params: { context: 'edit' },
		} );
		expect( stored.notifications ).toEqual( [
			expect.objectContaining( {
				name: 'Admin notification',
				toType: 'field',
				toField: '2',
				subject: 'Question from {Name:1}',
				message: '{all_fields}',
			} ),
		] );
		expect( stored.confirmations ).toEqual( [
			expect.objectContaining( {
				name: 'Confirmation 2',
				type: 'message',
				message: 'Sales will call you, {Name:1}.',
				conditionalLogic: {
					actionType: 'show',
					logicType: 'all',
					rules: [ { fieldId: '3', operator: 'is', value: 'sales' } ],
				},
			} ),
			expect.objectContaining( {
				id: 'default',
				isDefault: true,
				type: 'message',
				message: 'Thanks!',
			} ),
		] );

		// After a reload the editor shows both.
		await openSettings();
		await sidebar.getByRole( 'button', { name: 'Notifications' } ).click();
		await expect(
			sidebar.getByRole( 'heading', { name: 'Admin notification' } )
		).toBeVisible();
		await expect(
			sidebar.getByText(
				'Form is submitted · To the address in Email (2)'
			)
		).toBeVisible();
		await sidebar.getByRole( 'button', { name: 'Confirmations' } ).click();
		await expect(
			sidebar.getByText( 'Shows a message, when Topic (3) is "Sales"' )
		).toBeVisible();
		await expect(
			sidebar.getByText( 'Shows a message, when no other one matches' )
		).toBeVisible();
	} finally {
		await deleteForm( requestUtils, form.id );
	}
} );
