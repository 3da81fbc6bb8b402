/**
 * The demo page passes an axe scan of the whole document (page-level rules such as duplicate
 * ids and heading order included) in its first state, with validation errors showing and with
 * the confirmation. Violations are reported when one of their elements is part of the form:
 * the theme's own markup is not ours to fix.
 */
import fs from 'node:fs';
import { test, expect } from '@wordpress/e2e-test-utils-playwright';
import type { Page } from '@playwright/test';
import { ANONYMOUS_STATE, createFormPage, formReady } from './utils';

interface AxeResults {
	violations: Array< {
		id: string;
		impact: string;
		help: string;
		nodes: Array< { target: string[] } >;
	} >;
}

async function scan( page: Page ) {
	await page.addScriptTag( {
		content: fs.readFileSync(
			require.resolve( 'axe-core/axe.min.js' ),
			'utf8'
		),
	} );
	const results = await page.evaluate( async () => {
		// @ts-expect-error -- axe is injected above.
		const run = await window.axe.run( document, {
			runOnly: {
				type: 'tag',
				values: [
					'wcag2a',
					'wcag2aa',
					'wcag21a',
					'wcag21aa',
					'best-practice',
				],
			},
		} );
		const inForm = ( selector: string ) =>
			!! document.querySelector( selector )?.closest( '.kestrel-form' );
		return {
			violations: ( run as AxeResults ).violations
				.map( ( v ) => ( {
					...v,
					nodes: v.nodes.filter( ( n ) =>
						inForm( n.target.join( ' ' ) )
					),
				} ) )
				.filter( ( v ) => v.nodes.length > 0 ),
		};
	} );
	return ( results as AxeResults ).violations.map(
		( v ) =>
			`${ v.id } (${ v.impact }): ${ v.help } at ${ v.nodes.map( ( n ) => n.target.join( ' ' ) ).join( ', ' ) }`
	);
}

test.describe( 'accessibility', () => {
	test.use( { storageState: ANONYMOUS_STATE } );

	test( 'the demo page has no axe violations in the form: at first, with errors, and confirmed', async ( {
		page,
		requestUtils,
	} ) => {
		const demo = await requestUtils.rest< {
			form_id: number;
			page_url: string;
		} >( {
			method: 'POST',
			path: '/kestrel-forms/v1/demo',
		} );
		await page.goto( demo.page_url );
		await formReady( page.locator( `#kestrel-form-${ demo.form_id }` ) );
		expect( await scan( page ) ).toEqual( [] );

		await page.locator( `#form_submit_button_${ demo.form_id }` ).click();
		await expect(
			page.locator( `#kestrel_form_errors_${ demo.form_id }` )
		).toBeFocused();
		expect( await scan( page ) ).toEqual( [] );

		// And once submitted: the confirmation in place of the form.
		const id = demo.form_id;
		await page.locator( `#input_${ id }_1` ).fill( 'Ada' );
		await page.locator( `#input_${ id }_2` ).fill( 'ada@example.org' );
		await page.locator( `#input_${ id }_8` ).fill( 'Hello' );
		await page.locator( `#form_submit_button_${ id }` ).click();
		await expect(
			page.locator( '.kestrel-form__confirmation' )
		).toBeFocused();
		expect( await scan( page ) ).toEqual( [] );
	} );

	test( 'a page with every widget has no axe violations in the form: at first, in use, with errors', async ( {
		page,
		requestUtils,
	} ) => {
		const standIn = 'kestrel-forms-test-helper-captcha-stand-in';
		await requestUtils.activatePlugin( standIn );
		await requestUtils.rest( {
			method: 'POST',
			path: '/kestrel-forms-captcha-stand-in/v1/settings',
			data: { size: 'normal' },
		} );
		try {
			const { form, pageUrl } = await createFormPage( requestUtils, {
				title: 'E2E every widget',
				fields: [
					{
						id: 1,
						type: 'fileupload',
						label: 'Photos',
						isRequired: true,
						multipleFiles: true,
						maxFiles: 3,
						allowedExtensions: 'png, txt',
					},
					{
						id: 2,
						type: 'list',
						label: 'Items',
						columns: [ 'Item', 'Qty' ],
						maxRows: 3,
					},
					{
						id: 3,
						type: 'repeater',
						label: 'Guests',
						fields: [
							{
								id: 31,
								type: 'text',
								label: 'Name',
								isRequired: true,
							},
							{ id: 32, type: 'email', label: 'Email' },
						],
					},
					{
						id: 4,
						type: 'password',
						label: 'Password',
						isRequired: true,
						passwordStrengthEnabled: true,
					},
					{ id: 5, type: 'creditcard', label: 'Card' },
					{ id: 6, type: 'captcha', label: 'Are you human?' },
				],
			} );
			const id = form.id;
			await page.goto( pageUrl );
			await expect( page.locator( `#input_${ id }_6` ) ).toHaveAttribute(
				'data-ready',
				'true'
			);
			expect( await scan( page ) ).toEqual( [] );

			// In use: a file uploaded, a second row, a password typed, a card number.
			await page
				.locator( `#field_${ id }_1 input[type="file"]` )
				.setInputFiles( [
					{
						name: 'notes.txt',
						mimeType: 'text/plain',
						buffer: Buffer.from( 'hello' ),
					},
				] );
			await expect(
				page.locator(
					`#field_${ id }_1 .kestrel-form__file[data-status="complete"]`
				)
			).toHaveCount( 1 );
			await page
				.locator( `#field_${ id }_2` )
				.getByRole( 'button', { name: 'Add a row after row 1' } )
				.click();
			await page.locator( `#input_${ id }_4` ).fill( 'correct horse' );
			await page.locator( `#input_${ id }_5` ).fill( '4111 1111' );
			expect( await scan( page ) ).toEqual( [] );

			await page.locator( `#form_submit_button_${ id }` ).click();
			await expect(
				page.locator( `#kestrel_form_errors_${ id }` )
			).toBeFocused();
			expect( await scan( page ) ).toEqual( [] );
		} finally {
			await requestUtils.rest( {
				method: 'DELETE',
				path: '/kestrel-forms-captcha-stand-in/v1/settings',
			} );
			await requestUtils.deactivatePlugin( standIn );
		}
	} );
} );
