/**
 * Server-printed forms in a real browser (issue 19, docs/server-rendering.md): the page shows the
 * whole form before any script of ours runs, React takes over that markup without re-rendering it
 * (a mismatch would mark the container `data-kestrel-hydration="recovered"`), nothing moves when
 * the scripts arrive, and what a visitor typed before them stays.
 */
import { test, expect } from '@wordpress/e2e-test-utils-playwright';
import type { Page } from '@playwright/test';
import { ANONYMOUS_STATE, createFormPage, formReady } from './utils';

/**
 * A form with most field types a visitor meets, on two pages.
 *
 * @param title The form's title.
 */
const wideForm = ( title: string ) => ( {
	title,
	description: 'Every control, printed by the server.',
	currency: 'USD',
	fields: [
		{ id: 1, type: 'text', label: 'Title', defaultValue: 'Dr' },
		{ id: 2, type: 'email', label: 'Email', isRequired: true },
		{ id: 3, type: 'number', label: 'Guests', defaultValue: '2' },
		{
			id: 4,
			type: 'select',
			label: 'Size',
			choices: [
				{ text: 'Small', value: 's' },
				{ text: 'Large', value: 'l', isSelected: true },
			],
		},
		{
			id: 5,
			type: 'radio',
			label: 'Colour',
			enableOtherChoice: true,
			choices: [
				{ text: 'Red', value: 'red' },
				{ text: 'Blue', value: 'blue' },
			],
		},
		{
			id: 6,
			type: 'checkbox',
			label: 'Extras',
			choices: [
				{ text: 'Tea', value: 'tea', isSelected: true },
				{ text: 'Cake', value: 'cake' },
			],
		},
		{ id: 7, type: 'textarea', label: 'Notes' },
		{ id: 8, type: 'name', label: 'Name' },
		{ id: 9, type: 'address', label: 'Address', addressType: 'us' },
		{ id: 10, type: 'phone', label: 'Phone', phoneFormat: 'standard' },
		{
			id: 11,
			type: 'date',
			label: 'Day',
			dateType: 'datepicker',
			dateFormat: 'mdy',
		},
		{ id: 12, type: 'time', label: 'Time', timeFormat: '12' },
		{ id: 13, type: 'website', label: 'Website' },
		{
			id: 14,
			type: 'consent',
			label: 'Terms',
			checkboxLabel: 'I agree',
		},
		{
			id: 15,
			type: 'multiselect',
			label: 'Topics',
			enableEnhancedUI: true,
			choices: [
				{ text: 'News', value: 'news' },
				{ text: 'Events', value: 'events' },
			],
		},
		{ id: 16, type: 'html', content: '<p>Read this first.</p>' },
		{ id: 17, type: 'section', label: 'Order' },
		{
			id: 18,
			type: 'product',
			label: 'Ticket',
			inputType: 'singleproduct',
			basePrice: '12.50',
		},
		{ id: 19, type: 'total', label: 'Total' },
		{ id: 20, type: 'page' },
		{
			id: 21,
			type: 'list',
			label: 'People',
			columns: [ 'Name', 'Age' ],
		},
		{ id: 22, type: 'fileupload', label: 'Files', multipleFiles: true },
		{ id: 23, type: 'password', label: 'Password' },
	],
} );

/**
 * Opens a page and waits for every form on it to be taken over by React.
 *
 * @param page The page.
 * @param url  Its address.
 */
async function openAndHydrate( page: Page, url: string ) {
	const warnings: string[] = [];
	page.on( 'console', ( message ) => {
		if ( /did not match|Hydration|hydrat/i.test( message.text() ) ) {
			warnings.push( message.text() );
		}
	} );
	await page.goto( url );
	const form = page.locator( '.kestrel-form[data-kestrel-form-id]' ).first();
	await formReady( form, {
		timeout: 30_000,
	} );
	return { form, warnings };
}

test.describe( 'server-printed forms', () => {
	test.use( { storageState: ANONYMOUS_STATE } );

	test( 'the demo page’s form is printed by the server and taken over without a mismatch', async ( {
		page,
	} ) => {
		const { form, warnings } = await openAndHydrate(
			page,
			'/kestrel-forms-demo/'
		);
		await expect( form ).toHaveAttribute(
			'data-kestrel-hydration',
			'clean'
		);
		expect( warnings ).toEqual( [] );
	} );

	test( 'a form with most field types is printed, visible and typeable before our scripts run, and hydrates cleanly', async ( {
		page,
		requestUtils,
	} ) => {
		const { form: stored, pageUrl } = await createFormPage(
			requestUtils,
			wideForm( 'E2E server-printed' )
		);
		const id = stored.id;

		// Hold our visitor script: what shows now is the server's markup alone.
		let release: () => void = () => {};
		const held = new Promise< void >(
			( resolve ) => ( release = resolve )
		);
		await page.route(
			/kestrel-forms\/build\/form-view\.js/,
			async ( route ) => {
				await held;
				await route.continue();
			}
		);
		// (Not 'domcontentloaded': that event waits for deferred scripts, ours included.)
		await page.goto( pageUrl, { waitUntil: 'commit' } );
		const container = page.locator( `#kestrel-form-${ id }` );
		await expect( page.locator( `#input_${ id }_1` ) ).toBeVisible( {
			timeout: 30_000,
		} );
		await expect( container ).not.toHaveAttribute( 'data-kestrel-ready' );
		// The whole first page is there: labels, defaults, choices, the total.
		await expect( page.locator( `#input_${ id }_1` ) ).toHaveValue( 'Dr' );
		await expect( page.locator( `#input_${ id }_4` ) ).toHaveValue( 'l' );
		await expect( page.getByLabel( 'Tea' ) ).toBeChecked();
		await expect( page.getByText( 'Read this first.' ) ).toBeVisible();
		await expect(
			container.locator( '.kestrel-form__field--total' )
		).toContainText( '$12.50' );
		// The second page is printed hidden, as the browser keeps it.
		await expect(
			page.locator( `#kestrel_form_page_${ id }_2` )
		).toBeHidden();
		// Where the form sits in the document (not the viewport: typing scrolls the page).
		const place = () =>
			container.evaluate( ( element ) => {
				const box = element.getBoundingClientRect();
				return {
					top: box.top + window.scrollY,
					width: box.width,
					height: box.height,
				};
			} );
		const before = await place();

		// The visitor types before the script arrives.
		await page.locator( `#input_${ id }_2` ).fill( 'early@example.org' );
		await page.locator( `#input_${ id }_7` ).fill( 'Typed early' );

		release();
		await formReady( container, {
			timeout: 30_000,
		} );
		await expect( container ).toHaveAttribute(
			'data-kestrel-hydration',
			'clean'
		);
		// What was typed is still there, and now in the form's state.
		await expect( page.locator( `#input_${ id }_2` ) ).toHaveValue(
			'early@example.org'
		);
		await expect( page.locator( `#input_${ id }_7` ) ).toHaveValue(
			'Typed early'
		);
		// Nothing moved when the script took over: same place, same size (the enhanced controls
		// that replace the basic ones after hydration may change the height by a little).
		const after = await place();
		expect( after.top ).toBe( before.top );
		expect( after.width ).toBe( before.width );
		expect( Math.abs( after.height - before.height ) ).toBeLessThan(
			before.height * 0.05
		);
	} );
} );
