/**
 * The sandbox's test controls for issue 13 (package 1): injected faults (500, time-out, answer
 * lost after the commit), the dashboard refund with its signed webhooks, and the reset.
 * Against a private sandbox, so the faults never hit another suite's requests.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
	AUTH,
	expectedSignature,
	startReceiver,
	startSandbox,
	type PrivateSandbox,
} from './sandbox-private';

let sandbox: PrivateSandbox;
let S = '';
let n = 0;
const key = () => `ft-${ Date.now() }-${ ++n }`;

test.beforeAll( async () => {
	sandbox = await startSandbox();
	S = sandbox.url;
} );
test.afterAll( async () => sandbox.stop() );
test.afterEach( async ( { request } ) => {
	await request.delete( `${ S }/__faults` );
} );

const body = ( idempotencyKey = key() ) => ( {
	source_id: 'cnon:card-nonce-ok',
	idempotency_key: idempotencyKey,
	amount_money: { amount: 3000, currency: 'USD' },
	autocomplete: false,
} );
/**
 * CreatePayment through fetch: a lost answer or a time-out rejects.
 *
 * @param data      Body.
 * @param timeoutMs Client time-out.
 */
const create = ( data: object, timeoutMs = 5_000 ) =>
	fetch( `${ S }/v2/payments`, {
		method: 'POST',
		headers: { ...AUTH, 'Content-Type': 'application/json' },
		body: JSON.stringify( data ),
		signal: AbortSignal.timeout( timeoutMs ),
	} );
const ledger = async ( request: APIRequestContext ) =>
	( await request.get( `${ S }/__ledger` ) ).json();
const fault = ( request: APIRequestContext, data: object ) =>
	request.post( `${ S }/__faults`, { data } );
const paymentCount = async ( request: APIRequestContext ) =>
	Object.keys( ( await ledger( request ) ).payments ).length;

test( 'fault 500 answers 500 without doing anything, count times, for the method and path prefix', async ( {
	request,
} ) => {
	const before = await paymentCount( request );
	const set = await fault( request, {
		path: '/v2/payments',
		method: 'POST',
		mode: '500',
		count: 2,
	} );
	expect( set.status() ).toBe( 200 );
	// Another path and another method are not affected.
	const refund = await request.get( `${ S }/v2/refunds/nope`, {
		headers: AUTH,
	} );
	expect( refund.status() ).toBe( 404 );
	const read = await request.get( `${ S }/v2/payments/nope`, {
		headers: AUTH,
	} );
	expect( read.status() ).toBe( 404 );
	for ( let i = 0; i < 2; i++ ) {
		const r = await create( body() );
		expect( r.status ).toBe( 500 );
		expect( ( await r.json() ).errors[ 0 ] ).toMatchObject( {
			category: 'API_ERROR',
			code: 'INTERNAL_SERVER_ERROR',
		} );
	}
	expect( await paymentCount( request ) ).toBe( before );
	const third = await create( body() );
	expect( third.status ).toBe( 200 );
	expect( await paymentCount( request ) ).toBe( before + 1 );
	const faulted = ( await ledger( request ) ).requests.filter(
		( r: { fault?: string } ) => r.fault === '500'
	);
	expect( faulted ).toHaveLength( 2 );
} );

test( 'fault drop-response-after-commit makes the payment, loses the answer; the replay answers it', async ( {
	request,
} ) => {
	await fault( request, {
		path: '/v2/payments',
		mode: 'drop-response-after-commit',
	} );
	const before = await paymentCount( request );
	const data = body();
	await expect( create( data ) ).rejects.toThrow();
	const after = await ledger( request );
	expect( Object.keys( after.payments ) ).toHaveLength( before + 1 );
	const made = Object.values( after.payments ).find(
		( p: any ) =>
			after.idempotency[ data.idempotency_key ]?.response.body.payment
				.id === p.id
	) as { id: string; status: string };
	expect( made.status ).toBe( 'APPROVED' );
	// Count 1: the retry with the same key and body gets the same payment.
	const replay = await create( data );
	expect( replay.status ).toBe( 200 );
	expect( ( await replay.json() ).payment.id ).toBe( made.id );
	expect( await paymentCount( request ) ).toBe( before + 1 );
	// And the unknown outcome can be voided by key.
	const cancel = await request.post( `${ S }/v2/payments/cancel`, {
		headers: AUTH,
		data: { idempotency_key: data.idempotency_key },
	} );
	expect( cancel.status() ).toBe( 200 );
	expect( ( await ledger( request ) ).payments[ made.id ].status ).toBe(
		'CANCELED'
	);
} );

test( 'fault timeout does nothing and never answers; the client’s time-out fires', async ( {
	request,
} ) => {
	await fault( request, { path: '/v2/payments', mode: 'timeout', count: 2 } );
	const before = await paymentCount( request );
	const started = Date.now();
	await expect( create( body(), 700 ) ).rejects.toThrow( /timeout|abort/i );
	expect( Date.now() - started ).toBeGreaterThanOrEqual( 650 );
	const { faults } = await ( await request.get( `${ S }/__faults` ) ).json();
	expect( faults ).toMatchObject( [
		{ path: '/v2/payments', mode: 'timeout', count: 1, hits: 1 },
	] );
	await expect( create( body(), 500 ) ).rejects.toThrow();
	expect( await paymentCount( request ) ).toBe( before );
	// Used up: the next request is answered.
	expect( ( await create( body() ) ).status ).toBe( 200 );
} );

test( 'faults are cleared by DELETE and checked when set', async ( {
	request,
} ) => {
	await fault( request, { path: '/v2/payments', mode: '500', count: 3 } );
	const cleared = await request.delete( `${ S }/__faults` );
	expect( ( await cleared.json() ).faults ).toEqual( [] );
	expect( ( await create( body() ) ).status ).toBe( 200 );
	for ( const bad of [
		{ path: '/v2/payments', mode: 'explode' },
		{ path: 'v2/payments', mode: '500' },
		{ path: '/v2/payments', mode: '500', count: 0 },
	] ) {
		const r = await fault( request, bad );
		expect( r.status(), JSON.stringify( bad ) ).toBe( 400 );
	}
	// Controls themselves are never faulted.
	await fault( request, { path: '/', mode: '500' } );
	expect( ( await request.get( `${ S }/__ledger` ) ).status() ).toBe( 200 );
} );

test( 'a dashboard refund follows the refund rules and sends signed webhooks', async ( {
	request,
} ) => {
	const receiver = await startReceiver();
	try {
		const sub = await request.post( `${ S }/v2/webhooks/subscriptions`, {
			headers: AUTH,
			data: {
				idempotency_key: key(),
				subscription: {
					name: 'Dashboard',
					event_types: [ 'refund.updated', 'payment.updated' ],
					notification_url: receiver.url,
				},
			},
		} );
		const subscription = ( await sub.json() ).subscription;
		const approved = ( await ( await create( body() ) ).json() ).payment;
		const early = await request.post( `${ S }/__dashboard/refund`, {
			data: { payment_id: approved.id, amount: 1000 },
		} );
		expect( early.status() ).toBe( 400 );
		expect( ( await early.json() ).errors[ 0 ].code ).toBe(
			'REFUND_ERROR_PAYMENT_NEEDS_COMPLETION'
		);
		await request.post( `${ S }/v2/payments/${ approved.id }/complete`, {
			headers: AUTH,
			data: {},
		} );
		await request.post( `${ S }/__webhooks/idle` );
		receiver.got.length = 0;
		const r = await request.post( `${ S }/__dashboard/refund`, {
			data: { payment_id: approved.id, amount: 1000 },
		} );
		expect( r.status() ).toBe( 200 );
		const refund = ( await r.json() ).refund;
		expect( refund ).toMatchObject( {
			status: 'COMPLETED',
			amount_money: { amount: 1000, currency: 'USD' },
			payment_id: approved.id,
			origin: 'dashboard',
		} );
		const got = await receiver.waitFor( 2 );
		const types = got.map( ( g ) => JSON.parse( g.body ).type );
		expect( types ).toEqual( [ 'refund.updated', 'payment.updated' ] );
		for ( const g of got ) {
			expect( g.headers[ 'x-square-hmacsha256-signature' ] ).toBe(
				expectedSignature(
					subscription.signature_key,
					receiver.url,
					g.body
				)
			);
		}
		expect(
			JSON.parse( got[ 1 ].body ).data.object.payment.refunded_money
		).toEqual( { amount: 1000, currency: 'USD' } );
		// Without an amount: what is left; then nothing is left.
		const rest = await request.post( `${ S }/__dashboard/refund`, {
			data: { payment_id: approved.id },
		} );
		expect( ( await rest.json() ).refund.amount_money.amount ).toBe( 2000 );
		const more = await request.post( `${ S }/__dashboard/refund`, {
			data: { payment_id: approved.id, amount: 1 },
		} );
		expect( ( await more.json() ).errors[ 0 ].code ).toBe(
			'REFUND_AMOUNT_INVALID'
		);
		expect( Object.keys( ( await ledger( request ) ).refunds ) ).toEqual(
			expect.arrayContaining( [ refund.id ] )
		);
	} finally {
		await receiver.close();
	}
} );

test( 'reset clears payments, refunds, keys, faults, modes and deliveries; keeps subscriptions unless all', async ( {
	request,
} ) => {
	// From a clean sandbox: earlier tests of this file left payments and refunds.
	await request.post( `${ S }/__reset`, { data: { all: true } } );
	const sub = await request.post( `${ S }/v2/webhooks/subscriptions`, {
		headers: AUTH,
		data: {
			idempotency_key: key(),
			subscription: {
				event_types: [ 'payment.created' ],
				notification_url: 'http://127.0.0.1:9/unreachable',
			},
		},
	} );
	expect( sub.status() ).toBe( 200 );
	const data = { ...body(), autocomplete: true };
	const first = ( await ( await create( data ) ).json() ).payment;
	await request.post( `${ S }/v2/refunds`, {
		headers: AUTH,
		data: {
			idempotency_key: key(),
			payment_id: first.id,
			amount_money: { amount: 100, currency: 'USD' },
		},
	} );
	await fault( request, { path: '/v2/refunds', mode: '500' } );
	await request.post( `${ S }/__webhooks/mode`, { data: { drop: true } } );
	await request.post( `${ S }/__webhooks/idle` );
	let now = await ledger( request );
	expect( Object.keys( now.refunds ) ).toHaveLength( 1 );
	expect( now.webhook_deliveries.length ).toBeGreaterThan( 0 );

	const reset = await request.post( `${ S }/__reset` );
	expect( reset.status() ).toBe( 200 );
	now = await ledger( request );
	expect( now ).toMatchObject( {
		payments: {},
		refunds: {},
		idempotency: {},
		faults: [],
		webhook_mode: {},
		webhook_deliveries: [],
	} );
	// The ledger keeps its other keys, and the request log goes on.
	for ( const k of [ 'sessions', 'nonces', 'verifications', 'requests' ] ) {
		expect( now ).toHaveProperty( k );
	}
	expect( now.requests.length ).toBeGreaterThan( 0 );
	expect( Object.keys( now.webhook_subscriptions ) ).toHaveLength( 1 );
	// The key is free again: a new payment, not a replay.
	const again = ( await ( await create( data ) ).json() ).payment;
	expect( again.id ).not.toBe( first.id );

	await request.post( `${ S }/__reset`, { data: { all: true } } );
	now = await ledger( request );
	expect( now.webhook_subscriptions ).toEqual( {} );
	expect( now.payments ).toEqual( {} );
} );
