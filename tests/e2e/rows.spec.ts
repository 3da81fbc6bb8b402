/**
 * List rows and repeater groups as a visitor uses them: limits, announcements, focus, a formula
 * over a column, per-row validation, and rows stored on the entry.
 */
import { request as playwrightRequest } from '@playwright/test';
import { test, expect } from '@wordpress/e2e-test-utils-playwright';
import { ANONYMOUS_STATE, createFormPage, entriesOf, formReady } from './utils';

const partyForm = ( title: string ) => ( {
	title,
	fields: [
		{
			id: 1,
			type: 'list',
			label: 'Items',
			columns: [ 'Item', 'Qty' ],
			maxRows: 3,
		},
		{
			id: 2,
			type: 'number',
			label: 'Units',
			enableCalculation: true,
			calculationFormula: '{Items:1.2}',
			calculationRounding: -1,
		},
		{
			id: 3,
			type: 'repeater',
			label: 'Guests',
			maxRows: 2,
			fields: [
				{ id: 31, type: 'text', label: 'Name', isRequired: true },
				{ id: 32, type: 'email', label: 'Email' },
			],
		},
	],
} );

test.describe( 'list rows and repeater groups', () => {
	test.use( { storageState: ANONYMOUS_STATE } );

	test( 'rows up to the maximum, announced, with focus kept; a formula sums a column; rows validated and stored', async ( {
		page,
		requestUtils,
		browser,
	} ) => {
		const { form, pageUrl } = await createFormPage(
			requestUtils,
			partyForm( 'E2E rows' )
		);
		const id = form.id;
		await page.goto( pageUrl );
		await formReady( page.locator( `#kestrel-form-${ id }` ) );
		const list = page.locator( `#field_${ id }_1` );
		const status = page.getByRole( 'status' );
		await expect( list.locator( 'fieldset' ) ).toHaveAttribute(
			'data-max_items',
			'3'
		);
		// One row: its remove button is hidden.
		await expect(
			list.getByRole( 'button', { name: 'Remove row 1' } )
		).toBeHidden();

		await list
			.getByRole( 'textbox', { name: 'Item, row 1' } )
			.fill( 'Tea' );
		await list.getByRole( 'textbox', { name: 'Qty, row 1' } ).fill( '4' );
		await list
			.getByRole( 'button', { name: 'Add a row after row 1' } )
			.click();
		await expect( status ).toHaveText( 'Row added.' );
		await expect(
			list.getByRole( 'textbox', { name: 'Item, row 2' } )
		).toBeFocused();
		await page.keyboard.type( 'Cake' );
		await page.keyboard.press( 'Tab' );
		await page.keyboard.type( '2.5' );
		await expect( page.locator( `#input_${ id }_2` ) ).toHaveValue( '6.5' );

		// Keyboard: the add button of row 2 makes row 3, the maximum.
		await list
			.getByRole( 'button', { name: 'Add a row after row 2' } )
			.press( 'Enter' );
		await expect(
			list.getByRole( 'textbox', { name: 'Item, row 3' } )
		).toBeFocused();
		for ( const button of await list
			.locator( '.kestrel-form__row-add' )
			.all() ) {
			await expect( button ).toBeDisabled();
		}
		await list.getByRole( 'button', { name: 'Remove row 3' } ).click();
		await expect( status ).toHaveText( 'Row removed.' );
		await expect(
			list.getByRole( 'textbox', { name: 'Item, row 2' } )
		).toBeFocused();
		await expect(
			list.getByRole( 'button', { name: 'Add a row after row 1' } )
		).toBeEnabled();

		// A repeater row without its required name is refused, with the row named.
		const guests = page.locator( `#field_${ id }_3` );
		await guests
			.getByRole( 'textbox', { name: 'Email' } )
			.fill( 'ada@example.com' );
		await page.getByRole( 'button', { name: 'Submit' } ).click();
		await expect(
			page.locator( `#validation_message_${ id }_3` )
		).toHaveText( 'Row 1, Name: This field is required.' );
		await guests.getByRole( 'textbox', { name: 'Name' } ).fill( 'Ada' );
		await page.getByRole( 'button', { name: 'Submit' } ).click();
		await expect(
			page.locator( '.kestrel-form__confirmation' )
		).toBeVisible();

		const [ entry ] = await entriesOf( requestUtils, id );
		expect( entry.values ).toEqual( {
			1: [
				[ 'Tea', '4' ],
				[ 'Cake', '2.5' ],
			],
			2: '6.5',
			3: [ [ 'Ada', 'ada@example.com' ] ],
		} );

		// The admin entry shows one row a line.
		const adminContext = await browser.newContext( {
			storageState: process.env.STORAGE_STATE_PATH,
		} );
		const adminPage = await adminContext.newPage();
		await adminPage.goto(
			`/wp-admin/admin.php?page=kestrel-forms-entries&form_id=${ id }`
		);
		await adminPage
			.locator( `tr:has([data-entry-id="${ entry.id }"])` )
			.getByRole( 'link' )
			.first()
			.click();
		await expect(
			adminPage.locator( '.kestrel-forms-entry' )
		).toContainText( 'Item: Tea, Qty: 4\nItem: Cake, Qty: 2.5' );
		await adminContext.close();
	} );

	test( 'the server enforces the maximum rows', async ( {
		requestUtils,
		baseURL,
	} ) => {
		const { form } = await createFormPage(
			requestUtils,
			partyForm( 'E2E rows maximum' )
		);
		const visitor = await playwrightRequest.newContext( {
			baseURL,
			storageState: ANONYMOUS_STATE,
		} );
		const response = await visitor.post(
			`/?rest_route=${ encodeURIComponent( `/kestrel-forms/v1/forms/${ form.id }/submissions` ) }`,
			{
				data: {
					values: { 1: [ 'a', '1', 'b', '1', 'c', '1', 'd', '1' ] },
				},
			}
		);
		expect( response.status() ).toBe( 400 );
		const body = await response.json();
		expect( body.code ).toBe( 'kestrel_forms_validation_failed' );
		expect( body.data.errors[ '1' ] ).toBe(
			'Please enter at most 3 rows.'
		);
		await visitor.dispose();
	} );
} );
