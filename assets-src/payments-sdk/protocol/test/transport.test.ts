import { RemoteError, isReportable } from '../channel';
import { serializeError } from '../messages';
import {
	TransportError,
	backoffDelay,
	httpMessage,
	providerErrors,
	requestJson,
	type FetchLike,
} from '../transport';

const fail = (): TransportError => {
	throw new Error( 'resolved' );
};

const response = ( status: number, text: string ) => ( {
	status,
	ok: status >= 200 && status < 300,
	text: () => Promise.resolve( text ),
} );

describe( 'transport', () => {
	it( 'sends JSON with credentials in CORS mode and parses the reply', async () => {
		const fetch = jest.fn( async () => response( 200, '{"a":1}' ) );
		await expect(
			requestJson( { fetch: fetch as FetchLike }, 'https://p/x', {
				b: 2,
			} )
		).resolves.toEqual( { a: 1 } );
		expect( fetch ).toHaveBeenCalledWith(
			'https://p/x',
			expect.objectContaining( {
				method: 'POST',
				credentials: 'include',
				mode: 'cors',
				body: '{"b":2}',
				headers: { 'Content-Type': 'application/json' },
			} )
		);
	} );

	it( '204 is an empty body', async () => {
		const fetch = jest.fn( async () => response( 204, '' ) );
		await expect( requestJson( { fetch }, 'u', {} ) ).resolves.toBeNull();
	} );

	it( 'retries 3 attempts with 200 ms doubling backoff plus jitter', async () => {
		const sleeps: number[] = [];
		const fetch = jest.fn( async () => response( 503, '' ) );
		const error = await requestJson(
			{
				fetch,
				sleep: async ( ms ) => void sleeps.push( ms ),
				random: () => 0.5,
			},
			'u',
			{}
		).then( fail, ( e: TransportError ) => e );
		expect( fetch ).toHaveBeenCalledTimes( 3 );
		expect( sleeps ).toEqual( [ 200 + 500, 400 + 500 ] );
		expect( error ).toBeInstanceOf( TransportError );
		expect( error.message ).toBe(
			'The endpoint is currently unavailable.'
		);
	} );

	it( 'backoff is capped at 32 s', () => {
		expect( backoffDelay( 1, 0 ) ).toBe( 200 );
		expect( backoffDelay( 3, 0.999 ) ).toBe( 800 + 999 );
		expect( backoffDelay( 20, 0.9 ) ).toBe( 32_000 );
	} );

	it( 'does not retry a 4xx other than 429, and keeps the error body', async () => {
		const fetch = jest.fn( async () =>
			response( 400, '{"errors":[{"code":"X"}]}' )
		);
		const error = await requestJson(
			{ fetch, sleep: async () => {} },
			'u',
			{}
		).then( fail, ( e: TransportError ) => e );
		expect( fetch ).toHaveBeenCalledTimes( 1 );
		expect( error ).toMatchObject( {
			kind: 'http',
			status: 400,
			body: { errors: [ { code: 'X' } ] },
		} );
	} );

	it( 'distinguishes invalid JSON, network errors and time-outs', async () => {
		const bad = await requestJson(
			{
				fetch: async () => response( 200, '<html>' ),
				sleep: async () => {},
			},
			'u'
		).then( fail, ( e: TransportError ) => e );
		expect( bad.kind ).toBe( 'invalid-json' );
		const net = await requestJson(
			{
				fetch: async () =>
					Promise.reject( new TypeError( 'Failed to fetch' ) ),
				sleep: async () => {},
			},
			'u'
		).then( fail, ( e: TransportError ) => e );
		expect( net.kind ).toBe( 'network' );
		expect( net.reportable ).toBe( false );
		// It stays unreportable when it crosses from a frame to the host.
		const crossed = new RemoteError( serializeError( net ) );
		expect( crossed.name ).toBe( 'TransportError' );
		expect( isReportable( crossed ) ).toBe( false );
		expect( isReportable( new RemoteError( serializeError( bad ) ) ) ).toBe(
			true
		);
		expect( isReportable( new Error( 'x' ) ) ).toBe( true );

		jest.useFakeTimers();
		try {
			const fetch = jest.fn( () => new Promise< never >( () => {} ) );
			const p = requestJson(
				{ fetch, sleep: async () => {} },
				'u',
				{},
				{ attempts: 1 }
			).then( fail, ( e: TransportError ) => e );
			jest.advanceTimersByTime( 10_000 );
			const timeout = await p;
			expect( timeout.kind ).toBe( 'timeout' );
		} finally {
			jest.useRealTimers();
		}
	} );

	it( 'maps statuses to the catalogue texts', () => {
		expect( httpMessage( 401 ) ).toBe( 'Request not authorized.' );
		expect( httpMessage( 404 ) ).toBe(
			'The requested resource was not found.'
		);
		expect( httpMessage( 429 ) ).toBe( 'Too many requests in progress.' );
		expect( httpMessage( 500 ) ).toBe(
			'An internal error has occurred. Unable to complete the request.'
		);
		expect( httpMessage( 418 ) ).toMatch( /unknown/ );
	} );
} );

describe( 'providerErrors', () => {
	it( 'reads the errors of a provider error body, and nothing else', () => {
		const refused = new TransportError( 'http', 'Bad', 400, {
			errors: [ { code: 'INVALID_CVV', detail: 'x', field: 'cvv' } ],
		} );
		expect( providerErrors( refused ) ).toEqual( [
			{ code: 'INVALID_CVV', detail: 'x', field: 'cvv' },
		] );
		expect(
			providerErrors( new TransportError( 'http', 'Bad', 500, {} ) )
		).toEqual( [] );
		expect(
			providerErrors( new TransportError( 'network', 'Network error' ) )
		).toBeNull();
		expect( providerErrors( new Error( 'x' ) ) ).toBeNull();
	} );
} );
