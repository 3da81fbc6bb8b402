/**
 * The editor exposes the engine's behaviours (issue 14): an admin switches on the radio "Other"
 * choice and the checkbox "Select all", fills a drop down from a preset list, adds a feed with a
 * rule in Form settings and saves; the stored definition carries them and a visitor sees the
 * "Other" box, "Select all" and the preset's choices.
 */
import { test, expect } from '@wordpress/e2e-test-utils-playwright';
import {
	ANONYMOUS_STATE,
	createFormPage,
	deleteForm,
	seriousAxeViolations,
	formReady,
} from './utils';

/** Waits that follow a page load or a server round trip on the slow site. */
const SLOW = { timeout: 60_000 };
const LOAD = { waitUntil: 'domcontentloaded' as const, timeout: 120_000 };

test.describe( 'editor behaviours', () => {
	test( 'other, select all, a preset list and a feed with a rule, saved and seen by a visitor', async ( {
		browser,
		page,
		requestUtils,
	} ) => {
		test.slow();
		const { form, pageUrl } = await createFormPage( requestUtils, {
			title: `E2E editor behaviours ${ Date.now() }`,
			fields: [
				{
					id: 1,
					type: 'radio',
					label: 'Size',
					choices: [
						{ text: 'Small', value: 'small' },
						{ text: 'Large', value: 'large' },
					],
				},
				{
					id: 2,
					type: 'checkbox',
					label: 'Toppings',
					choices: [
						{ text: 'Cheese', value: 'cheese' },
						{ text: 'Olives', value: 'olives' },
					],
				},
				{
					id: 3,
					type: 'select',
					label: 'State',
					choices: [
						{ text: 'First choice', value: 'First choice' },
					],
				},
			],
		} );
		try {
			// The shared test site can be slow: wait for the document, then for the editor.
			await page.goto(
				`/wp-admin/admin.php?page=kestrel-forms&form_id=${ form.id }`,
				LOAD
			);
			await expect(
				page.getByRole( 'heading', {
					name: `Edit form: ${ form.title }`,
				} )
			).toBeVisible( SLOW );
			const sidebar = page.locator( '.kestrel-forms-sidebar' );
			const card = ( id: number ) =>
				page.locator(
					`[data-field-id="${ id }"] .kestrel-forms-canvas__select`
				);

			await card( 1 ).click();
			await sidebar.getByLabel( 'Add an "Other" choice' ).check();
			await card( 2 ).click();
			await sidebar.getByLabel( 'Add a "Select all" box' ).check();

			await card( 3 ).click();
			await sidebar.getByRole( 'button', { name: 'Bulk add' } ).click();
			await sidebar
				.getByLabel( 'Preset list' )
				.selectOption( { label: 'U.S. states' } );
			await sidebar
				.getByRole( 'button', {
					name: 'Replace the choices with these',
				} )
				.click();
			await expect( sidebar.getByLabel( 'Choice 1 label' ) ).toHaveValue(
				'Alabama'
			);
			await expect( sidebar.getByLabel( 'Choice 51 label' ) ).toHaveValue(
				'Wyoming'
			);

			// The compact choice rows and the bulk box keep their names for assistive tech.
			await sidebar.getByRole( 'button', { name: 'Bulk add' } ).click();
			const choicesScan = await seriousAxeViolations(
				page,
				'#kestrel-forms-admin'
			);
			expect( choicesScan, choicesScan.join( '\n' ) ).toEqual( [] );
			await sidebar.getByRole( 'button', { name: 'Bulk add' } ).click();

			// Form settings, one click away; a feed of the example add-on with a rule.
			await page.getByRole( 'button', { name: 'Form settings' } ).click();
			await sidebar.getByRole( 'button', { name: 'Feeds' } ).click();
			await expect(
				sidebar.getByText( 'This form has no feeds.' )
			).toBeVisible();
			await sidebar
				.getByLabel( 'Add-on' )
				.selectOption( { label: 'Example log' } );
			await sidebar.getByRole( 'button', { name: 'Add feed' } ).click();
			const feed = sidebar.getByRole( 'listitem', {
				name: 'Example log feed 1',
			} );
			await feed
				.getByLabel( 'Conditional logic for Example log feed 1' )
				.check();
			await feed
				.getByLabel( 'Field', { exact: true } )
				.selectOption( { label: 'Size (1)' } );
			await feed
				.getByLabel( 'Value', { exact: true } )
				.selectOption( { label: 'Large' } );
			await expect(
				feed.locator( '.kestrel-forms-feed__logic' )
			).toHaveText( 'Runs when all of these match: Size (1) is "Large"' );

			const feedsScan = await seriousAxeViolations(
				page,
				'#kestrel-forms-admin'
			);
			expect( feedsScan, feedsScan.join( '\n' ) ).toEqual( [] );

			await page.getByRole( 'button', { name: 'Save form' } ).click();
			await expect(
				page.locator( '.kestrel-forms-editor__status' )
			).toHaveText( 'Saved', SLOW );

			const stored = await requestUtils.rest< {
				fields: Record< string, unknown >[];
				feeds: Record< string, unknown >[];
			} >( { path: `/kestrel-forms/v1/forms/${ form.id }` } );
			expect( stored.fields[ 0 ].enableOtherChoice ).toBe( true );
			expect( stored.fields[ 1 ].enableSelectAll ).toBe( true );
			expect( stored.fields[ 2 ].choices ).toHaveLength( 51 );
			expect( stored.feeds ).toEqual( [
				expect.objectContaining( {
					feedId: 1,
					addonSlug: 'example-log',
					isActive: true,
					conditionalLogic: {
						actionType: 'show',
						logicType: 'all',
						rules: [
							{ fieldId: '1', operator: 'is', value: 'large' },
						],
					},
				} ),
			] );

			// The visitor's form has the "Other" box, "Select all" and the states.
			const visitorContext = await browser.newContext( {
				storageState: ANONYMOUS_STATE,
			} );
			try {
				const visitor = await visitorContext.newPage();
				await visitor.goto( pageUrl, LOAD );
				await formReady(
					visitor.locator( `#kestrel-form-${ form.id }` ),
					SLOW
				);
				const other = visitor.getByLabel( 'Other, please specify' );
				await expect( other ).toBeVisible();
				await expect( other ).toBeDisabled();
				await visitor
					.getByRole( 'radio', { name: 'Other', exact: true } )
					.check();
				await expect( other ).toBeEnabled();
				await visitor.getByLabel( 'Select all' ).check();
				await expect( visitor.getByLabel( 'Cheese' ) ).toBeChecked();
				await expect( visitor.getByLabel( 'Olives' ) ).toBeChecked();
				await visitor
					.getByLabel( 'State' )
					.selectOption( { label: 'Wyoming' } );
			} finally {
				await visitorContext.close();
			}
		} finally {
			await deleteForm( requestUtils, form.id );
		}
	} );
} );
