/**
 * The React form editor, driven through the UI: build a priced, conditional, two-page form, save
 * it, place it with the block, a visitor submits, the admin finds the entry, attaches a file and
 * exports CSV; server errors next to fields, the unsaved-changes prompt, an axe scan, and
 * subscribers kept out.
 */
import fs from 'node:fs';
import { test, expect } from '@wordpress/e2e-test-utils-playwright';
import type { Page } from '@playwright/test';
import {
	ANONYMOUS_STATE,
	type StoredForm,
	createForm,
	deleteForm,
	entriesOf,
	entryRows,
	parseCsv,
	seriousAxeViolations,
	signedInSubscriber,
	formReady,
} from './utils';

async function addField( page: Page, type: string, label: string ) {
	await page
		.getByRole( 'button', { name: `Add ${ type } field`, exact: true } )
		.click();
	const settings = page.locator( '.kestrel-forms-sidebar' );
	await settings.getByLabel( 'Field label', { exact: true } ).fill( label );
}

/** Waits that follow a page load or a server round trip on the slow site. */
const SLOW = { timeout: 60_000 };

test.describe( 'form editor', () => {
	test( 'an admin builds, checks and saves a priced two-page form with logic; placed with the block, a visitor submits, the admin attaches a file and exports CSV', async ( {
		admin,
		editor,
		browser,
		page,
		requestUtils,
	} ) => {
		// A long journey through a dozen screens on a site that serves one request at a time.
		test.slow();
		const title = `E2E editor ${ Date.now() }`;
		await admin.visitAdminPage( 'admin.php', 'page=kestrel-forms' );
		await page.getByRole( 'button', { name: 'Add new form' } ).click();
		await page.getByLabel( 'Form title' ).fill( title );
		await page.getByRole( 'button', { name: 'Blank form' } ).click();
		await expect(
			page.getByRole( 'heading', { name: `Edit form: ${ title }` } )
		).toBeVisible( SLOW );

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
			.getByRole( 'button', { name: 'Insert merge tag into Formula' } )
			.click();
		await sidebar.getByLabel( 'Search merge tags' ).fill( 'How many' );
		await page.keyboard.press( 'Enter' );
		await expect(
			sidebar.getByLabel( 'Formula', { exact: true } )
		).toHaveValue( '{How many:5}' );
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
		await expect( page ).toHaveURL( /page=kestrel-forms&form_id=/, SLOW );

		const serious = await seriousAxeViolations(
			page,
			'#kestrel-forms-admin'
		);
		expect( serious, serious.join( '\n' ) ).toEqual( [] );

		await page.getByRole( 'button', { name: 'Save form' } ).click();
		await expect(
			page.locator( '.kestrel-forms-editor__status' )
		).toHaveText( 'Saved', SLOW );
		const formId = Number(
			new URL( page.url() ).searchParams.get( 'form_id' )
		);

		// Saved: the same in-app navigation now leaves without asking.
		const dialogs: string[] = [];
		let answer: 'accept' | 'dismiss' = 'accept';
		page.on( 'dialog', ( dialog ) => {
			dialogs.push( `${ dialog.type() }: ${ dialog.message() }` );
			void ( answer === 'accept' ? dialog.accept() : dialog.dismiss() );
		} );
		await page
			.getByRole( 'navigation', { name: 'Form toolbar' } )
			.getByRole( 'button', { name: 'Entries' } )
			.click();
		await expect( page ).toHaveURL(
			new RegExp( `page=kestrel-forms-entries&form_id=${ formId }$` ),
			SLOW
		);
		await expect(
			page.getByRole( 'combobox', { name: 'Form', exact: true } )
		).toBeVisible( SLOW );
		expect( dialogs ).toEqual( [] );

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

		// Placed on a new page with the block, inserted by its slash command in the block editor,
		// the form picked in the block, published with the editor's Publish buttons.
		await admin.createNewPost( {
			postType: 'page',
			title: `Page for ${ title }`,
		} );
		// The slash command, not the inserter panel: searching there also asks the block directory
		// on wordpress.org, which holds Playground's only PHP worker until it times out.
		const appender = editor.canvas.getByRole( 'button', {
			name: 'Add default block',
		} );
		await expect( appender ).toBeVisible( SLOW );
		await appender.click();
		await page.keyboard.type( '/kestrel' );
		await page
			.getByRole( 'listbox' )
			// Not exact: the name starts with the block's dashicon glyph.
			.getByRole( 'option', { name: 'Kestrel Form' } )
			.click();
		const block = editor.canvas.locator( '.wp-block-kestrel-forms-form' );
		const picker = block.getByRole( 'combobox', { name: 'Form' } );
		// The editor loads a dozen REST resources first, one at a time in Playground's single
		// PHP worker: the form list can take a while.
		await expect( picker ).toBeVisible( { timeout: 120_000 } );
		await picker.selectOption( { label: `${ title } (#${ formId })` } );
		await expect( block.locator( '.kestrel-form__title' ) ).toHaveText(
			title,
			SLOW
		);
		expect( await editor.getEditedPostContent() ).toBe(
			`<!-- wp:kestrel-forms/form {"formId":${ formId }} /-->`
		);
		// editor.publishPost()'s steps, with waits long enough for this site.
		await page
			.getByRole( 'region', { name: 'Editor top bar' } )
			.getByRole( 'button', { name: 'Publish', exact: true } )
			.click();
		const publishPanel = page.getByRole( 'region', {
			name: 'Editor publish',
		} );
		await publishPanel
			.getByRole( 'button', { name: 'Publish', exact: true } )
			.click();
		const viewPage = publishPanel.getByRole( 'link', {
			name: 'View Page',
			exact: true,
		} );
		await expect( viewPage ).toBeVisible( { timeout: 120_000 } );
		const pageLink = ( await viewPage.getAttribute( 'href' ) ) as string;
		expect( pageLink ).toMatch( /^http/ );
		await expect( page ).toHaveURL( /post\.php\?post=\d+/, SLOW );
		const pageId = Number(
			new URL( page.url() ).searchParams.get( 'post' )
		);

		// A visitor fills both pages and submits.
		const visitorContext = await browser.newContext( {
			storageState: ANONYMOUS_STATE,
		} );
		const visitor = await visitorContext.newPage();
		await visitor.goto( pageLink );
		await formReady( visitor.locator( `#kestrel-form-${ formId }` ) );
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
		).toBeVisible( SLOW );
		await visitorContext.close();

		// The admin finds the entry: Forms → Entries in the admin menu, the form in the Form
		// select, then the entry's row.
		const adminMenu = page.locator( '#adminmenu' );
		await adminMenu
			.getByRole( 'link', { name: 'Forms', exact: true } )
			.click();
		await expect( page ).toHaveURL( /page=kestrel-forms$/, SLOW );
		await adminMenu
			.getByRole( 'link', { name: 'Entries', exact: true } )
			.click();
		await expect( page ).toHaveURL( /page=kestrel-forms-entries$/, SLOW );
		const formSelect = page.getByRole( 'combobox', {
			name: 'Form',
			exact: true,
		} );
		await expect( formSelect ).toBeVisible( SLOW );
		// The screen opens on the newest form; pick ours when another one is newer.
		if ( ( await formSelect.inputValue() ) !== String( formId ) ) {
			await formSelect.selectOption( { label: title } );
			await expect( page ).toHaveURL(
				new RegExp( `page=kestrel-forms-entries&form_id=${ formId }$` ),
				SLOW
			);
		}
		await expect( formSelect ).toHaveValue( String( formId ) );
		const row = entryRows( page );
		await expect( row ).toHaveCount( 1, SLOW );
		await expect( row ).toContainText( 'Ada Journey' );
		const entryId = Number(
			await row
				.locator( '[data-entry-id]' )
				.getAttribute( 'data-entry-id' )
		);
		const [ stored ] = await entriesOf( requestUtils, formId );
		expect( stored.id ).toBe( entryId );
		expect( stored.pricing?.total_minor ).toBe( 3750 );

		// On the entry screen, a file is attached to the upload field.
		await row
			.getByRole( 'link', { name: `Entry #${ entryId }`, exact: true } )
			.click();
		await expect( page ).toHaveURL(
			new RegExp( `page=kestrel-forms-entries&entry_id=${ entryId }$` ),
			SLOW
		);
		const attach = page.getByLabel( 'Attach files to Photos' );
		await expect( attach ).toBeVisible( SLOW );
		await attach.setInputFiles( {
			name: 'receipt.txt',
			mimeType: 'text/plain',
			buffer: Buffer.from( 'Paid by phone.' ),
		} );
		await expect(
			page
				.locator( '.kestrel-forms-files' )
				.getByRole( 'link', { name: 'receipt.txt' } )
		).toBeVisible( SLOW );

		// The order as the server priced it: 3 × ($10.00 + $2.50).
		const orderLine = page
			.getByRole( 'table' )
			.filter( { hasText: 'Unit price' } )
			.getByRole( 'row' )
			.filter( { hasText: 'Shirt' } );
		await expect( orderLine ).toContainText( 'Second choice $2.50' );
		await expect( orderLine ).toContainText( '$12.50' );
		await expect( orderLine ).toContainText( '$37.50' );

		// Back to the list, and the CSV export: a header of the value fields (the page break has
		// none) and the visitor's row with the attached file.
		await page.getByRole( 'link', { name: /Back to entries/ } ).click();
		await expect( page ).toHaveURL(
			new RegExp( `page=kestrel-forms-entries&form_id=${ formId }$` ),
			SLOW
		);
		await expect( entryRows( page, entryId ) ).toHaveCount( 1, SLOW );
		const downloadPromise = page.waitForEvent( 'download', {
			timeout: 60_000,
		} );
		await page.getByRole( 'link', { name: 'Export CSV' } ).click();
		const csv = parseCsv(
			fs
				.readFileSync(
					( await ( await downloadPromise ).path() ) as string,
					'utf8'
				)
				.replace( /^\uFEFF/, '' )
		);
		expect( csv ).toEqual( [
			[
				'Entry',
				'Submitted (UTC)',
				'Status',
				'Starred',
				'Name',
				'Email',
				'Shirt (Name)',
				'Shirt (Price)',
				'Size',
				'How many',
				'Double quantity',
				'Total',
				'Photos',
			],
			[
				String( entryId ),
				expect.stringMatching(
					/^[A-Z][a-z]+ \d{1,2}, \d{4} \d{1,2}:\d\d [ap]m$/
				),
				'active',
				'0',
				'Ada Journey',
				'ada@example.org',
				// One column per product input: its name and price (without the option);
				// its quantity is the How many column.
				'Shirt',
				'$10.00',
				'Second choice',
				'3',
				'6',
				'$37.50',
				'receipt.txt',
			],
		] );

		// Back in the editor through the forms list (Forms in the admin menu).
		await adminMenu
			.getByRole( 'link', { name: 'Forms', exact: true } )
			.click();
		const search = page.getByRole( 'searchbox', { name: 'Search forms' } );
		await expect( search ).toBeVisible( SLOW );
		await search.fill( title );
		const formLink = page.locator(
			`a.kestrel-forms-form-title[data-form-id="${ formId }"]`
		);
		await expect( formLink ).toBeVisible( SLOW );
		await formLink.click();
		await expect(
			page.getByRole( 'heading', { name: `Edit form: ${ title }` } )
		).toBeVisible( SLOW );
		expect( dialogs ).toEqual( [] );

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
		expect( dialogs ).toEqual( [ 'beforeunload: ' ] );
		await expect(
			page.getByRole( 'heading', { name: `Edit form: ${ title }` } )
		).toBeVisible( SLOW );

		// Closing the tab with a change asks too; staying keeps the editor open. Once the change
		// is saved, the tab closes without asking.
		await page
			.locator( '[data-field-id="1"] .kestrel-forms-canvas__select' )
			.click();
		await sidebar
			.getByLabel( 'Field label', { exact: true } )
			.fill( 'Full name' );
		await expect( page.getByRole( 'status' ).first() ).toContainText(
			'Unsaved changes'
		);
		answer = 'dismiss';
		const askedOnClose = page.waitForEvent( 'dialog' );
		await page.close( { runBeforeUnload: true } );
		expect( ( await askedOnClose ).type() ).toBe( 'beforeunload' );
		expect( page.isClosed() ).toBe( false );
		await page.getByRole( 'button', { name: 'Save form' } ).click();
		await expect(
			page.locator( '.kestrel-forms-editor__status' )
		).toHaveText( 'Saved', SLOW );
		answer = 'accept';
		const closed = page.waitForEvent( 'close' );
		await page.close( { runBeforeUnload: true } );
		await closed;
		expect( dialogs ).toHaveLength( 2 );

		await requestUtils.rest( {
			method: 'DELETE',
			path: `/wp/v2/pages/${ pageId }`,
			params: { force: true },
		} );
		await deleteForm( requestUtils, formId );
	} );

	test( 'a subscriber cannot open the editor', async ( {
		requestUtils,
		baseURL,
		browser,
	} ) => {
		const form = await createForm( requestUtils, {
			title: 'E2E editor subscriber',
			fields: [],
		} );
		const { request, context, dispose } = await signedInSubscriber(
			requestUtils,
			baseURL as string,
			browser,
			'editorsub'
		);
		try {
			await request.request.dispose();
			const page = await context.newPage();
			const screen = await page.goto(
				`/wp-admin/admin.php?page=kestrel-forms&form_id=${ form.id }`
			);
			expect( screen?.status() ).toBe( 403 );
			await expect( page.locator( '#kestrel-forms-admin' ) ).toHaveCount(
				0
			);
		} finally {
			await dispose();
			await deleteForm( requestUtils, form.id );
		}
	} );
} );
