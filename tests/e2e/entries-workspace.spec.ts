/**
 * The entries workspace (issue 5): an admin finds an entry, filters, stars and spams in bulk,
 * adds a note, edits a value (and sees the server refuse a bad one), exports CSV; an axe scan of
 * the list and the detail; a subscriber reaches none of the screen or its routes.
 */
import fs from 'node:fs';
import {
	test,
	expect,
	RequestUtils,
} from '@wordpress/e2e-test-utils-playwright';
import {
	addFilter,
	createForm,
	entriesOf,
	entryRows,
	parseCsv,
	pickFilter,
	seriousAxeViolations,
	signedInSubscriber,
} from './utils';

/** The entries app and the settings screen: WordPress's admin chrome is not ours to fix. */
const APP = '#wpbody-content';

/**
 * A form with three entries: Ada, Grace (her message a spreadsheet formula) and Eve.
 *
 * @param requestUtils Admin request utils.
 */
async function formWithEntries( requestUtils: RequestUtils ) {
	const form = await createForm( requestUtils, {
		title: `E2E workspace ${ Date.now() }`,
		fields: [
			{ id: 1, type: 'text', label: 'Name', isRequired: true },
			{ id: 2, type: 'email', label: 'Email' },
			{ id: 3, type: 'textarea', label: 'Message' },
		],
	} );
	const ids: Record< string, number > = {};
	for ( const [ name, email, message ] of [
		[ 'Ada Lovelace', 'ada@example.org', 'Hello' ],
		[ 'Grace Hopper', 'grace@example.org', '=HYPERLINK("http://x")' ],
		[ 'Eve Spammer', 'eve@example.org', 'Buy now' ],
	] ) {
		const created = await requestUtils.rest< { entry_id: number } >( {
			method: 'POST',
			path: `/kestrel-forms/v1/forms/${ form.id }/submissions`,
			data: { values: { 1: name, 2: email, 3: message } },
		} );
		ids[ name.split( ' ' )[ 0 ] ] = created.entry_id;
	}
	return { form, ids };
}

test.describe( 'entries workspace', () => {
	test( 'find, filter, star, spam, note, edit with server validation, export CSV', async ( {
		page,
		requestUtils,
	} ) => {
		const { form, ids } = await formWithEntries( requestUtils );
		await page.goto(
			`/wp-admin/admin.php?page=kestrel-forms-entries&form_id=${ form.id }`
		);
		const rows = entryRows( page );
		await expect( rows ).toHaveCount( 3 );
		await expect( entryRows( page, ids.Ada ) ).toContainText(
			'ada@example.org'
		);

		// Search finds one entry; clearing it brings the others back.
		await page
			.getByRole( 'searchbox', { name: 'Search entries' } )
			.fill( 'grace@' );
		await expect( rows ).toHaveCount( 1 );
		await expect( entryRows( page, ids.Grace ) ).toHaveCount( 1 );
		await page
			.getByRole( 'searchbox', { name: 'Search entries' } )
			.fill( '' );
		await expect( rows ).toHaveCount( 3 );

		// A field filter.
		await page
			.getByRole( 'combobox', { name: 'Field', exact: true } )
			.selectOption( { label: 'Name' } );
		await page
			.getByRole( 'combobox', { name: 'Operator' } )
			.selectOption( 'contains' );
		await page.getByRole( 'textbox', { name: 'Value' } ).fill( 'Hopper' );
		await expect( rows ).toHaveCount( 1 );
		await page
			.getByRole( 'combobox', { name: 'Field', exact: true } )
			.selectOption( '' );
		await expect( rows ).toHaveCount( 3 );

		// Bulk: star Ada and Grace, then only starred ones.
		await page
			.getByRole( 'checkbox', { name: `Entry #${ ids.Ada }` } )
			.check();
		await page
			.getByRole( 'checkbox', { name: `Entry #${ ids.Grace }` } )
			.check();
		await expect( page.getByText( '2 Items selected' ) ).toBeVisible();
		await page.getByRole( 'button', { name: 'Star', exact: true } ).click();
		await expect(
			page
				.locator( '.components-notice__content' )
				.getByText( '2 entries updated.' )
		).toBeVisible();
		await expect(
			entryRows( page, ids.Ada ).getByRole( 'button', {
				name: `Remove star from Entry #${ ids.Ada }`,
			} )
		).toBeVisible();
		await addFilter( page, 'Starred', 'Starred' );
		await expect( rows ).toHaveCount( 2 );
		await page
			.getByRole( 'button', {
				name: 'Remove filter: Starred is: Starred',
			} )
			.click();
		await expect( rows ).toHaveCount( 3 );

		// Bulk: Eve is spam, gone from the active list, found under Spam.
		await page
			.getByRole( 'checkbox', { name: `Entry #${ ids.Eve }` } )
			.check();
		await page
			.getByRole( 'button', { name: 'Mark as spam', exact: true } )
			.click();
		await expect( rows ).toHaveCount( 2 );
		await pickFilter( page, 'Status is: Active', 'Status', 'Spam' );
		await expect( rows ).toHaveCount( 1 );
		await expect( entryRows( page, ids.Eve ) ).toHaveCount( 1 );
		await pickFilter( page, 'Status is: Spam', 'Status', 'Active' );
		await expect( rows ).toHaveCount( 2 );

		// Export CSV of the active entries: two rows, the formula neutralised.
		const downloadPromise = page.waitForEvent( 'download' );
		await page.getByRole( 'link', { name: 'Export CSV' } ).click();
		const download = await downloadPromise;
		const csv = fs
			.readFileSync( ( await download.path() ) as string, 'utf8' )
			.replace( /^\uFEFF/, '' );
		// Newest first: Grace, then Ada. Her formula starts with an apostrophe, so a spreadsheet
		// shows it as text.
		expect( parseCsv( csv ) ).toEqual( [
			[
				'Entry',
				'Submitted (UTC)',
				'Status',
				'Starred',
				'Name',
				'Email',
				'Message',
			],
			[
				String( ids.Grace ),
				expect.stringMatching(
					/^[A-Z][a-z]+ \d{1,2}, \d{4} \d{1,2}:\d\d [ap]m$/
				),
				'active',
				'1',
				'Grace Hopper',
				'grace@example.org',
				`'=HYPERLINK("http://x")`,
			],
			[
				String( ids.Ada ),
				expect.stringMatching(
					/^[A-Z][a-z]+ \d{1,2}, \d{4} \d{1,2}:\d\d [ap]m$/
				),
				'active',
				'1',
				'Ada Lovelace',
				'ada@example.org',
				'Hello',
			],
		] );
		// As written: the header and the cells quoted as before, the formula's quotes doubled.
		expect( csv ).toMatch(
			/^Entry,"Submitted \(UTC\)",Status,Starred,Name,Email,Message\n/
		);
		expect( csv ).toContain(
			`,active,1,"Grace Hopper",grace@example.org,"'=HYPERLINK(""http://x"")"\n`
		);
		expect( csv ).toContain(
			',active,1,"Ada Lovelace",ada@example.org,Hello\n'
		);

		// The detail: a note, then an edit the server refuses and one it takes.
		await entryRows( page, ids.Ada )
			.getByRole( 'link', { name: `Entry #${ ids.Ada }` } )
			.click();
		await expect( page.locator( '.kestrel-forms-entry' ) ).toContainText(
			'ada@example.org'
		);
		await page
			.getByRole( 'textbox', { name: 'Add a note' } )
			.fill( 'Called her back.' );
		await page.getByRole( 'button', { name: 'Add note' } ).click();
		await expect( page.locator( '.kestrel-forms-note' ) ).toContainText(
			'Called her back.'
		);

		await page.getByRole( 'button', { name: 'Edit values' } ).click();
		const email = page.getByRole( 'textbox', { name: 'Email' } );
		await email.fill( 'not-an-email' );
		await page.getByRole( 'button', { name: 'Save changes' } ).click();
		await expect(
			page.locator( 'tr[data-field-id="2"] .kestrel-forms-field-error' )
		).toBeVisible();
		await email.fill( 'ada@lovelace.example' );
		await page.getByRole( 'button', { name: 'Save changes' } ).click();
		await expect(
			page
				.locator( '.components-notice__content' )
				.getByText( 'Entry updated.' )
		).toBeVisible();
		await expect( page.locator( '.kestrel-forms-entry' ) ).toContainText(
			'ada@lovelace.example'
		);

		await page.reload();
		await expect(
			page.locator( '.kestrel-forms-note' ).first()
		).toContainText( 'Called her back.' );
		await expect( page.locator( '.kestrel-forms-entry' ) ).toContainText(
			'ada@lovelace.example'
		);
		// Previous/next link the neighbours in list order (newest first): Grace is newer.
		await page.getByRole( 'link', { name: 'Previous entry' } ).click();
		await expect( page.getByRole( 'heading', { level: 1 } ) ).toContainText(
			`Entry #${ ids.Grace }`
		);
	} );

	test( 'the entries list and an entry pass an axe scan', async ( {
		page,
		requestUtils,
	} ) => {
		const { form, ids } = await formWithEntries( requestUtils );
		await page.goto(
			`/wp-admin/admin.php?page=kestrel-forms-entries&form_id=${ form.id }`
		);
		await expect( entryRows( page ) ).toHaveCount( 3 );
		expect( await seriousAxeViolations( page, APP ) ).toEqual( [] );
		// With a selection (the bulk actions bar) and a second filter open.
		await page
			.getByRole( 'checkbox', { name: `Entry #${ ids.Ada }` } )
			.check();
		await page.getByRole( 'button', { name: 'Add filter' } ).click();
		await page.getByRole( 'menuitem', { name: 'Read' } ).click();
		await expect(
			page.getByRole( 'listbox', { name: 'List of: Read' } )
		).toBeVisible();
		expect( await seriousAxeViolations( page, APP ) ).toEqual( [] );
		await page.goto(
			`/wp-admin/admin.php?page=kestrel-forms-entries&entry_id=${ ids.Ada }`
		);
		await expect( page.locator( '.kestrel-forms-entry' ) ).toBeVisible();
		expect( await seriousAxeViolations( page, APP ) ).toEqual( [] );
	} );

	test( 'a subscriber reaches neither the screen nor its routes', async ( {
		requestUtils,
		baseURL,
		browser,
	} ) => {
		const { form, ids } = await formWithEntries( requestUtils );
		const { request, headers, context, dispose } = await signedInSubscriber(
			requestUtils,
			baseURL as string,
			browser,
			'entriessub'
		);
		try {
			const routes: Array< [ string, string, unknown ] > = [
				[ 'GET', `/kestrel-forms/v1/entries/export`, undefined ],
				[
					'POST',
					'/kestrel-forms/v1/entries/bulk',
					{ action: 'trash', ids: [ ids.Ada ] },
				],
				[
					'POST',
					`/kestrel-forms/v1/entries/${ ids.Ada }`,
					{ values: { 1: 'x' } },
				],
				[
					'GET',
					`/kestrel-forms/v1/entries/${ ids.Ada }/notes`,
					undefined,
				],
				[
					'POST',
					`/kestrel-forms/v1/entries/${ ids.Ada }/notes`,
					{ note: 'x' },
				],
			];
			for ( const [ method, route, data ] of routes ) {
				const response = await request.request.fetch(
					`/?rest_route=${ encodeURIComponent( route ) }&form_id=${ form.id }`,
					{ method, headers, data }
				);
				expect( response.status(), `${ method } ${ route }` ).toBe(
					403
				);
			}
			const page = await context.newPage();
			const screen = await page.goto(
				`/wp-admin/admin.php?page=kestrel-forms-entries&form_id=${ form.id }`
			);
			expect( screen?.status() ).toBe( 403 );
			const settingsScreen = await page.goto(
				'/wp-admin/admin.php?page=kestrel-forms-settings'
			);
			expect( settingsScreen?.status() ).toBe( 403 );
			await context.close();
			const still = await requestUtils.rest< { status: string } >( {
				path: `/kestrel-forms/v1/entries/${ ids.Ada }`,
			} );
			expect( still.status ).toBe( 'active' );
		} finally {
			await dispose();
		}
	} );

	test( 'settings save, secrets never reach the page, the unsaved-changes prompt, axe', async ( {
		page,
		requestUtils,
	} ) => {
		const TOKEN = `EAAAtoken-${ Date.now() }-WXYZ`;
		const defaults = {
			general: { currency: 'USD', retention_days: 0 },
			payments: {
				environment: 'sandbox',
				sandbox: { application_id: '', clear_access_token: true },
				production: { application_id: '', clear_access_token: true },
			},
		};
		await requestUtils.rest( {
			method: 'POST',
			path: '/kestrel-forms/v1/settings',
			data: defaults,
		} );
		try {
			await page.goto(
				'/wp-admin/admin.php?page=kestrel-forms-settings'
			);
			await expect(
				page.getByRole( 'heading', {
					name: 'Forms Settings',
					level: 1,
				} )
			).toBeVisible();
			await page
				.getByRole( 'combobox', { name: 'Default currency' } )
				.selectOption( 'EUR' );
			await expect(
				page.locator( '.kestrel-forms-unsaved' )
			).toBeVisible();

			// Leaving with unsaved changes asks first.
			let prompted = false;
			page.once( 'dialog', async ( dialog ) => {
				prompted = dialog.type() === 'beforeunload';
				await dialog.dismiss();
			} );
			await page.reload( { timeout: 5000 } ).catch( () => undefined );
			await expect.poll( () => prompted ).toBe( true );

			// The settings are subviews; the draft keeps every view's changes until Save.
			const views = page.getByRole( 'navigation', {
				name: 'Settings views',
			} );
			await page
				.getByRole( 'spinbutton', {
					name: 'Delete entries older than (days)',
				} )
				.fill( '400' );
			await views.getByRole( 'link', { name: 'Payments' } ).click();
			await expect( page ).toHaveURL( /view=payments/ );
			await page
				.getByRole( 'combobox', { name: 'Environment' } )
				.selectOption( 'production' );
			// Sandbox and production credentials sit side by side, each in its own group.
			const production = page.getByRole( 'group', {
				name: 'Production (in use)',
			} );
			await production
				.getByRole( 'textbox', { name: 'Application id' } )
				.fill( 'sq0idp-e2e' );
			await production
				.getByLabel( 'Access token', { exact: true } )
				.fill( TOKEN );
			await page.getByRole( 'button', { name: 'Save Settings' } ).click();
			await expect(
				page.locator( '.kestrel-forms-settings-notice' )
			).toContainText( 'Settings saved.' );
			await expect(
				page.locator( '.kestrel-forms-unsaved' )
			).toHaveCount( 0 );
			await expect(
				production.getByText( 'Set, ends in WXYZ' )
			).toBeVisible();
			expect( await page.content() ).not.toContain( TOKEN );
			await views.getByRole( 'link', { name: 'Web API' } ).click();
			await expect(
				page.locator( '.kestrel-forms-api-base' )
			).toContainText( 'kestrel-forms/v1' );
			await views.getByRole( 'link', { name: 'General' } ).click();
			await expect(
				page.getByRole( 'combobox', { name: 'Default currency' } )
			).toHaveValue( 'EUR' );
			await expect(
				page.getByRole( 'spinbutton', {
					name: 'Delete entries older than (days)',
				} )
			).toHaveValue( '400' );

			// Saved: leaving does not ask, and a subview's address opens that subview.
			let askedAfterSave = false;
			page.on( 'dialog', async ( dialog ) => {
				askedAfterSave = true;
				await dialog.dismiss();
			} );
			await page.goto(
				'/wp-admin/admin.php?page=kestrel-forms-settings&view=payments'
			);
			expect( askedAfterSave ).toBe( false );
			await expect(
				production.getByRole( 'textbox', { name: 'Application id' } )
			).toHaveValue( 'sq0idp-e2e' );
			await expect(
				production.getByLabel( 'Access token', { exact: true } )
			).toHaveValue( '' );
			expect( await page.content() ).not.toContain( TOKEN );
			expect( await seriousAxeViolations( page, APP ) ).toEqual( [] );
			await views.getByRole( 'link', { name: 'Web API' } ).click();
			expect( await seriousAxeViolations( page, APP ) ).toEqual( [] );

			// A bad value is refused with the server's message next to the field: the page opens
			// the subview that holds it.
			await views.getByRole( 'link', { name: 'General' } ).click();
			await page
				.getByRole( 'spinbutton', {
					name: 'Delete entries older than (days)',
				} )
				.fill( '-3' );
			await views.getByRole( 'link', { name: 'Captcha' } ).click();
			await page.getByRole( 'button', { name: 'Save Settings' } ).click();
			await expect(
				page.locator( '.kestrel-forms-settings-error' )
			).toContainText( 'whole number of days' );
			await expect(
				views.getByRole( 'link', { name: 'General' } )
			).toHaveAttribute( 'aria-current', 'page' );

			const settings = await requestUtils.rest< {
				payments: Record< string, Record< string, unknown > >;
			} >( { path: '/kestrel-forms/v1/settings' } );
			expect( JSON.stringify( settings ) ).not.toContain( TOKEN );
			expect( settings.payments.production.access_token_last4 ).toBe(
				'WXYZ'
			);
			expect( settings.payments.sandbox.access_token_set ).toBe( false );
		} finally {
			// Put the defaults back for other specs, passed or not.
			await requestUtils.rest( {
				method: 'POST',
				path: '/kestrel-forms/v1/settings',
				data: defaults,
			} );
		}
	} );

	test( 'an admin edits list rows on the entry screen: add, edit, remove, the limit and the server check', async ( {
		page,
		requestUtils,
	} ) => {
		const form = await createForm( requestUtils, {
			title: `E2E list edit ${ Date.now() }`,
			fields: [
				{ id: 1, type: 'text', label: 'Name' },
				{
					id: 2,
					type: 'list',
					label: 'Items',
					columns: [ 'Item', 'Qty' ],
					maxRows: 2,
					isRequired: true,
				},
			],
		} );
		// Submitted as visitors do: flat cells, row after row.
		const created = await requestUtils.rest< { entry_id: number } >( {
			method: 'POST',
			path: `/kestrel-forms/v1/forms/${ form.id }/submissions`,
			data: { values: { 1: 'Ada', 2: [ 'Tea', '2' ] } },
		} );
		await page.goto(
			`/wp-admin/admin.php?page=kestrel-forms-entries&entry_id=${ created.entry_id }`
		);
		const items = page.locator( 'tr[data-field-id="2"]' );
		await expect( items ).toContainText( 'Item: Tea, Qty: 2' );

		await page.getByRole( 'button', { name: 'Edit values' } ).click();
		await items.getByRole( 'textbox', { name: 'Qty, row 1' } ).fill( '3' );
		await items
			.getByRole( 'button', { name: 'Add a row after row 1' } )
			.click();
		await expect(
			items.getByRole( 'textbox', { name: 'Item, row 2' } )
		).toBeFocused();
		await items
			.getByRole( 'textbox', { name: 'Item, row 2' } )
			.fill( 'Cake' );
		await items.getByRole( 'textbox', { name: 'Qty, row 2' } ).fill( '1' );
		// At the field's most rows, no more rows can be added.
		await expect(
			items.getByRole( 'button', { name: 'Add a row after row 2' } )
		).toBeDisabled();
		expect( await seriousAxeViolations( page, APP ) ).toEqual( [] );
		await page.getByRole( 'button', { name: 'Save changes' } ).click();
		await expect(
			page
				.locator( '.components-notice__content' )
				.getByText( 'Entry updated.' )
		).toBeVisible();
		await expect( items ).toContainText(
			'Item: Tea, Qty: 3\nItem: Cake, Qty: 1'
		);

		// Remove a row, then empty the one left: the list is required, so the server refuses it
		// and its message shows next to the field; filled again, it is saved.
		await page.getByRole( 'button', { name: 'Edit values' } ).click();
		await items.getByRole( 'button', { name: 'Remove row 1' } ).click();
		const item = items.getByRole( 'textbox', { name: 'Item, row 1' } );
		const qty = items.getByRole( 'textbox', { name: 'Qty, row 1' } );
		await expect( item ).toHaveValue( 'Cake' );
		await item.fill( '' );
		await qty.fill( '' );
		await page.getByRole( 'button', { name: 'Save changes' } ).click();
		await expect(
			items.locator( '.kestrel-forms-field-error' )
		).toBeVisible();
		await item.fill( 'Scone' );
		await qty.fill( '4' );
		await page.getByRole( 'button', { name: 'Save changes' } ).click();
		await expect( items ).toContainText( 'Item: Scone, Qty: 4' );

		await page.reload();
		await expect( items ).toContainText( 'Item: Scone, Qty: 4' );
		await expect( items ).not.toContainText( 'Tea' );
		const [ entry ] = await entriesOf( requestUtils, form.id );
		expect( entry.values[ '2' ] ).toEqual( [ [ 'Scone', '4' ] ] );
	} );

	test( "an admin attaches files to an entry with the visitors' checks", async ( {
		page,
		requestUtils,
	} ) => {
		const form = await createForm( requestUtils, {
			title: `E2E attach ${ Date.now() }`,
			fields: [
				{ id: 1, type: 'text', label: 'Name' },
				{
					id: 2,
					type: 'fileupload',
					label: 'Photos',
					multipleFiles: true,
					maxFiles: 2,
					allowedExtensions: 'txt, png',
				},
			],
		} );
		const created = await requestUtils.rest< { entry_id: number } >( {
			method: 'POST',
			path: `/kestrel-forms/v1/forms/${ form.id }/submissions`,
			data: { values: { 1: 'Ada' } },
		} );
		await page.goto(
			`/wp-admin/admin.php?page=kestrel-forms-entries&entry_id=${ created.entry_id }`
		);
		const input = page.getByLabel( 'Attach files to Photos' );
		await input.setInputFiles( {
			name: 'notes.txt',
			mimeType: 'text/plain',
			buffer: Buffer.from( 'Notes from the phone call.\n'.repeat( 50 ) ),
		} );
		const files = page.locator( '.kestrel-forms-files' );
		await expect(
			files.getByRole( 'link', { name: 'notes.txt' } )
		).toBeVisible();
		const download = await page.request.get(
			( await files
				.getByRole( 'link', { name: 'notes.txt' } )
				.getAttribute( 'href' ) ) as string
		);
		expect( download.status() ).toBe( 200 );
		expect( await download.text() ).toContain(
			'Notes from the phone call.'
		);

		// The visitors' checks run before a file leaves the browser, with their texts; the
		// picker is told the allowed types.
		await expect( input ).toHaveAttribute( 'accept', '.txt,.png' );
		await input.setInputFiles( {
			name: 'shell.php',
			mimeType: 'text/plain',
			buffer: Buffer.from( '<?php echo 1;' ),
		} );
		await expect(
			page.locator( '.kestrel-forms-attach .kestrel-forms-field-error' )
		).toHaveText( 'shell.php - illegal extension' );
		await input.setInputFiles( {
			name: 'scan.pdf',
			mimeType: 'application/pdf',
			buffer: Buffer.from( '%PDF-1.4' ),
		} );
		await expect(
			page.locator( '.kestrel-forms-attach .kestrel-forms-field-error' )
		).toHaveText( 'scan.pdf - invalid file extension txt, png' );
		await expect( files.getByRole( 'link' ) ).toHaveCount( 1 );
		const [ entry ] = await entriesOf( requestUtils, form.id );
		expect(
			( entry.values[ '2' ] as Array< { name: string } > ).map(
				( f ) => f.name
			)
		).toEqual( [ 'notes.txt' ] );
	} );
} );
