/**
 * Conditional logic and formulas as a visitor sees them, and the server's own truth for a
 * tampered submission.
 */
import { request as playwrightRequest } from '@playwright/test';
import { test, expect } from '@wordpress/e2e-test-utils-playwright';
import { ANONYMOUS_STATE, createFormPage, entriesOf, formReady } from './utils';

const orderForm = ( title: string ) => ( {
	title,
	button: {
		text: 'Order',
		conditionalLogic: {
			actionType: 'show',
			logicType: 'all',
			rules: [ { fieldId: '4', operator: '>', value: '0' } ],
		},
	},
	fields: [
		{ id: 1, type: 'number', label: 'Price' },
		{
			id: 2,
			type: 'number',
			label: 'Quantity',
			numberFormat: 'decimal_comma',
		},
		{
			id: 3,
			type: 'radio',
			label: 'Gift wrap',
			choices: [
				{ text: 'No', value: 'no', isSelected: true },
				{ text: 'Yes', value: 'yes' },
			],
		},
		{
			id: 4,
			type: 'number',
			label: 'Total',
			enableCalculation: true,
			calculationFormula: '{Price:1} * {Quantity:2}',
			calculationRounding: 2,
		},
		{
			id: 5,
			type: 'text',
			label: 'Gift message',
			isRequired: true,
			defaultValue: 'Enjoy!',
			conditionalLogic: {
				actionType: 'show',
				logicType: 'all',
				rules: [ { fieldId: '3', operator: 'is', value: 'YES' } ],
			},
		},
	],
} );

test.describe( 'conditional logic and formulas', () => {
	test.use( { storageState: ANONYMOUS_STATE } );

	test( 'live formula, show/hide with reset and tab stops, submit button rule; the server stores its own total', async ( {
		page,
		requestUtils,
	} ) => {
		const { form, pageUrl } = await createFormPage(
			requestUtils,
			orderForm( 'E2E logic' )
		);
		const id = form.id;
		await page.goto( pageUrl );
		await formReady( page.locator( `#kestrel-form-${ id }` ) );

		const submit = page.locator( `#form_submit_button_${ id }` );
		const message = page.locator( `#input_${ id }_5` );
		await expect( submit ).toBeHidden();
		await expect( submit ).toBeDisabled();
		await expect( page.locator( `#field_${ id }_5` ) ).toBeHidden();
		await expect( message ).toBeDisabled();

		await page.locator( `#input_${ id }_1` ).fill( '2.675' );
		await page.locator( `#input_${ id }_2` ).fill( '1,5' );
		await expect( page.locator( `#input_${ id }_4` ) ).toHaveValue(
			'4.01'
		);
		await expect( submit ).toBeVisible();
		await expect( submit ).toBeEnabled();

		await page.locator( `#input_${ id }_3_2` ).check();
		await expect( message ).toBeVisible();
		await expect( message ).toHaveValue( 'Enjoy!' );
		await message.fill( 'Happy birthday' );
		await page.locator( `#input_${ id }_3_1` ).check();
		await expect( message ).toBeHidden();
		// Keyboard users cannot reach the hidden field.
		await page.locator( `#input_${ id }_3_1` ).focus();
		await page.keyboard.press( 'Tab' );
		await expect( message ).not.toBeFocused();

		await submit.click();
		await expect(
			page.locator( '.kestrel-form__confirmation' )
		).toBeVisible();
		const [ entry ] = await entriesOf( requestUtils, id );
		expect( entry.values ).toEqual( {
			1: '2.675',
			2: '1.5',
			3: 'no',
			4: '4.01',
		} );
	} );

	test( 'a tampered submission: the server ignores a sent total and a hidden field', async ( {
		requestUtils,
		baseURL,
	} ) => {
		const { form } = await createFormPage(
			requestUtils,
			orderForm( 'E2E tampered' )
		);
		const visitor = await playwrightRequest.newContext( {
			baseURL,
			storageState: ANONYMOUS_STATE,
		} );
		const response = await visitor.post(
			`/?rest_route=${ encodeURIComponent( `/kestrel-forms/v1/forms/${ form.id }/submissions` ) }`,
			{
				data: {
					values: {
						1: '10',
						2: '2',
						3: 'no',
						4: '0.01',
						5: 'sneaky',
					},
				},
			}
		);
		expect( response.status() ).toBe( 201 );
		// Visitors get an opaque reference, never the entry id (issue 12).
		const { reference, entry_id: entryId } = await response.json();
		expect( reference ).toMatch( /^[a-f0-9]{32}$/ );
		expect( entryId ).toBeUndefined();
		const [ entry ] = await entriesOf( requestUtils, form.id );
		expect( entry.values ).toEqual( { 1: '10', 2: '2', 3: 'no', 4: '20' } );

		// A choice that is not in the definition is refused.
		const refused = await visitor.post(
			`/?rest_route=${ encodeURIComponent( `/kestrel-forms/v1/forms/${ form.id }/submissions` ) }`,
			{ data: { values: { 1: '10', 2: '2', 3: 'free' } } }
		);
		expect( refused.status() ).toBe( 400 );
		expect( ( await refused.json() ).data.errors[ 3 ] ).toBe(
			'Please choose one of the listed options.'
		);
		await visitor.dispose();
	} );

	test( 'saving a form whose formulas read each other is refused, naming the fields', async ( {
		requestUtils,
	} ) => {
		const cyclic = orderForm( 'E2E cycle' );
		cyclic.fields[ 0 ] = {
			id: 1,
			type: 'number',
			label: 'Price',
			enableCalculation: true,
			calculationFormula: '{Total:4} + 1',
		} as ( typeof cyclic.fields )[ number ];
		await expect(
			requestUtils.rest( {
				method: 'POST',
				path: '/kestrel-forms/v1/forms',
				data: cyclic,
			} )
		).rejects.toMatchObject( {
			code: 'kestrel_forms_invalid_form',
			message: expect.stringContaining( 'fields 1, 4' ),
		} );
	} );

	test( 'with animation on, a shown field slides in over 400 ms and a hidden one slides out; none under reduced motion', async ( {
		page,
		requestUtils,
	} ) => {
		const { form, pageUrl } = await createFormPage( requestUtils, {
			...orderForm( 'E2E animation' ),
			animation: true,
		} );
		const id = form.id;
		// The suite runs with reduced motion (playwright.config.ts); this visitor has no such wish.
		await page.emulateMedia( { reducedMotion: 'no-preference' } );
		await page.goto( pageUrl );
		await formReady( page.locator( `#kestrel-form-${ id }` ) );
		// The first pass does not animate.
		expect(
			await page.evaluate( () => document.getAnimations().length )
		).toBe( 0 );

		const wrapper = page.locator( `#field_${ id }_5` );
		const slides = () =>
			page.evaluate( ( target ) => {
				const element = document.getElementById( target );
				return document
					.getAnimations()
					.filter(
						( a ) =>
							( a.effect as KeyframeEffect | null )?.target ===
							element
					)
					.map( ( a ) => {
						const timing = a.effect?.getTiming();
						return {
							duration: timing?.duration,
							easing: timing?.easing,
						};
					} );
			}, `field_${ id }_5` );

		await page.locator( `#input_${ id }_3_2` ).check();
		expect( await slides() ).toEqual( [
			{ duration: 400, easing: 'linear' },
		] );
		await expect( wrapper ).toBeVisible();
		// The input works at once, while it slides in.
		await expect( page.locator( `#input_${ id }_5` ) ).toBeEnabled();
		await expect.poll( slides ).toEqual( [] );

		await page.locator( `#input_${ id }_3_1` ).check();
		// Sliding out: disabled at once, still in the layout, hidden when the slide ends.
		await expect( page.locator( `#input_${ id }_5` ) ).toBeDisabled();
		expect( await slides() ).toHaveLength( 1 );
		expect( await wrapper.getAttribute( 'hidden' ) ).toBeNull();
		await expect( wrapper ).toBeHidden();
		await expect.poll( slides ).toEqual( [] );

		await page.emulateMedia( { reducedMotion: 'reduce' } );
		await page.locator( `#input_${ id }_3_2` ).check();
		await expect( wrapper ).toBeVisible();
		expect( await slides() ).toEqual( [] );
		await page.locator( `#input_${ id }_3_1` ).check();
		await expect( wrapper ).toBeHidden();
		expect( await slides() ).toEqual( [] );
	} );
} );
