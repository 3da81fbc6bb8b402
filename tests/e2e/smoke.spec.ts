/**
 * Harness smoke test: WordPress answers, the admin storage state is logged in, the anonymous one
 * is not, and Kestrel Forms is active.
 */
import path from 'node:path';
import { test, expect } from '@wordpress/e2e-test-utils-playwright';

test.describe( 'e2e harness', () => {
	test( 'Kestrel Forms is active on the Plugins screen', async ( {
		admin,
		page,
	} ) => {
		await admin.visitAdminPage( 'plugins.php' );

		const row = page.locator(
			'tr[data-plugin="kestrel-forms/kestrel-forms.php"]'
		);
		await expect( row ).toHaveClass( /(^|\s)active(\s|$)/ );
		await expect(
			row.getByRole( 'link', {
				name: 'Deactivate Kestrel Forms',
				exact: true,
			} )
		).toBeVisible();
	} );

	test.describe( 'as an anonymous visitor', () => {
		test.use( {
			storageState:
				process.env.ANONYMOUS_STORAGE_STATE_PATH ??
				path.resolve( 'artifacts/storage-states/anonymous.json' ),
		} );

		test( 'sees the front end without the admin bar', async ( {
			page,
		} ) => {
			const response = await page.goto( '/' );
			expect( response?.ok() ).toBe( true );
			await expect( page.locator( 'body' ) ).not.toHaveClass(
				/(^|\s)logged-in(\s|$)/
			);
			await expect( page.locator( '#wpadminbar' ) ).toHaveCount( 0 );
		} );
	} );
} );
