/**
 * What the page carries for a server-rendered form (docs/server-rendering.md §1): the state the
 * server printed the form in after a plain post, and the form's values from a submission's
 * values. Light on purpose: form-view imports it.
 */
import type { FieldDefinition, FieldValue, SubmissionValues } from '../shared';
import { fieldTypeUnit } from '../forms-engine';
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
 * A field's value from a submission's values: its unit's `fromSubmission`, else the field id's
 * text or list of texts; undefined when the wire has nothing usable for it. (The engine's
 * registry `fromSubmission`, reached through the engine's index.)
 *
 * @param field The field.
 * @param wire  The submission's values.
 */
export function readBack(
	field: FieldDefinition,
	wire: SubmissionValues
): FieldValue | undefined {
	const unit = fieldTypeUnit( field.type );
	if ( unit?.fromSubmission ) {
		return unit.fromSubmission( field, wire );
	}
	const raw = wire[ String( field.id ) ];
	if ( typeof raw === 'string' ) {
		return raw;
	}
	return Array.isArray( raw ) && raw.every( ( v ) => typeof v === 'string' )
		? [ ...raw ]
		: undefined;
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
