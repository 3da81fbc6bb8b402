/**
 * The first vertical slice: a visitor submits a form on a page, an admin reads the entry.
 */
import { test, expect } from '@wordpress/e2e-test-utils-playwright';
import {
	ANONYMOUS_STATE,
	contactForm,
	createFormPage,
	entriesOf,
	formReady,
} from './utils';

test.describe( 'visitor submission', () => {
	test.use( { storageState: ANONYMOUS_STATE } );
	// A double submit that happens only sometimes must fail the run, not pass on a retry.
	test.describe.configure( { retries: 0 } );

	test( 'fills in and submits a form, then the admin finds the entry', async ( {
		page,
		requestUtils,
		browser,
	} ) => {
		const { form, pageUrl } = await createFormPage(
			requestUtils,
			contactForm( 'E2E contact' )
		);
		const id = form.id;

		await page.goto( pageUrl );
		const container = page.locator( `#kestrel-form-${ id }` );
		await formReady( container );
		await expect(
			page.getByRole( 'heading', { name: 'E2E contact', exact: true } )
		).toBeVisible();

		// The helpers for site developers are exposed next to the hooks.
		expect(
			await page.evaluate( () => {
				const utils = (
					window as unknown as {
						kestrelForms: {
							utils: Record<
								string,
								( ...a: unknown[] ) => unknown
							>;
						};
					}
				 ).kestrelForms.utils;
				// The page knows its forms' currencies (USD here); others are registered.
				const unknownEuro = utils.formatMoney( 1234.5, 'EUR' );
				utils.registerCurrencies( {
					EUR: {
						code: 'EUR',
						name: 'Euro',
						symbol_left: '',
						symbol_right: '€',
						symbol_padding: ' ',
						thousand_separator: '.',
						decimal_separator: ',',
						decimals: 2,
					},
				} );
				return [
					utils.formatMoney( 1.3 - 1.15, 'USD' ),
					utils.evaluateFormula( '(2+3)*4' ),
					utils.toNumber( '1.234,5', 'decimal_comma' ),
					utils.cardType( '4111 1111' ),
					unknownEuro,
					utils.formatMoney( 1234.5, 'EUR' ),
				];
			} )
		).toEqual( [ '$0.15', 20, 1234.5, 'visa', '$1,234.50', '1.234,50 €' ] );
		await page.locator( `#input_${ id }_1` ).fill( 'Ada Lovelace' );
		await page
			.getByLabel( 'Email', { exact: false } )
			.first()
			.fill( 'ada@example.org' );
		await page.locator( `#input_${ id }_3_2` ).check();
		await page.locator( `#input_${ id }_4_2` ).check();
		await page.locator( `#input_${ id }_5` ).fill( 'Hello\nthere' );
		await page.locator( `#form_submit_button_${ id }` ).click();

		const confirmation = page.locator( '.kestrel-form__confirmation' );
		await expect( confirmation ).toHaveText( 'Thanks, we got it!' );
		await expect( confirmation ).toBeFocused();
		await expect( page.getByRole( 'status' ) ).toHaveText(
			'Thanks, we got it!'
		);
		await expect(
			page.locator( `#form_submit_button_${ id }` )
		).toHaveCount( 0 );

		const entries = await entriesOf( requestUtils, id );
		expect( entries ).toHaveLength( 1 );
		expect( entries[ 0 ].values ).toEqual( {
			1: 'Ada Lovelace',
			2: 'ada@example.org',
			3: 'phone',
			'4.2': 'events',
			5: 'Hello\nthere',
		} );
		expect( entries[ 0 ].user_id ).toBe( 0 );
		expect( entries[ 0 ].source_url ).toBe( pageUrl );

		// The admin entries screen lists it and shows its detail.
		const adminContext = await browser.newContext( {
			storageState: process.env.STORAGE_STATE_PATH,
		} );
		const adminPage = await adminContext.newPage();
		await adminPage.goto(
			`/wp-admin/admin.php?page=kestrel-forms-entries&form_id=${ id }`
		);
		const row = adminPage.locator(
			`tr:has([data-entry-id="${ entries[ 0 ].id }"])`
		);
		await expect( row ).toContainText( 'Ada Lovelace' );
		await expect( row ).toContainText( 'Phone' );
		await row.getByRole( 'link' ).first().click();
		await expect(
			adminPage.locator( '.kestrel-forms-entry' )
		).toContainText( 'ada@example.org' );
		await expect(
			adminPage.locator( '.kestrel-forms-entry' )
		).toContainText( 'Events' );
		await adminContext.close();
	} );

	test( 'shows validation errors inline and in a focused summary, keeping the input', async ( {
		page,
		requestUtils,
	} ) => {
		const { form, pageUrl } = await createFormPage(
			requestUtils,
			contactForm( 'E2E validation' )
		);
		const id = form.id;
		await page.goto( pageUrl );
		await formReady( page.locator( `#kestrel-form-${ id }` ) );

		await page.locator( `#input_${ id }_2` ).fill( 'not-an-email' );
		await page.locator( `#form_submit_button_${ id }` ).click();

		const summary = page.locator( `#kestrel_form_errors_${ id }` );
		await expect( summary ).toBeFocused();
		await expect( summary ).toContainText(
			'There was a problem with your submission'
		);
		await expect(
			page.locator( `#validation_message_${ id }_1` )
		).toHaveText( 'This field is required.' );
		await expect(
			page.locator( `#validation_message_${ id }_2` )
		).toHaveText( 'Please enter a valid email address.' );
		await expect( page.locator( `#input_${ id }_1` ) ).toHaveAttribute(
			'aria-invalid',
			'true'
		);
		await expect( page.locator( `#input_${ id }_2` ) ).toHaveValue(
			'not-an-email'
		);
		// Announced to screen readers after the spec's 1 s delay.
		await expect( page.getByRole( 'status' ) ).toContainText(
			'This field is required.'
		);
		expect( await entriesOf( requestUtils, id ) ).toHaveLength( 0 );

		// The summary links move focus to the field.
		await summary.getByRole( 'link', { name: /Name/ } ).click();
		await expect( page.locator( `#input_${ id }_1` ) ).toBeFocused();

		// The server's own validation: the admin tightened the form after the page loaded.
		const tightened = contactForm( 'E2E validation' );
		(
			tightened.fields as Array< Record< string, unknown > >
		 )[ 0 ].maxLength = 3;
		await requestUtils.rest( {
			method: 'PUT',
			path: `/kestrel-forms/v1/forms/${ id }`,
			data: tightened,
		} );

		await page.locator( `#input_${ id }_1` ).fill( 'Ada Lovelace' );
		await page.locator( `#input_${ id }_2` ).fill( 'ada@example.org' );
		await page.locator( `#form_submit_button_${ id }` ).click();
		await expect(
			page.locator( `#validation_message_${ id }_1` )
		).toHaveText( 'Please enter at most 3 characters.' );
		await expect( page.locator( `#input_${ id }_1` ) ).toHaveValue(
			'Ada Lovelace'
		);
		await expect(
			page.locator( `#form_submit_button_${ id }` )
		).toBeEnabled();
		expect( await entriesOf( requestUtils, id ) ).toHaveLength( 0 );

		await page.locator( `#input_${ id }_1` ).fill( 'Ada' );
		await page.locator( `#form_submit_button_${ id }` ).click();
		await expect(
			page.locator( '.kestrel-form__confirmation' )
		).toBeVisible();
		expect( await entriesOf( requestUtils, id ) ).toHaveLength( 1 );
	} );

	test( 'a double click makes one entry, with a spinner while it is in flight', async ( {
		page,
		requestUtils,
	} ) => {
		const { form, pageUrl } = await createFormPage(
			requestUtils,
			contactForm( 'E2E double click' ),
			'block'
		);
		const id = form.id;
		await page.goto( pageUrl );
		await formReady( page.locator( `#kestrel-form-${ id }` ) );
		await page.locator( `#input_${ id }_1` ).fill( 'Grace' );
		await page.locator( `#input_${ id }_2` ).fill( 'grace@example.org' );

		// Hold the request so the in-flight state can be observed.
		let release: () => void = () => {};
		const held = new Promise< void >(
			( resolve ) => ( release = resolve )
		);
		let requests = 0;
		await page.route(
			`**/kestrel-forms/v1/forms/${ id }/submissions**`,
			async ( route ) => {
				requests++;
				await held;
				await route.continue();
			}
		);
		await page.route(
			`**rest_route=%2Fkestrel-forms%2Fv1%2Fforms%2F${ id }%2Fsubmissions**`,
			async ( route ) => {
				requests++;
				await held;
				await route.continue();
			}
		);

		const button = page.locator( `#form_submit_button_${ id }` );
		// Two clicks in one task, before React re-renders, then a real double click.
		await button.evaluate( ( el: HTMLButtonElement ) => {
			el.click();
			el.click();
		} );
		await button.dblclick( { force: true } );
		await expect( button ).toBeDisabled();
		await expect( page.locator( '.kestrel-form__spinner' ) ).toBeVisible();
		release();

		await expect(
			page.locator( '.kestrel-form__confirmation' )
		).toBeVisible();
		expect( requests ).toBe( 1 );
		expect( await entriesOf( requestUtils, id ) ).toHaveLength( 1 );
	} );

	test( 'a page cached for visitors carries no REST nonce and submits as the visitor it is', async ( {
		page,
		requestUtils,
	} ) => {
		const { form, pageUrl } = await createFormPage(
			requestUtils,
			contactForm( 'E2E cached page' )
		);
		const id = form.id;
		await page.goto( pageUrl );
		await formReady( page.locator( `#kestrel-form-${ id }` ) );
		// Nothing in the page can go stale: no nonce is printed for a visitor, and the page
		// does not load api-fetch (which would print one).
		// (Read from the page as served: the form's script replaces the container's content.)
		const served = await ( await page.request.get( pageUrl ) ).text();
		const json = served.match(
			/<script type="application\/json" class="kestrel-form__data">(.*?)<\/script>/s
		);
		const data = JSON.parse( json?.[ 1 ] ?? '{}' ) as {
			rest: { nonce?: string | null; anonymous?: boolean };
		};
		expect( data.rest.anonymous ).toBe( true );
		expect( data.rest.nonce ?? null ).toBeNull();
		expect(
			await page.evaluate(
				() =>
					!! ( window as unknown as { wp?: { apiFetch?: unknown } } )
						.wp?.apiFetch
			)
		).toBe( false );
		await page.locator( `#input_${ id }_1` ).fill( 'Ada' );
		await page.locator( `#input_${ id }_2` ).fill( 'ada@example.org' );
		await page.locator( `#form_submit_button_${ id }` ).click();
		await expect(
			page.locator( '.kestrel-form__confirmation' )
		).toHaveText( 'Thanks, we got it!' );
		const entries = await entriesOf( requestUtils, id );
		expect( entries ).toHaveLength( 1 );
		expect( entries[ 0 ].user_id ).toBe( 0 );
	} );
} );

test.describe( 'signed-in submission', () => {
	test.describe.configure( { retries: 0 } );

	test( 'a signed-in visitor whose page kept a stale REST nonce gets a fresh one and stays signed in', async ( {
		page,
		requestUtils,
	} ) => {
		const { form, pageUrl } = await createFormPage(
			requestUtils,
			contactForm( 'E2E stale nonce' )
		);
		const id = form.id;
		// What a page left open for a day looks like: its nonce has expired.
		await page.route( pageUrl, async ( route ) => {
			const response = await route.fetch();
			const html = ( await response.text() ).replace(
				/"nonce":"[a-f0-9]{10}"/,
				'"nonce":"0000000000"'
			);
			await route.fulfill( { response, body: html } );
		} );
		await page.goto( pageUrl );
		await formReady( page.locator( `#kestrel-form-${ id }` ) );
		const refused = page.waitForResponse(
			( r ) => r.url().includes( '/submissions' ) && r.status() === 403
		);
		await page.locator( `#input_${ id }_1` ).fill( 'Ada' );
		await page.locator( `#input_${ id }_2` ).fill( 'ada@example.org' );
		await page.locator( `#form_submit_button_${ id }` ).click();
		await refused;
		// Three requests in a row (refused, a fresh nonce, the submission again).
		await expect(
			page.locator( '.kestrel-form__confirmation' )
		).toHaveText( 'Thanks, we got it!', { timeout: 60_000 } );
		const entries = await entriesOf( requestUtils, id );
		expect( entries ).toHaveLength( 1 );
		expect( entries[ 0 ].user_id ).toBeGreaterThan( 0 );
	} );
} );
