/**
 * Sends a file through the visitors' chunk route (POST /kestrel-forms/v1/uploads), cut the way
 * resumable.js cuts it without forceChunkSize, so the server applies the same limits and checks.
 */
import apiFetch from '@wordpress/api-fetch';
import { __ } from '@wordpress/i18n';
import { DEFAULT_CHUNK_SIZE } from '../../forms-ui';

interface Envelope {
	status: 'ok' | 'error';
	data?: { complete?: boolean; temp_filename?: string | null };
	error?: { code: string; message: string };
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
 * Uploads one file; resolves with its token, or rejects with the server's message.
 *
 * @param file            File.
 * @param target          Form, field and upload id.
 * @param target.formId   Form id.
 * @param target.fieldId  Field id.
 * @param target.uploadId Upload id.
 */
export async function uploadFile(
	file: File,
	target: { formId: number; fieldId: number; uploadId: string }
): Promise< string > {
	const ranges = chunkRanges( file.size );
	// The visitors' scheme (forms-ui's uploader): one identifier per chosen file, so two files
	// of the same name and size in one batch are two uploads, not one.
	const identifier = `${ target.uploadId }-${ target.fieldId }-${ ++added }-${ file.size }`;
	let token: string | null = null;
	for ( const [ index, [ start, end ] ] of ranges.entries() ) {
		const body = new FormData();
		const params: Record< string, string > = {
			form_id: String( target.formId ),
			field_id: String( target.fieldId ),
			upload_id: target.uploadId,
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
			envelope = ( await apiFetch( {
				path: '/kestrel-forms/v1/uploads',
				method: 'POST',
				body,
			} ) ) as Envelope;
		} catch ( error ) {
			const failed = error as Envelope | null;
			throw new Error(
				failed?.error?.message ??
					__( 'The file could not be uploaded.', 'kestrel-forms' )
			);
		}
		if ( envelope.data?.complete && envelope.data.temp_filename ) {
			token = envelope.data.temp_filename;
		}
	}
	if ( ! token ) {
		throw new Error(
			__( 'The file could not be uploaded.', 'kestrel-forms' )
		);
	}
	return token;
}
