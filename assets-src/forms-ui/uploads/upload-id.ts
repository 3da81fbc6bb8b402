/**
 * What the form needs of uploads before any file is chosen: the form's upload id and the chunk
 * size. Apart from uploader.ts so that form-view, which makes the id for every form, does not
 * carry resumable.js (it ships in the upload field's script, bundles/form-upload.ts).
 */

/** Bytes a chunk (the last one may be larger, up to twice as large). */
export const DEFAULT_CHUNK_SIZE = 2 * 1024 * 1024;

/**
 * A new unique upload id: 8 hex characters (spec §9).
 */
export function newUploadId(): string {
	const bytes = new Uint8Array( 4 );
	window.crypto.getRandomValues( bytes );
	return Array.from( bytes, ( b ) =>
		b.toString( 16 ).padStart( 2, '0' )
	).join( '' );
}
