/**
 * What the parallel tests share: the native site (scripts/native.mjs), admin REST calls with the
 * application password, SQL on the site's MariaDB, the WordPress debug log, raised rate limits
 * for the run, and the upload protocol in one place (uploadFile / sendChunk / testChunk).
 *
 * The tests run against a site with several PHP workers (php-fpm) on MariaDB: they start
 * requests together with Promise.all, so the server really runs them at the same time.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { sql, siteInfo, TABLE_PREFIX } from '../../../scripts/native.mjs';

export { sql };

const info = siteInfo();
if ( ! info?.url ) {
	throw new Error(
		'The native stack is not set up: run `npm run start:native` (tests/parallel/run.mjs does it).'
	);
}

/** The native site, e.g. http://localhost:8900. */
export const BASE_URL = process.env.KESTREL_NATIVE_URL ?? info.url;
export const T = ( name ) => `${ TABLE_PREFIX }kestrel_forms_${ name }`;
const AUTH = `Basic ${ Buffer.from( info.appPassword ).toString( 'base64' ) }`;

/** Concurrency of the tests (N workers of the client). */
export const N = Number( process.env.KESTREL_PARALLEL_N || 50 );

/**
 * One REST request; the body is read as text and parsed, so a non-JSON answer is visible.
 *
 * @param {string} method  HTTP method.
 * @param {string} route   Route, e.g. /kestrel-forms/v1/forms.
 * @param {Object} options { body, form (FormData), admin, headers, query }.
 * @return {Promise<{status: number, headers: Headers, text: string, json: *, ms: number}>} Answer.
 */
export async function rest( method, route, options = {} ) {
	const url = new URL( `${ BASE_URL }/wp-json${ route }` );
	for ( const [ k, v ] of Object.entries( options.query ?? {} ) ) {
		url.searchParams.set( k, String( v ) );
	}
	const headers = { ...( options.headers ?? {} ) };
	if ( options.admin ) {
		headers.Authorization = AUTH;
	}
	let body;
	if ( options.form ) {
		body = options.form;
	} else if ( options.body !== undefined ) {
		headers[ 'Content-Type' ] = 'application/json';
		body = JSON.stringify( options.body );
	}
	const started = performance.now();
	const response = await fetch( url, {
		method,
		headers,
		body,
		signal: AbortSignal.timeout( 120_000 ),
	} );
	const text = await response.text();
	let json;
	try {
		json = JSON.parse( text );
	} catch {
		json = undefined;
	}
	return {
		status: response.status,
		headers: response.headers,
		text,
		json,
		ms: performance.now() - started,
	};
}

/**
 * Asserts that an answer is clean JSON (nothing printed before or after it).
 *
 * @param {Object} answer From rest().
 * @param {string} what   For the message.
 */
export function assertCleanJson( answer, what ) {
	assert.notEqual(
		answer.json,
		undefined,
		`${ what }: HTTP ${ answer.status } answered something that is not JSON:\n${ answer.text.slice( 0, 600 ) }`
	);
}

/**
 * Creates a form as admin; returns its id.
 *
 * @param {Object} definition Form definition.
 * @return {Promise<number>} Form id.
 */
export async function createForm( definition ) {
	const answer = await rest( 'POST', '/kestrel-forms/v1/forms', {
		admin: true,
		body: definition,
	} );
	assert.equal(
		answer.status,
		201,
		`creating a form: ${ answer.text.slice( 0, 400 ) }`
	);
	return answer.json.id;
}

/**
 * Deletes a form for good (with its entries and files); failures are ignored.
 *
 * @param {number} id Form id.
 */
export async function deleteForm( id ) {
	await rest( 'DELETE', `/kestrel-forms/v1/forms/${ id }`, {
		admin: true,
		query: { force: 'true' },
	} ).catch( () => {} );
}

/**
 * Raises the plugin's rate limits for the run (the native test site's must-use plugin reads the
 * option, see scripts/native.mjs); returns a function that restores the defaults.
 *
 * @return {() => void} Restore.
 */
export function raiseRateLimits() {
	const limits = JSON.stringify( {
		submission: [ 100000, 60 ],
		upload_request: [ 100000, 60 ],
		upload_session: [ 100000, 3600 ],
		upload_client_sessions: 100000,
	} );
	sql(
		`INSERT INTO ${ TABLE_PREFIX }options (option_name, option_value, autoload) VALUES ('kestrel_forms_test_rate_limits', '${ limits }', 'off')
		 ON DUPLICATE KEY UPDATE option_value = VALUES(option_value)`
	);
	// Restoring also forgets the counters (RateLimiter keeps them as kf_rl_* transients without
	// an object cache): hits made under the raised limits would otherwise lock this client out
	// of the default ones for the rest of their window (an hour for upload sessions).
	return () =>
		sql(
			`DELETE FROM ${ TABLE_PREFIX }options WHERE option_name = 'kestrel_forms_test_rate_limits'
			    OR option_name LIKE '\\_transient\\_kf\\_rl\\_%' OR option_name LIKE '\\_transient\\_timeout\\_kf\\_rl\\_%'`
		);
}

/**
 * The WordPress debug log from now on: `read()` returns what was written since.
 *
 * @return {{ read: () => string }} Reader.
 */
export function debugLogFromNow() {
	const file = info.debugLog;
	const start = fs.existsSync( file ) ? fs.statSync( file ).size : 0;
	return {
		read() {
			if ( ! fs.existsSync( file ) ) {
				return '';
			}
			const size = fs.statSync( file ).size;
			if ( size <= start ) {
				return '';
			}
			const fd = fs.openSync( file, 'r' );
			const buffer = Buffer.alloc( size - start );
			fs.readSync( fd, buffer, 0, buffer.length, start );
			fs.closeSync( fd );
			return buffer.toString( 'utf8' );
		},
	};
}

/**
 * Asserts that a piece of the debug log holds no database error, no PHP warning, notice, error or
 * deprecation, and no line from our plugin.
 *
 * @param {string} log  Log text (debugLogFromNow().read()).
 * @param {string} what For the message.
 */
export function assertQuietLog( log, what ) {
	const bad = log
		.split( '\n' )
		.filter( ( line ) =>
			/Duplicate entry|WordPress database error|PHP (Warning|Notice|Fatal|Parse|Deprecated|Error)|kestrel/i.test(
				line
			)
		);
	assert.deepEqual(
		bad.map( ( line ) => line.slice( 0, 400 ) ),
		[],
		`${ what }: the WordPress debug log got ${ bad.length } error line(s)`
	);
}

/**
 * Runs `count` calls of `fn( i )` all at once; resolves with their results in order.
 *
 * @param {number}   count How many.
 * @param {Function} fn    Async function of the index.
 * @return {Promise<Array>} Results.
 */
export function together( count, fn ) {
	return Promise.all( Array.from( { length: count }, ( _, i ) => fn( i ) ) );
}

/** A short random tag for markers and keys. */
export const tag = () => crypto.randomBytes( 6 ).toString( 'hex' );

/* ------------------------------------------------------------------------------------------ *
 * The upload protocol, in one place (docs/rest-api.md, "Uploads").
 * ------------------------------------------------------------------------------------------ */

/**
 * Bytes of a generated text file (readable text, so the server's content check sees text/plain).
 *
 * @param {number} start First byte.
 * @param {number} end   Byte after the last.
 * @param {string} seed  Varies the content per file.
 * @return {Buffer} Bytes.
 */
export function fileBytes( start, end, seed = '' ) {
	const line = Buffer.from(
		`Kestrel Forms parallel test ${ seed }: the quick brown fox jumps over the lazy dog.\n`
	);
	const out = Buffer.allocUnsafe( end - start );
	for ( let i = 0; i < out.length; i++ ) {
		out[ i ] = line[ ( start + i ) % line.length ];
	}
	return out;
}

/**
 * Opens an upload of one file to a form's file field and returns what every chunk, test and
 * discard of it then carries. The protocol (docs/rest-api.md, "Uploads"): POST /uploads/sessions
 * { form_id, field_id } answers 201 with a server-issued `upload_token`, sent with every request
 * of that file as the X-Kestrel-Upload-Token header, next to resumable.js's parameters. Against
 * code from before the sessions (no such route) it falls back to the old identification by the
 * browser's 8-hex upload id, so the tests can be run against an older commit.
 *
 * @param {Object} options
 * @param {number} options.formId  Form.
 * @param {number} options.fieldId File field.
 * @param {number} options.size    File size in bytes.
 * @param {number} options.chunk   Chunk size in bytes (resumable.js forceChunkSize).
 * @param {string} [options.name]  File name.
 * @return {Promise<Object>} The upload: { params(number), headers, total, size, chunk, name, token }.
 */
export async function openUpload( { formId, fieldId, size, chunk, name } ) {
	const uploadId = crypto.randomBytes( 4 ).toString( 'hex' );
	const fileName = name ?? `parallel-${ uploadId }.txt`;
	const total = Math.max( Math.ceil( size / chunk ), 1 );
	const session = await rest( 'POST', '/kestrel-forms/v1/uploads/sessions', {
		body: { form_id: formId, field_id: fieldId },
	} );
	let token = null;
	if ( session.status === 201 ) {
		token = session.json.data.upload_token;
	} else if (
		( session.json?.code ?? session.json?.error?.code ) !== 'rest_no_route'
	) {
		throw new Error(
			`Opening an upload session: HTTP ${ session.status } ${ session.text.slice( 0, 300 ) }`
		);
	}
	return {
		formId,
		fieldId,
		uploadId,
		token,
		name: fileName,
		size,
		chunk,
		total,
		seed: uploadId,
		headers: token ? { 'X-Kestrel-Upload-Token': token } : {},
		params( number ) {
			const start = ( number - 1 ) * chunk;
			const end = Math.min( size, start + chunk );
			return {
				form_id: formId,
				field_id: fieldId,
				...( token ? {} : { upload_id: uploadId } ),
				original_filename: fileName,
				resumableChunkNumber: number,
				resumableChunkSize: chunk,
				resumableCurrentChunkSize: end - start,
				resumableTotalSize: size,
				resumableType: 'text/plain',
				resumableIdentifier: `${ size }-${ fileName.replace( /[^0-9a-zA-Z_-]/g, '' ) }`,
				resumableFilename: fileName,
				resumableRelativePath: fileName,
				resumableTotalChunks: total,
			};
		},
	};
}

/**
 * Discards an upload's unclaimed file or chunks (DELETE /uploads).
 *
 * @param {Object} upload From openUpload().
 * @param {string} [file] The finished file's token (the old protocol named it in the path).
 * @return {Promise<Object>} Answer from rest().
 */
export function discardUpload( upload, file ) {
	return upload.token
		? rest( 'DELETE', '/kestrel-forms/v1/uploads', {
				headers: upload.headers,
			} )
		: rest( 'DELETE', `/kestrel-forms/v1/uploads/${ file }`, {
				query: {
					form_id: upload.formId,
					field_id: upload.fieldId,
					upload_id: upload.uploadId,
				},
			} );
}

/**
 * Sends one chunk (POST /uploads).
 *
 * @param {Object} upload From openUpload().
 * @param {number} number Chunk number, 1-based.
 * @return {Promise<Object>} Answer from rest().
 */
export function sendChunk( upload, number ) {
	const start = ( number - 1 ) * upload.chunk;
	const end = Math.min( upload.size, start + upload.chunk );
	const form = new FormData();
	for ( const [ k, v ] of Object.entries( upload.params( number ) ) ) {
		form.append( k, String( v ) );
	}
	form.append(
		'file',
		new Blob( [ fileBytes( start, end, upload.seed ) ] ),
		upload.name
	);
	return rest( 'POST', '/kestrel-forms/v1/uploads', {
		form,
		headers: upload.headers,
	} );
}

/**
 * Sends one chunk as the visitor uploader does: a 503 (kestrel_forms_upload_busy: another
 * request is assembling the file) or 429 is retried after its Retry-After, at most 5 times;
 * every other answer is final.
 *
 * @param {Object} upload From openUpload().
 * @param {number} number Chunk number, 1-based.
 * @return {Promise<Object>} The last answer from rest(), with `retries` (how many were needed).
 */
export async function sendChunkLikeClient( upload, number ) {
	let retries = 0;
	for (;;) {
		const answer = await sendChunk( upload, number );
		if (
			( answer.status !== 503 && answer.status !== 429 ) ||
			retries >= 5
		) {
			return { ...answer, retries };
		}
		retries++;
		const seconds = Number(
			answer.headers.get( 'retry-after' ) ??
				answer.json?.error?.retry_after ??
				1
		);
		await new Promise( ( resolve ) =>
			setTimeout(
				resolve,
				Math.min( Math.max( seconds, 0.1 ), 10 ) * 1000
			)
		);
	}
}

/**
 * resumable.js's testChunks (GET /uploads).
 *
 * @param {Object} upload From openUpload().
 * @param {number} number Chunk number.
 * @return {Promise<Object>} Answer from rest().
 */
export function testChunk( upload, number ) {
	return rest( 'GET', '/kestrel-forms/v1/uploads', {
		query: upload.params( number ),
		headers: upload.headers,
	} );
}

/**
 * The finished file's token from a set of chunk answers, asking testChunks when the answer that
 * completed the set was not among them (docs/rest-api.md).
 *
 * @param {Object}   upload  From openUpload().
 * @param {Object[]} answers Chunk answers.
 * @return {Promise<string[]>} Distinct tokens seen (one when the file was assembled once).
 */
export async function finishedTokens( upload, answers ) {
	const tokens = new Set(
		answers
			.filter( ( a ) => a.json?.data?.complete )
			.map( ( a ) => a.json.data.temp_filename )
	);
	for ( let i = 0; i < 100 && tokens.size === 0; i++ ) {
		const test = await testChunk( upload, 1 );
		if ( test.json?.data?.complete ) {
			tokens.add( test.json.data.temp_filename );
		} else {
			await new Promise( ( resolve ) => setTimeout( resolve, 100 ) );
		}
	}
	return [ ...tokens ];
}
