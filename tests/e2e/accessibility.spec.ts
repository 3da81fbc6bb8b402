/**
 * The demo page passes an axe scan, in its first state and with validation errors showing.
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
	const results = await page.evaluate( () =>
		// @ts-expect-error -- axe is injected above.
		window.axe.run( document.querySelector( '.kestrel-form' ), {
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
		} )
	);
	return ( results as AxeResults ).violations.map(
		( v ) =>
			`${ v.id } (${ v.impact }): ${ v.help } at ${ v.nodes.map( ( n ) => n.target.join( ' ' ) ).join( ', ' ) }`
	);
}

test.describe( 'accessibility', () => {
	test.use( { storageState: ANONYMOUS_STATE } );

	test( 'the demo form has no axe violations, before and after a failed submit', async ( {
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
	} );
} );
