/**
 * Sends a file through the visitors' upload routes (a session from POST
 * /kestrel-forms/v1/uploads/sessions, then each chunk to POST /kestrel-forms/v1/uploads with the
 * session token in the X-Kestrel-Upload-Token header), cut the way resumable.js cuts it without
 * forceChunkSize, so the server applies the same limits and checks. 429 and 503 answers are
 * retried after their Retry-After.
 */
import apiFetch from '@wordpress/api-fetch';
import { __ } from '@wordpress/i18n';
import { DEFAULT_CHUNK_SIZE } from '../../forms-ui';

interface Envelope {
	status: 'ok' | 'error';
	data?: {
		complete?: boolean;
		temp_filename?: string | null;
		upload_token?: string;
	};
	error?: { code: string; message: string; retry_after?: number };
}

/** The request header naming the upload session (docs/rest-api.md, "Uploads"). */
const TOKEN_HEADER = 'X-Kestrel-Upload-Token';

/** How often a request answered 429 or 503 with Retry-After is sent again. */
const MAX_WAITS = 10;

/** Longest Retry-After waited for, seconds. */
const MAX_WAIT = 60;

/**
 * An api-fetch request, sent again after the server's Retry-After (429, 503) a few times.
 *
 * @param request api-fetch options.
 * @param wait    Waits (tests pass a fake).
 */
export async function withRetryAfter(
	request: Parameters< typeof apiFetch >[ 0 ],
	wait: ( ms: number ) => Promise< void > = ( ms ) =>
		new Promise( ( resolve ) => window.setTimeout( resolve, ms ) )
): Promise< Envelope > {
	for ( let attempt = 0; ; attempt++ ) {
		try {
			return ( await apiFetch( request ) ) as Envelope;
		} catch ( error ) {
			const seconds = ( error as Envelope | null )?.error?.retry_after;
			if (
				typeof seconds !== 'number' ||
				seconds > MAX_WAIT ||
				attempt >= MAX_WAITS
			) {
				throw error;
			}
			await wait( Math.max( 1, seconds ) * 1000 );
		}
	}
}

/**
 * Byte ranges of the chunks: floor(size / chunk) chunks (at least one), the last one taking
 * the remainder.
 *
 * @param size      File size.
 * @param chunkSize Chunk size.
 */
export function chunkRanges(
	size: number,
	chunkSize = DEFAULT_CHUNK_SIZE
): Array< [ number, number ] > {
	const count = Math.max( Math.floor( size / chunkSize ), 1 );
	const ranges: Array< [ number, number ] > = [];
	for ( let i = 0; i < count; i++ ) {
		ranges.push( [
			i * chunkSize,
			i === count - 1 ? size : ( i + 1 ) * chunkSize,
		] );
	}
	return ranges;
}

/** Files sent so far; numbers each file's identifier. */
let added = 0;

/**
 * Uploads one file; resolves with its token (the session token, which the entry's attach
 * request names), or rejects with the server's message.
 *
 * @param file            File.
 * @param target          Form, field and upload id.
 * @param target.formId   Form id.
 * @param target.fieldId  Field id.
 * @param target.uploadId Upload id (kept for the attach request; the server does not need it).
 */
export async function uploadFile(
	file: File,
	target: { formId: number; fieldId: number; uploadId: string }
): Promise< string > {
	const failed = ( error: unknown ) =>
		new Error(
			( error as Envelope | null )?.error?.message ??
				__( 'The file could not be uploaded.', 'kestrel-forms' )
		);
	let session: Envelope;
	try {
		session = await withRetryAfter( {
			path: '/kestrel-forms/v1/uploads/sessions',
			method: 'POST',
			data: { form_id: target.formId, field_id: target.fieldId },
		} );
	} catch ( error ) {
		throw failed( error );
	}
	const sessionToken = session.data?.upload_token;
	if ( ! sessionToken ) {
		throw failed( null );
	}
	const ranges = chunkRanges( file.size );
	// The visitors' scheme (forms-ui's uploader): one identifier per chosen file.
	const identifier = `${ target.uploadId }-${ target.fieldId }-${ ++added }-${ file.size }`;
	let token: string | null = null;
	for ( const [ index, [ start, end ] ] of ranges.entries() ) {
		const body = new FormData();
		const params: Record< string, string > = {
			form_id: String( target.formId ),
			field_id: String( target.fieldId ),
			original_filename: file.name,
			resumableChunkNumber: String( index + 1 ),
			resumableChunkSize: String( DEFAULT_CHUNK_SIZE ),
			resumableCurrentChunkSize: String( end - start ),
			resumableTotalSize: String( file.size ),
			resumableType: file.type,
			resumableIdentifier: identifier,
			resumableFilename: file.name,
			resumableRelativePath: file.name,
			resumableTotalChunks: String( ranges.length ),
		};
		for ( const [ key, value ] of Object.entries( params ) ) {
			body.append( key, value );
		}
		body.append( 'file', file.slice( start, end ), file.name );
		let envelope: Envelope;
		try {
			envelope = await withRetryAfter( {
				path: '/kestrel-forms/v1/uploads',
				method: 'POST',
				headers: { [ TOKEN_HEADER ]: sessionToken },
				body,
			} );
		} catch ( error ) {
			throw failed( error );
		}
		if ( envelope.data?.complete && envelope.data.temp_filename ) {
			token = envelope.data.temp_filename;
		}
	}
	if ( ! token ) {
		throw failed( null );
	}
	return token;
}
