/**
 * The sandbox's Payments API additions for issue 13 (package 1) as a merchant server calls them:
 * locations and the location's currency, the CreatePayment fields the plugin sends (reference,
 * note, buyer, delay), CompletePayment's version_token, CancelPaymentByIdempotencyKey, and
 * RefundPayment with the provider's rules. Against a private sandbox (sandbox-private.ts).
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { AUTH, startSandbox, type PrivateSandbox } from './sandbox-private';

let sandbox: PrivateSandbox;
let S = '';
let n = 0;
const key = () => `p1-${ Date.now() }-${ ++n }`;

test.beforeAll( async () => {
	sandbox = await startSandbox();
	S = sandbox.url;
} );
test.afterAll( async () => sandbox.stop() );

const post = ( request: APIRequestContext, p: string, data: object ) =>
	request.post( `${ S }${ p }`, { data, headers: AUTH } );
const get = ( request: APIRequestContext, p: string ) =>
	request.get( `${ S }${ p }`, { headers: AUTH } );
const ledger = async ( request: APIRequestContext ) =>
	( await request.get( `${ S }/__ledger` ) ).json();

async function pay(
	request: APIRequestContext,
	extra: Record< string, unknown > = {},
	amount = 3000
) {
	const r = await post( request, '/v2/payments', {
		source_id: 'cnon:card-nonce-ok',
		idempotency_key: key(),
		amount_money: { amount, currency: 'USD' },
		...extra,
	} );
	expect( r.status(), await r.text() ).toBe( 200 );
	return ( await r.json() ).payment;
}

async function refund(
	request: APIRequestContext,
	paymentId: string,
	amount: number,
	idempotencyKey = key(),
	currency = 'USD'
) {
	return post( request, '/v2/refunds', {
		idempotency_key: idempotencyKey,
		payment_id: paymentId,
		amount_money: { amount, currency },
		reason: 'Customer asked',
	} );
}

const firstError = async ( r: { json: () => Promise< any > } ) =>
	( await r.json() ).errors[ 0 ];

test( 'locations: each has its country and currency; unknown is 404; a bearer token is needed', async ( {
	request,
} ) => {
	for ( const [ id, currency, country ] of [
		[ 'LSANDBOXMAIN', 'USD', 'US' ],
		[ 'LSANDBOXJP', 'JPY', 'JP' ],
		[ 'LSANDBOXEU', 'EUR', 'IE' ],
	] ) {
		const r = await get( request, `/v2/locations/${ id }` );
		expect( r.status() ).toBe( 200 );
		expect( ( await r.json() ).location ).toMatchObject( {
			id,
			currency,
			country,
			status: 'ACTIVE',
		} );
	}
	const unknown = await get( request, '/v2/locations/LNOPE' );
	expect( unknown.status() ).toBe( 404 );
	expect( await firstError( unknown ) ).toMatchObject( {
		category: 'INVALID_REQUEST_ERROR',
		code: 'NOT_FOUND',
	} );
	const anonymous = await request.get( `${ S }/v2/locations/LSANDBOXMAIN` );
	expect( anonymous.status() ).toBe( 401 );
	const list = await get( request, '/v2/locations' );
	expect(
		( await list.json() ).locations.map( ( l: { id: string } ) => l.id )
	).toEqual(
		expect.arrayContaining( [ 'LSANDBOXMAIN', 'LSANDBOXJP', 'LSANDBOXEU' ] )
	);
} );

test( 'CreatePayment refuses another currency than the location’s without using the token; JPY has no decimals', async ( {
	request,
} ) => {
	const nonceAnswer = await request.post( `${ S }/v2/card-nonce`, {
		data: {
			client_id: 'sandbox-sq0idb-kestrel-example-app',
			card_data: {
				number: '4111111111111111',
				exp_month: 12,
				exp_year: 2030,
				cvv: '123',
				billing_postal_code: '94103',
			},
		},
	} );
	const nonce = ( await nonceAnswer.json() ).card_nonce;
	const usdInJapan = await post( request, '/v2/payments', {
		source_id: nonce,
		idempotency_key: key(),
		amount_money: { amount: 3000, currency: 'USD' },
		location_id: 'LSANDBOXJP',
	} );
	expect( usdInJapan.status() ).toBe( 400 );
	expect( await firstError( usdInJapan ) ).toMatchObject( {
		category: 'INVALID_REQUEST_ERROR',
		code: 'INVALID_VALUE',
		field: 'amount_money.currency',
	} );
	const jpyDefault = await post( request, '/v2/payments', {
		source_id: nonce,
		idempotency_key: key(),
		amount_money: { amount: 3000, currency: 'JPY' },
	} );
	expect( jpyDefault.status() ).toBe( 400 );
	expect( ( await firstError( jpyDefault ) ).detail ).toContain( 'USD' );
	const unknown = await post( request, '/v2/payments', {
		source_id: nonce,
		idempotency_key: key(),
		amount_money: { amount: 3000, currency: 'USD' },
		location_id: 'LNOPE',
	} );
	expect( unknown.status() ).toBe( 404 );
	expect( await firstError( unknown ) ).toMatchObject( {
		code: 'NOT_FOUND',
		field: 'location_id',
	} );
	// The refusals did not use the token: it still pays, ¥3000 = amount 3000.
	const yen = await post( request, '/v2/payments', {
		source_id: nonce,
		idempotency_key: key(),
		amount_money: { amount: 3000, currency: 'JPY' },
		location_id: 'LSANDBOXJP',
	} );
	expect( yen.status(), await yen.text() ).toBe( 200 );
	expect( ( await yen.json() ).payment ).toMatchObject( {
		amount_money: { amount: 3000, currency: 'JPY' },
		location_id: 'LSANDBOXJP',
		status: 'COMPLETED',
	} );
} );

test( 'CreatePayment keeps reference, note, buyer, billing and delay; refuses what is too long', async ( {
	request,
} ) => {
	const billing = {
		first_name: 'Ada',
		last_name: 'Lovelace',
		address_line_1: '1 Main St',
		locality: 'San Francisco',
		administrative_district_level_1: 'CA',
		postal_code: '94103',
		country: 'US',
	};
	const payment = await pay( request, {
		autocomplete: false,
		reference_id: 'r'.repeat( 40 ),
		note: 'n'.repeat( 500 ),
		buyer_email_address: 'ada@example.org',
		billing_address: billing,
		delay_duration: 'PT48H',
		delay_action: 'CANCEL',
	} );
	expect( payment ).toMatchObject( {
		status: 'APPROVED',
		reference_id: 'r'.repeat( 40 ),
		buyer_email_address: 'ada@example.org',
		billing_address: billing,
		delay_duration: 'PT48H',
		delay_action: 'CANCEL',
	} );
	expect(
		Date.parse( payment.delayed_until ) - Date.parse( payment.created_at )
	).toBe( 48 * 3600 * 1000 );
	const stored = ( await ledger( request ) ).payments[ payment.id ];
	expect( stored ).toMatchObject( {
		reference_id: 'r'.repeat( 40 ),
		note: 'n'.repeat( 500 ),
		buyer_email_address: 'ada@example.org',
		billing_address: billing,
	} );
	// Defaults: 7 days, then cancel.
	expect( await pay( request, { autocomplete: false } ) ).toMatchObject( {
		delay_duration: 'PT168H',
		delay_action: 'CANCEL',
	} );
	for ( const [ field, value, code ] of [
		[ 'reference_id', 'r'.repeat( 41 ), 'VALUE_TOO_LONG' ],
		[ 'note', 'n'.repeat( 501 ), 'VALUE_TOO_LONG' ],
		[ 'buyer_email_address', 'not an email', 'INVALID_EMAIL_ADDRESS' ],
		[ 'delay_duration', 'two days', 'INVALID_VALUE' ],
		[ 'delay_action', 'REFUND', 'INVALID_VALUE' ],
	] ) {
		const r = await post( request, '/v2/payments', {
			source_id: 'cnon:card-nonce-ok',
			idempotency_key: key(),
			amount_money: { amount: 100, currency: 'USD' },
			autocomplete: false,
			[ field ]: value,
		} );
		expect( r.status(), field ).toBe( 400 );
		expect( await firstError( r ) ).toMatchObject( {
			category: 'INVALID_REQUEST_ERROR',
			code,
			field,
		} );
	}
} );

test( 'CompletePayment checks an optional version_token; CancelPayment voids another', async ( {
	request,
} ) => {
	const payment = await pay( request, { autocomplete: false } );
	const stale = await post(
		request,
		`/v2/payments/${ payment.id }/complete`,
		{
			version_token: 'v-not-current',
		}
	);
	expect( stale.status() ).toBe( 400 );
	expect( await firstError( stale ) ).toMatchObject( {
		code: 'VERSION_MISMATCH',
	} );
	const done = await post( request, `/v2/payments/${ payment.id }/complete`, {
		version_token: payment.version_token,
	} );
	expect( done.status() ).toBe( 200 );
	const completed = ( await done.json() ).payment;
	expect( completed.status ).toBe( 'COMPLETED' );
	expect( completed.version_token ).not.toBe( payment.version_token );

	const other = await pay( request, { autocomplete: false } );
	const voided = await post(
		request,
		`/v2/payments/${ other.id }/cancel`,
		{}
	);
	expect( ( await voided.json() ).payment ).toMatchObject( {
		status: 'CANCELED',
		card_details: { status: 'VOIDED' },
	} );
} );

test( 'CancelPaymentByIdempotencyKey voids the APPROVED payment of that key and succeeds when there is none', async ( {
	request,
} ) => {
	const k = key();
	const body = {
		source_id: 'cnon:card-nonce-ok',
		idempotency_key: k,
		amount_money: { amount: 3000, currency: 'USD' },
		autocomplete: false,
	};
	const created = (
		await ( await post( request, '/v2/payments', body ) ).json()
	).payment;
	expect( created.status ).toBe( 'APPROVED' );
	const cancel = await post( request, '/v2/payments/cancel', {
		idempotency_key: k,
	} );
	expect( cancel.status() ).toBe( 200 );
	expect( await cancel.json() ).toEqual( {} );
	expect( ( await ledger( request ) ).payments[ created.id ].status ).toBe(
		'CANCELED'
	);
	// Again, and a key nothing was made with: success, nothing to do.
	for ( const again of [ k, key() ] ) {
		const r = await post( request, '/v2/payments/cancel', {
			idempotency_key: again,
		} );
		expect( r.status() ).toBe( 200 );
		expect( await r.json() ).toEqual( {} );
	}
	// The replay of the create answers the same payment, now canceled: no second payment.
	const replay = await post( request, '/v2/payments', body );
	expect( ( await replay.json() ).payment ).toMatchObject( {
		id: created.id,
		status: 'CANCELED',
	} );
	// A COMPLETED payment is not voided by key; a missing key is refused.
	const charged = await post( request, '/v2/payments', {
		...body,
		idempotency_key: `${ k }-c`,
		autocomplete: true,
	} );
	expect( ( await charged.json() ).payment.status ).toBe( 'COMPLETED' );
	const late = await post( request, '/v2/payments/cancel', {
		idempotency_key: `${ k }-c`,
	} );
	expect( late.status() ).toBe( 400 );
	const missing = await post( request, '/v2/payments/cancel', {} );
	expect( missing.status() ).toBe( 400 );
	expect( await firstError( missing ) ).toMatchObject( {
		code: 'MISSING_REQUIRED_PARAMETER',
		field: 'idempotency_key',
	} );
} );

test( 'refunds: only COMPLETED payments, never more than collected, idempotent by key', async ( {
	request,
} ) => {
	const payment = await pay( request, { autocomplete: false } );
	const early = await refund( request, payment.id, 1000 );
	expect( early.status() ).toBe( 400 );
	expect( await firstError( early ) ).toMatchObject( {
		category: 'REFUND_ERROR',
		code: 'REFUND_ERROR_PAYMENT_NEEDS_COMPLETION',
	} );
	await post( request, `/v2/payments/${ payment.id }/complete`, {} );

	const k = key();
	const first = await refund( request, payment.id, 1000, k );
	expect( first.status(), await first.text() ).toBe( 200 );
	const made = ( await first.json() ).refund;
	expect( made ).toMatchObject( {
		status: 'COMPLETED',
		amount_money: { amount: 1000, currency: 'USD' },
		payment_id: payment.id,
		location_id: 'LSANDBOXMAIN',
		reason: 'Customer asked',
	} );
	// Square's published refund id shape: `{payment id}_{random}`, 73 characters.
	expect( made.id ).toMatch(
		new RegExp( `^${ payment.id }_[A-Za-z0-9]{43,}$` )
	);
	expect( made.id ).toHaveLength( 73 );
	// Double click: same key and body → the same refund, not a second one.
	const twice = await refund( request, payment.id, 1000, k );
	expect( ( await twice.json() ).refund.id ).toBe( made.id );
	const reused = await refund( request, payment.id, 999, k );
	expect( reused.status() ).toBe( 400 );
	expect( await firstError( reused ) ).toMatchObject( {
		code: 'IDEMPOTENCY_KEY_REUSED',
	} );
	const fetched = await get( request, `/v2/refunds/${ made.id }` );
	expect( ( await fetched.json() ).refund ).toMatchObject( {
		id: made.id,
		status: 'COMPLETED',
	} );
	let got = (
		await ( await get( request, `/v2/payments/${ payment.id }` ) ).json()
	).payment;
	expect( got.refunded_money ).toEqual( { amount: 1000, currency: 'USD' } );
	expect( got.refund_ids ).toEqual( [ made.id ] );

	const tooMuch = await refund( request, payment.id, 2001 );
	expect( tooMuch.status() ).toBe( 400 );
	expect( await firstError( tooMuch ) ).toMatchObject( {
		category: 'REFUND_ERROR',
		code: 'REFUND_AMOUNT_INVALID',
	} );
	const rest = await refund( request, payment.id, 2000 );
	expect( rest.status() ).toBe( 200 );
	const oneMore = await refund( request, payment.id, 1 );
	expect( await firstError( oneMore ) ).toMatchObject( {
		code: 'REFUND_AMOUNT_INVALID',
	} );
	got = (
		await ( await get( request, `/v2/payments/${ payment.id }` ) ).json()
	).payment;
	expect( got.refunded_money.amount ).toBe( 3000 );
	expect( got.refund_ids ).toHaveLength( 2 );

	const otherCurrency = await refund(
		request,
		( await pay( request ) ).id,
		100,
		key(),
		'EUR'
	);
	expect( await firstError( otherCurrency ) ).toMatchObject( {
		code: 'INVALID_VALUE',
		field: 'amount_money.currency',
	} );
	const zero = await refund( request, payment.id, 0 );
	expect( zero.status() ).toBe( 400 );
	const unknown = await refund( request, 'nope', 100 );
	expect( unknown.status() ).toBe( 404 );
	expect( ( await get( request, '/v2/refunds/nope' ) ).status() ).toBe( 404 );
	const anonymous = await request.post( `${ S }/v2/refunds`, {
		data: { idempotency_key: key() },
	} );
	expect( anonymous.status() ).toBe( 401 );

	const refunds = ( await ledger( request ) ).refunds;
	expect(
		Object.values( refunds ).filter(
			( r: any ) => r.payment_id === payment.id
		)
	).toHaveLength( 2 );
} );

test( 'a PENDING refund holds its amount; settled FAILED it frees it and blocks further refunds', async ( {
	request,
} ) => {
	await request.post( `${ S }/__refunds/mode`, {
		data: { status: 'PENDING' },
	} );
	try {
		const payment = await pay( request );
		const pending = (
			await ( await refund( request, payment.id, 2500 ) ).json()
		).refund;
		expect( pending.status ).toBe( 'PENDING' );
		expect(
			await firstError( await refund( request, payment.id, 501 ) )
		).toMatchObject( { code: 'REFUND_AMOUNT_INVALID' } );
		const settled = await request.post( `${ S }/__settle`, {
			data: { refund_id: pending.id, status: 'FAILED' },
		} );
		expect( ( await settled.json() ).refund.status ).toBe( 'FAILED' );
		const got = (
			await (
				await get( request, `/v2/payments/${ payment.id }` )
			).json()
		).payment;
		expect( got.refunded_money.amount ).toBe( 0 );
		expect(
			await firstError( await refund( request, payment.id, 100 ) )
		).toMatchObject( {
			category: 'REFUND_ERROR',
			code: 'PAYMENT_NOT_REFUNDABLE',
		} );
		const second = await pay( request );
		const held = (
			await ( await refund( request, second.id, 100 ) ).json()
		).refund;
		await request.post( `${ S }/__settle`, {
			data: { refund_id: held.id, status: 'COMPLETED' },
		} );
		expect(
			(
				await (
					await get( request, `/v2/refunds/${ held.id }` )
				).json()
			).refund.status
		).toBe( 'COMPLETED' );
	} finally {
		await request.post( `${ S }/__refunds/mode`, {
			data: { status: 'COMPLETED' },
		} );
	}
} );

test( 'POST /__settle applies an APPROVED payment’s delay action now', async ( {
	request,
} ) => {
	const cancelled = await pay( request, { autocomplete: false } );
	const completed = await pay( request, {
		autocomplete: false,
		delay_action: 'COMPLETE',
	} );
	for ( const [ payment, status ] of [
		[ cancelled, 'CANCELED' ],
		[ completed, 'COMPLETED' ],
	] ) {
		const r = await request.post( `${ S }/__settle`, {
			data: { payment_id: payment.id },
		} );
		expect( r.status() ).toBe( 200 );
		expect( ( await r.json() ).payment.status ).toBe( status );
	}
	const again = await request.post( `${ S }/__settle`, {
		data: { payment_id: completed.id },
	} );
	expect( again.status() ).toBe( 400 );
	const unknown = await request.post( `${ S }/__settle`, {
		data: { payment_id: 'nope' },
	} );
	expect( unknown.status() ).toBe( 404 );
} );
