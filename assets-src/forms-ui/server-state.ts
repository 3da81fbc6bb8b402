/**
 * What the page carries for a server-rendered form (docs/server-rendering.md §1): the state the
 * server printed the form in after a plain post, and the stored files it carries. Light on
 * purpose: form-view imports it. (Fields read wire values through the engine's fromSubmission.)
 */
import type { SubmissionValues } from '../shared';
import type { FieldError } from './fields/types';
import type { UploadRecord } from './uploads/uploader';

/** `data.state`: the outcome of a plain post the server printed the form with. */
export interface ServerState {
	/** The submission's values (WireValues: "5", "5.3", "5_quantity"…). */
	values: SubmissionValues;
	/** Messages by field id. */
	errors?: Record< string, FieldError >;
	/** The error summary's heading (null: no summary). */
	summary?: string | null;
	/** 0-based index of the page shown. */
	page?: number;
	/** Files stored so far by `input_{fieldId}` (the `kestrel_uploaded_files` input's value). */
	uploadedFiles?: Record< string, UploadRecord[] >;
}

/**
 * The server's stored files by numeric field id (keys `input_{fieldId}`).
 *
 * @param files Files by `input_{fieldId}`.
 */
export function uploadsOf(
	files: ServerState[ 'uploadedFiles' ]
): Record< number, UploadRecord[] > {
	const out: Record< number, UploadRecord[] > = {};
	for ( const [ key, records ] of Object.entries( files ?? {} ) ) {
		const id = /^input_(\d+)$/.exec( key );
		if ( id && Array.isArray( records ) ) {
			out[ Number( id[ 1 ] ) ] = records;
		}
	}
	return out;
}
