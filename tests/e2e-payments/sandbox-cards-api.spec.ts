/**
 * The sandbox's Customers and Cards APIs (issue 15) as a merchant server calls them, the
 * card-on-file rules of CreatePayment, the published test values (approved cards per brand,
 * fixed tokens), and the quickstart-like store-card page: store a challenged card on file for
 * a customer, then charge it.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { AUTH, SANDBOX, cardNonce, ledger, typeCard, waitReady } from './utils';

let n = 0;
const key = () => `cof-${ Date.now() }-${ ++n }`;
const nonce = cardNonce;

const post = ( request: APIRequestContext, path: string, data: object ) =>
	request.post( `${ SANDBOX }${ path }`, { data, headers: AUTH } );
const get = ( request: APIRequestContext, path: string ) =>
	request.get( `${ SANDBOX }${ path }`, { headers: AUTH } );

async function customer( request: APIRequestContext ) {
	const r = await post( request, '/v2/customers', {
		idempotency_key: key(),
		given_name: 'Ada',
		family_name: 'Lovelace',
		email_address: 'ada@example.org',
	} );
	expect( r.status() ).toBe( 200 );
	return ( await r.json() ).customer as { id: string };
}

/**
 * A verification token for a source, through the challenge when there is one (as the
 * challenge frame answers it).
 *
 * @param request Request context.
 * @param source  Token or card on file.
 */
async function verification( request: APIRequestContext, source: string ) {
	const r = await request.post( `${ SANDBOX }/v2/verify-buyer`, {
		data: { source, details: { intent: 'STORE' } },
	} );
	const body = await r.json();
	if ( ! body.challenge ) {
		return body.token as string;
	}
	const answered = await request.post(
		`${ SANDBOX }/v2/verify-buyer/challenge`,
		{ data: { challenge_id: body.challenge.id, code: '123456' } }
	);
	return ( await answered.json() ).token as string;
}

test( 'Customers: create (one identifying field needed), idempotent, retrieve', async ( {
	request,
} ) => {
	const none = await post( request, '/v2/customers', { note: 'x' } );
	expect( none.status() ).toBe( 400 );
	expect( ( await none.json() ).errors[ 0 ].detail ).toBe(
		'At least one of given_name, family_name, company_name, email_address, or phone_number is required for a customer'
	);
	const k = key();
	const first = await post( request, '/v2/customers', {
		idempotency_key: k,
		given_name: 'Grace',
	} );
	const again = await post( request, '/v2/customers', {
		idempotency_key: k,
		given_name: 'Grace',
	} );
	const c = ( await first.json() ).customer;
	expect( c ).toMatchObject( {
		given_name: 'Grace',
		creation_source: 'THIRD_PARTY',
		version: 0,
	} );
	expect( ( await again.json() ).customer.id ).toBe( c.id );
	const got = await get( request, `/v2/customers/${ c.id }` );
	expect( ( await got.json() ).customer ).toEqual( c );
	expect( ( await get( request, '/v2/customers/NOPE' ) ).status() ).toBe(
		404
	);
	expect(
		( await request.get( `${ SANDBOX }/v2/customers/${ c.id }` ) ).status()
	).toBe( 401 );
} );

test( 'Cards: store a token for a customer, retrieve, list, charge with customer_id only, disable', async ( {
	request,
} ) => {
	const { id: customerId } = await customer( request );
	const token = await nonce( request, '4111111111111111' );
	const noCustomer = await post( request, '/v2/cards', {
		idempotency_key: key(),
		source_id: token,
		card: {},
	} );
	expect( noCustomer.status() ).toBe( 400 );
	expect( ( await noCustomer.json() ).errors[ 0 ].field ).toBe(
		'card.customer_id'
	);
	const unknown = await post( request, '/v2/cards', {
		idempotency_key: key(),
		source_id: token,
		card: { customer_id: 'NOPE' },
	} );
	expect( unknown.status() ).toBe( 404 );
	const k = key();
	const body = {
		idempotency_key: k,
		source_id: token,
		card: { customer_id: customerId, cardholder_name: 'Ada Lovelace' },
	};
	const stored = await post( request, '/v2/cards', body );
	expect( stored.status() ).toBe( 200 );
	const card = ( await stored.json() ).card;
	expect( card ).toMatchObject( {
		id: expect.stringMatching( /^ccof:/ ),
		card_brand: 'VISA',
		last_4: '1111',
		exp_month: 12,
		exp_year: 2030,
		cardholder_name: 'Ada Lovelace',
		billing_address: { postal_code: '94103' },
		customer_id: customerId,
		enabled: true,
		card_type: 'CREDIT',
		prepaid_type: 'NOT_PREPAID',
		bin: '411111',
		version: 1,
	} );
	// Same key, same body: the same card; the token is used now.
	expect(
		( await ( await post( request, '/v2/cards', body ) ).json() ).card.id
	).toBe( card.id );
	const reuse = await post( request, '/v2/cards', {
		...body,
		idempotency_key: key(),
	} );
	expect( ( await reuse.json() ).errors[ 0 ].code ).toBe( 'CARD_TOKEN_USED' );
	expect(
		( await ( await get( request, `/v2/cards/${ card.id }` ) ).json() ).card
	).toEqual( card );
	const listed = await (
		await get( request, `/v2/cards?customer_id=${ customerId }` )
	).json();
	expect( listed.cards.map( ( c: { id: string } ) => c.id ) ).toEqual( [
		card.id,
	] );

	// CreatePayment with a card on file needs its customer.
	const pay = ( extra: object ) =>
		post( request, '/v2/payments', {
			source_id: card.id,
			idempotency_key: key(),
			amount_money: { amount: 500, currency: 'USD' },
			...extra,
		} );
	const without = await pay( {} );
	expect( without.status() ).toBe( 400 );
	expect( ( await without.json() ).errors[ 0 ] ).toMatchObject( {
		category: 'INVALID_REQUEST_ERROR',
		code: 'MISSING_REQUIRED_PARAMETER',
		field: 'customer_id',
	} );
	const other = await pay( { customer_id: 'SOMEONEELSE' } );
	expect( other.status() ).toBe( 404 );
	expect( ( await other.json() ).errors[ 0 ].detail ).toBe(
		'Card on file not found'
	);
	for ( const i of [ 1, 2 ] ) {
		const ok = await pay( { customer_id: customerId } );
		expect( ok.status(), `charge ${ i }` ).toBe( 200 );
		expect( ( await ok.json() ).payment ).toMatchObject( {
			status: 'COMPLETED',
			customer_id: customerId,
			source_id: card.id,
			card_details: { card: { last_4: '1111' } },
		} );
	}

	const disabled = await post(
		request,
		`/v2/cards/${ card.id }/disable`,
		{}
	);
	expect( ( await disabled.json() ).card ).toMatchObject( {
		enabled: false,
		version: 2,
	} );
	expect(
		await (
			await get( request, `/v2/cards?customer_id=${ customerId }` )
		).json()
	).toEqual( {} );
	expect(
		(
			await (
				await get(
					request,
					`/v2/cards?customer_id=${ customerId }&include_disabled=true`
				)
			).json()
		).cards
	).toHaveLength( 1 );
	expect( ( await pay( { customer_id: customerId } ) ).status() ).toBe( 404 );
	expect(
		( await post( request, '/v2/cards/ccof:nope/disable', {} ) ).status()
	).toBe( 404 );
} );

test( 'Cards: an SCA card is stored only with its verification token; the published "card on file auth declined" card and gift cards are refused', async ( {
	request,
} ) => {
	const { id: customerId } = await customer( request );
	const sca = await nonce( request, '5248480000210026' );
	const store = ( source: string, extra: object = {} ) =>
		post( request, '/v2/cards', {
			idempotency_key: key(),
			source_id: source,
			card: { customer_id: customerId },
			...extra,
		} );
	const unverified = await store( sca );
	expect( unverified.status() ).toBe( 400 );
	expect( ( await unverified.json() ).errors[ 0 ].code ).toBe(
		'CARD_DECLINED_VERIFICATION_REQUIRED'
	);
	const verified = await store( sca, {
		verification_token: await verification( request, sca ),
	} );
	expect( verified.status() ).toBe( 200 );
	const card = ( await verified.json() ).card;
	// Charging the stored SCA card asks for a verification of that card again.
	const charge = ( extra: object ) =>
		post( request, '/v2/payments', {
			source_id: card.id,
			customer_id: customerId,
			idempotency_key: key(),
			amount_money: { amount: 500, currency: 'USD' },
			...extra,
		} );
	expect( ( await ( await charge( {} ) ).json() ).errors[ 0 ].code ).toBe(
		'CARD_DECLINED_VERIFICATION_REQUIRED'
	);
	expect(
		(
			await charge( {
				verification_token: await verification( request, card.id ),
			} )
		).status()
	).toBe( 200 );

	for ( const source of [
		await nonce( request, '4000000000000010' ),
		'cnon:gift-card-nonce-ok',
		'ccof:customer-card-id-ok',
	] ) {
		const refused = await store( source );
		expect( refused.status(), source ).toBe( 400 );
		expect( ( await refused.json() ).errors[ 0 ] ).toEqual( {
			category: 'INVALID_REQUEST_ERROR',
			code: 'INVALID_CARD_DATA',
			detail: 'Invalid card data.',
			field: 'source_id',
		} );
	}
} );

test( 'the published approved cards, one per brand, tokenize and pay', async ( {
	request,
} ) => {
	for ( const [ number, brand, cvv ] of [
		[ '4111111111111111', 'VISA', '111' ],
		[ '5105105105105100', 'MASTERCARD', '111' ],
		[ '6011000000000004', 'DISCOVER', '111' ],
		[ '30000000000004', 'DISCOVER_DINERS', '111' ],
		[ '3569990010095841', 'JCB', '111' ],
		[ '340000000000009', 'AMERICAN_EXPRESS', '1111' ],
		[ '6222988812340000', 'CHINA_UNIONPAY', '123' ],
	] ) {
		const token = await nonce( request, number, cvv );
		const r = await post( request, '/v2/payments', {
			source_id: token,
			idempotency_key: key(),
			amount_money: { amount: 100, currency: 'USD' },
		} );
		expect( r.status(), number ).toBe( 200 );
		expect( ( await r.json() ).payment.card_details.card ).toMatchObject( {
			card_brand: brand,
			last_4: number.slice( -4 ),
		} );
	}
} );

test( 'the published fixed tokens', async ( { request } ) => {
	const pay = ( source: string, extra: object = {} ) =>
		post( request, '/v2/payments', {
			source_id: source,
			idempotency_key: key(),
			amount_money: { amount: 100, currency: 'USD' },
			...extra,
		} );
	for ( const [ source, code, extra ] of [
		[ 'cnon:card-nonce-already-used', 'CARD_TOKEN_USED', {} ],
		[
			'cnon:card-nonce-requires-verification',
			'CARD_DECLINED_VERIFICATION_REQUIRED',
			{},
		],
		[ 'cnon:gift-card-nonce-insufficient-funds', 'INSUFFICIENT_FUNDS', {} ],
		[
			'ccof:customer-card-id-declined',
			'GENERIC_DECLINE',
			{ customer_id: 'C' },
		],
		[
			'ccof:customer-card-id-rejected-cvv',
			'CVV_FAILURE',
			{ customer_id: 'C' },
		],
		[
			'ccof:customer-card-id-requires-verification',
			'CARD_DECLINED_VERIFICATION_REQUIRED',
			{ customer_id: 'C' },
		],
		[ 'ccof:customer-card-id-ok', 'MISSING_REQUIRED_PARAMETER', {} ],
	] as const ) {
		const r = await pay( source, extra );
		expect( r.status(), source ).toBe( 400 );
		expect( ( await r.json() ).errors[ 0 ].code, source ).toBe( code );
	}
	// With its verification, the token that requires one pays.
	const source = 'cnon:card-nonce-requires-verification';
	expect(
		(
			await pay( source, {
				verification_token: await verification( request, source ),
			} )
		).status()
	).toBe( 200 );
} );

test( 'quickstart-like store card page: a new customer, a challenged card stored on file, then charged', async ( {
	page,
} ) => {
	await page.goto( '/store-card.html' );
	await waitReady( page );
	await page.getByRole( 'button', { name: 'New customer' } ).click();
	await expect( page.getByLabel( 'Customer ID' ) ).not.toHaveValue( '' );
	const customerId = await page.getByLabel( 'Customer ID' ).inputValue();
	await typeCard( page, { number: '5500 0000 0020 1016' } );
	await page.getByRole( 'button', { name: 'Store card' } ).click();
	const dialog = page.getByRole( 'dialog', { name: 'Card verification' } );
	const code = page
		.frameLocator( 'iframe[title="Card verification"]' )
		.getByRole( 'textbox', { name: 'Verification code' } );
	await expect( dialog ).toBeVisible();
	await expect( code ).toBeFocused();
	await page.keyboard.type( '123456' );
	await page.keyboard.press( 'Enter' );
	const status = page.locator( '#payment-status' );
	await expect( status ).toHaveClass( 'is-success' );
	await expect( status ).toContainText( 'MASTERCARD ending 1016' );
	const cardId = ( await status.textContent() )!.match(
		/Card (ccof:\S+) stored/
	)![ 1 ];
	// Paying with it: the issuer challenges again (the provider's sandbox does too).
	await page.getByRole( 'button', { name: /with the stored card/ } ).click();
	await expect( code ).toBeFocused();
	await page.keyboard.type( '123456' );
	await page.keyboard.press( 'Enter' );
	await expect( status ).toContainText(
		`COMPLETED: card on file ${ cardId }`
	);
	const l = await ledger( page.request );
	expect( l.cards[ cardId ].card ).toMatchObject( {
		customer_id: customerId,
		enabled: true,
	} );
	const payment = Object.values( l.payments ).at( -1 ) as object;
	expect( payment ).toMatchObject( {
		source_id: cardId,
		customer_id: customerId,
		status: 'COMPLETED',
		amount_money: { amount: 100, currency: 'USD' },
	} );
} );
