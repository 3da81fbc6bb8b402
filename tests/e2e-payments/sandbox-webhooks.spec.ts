/**
 * The sandbox's webhook subscriptions and signed deliveries (issue 13, package 1): the
 * subscription API, the event body and its signature (recomputed here with node:crypto), the
 * test event, the delivery record in the ledger, and the modes tests use to make deliveries
 * drop, repeat, arrive out of order, late, or be retried. Against a private sandbox.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
	AUTH,
	expectedSignature,
	startReceiver,
	startSandbox,
	type PrivateSandbox,
	type Receiver,
} from './sandbox-private';

const ALL = [
	'payment.created',
	'payment.updated',
	'refund.created',
	'refund.updated',
];

let sandbox: PrivateSandbox;
let S = '';
let receiver: Receiver;
let n = 0;
const key = () => `wh-${ Date.now() }-${ ++n }`;

test.beforeAll( async () => {
	sandbox = await startSandbox();
	S = sandbox.url;
} );
test.afterAll( async () => sandbox.stop() );
test.beforeEach( async ( { request } ) => {
	await request.post( `${ S }/__reset`, { data: { all: true } } );
	receiver = await startReceiver();
} );
test.afterEach( async () => receiver.close() );

const post = ( request: APIRequestContext, p: string, data: object ) =>
	request.post( `${ S }${ p }`, { data, headers: AUTH } );
const control = ( request: APIRequestContext, p: string, data: object = {} ) =>
	request.post( `${ S }${ p }`, { data } );

async function subscribe(
	request: APIRequestContext,
	subscription: Record< string, unknown > = {}
) {
	const r = await post( request, '/v2/webhooks/subscriptions', {
		idempotency_key: key(),
		subscription: {
			name: 'Kestrel Forms',
			event_types: ALL,
			notification_url: receiver.url,
			api_version: '2025-10-16',
			...subscription,
		},
	} );
	expect( r.status(), await r.text() ).toBe( 200 );
	return ( await r.json() ).subscription;
}

async function pay( request: APIRequestContext, autocomplete = true ) {
	const r = await post( request, '/v2/payments', {
		source_id: 'cnon:card-nonce-ok',
		idempotency_key: key(),
		amount_money: { amount: 3000, currency: 'USD' },
		autocomplete,
	} );
	return ( await r.json() ).payment;
}

const events = ( got: { body: string }[] ) =>
	got.map( ( g ) => JSON.parse( g.body ) );

test( 'subscriptions: create (with a signature key), replay by key, list, get, update, rotate the key, delete', async ( {
	request,
} ) => {
	const k = key();
	const body = {
		idempotency_key: k,
		subscription: {
			name: 'Kestrel Forms',
			event_types: [ 'payment.updated' ],
			notification_url: receiver.url,
			api_version: '2025-10-16',
		},
	};
	const created = await post( request, '/v2/webhooks/subscriptions', body );
	const subscription = ( await created.json() ).subscription;
	expect( subscription ).toMatchObject( {
		name: 'Kestrel Forms',
		enabled: true,
		event_types: [ 'payment.updated' ],
		notification_url: receiver.url,
		api_version: '2025-10-16',
	} );
	expect( subscription.id ).toMatch( /^wbhk_/ );
	expect( subscription.signature_key ).toMatch( /^[\w-]{16,}$/ );
	expect( subscription.created_at ).toBe( subscription.updated_at );
	const replay = await post( request, '/v2/webhooks/subscriptions', body );
	expect( ( await replay.json() ).subscription.id ).toBe( subscription.id );
	const reused = await post( request, '/v2/webhooks/subscriptions', {
		...body,
		subscription: { ...body.subscription, name: 'Other' },
	} );
	expect( ( await reused.json() ).errors[ 0 ].code ).toBe(
		'IDEMPOTENCY_KEY_REUSED'
	);
	for ( const bad of [
		{ notification_url: 'not a url' },
		{ notification_url: 'ftp://example.org/hook' },
		{ event_types: [] },
		{ event_types: [ 'payment.exploded' ] },
	] ) {
		const r = await post( request, '/v2/webhooks/subscriptions', {
			idempotency_key: key(),
			subscription: { ...body.subscription, ...bad },
		} );
		expect( r.status(), JSON.stringify( bad ) ).toBe( 400 );
		expect( ( await r.json() ).errors[ 0 ].code ).toBe( 'INVALID_VALUE' );
	}
	const anonymous = await request.post( `${ S }/v2/webhooks/subscriptions`, {
		data: body,
	} );
	expect( anonymous.status() ).toBe( 401 );

	const list = await request.get( `${ S }/v2/webhooks/subscriptions`, {
		headers: AUTH,
	} );
	expect( ( await list.json() ).subscriptions ).toHaveLength( 1 );
	const one = await request.get(
		`${ S }/v2/webhooks/subscriptions/${ subscription.id }`,
		{ headers: AUTH }
	);
	expect( ( await one.json() ).subscription.id ).toBe( subscription.id );

	const updated = await request.put(
		`${ S }/v2/webhooks/subscriptions/${ subscription.id }`,
		{
			headers: AUTH,
			data: {
				subscription: {
					name: 'Renamed',
					enabled: false,
					event_types: ALL,
					notification_url: `${ receiver.url }&v=2`,
				},
			},
		}
	);
	expect( ( await updated.json() ).subscription ).toMatchObject( {
		id: subscription.id,
		name: 'Renamed',
		enabled: false,
		event_types: ALL,
		notification_url: `${ receiver.url }&v=2`,
		signature_key: subscription.signature_key,
	} );
	const rotated = await post(
		request,
		`/v2/webhooks/subscriptions/${ subscription.id }/signature-key`,
		{ idempotency_key: key() }
	);
	expect( ( await rotated.json() ).signature_key ).not.toBe(
		subscription.signature_key
	);
	const removed = await request.delete(
		`${ S }/v2/webhooks/subscriptions/${ subscription.id }`,
		{ headers: AUTH }
	);
	expect( await removed.json() ).toEqual( {} );
	const gone = await request.get(
		`${ S }/v2/webhooks/subscriptions/${ subscription.id }`,
		{ headers: AUTH }
	);
	expect( gone.status() ).toBe( 404 );
} );

test( 'payment and refund changes are delivered, signed over the notification URL + raw body', async ( {
	request,
} ) => {
	const subscription = await subscribe( request );
	const onlyRefunds = await subscribe( request, {
		event_types: [ 'refund.updated' ],
	} );
	await subscribe( request, { enabled: false } );
	// The receiver answers slowly: the API answers first, deliveries come after.
	receiver.delayMs = 2_000;
	const started = Date.now();
	const payment = await pay( request, false );
	expect( Date.now() - started ).toBeLessThan( 2_000 );
	receiver.delayMs = 0;
	await post( request, `/v2/payments/${ payment.id }/complete`, {} );
	const refunded = await post( request, '/v2/refunds', {
		idempotency_key: key(),
		payment_id: payment.id,
		amount_money: { amount: 1000, currency: 'USD' },
	} );
	const refund = ( await refunded.json() ).refund;
	await control( request, '/__webhooks/idle' );

	// payment.created, payment.updated, refund.created, refund.updated, payment.updated to the
	// full subscription; refund.updated to the second; nothing to the disabled one.
	const got = await receiver.waitFor( 6 );
	expect( got ).toHaveLength( 6 );
	const received = events( got );
	for ( const [ i, g ] of got.entries() ) {
		expect( g.headers[ 'content-type' ] ).toBe( 'application/json' );
		const sub =
			received[ i ].type === 'refund.updated' &&
			g.headers[ 'x-square-hmacsha256-signature' ] !==
				expectedSignature(
					subscription.signature_key,
					receiver.url,
					g.body
				)
				? onlyRefunds
				: subscription;
		expect( g.headers[ 'x-square-hmacsha256-signature' ] ).toBe(
			expectedSignature( sub.signature_key, receiver.url, g.body )
		);
		// Not over the body alone, not with another key.
		expect( g.headers[ 'x-square-hmacsha256-signature' ] ).not.toBe(
			expectedSignature( sub.signature_key, '', g.body )
		);
	}
	const forFull = received.filter(
		( e, i ) =>
			got[ i ].headers[ 'x-square-hmacsha256-signature' ] ===
			expectedSignature(
				subscription.signature_key,
				receiver.url,
				got[ i ].body
			)
	);
	expect( forFull.map( ( e ) => e.type ) ).toEqual( [
		'payment.created',
		'payment.updated',
		'refund.created',
		'refund.updated',
		'payment.updated',
	] );
	const [ created, completed, refundCreated, refundDone, refundedPayment ] =
		forFull;
	expect( created ).toMatchObject( {
		merchant_id: expect.any( String ),
		type: 'payment.created',
		event_id: expect.any( String ),
		created_at: expect.any( String ),
		data: {
			type: 'payment',
			id: payment.id,
			object: { payment: { id: payment.id, status: 'APPROVED' } },
		},
	} );
	expect( completed.data.object.payment.status ).toBe( 'COMPLETED' );
	expect( refundCreated.data ).toMatchObject( {
		type: 'refund',
		id: refund.id,
		object: { refund: { id: refund.id, status: 'PENDING' } },
	} );
	expect( refundDone.data.object.refund.status ).toBe( 'COMPLETED' );
	expect( refundedPayment.data.object.payment.refunded_money ).toEqual( {
		amount: 1000,
		currency: 'USD',
	} );
	expect( new Set( forFull.map( ( e ) => e.event_id ) ).size ).toBe( 5 );

	const { deliveries } = await (
		await request.get( `${ S }/__webhooks` )
	).json();
	const ledgerDeliveries = (
		await ( await request.get( `${ S }/__ledger` ) ).json()
	).webhook_deliveries;
	expect( ledgerDeliveries ).toEqual( deliveries );
	expect( deliveries ).toHaveLength( 6 );
	expect( deliveries[ 0 ] ).toMatchObject( {
		subscription_id: subscription.id,
		url: receiver.url,
		event_id: created.event_id,
		type: 'payment.created',
		status: 200,
		attempts: 1,
	} );
} );

test( 'the test event is delivered signed and its result reported', async ( {
	request,
} ) => {
	const subscription = await subscribe( request, {
		event_types: [ 'payment.created', 'payment.updated' ],
	} );
	receiver.answers = [ 204 ];
	const r = await post(
		request,
		`/v2/webhooks/subscriptions/${ subscription.id }/test`,
		{ event_type: 'payment.updated' }
	);
	expect( r.status() ).toBe( 200 );
	const result = ( await r.json() ).subscription_test_result;
	expect( result ).toMatchObject( {
		id: expect.any( String ),
		status_code: 204,
		created_at: expect.any( String ),
	} );
	expect( receiver.got ).toHaveLength( 1 );
	const [ delivered ] = receiver.got;
	expect( delivered.body ).toBe( result.payload );
	expect( delivered.headers[ 'x-square-hmacsha256-signature' ] ).toBe(
		expectedSignature(
			subscription.signature_key,
			receiver.url,
			delivered.body
		)
	);
	expect( JSON.parse( delivered.body ) ).toMatchObject( {
		type: 'payment.updated',
		data: { type: 'payment', object: { payment: expect.any( Object ) } },
	} );
	const wrongType = await post(
		request,
		`/v2/webhooks/subscriptions/${ subscription.id }/test`,
		{ event_type: 'refund.created' }
	);
	expect( wrongType.status() ).toBe( 400 );
	const unknown = await post(
		request,
		'/v2/webhooks/subscriptions/nope/test',
		{
			event_type: 'payment.created',
		}
	);
	expect( unknown.status() ).toBe( 404 );
} );

test( 'mode drop records the delivery without sending it', async ( {
	request,
} ) => {
	await subscribe( request, { event_types: [ 'payment.created' ] } );
	await control( request, '/__webhooks/mode', { drop: true } );
	await pay( request );
	await control( request, '/__webhooks/idle' );
	await new Promise( ( r ) => setTimeout( r, 200 ) );
	expect( receiver.got ).toHaveLength( 0 );
	const { deliveries } = await (
		await request.get( `${ S }/__webhooks` )
	).json();
	expect( deliveries ).toHaveLength( 1 );
	expect( deliveries[ 0 ] ).toMatchObject( {
		dropped: true,
		status: null,
		attempts: 0,
	} );
	// Back to normal: the next event arrives.
	await control( request, '/__webhooks/mode', {} );
	await pay( request );
	expect( await receiver.waitFor( 1 ) ).toHaveLength( 1 );
} );

test( 'mode duplicate sends the same event twice', async ( { request } ) => {
	await subscribe( request, { event_types: [ 'payment.created' ] } );
	await control( request, '/__webhooks/mode', { duplicate: true } );
	await pay( request );
	await control( request, '/__webhooks/idle' );
	const got = await receiver.waitFor( 2 );
	expect( got ).toHaveLength( 2 );
	expect( got[ 0 ].body ).toBe( got[ 1 ].body );
	expect( got[ 0 ].headers[ 'x-square-hmacsha256-signature' ] ).toBeTruthy();
	expect( got[ 1 ].headers[ 'x-square-hmacsha256-signature' ] ).toBe(
		got[ 0 ].headers[ 'x-square-hmacsha256-signature' ]
	);
} );

test( 'mode reorder holds events and sends the newest first', async ( {
	request,
} ) => {
	const subscription = await subscribe( request, {
		event_types: [ 'payment.created', 'payment.updated' ],
	} );
	await control( request, '/__webhooks/mode', {
		reorder: true,
		hold_ms: 60_000,
	} );
	const payment = await pay( request, false );
	await post( request, `/v2/payments/${ payment.id }/complete`, {} );
	await control( request, '/__webhooks/idle' );
	expect(
		( await ( await request.get( `${ S }/__webhooks` ) ).json() ).held
	).toBe( 2 );
	expect( receiver.got ).toHaveLength( 0 );
	const flushed = await control( request, '/__webhooks/flush' );
	expect( ( await flushed.json() ).released ).toBe( 2 );
	await control( request, '/__webhooks/idle' );
	const got = events( await receiver.waitFor( 2 ) );
	expect( got.map( ( e ) => e.type ) ).toEqual( [
		'payment.updated',
		'payment.created',
	] );
	expect( got[ 0 ].data.object.payment.status ).toBe( 'COMPLETED' );

	// Without flush: the hold ends by itself (hold_ms), newest first as well. One request that
	// changes three things (a refund), so the order does not depend on the machine's speed.
	await request.put(
		`${ S }/v2/webhooks/subscriptions/${ subscription.id }`,
		{
			headers: AUTH,
			data: { subscription: { event_types: ALL } },
		}
	);
	await control( request, '/__webhooks/mode', {
		reorder: true,
		hold_ms: 50,
	} );
	await post( request, '/v2/refunds', {
		idempotency_key: key(),
		payment_id: payment.id,
		amount_money: { amount: 100, currency: 'USD' },
	} );
	const after = events( await receiver.waitFor( 5 ) ).slice( 2 );
	expect( after.map( ( e ) => e.type ) ).toEqual( [
		'payment.updated',
		'refund.updated',
		'refund.created',
	] );
} );

test( 'mode delay_ms sends late; retries repeat a failed delivery', async ( {
	request,
} ) => {
	await subscribe( request, { event_types: [ 'payment.created' ] } );
	await control( request, '/__webhooks/mode', { delay_ms: 600 } );
	const before = Date.now();
	await pay( request );
	const [ late ] = await receiver.waitFor( 1 );
	expect( late.at - before ).toBeGreaterThanOrEqual( 600 );

	await control( request, '/__webhooks/mode', { retries: 2 } );
	receiver.answers = [ 500 ];
	await pay( request );
	await control( request, '/__webhooks/idle' );
	const got = await receiver.waitFor( 3 );
	expect( got ).toHaveLength( 3 );
	expect( got[ 1 ].body ).toBe( got[ 2 ].body );
	const { deliveries } = await (
		await request.get( `${ S }/__webhooks` )
	).json();
	expect( deliveries[ 1 ] ).toMatchObject( { status: 200, attempts: 2 } );
	// Without retries (the default) a failure is recorded once.
	await control( request, '/__webhooks/mode', {} );
	receiver.answers = [ 503 ];
	await pay( request );
	await control( request, '/__webhooks/idle' );
	const last = ( await ( await request.get( `${ S }/__webhooks` ) ).json() )
		.deliveries[ 2 ];
	expect( last ).toMatchObject( { status: 503, attempts: 1 } );
} );
