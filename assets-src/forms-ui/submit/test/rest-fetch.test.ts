import restFetch, { configureRest, restUrl } from '../rest-fetch';
import { postSubmission } from '../submit';

interface Sent {
	url: string;
	init: RequestInit;
}

/**
 * Replaces window.fetch with answers given in order; records what was sent.
 *
 * @param answers Responses (or thrown errors) in order.
 */
function fakeFetch( answers: Array< Response | Error > ): Sent[] {
	const sent: Sent[] = [];
	window.fetch = jest.fn( async ( url: RequestInfo | URL, init ) => {
		sent.push( { url: String( url ), init: init ?? {} } );
		const next = answers.shift();
		if ( ! next ) {
			throw new Error( 'no answer left' );
		}
		if ( next instanceof Error ) {
			throw next;
		}
		return next;
	} ) as typeof window.fetch;
	return sent;
}

/**
 * The part of a Response rest-fetch reads (jsdom has no Response).
 *
 * @param status HTTP status.
 * @param text   The body as sent.
 */
const answer = ( status: number, text: string ) =>
	( {
		status,
		ok: status >= 200 && status < 300,
		json: async () => JSON.parse( text ),
		text: async () => text,
	} ) as unknown as Response;

const json = ( status: number, body: unknown ) =>
	answer( status, JSON.stringify( body ) );

const header = ( sent: Sent, name: string ) =>
	( sent.init.headers as Record< string, string > )[ name ];

beforeEach( () =>
	configureRest( {
		root: '/wp-json/',
		nonce: undefined,
		nonceUrl: undefined,
	} )
);

const staleNonce = () =>
	json( 403, {
		code: 'rest_cookie_invalid_nonce',
		message: 'Cookie check failed',
		data: { status: 403 },
	} );

describe( 'restUrl', () => {
	it( 'joins a path under a pretty-permalink root', () => {
		configureRest( { root: 'https://shop.test/wp-json/' } );
		expect( restUrl( '/kestrel-forms/v1/forms/3/submissions' ) ).toBe(
			'https://shop.test/wp-json/kestrel-forms/v1/forms/3/submissions'
		);
	} );

	it( 'joins a path and its query under a plain-permalink root', () => {
		configureRest( { root: 'https://shop.test/?rest_route=/' } );
		expect( restUrl( '/kestrel-forms/v1/drafts/7?key=a' ) ).toBe(
			'https://shop.test/?rest_route=/kestrel-forms/v1/drafts/7&key=a'
		);
	} );
} );

describe( 'restFetch', () => {
	it( 'posts JSON without a nonce for a visitor who is not logged in', async () => {
		const sent = fakeFetch( [ json( 201, { ok: 1 } ) ] );
		await expect(
			restFetch( { path: '/a/b', method: 'POST', data: { x: 1 } } )
		).resolves.toEqual( { ok: 1 } );
		expect( sent[ 0 ].url ).toBe( '/wp-json/a/b' );
		expect( sent[ 0 ].init.body ).toBe( '{"x":1}' );
		expect( header( sent[ 0 ], 'Content-Type' ) ).toBe(
			'application/json'
		);
		expect( header( sent[ 0 ], 'X-WP-Nonce' ) ).toBeUndefined();
		expect( sent[ 0 ].init.credentials ).toBe( 'same-origin' );
	} );

	it( 'sends the signed-in visitor’s nonce', async () => {
		configureRest( { nonce: 'abc123' } );
		const sent = fakeFetch( [ json( 200, [] ) ] );
		await restFetch( { path: '/a' } );
		expect( header( sent[ 0 ], 'X-WP-Nonce' ) ).toBe( 'abc123' );
		expect( sent[ 0 ].init.method ).toBe( 'GET' );
	} );

	it( 'rejects with the REST error body', async () => {
		fakeFetch( [
			json( 422, {
				code: 'kestrel_forms_validation_failed',
				message: 'Check the fields.',
				data: { status: 422 },
			} ),
		] );
		await expect( restFetch( { path: '/a' } ) ).rejects.toEqual( {
			code: 'kestrel_forms_validation_failed',
			message: 'Check the fields.',
			data: { status: 422 },
		} );
	} );

	it( 'says when the server cannot be reached or does not answer JSON', async () => {
		fakeFetch( [
			new TypeError( 'Failed to fetch' ),
			answer( 502, '<html>' ),
		] );
		await expect( restFetch( { path: '/a' } ) ).rejects.toEqual( {
			code: 'fetch_error',
		} );
		await expect( restFetch( { path: '/a' } ) ).rejects.toEqual( {
			code: 'invalid_json',
		} );
	} );
} );

describe( 'a stale nonce', () => {
	it( 'is refreshed once for a signed-in visitor, who stays signed in', async () => {
		configureRest( {
			nonce: 'stale0000',
			nonceUrl: '/wp-admin/admin-ajax.php?action=rest-nonce',
		} );
		const sent = fakeFetch( [
			staleNonce(),
			answer( 200, '0123456789' ),
			json( 201, { ok: 1 } ),
			json( 200, { again: 1 } ),
		] );
		await expect(
			restFetch( { path: '/a', method: 'POST', data: { x: 1 } } )
		).resolves.toEqual( { ok: 1 } );
		expect( sent.map( ( s ) => s.url ) ).toEqual( [
			'/wp-json/a',
			'/wp-admin/admin-ajax.php?action=rest-nonce',
			'/wp-json/a',
		] );
		expect( header( sent[ 2 ], 'X-WP-Nonce' ) ).toBe( '0123456789' );
		// The fresh nonce is kept for the next request.
		await restFetch( { path: '/b' } );
		expect( header( sent[ 3 ], 'X-WP-Nonce' ) ).toBe( '0123456789' );
	} );

	it( 'that cannot be refreshed (signed out meanwhile) is the caller’s refusal', async () => {
		configureRest( {
			nonce: 'stale0000',
			nonceUrl: '/wp-admin/admin-ajax.php?action=rest-nonce',
		} );
		fakeFetch( [ staleNonce(), answer( 400, '0' ) ] );
		await expect( restFetch( { path: '/a' } ) ).rejects.toMatchObject( {
			code: 'rest_cookie_invalid_nonce',
		} );
	} );

	it( 'without a refresh URL is dropped: the same submission is sent again without it, with the same key', async () => {
		configureRest( { nonce: 'stale0000' } );
		const sent = fakeFetch( [
			staleNonce(),
			json( 201, { reference: 'r', confirmation: { type: 'message' } } ),
		] );
		const payload = {
			values: { 1: 'Ada' },
			source_url: 'https://shop.test/contact/',
			submission_key: 'k'.repeat( 32 ),
		};
		await expect(
			postSubmission(
				'/kestrel-forms/v1/forms/3/submissions',
				payload,
				'https://shop.test/wp-json/kestrel-forms/v1/forms/3/submissions'
			)
		).resolves.toMatchObject( { reference: 'r' } );
		expect( sent ).toHaveLength( 2 );
		expect( header( sent[ 0 ], 'X-WP-Nonce' ) ).toBe( 'stale0000' );
		const retry = sent[ 1 ].init.headers as Record< string, string >;
		expect( retry[ 'X-WP-Nonce' ] ).toBeUndefined();
		expect( JSON.parse( String( sent[ 1 ].init.body ) ) ).toEqual(
			payload
		);
	} );
} );
