/**
 * The eight everyday field types in the form editor (issue 18): an admin adds each one from the
 * palette's Advanced group, sets what is particular to it (a name's middle input, an address's
 * type and default state, a phone's format, a date's format and bounds with the min > max error,
 * a time's clock, a consent's text, a multi-select's searchable list), sees the live preview
 * follow, saves, and the stored definition holds each setting. A rule on a name's input is built
 * with the logic builder.
 */
import type { Page } from '@playwright/test';
import { test, expect } from '@wordpress/e2e-test-utils-playwright';
import { createForm, openEditor, type StoredForm } from './utils';

const SLOW = { timeout: 60_000 };

/**
 * Adds a field from the palette and names it.
 *
 * @param page  Editor page.
 * @param type  The palette's name of the type.
 * @param label The field's label.
 */
async function addField( page: Page, type: string, label: string ) {
	await page
		.getByRole( 'button', { name: `Add ${ type } field`, exact: true } )
		.click();
	await page
		.locator( '.kestrel-forms-sidebar' )
		.getByLabel( 'Field label', { exact: true } )
		.fill( label );
}

test.describe( 'the everyday field types in the editor', () => {
	test( 'an admin adds and sets up each new type; the preview follows and the saved form holds the settings', async ( {
		page,
		requestUtils,
	} ) => {
		test.slow();
		const form = await createForm( requestUtils, {
			title: `E2E editor everyday types ${ Date.now() }`,
			fields: [],
		} );
		await openEditor( page, form );
		const sidebar = page.locator( '.kestrel-forms-sidebar' );
		const preview = page
			.getByRole( 'region', { name: 'Live preview' } )
			.frameLocator( 'iframe' )
			.locator( '.kestrel-form' );

		// Name: show the middle input; the preview grows a Middle box.
		await addField( page, 'Name', 'Your name' );
		await sidebar.getByLabel( 'Show Middle' ).check();
		await expect(
			preview
				.getByRole( 'group', { name: /^Your name/ } )
				.getByRole( 'textbox', { name: 'Middle' } )
		).toBeVisible( SLOW );

		// Address: a US address starting in Texas.
		await addField( page, 'Address', 'Home' );
		await sidebar.getByLabel( 'Address type' ).selectOption( 'us' );
		await sidebar.getByLabel( 'Default state' ).selectOption( 'Texas' );
		await expect(
			preview
				.getByRole( 'group', { name: /^Home/ } )
				.getByRole( 'combobox', { name: 'State' } )
		).toHaveValue( 'Texas', SLOW );

		await addField( page, 'Phone', 'Mobile' );
		await sidebar
			.getByLabel( 'Phone format' )
			.selectOption( 'international' );

		// Date: day first; bounds the wrong way round are called out.
		await addField( page, 'Date', 'Start' );
		await sidebar.getByLabel( 'Date format' ).selectOption( 'dmy' );
		await sidebar.getByLabel( 'Earliest date' ).fill( '2026-12-31' );
		await sidebar.getByLabel( 'Latest date' ).fill( '2026-01-01' );
		await expect( sidebar.getByRole( 'alert' ) ).toContainText(
			'The earliest date is after the latest date'
		);
		await sidebar.getByLabel( 'Latest date' ).fill( '2027-12-31' );
		await expect( sidebar.getByRole( 'alert' ) ).toHaveCount( 0 );

		await addField( page, 'Time', 'Arrival' );
		await sidebar.getByLabel( 'Time format' ).selectOption( '24' );

		await addField( page, 'Website', 'Site' );

		await addField( page, 'Consent', 'Terms' );
		await sidebar
			.getByLabel( 'Checkbox label' )
			.fill( 'I accept the booking terms.' );
		await expect(
			preview.getByRole( 'checkbox', {
				name: 'I accept the booking terms.',
			} )
		).toBeVisible( SLOW );

		await addField( page, 'Multi select', 'Extras' );
		await sidebar.getByLabel( 'Searchable list (enhanced UI)' ).check();

		// A rule on the name's first input: the website shows once it is "Ada".
		await page
			.locator( '.kestrel-forms-canvas__field' )
			.filter( { hasText: 'Site' } )
			.locator( '.kestrel-forms-canvas__select' )
			.click();
		await sidebar
			.getByRole( 'button', { name: 'Conditional logic' } )
			.click();
		await sidebar.getByLabel( 'Conditional logic for this field' ).check();
		await sidebar
			.getByLabel( 'Field', { exact: true } )
			.selectOption( { label: 'Your name (First)' } );
		await sidebar.getByLabel( 'Value', { exact: true } ).fill( 'Ada' );

		await page.getByRole( 'button', { name: 'Save form' } ).click();
		await expect(
			page.locator( '.kestrel-forms-editor__status' )
		).toHaveText( 'Saved', SLOW );

		const stored = await requestUtils.rest< StoredForm >( {
			path: `/kestrel-forms/v1/forms/${ form.id }`,
		} );
		const byLabel = ( label: string ) =>
			stored.fields.find( ( f ) => f.label === label ) as Record<
				string,
				unknown
			>;
		const name = byLabel( 'Your name' );
		expect( name.type ).toBe( 'name' );
		expect( name.inputs ).toEqual(
			expect.arrayContaining( [
				expect.objectContaining( { id: `${ name.id }.3` } ),
				expect.objectContaining( {
					id: `${ name.id }.4`,
					isHidden: false,
				} ),
			] )
		);
		expect( byLabel( 'Home' ) ).toMatchObject( {
			type: 'address',
			addressType: 'us',
			defaultState: 'Texas',
		} );
		expect( byLabel( 'Mobile' ) ).toMatchObject( {
			type: 'phone',
			phoneFormat: 'international',
		} );
		expect( byLabel( 'Start' ) ).toMatchObject( {
			type: 'date',
			dateFormat: 'dmy',
			dateMin: '2026-12-31',
			dateMax: '2027-12-31',
		} );
		expect( byLabel( 'Arrival' ) ).toMatchObject( {
			type: 'time',
			timeFormat: '24',
		} );
		expect( byLabel( 'Site' ) ).toMatchObject( {
			type: 'website',
			conditionalLogic: {
				actionType: 'show',
				rules: [
					{
						fieldId: `${ name.id }.3`,
						operator: 'is',
						value: 'Ada',
					},
				],
			},
		} );
		expect( byLabel( 'Terms' ) ).toMatchObject( {
			type: 'consent',
			isRequired: true,
			checkboxLabel: 'I accept the booking terms.',
		} );
		expect( byLabel( 'Extras' ) ).toMatchObject( {
			type: 'multiselect',
			enableEnhancedUI: true,
		} );
	} );
} );
