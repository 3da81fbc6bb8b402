/**
 * The eight everyday field types of issue 18 as people use them: a visitor fills a name, a US
 * address, a phone, a date (typed and through the calendar), a time, a website, a consent and a
 * multi-select, meets the errors each one gives (on the inputs they name), and sends the form;
 * the entry holds the values as docs/field-types.md stores them; the admin reads them on the entry
 * screen and in the CSV export. The editor's side is in field-types-editor.spec.ts.
 */
import fs from 'node:fs';
import { test, expect } from '@wordpress/e2e-test-utils-playwright';
import {
	ANONYMOUS_STATE,
	createFormPage,
	entriesOf,
	parseCsv,
	seriousAxeViolations,
	formReady,
} from './utils';

const SLOW = { timeout: 30_000 };

const everydayForm = ( title: string ) => ( {
	title,
	fields: [
		{
			id: 1,
			type: 'name',
			label: 'Name',
			isRequired: true,
		},
		{
			id: 2,
			type: 'text',
			label: 'Favourite number',
			// A rule on one input of the name: shown once the first name is Ada.
			conditionalLogic: {
				actionType: 'show',
				logicType: 'all',
				rules: [ { fieldId: '1.3', operator: 'is', value: 'Ada' } ],
			},
		},
		{
			id: 3,
			type: 'address',
			label: 'Address',
			addressType: 'us',
			isRequired: true,
		},
		{ id: 4, type: 'phone', label: 'Phone', phoneFormat: 'standard' },
		{
			id: 5,
			type: 'date',
			label: 'Birthday',
			dateType: 'datepicker',
			dateFormat: 'mdy',
			dateMin: '2026-01-01',
		},
		{ id: 6, type: 'time', label: 'Arrival', timeFormat: '12' },
		{ id: 7, type: 'website', label: 'Website' },
		{
			id: 8,
			type: 'consent',
			label: 'Consent',
			isRequired: true,
			checkboxLabel: 'I agree to the terms.',
			description: 'We keep your answers for a year.',
		},
		{
			id: 9,
			type: 'multiselect',
			label: 'Toppings',
			enableEnhancedUI: true,
			choices: [
				{ text: 'Cheese', value: 'cheese' },
				{ text: 'Ham', value: 'ham' },
				{ text: 'Pineapple', value: 'pineapple' },
			],
		},
	],
} );

test.describe( 'the everyday field types', () => {
	test.use( { storageState: ANONYMOUS_STATE } );

	test( 'a visitor fills every new type, meets each one’s errors on the inputs they name, and the entry, the entry screen and the CSV hold the values', async ( {
		page,
		requestUtils,
		browser,
	} ) => {
		const { form, pageUrl } = await createFormPage(
			requestUtils,
			everydayForm( 'E2E everyday types' )
		);
		const id = form.id;
		await page.goto( pageUrl );
		await formReady( page.locator( `#kestrel-form-${ id }` ), SLOW );

		const name = page.getByRole( 'group', { name: /^Name/ } );
		const address = page.getByRole( 'group', { name: /^Address/ } );
		const first = name.getByRole( 'textbox', { name: 'First' } );
		const last = name.getByRole( 'textbox', { name: 'Last' } );
		await expect( first ).toHaveAttribute( 'autocomplete', 'given-name' );
		await expect( last ).toHaveAttribute( 'autocomplete', 'family-name' );
		// Prefix, middle and suffix are hidden by default.
		await expect( name.getByRole( 'textbox' ) ).toHaveCount( 2 );

		// Sent empty: the name's first and last, the address's required inputs and the consent.
		await page.getByRole( 'button', { name: 'Submit' } ).click();
		await expect( first ).toHaveAttribute( 'aria-invalid', 'true' );
		await expect( last ).toHaveAttribute( 'aria-invalid', 'true' );
		await expect(
			address.getByRole( 'textbox', { name: 'Address Line 2' } )
		).not.toHaveAttribute( 'aria-invalid', 'true' );
		await expect(
			address.getByRole( 'textbox', { name: 'City' } )
		).toHaveAttribute( 'aria-invalid', 'true' );
		await expect(
			page.getByRole( 'checkbox', { name: 'I agree to the terms.' } )
		).toHaveAttribute( 'aria-invalid', 'true' );
		expect(
			await seriousAxeViolations( page, `#kestrel-form-${ id }` )
		).toEqual( [] );

		// The rule on the name's first input.
		const favourite = page.getByRole( 'textbox', {
			name: 'Favourite number',
		} );
		await expect( favourite ).toBeHidden();
		await first.fill( 'Ada' );
		await expect( favourite ).toBeVisible();
		await last.fill( 'Lovelace' );

		// Address: a US state from the list, a ZIP in the US shape.
		await address
			.getByRole( 'textbox', { name: 'Street Address' } )
			.fill( '1 Main St' );
		await address
			.getByRole( 'textbox', { name: 'City' } )
			.fill( 'Springfield' );
		await address
			.getByRole( 'combobox', { name: 'State' } )
			.selectOption( 'Illinois' );
		const zip = address.getByRole( 'textbox', { name: 'ZIP Code' } );
		await zip.fill( '1234' );

		// Phone: the US mask as the visitor types.
		const phone = page.getByRole( 'textbox', { name: 'Phone' } );
		await phone.pressSequentially( '5551234567' );
		await expect( phone ).toHaveValue( '(555) 123-4567' );

		// Date: an impossible day, then a day before the minimum, then the calendar.
		const birthday = page.getByRole( 'textbox', { name: 'Birthday' } );
		await birthday.fill( '02/30/2026' );
		const website = page.getByRole( 'textbox', { name: 'Website' } );
		await website.fill( 'example.org' );
		await page.getByRole( 'button', { name: 'Submit' } ).click();
		await expect( zip ).toHaveAttribute( 'aria-invalid', 'true' );
		await expect(
			page.locator( `#validation_message_${ id }_3` )
		).toBeVisible();
		await expect(
			page.locator( `#validation_message_${ id }_5` )
		).toBeVisible();
		await expect(
			page.locator( `#validation_message_${ id }_7` )
		).toBeVisible();
		await expect( birthday ).toHaveValue( '02/30/2026' ); // Nothing lost.

		await birthday.fill( '12/31/2025' );
		await birthday.blur();
		await expect(
			page.locator( `#validation_message_${ id }_5` )
		).toContainText( '01/01/2026' );
		await birthday.fill( '03/15/2026' );
		await page.getByRole( 'button', { name: 'Choose date' } ).click();
		const calendar = page.getByRole( 'dialog', { name: 'March 2026' } );
		await expect( calendar ).toBeVisible();
		await expect(
			calendar.getByRole( 'button', { name: 'Sunday, March 15, 2026' } )
		).toBeFocused();
		await page.keyboard.press( 'ArrowRight' );
		await page.keyboard.press( 'Enter' );
		await expect( calendar ).toBeHidden();
		await expect( birthday ).toHaveValue( '03/16/2026' );

		await zip.fill( '62701' );
		await website.fill( 'https://example.org' );

		// Time: hours, minutes and AM/PM.
		const arrival = page.getByRole( 'group', { name: /^Arrival/ } );
		await arrival.getByRole( 'textbox', { name: 'Hours' } ).fill( '9' );
		await arrival.getByRole( 'textbox', { name: 'Minutes' } ).fill( '30' );
		await arrival
			.getByRole( 'combobox', { name: 'AM/PM' } )
			.selectOption( { label: 'PM' } );

		await page
			.getByRole( 'checkbox', { name: 'I agree to the terms.' } )
			.check();

		// The enhanced multi-select: filter, choose, remove, by keyboard and pointer.
		const toppings = page.getByRole( 'combobox', { name: 'Toppings' } );
		await toppings.fill( 'pine' );
		await page.getByRole( 'option', { name: 'Pineapple' } ).click();
		await expect( page.getByRole( 'status' ) ).toContainText(
			'Pineapple added.'
		);
		await toppings.fill( 'Che' );
		await page.keyboard.press( 'ArrowDown' );
		await page.keyboard.press( 'Enter' );
		await expect(
			page.getByRole( 'button', { name: 'Remove Cheese' } )
		).toBeVisible();
		// Escape closes the list (it lies over what follows it).
		await page.keyboard.press( 'Escape' );
		await expect(
			page.getByRole( 'listbox', { name: 'Toppings' } )
		).toBeHidden();

		expect(
			await seriousAxeViolations( page, `#kestrel-form-${ id }` )
		).toEqual( [] );
		await page.getByRole( 'button', { name: 'Submit' } ).click();
		await expect(
			page.locator( '.kestrel-form__confirmation' )
		).toBeVisible( SLOW );

		const [ entry ] = await entriesOf( requestUtils, id );
		expect( entry.values ).toEqual( {
			'1.3': 'Ada',
			'1.6': 'Lovelace',
			'3.1': '1 Main St',
			'3.3': 'Springfield',
			'3.4': 'Illinois',
			'3.5': '62701',
			'3.6': 'United States',
			4: '(555) 123-4567',
			5: '2026-03-16',
			6: '09:30 pm',
			7: 'https://example.org',
			'8.1': '1',
			'8.2': 'I agree to the terms.',
			'8.3': 'We keep your answers for a year.',
			9: expect.arrayContaining( [ 'pineapple', 'cheese' ] ),
		} );

		// The admin reads them on the entry screen and in the CSV export.
		const adminContext = await browser.newContext( {
			storageState: process.env.STORAGE_STATE_PATH,
		} );
		try {
			const admin = await adminContext.newPage();
			await admin.goto(
				`/wp-admin/admin.php?page=kestrel-forms-entries&form_id=${ id }&entry_id=${ entry.id }`
			);
			const detail = admin.locator( '.kestrel-forms-entry' );
			await expect( detail ).toContainText( 'Ada Lovelace', SLOW );
			await expect( detail ).toContainText( '(555) 123-4567' );
			await expect( detail ).toContainText( '03/16/2026' );
			await expect( detail ).toContainText( '09:30 pm' );
			await expect( detail ).toContainText(
				'Checked: I agree to the terms.'
			);
			await expect( detail ).toContainText( 'Pineapple' );

			await admin.goto(
				`/wp-admin/admin.php?page=kestrel-forms-entries&form_id=${ id }`
			);
			const downloadPromise = admin.waitForEvent( 'download', {
				timeout: 60_000,
			} );
			await admin.getByRole( 'link', { name: 'Export CSV' } ).click();
			const csv = parseCsv(
				fs
					.readFileSync(
						( await ( await downloadPromise ).path() ) as string,
						'utf8'
					)
					.replace( /^\uFEFF/, '' )
			);
			const [ headings, row ] = csv;
			const cell = ( heading: string ) =>
				row[ headings.indexOf( heading ) ];
			expect( headings ).toEqual(
				expect.arrayContaining( [
					'Name (First)',
					'Name (Last)',
					'Address (Street Address)',
					'Address (City)',
					'Address (State)',
					'Address (ZIP Code)',
					'Phone',
					'Birthday',
					'Arrival',
					'Website',
					'Consent',
					'Consent (Text)',
					'Consent (Description)',
					'Toppings',
				] )
			);
			expect( headings ).not.toContain( 'Name (Middle)' );
			expect( cell( 'Name (First)' ) ).toBe( 'Ada' );
			expect( cell( 'Address (State)' ) ).toBe( 'Illinois' );
			expect( cell( 'Birthday' ) ).toBe( '2026-03-16' );
			expect( cell( 'Consent' ) ).toBe( 'Checked' );
			expect( cell( 'Consent (Text)' ) ).toBe( 'I agree to the terms.' );
			expect( cell( 'Toppings' ) ).toMatch( /Pineapple/ );
		} finally {
			await adminContext.close();
		}
	} );
} );
