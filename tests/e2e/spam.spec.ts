/**
 * Spam protection a visitor never notices: a honeypot on every form and a minimum time to
 * submit. Spam is stored as spam (for the admin to review), and the sender sees the usual
 * confirmation.
 */
import { test, expect } from '@wordpress/e2e-test-utils-playwright';
import { ANONYMOUS_STATE, createFormPage, entriesOf } from './utils';

test.describe( 'spam protection', () => {
	test.use( { storageState: ANONYMOUS_STATE } );

	test( 'a person is not bothered; a bot that fills the honeypot is stored as spam', async ( {
		page,
		requestUtils,
	} ) => {
		const { form, pageUrl } = await createFormPage( requestUtils, {
			title: 'E2E honeypot',
			fields: [ { id: 1, type: 'text', label: 'Name' } ],
		} );
		const id = form.id;
		await page.goto( pageUrl );
		const trap = page.locator( `#kestrel_hp_${ id }` );
		// Out of sight and out of the tab order.
		await expect( trap ).not.toBeInViewport();
		await expect( trap ).toHaveAttribute( 'tabindex', '-1' );
		await page.getByLabel( 'Name' ).fill( 'Ada' );
		await page.keyboard.press( 'Tab' );
		await expect( trap ).not.toBeFocused();
		await page.getByRole( 'button', { name: 'Submit' } ).click();
		await expect(
			page.locator( '.kestrel-form__confirmation' )
		).toBeVisible();

		// A bot fills every input it finds.
		await page.goto( pageUrl );
		await page.getByLabel( 'Name' ).fill( 'Bot' );
		await trap.fill( 'http://spam.example' );
		await page.getByRole( 'button', { name: 'Submit' } ).click();
		await expect(
			page.locator( '.kestrel-form__confirmation' )
		).toBeVisible();

		const entries = await entriesOf( requestUtils, id );
		const status = Object.fromEntries(
			entries.map( ( e ) => [ e.values[ '1' ], e.status ] )
		);
		expect( status ).toEqual( { Ada: 'active', Bot: 'spam' } );
	} );

	test( 'a form sent sooner than its minimum time is stored as spam', async ( {
		page,
		requestUtils,
	} ) => {
		const { form, pageUrl } = await createFormPage( requestUtils, {
			title: 'E2E minimum time',
			minimumSubmitSeconds: 20,
			fields: [ { id: 1, type: 'text', label: 'Name' } ],
		} );
		// Loading the page takes a few seconds on this slow test site: well under 20.
		await page.goto( pageUrl );
		await page.getByLabel( 'Name' ).fill( 'Hasty' );
		await page.getByRole( 'button', { name: 'Submit' } ).click();
		await expect(
			page.locator( '.kestrel-form__confirmation' )
		).toBeVisible();

		await page.goto( pageUrl );
		await page.getByLabel( 'Name' ).fill( 'Patient' );
		// The point is to wait longer than the form's minimum.
		await page.waitForTimeout( 21_000 );
		await page.getByRole( 'button', { name: 'Submit' } ).click();
		await expect(
			page.locator( '.kestrel-form__confirmation' )
		).toBeVisible();

		const entries = await entriesOf( requestUtils, form.id );
		const status = Object.fromEntries(
			entries.map( ( e ) => [ e.values[ '1' ], e.status ] )
		);
		expect( status ).toEqual( { Hasty: 'spam', Patient: 'active' } );
	} );
} );
