/**
 * Payments SDK end to end (issue 6 "Proof"): the example merchant pages with the real frames
 * from the provider sandbox.
 */
import { expect, test } from '@playwright/test';
import { SANDBOX, ledger, openCard, typeCard, waitReady } from './utils';

test( 'attach, type a test card, tokenize, verifyBuyer and pay through the merchant', async ( {
	page,
} ) => {
	const frame = await openCard( page );
	await expect(
		page.locator( '.sq-card-iframe-container iframe' )
	).toHaveAttribute(
		'src',
		new RegExp( `^${ SANDBOX }/v1/1\\.51\\.4/frames/card\\.html#` )
	);
	await expect( page.locator( '#card-container iframe' ) ).toHaveCSS(
		'height',
		'48px'
	);
	await typeCard( page );
	await expect( frame.locator( 'input[name=cardNumber]' ) ).toHaveValue(
		'4111 1111 1111 1111'
	);
	await page.click( '#card-button' );
	await expect( page.locator( '#payment-status' ) ).toHaveClass(
		'is-success'
	);
	await expect( page.locator( '#payment-status' ) ).toContainText(
		'COMPLETED: VISA ending 1111'
	);
	const l = await ledger( page.request );
	const payments = Object.values( l.payments ) as Array<
		Record< string, unknown >
	>;
	const last = payments[ payments.length - 1 ];
	expect( last.status ).toBe( 'COMPLETED' );
	expect( String( last.verification_token ) ).toMatch( /^verf:/ );
	// The card number never reaches the ledger's metrics or error reports.
	expect( JSON.stringify( [ l.metrics, l.errorReports ] ) ).not.toContain(
		'4111111111111111'
	);
} );

test( 'tokenize returns OK with details and no errors key', async ( {
	page,
} ) => {
	await openCard( page );
	await typeCard( page, { number: '3400 000000 00009', cvv: '1234' } );
	const result = await page.evaluate( () =>
		( window as any ).card.tokenize()
	);
	expect( result.status ).toBe( 'OK' );
	expect( result.token ).toMatch( /^cnon:/ );
	expect( 'errors' in result ).toBe( false );
	expect( result.details.method ).toBe( 'Card' );
	expect( result.details.card ).toMatchObject( {
		brand: 'AMERICAN_EXPRESS',
		last4: '0009',
		expMonth: 12,
		expYear: 2030,
		cardType: 'CREDIT',
		prepaidType: 'NOT_PREPAID',
	} );
} );

for ( const [ name, values, detail ] of [
	[
		'card declined',
		{ number: '4000 0000 0000 0002' },
		"Authorization error: 'CARD_DECLINED'",
	],
	[
		'generic decline',
		{ number: '4000 0000 0000 0119' },
		"Authorization error: 'GENERIC_DECLINE'",
	],
	[
		'insufficient funds',
		{ number: '4000 0000 0000 9995' },
		"Authorization error: 'INSUFFICIENT_FUNDS'",
	],
	[ 'CVV failure', { cvv: '911' }, "Authorization error: 'CVV_FAILURE'" ],
	[
		'CVV failure, American Express (4 digits)',
		{ number: '3400 000000 00009', cvv: '9111' },
		"Authorization error: 'CVV_FAILURE'",
	],
	[
		'postal code failure',
		{ postal: '99999' },
		"Authorization error: 'ADDRESS_VERIFICATION_FAILURE'",
	],
	[
		'expiration rejected',
		{ exp: '01/40' },
		"Authorization error: 'INVALID_EXPIRATION'",
	],
] as const ) {
	test( `decline: ${ name }`, async ( { page } ) => {
		await openCard( page );
		await typeCard( page, values );
		await page.click( '#card-button' );
		await expect( page.locator( '#payment-status' ) ).toHaveClass(
			'is-failure'
		);
		await expect( page.locator( '#payment-status' ) ).toContainText(
			detail
		);
	} );
}

test( 'decline: verification required without verifyBuyer, approved with it', async ( {
	page,
} ) => {
	await openCard( page, '?verify=no' );
	await typeCard( page, { number: '4800 0000 0000 0004' } );
	await page.click( '#card-button' );
	await expect( page.locator( '#payment-status' ) ).toContainText(
		"Authorization error: 'CARD_DECLINED_VERIFICATION_REQUIRED'"
	);
	await openCard( page );
	await typeCard( page, { number: '4800 0000 0000 0004' } );
	await page.click( '#card-button' );
	await expect( page.locator( '#payment-status' ) ).toHaveClass(
		'is-success'
	);
} );

for ( const [ locale, cardText, expiryText, cvvText, postalText, fixText ] of [
	[
		'en-US',
		'Enter a valid card number.',
		'Enter a valid expiration date.',
		'Enter a valid security code.',
		'Enter a valid ZIP code.',
		'Fix the highlighted errors.',
	],
	[
		'fr-FR',
		'Saisissez un numéro de carte valide.',
		"Saisissez une date d'expiration valide.",
		'Saisissez un code de sécurité valide.',
		'Saisissez un code ZIP valide.',
		'Corrigez les erreurs signalées.',
	],
] as const ) {
	test( `invalid inputs and their messages in ${ locale }`, async ( {
		page,
	} ) => {
		const frame = await openCard( page, `?locale=${ locale }` );
		await frame
			.locator( 'input[name=cardNumber]' )
			.pressSequentially( '4111 1111 1111 1112' );
		await frame.locator( 'input[name=expirationDate]' ).focus();
		await expect( page.locator( '.sq-card-message' ) ).toHaveText(
			cardText
		);
		await expect( page.locator( '.sq-card-message' ) ).toHaveClass(
			/sq-card-message-error/
		);
		await expect( page.locator( '.sq-card-wrapper' ) ).toHaveClass(
			/sq-error/
		);
		const result = await page.evaluate( () =>
			( window as any ).card.tokenize()
		);
		expect( result.status ).toBe( 'Invalid' );
		expect(
			result.errors.map( ( e: { field: string } ) => e.field )
		).toEqual( [ 'cardNumber', 'expirationDate', 'cvv', 'postalCode' ] );
		expect( result.errors[ 0 ].message ).toBe(
			'Credit card number is not valid'
		);
		// Several fields in error after tokenize.
		await expect( page.locator( '.sq-card-message' ) ).toHaveText(
			fixText
		);
		// Fix the number: the message moves on to the next field in error.
		await frame.locator( 'input[name=cardNumber]' ).fill( '' );
		await frame
			.locator( 'input[name=cardNumber]' )
			.pressSequentially( '4111111111111111' );
		await expect( page.locator( '.sq-card-message' ) ).toHaveText(
			expiryText
		);
		// Then the expiry: the security code is next, then the (US) postal code.
		await frame.locator( 'input[name=expirationDate]' ).fill( '' );
		await frame
			.locator( 'input[name=expirationDate]' )
			.pressSequentially( '1230' );
		await expect( page.locator( '.sq-card-message' ) ).toHaveText(
			cvvText
		);
		await frame.locator( 'input[name=cvv]' ).pressSequentially( '12' );
		await frame.locator( 'input[name=postalCode]' ).focus();
		await expect( page.locator( '.sq-card-message' ) ).toHaveText(
			cvvText
		);
		await frame.locator( 'input[name=cvv]' ).pressSequentially( '3' );
		await expect( page.locator( '.sq-card-message' ) ).toHaveText(
			postalText
		);
		await frame
			.locator( 'input[name=postalCode]' )
			.pressSequentially( '941' );
		await frame.locator( 'input[name=cvv]' ).focus();
		await expect( page.locator( '.sq-card-message' ) ).toHaveText(
			postalText
		);
		await frame
			.locator( 'input[name=postalCode]' )
			.pressSequentially( '03' );
		await expect( page.locator( '.sq-card-message' ) ).not.toHaveClass(
			/sq-card-message-error/
		);
	} );
}

test( 'the provider refuses a card brand the frame accepted: TokenizationError "Card not supported"', async ( {
	page,
} ) => {
	await openCard( page );
	// A valid China UnionPay test card: the frame's checks pass, the provider refuses it.
	await typeCard( page, { number: '6200 0000 0000 0005' } );
	const before = Object.keys(
		( await ledger( page.request ) ).nonces
	).length;
	const error = await page.evaluate( () =>
		( window as any ).card.tokenize().then(
			() => null,
			( e: any ) => ( {
				name: e.name,
				isTokenizationError:
					e instanceof
					( window as any ).Square.errors.TokenizationError,
				errors: e.errors,
			} )
		)
	);
	expect( error ).toEqual( {
		name: 'TokenizationError',
		isTokenizationError: true,
		errors: [
			{
				type: 'UNSUPPORTED_CARD_BRAND',
				message: 'Card not supported',
				field: 'cardNumber',
			},
		],
	} );
	// No token was made; the number shows in error.
	expect(
		Object.keys( ( await ledger( page.request ) ).nonces )
	).toHaveLength( before );
	await expect( page.locator( '.sq-card-wrapper' ) ).toHaveClass(
		/sq-error/
	);
	await expect( page.locator( '.sq-card-message' ) ).toHaveText(
		'Enter a valid card number.'
	);
	await page.click( '#card-button' );
	await expect( page.locator( '#payment-status' ) ).toHaveText(
		'TokenizationError: Tokenization failed: Card not supported'
	);
} );

test( 'the nonce request carries the session id of the hydration', async ( {
	page,
} ) => {
	await openCard( page );
	await typeCard( page );
	const token = await page.evaluate( async () => {
		const r = await ( window as any ).card.tokenize();
		return r.token as string;
	} );
	const l = await ledger( page.request );
	const sessionId = l.nonces[ token ].sessionId;
	expect( sessionId ).toMatch( /^sess-/ );
	expect(
		l.sessions.map( ( s: { sessionId: string } ) => s.sessionId )
	).toContain( sessionId );
} );

test( 'lifecycle misuse errors', async ( { page } ) => {
	await openCard( page );
	const names = await page.evaluate( async () => {
		const w = window as any;
		const out: string[] = [];
		const grab = async ( fn: () => Promise< unknown > ) => {
			try {
				await fn();
				out.push( 'no error' );
			} catch ( e ) {
				out.push( ( e as Error ).name );
			}
		};
		await grab( () => w.card.attach( '#card-container' ) );
		const fresh = await w.payments.card();
		await grab( () => fresh.tokenize() );
		await grab( () => fresh.focus( 'cardNumber' ) );
		await grab( () => fresh.attach( '#nope' ) );
		await grab( () => fresh.attach( 'form' ) );
		await grab( () => w.card.focus( 'nope' ) );
		await grab( () => w.payments.card( { nope: true } ) );
		await grab( () => w.payments.card( { includeInputLabels: 'yes' } ) );
		out.push(
			String( await fresh.destroy() ),
			String( await fresh.destroy() )
		);
		await grab( () => fresh.attach( '#card-container' ) );
		return out;
	} );
	expect( names ).toEqual( [
		'PaymentMethodAlreadyAttachedError',
		'PaymentMethodNotAttachedError',
		'PaymentMethodNotAttachedError',
		'ElementNotFoundError',
		'InvalidElementTypeError',
		'InvalidFieldNameError',
		'InvalidOptionError',
		'InvalidConfigurationValueError',
		'true',
		'false',
		'PaymentMethodAlreadyDestroyedError',
	] );
} );

test( 'double tokenize: the second fails while the first runs', async ( {
	page,
} ) => {
	await openCard( page );
	await typeCard( page );
	const r = await page.evaluate( async () => {
		const card = ( window as any ).card;
		const first = card.tokenize();
		const second = card.tokenize().then(
			() => 'resolved',
			( e: Error ) =>
				`${ e instanceof ( window as any ).Square.errors.TokenizationError }: ${ e.message }`
		);
		return { first: ( await first ).status, second: await second };
	} );
	expect( r.first ).toBe( 'OK' );
	expect( r.second ).toBe(
		'true: the tokenization request is already in process'
	);
} );

test( 'idempotent replay, key reuse conflict and used token', async ( {
	page,
} ) => {
	await openCard( page );
	await typeCard( page );
	const token = (
		await page.evaluate( () => ( window as any ).card.tokenize() )
	).token;
	const pay = ( body: Record< string, unknown > ) =>
		page.request.post( '/payment', { data: body } );
	const first = await pay( {
		sourceId: token,
		idempotencyKey: 'replay-key-1',
	} );
	const replay = await pay( {
		sourceId: token,
		idempotencyKey: 'replay-key-1',
	} );
	expect( first.status() ).toBe( 200 );
	expect( replay.status() ).toBe( 200 );
	expect( ( await replay.json() ).payment.id ).toBe(
		( await first.json() ).payment.id
	);
	const conflict = await pay( {
		sourceId: token,
		idempotencyKey: 'replay-key-1',
		// Another item: the merchant server prices it differently (the same key, another body).
		itemId: 'sandwich',
	} );
	expect( conflict.status() ).toBe( 400 );
	expect( ( await conflict.json() ).errors[ 0 ].code ).toBe(
		'IDEMPOTENCY_KEY_REUSED'
	);
	const reused = await pay( {
		sourceId: token,
		idempotencyKey: 'replay-key-2',
	} );
	expect( ( await reused.json() ).errors[ 0 ].code ).toBe(
		'CARD_TOKEN_USED'
	);
	const l = await ledger( page.request );
	expect(
		Object.values( l.payments ).filter(
			( p: any ) => p.source_id === token
		)
	).toHaveLength( 1 );
} );

test( 'gift card checkout', async ( { page } ) => {
	await page.goto( '/gift-card.html' );
	await waitReady( page );
	await expect( page.locator( '#gift-card-container iframe' ) ).toHaveCSS(
		'height',
		'50px'
	);
	const frame = page.frameLocator( '#gift-card-container iframe' );
	await frame
		.locator( 'input[name=giftCardNumber]' )
		.pressSequentially( '7783320000000000' );
	await page.click( '#card-button' );
	await expect( page.locator( '#payment-status' ) ).toHaveClass(
		'is-success'
	);
	await expect( page.locator( '#payment-status' ) ).toContainText(
		'COMPLETED'
	);
} );

test( 'payments() refuses bad application ids; an existing window.Square is left alone', async ( {
	page,
} ) => {
	await openCard( page );
	const names = await page.evaluate( () => {
		const sq = ( window as any ).Square;
		return [
			'short',
			'sq0idp-abcdefghijklmnopqrstu',
			'sandbox-sq0idb-has spaces in it',
		].map( ( id ) => {
			try {
				sq.payments( id, 'L1' );
				return 'ok';
			} catch ( e ) {
				return ( e as Error ).name;
			}
		} );
	} );
	expect( names ).toEqual( [
		'InvalidApplicationIdError',
		'ApplicationIdEnvironmentMismatchError',
		'InvalidApplicationIdError',
	] );
	await page.addInitScript( () => {
		( window as any ).Square = { mine: true };
	} );
	await page.goto( '/card.html' );
	await expect( page.locator( '#payment-status' ) ).toHaveClass(
		'is-failure'
	);
	expect( await page.evaluate( () => ( window as any ).Square.mine ) ).toBe(
		true
	);
} );
