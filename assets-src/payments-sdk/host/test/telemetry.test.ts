import { Telemetry, byteLength } from '../telemetry';

interface Sent {
	url: string;
	body: Record< string, unknown >;
	keepalive?: boolean;
}

function setup( status = 204 ) {
	const sent: Sent[] = [];
	let now = 1_000_000;
	const fetch = jest.fn(
		async ( url: string, init: { body?: string; keepalive?: boolean } ) => {
			sent.push( {
				url,
				body: JSON.parse( init.body ?? '{}' ),
				keepalive: init.keepalive,
			} );
			return { status, ok: status < 300, text: async () => '' };
		}
	);
	const t = new Telemetry(
		{ fetch },
		'https://p',
		() => ( { session: 's1' } ),
		() => now
	);
	return { t, sent, advance: ( ms: number ) => ( now += ms ) };
}

const settle = async () => {
	for ( let i = 0; i < 10; i++ ) {
		await Promise.resolve();
	}
};

describe( 'metrics and error reports', () => {
	beforeEach( () => jest.useFakeTimers() );
	afterEach( () => jest.useRealTimers() );

	it( 'batches metrics every second as {metrics: [...]}', async () => {
		const { t, sent } = setup();
		t.metric( 'attach', {
			eventSource: 'card',
			duration: 12,
			method: 'Card',
		} );
		t.metric( 'tokenize', {
			eventSource: 'card',
			duration: 340,
			method: 'Card',
		} );
		expect( sent ).toHaveLength( 0 );
		jest.advanceTimersByTime( 1000 );
		await settle();
		expect( sent ).toHaveLength( 1 );
		expect( sent[ 0 ].url ).toBe( 'https://p/payments/mtx/v2' );
		expect(
			(
				sent[ 0 ].body.metrics as Array< Record< string, unknown > >
			 ).map( ( m ) => m.event )
		).toEqual( [ 'attach', 'tokenize' ] );
		expect( sent[ 0 ].body.metrics ).toEqual( [
			expect.objectContaining( { session: 's1', sdkVersion: '1.51.4' } ),
			expect.anything(),
		] );
		expect( sent[ 0 ].keepalive ).toBe( true );
	} );

	it( 'flush sends at once (nonce success, destroy)', async () => {
		const { t, sent } = setup();
		t.metric( 'destroy', { eventSource: 'card', duration: 5 } );
		t.flush();
		await settle();
		expect( sent ).toHaveLength( 1 );
	} );

	it( 'cuts messages at 250 characters and sends breadcrumbs', async () => {
		const { t, sent } = setup();
		t.breadcrumb( 'attach' );
		t.report( 'x'.repeat( 400 ) );
		await settle();
		expect( sent[ 0 ].url ).toBe( 'https://p/payments/mtx/error' );
		expect( sent[ 0 ].body ).toMatchObject( {
			sdk_version: '1.51.4',
			breadcrumbs: [ 'attach' ],
		} );
		expect( ( sent[ 0 ].body.error_message as string ).length ).toBe( 250 );
	} );

	it( 'backs off 60 s after a 429 and keeps at most 30 reports meanwhile', async () => {
		const { t, sent, advance } = setup( 429 );
		t.report( 'first' );
		await settle();
		expect( sent ).toHaveLength( 1 );
		for ( let i = 0; i < 40; i++ ) {
			t.report( `r${ i }` );
		}
		await settle();
		expect( sent ).toHaveLength( 1 );
		expect( t.pendingErrors ).toHaveLength( 30 );
		expect( t.pendingErrors[ 0 ] ).toBe( 'r10' );
		advance( 60_000 );
		t.report( 'later' );
		await settle();
		expect( sent.length ).toBeGreaterThan( 1 );
	} );

	it( 'sends the reports held during the back-off when it ends, without waiting for another', async () => {
		let status = 429;
		const sent: string[] = [];
		let now = 1_000_000;
		const t = new Telemetry(
			{
				fetch: async ( _url, init ) => {
					sent.push( JSON.parse( init.body ?? '{}' ).error_message );
					return { status, ok: status < 300, text: async () => '' };
				},
			},
			'https://p',
			() => ( {} ),
			() => now
		);
		t.report( 'refused' );
		await settle();
		t.report( 'held 1' );
		t.report( 'held 2' );
		await settle();
		expect( sent ).toEqual( [ 'refused' ] );
		status = 204;
		now += 59_999;
		jest.advanceTimersByTime( 59_999 );
		await settle();
		expect( sent ).toHaveLength( 1 );
		now += 1;
		jest.advanceTimersByTime( 1 );
		await settle();
		// The refused report is sent again, then the held ones, in order.
		expect( sent ).toEqual( [ 'refused', 'refused', 'held 1', 'held 2' ] );
		expect( t.pendingErrors ).toHaveLength( 0 );
	} );

	it( 'keeps the last 100 breadcrumbs', async () => {
		const { t, sent } = setup();
		for ( let i = 0; i < 130; i++ ) {
			t.breadcrumb( `b${ i }` );
		}
		t.report( 'boom' );
		await settle();
		const crumbs = sent[ 0 ].body.breadcrumbs as string[];
		expect( crumbs ).toHaveLength( 100 );
		expect( crumbs[ 0 ] ).toBe( 'b30' );
		expect( crumbs[ 99 ] ).toBe( 'b129' );
	} );

	it( 'has fewer than 15 keepalive requests in flight', async () => {
		const sent: Sent[] = [];
		const answers: Array< () => void > = [];
		const t = new Telemetry(
			{
				fetch: ( url, init ) =>
					new Promise( ( resolve ) => {
						sent.push( {
							url,
							body: JSON.parse( init.body ?? '{}' ),
							keepalive: init.keepalive,
						} );
						answers.push( () =>
							resolve( {
								status: 204,
								ok: true,
								text: async () => '',
							} )
						);
					} ),
			},
			'https://p',
			() => ( {} )
		);
		for ( let i = 0; i < 20; i++ ) {
			t.report( `r${ i }` );
		}
		await settle();
		expect( sent ).toHaveLength( 20 );
		expect( sent.filter( ( s ) => s.keepalive ) ).toHaveLength( 14 );
		expect( sent.slice( 14 ).every( ( s ) => ! s.keepalive ) ).toBe( true );
		expect( t.keepaliveInFlight ).toBe( 14 );
		answers.forEach( ( a ) => a() );
		await settle();
		expect( t.keepaliveInFlight ).toBe( 0 );
		t.report( 'after' );
		await settle();
		expect( sent[ 20 ].keepalive ).toBe( true );
	} );

	it( 'counts the keepalive limit in UTF-8 bytes, not characters', async () => {
		const { t, sent } = setup();
		// 25000 characters of 3 bytes each: 75000 bytes, though fewer than 60000 characters.
		for ( let i = 0; i < 100; i++ ) {
			t.metric( '€'.repeat( 250 ), { eventSource: 'card', duration: 1 } );
		}
		t.flush();
		await settle();
		expect( JSON.stringify( sent[ 0 ].body ).length ).toBeLessThan(
			60_000
		);
		expect( sent[ 0 ].keepalive ).toBe( false );
		expect( byteLength( '€' ) ).toBe( 3 );
		expect( byteLength( 'a😀' ) ).toBe( 5 );
	} );

	it( 'does not use keepalive for bodies of 60000 bytes or more', async () => {
		const { t, sent } = setup();
		for ( let i = 0; i < 400; i++ ) {
			t.metric( 'e'.repeat( 200 ), { eventSource: 'card', duration: 1 } );
		}
		t.flush();
		await settle();
		expect( sent[ 0 ].keepalive ).toBe( false );
	} );

	it( 'gives every metric its eventSource and a whole, non-negative duration, and nothing else', async () => {
		const { t, sent } = setup();
		t.metric( 'tokenize', {
			eventSource: 'card',
			duration: 41.6,
			method: 'Card',
			paymentMethodTrackingId: 'pmt-1',
			// A careless caller: keys outside MetricData never leave.
			...( {
				cardNumber: '4111111111111111',
				cvv: '123',
				postalCode: '94103',
			} as object ),
		} );
		t.metric( 'hydrated', { eventSource: 'payments', duration: -3 } );
		t.flush();
		await settle();
		const metrics = sent[ 0 ].body.metrics as Array<
			Record< string, unknown >
		>;
		expect( metrics[ 0 ] ).toEqual( {
			event: 'tokenize',
			eventSource: 'card',
			duration: 42,
			method: 'Card',
			paymentMethodTrackingId: 'pmt-1',
			session: 's1',
			sdkVersion: '1.51.4',
			time: expect.any( Number ),
		} );
		expect( metrics[ 1 ] ).toMatchObject( {
			eventSource: 'payments',
			duration: 0,
		} );
		expect( JSON.stringify( sent ) ).not.toMatch( /4111|94103|cvv/ );
	} );
} );

describe( 'what the hydration lets out', () => {
	beforeEach( () => jest.useFakeTimers() );
	afterEach( () => jest.useRealTimers() );

	it( 'holds metrics and reports until the policy is known, then sends them', async () => {
		const { t, sent } = setup();
		t.setPolicy( { metrics: null, errors: null } );
		t.metric( 'attach', { eventSource: 'card', duration: 1 } );
		t.report( 'early failure' );
		jest.advanceTimersByTime( 5000 );
		t.flush();
		await settle();
		expect( sent ).toHaveLength( 0 );
		t.setPolicy( { metrics: true, errors: true } );
		await settle();
		expect( sent.map( ( s ) => s.url ) ).toEqual( [
			'https://p/payments/mtx/error',
		] );
		jest.advanceTimersByTime( 1000 );
		await settle();
		expect( sent.map( ( s ) => s.url ) ).toEqual( [
			'https://p/payments/mtx/error',
			'https://p/payments/mtx/v2',
		] );
	} );

	it( 'drops metrics without an analytics backend and reports without recordErrorMetrics', async () => {
		const { t, sent } = setup();
		t.setPolicy( { metrics: null, errors: null } );
		t.metric( 'hydrated', { eventSource: 'payments', duration: 1 } );
		t.report( 'held' );
		t.setPolicy( { metrics: false, errors: false } );
		t.metric( 'attach', { eventSource: 'card', duration: 1 } );
		t.report( 'refused' );
		t.flush();
		jest.advanceTimersByTime( 5000 );
		await settle();
		expect( sent ).toHaveLength( 0 );
		expect( t.pendingErrors ).toHaveLength( 0 );
	} );

	it( 'keeps at most 100 metrics while waiting', async () => {
		const { t, sent } = setup();
		t.setPolicy( { metrics: null } );
		for ( let i = 0; i < 150; i++ ) {
			t.metric( `m${ i }`, { eventSource: 'card', duration: 1 } );
		}
		t.setPolicy( { metrics: true } );
		t.flush();
		await settle();
		const metrics = sent[ 0 ].body.metrics as Array<
			Record< string, unknown >
		>;
		expect( metrics ).toHaveLength( 100 );
		expect( metrics[ 0 ].event ).toBe( 'm50' );
	} );
} );
