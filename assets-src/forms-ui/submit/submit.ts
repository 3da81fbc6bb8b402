import apiFetch from '@wordpress/api-fetch';
import type { Confirmation, SubmissionValues } from '../../shared';

export interface SubmissionPayload {
	values: SubmissionValues;
	source_url: string;
	submission_key: string;
}

export interface SubmissionSuccess {
	entry_id: number;
	confirmation: Confirmation;
}

/** What a failed submission means for the visitor. */
export type SubmissionFailure =
	| { kind: 'validation'; message: string; errors: Record< string, string > }
	| { kind: 'error'; message: string };

interface RestError {
	code?: string;
	message?: string;
	data?: { errors?: Record< string, string > };
}

/**
 * Posts a submission. No nonce is needed for visitors, so cached pages work; for logged-in users
 * api-fetch's nonce middleware refreshes an expired nonce and retries with the same body (the
 * same submission key), which the server turns into one entry.
 *
 * @param  path    REST path of the form's submissions endpoint.
 * @param  payload Body.
 * @throws {SubmissionFailure} When the server refuses the submission or cannot be reached.
 */
export async function postSubmission(
	path: string,
	payload: SubmissionPayload
): Promise< SubmissionSuccess > {
	try {
		return await apiFetch< SubmissionSuccess >( {
			path,
			method: 'POST',
			data: payload,
		} );
	} catch ( raw ) {
		throw toFailure( raw as RestError );
	}
}

/**
 * Maps an api-fetch rejection to a failure the UI shows.
 *
 * @param error    The rejection (a REST error body, or api-fetch's own error object).
 * @param fallback Message when the error has none.
 */
export function toFailure(
	error: RestError,
	fallback = ''
): SubmissionFailure {
	const message =
		typeof error?.message === 'string' ? error.message : fallback;
	if (
		error?.code === 'kestrel_forms_validation_failed' &&
		error.data?.errors
	) {
		return { kind: 'validation', message, errors: error.data.errors };
	}
	return { kind: 'error', message };
}

/**
 * A random key for one submission (32 hex characters). crypto.getRandomValues also works on
 * plain-http pages, unlike crypto.randomUUID.
 */
export function newSubmissionKey(): string {
	const bytes = new Uint8Array( 16 );
	window.crypto.getRandomValues( bytes );
	return Array.from( bytes, ( b ) =>
		b.toString( 16 ).padStart( 2, '0' )
	).join( '' );
}
