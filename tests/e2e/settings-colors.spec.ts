/**
 * Forms → Settings: the buttons follow the user's admin colour scheme (issue 14), as the rest of
 * wp-admin does, instead of the components' fixed blue. WordPress puts `admin-color-{scheme}` on
 * the body; the test switches that class to walk the schemes without changing the user.
 */
import { test, expect } from '@wordpress/e2e-test-utils-playwright';

test( 'the settings buttons take the admin colour scheme', async ( {
	admin,
	page,
} ) => {
	await admin.visitAdminPage( 'admin.php', 'page=kestrel-forms-settings' );
	const save = page.getByRole( 'button', { name: 'Save Settings' } );
	await expect( save ).toBeVisible();
	const background = () =>
		save.evaluate( ( el ) => getComputedStyle( el ).backgroundColor );

	// The default scheme (fresh): the blue of wp-admin's own primary buttons.
	await expect( page.locator( 'body' ) ).toHaveClass( /admin-color-fresh/ );
	expect( await background() ).toBe( 'rgb(34, 113, 177)' );

	for ( const [ scheme, colour ] of [
		[ 'ectoplasm', 'rgb(82, 63, 109)' ],
		[ 'coffee', 'rgb(70, 64, 60)' ],
		[ 'midnight', 'rgb(225, 77, 67)' ],
	] ) {
		await page.evaluate( ( name ) => {
			document.body.className = document.body.className.replace(
				/admin-color-\S+/,
				`admin-color-${ name }`
			);
		}, scheme );
		expect( await background(), scheme ).toBe( colour );
	}
} );
