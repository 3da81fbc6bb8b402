/**
 * Day one for a site owner (issue 14's "Done when"): the audit's path walked as the owner and a
 * visitor walk it, on the native stack (nginx, php-fpm, MariaDB) with mail received over real SMTP
 * from the local sink (scripts/smtp-sink.mjs).
 *
 * 1. The owner builds an order form in the React editor: a product, its options shown as priced
 *    checkboxes, a separate quantity, a number calculated by a formula and a total on page 1; a
 *    page break; the customer's name, email and a file upload on page 2; a notification to the
 *    owner and one to the customer (the email field), a confirmation with merge tags; saves.
 * 2. Publishes it on a new page with the block, in the block editor.
 * 3. An anonymous visitor fills it on a desktop and on a 390 px phone: on each page, what is
 *    visible and what the Tab key reaches is that page's fields and nothing of the other page;
 *    options, quantity, formula and total; an upload; the confirmation with its merge tags filled.
 * 4. The owner's and the customer's emails arrive at the SMTP sink with the right values.
 * 5. The owner reads the entries: the list and the detail show every value (option choices, the
 *    upload, the formula's result, the total), the date in the site's time zone and formats.
 * 6. The CSV export has one column per input.
 * axe finds nothing in our markup on any screen visited (editor, block editor canvas, visitor
 * page on desktop and phone, confirmation, entries list, entry detail).
 *
 * One test, one step per stage: each stage starts where the one before left the site. Checks
 * that do not stop the walk are soft, so one run reports every broken part of the journey at once.
 * For the local-time check the site's time zone is set to Pacific/Auckland for a few seconds and
 * put back (its date and time formats are left alone).
 *
 * Run: node scripts/smtp-sink.mjs --detach; node scripts/e2e.mjs --native tests/e2e/journey.spec.ts
 * Without the sink, or on Playground, the test is skipped with the reason printed.
 */
import fs from 'node:fs';
import { test, expect } from '@wordpress/e2e-test-utils-playwright';
import type {
	Browser,
	BrowserContextOptions,
	Locator,
	Page,
} from '@playwright/test';
import {
	ANONYMOUS_STATE,
	type StoredForm,
	entriesOf,
	parseCsv,
	formReady,
} from './utils';
import { type SinkMessage, mailTo, sinkOrSkip } from './smtp-sink';
import { axeViolations, png, siteLocalTime, tabStops } from './journey/helpers';

/** Waits that follow a page load or a server round trip. */
const SLOW = { timeout: 30_000 };

const stamp = `${ Date.now() }-${ Math.floor( Math.random() * 1e6 ) }`;
const title = `Journey order ${ stamp }`;
const owner = `owner-${ stamp }@example.org`;
const ZONE = 'Pacific/Auckland';

/** The two visitors: what each one picks and what the form must make of it. */
const VISITORS = {
	desktop: {
		name: 'Ada Lovelace',
		email: `ada-${ stamp }@example.com`,
		extras: [ 'Gift wrap', 'Sticker' ],
		quantity: '2',
		grams: '360',
		total: '$47.00',
		totalMinor: 4700,
		file: 'ada-design.png',
	},
	phone: {
		name: 'Grace Hopper',
		email: `grace-${ stamp }@example.com`,
		extras: [ 'Express' ],
		quantity: '1',
		grams: '180',
		total: '$25.00',
		totalMinor: 2500,
		file: 'grace-design.png',
	},
};
type Visitor = ( typeof VISITORS )[ 'desktop' ];

/** Field ids as the editor numbers them, in the order the owner adds them (checked after saving). */
const F = {
	product: 1,
	extras: 2,
	quantity: 3,
	grams: 4,
	total: 5,
	page: 6,
	name: 7,
	email: 8,
	design: 9,
};
const PAGE_ONE = [ F.product, F.extras, F.quantity, F.grams, F.total ];
const PAGE_TWO = [ F.name, F.email, F.design ];

let sink = '';
let formId = 0;
let pageId = 0;
let pageUrl = '';
const entryIds: Record< keyof typeof VISITORS, number > = {
	desktop: 0,
	phone: 0,
};

/**
 * Adds a field from the palette and names it.
 *
 * @param page  Editor page.
 * @param type  The palette button's type name.
 * @param label Field label.
 */
async function addField( page: Page, type: string, label: string ) {
	await page
		.getByRole( 'button', { name: `Add ${ type } field`, exact: true } )
		.click();
	await page
		.locator( '.kestrel-forms-sidebar' )
		.getByLabel( 'Field label', { exact: true } )
		.fill( label );
}

/**
 * Every axe violation in our markup, as a soft check naming the screen.
 *
 * @param target Page or frame.
 * @param screen The screen's name for the report.
 */
async function expectAxeClean(
	target: Parameters< typeof axeViolations >[ 0 ],
	screen: string
) {
	const found = await axeViolations( target );
	expect
		.soft( found, `axe on ${ screen }:\n${ found.join( '\n' ) }` )
		.toEqual( [] );
}

/**
 * An anonymous visitor's context.
 *
 * @param browser Browser.
 * @param phone   A 390 px touch phone instead of a desktop.
 */
function visitorContext( browser: Browser, phone: boolean ) {
	const options: BrowserContextOptions = { storageState: ANONYMOUS_STATE };
	if ( phone ) {
		Object.assign( options, {
			viewport: { width: 390, height: 844 },
			deviceScaleFactor: 3,
			isMobile: true,
			hasTouch: true,
		} );
	}
	return browser.newContext( options );
}

/**
 * One visitor's walk through the published form, from the first page to the confirmation.
 *
 * @param page    The visitor's page.
 * @param visitor Who and what.
 * @param screen  "desktop" or "phone", for the reports.
 */
async function fillAsVisitor( page: Page, visitor: Visitor, screen: string ) {
	const id = formId;
	const field = ( n: number ) => page.locator( `#field_${ id }_${ n }` );
	const form = page.locator( `#kestrel-form-${ id }` );
	await page.goto( pageUrl );
	await formReady( form );
	await expect( form.getByText( 'Step 1 of 2' ) ).toBeVisible();
	if ( screen === 'phone' ) {
		expect
			.soft(
				await page.evaluate(
					() => document.documentElement.scrollWidth
				),
				'nothing wider than the phone'
			)
			.toBeLessThanOrEqual( 390 );
	}

	// Page 1: the order is visible, the contact page is not, and Tab reaches only page 1.
	for ( const n of PAGE_ONE ) {
		await expect
			.soft( field( n ), `${ screen }: field ${ n } on page 1` )
			.toBeVisible();
	}
	for ( const n of PAGE_TWO ) {
		await expect
			.soft( field( n ), `${ screen }: field ${ n } not on page 1` )
			.toBeHidden();
	}
	let stops = await tabStops( page, form );
	for ( const n of [ F.extras, F.quantity ] ) {
		expect
			.soft( stops, `${ screen }: Tab on page 1 reaches field ${ n }` )
			.toContain( `field_${ id }_${ n }` );
	}
	for ( const n of PAGE_TWO ) {
		expect
			.soft( stops, `${ screen }: Tab on page 1 skips field ${ n }` )
			.not.toContain( `field_${ id }_${ n }` );
	}

	// The separate quantity starts at 1, so the product alone totals its price.
	const quantity = page.locator( `#input_${ id }_${ F.quantity }` );
	const grams = page.locator( `#input_${ id }_${ F.grams }` );
	const total = page.locator( `#input_${ id }_${ F.total }` );
	await expect.soft( quantity ).toHaveValue( '1' );
	await expect.soft( total ).toHaveText( '$20.00' );
	await expect.soft( grams ).toHaveValue( '180' );
	await expectAxeClean( page, `the visitor's page 1 (${ screen })` );

	// On the phone a finger taps; on the desktop the mouse clicks.
	const press = ( target: Locator ) =>
		screen === 'phone' ? target.tap() : target.click();
	const extras = field( F.extras );
	for ( const choice of visitor.extras ) {
		const box = extras.getByRole( 'checkbox', {
			name: new RegExp( choice ),
		} );
		await press( box );
		await expect( box ).toBeChecked();
	}
	await quantity.fill( visitor.quantity );
	await expect( grams ).toHaveValue( visitor.grams );
	await expect( total ).toHaveText( visitor.total );

	await press( page.locator( `#form_next_button_${ id }_${ F.page }` ) );
	await expect( form.getByText( 'Step 2 of 2' ) ).toBeVisible();

	// Page 2: the reverse.
	for ( const n of PAGE_TWO ) {
		await expect
			.soft( field( n ), `${ screen }: field ${ n } on page 2` )
			.toBeVisible();
	}
	for ( const n of PAGE_ONE ) {
		await expect
			.soft( field( n ), `${ screen }: field ${ n } not on page 2` )
			.toBeHidden();
	}
	stops = await tabStops( page, form );
	for ( const n of PAGE_TWO ) {
		expect
			.soft( stops, `${ screen }: Tab on page 2 reaches field ${ n }` )
			.toContain( `field_${ id }_${ n }` );
	}
	for ( const n of PAGE_ONE ) {
		expect
			.soft( stops, `${ screen }: Tab on page 2 skips field ${ n }` )
			.not.toContain( `field_${ id }_${ n }` );
	}

	await page.locator( `#input_${ id }_${ F.name }` ).fill( visitor.name );
	await page.locator( `#input_${ id }_${ F.email }` ).fill( visitor.email );
	const design = field( F.design );
	await design
		.locator( 'input[type="file"]' )
		.setInputFiles( png( visitor.file ) );
	await expect(
		design.locator( '.kestrel-form__file[data-status="complete"]' )
	).toHaveCount( 1, SLOW );
	await expect( design ).toContainText( visitor.file );
	await expectAxeClean( page, `the visitor's page 2 (${ screen })` );

	await press( page.locator( `#form_submit_button_${ id }` ) );
	const confirmation = page.locator( '.kestrel-form__confirmation' );
	await expect( confirmation ).toBeVisible( SLOW );
	// The confirmation's merge tags, filled.
	await expect
		.soft( confirmation )
		.toHaveText(
			`Thanks ${ visitor.name }! Your total is ${ visitor.total }.`
		);
	await expectAxeClean( page, `the confirmation (${ screen })` );
}

test.describe( 'day one for a site owner', () => {
	test.beforeAll( async ( {}, testInfo ) => {
		// The journey ends with the mail; without the sink (or off the native stack) it says why.
		sink = await sinkOrSkip( testInfo );
	} );

	test.afterAll( async ( { requestUtils } ) => {
		if ( pageId ) {
			await requestUtils.rest( {
				method: 'DELETE',
				path: `/wp/v2/pages/${ pageId }`,
				params: { force: true },
			} );
		}
		if ( formId ) {
			await requestUtils.rest( {
				method: 'DELETE',
				path: `/kestrel-forms/v1/forms/${ formId }`,
				params: { force: true },
			} );
		}
	} );

	test( 'the owner builds, publishes, receives and reads; visitors order on a desktop and a phone', async ( {
		admin,
		editor,
		browser,
		page,
		requestUtils,
	} ) => {
		// A dozen screens, two visitors and the mail.
		test.setTimeout( 300_000 );
		await test.step( '1. the owner builds an order form in the editor, with notifications and a confirmation', async () => {
			// Forms → Add New Form: the template gallery, a blank form.
			// The submenu flies out when the pointer is over Forms.
			await admin.visitAdminPage( 'index.php' );
			const menu = page.locator( '#adminmenu' );
			await menu
				.getByRole( 'link', { name: 'Forms', exact: true } )
				.hover();
			await menu
				.getByRole( 'link', { name: 'Add New Form', exact: true } )
				.click();
			await page.getByLabel( 'Form title' ).fill( title );
			await page.getByRole( 'button', { name: 'Blank form' } ).click();
			await expect(
				page.getByRole( 'heading', { name: `Edit form: ${ title }` } )
			).toBeVisible( SLOW );
			formId = Number(
				new URL( page.url() ).searchParams.get( 'form_id' )
			);
			expect( formId ).toBeGreaterThan( 0 );
			const sidebar = page.locator( '.kestrel-forms-sidebar' );

			// Page 1: the order.
			await addField( page, 'Product', 'T-shirt' );
			await sidebar
				.getByLabel( 'Price', { exact: true } )
				.fill( '20.00' );
			await addField( page, 'Option', 'Extras' );
			await sidebar.getByLabel( 'Input type' ).selectOption( 'checkbox' );
			await sidebar.getByRole( 'button', { name: 'Bulk add' } ).click();
			await sidebar
				.getByLabel( 'One choice per line: label|price' )
				.fill( 'Gift wrap|2.50\nExpress|5.00\nSticker|1.00' );
			await sidebar
				.getByRole( 'button', {
					name: 'Replace the choices with these',
				} )
				.click();
			await expect( sidebar.getByLabel( 'Choice 3 label' ) ).toHaveValue(
				'Sticker'
			);
			await addField( page, 'Quantity', 'Quantity' );
			await addField( page, 'Number', 'Weight in grams' );
			await sidebar.getByLabel( 'Calculated from a formula' ).check();
			// The formula's field through the merge-tag picker, at the cursor.
			await sidebar
				.getByRole( 'button', {
					name: 'Insert merge tag into Formula',
				} )
				.click();
			await sidebar.getByLabel( 'Search merge tags' ).fill( 'Quantity' );
			await sidebar
				.getByRole( 'option', {
					name: new RegExp( `\\{Quantity:${ F.quantity }\\}` ),
				} )
				.click();
			const formula = sidebar.getByLabel( 'Formula', { exact: true } );
			await expect( formula ).toHaveValue( `{Quantity:${ F.quantity }}` );
			await formula.press( 'End' );
			await formula.pressSequentially( ' * 180' );
			await expect( sidebar.getByRole( 'alert' ) ).toHaveCount( 0 );
			await addField( page, 'Total', 'Total' );

			// Page 2: who orders, and their design.
			await addField( page, 'Page break', 'Your details' );
			await sidebar
				.getByLabel( 'Name of the page that starts here' )
				.fill( 'Your details' );
			await addField( page, 'Single line text', 'Your name' );
			await sidebar.getByLabel( 'Required' ).check();
			await addField( page, 'Email', 'Email' );
			await sidebar.getByLabel( 'Required' ).check();
			await addField( page, 'File upload', 'Your design' );
			await sidebar
				.getByLabel( 'Allowed extensions (comma-separated)' )
				.fill( 'png, jpg' );

			await expectAxeClean( page, 'the form editor (fields)' );

			// Form settings: the confirmation and two notifications.
			await page
				.locator( '.kestrel-forms-editor__actions' )
				.getByRole( 'button', { name: 'Form settings' } )
				.click();
			const settings = page.locator( '.kestrel-forms-form-settings' );
			await settings
				.getByRole( 'button', { name: 'Confirmations' } )
				.click();
			await settings
				.getByRole( 'button', { name: 'Edit Default confirmation' } )
				.click();
			await settings
				.getByLabel( 'Confirmation message', { exact: true } )
				.fill(
					`Thanks {Your name:${ F.name }}! Your total is {total}.`
				);

			await settings
				.getByRole( 'button', { name: 'Close Default confirmation' } )
				.click();

			await settings
				.getByRole( 'button', { name: 'Notifications' } )
				.click();
			// A new notification opens in its own card, the last of the list.
			const notification = settings
				.locator(
					'.kestrel-forms-notifications .kestrel-forms-settings-list__item'
				)
				.last();
			await settings
				.getByRole( 'button', { name: 'Add notification' } )
				.click();
			await notification
				.getByLabel( 'Name', { exact: true } )
				.fill( 'Owner' );
			await notification
				.getByLabel( 'Send to email', { exact: true } )
				.fill( owner );
			await notification
				.getByLabel( 'Subject', { exact: true } )
				.fill( `New order from {Your name:${ F.name }}` );
			// The message stays the default {all_fields}.
			await expect(
				notification.getByLabel( 'Message', { exact: true } )
			).toHaveValue( '{all_fields}' );
			await notification
				.getByRole( 'button', { name: 'Close Owner' } )
				.click();

			await settings
				.getByRole( 'button', { name: 'Add notification' } )
				.click();
			await expect(
				settings.locator(
					'.kestrel-forms-notifications .kestrel-forms-settings-list__item'
				)
			).toHaveCount( 2 );
			await notification
				.getByLabel( 'Name', { exact: true } )
				.fill( 'Customer' );
			await notification
				.getByRole( 'radio', { name: 'The address in a field' } )
				.check();
			await expect(
				notification.getByLabel( 'Email field' )
			).toHaveValue( String( F.email ) );
			// The subject through the merge-tag picker, as an owner who does not know the syntax.
			const subject = notification.getByLabel( 'Subject', {
				exact: true,
			} );
			await subject.fill( 'Your order, ' );
			await notification
				.getByRole( 'button', {
					name: 'Insert merge tag into Subject',
				} )
				.click();
			await notification
				.getByLabel( 'Search merge tags' )
				.fill( 'Your name' );
			await notification
				.getByRole( 'option', {
					name: new RegExp( `\\{Your name:${ F.name }\\}` ),
				} )
				.click();
			await expect( subject ).toHaveValue(
				`Your order, {Your name:${ F.name }}`
			);
			await notification
				.getByLabel( 'Message', { exact: true } )
				.fill(
					`Thanks {Your name:${ F.name }}!\n\nExtras: {Extras:${ F.extras }}\nWeight: {Weight in grams:${ F.grams }} g\nTotal: {total}\nYour design: {Your design:${ F.design }}`
				);
			await expectAxeClean( page, 'the form editor (settings)' );

			await page.getByRole( 'button', { name: 'Save form' } ).click();
			await expect(
				page.locator( '.kestrel-forms-editor__status' )
			).toHaveText( 'Saved', SLOW );

			// What was saved: the fields in order, with the ids the journey uses.
			const saved = await requestUtils.rest<
				StoredForm & {
					notifications?: Array< Record< string, unknown > >;
					confirmations?: Array< Record< string, unknown > >;
				}
			>( { path: `/kestrel-forms/v1/forms/${ formId }` } );
			expect(
				saved.fields.map( ( f ) => [ f.id, f.type, f.label ] )
			).toEqual( [
				[ F.product, 'product', 'T-shirt' ],
				[ F.extras, 'option', 'Extras' ],
				[ F.quantity, 'quantity', 'Quantity' ],
				[ F.grams, 'number', 'Weight in grams' ],
				[ F.total, 'total', 'Total' ],
				[ F.page, 'page', 'Your details' ],
				[ F.name, 'text', 'Your name' ],
				[ F.email, 'email', 'Email' ],
				[ F.design, 'fileupload', 'Your design' ],
			] );
			expect( saved.fields[ 1 ] ).toMatchObject( {
				inputType: 'checkbox',
				productField: F.product,
				choices: [
					{ text: 'Gift wrap', price: '2.50' },
					{ text: 'Express', price: '5.00' },
					{ text: 'Sticker', price: '1.00' },
				],
			} );
			expect( saved.fields[ 3 ] ).toMatchObject( {
				enableCalculation: true,
				calculationFormula: `{Quantity:${ F.quantity }} * 180`,
			} );
			expect( saved.notifications ).toEqual( [
				expect.objectContaining( { name: 'Owner', to: owner } ),
				expect.objectContaining( {
					name: 'Customer',
					toType: 'field',
					toField: String( F.email ),
				} ),
			] );
		} );

		await test.step( '2. the owner publishes it on a page with the block', async () => {
			await admin.createNewPost( {
				postType: 'page',
				title: `Order ${ stamp }`,
			} );
			await editor.insertBlock( {
				name: 'kestrel-forms/form',
				attributes: { formId },
			} );
			const block = editor.canvas.locator(
				'.wp-block-kestrel-forms-form'
			);
			await expect( block.locator( '.kestrel-form__title' ) ).toHaveText(
				title,
				SLOW
			);
			// The preview is the visitor's first page: the order, not the contact details.
			await expect
				.soft( block.locator( `#field_${ formId }_${ F.quantity }` ) )
				.toBeVisible();
			await expect
				.soft( block.locator( `#field_${ formId }_${ F.email }` ) )
				.toBeHidden();
			const canvas = page.frame( { name: 'editor-canvas' } );
			if ( canvas ) {
				await expectAxeClean( canvas, 'the block editor canvas' );
			} else {
				await expectAxeClean( page, 'the block editor' );
			}
			expect( await editor.getEditedPostContent() ).toBe(
				`<!-- wp:kestrel-forms/form {"formId":${ formId }} /-->`
			);
			pageId = ( await editor.publishPost() ) ?? 0;
			expect( pageId ).toBeGreaterThan( 0 );
			const published = await requestUtils.rest< {
				link: string;
				status: string;
			} >( { path: `/wp/v2/pages/${ pageId }` } );
			expect( published.status ).toBe( 'publish' );
			pageUrl = published.link;
		} );

		await test.step( '3a. an anonymous visitor orders on a desktop', async () => {
			const context = await visitorContext( browser, false );
			try {
				await fillAsVisitor(
					await context.newPage(),
					VISITORS.desktop,
					'desktop'
				);
			} finally {
				await context.close();
			}
			const [ entry ] = await entriesOf( requestUtils, formId );
			entryIds.desktop = entry.id;
			expect( entry.pricing?.total_minor ).toBe(
				VISITORS.desktop.totalMinor
			);
		} );

		await test.step( '3b. an anonymous visitor orders on a 390 px phone', async () => {
			const context = await visitorContext( browser, true );
			try {
				const phone = await context.newPage();
				expect( phone.viewportSize()?.width ).toBe( 390 );
				await fillAsVisitor( phone, VISITORS.phone, 'phone' );
			} finally {
				await context.close();
			}
			const [ entry ] = await entriesOf( requestUtils, formId );
			expect( entry.id ).not.toBe( entryIds.desktop );
			entryIds.phone = entry.id;
			expect( entry.pricing?.total_minor ).toBe(
				VISITORS.phone.totalMinor
			);
		} );

		await test.step( "4. the owner's and the customers' emails arrive over SMTP with the right values", async () => {
			// Both orders, one message each to the owner.
			await expect
				.poll(
					async () => ( await mailTo( sink, owner ) ).length,
					SLOW
				)
				.toBe( 2 );
			const ownerMail = await mailTo( sink, owner );
			for ( const key of [ 'desktop', 'phone' ] as const ) {
				const v = VISITORS[ key ];
				const others = Object.values( VISITORS )
					.flatMap( ( o ) => o.extras )
					.filter( ( e ) => ! v.extras.includes( e ) );

				const mine = ownerMail.find(
					( m: SinkMessage ) =>
						m.subject === `New order from ${ v.name }`
				);
				expect(
					mine,
					`the owner's mail about ${ v.name }`
				).toBeTruthy();
				const text = mine!.text ?? '';
				for ( const expected of [
					`Your name: ${ v.name }`,
					`Email: ${ v.email }`,
					`Quantity: ${ v.quantity }`,
					`Weight in grams: ${ v.grams }`,
					`Total: ${ v.total }`,
					v.file,
					...v.extras,
				] ) {
					expect
						.soft(
							text,
							`owner's mail (${ key }) has "${ expected }"`
						)
						.toContain( expected );
				}
				for ( const absent of others ) {
					expect
						.soft(
							text,
							`owner's mail (${ key }) lacks "${ absent }"`
						)
						.not.toContain( absent );
				}
				expect.soft( mine!.html ?? '' ).toContain( v.total );

				const [ toCustomer, ...more ] = await mailTo( sink, v.email );
				expect( more ).toEqual( [] );
				expect( toCustomer.envelope.to ).toEqual( [ v.email ] );
				expect( toCustomer.subject ).toBe( `Your order, ${ v.name }` );
				const body = toCustomer.text ?? '';
				expect.soft( body ).toContain( `Thanks ${ v.name }!` );
				expect
					.soft( body )
					.toMatch(
						new RegExp( `Extras: .*${ v.extras.join( '.*' ) }` )
					);
				for ( const absent of others ) {
					expect.soft( body ).not.toContain( absent );
				}
				expect.soft( body ).toContain( `Weight: ${ v.grams } g` );
				expect.soft( body ).toContain( `Total: ${ v.total }` );
				expect.soft( body ).toContain( `Your design: ` );
				expect.soft( body ).toContain( v.file );
			}
		} );

		await test.step( '5-6. the owner reads every value in Entries, in local time, and exports one CSV column per input', async () => {
			// The site in Auckland, so a UTC time cannot pass for a local one; its own date and time
			// formats stay (other specs may run against the site meanwhile), and the expected text
			// is made with them by @wordpress/date, as the screens make it.
			const before = await requestUtils.rest< {
				timezone: string;
				date_format: string;
				time_format: string;
			} >( { path: '/wp/v2/settings' } );
			await requestUtils.rest( {
				method: 'POST',
				path: '/wp/v2/settings',
				data: {
					timezone: ZONE,
				},
			} );
			try {
				const v = VISITORS.desktop;
				const entryId = entryIds.desktop;
				// Forms → Entries, the form picked.
				await admin.visitAdminPage(
					'admin.php',
					`page=kestrel-forms-entries&form_id=${ formId }`
				);
				const rows = page.locator( 'tr:has([data-entry-id])' );
				await expect( rows ).toHaveCount( 2, SLOW );
				const row = page.locator(
					`tr:has([data-entry-id="${ entryId }"])`
				);
				// The option checkboxes' choices in the list (issue 14, item 2).
				await expect
					.soft( row, 'the option choices in the list' )
					.toContainText( v.extras.join( ', ' ) );
				const [ stored ] = (
					await entriesOf( requestUtils, formId )
				).filter( ( e ) => e.id === entryId );
				const local = siteLocalTime(
					stored.created_at,
					`${ before.date_format } ${ before.time_format }`,
					ZONE
				);
				await expect
					.soft( row, 'the list shows the local time' )
					.toContainText( local );
				await expectAxeClean( page, 'the entries list' );

				// The entry.
				await row
					.getByRole( 'link', {
						name: `Entry #${ entryId }`,
						exact: true,
					} )
					.click();
				await expect( page ).toHaveURL(
					new RegExp( `entry_id=${ entryId }$` ),
					SLOW
				);
				const values = page.locator( 'table.kestrel-forms-entry' );
				await expect( values ).toBeVisible( SLOW );
				const value = ( n: number ) =>
					values.locator( `tr[data-field-id="${ n }"] td` );
				for ( const choice of v.extras ) {
					await expect
						.soft(
							value( F.extras ),
							'option choices on the entry'
						)
						.toContainText( choice );
				}
				await expect
					.soft( value( F.extras ) )
					.not.toContainText( 'Express' );
				await expect
					.soft( value( F.product ) )
					.toContainText( 'T-shirt' );
				await expect
					.soft( value( F.quantity ) )
					.toHaveText( v.quantity );
				await expect.soft( value( F.grams ) ).toHaveText( v.grams );
				await expect.soft( value( F.total ) ).toHaveText( v.total );
				await expect.soft( value( F.name ) ).toHaveText( v.name );
				await expect.soft( value( F.email ) ).toHaveText( v.email );
				await expect
					.soft(
						value( F.design ).getByRole( 'link', { name: v.file } )
					)
					.toBeVisible();
				const submitted = page
					.locator( 'table.kestrel-forms-entry-meta tr' )
					.filter( { hasText: 'Submitted' } )
					.locator( 'time' );
				await expect.soft( submitted ).toContainText( local );
				await expect
					.soft( page.getByText( /\(UTC\)/ ) )
					.toHaveCount( 0 );
				await expectAxeClean( page, 'the entry detail' );

				// Back to the list, and the CSV.
				await page
					.getByRole( 'link', { name: /Back to entries/ } )
					.click();
				await expect( rows ).toHaveCount( 2, SLOW );
				const download = page.waitForEvent( 'download', SLOW );
				await page.getByRole( 'link', { name: 'Export CSV' } ).click();
				const csv = parseCsv(
					fs
						.readFileSync(
							( await ( await download ).path() ) as string,
							'utf8'
						)
						.replace( /^\uFEFF/, '' )
				);
				const [ head, ...body ] = csv;
				const line = body.find( ( r ) => r[ 0 ] === String( entryId ) );
				expect( line, 'the desktop entry in the CSV' ).toBeTruthy();
				const cell = ( heading: string ) => {
					const i = head.indexOf( heading );
					return i < 0
						? `(no column ${ heading } in: ${ head.join( ' | ' ) })`
						: line![ i ];
				};
				// One column per input: the product's name and unit price (its quantity input is
				// the separate Quantity field, a column of its own), each option choice, each
				// value field; no payment columns (the form takes no payment).
				expect
					.soft( head )
					.toEqual( [
						'Entry',
						`Submitted (${ ZONE })`,
						'Status',
						'Starred',
						'T-shirt (Name)',
						'T-shirt (Price)',
						'Extras (Gift wrap)',
						'Extras (Express)',
						'Extras (Sticker)',
						'Quantity',
						'Weight in grams',
						'Total',
						'Your name',
						'Email',
						'Your design',
					] );
				expect.soft( line![ 1 ] ).toBe( local );
				// Option choices: the ticked ones named, the others empty.
				expect.soft( cell( 'Extras (Gift wrap)' ) ).toBe( 'Gift wrap' );
				expect.soft( cell( 'Extras (Express)' ) ).toBe( '' );
				expect.soft( cell( 'Extras (Sticker)' ) ).toBe( 'Sticker' );
				expect.soft( cell( 'T-shirt (Name)' ) ).toBe( 'T-shirt' );
				expect.soft( cell( 'T-shirt (Price)' ) ).toBe( '$20.00' );
				expect.soft( cell( 'Quantity' ) ).toBe( v.quantity );
				expect.soft( cell( 'Weight in grams' ) ).toBe( v.grams );
				expect.soft( cell( 'Total' ) ).toBe( v.total );
				expect.soft( cell( 'Your name' ) ).toBe( v.name );
				expect.soft( cell( 'Email' ) ).toBe( v.email );
				expect.soft( cell( 'Your design' ) ).toBe( v.file );
			} finally {
				await requestUtils.rest( {
					method: 'POST',
					path: '/wp/v2/settings',
					data: {
						timezone: before.timezone,
					},
				} );
			}
		} );
	} );
} );
