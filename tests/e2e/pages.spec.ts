/**
 * A multi-page form as a visitor uses it.
 */
import { test, expect } from '@wordpress/e2e-test-utils-playwright';
import { ANONYMOUS_STATE, createFormPage, entriesOf, formReady } from './utils';
import { PAGE_ONE, PAGE_TWO, expectOnlyPage, twoPageForm } from './page-reach';

test.describe( 'multi-page forms', () => {
	test.use( { storageState: ANONYMOUS_STATE } );

	test( 'next validates the page and skips a hidden one; the entry holds every page', async ( {
		page,
		requestUtils,
	} ) => {
		const { form, pageUrl } = await createFormPage( requestUtils, {
			title: 'E2E pages',
			pagination: { type: 'steps' },
			fields: [
				{ id: 1, type: 'text', label: 'Name', isRequired: true },
				{
					id: 2,
					type: 'radio',
					label: 'Need extras?',
					choices: [
						{ text: 'No', value: 'no', isSelected: true },
						{ text: 'Yes', value: 'yes' },
					],
				},
				{
					id: 3,
					type: 'page',
					conditionalLogic: {
						actionType: 'show',
						logicType: 'all',
						rules: [
							{ fieldId: '2', operator: 'is', value: 'yes' },
						],
					},
				},
				{ id: 4, type: 'text', label: 'Extras', isRequired: true },
				{ id: 5, type: 'page' },
				{ id: 6, type: 'textarea', label: 'Anything else?' },
			],
		} );
		const id = form.id;
		await page.goto( pageUrl );
		await formReady( page.locator( `#kestrel-form-${ id }` ) );
		await expect( page.getByText( 'Step 1 of 2' ) ).toBeVisible();

		const next = page.locator( `#form_next_button_${ id }_3` );
		await next.click();
		await expect(
			page.locator( `#validation_message_${ id }_1` )
		).toHaveText( 'This field is required.' );
		await page.locator( `#input_${ id }_1` ).fill( 'Ada' );
		await next.click();
		// The extras page is hidden by its rule: straight to the last page.
		await expect( page.locator( `#input_${ id }_6` ) ).toBeVisible();
		await expect( page.locator( `#input_${ id }_4` ) ).toBeHidden();
		await expect( page.getByText( 'Step 2 of 2' ) ).toBeVisible();
		await page.locator( `#input_${ id }_6` ).fill( 'See you' );
		await page.locator( `#form_submit_button_${ id }` ).click();
		await expect(
			page.locator( '.kestrel-form__confirmation' )
		).toBeVisible();

		const [ entry ] = await entriesOf( requestUtils, id );
		expect( entry.values ).toEqual( { 1: 'Ada', 2: 'no', 6: 'See you' } );
	} );
} );

test.describe( 'multi-page forms: what a visitor sees and reaches', () => {
	test.use( { storageState: ANONYMOUS_STATE } );

	test( 'only the current page is visible and reachable with Tab, on each page', async ( {
		page,
		requestUtils,
	} ) => {
		const { form, pageUrl } = await createFormPage(
			requestUtils,
			twoPageForm( 'E2E pages reach' )
		);
		await page.goto( pageUrl );
		const root = page.locator( `#kestrel-form-${ form.id }` );
		await formReady( root );
		await expect( root.getByText( 'Step 1 of 2' ) ).toBeVisible();
		await expectOnlyPage( root, PAGE_ONE, PAGE_TWO );
		await root.getByRole( 'button', { name: 'Next' } ).click();
		await expect( root.getByText( 'Step 2 of 2' ) ).toBeVisible();
		await expectOnlyPage( root, PAGE_TWO, PAGE_ONE );
		await root.getByRole( 'button', { name: 'Previous' } ).click();
		await expectOnlyPage( root, PAGE_ONE, PAGE_TWO );
	} );
} );
