/**
 * The form editor's toolbar menu (specs/forms-visitor-behaviour.md §1 admin helpers): submenus
 * open on hover and on keyboard focus and close on leave and Escape. Preview opens the form on a
 * front-end page in a new tab (issue 14; tests/e2e/preview.spec.ts).
 */
import { test, expect } from '@wordpress/e2e-test-utils-playwright';
import { contactForm, createForm, deleteForm, openEditor } from './utils';

test.describe( 'form editor toolbar', () => {
	test( 'hovering Edit and Settings shows their submenus; moving away hides them', async ( {
		page,
		requestUtils,
	} ) => {
		const form = await createForm(
			requestUtils,
			contactForm( `E2E toolbar hover ${ Date.now() }` )
		);
		const toolbar = await openEditor( page, form );
		const edit = toolbar.getByRole( 'button', {
			name: 'Edit',
			exact: true,
		} );
		const settings = toolbar.getByRole( 'button', {
			name: 'Settings',
			exact: true,
		} );
		const editMenu = page.locator( '#kestrel-forms-submenu-edit' );
		const settingsMenu = page.locator( '#kestrel-forms-submenu-settings' );
		await expect( edit ).toHaveAttribute(
			'aria-controls',
			'kestrel-forms-submenu-edit'
		);
		await expect( edit ).toHaveAttribute( 'aria-expanded', 'false' );
		await expect( editMenu ).toBeHidden();
		await expect( settingsMenu ).toBeHidden();

		await edit.hover();
		await expect( edit ).toHaveAttribute( 'aria-expanded', 'true' );
		await expect( editMenu ).toBeVisible();
		await expect(
			editMenu.getByRole( 'button', { name: 'Fields' } )
		).toBeVisible();
		await expect(
			editMenu.getByRole( 'button', { name: 'All forms' } )
		).toBeVisible();
		// The pointer can travel down into the submenu without it closing.
		await editMenu.getByRole( 'button', { name: 'All forms' } ).hover();
		await expect( edit ).toHaveAttribute( 'aria-expanded', 'true' );

		// Over to Settings: its submenu opens, Edit's closes.
		await settings.hover();
		await expect( settings ).toHaveAttribute( 'aria-expanded', 'true' );
		await expect(
			settingsMenu.getByRole( 'button', { name: 'Form settings' } )
		).toBeVisible();
		await expect( edit ).toHaveAttribute( 'aria-expanded', 'false' );
		await expect( editMenu ).toBeHidden();

		// Away from the toolbar: closed.
		await page
			.getByRole( 'heading', { name: `Edit form: ${ form.title }` } )
			.hover();
		await expect( settings ).toHaveAttribute( 'aria-expanded', 'false' );
		await expect( settingsMenu ).toBeHidden();
		await expect( editMenu ).toBeHidden();

		// Entries and Preview have no submenu.
		for ( const name of [ 'Entries', 'Preview' ] ) {
			await expect(
				toolbar.getByRole( 'button', { name, exact: true } )
			).not.toHaveAttribute( 'aria-expanded', /.*/ );
		}

		await deleteForm( requestUtils, form.id );
	} );

	test( 'keyboard: focus opens a submenu, Tab walks its items, Escape closes it back on the top button, focus leaving closes it', async ( {
		page,
		requestUtils,
	} ) => {
		const form = await createForm(
			requestUtils,
			contactForm( `E2E toolbar keyboard ${ Date.now() }` )
		);
		const toolbar = await openEditor( page, form );
		const edit = toolbar.getByRole( 'button', {
			name: 'Edit',
			exact: true,
		} );
		const settings = toolbar.getByRole( 'button', {
			name: 'Settings',
			exact: true,
		} );
		const editMenu = page.locator( '#kestrel-forms-submenu-edit' );
		const settingsMenu = page.locator( '#kestrel-forms-submenu-settings' );

		// Start sequential navigation at the heading just before the toolbar (a click there sets
		// the focus navigation starting point), keeping the pointer off the toolbar.
		await page
			.getByRole( 'heading', { name: `Edit form: ${ form.title }` } )
			.click();
		await page.keyboard.press( 'Tab' );
		await expect( edit ).toBeFocused();
		await expect( edit ).toHaveAttribute( 'aria-expanded', 'true' );
		await expect( editMenu ).toBeVisible();

		await page.keyboard.press( 'Tab' );
		await expect(
			editMenu.getByRole( 'button', { name: 'Fields' } )
		).toBeFocused();
		await page.keyboard.press( 'Tab' );
		await expect(
			editMenu.getByRole( 'button', { name: 'All forms' } )
		).toBeFocused();
		await expect( edit ).toHaveAttribute( 'aria-expanded', 'true' );

		// Escape from inside the submenu: closed, focus back on Edit (and it stays closed).
		await page.keyboard.press( 'Escape' );
		await expect( edit ).toBeFocused();
		await expect( edit ).toHaveAttribute( 'aria-expanded', 'false' );
		await expect( editMenu ).toBeHidden();
		await page.waitForTimeout( 200 );
		await expect( editMenu ).toBeHidden();

		// The closed submenu's items are skipped: Tab goes on to Settings, which opens.
		await page.keyboard.press( 'Tab' );
		await expect( settings ).toBeFocused();
		await expect( settings ).toHaveAttribute( 'aria-expanded', 'true' );
		await expect( settingsMenu ).toBeVisible();
		// Escape on the top button itself closes it and keeps focus there.
		await page.keyboard.press( 'Escape' );
		await expect( settings ).toBeFocused();
		await expect( settingsMenu ).toBeHidden();

		// Back to Edit and into it, then focus leaves the item: Shift+Tab from Settings lands on
		// Edit, which opens; Tab from its last item moves to Settings and closes Edit.
		await page.keyboard.press( 'Shift+Tab' );
		await expect( edit ).toBeFocused();
		await expect( editMenu ).toBeVisible();
		await page.keyboard.press( 'Tab' );
		await page.keyboard.press( 'Tab' );
		await expect(
			editMenu.getByRole( 'button', { name: 'All forms' } )
		).toBeFocused();
		await page.keyboard.press( 'Tab' );
		await expect( settings ).toBeFocused();
		await expect( edit ).toHaveAttribute( 'aria-expanded', 'false' );
		await expect( editMenu ).toBeHidden();
		await expect( settingsMenu ).toBeVisible();
		await page.keyboard.press( 'Tab' );
		await expect(
			settingsMenu.getByRole( 'button', { name: 'Form settings' } )
		).toBeFocused();
		// Past the last item, out of Settings to Entries: Settings closes.
		await page.keyboard.press( 'Tab' );
		await expect(
			toolbar.getByRole( 'button', { name: 'Entries', exact: true } )
		).toBeFocused();
		await expect( settings ).toHaveAttribute( 'aria-expanded', 'false' );
		await expect( settingsMenu ).toBeHidden();

		// Shift+Tab from Entries lands on Settings (its closed items are skipped), which opens;
		// an item works from the keyboard and closes the submenu.
		await page.keyboard.press( 'Shift+Tab' );
		await expect( settings ).toBeFocused();
		await expect( settingsMenu ).toBeVisible();
		await page.keyboard.press( 'Tab' );
		await expect(
			settingsMenu.getByRole( 'button', { name: 'Form settings' } )
		).toBeFocused();
		await page.keyboard.press( 'Enter' );
		await expect( settingsMenu ).toBeHidden();

		await deleteForm( requestUtils, form.id );
	} );
} );
