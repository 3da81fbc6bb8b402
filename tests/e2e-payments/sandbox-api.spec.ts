/**
 * The sandbox's Payments API as a merchant server calls it (payments-sdk-compat.md §c): auth,
 * required fields, fixed test tokens, autocomplete/complete/get, idempotency, used and expired
 * tokens, and the ledger.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
	APP_ID,
	AUTH,
	SANDBOX,
	cardNonce,
	ledger as sandboxLedger,
} from './utils';
let n = 0;
const key = () => `api-${ Date.now() }-${ ++n }`;
const nonce = cardNonce;

const create = ( request: APIRequestContext, body: object, headers = AUTH ) =>
	request.post( `${ SANDBOX }/v2/payments`, { data: body, headers } );

test( 'authorization and required fields', async ( { request } ) => {
	const body = {
		source_id: 'cnon:card-nonce-ok',
		idempotency_key: key(),
		amount_money: { amount: 100, currency: 'USD' },
	};
	const noAuth = await create( request, body, {} as typeof AUTH );
	expect( noAuth.status() ).toBe( 401 );
	expect( ( await noAuth.json() ).errors[ 0 ] ).toMatchObject( {
		category: 'AUTHENTICATION_ERROR',
		code: 'UNAUTHORIZED',
	} );
	const missing = await create( request, { ...body, source_id: undefined } );
	expect( missing.status() ).toBe( 400 );
	expect( ( await missing.json() ).errors[ 0 ] ).toMatchObject( {
		category: 'INVALID_REQUEST_ERROR',
		code: 'MISSING_REQUIRED_PARAMETER',
		field: 'source_id',
	} );
	const ok = await create( request, body, {
		...AUTH,
		'Square-Version': '2025-01-23',
	} as typeof AUTH );
	expect( ok.status() ).toBe( 200 );
} );

test( 'fixed test tokens approve and decline', async ( { request } ) => {
	for ( const [ token, code ] of [
		[ 'cnon:card-nonce-declined', 'GENERIC_DECLINE' ],
		[ 'cnon:card-nonce-rejected-cvv', 'CVV_FAILURE' ],
		[
			'cnon:card-nonce-rejected-postalcode',
			'ADDRESS_VERIFICATION_FAILURE',
		],
		[ 'cnon:card-nonce-rejected-expiration', 'INVALID_EXPIRATION' ],
	] ) {
		const r = await create( request, {
			source_id: token,
			idempotency_key: key(),
			amount_money: { amount: 100, currency: 'USD' },
		} );
		expect( r.status() ).toBe( 400 );
		const { errors, payment } = await r.json();
		expect( errors[ 0 ] ).toMatchObject( {
			category: 'PAYMENT_METHOD_ERROR',
			code,
		} );
		expect( errors[ 0 ].detail ).toContain(
			`Authorization error: '${ code }'`
		);
		expect( payment.status ).toBe( 'FAILED' );
	}
	for ( const token of [
		'cnon:gift-card-nonce-ok',
		'ccof:customer-card-id-ok',
	] ) {
		const r = await create( request, {
			source_id: token,
			idempotency_key: key(),
			amount_money: { amount: 250, currency: 'USD' },
			// A card on file is charged for a customer (Issue 15).
			...( token.startsWith( 'ccof:' )
				? { customer_id: 'SANDBOXCUSTOMER' }
				: {} ),
		} );
		expect( r.status() ).toBe( 200 );
	}
} );

test( 'autocomplete false approves; complete and get', async ( {
	request,
} ) => {
	const r = await create( request, {
		source_id: await nonce( request ),
		idempotency_key: key(),
		amount_money: { amount: 1234, currency: 'USD' },
		autocomplete: false,
		auxiliary_info: [ { key: 'integration_id', value: 'x' } ],
	} );
	const { payment } = await r.json();
	expect( payment ).toMatchObject( {
		status: 'APPROVED',
		source_type: 'CARD',
		amount_money: { amount: 1234, currency: 'USD' },
		card_details: {
			status: 'AUTHORIZED',
			entry_method: 'KEYED',
			card: {
				card_brand: 'VISA',
				last_4: '1111',
				exp_month: 12,
				exp_year: 2030,
			},
		},
	} );
	const done = await request.post(
		`${ SANDBOX }/v2/payments/${ payment.id }/complete`,
		{ headers: AUTH, data: {} }
	);
	expect( ( await done.json() ).payment.status ).toBe( 'COMPLETED' );
	const again = await request.post(
		`${ SANDBOX }/v2/payments/${ payment.id }/complete`,
		{ headers: AUTH, data: {} }
	);
	expect( again.status() ).toBe( 400 );
	const got = await request.get( `${ SANDBOX }/v2/payments/${ payment.id }`, {
		headers: AUTH,
	} );
	expect( ( await got.json() ).payment.card_details.status ).toBe(
		'CAPTURED'
	);
	const missing = await request.get( `${ SANDBOX }/v2/payments/nope`, {
		headers: AUTH,
	} );
	expect( missing.status() ).toBe( 404 );
	const ledger = await sandboxLedger( request );
	expect( ledger.payments[ payment.id ].status ).toBe( 'COMPLETED' );
} );

test( 'replay, key reuse, used and expired tokens', async ( { request } ) => {
	const token = await nonce( request );
	const body = {
		source_id: token,
		idempotency_key: key(),
		amount_money: { amount: 100, currency: 'USD' },
	};
	const first = await ( await create( request, body ) ).json();
	const replay = await create( request, body );
	expect( replay.status() ).toBe( 200 );
	expect( ( await replay.json() ).payment.id ).toBe( first.payment.id );
	const reuse = await create( request, {
		...body,
		amount_money: { amount: 101, currency: 'USD' },
	} );
	expect( ( await reuse.json() ).errors[ 0 ].code ).toBe(
		'IDEMPOTENCY_KEY_REUSED'
	);
	const used = await create( request, { ...body, idempotency_key: key() } );
	expect( ( await used.json() ).errors[ 0 ].code ).toBe( 'CARD_TOKEN_USED' );

	const old = await nonce( request );
	await request.post( `${ SANDBOX }/__expire`, { data: { token: old } } );
	const expired = await create( request, {
		...body,
		source_id: old,
		idempotency_key: key(),
	} );
	expect( expired.status() ).toBe( 400 );
	expect( ( await expired.json() ).errors[ 0 ].code ).toBe(
		'CARD_TOKEN_EXPIRED'
	);
} );

test( 'tokenize refuses cards that are not sandbox test cards', async ( {
	request,
} ) => {
	const r = await request.post( `${ SANDBOX }/v2/card-nonce`, {
		data: {
			client_id: APP_ID,
			card_data: {
				number: '4242424242424242',
				exp_month: 1,
				exp_year: 2031,
				cvv: '123',
				billing_postal_code: '94103',
			},
		},
	} );
	expect( r.status() ).toBe( 400 );
	expect( ( await r.json() ).errors[ 0 ] ).toMatchObject( {
		code: 'INVALID_SANDBOX_CARD_NUMBER',
		field: 'cardNumber',
	} );
} );

test( 'a replay with the same body in another key order answers the first payment', async ( {
	request,
} ) => {
	const token = await nonce( request );
	const k = key();
	const post = ( raw: string ) =>
		request.post( `${ SANDBOX }/v2/payments`, {
			headers: { ...AUTH, 'Content-Type': 'application/json' },
			data: raw,
		} );
	const first = await post(
		`{"source_id":"${ token }","idempotency_key":"${ k }","amount_money":{"amount":150,"currency":"USD"},"autocomplete":true}`
	);
	expect( first.status() ).toBe( 200 );
	const id = ( await first.json() ).payment.id;
	// The same request, keys reordered at both levels: a replay, not a conflict.
	const reordered = await post(
		`{"autocomplete":true,"amount_money":{"currency":"USD","amount":150},"idempotency_key":"${ k }","source_id":"${ token }"}`
	);
	expect( reordered.status() ).toBe( 200 );
	expect( ( await reordered.json() ).payment.id ).toBe( id );
	// A different value is still a conflict.
	const changed = await post(
		`{"autocomplete":true,"amount_money":{"currency":"USD","amount":151},"idempotency_key":"${ k }","source_id":"${ token }"}`
	);
	expect( ( await changed.json() ).errors[ 0 ].code ).toBe(
		'IDEMPOTENCY_KEY_REUSED'
	);
	const ledger = await sandboxLedger( request );
	expect(
		Object.values( ledger.payments ).filter(
			( p ) => ( p as { source_id: string } ).source_id === token
		)
	).toHaveLength( 1 );
} );

test( 'card-nonce checks the request itself, whatever the frame did (spec §5 codes)', async ( {
	request,
} ) => {
	const post = ( data: object ) =>
		request.post( `${ SANDBOX }/v2/card-nonce`, { data } );
	const card = {
		number: '4111111111111111',
		exp_month: 12,
		exp_year: 2030,
		cvv: '123',
		billing_postal_code: '94103',
	};
	const codes = async ( data: object ) =>
		( ( await ( await post( data ) ).json() ).errors ?? [] ).map(
			( e: { code: string; field?: string } ) =>
				e.field ? `${ e.code }:${ e.field }` : e.code
		);
	expect( await codes( { card_data: card } ) ).toEqual( [
		'MISSING_APPLICATION_ID',
	] );
	expect(
		await codes( {
			client_id: 'sq0idp-abcdefghijklmnopqrstu',
			card_data: card,
		} )
	).toEqual( [ 'INVALID_APPLICATION_ID' ] );
	expect( await codes( { client_id: APP_ID } ) ).toEqual( [
		'MISSING_CARD_DATA',
	] );
	expect(
		await codes( { client_id: APP_ID, card_data: { ...card, number: '' } } )
	).toEqual( [ 'MISSING_CARD_DATA' ] );
	// Every field in error at once.
	expect(
		await codes( {
			client_id: APP_ID,
			card_data: {
				number: '4111111111111112',
				exp_month: 13,
				exp_year: 2030,
				cvv: '12',
				billing_postal_code: 'ABCDE',
			},
		} )
	).toEqual( [
		'INVALID_CARD_NUMBER:cardNumber',
		'INVALID_EXPIRATION_DATE:expirationDate',
		'INVALID_CVV:cvv',
		'INVALID_POSTAL_CODE:postalCode',
	] );
	// CVV length by brand: 4 digits for American Express.
	expect(
		await codes( {
			client_id: APP_ID,
			card_data: { ...card, number: '340000000000009', cvv: '123' },
		} )
	).toEqual( [ 'INVALID_CVV:cvv' ] );
	// Postal code by the card's issuing country (this one is Canadian).
	expect(
		await codes( {
			client_id: APP_ID,
			card_data: { ...card, number: '4556000000000000' },
		} )
	).toEqual( [ 'INVALID_POSTAL_CODE:postalCode' ] );
	const unsupported = await post( {
		client_id: APP_ID,
		card_data: { ...card, number: '6200000000000005' },
	} );
	expect( unsupported.status() ).toBe( 400 );
	expect( ( await unsupported.json() ).errors ).toEqual( [
		{
			category: 'PAYMENT_METHOD_ERROR',
			code: 'UNSUPPORTED_CARD_BRAND',
			detail: 'Card not supported',
			field: 'cardNumber',
		},
	] );
	const hydrate = await request.post( `${ SANDBOX }/payments/hydrate`, {
		data: { applicationId: 'not-a-sandbox-application-id' },
	} );
	expect( hydrate.status() ).toBe( 401 );
	expect( ( await hydrate.json() ).errors[ 0 ].code ).toBe(
		'INVALID_APPLICATION_ID'
	);
} );

test( 'card-nonce refuses a session id it did not hydrate, or hydrated for another application', async ( {
	request,
} ) => {
	const post = ( data: object ) =>
		request.post( `${ SANDBOX }/v2/card-nonce`, { data } );
	const card = {
		number: '4111111111111111',
		exp_month: 12,
		exp_year: 2030,
		cvv: '123',
		billing_postal_code: '94103',
	};
	const hydrate = async ( applicationId: string ) =>
		(
			await (
				await request.post( `${ SANDBOX }/payments/hydrate`, {
					data: { applicationId, hostname: '127.0.0.1' },
				} )
			).json()
		).sessionId as string;
	const ours = await hydrate( APP_ID );
	const theirs = await hydrate( 'sandbox-sq0idb-another-example-app' );

	// Unknown: never hydrated by this sandbox.
	const unknown = await post( {
		client_id: APP_ID,
		session_id: 'sess-made-up',
		card_data: card,
	} );
	expect( unknown.status() ).toBe( 400 );
	expect( ( await unknown.json() ).errors ).toEqual( [
		{
			category: 'INVALID_REQUEST_ERROR',
			code: 'INVALID_SESSION_ID',
			detail: 'The session id is not a session of this sandbox.',
			field: 'session_id',
		},
	] );
	// Another application's session, card and gift card alike.
	for ( const data of [
		{ card_data: card },
		{ gift_card_data: { number: '7783320000000000' } },
	] ) {
		const foreign = await post( {
			client_id: APP_ID,
			session_id: theirs,
			...data,
		} );
		expect( foreign.status() ).toBe( 400 );
		expect( ( await foreign.json() ).errors[ 0 ] ).toMatchObject( {
			code: 'INVALID_SESSION_ID',
			detail: 'The session id belongs to another application id.',
		} );
	}
	// Its own session: accepted and kept with the nonce; none at all is allowed too.
	const ok = await post( {
		client_id: APP_ID,
		session_id: ours,
		gift_card_data: { number: '7783320000000000' },
	} );
	expect( ok.status() ).toBe( 200 );
	const body = await ok.json();
	expect( body.session_id ).toBe( ours );
	const ledger = await sandboxLedger( request );
	expect( ledger.nonces[ body.card_nonce ].sessionId ).toBe( ours );
	expect( ( await nonce( request ) ).startsWith( 'cnon:' ) ).toBe( true );
} );
