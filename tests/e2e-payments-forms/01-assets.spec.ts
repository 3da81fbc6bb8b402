/**
 * P1 check 1: the SDK and the field script load only on pages with a payment form, exactly once,
 * from the configured environment's URL, and no secret reaches the page.
 */
import { test, expect } from '@wordpress/e2e-test-utils-playwright';
import { ANONYMOUS_STATE, contactForm } from '../e2e/utils';
import {
	SANDBOX,
	SANDBOX_CREDENTIALS,
	TABLE_PREFIX,
	cardIframe,
	createFormPage,
	openForm,
	orderForm,
	sql,
} from './utils';

/** The stored webhook signature keys (the option is serialized PHP), if any. */
function storedSignatureKeys(): string[] {
	const raw = sql(
		`SELECT option_value FROM ${ TABLE_PREFIX }options WHERE option_name = 'kestrel_forms_payments'`
	);
	return [ ...raw.matchAll( /"signature_key";s:\d+:"([^"]+)"/g ) ]
		.map( ( m ) => m[ 1 ] )
		.filter( ( key ) => key.length >= 8 );
}

test.describe( 'payments assets (P1 check 1)', () => {
	test.use( { storageState: ANONYMOUS_STATE } );

	test( 'check 1: assets only on payment pages, exactly once, from the configured URL, no token or key in the source', async ( {
		page,
		requestUtils,
	} ) => {
		const plain = await createFormPage(
			requestUtils,
			contactForm( 'P1 check 1 plain' )
		);
		const paid = await createFormPage(
			requestUtils,
			orderForm( 'P1 check 1 payment' )
		);
		const scripts: string[] = [];
		page.on( 'request', ( request ) => {
			if ( request.resourceType() === 'script' ) {
				scripts.push( request.url() );
			}
		} );
		const isSdk = ( url: string ) => /\/v1\/square\.js(\?|$)/.test( url );
		const isField = ( url: string ) =>
			/\/build\/payment-field\.js(\?|$)/.test( url );

		// A form without a payment field: neither script, neither handle.
		await page.goto( plain.pageUrl );
		const plainForm = page.locator( `#kestrel-form-${ plain.form.id }` );
		// Its scripts wait for the visitor's intent (docs/server-rendering.md §6).
		await plainForm.hover( { position: { x: 4, y: 4 } } );
		await expect( plainForm ).toHaveAttribute(
			'data-kestrel-ready',
			'true'
		);
		expect( scripts.filter( isSdk ) ).toEqual( [] );
		expect( scripts.filter( isField ) ).toEqual( [] );
		await expect(
			page.locator(
				'#kestrel-forms-payments-sdk-js, #kestrel-forms-payment-field-js'
			)
		).toHaveCount( 0 );

		// A payment form: each once, the SDK from the sandbox (the configured environment).
		const source = await ( await page.request.get( paid.pageUrl ) ).text();
		scripts.length = 0;
		await openForm( page, paid.pageUrl, paid.form.id );
		await expect(
			page.locator( 'script#kestrel-forms-payments-sdk-js' )
		).toHaveCount( 1 );
		await expect(
			page.locator( 'script#kestrel-forms-payments-sdk-js' )
		).toHaveAttribute(
			'src',
			new RegExp(
				`^${ SANDBOX.replace( /\./g, '\\.' ) }/v1/square\\.js(\\?|$)`
			)
		);
		await expect(
			page.locator( 'script#kestrel-forms-payment-field-js' )
		).toHaveCount( 1 );
		expect( scripts.filter( isSdk ) ).toHaveLength( 1 );
		expect( scripts.filter( isField ) ).toHaveLength( 1 );
		expect(
			scripts
				.filter( isSdk )
				.every( ( url ) =>
					url.startsWith( `${ SANDBOX }/v1/square.js` )
				)
		).toBe( true );

		// The page's public config names the application and location, never a secret.
		expect( source ).toContain( SANDBOX_CREDENTIALS.application_id );
		expect( source ).not.toContain( SANDBOX_CREDENTIALS.access_token );
		expect( source ).not.toMatch( /access_token|signature_key/i );
		for ( const key of storedSignatureKeys() ) {
			expect( source ).not.toContain( key );
		}
	} );

	for ( const width of [ 1024, 390 ] ) {
		test( `nothing moves when the card frame attaches (${ width } px wide)`, async ( {
			page,
			requestUtils,
		} ) => {
			const paid = await createFormPage(
				requestUtils,
				orderForm( `P1 layout ${ width }` )
			);
			await page.setViewportSize( { width, height: 900 } );
			// Hold the SDK back: the form renders and is measured before the frame attaches.
			let release = () => {};
			const held = new Promise< void >( ( resolve ) => {
				release = resolve;
			} );
			await page.route( /\/v1\/square\.js(\?|$)/, async ( route ) => {
				await held;
				await route.continue();
			} );
			await page.goto( paid.pageUrl, { waitUntil: 'domcontentloaded' } );
			const form = page.locator( `#kestrel-form-${ paid.form.id }` );
			const submit = form.locator( 'button.kestrel-form__submit' );
			// A provider still loading never holds the form back.
			await expect( form ).toHaveAttribute(
				'data-kestrel-ready',
				'true'
			);
			await expect( cardIframe( page, paid.form.id ) ).toHaveCount( 0 );
			const before = await submit.boundingBox();
			release();
			await expect( cardIframe( page, paid.form.id ) ).toBeVisible();
			// The frame has its size once the SDK set its height.
			await expect( cardIframe( page, paid.form.id ) ).toHaveAttribute(
				'style',
				/height: \d+px/
			);
			const after = await submit.boundingBox();
			expect( before ).not.toBeNull();
			expect( after?.y ).toBe( before?.y );
		} );
	}
} );
