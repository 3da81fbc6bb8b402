/**
 * The form editor's toolbar menu (specs/forms-visitor-behaviour.md §1 admin helpers): submenus
 * open on hover and on keyboard focus and close on leave and Escape; Preview opens a 500×300
 * utility popup centred on the screen (§2), which grows to fit a larger form.
 */
import { test, expect } from '@wordpress/e2e-test-utils-playwright';
import type { Page } from '@playwright/test';
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

	test.describe( 'preview popup', () => {
		// No emulated viewport: the browser's own window sizes, so the popup's features and
		// resizeTo take real effect (in headless Chromium the screen is 800×600).
		test.use( { viewport: null } );

		test( 'Preview opens a centred 500×300 popup showing the form, which grows for a long form; a normal tab is not resized', async ( {
			page,
			requestUtils,
		} ) => {
			const fields = Array.from( { length: 30 }, ( _, i ) => ( {
				id: i + 1,
				type: 'text',
				label: `Question ${ i + 1 }`,
			} ) );
			const form = await createForm( requestUtils, {
				title: `E2E toolbar preview ${ Date.now() }`,
				fields,
			} );
			// Record window.open (editor) and resizeTo/moveTo (popup), calling through.
			await page.context().addInitScript( () => {
				const w = window as unknown as Record< string, unknown > & {
					__kfCalls: unknown[][];
				};
				w.__kfCalls = [];
				for ( const name of [ 'open', 'resizeTo', 'moveTo' ] ) {
					const original = w[ name ] as (
						...args: unknown[]
					) => unknown;
					w[ name ] = function ( this: unknown, ...args: unknown[] ) {
						w.__kfCalls.push( [ name, ...args ] );
						return original.apply( this, args );
					};
				}
			} );
			const calls = ( p: Page ) =>
				p.evaluate(
					() =>
						( window as unknown as { __kfCalls: unknown[][] } )
							.__kfCalls
				);

			const toolbar = await openEditor( page, form );
			const [ popup ] = await Promise.all( [
				page.waitForEvent( 'popup' ),
				toolbar
					.getByRole( 'button', { name: 'Preview', exact: true } )
					.click(),
			] );

			// The editor asked for a 500×300 popup, centred on its screen's available area.
			const opened = await calls( page );
			expect( opened ).toHaveLength( 1 );
			const [ , url, name, features ] = opened[ 0 ] as string[];
			expect( url ).toContain( `form_id=${ form.id }` );
			expect( url ).toContain( 'preview=1' );
			expect( name ).toBe( 'kestrel-forms-preview' );
			const screen = await page.evaluate( () => ( {
				availWidth: window.screen.availWidth,
				availHeight: window.screen.availHeight,
				// availLeft/availTop are non-standard (Chromium and Firefox have them).
				availLeft:
					( window.screen as unknown as { availLeft?: number } )
						.availLeft ?? 0,
				availTop:
					( window.screen as unknown as { availTop?: number } )
						.availTop ?? 0,
			} ) );
			const asked = Object.fromEntries(
				features.split( ',' ).map( ( f ) => f.split( '=' ) )
			);
			expect( asked ).toMatchObject( {
				popup: 'yes',
				width: '500',
				height: '300',
				left: String(
					screen.availLeft +
						Math.round( ( screen.availWidth - 500 ) / 2 )
				),
				top: String(
					screen.availTop +
						Math.round( ( screen.availHeight - 300 ) / 2 )
				),
			} );

			// The popup shows the form only, without the admin chrome.
			await expect( popup ).toHaveURL( /preview=1/ );
			await expect(
				popup.getByLabel( 'Question 1', { exact: true } )
			).toBeVisible();
			await expect(
				popup.getByLabel( 'Question 30', { exact: true } )
			).toBeVisible();
			await expect( popup.locator( '#adminmenumain' ) ).toBeHidden();
			await expect(
				popup.getByRole( 'navigation', { name: 'Form toolbar' } )
			).toHaveCount( 0 );

			// 30 fields do not fit in 300 px: the popup grew (to the screen's available height,
			// the most it may take) and stayed centred. Headless Chromium applies the popup's
			// features and resizeTo to its real window, so these are the window's own sizes.
			await expect
				.poll( () => popup.evaluate( () => window.innerHeight ) )
				.toBeGreaterThan( 300 );
			const box = await popup.evaluate( () => ( {
				outerWidth: window.outerWidth,
				outerHeight: window.outerHeight,
				screenX: window.screenX,
				screenY: window.screenY,
				availWidth: window.screen.availWidth,
				availHeight: window.screen.availHeight,
			} ) );
			expect( box.outerHeight ).toBeGreaterThan( 300 );
			expect( box.outerHeight ).toBe( box.availHeight );
			expect( box.outerWidth ).toBeGreaterThanOrEqual( 500 );
			expect( box.outerWidth ).toBeLessThanOrEqual( box.availWidth );
			expect(
				Math.abs(
					box.screenX - ( box.availWidth - box.outerWidth ) / 2
				)
			).toBeLessThanOrEqual( 1 );
			expect(
				Math.abs(
					box.screenY - ( box.availHeight - box.outerHeight ) / 2
				)
			).toBeLessThanOrEqual( 1 );
			const resized = await calls( popup );
			expect( resized ).toEqual( [
				[ 'resizeTo', box.outerWidth, box.availHeight ],
				[ 'moveTo', expect.any( Number ), expect.any( Number ) ],
			] );
			await popup.close();

			// The same preview URL in a normal tab is never resized.
			await page.goto( url );
			await expect(
				page.getByLabel( 'Question 30', { exact: true } )
			).toBeVisible();
			await page.waitForTimeout( 500 );
			expect( await calls( page ) ).toEqual( [] );

			await deleteForm( requestUtils, form.id );
		} );
	} );
} );
