/**
 * Gravity Forms import (issue 18): the owner imports an export from Forms → Import after reading
 * its report; a visitor submits the imported order form and its confirmation's merge tags and
 * the server's total work as they did in Gravity Forms.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, type Admin } from '@wordpress/e2e-test-utils-playwright';
import { ANONYMOUS_STATE, deleteForm, entriesOf, formReady } from './utils';

const FIXTURES = path.resolve( 'tests/fixtures/gravity-forms' );

/**
 * Chooses a Gravity Forms export on Forms → Import and answers the report dialog it opens.
 *
 * @param admin   The admin fixture.
 * @param page    The page.
 * @param fixture Fixture name (tests/fixtures/gravity-forms/<fixture>.json).
 */
async function importReport( admin: Admin, page: Page, fixture: string ) {
	await admin.visitAdminPage( 'admin.php', 'page=kestrel-forms' );
	await page
		.getByLabel( 'Form JSON file' )
		.setInputFiles( path.join( FIXTURES, `${ fixture }.json` ) );
	await page.getByRole( 'button', { name: 'Import', exact: true } ).click();
	return page.getByRole( 'dialog', { name: 'Import from Gravity Forms' } );
}

test.describe( 'Gravity Forms import', () => {
	test( 'the report is shown before anything is stored, then the forms are imported', async ( {
		admin,
		page,
		requestUtils,
	} ) => {
		const dialog = await importReport( admin, page, 'several-forms' );
		await expect( dialog ).toContainText(
			'Donation (Gravity Forms form 2)'
		);
		await expect( dialog ).toContainText( 'Field 3 “Mug”' );
		await expect( dialog ).toContainText( 'Form setting future' );
		await dialog
			.getByRole( 'button', { name: 'Import 2 forms', exact: true } )
			.click();
		const notice = page.locator( '.notice-success' );
		await expect( notice ).toContainText(
			'Imported 2 forms from Gravity Forms'
		);
		const ids = [
			...( ( await notice.textContent() ) ?? '' ).matchAll(
				/\((\d+)\)/g
			),
		].map( ( m ) => Number( m[ 1 ] ) );
		expect( ids ).toHaveLength( 2 );
		for ( const id of ids ) {
			await deleteForm( requestUtils, id );
		}
	} );

	test( 'the report lists the everyday types as imported as they are, and what a rule needed', async ( {
		admin,
		page,
		requestUtils,
	} ) => {
		const dialog = await importReport(
			admin,
			page,
			'sign-up-every-new-type'
		);
		for ( const line of [
			'Field 1 “Name” (name)',
			'Field 3 “Home address” (address)',
			'Field 4 “Phone” (phone)',
			'Field 5 “Date of birth” (date)',
			'Field 7 “Usual training time” (time)',
			'Field 8 “Strava or blog” (website)',
			'Field 9 “Distances” (multiselect)',
			'Field 10 “Club rules” (consent)',
		] ) {
			await expect( dialog ).toContainText( line );
		}
		await expect( dialog ).toContainText(
			'Field 6 “Parent or guardian” — conditionalLogic: a rule on field 5: the date "31/12/2007" is written as 2007-12-31'
		);
		await dialog
			.getByRole( 'button', { name: 'Import 1 form', exact: true } )
			.click();
		const notice = page.locator( '.notice-success' );
		await expect( notice ).toContainText(
			'Imported 1 form from Gravity Forms'
		);
		const id = Number(
			/\((\d+)\)/.exec( ( await notice.textContent() ) ?? '' )?.[ 1 ]
		);
		const form = await requestUtils.rest< {
			fields: Array< { id: number; type: string } >;
		} >( { path: `/kestrel-forms/v1/forms/${ id }` } );
		expect( form.fields.map( ( f ) => f.type ) ).toEqual( [
			'name',
			'email',
			'address',
			'phone',
			'date',
			'text',
			'time',
			'website',
			'multiselect',
			'consent',
			'text',
		] );
		await deleteForm( requestUtils, id );
	} );

	test.describe( 'as a visitor', () => {
		test.use( { storageState: ANONYMOUS_STATE } );

		test( 'the imported order form prices, stores and confirms as Gravity Forms did', async ( {
			page,
			requestUtils,
		} ) => {
			const answer = await requestUtils.rest< {
				forms: Array< { id: number } >;
			} >( {
				method: 'POST',
				path: '/kestrel-forms/v1/forms/import',
				data: JSON.parse(
					fs.readFileSync(
						path.join( FIXTURES, 'order-form.json' ),
						'utf8'
					)
				),
			} );
			const id = answer.forms[ 0 ].id;
			const wpPage = await requestUtils.rest< { link: string } >( {
				method: 'POST',
				path: '/wp/v2/pages',
				data: {
					title: `Imported order ${ id }`,
					content: `<!-- wp:shortcode -->[kestrel_form id="${ id }"]<!-- /wp:shortcode -->`,
					status: 'publish',
				},
			} );
			await page.goto( wpPage.link );
			await formReady( page.locator( `#kestrel-form-${ id }` ) );
			// Gravity Forms' input ids are kept: the shirt's quantity is input 1.3.
			await page.locator( `#input_${ id }_1_3` ).fill( '2' );
			await page.getByLabel( /Name print/ ).check();
			await page.locator( `#input_${ id }_4` ).fill( '2' );
			await page.getByLabel( /Post/ ).check();
			await page.locator( `#input_${ id }_7` ).fill( 'sam@example.com' );
			// ($12.50 + $5.00) × 2 + $8.00 (Red cap, chosen by default) × 2 + $4.95.
			await expect( page.locator( `#input_${ id }_6` ) ).toHaveText(
				'$55.95'
			);
			await page.locator( `#form_submit_button_${ id }` ).click();
			await expect(
				page.locator( '.kestrel-form__confirmation' )
			).toContainText( 'Thanks sam@example.com, your total is $55.95.' );
			const [ entry ] = await entriesOf( requestUtils, id );
			expect( entry.values ).toMatchObject( {
				'1.3': '2',
				'2.1': 'Name print',
				3: 'Red cap',
				4: '2',
				5: 'Post',
				6: '55.95',
				7: 'sam@example.com',
			} );
			await deleteForm( requestUtils, id );
		} );
	} );
} );
