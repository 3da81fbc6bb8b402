/**
 * Payments SDK in Chromium: events, sizing, locale, isolation of card data, metrics, gift card
 * refusals (issue 6).
 */
import { expect, test, type Page } from '@playwright/test';
import { SANDBOX, ledger, openCard, typeCard, waitReady } from './utils';

async function open( page: Page, query = '' ) {
	// Record every message the host page receives, to prove card data never reaches it.
	await page.addInitScript( () => {
		( window as any ).__messages = [];
		window.addEventListener( 'message', ( e ) =>
			( window as any ).__messages.push( JSON.stringify( e.data ) )
		);
	} );
	return openCard( page, query );
}

test( 'card events reach listeners with their details', async ( { page } ) => {
	const frame = await open( page );
	await page.evaluate( () => {
		const w = window as any;
		w.__events = [];
		for ( const type of [
			'focusClassAdded',
			'focusClassRemoved',
			'errorClassAdded',
			'errorClassRemoved',
			'cardBrandChanged',
			'postalCodeChanged',
			'escape',
			'submit',
		] ) {
			w.card.addEventListener( type, ( e: any ) =>
				w.__events.push( [
					e.type,
					e.detail.field,
					e.detail.cardBrand,
					e.detail.postalCodeValue,
				] )
			);
		}
	} );
	const number = frame.locator( 'input[name=cardNumber]' );
	await number.pressSequentially( '3400' );
	await number.press( 'Escape' );
	await frame.locator( 'input[name=postalCode]' ).pressSequentially( '9' );
	await frame.locator( 'input[name=postalCode]' ).press( 'Enter' );
	const events = await page.evaluate( () => ( window as any ).__events );
	expect( events ).toEqual(
		expect.arrayContaining( [
			[ 'focusClassAdded', 'cardNumber', 'OTHER_BRAND', '' ],
			[ 'cardBrandChanged', 'cardNumber', 'AMERICAN_EXPRESS', '' ],
			[ 'escape', 'cardNumber', 'AMERICAN_EXPRESS', '' ],
			[ 'focusClassRemoved', 'cardNumber', 'AMERICAN_EXPRESS', '' ],
			[ 'errorClassAdded', 'cardNumber', 'AMERICAN_EXPRESS', '' ],
			[ 'postalCodeChanged', 'postalCode', 'AMERICAN_EXPRESS', '9' ],
			[ 'submit', 'postalCode', 'AMERICAN_EXPRESS', '9' ],
		] )
	);
} );

test( 'card data stays in the provider frame', async ( { page } ) => {
	const carrying: string[] = [];
	page.on( 'request', ( r ) => {
		if ( ( r.postData() ?? '' ).includes( '4111111111111111' ) ) {
			carrying.push( r.url() );
		}
	} );
	const frame = await open( page );
	await typeCard( frame );
	const result = await page.evaluate( () =>
		( window as any ).card.tokenize()
	);
	expect( result.status ).toBe( 'OK' );
	await page.evaluate( () => ( window as any ).card.destroy() );
	const seen = await page.evaluate( () => ( {
		messages: ( window as any ).__messages.join( '\n' ),
		readable: ( () => {
			try {
				return Boolean(
					document.querySelector( 'iframe' )!.contentDocument
				);
			} catch {
				return false;
			}
		} )(),
	} ) );
	expect( seen.readable ).toBe( false );
	// The number left the browser once, to the provider's nonce endpoint.
	expect( carrying ).toEqual( [ `${ SANDBOX }/v2/card-nonce` ] );
	expect( seen.messages ).not.toMatch( /4111\s?1111\s?1111\s?1111/ );
	expect( seen.messages ).toContain( result.token );
	// Metrics arrive (sent at once on nonce success and destroy) and carry no card data.
	await expect
		.poll( async () => {
			const l = await ledger( page.request );
			return l.metrics.map( ( m: { event: string } ) => m.event );
		} )
		.toEqual( expect.arrayContaining( [ 'tokenize', 'destroy' ] ) );
	const l = await ledger( page.request );
	expect( JSON.stringify( l.metrics ) ).not.toContain( '4111111111111111' );
	expect( JSON.stringify( l.nonces ) ).not.toContain( '4111111111111111' );
} );

test( 'narrow containers get a double-height frame; labels make it taller', async ( {
	page,
} ) => {
	await page.setViewportSize( { width: 420, height: 800 } );
	await open( page );
	await expect( page.locator( '#card-container iframe' ) ).toHaveCSS(
		'height',
		'97px'
	);
	await page.setViewportSize( { width: 1000, height: 800 } );
	await expect( page.locator( '#card-container iframe' ) ).toHaveCSS(
		'height',
		'48px'
	);
	await page.goto( '/card.html?labels=1' );
	await waitReady( page );
	await expect( page.locator( '#card-container iframe' ) ).toHaveCSS(
		'height',
		'62px'
	);
} );

test( 'setLocale: supported, language fallback, unsupported language kept', async ( {
	page,
} ) => {
	const frame = await open( page );
	const results = await page.evaluate( async () => {
		const p = ( window as any ).payments;
		return [
			await p.setLocale( 'es-ES' ),
			await p.setLocale( 'fr-BE' ),
			await p.setLocale( 'de-DE' ),
		];
	} );
	expect( results[ 0 ] ).toEqual( {
		previousLocale: 'en-US',
		newLocale: 'es-ES',
	} );
	expect( results[ 1 ] ).toMatchObject( {
		previousLocale: 'es-ES',
		newLocale: 'fr-FR',
	} );
	expect( results[ 2 ] ).toMatchObject( {
		previousLocale: 'fr-FR',
		newLocale: 'fr-FR',
	} );
	expect( results[ 2 ].message ).toContain( 'de-DE' );
	await expect( frame.locator( 'input[name=cardNumber]' ) ).toHaveAttribute(
		'placeholder',
		'Numéro de carte'
	);
	await frame.locator( 'input[name=cardNumber]' ).focus();
	await expect( page.locator( '.sq-card-message' ) ).toHaveText(
		'Saisissez le numéro au recto de votre carte.'
	);
} );

test( 'clear, setError, focus and configure while attached', async ( {
	page,
} ) => {
	const frame = await open( page );
	await frame.locator( 'input[name=cardNumber]' ).pressSequentially( '4111' );
	const r = await page.evaluate( async () => {
		const card = ( window as any ).card;
		const out = [ await card.setError( 'cvv' ) ];
		out.push( document.querySelector( '.sq-card-message' )!.textContent );
		out.push( await card.clear() );
		out.push( await card.focus( 'postalCode' ) );
		await card.configure( {
			style: { input: { color: 'rgb(10, 20, 30)', fontWeight: '600' } },
		} );
		let styleError = '';
		try {
			await card.configure( { style: { input: { padding: '3px' } } } );
		} catch ( e ) {
			styleError = ( e as Error ).name;
		}
		out.push( styleError );
		return out;
	} );
	expect( r ).toEqual( [
		true,
		'Enter a valid security code.',
		true,
		true,
		'InvalidStylesError',
	] );
	await expect( frame.locator( 'input[name=cardNumber]' ) ).toHaveValue( '' );
	await expect( frame.locator( 'input[name=postalCode]' ) ).toBeFocused();
	await expect( frame.locator( 'input[name=cardNumber]' ) ).toHaveCSS(
		'color',
		'rgb(10, 20, 30)'
	);
} );

test( 'gift card: invalid number, unknown card, empty balance', async ( {
	page,
} ) => {
	await page.goto( '/gift-card.html' );
	await waitReady( page );
	const frame = page.frameLocator( '#gift-card-container iframe' );
	const input = frame.locator( 'input[name=giftCardNumber]' );
	await input.pressSequentially( '1234' );
	const invalid = await page.evaluate( () =>
		( window as any ).card.tokenize()
	);
	expect( invalid ).toEqual( {
		status: 'Invalid',
		errors: [
			{
				type: 'VALIDATION_ERROR',
				field: 'giftCardNumber',
				message: 'Gift card number is not valid',
			},
		],
	} );
	await expect( page.locator( '.sq-card-message' ) ).toHaveText(
		'Enter a valid gift card number.'
	);
	await input.fill( '' );
	await input.pressSequentially( '4111111111111111' );
	const refused = await page.evaluate( () =>
		( window as any ).card.tokenize().then(
			() => 'resolved',
			( e: any ) => `${ e.name }: ${ e.errors[ 0 ].type }`
		)
	);
	expect( refused ).toBe( 'TokenizationError: INVALID_SANDBOX_CARD_NUMBER' );
	await input.fill( '' );
	await input.pressSequentially( '7783320000000018' );
	await page.click( '#card-button' );
	await expect( page.locator( '#payment-status' ) ).toContainText(
		"Authorization error: 'INSUFFICIENT_FUNDS'"
	);
} );

test( 'string overrides only behind their feature flag', async ( { page } ) => {
	await open( page );
	const r = await page.evaluate( async () => {
		const w = window as any;
		const out: string[] = [];
		try {
			await w.payments._setStringOverrides( { 'error.cardNumber': 'x' } );
			out.push( 'allowed' );
		} catch ( e ) {
			out.push( ( e as Error ).name );
		}
		// The sandbox turns the flag on for application ids containing "overrides".
		const p = w.Square.payments( 'sandbox-sq0idb-overrides-enabled', 'L1' );
		try {
			await p._setStringOverrides( { 'error.nope': 'x' } );
		} catch ( e ) {
			out.push( ( e as Error ).name );
		}
		await p._setStringOverrides( {
			'error.cardNumber': 'That card number looks wrong.',
		} );
		document.body.insertAdjacentHTML(
			'beforeend',
			'<div id="second"></div>'
		);
		w.second = await p.card();
		await w.second.attach( '#second' );
		return out;
	} );
	expect( r ).toEqual( [
		'FeatureDisabledError',
		'InvalidConfigurationPropertyError',
	] );
	const frame = page.frameLocator( '#second iframe' );
	await frame
		.locator( 'input[name=cardNumber]' )
		.pressSequentially( '4111 1111 1111 1112' );
	await frame.locator( 'input[name=cvv]' ).focus();
	await expect( page.locator( '#second .sq-card-message' ) ).toHaveText(
		'That card number looks wrong.'
	);
} );

test( 'metrics flush on page hide; a frame that stops answering is reported', async ( {
	page,
} ) => {
	const before = ( await ledger( page.request ) ).errorReports.length;
	await open( page );
	// The iframe disappears (an AJAX re-render): tokenize gets no acknowledgement in 10 s.
	const outcome = await page.evaluate( async () => {
		document.querySelector( '#card-container iframe' )!.remove();
		try {
			await ( window as any ).card.tokenize();
			return 'resolved';
		} catch ( e ) {
			return ( e as Error ).name;
		}
	} );
	expect( outcome ).toBe( 'UnexpectedError' );
	await expect
		.poll( async () =>
			( await ledger( page.request ) ).errorReports.slice( before )
		)
		.toEqual( [
			expect.objectContaining( {
				sdk_version: '1.51.4',
				error_message: expect.stringContaining( 'tokenizing' ),
			} ),
		] );
	// Metrics queued just before leaving (flushed every second otherwise) go out on page hide.
	const count = ( await ledger( page.request ) ).metrics.length;
	await page.evaluate( async () => {
		document.body.insertAdjacentHTML(
			'beforeend',
			'<div id="late"></div>'
		);
		const p = ( window as any ).Square.payments(
			'sandbox-sq0idb-kestrel-example-app',
			'L1'
		);
		await ( await p.card() ).attach( '#late' );
	} );
	await page.goto( 'about:blank' );
	await expect
		.poll( async () =>
			( await ledger( page.request ) ).metrics
				.slice( count )
				.map( ( m: { event: string } ) => m.event )
		)
		.toEqual( expect.arrayContaining( [ 'hydrated', 'attach' ] ) );
} );
