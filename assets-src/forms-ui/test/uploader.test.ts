/**
 * The resumable.js wrapper against a fake server: a session per file, its token in the
 * X-Kestrel-Upload-Token header of every request (never in a URL), and Retry-After honoured.
 */
import {
	createUploader,
	retryAfterSeconds,
	TOKEN_HEADER,
	type QueuedFile,
	type UploadRecord,
} from '../uploads/uploader';

const TARGET = 'http://example.test/wp-json/kestrel-forms/v1/uploads';
const TOKEN = 'a'.repeat( 64 );

/** A scripted XMLHttpRequest: the test answers each request itself. */
class FakeXhr {
	static all: FakeXhr[] = [];
	method = '';
	url = '';
	headers: Record< string, string > = {};
	body: unknown = null;
	readyState = 0;
	status = 0;
	responseText = '';
	timeout = 0;
	withCredentials = false;
	upload = { addEventListener: () => undefined };
	private responseHeaders: Record< string, string > = {};
	private listeners: Record< string, Array< () => void > > = {};

	constructor() {
		FakeXhr.all.push( this );
	}
	addEventListener( type: string, listener: () => void ) {
		( this.listeners[ type ] ??= [] ).push( listener );
	}
	open( method: string, url: string ) {
		this.method = method;
		this.url = url;
		this.readyState = 1;
	}
	setRequestHeader( name: string, value: string ) {
		this.headers[ name ] = value;
	}
	send( body: unknown ) {
		this.body = body;
	}
	abort() {}
	getResponseHeader( name: string ): string | null {
		return this.responseHeaders[ name.toLowerCase() ] ?? null;
	}
	respond(
		status: number,
		body: unknown,
		headers: Record< string, string > = {}
	) {
		this.status = status;
		this.responseText = body === null ? '' : JSON.stringify( body );
		this.responseHeaders = Object.fromEntries(
			Object.entries( headers ).map( ( [ k, v ] ) => [
				k.toLowerCase(),
				v,
			] )
		);
		this.readyState = 4;
		for ( const type of [ 'readystatechange', 'load' ] ) {
			( this.listeners[ type ] ?? [] ).forEach( ( l ) => l() );
		}
	}
}

function fetchAnswer(
	status: number,
	body: unknown,
	headers: Record< string, string > = {}
) {
	return Promise.resolve( {
		ok: status >= 200 && status < 300,
		status,
		headers: {
			get: ( name: string ) => headers[ name ] ?? null,
		},
		text: () => Promise.resolve( JSON.stringify( body ) ),
	} );
}

const sessionOk = () =>
	fetchAnswer( 201, { status: 'ok', data: { upload_token: TOKEN } } );

const complete = {
	status: 'ok',
	data: {
		uploaded_filename: 'a.txt',
		temp_filename: TOKEN,
		size: 5,
		complete: true,
	},
};

function setup() {
	const events = {
		added: jest.fn( ( files: QueuedFile[] ) => files ),
		progress: jest.fn(),
		complete: jest.fn< void, [ QueuedFile, UploadRecord ] >(),
		failed: jest.fn< void, [ QueuedFile, string ] >(),
	};
	const uploader = createUploader(
		{ target: TARGET, formId: 5, fieldId: 2, uploadId: 'abcdef12' },
		events,
		{
			unknownError: ( name ) => `unknown error: ${ name }`,
			serverError: ( name, message ) => `${ name } - ${ message }`,
			otherError: ( code, message, name ) =>
				`${ code } ${ message } ${ name }`,
		}
	);
	return { uploader, events };
}

/** The newest request resumable.js opened. */
const last = () => FakeXhr.all[ FakeXhr.all.length - 1 ];

describe( 'the uploader', () => {
	let fetchMock: jest.Mock;

	beforeEach( () => {
		jest.useFakeTimers();
		FakeXhr.all = [];
		( window as unknown as { XMLHttpRequest: unknown } ).XMLHttpRequest =
			FakeXhr;
		fetchMock = jest.fn();
		window.fetch = fetchMock as unknown as typeof window.fetch;
	} );

	afterEach( () => {
		jest.useRealTimers();
	} );

	it( "keeps the file input's accept (the allowed types) when attaching (issue 14)", () => {
		const { uploader } = setup();
		const input = document.createElement( 'input' );
		input.type = 'file';
		input.setAttribute( 'accept', '.png,.jpg' );
		uploader.attach( input, document.createElement( 'div' ), true );
		expect( input.getAttribute( 'accept' ) ).toBe( '.png,.jpg' );
		// Without allowed types there is none.
		const any = document.createElement( 'input' );
		any.type = 'file';
		uploader.attach( any, document.createElement( 'div' ), true );
		expect( any.hasAttribute( 'accept' ) ).toBe( false );
	} );

	it( 'opens a session per file and sends its token in a header with every request', async () => {
		fetchMock.mockImplementation( sessionOk );
		const { uploader, events } = setup();
		uploader.addFiles( [
			new File( [ 'hello' ], 'a.txt', { type: 'text/plain' } ),
		] );
		await jest.advanceTimersByTimeAsync( 0 );

		expect( fetchMock ).toHaveBeenCalledTimes( 1 );
		const [ url, init ] = fetchMock.mock.calls[ 0 ];
		expect( url ).toBe( `${ TARGET }/sessions` );
		expect( init.method ).toBe( 'POST' );
		expect( JSON.parse( init.body ) ).toEqual( {
			form_id: 5,
			field_id: 2,
		} );

		// testChunks, then the chunk: both carry the token, never in the URL or the body.
		const test = last();
		expect( test.method ).toBe( 'GET' );
		expect( test.headers[ TOKEN_HEADER ] ).toBe( TOKEN );
		expect( test.url ).not.toContain( TOKEN );
		test.respond( 204, null );
		const chunk = last();
		expect( chunk ).not.toBe( test );
		expect( chunk.method ).toBe( 'POST' );
		expect( chunk.headers[ TOKEN_HEADER ] ).toBe( TOKEN );
		expect( Array.from( ( chunk.body as FormData ).keys() ) ).not.toContain(
			'upload_token'
		);
		chunk.respond( 200, complete );
		expect( events.complete ).toHaveBeenCalledWith( expect.anything(), {
			temp_filename: TOKEN,
			uploaded_filename: 'a.txt',
			size: 5,
		} );

		// Discarding names the session by the same header.
		uploader.discard( TOKEN );
		const [ discardUrl, discard ] = fetchMock.mock.calls[ 1 ];
		expect( discardUrl ).toBe( TARGET );
		expect( discard.method ).toBe( 'DELETE' );
		expect( discard.headers[ TOKEN_HEADER ] ).toBe( TOKEN );
	} );

	it( 'waits for Retry-After before retrying a chunk, without using up its retries', async () => {
		fetchMock.mockImplementation( sessionOk );
		const { uploader, events } = setup();
		uploader.addFiles( [ new File( [ 'hello' ], 'a.txt' ) ] );
		await jest.advanceTimersByTimeAsync( 0 );
		last().respond( 204, null );

		const first = last();
		first.respond(
			429,
			{ status: 'error', error: { code: 'x' } },
			{
				'Retry-After': '7',
			}
		);
		await jest.advanceTimersByTimeAsync( 6900 );
		expect( last() ).toBe( first );
		await jest.advanceTimersByTimeAsync( 200 );
		expect( last() ).not.toBe( first );
		expect( last().method ).toBe( 'POST' );
		expect( last().headers[ TOKEN_HEADER ] ).toBe( TOKEN );

		// More 503s than resumable.js's 5 retries: each waits its Retry-After and goes on.
		for ( let i = 0; i < 8; i++ ) {
			const busy = last();
			busy.respond( 503, null, { 'Retry-After': '2' } );
			await jest.advanceTimersByTimeAsync( 1900 );
			expect( last() ).toBe( busy );
			await jest.advanceTimersByTimeAsync( 200 );
			expect( last() ).not.toBe( busy );
		}
		expect( events.failed ).not.toHaveBeenCalled();
		last().respond( 200, complete );
		expect( events.complete ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'waits for Retry-After when asking for a session, and reports a long refusal', async () => {
		fetchMock
			.mockImplementationOnce( () =>
				fetchAnswer(
					429,
					{ status: 'error', error: { message: 'Too many.' } },
					{ 'Retry-After': '3' }
				)
			)
			.mockImplementationOnce( sessionOk );
		const { uploader, events } = setup();
		uploader.addFiles( [ new File( [ 'hello' ], 'a.txt' ) ] );
		await jest.advanceTimersByTimeAsync( 0 );
		expect( fetchMock ).toHaveBeenCalledTimes( 1 );
		await jest.advanceTimersByTimeAsync( 2900 );
		expect( fetchMock ).toHaveBeenCalledTimes( 1 );
		expect( FakeXhr.all ).toHaveLength( 0 );
		await jest.advanceTimersByTimeAsync( 200 );
		expect( fetchMock ).toHaveBeenCalledTimes( 2 );
		expect( last().headers[ TOKEN_HEADER ] ).toBe( TOKEN );

		// A quota that frees up only in hours: the file fails with the server's message.
		fetchMock.mockImplementation( () =>
			fetchAnswer(
				429,
				{
					status: 'error',
					error: {
						message: 'You have too many uploads in progress.',
					},
				},
				{ 'Retry-After': '7200' }
			)
		);
		uploader.addFiles( [ new File( [ 'other' ], 'b.txt' ) ] );
		await jest.advanceTimersByTimeAsync( 0 );
		expect( events.failed ).toHaveBeenCalledWith(
			expect.objectContaining( { fileName: 'b.txt' } ),
			'b.txt - You have too many uploads in progress.'
		);
	} );

	it( 'gives up at once on a chunk that does not belong to its session (409)', async () => {
		fetchMock.mockImplementation( sessionOk );
		const { uploader, events } = setup();
		uploader.addFiles( [ new File( [ 'hello' ], 'a.txt' ) ] );
		await jest.advanceTimersByTimeAsync( 0 );
		last().respond( 204, null );
		const chunk = last();
		chunk.respond( 409, {
			status: 'error',
			error: {
				code: 'kestrel_forms_upload_mismatch',
				message: 'Mismatch.',
			},
		} );
		await jest.advanceTimersByTimeAsync( 5000 );
		expect( last() ).toBe( chunk );
		expect( events.failed ).toHaveBeenCalledWith(
			expect.anything(),
			'a.txt - Mismatch.'
		);
	} );

	it( 'reads Retry-After as seconds or as a date', () => {
		expect( retryAfterSeconds( '12' ) ).toBe( 12 );
		expect( retryAfterSeconds( null ) ).toBeNull();
		expect( retryAfterSeconds( 'soon' ) ).toBeNull();
		expect(
			retryAfterSeconds(
				new Date( 1_000_000 + 30_000 ).toUTCString(),
				1_000_000
			)
		).toBe( 30 );
	} );
} );
