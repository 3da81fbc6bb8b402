/**
 * The demo page passes an axe scan of the whole document (page-level rules such as duplicate
 * ids and heading order included) in its first state, with validation errors showing and with
 * the confirmation. Violations are reported when one of their elements is part of the form:
 * the theme's own markup is not ours to fix.
 */
import fs from 'node:fs';
import { test, expect } from '@wordpress/e2e-test-utils-playwright';
import type { Page } from '@playwright/test';
import { ANONYMOUS_STATE } from './utils';

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
		await expect(
			page.locator( `#kestrel-form-${ demo.form_id }` )
		).toHaveAttribute( 'data-kestrel-ready', 'true' );
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
} );
