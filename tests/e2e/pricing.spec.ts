/**
 * Live prices and totals as a visitor sees them, and the order the server stores.
 */
import { test, expect } from '@wordpress/e2e-test-utils-playwright';
import { ANONYMOUS_STATE, createFormPage, entriesOf, formReady } from './utils';

const shop = ( title: string ) => ( {
	title,
	currency: 'EUR',
	button: { text: 'Buy' },
	fields: [
		{
			id: 1,
			type: 'product',
			label: 'T-shirt',
			inputType: 'radio',
			choices: [
				{ text: 'S', value: 's', price: '12.50' },
				{ text: 'XL', value: 'xl', price: '14.30' },
			],
		},
		{
			id: 2,
			type: 'option',
			label: 'Print',
			inputType: 'checkbox',
			productField: 1,
			choices: [ { text: 'Logo', value: 'logo', price: '2.35' } ],
		},
		{
			id: 3,
			type: 'product',
			label: 'Sticker',
			inputType: 'singleproduct',
			basePrice: '1.15',
		},
		{
			id: 4,
			type: 'shipping',
			label: 'Delivery',
			inputType: 'select',
			choices: [ { text: 'Post', value: 'post', price: '4.90' } ],
		},
		{ id: 5, type: 'total', label: 'Total' },
	],
} );

test.describe( 'pricing', () => {
	test.use( { storageState: ANONYMOUS_STATE } );

	test( 'the total follows choices, options, quantities and shipping, in exact cents', async ( {
		page,
		requestUtils,
	} ) => {
		const { form, pageUrl } = await createFormPage(
			requestUtils,
			shop( 'E2E shop' )
		);
		const id = form.id;
		await page.goto( pageUrl );
		await formReady( page.locator( `#kestrel-form-${ id }` ) );
		const total = page.locator( `#input_${ id }_5` );

		// The sticker (quantity 1 by default) is the only product at first.
		await expect( total ).toHaveText( '1,15 €' );
		await expect( page.getByLabel( 'XL (14,30 €)' ) ).toBeVisible();
		await page.getByLabel( 'XL (14,30 €)' ).check();
		await page.getByLabel( 'Logo (+2,35 €)' ).check();
		await page.locator( `#input_${ id }_1_quantity` ).fill( '3' );
		await page.locator( `#input_${ id }_3_3` ).fill( '0' );
		await expect( total ).toHaveText( '49,95 €' );
		await page.locator( `#input_${ id }_4` ).selectOption( 'post' );
		await expect( total ).toHaveText( '54,85 €' );

		await page.locator( `#form_submit_button_${ id }` ).click();
		await expect(
			page.locator( '.kestrel-form__confirmation' )
		).toBeVisible();
		const [ entry ] = await entriesOf( requestUtils, id );
		const pricing = (
			entry as unknown as {
				pricing: { total: string; total_minor: number };
			}
		 ).pricing;
		expect( pricing.total ).toBe( '54.85' );
		expect( pricing.total_minor ).toBe( 5485 );
	} );

	test( 'a quantity of 1.5 or one above the maximum is a field error in the browser, before anything is sent', async ( {
		page,
		requestUtils,
	} ) => {
		const { form, pageUrl } = await createFormPage(
			requestUtils,
			shop( 'E2E shop bounds' )
		);
		const id = form.id;
		let posted = 0;
		page.on( 'request', ( request ) => {
			if (
				request.method() === 'POST' &&
				request.url().includes( 'submissions' )
			) {
				posted++;
			}
		} );
		await page.goto( pageUrl );
		await formReady( page.locator( `#kestrel-form-${ id }` ) );
		const quantity = page.locator( `#input_${ id }_3_3` );
		const error = page.locator( `#validation_message_${ id }_3` );

		await quantity.fill( '1.5' );
		await page.locator( `#form_submit_button_${ id }` ).click();
		await expect( error ).toHaveText( 'Please enter a whole number.' );
		await expect( quantity ).toHaveAttribute( 'aria-invalid', 'true' );
		await expect( quantity ).toHaveAttribute(
			'aria-describedby',
			`validation_message_${ id }_3`
		);

		// The server's maximum reached the browser in the form's definition (default 1,000,000).
		await quantity.fill( '1000001' );
		await page.locator( `#form_submit_button_${ id }` ).click();
		await expect( error ).toHaveText(
			'Please enter a number from 0 to 1000000.'
		);
		expect( posted ).toBe( 0 );
		expect( await entriesOf( requestUtils, id ) ).toHaveLength( 0 );

		await quantity.fill( '2' );
		await page.locator( `#form_submit_button_${ id }` ).click();
		await expect(
			page.locator( '.kestrel-form__confirmation' )
		).toBeVisible();
		const [ entry ] = await entriesOf( requestUtils, id );
		expect(
			( entry as unknown as { pricing: { total_minor: number } } ).pricing
				.total_minor
		).toBe( 230 );
	} );
} );
