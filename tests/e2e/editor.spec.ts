/**
 * The React form editor, driven through the UI: build a priced, conditional, two-page form, save
 * it, place it with the block, a visitor submits, the admin finds the entry, attaches a file and
 * exports CSV; server errors next to fields, the unsaved-changes prompt, an axe scan, and
 * subscribers kept out.
 */
import fs from 'node:fs';
import { test, expect } from '@wordpress/e2e-test-utils-playwright';
import type { Page } from '@playwright/test';
import { ANONYMOUS_STATE, type StoredForm, signedInSubscriber } from './utils';

async function addField( page: Page, type: string, label: string ) {
	await page
		.getByRole( 'button', { name: `Add ${ type } field`, exact: true } )
		.click();
	const settings = page.locator( '.kestrel-forms-sidebar' );
	await settings.getByLabel( 'Field label', { exact: true } ).fill( label );
}

async function axeSerious( page: Page ): Promise< string[] > {
	await page.addScriptTag( {
		content: fs.readFileSync(
			require.resolve( 'axe-core/axe.min.js' ),
			'utf8'
		),
	} );
	return page.evaluate( async () => {
		// @ts-expect-error -- axe is injected above.
		const run = await window.axe.run(
			document.querySelector( '#kestrel-forms-admin' ),
			{ runOnly: { type: 'tag', values: [ 'wcag2a', 'wcag2aa' ] } }
		);
		return (
			run.violations as Array< {
				id: string;
				impact: string;
				nodes: Array< { target: string[] } >;
			} >
		 )
			.filter(
				( v ) => v.impact === 'serious' || v.impact === 'critical'
			)
			.map(
				( v ) =>
					`${ v.id }: ${ v.nodes.map( ( n ) => n.target.join( ' ' ) ).join( ', ' ) }`
			);
	} );
}

test.describe( 'form editor', () => {
	test( 'an admin builds, checks and saves a priced two-page form with logic; placed with the block, a visitor submits, the admin attaches a file and exports CSV', async ( {
		admin,
		editor,
		browser,
		page,
		requestUtils,
	} ) => {
		const title = `E2E editor ${ Date.now() }`;
		await admin.visitAdminPage( 'admin.php', 'page=kestrel-forms' );
		await page.getByRole( 'button', { name: 'Add new form' } ).click();
		await page.getByLabel( 'Form title' ).fill( title );
		await page.getByRole( 'button', { name: 'Create form' } ).click();
		await expect(
			page.getByRole( 'heading', { name: `Edit form: ${ title }` } )
		).toBeVisible();

		await addField( page, 'Single line text', 'Name' );
		await addField( page, 'Email', 'Email' );
		await addField( page, 'Product', 'Shirt' );
		const sidebar = page.locator( '.kestrel-forms-sidebar' );
		await sidebar.getByLabel( 'Price', { exact: true } ).fill( '10.00' );
		await addField( page, 'Option', 'Size' );
		await sidebar.getByLabel( 'Choice 2 price' ).fill( '2.50' );
		await addField( page, 'Quantity', 'How many' );
		await addField( page, 'Number', 'Double quantity' );
		await sidebar.getByLabel( 'Calculated from a formula' ).check();
		// Live validation: an unknown field, then a real merge tag from the picker.
		await sidebar
			.getByLabel( 'Formula', { exact: true } )
			.fill( '{:99} * 2' );
		await expect( sidebar.getByRole( 'alert' ) ).toContainText(
			'reads no field'
		);
		await sidebar.getByLabel( 'Formula', { exact: true } ).fill( '' );
		await sidebar
			.getByLabel( 'Insert merge tag' )
			.selectOption( { label: 'How many (5)' } );
		await sidebar
			.getByLabel( 'Formula', { exact: true } )
			.fill(
				( await sidebar
					.getByLabel( 'Formula', { exact: true } )
					.inputValue() ) + ' * 2'
			);
		await expect( sidebar.getByRole( 'alert' ) ).toHaveCount( 0 );
		await addField( page, 'Total', 'Total' );

		// Conditional rule: the email shows when the name is not empty.
		await page
			.locator( '[data-field-id="2"] .kestrel-forms-canvas__select' )
			.click();
		await sidebar
			.getByRole( 'button', { name: 'Conditional logic' } )
			.click();
		await sidebar.getByLabel( 'Conditional logic for this field' ).check();
		await sidebar
			.getByLabel( 'Field', { exact: true } )
			.selectOption( '1' );
		await sidebar.getByLabel( 'Operator' ).selectOption( 'isnot' );

		// A page break, moved by keyboard-reachable buttons to sit after the email.
		await addField( page, 'Page break', 'Page two' );
		await sidebar
			.getByLabel( 'Name of the page that starts here' )
			.fill( 'Order' );
		for ( let i = 0; i < 5; i++ ) {
			await page
				.getByRole( 'button', { name: 'Move Page two up' } )
				.click();
		}
		await expect(
			page.locator( '.kestrel-forms-canvas__field' ).nth( 2 )
		).toHaveAttribute( 'data-field-id', '8' );
		// A file upload at the end (on the second page), for the admin to attach to later.
		await addField( page, 'File upload', 'Photos' );

		// Unsaved: in-app navigation asks, and staying keeps the changes.
		await expect( page.getByRole( 'status' ).first() ).toContainText(
			'Unsaved changes'
		);
		const asked = new Promise< string >( ( resolve ) =>
			page.once( 'dialog', async ( dialog ) => {
				resolve( dialog.message() );
				await dialog.dismiss();
			} )
		);
		await page
			.getByRole( 'navigation', { name: 'Form toolbar' } )
			.getByRole( 'button', { name: 'Entries' } )
			.click();
		expect( await asked ).toContain( 'unsaved changes' );
		await expect( page ).toHaveURL( /page=kestrel-forms&form_id=/ );

		const serious = await axeSerious( page );
		expect( serious, serious.join( '\n' ) ).toEqual( [] );

		await page.getByRole( 'button', { name: 'Save form' } ).click();
		await expect(
			page.locator( '.kestrel-forms-editor__status' )
		).toHaveText( 'Saved' );

		const formId = Number(
			new URL( page.url() ).searchParams.get( 'form_id' )
		);
		const saved = await requestUtils.rest< StoredForm >( {
			path: `/kestrel-forms/v1/forms/${ formId }`,
		} );
		const fields = saved.fields as Array< Record< string, unknown > >;
		expect( fields.map( ( f ) => f.type ) ).toEqual( [
			'text',
			'email',
			'page',
			'product',
			'option',
			'quantity',
			'number',
			'total',
			'fileupload',
		] );
		expect( fields[ 3 ] ).toMatchObject( { basePrice: '10.00' } );
		expect( fields[ 4 ] ).toMatchObject( { productField: 3 } );
		expect(
			( fields[ 4 ].choices as Array< { price: string } > )[ 1 ].price
		).toBe( '2.50' );
		expect( fields[ 5 ] ).toMatchObject( { productField: 3 } );
		expect( fields[ 6 ] ).toMatchObject( {
			enableCalculation: true,
			calculationFormula: '{How many:5} * 2',
		} );
		expect( fields[ 1 ].conditionalLogic ).toEqual( {
			actionType: 'show',
			logicType: 'all',
			rules: [ { fieldId: '1', operator: 'isnot', value: '' } ],
		} );
		expect(
			( saved as unknown as { pagination: { pageNames: string[] } } )
				.pagination.pageNames[ 1 ]
		).toBe( 'Order' );

		// Placed on a page with the block, in the block editor.
		await admin.createNewPost( {
			postType: 'page',
			title: `Page for ${ title }`,
		} );
		await editor.insertBlock( { name: 'kestrel-forms/form' } );
		const picker = editor.canvas
			.locator( '.wp-block-kestrel-forms-form' )
			.getByRole( 'combobox', { name: 'Form' } );
		await expect( picker ).toBeVisible( { timeout: 60_000 } );
		await picker.selectOption( String( formId ) );
		await expect(
			editor.canvas.locator( '.kestrel-form__title' )
		).toHaveText( title );
		// Publishing goes over REST with the editor's content (the editor's own publish flow
		// races its welcome guide on this slow site; see block.spec.ts).
		const published = await requestUtils.rest< { link: string } >( {
			method: 'POST',
			path: '/wp/v2/pages',
			data: {
				title: `Page for ${ title }`,
				content: await editor.getEditedPostContent(),
				status: 'publish',
			},
		} );

		// A visitor fills both pages and submits.
		const visitorContext = await browser.newContext( {
			storageState: ANONYMOUS_STATE,
		} );
		const visitor = await visitorContext.newPage();
		await visitor.goto( published.link );
		await expect(
			visitor.locator( `#kestrel-form-${ formId }` )
		).toHaveAttribute( 'data-kestrel-ready', 'true' );
		const email = visitor.locator( `#input_${ formId }_2` );
		await expect( email ).toBeHidden();
		await visitor.locator( `#input_${ formId }_1` ).fill( 'Ada Journey' );
		await expect( email ).toBeVisible();
		await email.fill( 'ada@example.org' );
		await visitor.getByRole( 'button', { name: 'Next' } ).click();
		await visitor
			.locator( `#input_${ formId }_4` )
			.selectOption( 'Second choice' );
		await visitor.locator( `#input_${ formId }_5` ).fill( '3' );
		await expect( visitor.locator( `#input_${ formId }_7` ) ).toHaveText(
			'$37.50'
		);
		await expect( visitor.locator( `#input_${ formId }_6` ) ).toHaveValue(
			'6'
		);
		await visitor.getByRole( 'button', { name: 'Submit' } ).click();
		await expect(
			visitor.locator( '.kestrel-form__confirmation' )
		).toBeVisible();
		await visitorContext.close();

		// The admin finds the entry, attaches a file to it and exports CSV.
		await page.goto(
			`/wp-admin/admin.php?page=kestrel-forms-entries&form_id=${ formId }`
		);
		const row = page.locator( 'tr:has([data-entry-id])', {
			hasText: 'Ada Journey',
		} );
		await expect( row ).toHaveCount( 1 );
		const entryId = Number(
			await row
				.locator( '[data-entry-id]' )
				.getAttribute( 'data-entry-id' )
		);
		const [ stored ] = await requestUtils.rest<
			Array< { pricing: { total_minor: number } } >
		>( {
			path: '/kestrel-forms/v1/entries',
			params: { form_id: formId },
		} );
		expect( stored.pricing.total_minor ).toBe( 3750 );
		const downloadPromise = page.waitForEvent( 'download' );
		await page.getByRole( 'link', { name: 'Export CSV' } ).click();
		const csv = fs
			.readFileSync(
				( await ( await downloadPromise ).path() ) as string,
				'utf8'
			)
			.replace( /^\uFEFF/, '' )
			.trim()
			.split( '\n' );
		expect( csv ).toHaveLength( 2 );
		expect( csv[ 1 ] ).toContain( '"Ada Journey"' );
		expect( csv[ 1 ] ).toContain( 'ada@example.org' );
		await page.goto(
			`/wp-admin/admin.php?page=kestrel-forms-entries&entry_id=${ entryId }`
		);
		await page.getByLabel( 'Attach files to Photos' ).setInputFiles( {
			name: 'receipt.txt',
			mimeType: 'text/plain',
			buffer: Buffer.from( 'Paid by phone.' ),
		} );
		await expect(
			page
				.locator( '.kestrel-forms-files' )
				.getByRole( 'link', { name: 'receipt.txt' } )
		).toBeVisible();

		// Back in the editor. Saved: leaving no longer asks.
		await admin.visitAdminPage(
			'admin.php',
			`page=kestrel-forms&form_id=${ formId }`
		);
		let dialogs = 0;
		page.on( 'dialog', ( dialog ) => {
			dialogs++;
			void dialog.accept();
		} );
		await page.reload();
		await expect(
			page.getByRole( 'heading', { name: `Edit form: ${ title }` } )
		).toBeVisible();
		expect( dialogs ).toBe( 0 );

		// A change, then a reload: the browser asks (beforeunload).
		await page
			.locator( '[data-field-id="1"] .kestrel-forms-canvas__select' )
			.click();
		await sidebar.getByLabel( 'Field label', { exact: true } ).fill( '' );
		await page.getByRole( 'button', { name: 'Save form' } ).click();
		// The server refuses the empty label and says so next to the field.
		await expect(
			page.locator( '[data-field-id="1"] .kestrel-forms-error' )
		).toContainText( 'fields[0].label' );
		await page.reload();
		expect( dialogs ).toBe( 1 );

		await requestUtils.rest( {
			method: 'DELETE',
			path: `/kestrel-forms/v1/forms/${ formId }`,
			params: { force: true },
		} );
	} );

	test( 'a subscriber cannot open the editor', async ( {
		requestUtils,
		baseURL,
		browser,
	} ) => {
		const form = await requestUtils.rest< StoredForm >( {
			method: 'POST',
			path: '/kestrel-forms/v1/forms',
			data: { title: 'E2E editor subscriber', fields: [] },
		} );
		const { user, request, context } = await signedInSubscriber(
			requestUtils,
			baseURL as string,
			browser,
			'editorsub'
		);
		await request.request.dispose();
		const page = await context.newPage();
		const screen = await page.goto(
			`/wp-admin/admin.php?page=kestrel-forms&form_id=${ form.id }`
		);
		expect( screen?.status() ).toBe( 403 );
		await expect( page.locator( '#kestrel-forms-admin' ) ).toHaveCount( 0 );
		await context.close();
		await requestUtils.rest( {
			method: 'DELETE',
			path: `/wp/v2/users/${ user.id }`,
			params: { force: true, reassign: 1 },
		} );
		await requestUtils.rest( {
			method: 'DELETE',
			path: `/kestrel-forms/v1/forms/${ form.id }`,
			params: { force: true },
		} );
	} );
} );
