import { Telemetry } from '../telemetry';

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
		t.metric( 'attach', { method: 'Card' } );
		t.metric( 'tokenize', { method: 'Card' } );
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
		t.metric( 'destroy' );
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

	it( 'does not use keepalive for bodies of 60000 bytes or more', async () => {
		const { t, sent } = setup();
		for ( let i = 0; i < 400; i++ ) {
			t.metric( 'e'.repeat( 200 ) );
		}
		t.flush();
		await settle();
		expect( sent[ 0 ].keepalive ).toBe( false );
	} );
} );
