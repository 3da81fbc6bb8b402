import restFetch from './rest-fetch';
import { _n, sprintf } from '@wordpress/i18n';
import type { Confirmation, SubmissionValues } from '../../shared';

export interface SubmissionPayload {
	values: SubmissionValues;
	source_url: string;
	submission_key: string;
	/** The honeypot input's value (people leave it empty). */
	honeypot?: string;
	/** The signed render time the page printed. */
	render_token?: string;
	/** The form's unique upload id (8 hex characters). */
	upload_id?: string;
	/** Completed uploads keyed `input_{fieldId}` (the server trusts only tokens it issued). */
	uploaded_files?: Record<
		string,
		Array< { temp_filename: string; uploaded_filename: string } >
	>;
}

export interface SubmissionSuccess {
	/** The entry's opaque public reference (32 hex characters); visitors never see entry ids. */
	reference: string;
	/** Only for users who may manage entries. */
	entry_id?: number;
	confirmation: Confirmation;
}

/** What a failed submission means for the visitor. */
export type SubmissionFailure =
	| ( {
			kind: 'validation';
			message: string;
			errors: Record< string, string >;
	  } & ErrorDetails )
	| { kind: 'rate_limited'; message: string; retryAfter: number }
	| ( { kind: 'error'; message: string } & ErrorDetails );

/** The REST error's code and data as the server sent them (field units read their own keys). */
interface ErrorDetails {
	code?: string;
	data?: RestError[ 'data' ];
}

interface RestError {
	code?: string;
	message?: string;
	data?: {
		errors?: Record< string, string >;
		retry_after?: number;
		[ key: string ]: unknown;
	};
}

/**
 * Posts a submission. Logged-in visitors send their REST nonce (rest-fetch.ts), so the entry
 * records who they are; visitors who are not logged in post without a nonce.
 *
 * A stale nonce (a page kept open or cached for longer than nonces live) is refused even for an
 * anonymous visitor (403 rest_cookie_invalid_nonce). Then the submission is sent once more,
 * without nonce, as the anonymous visitor it now is. It carries the same submission key,
 * so it can never make a second entry.
 *
 * @param  path      REST path of the form's submissions endpoint.
 * @param  payload   Body.
 * @param  url       Absolute URL of the same endpoint, for the nonce-free retry.
 * @param  anonymous
 * @throws {SubmissionFailure} When the server refuses the submission or cannot be reached.
 */
export function postSubmission(
	path: string,
	payload: SubmissionPayload,
	url?: string,
	anonymous = false
): Promise< SubmissionSuccess > {
	return postToForm< SubmissionSuccess >( path, payload, url, anonymous );
}

/**
 * Posts JSON to one of the form's public endpoints the way a submission is posted (with
 * the nonce for logged-in visitors, without it for anonymous ones or after a stale nonce on a
 * cached page). A wallet's payment request goes this way too.
 *
 * @param  path      REST path.
 * @param  payload   Body.
 * @param  url       Absolute URL of the same endpoint, for the nonce-free request.
 * @param  anonymous Whether the visitor is not logged in.
 * @throws {SubmissionFailure} When the server refuses the request or cannot be reached.
 */
export function postToForm< T >(
	path: string,
	payload: object,
	url?: string,
	anonymous = false
): Promise< T > {
	return requestForm< T >( 'POST', path, payload, url, anonymous );
}

/**
 * Reads a public sub-resource of a form (a payment draft) as postToForm posts: with the
 * nonce, or without it for a visitor who is not logged in or whose nonce went stale.
 *
 * @param  path      REST path.
 * @param  url       Absolute URL of the same resource, for the nonce-free request.
 * @param  anonymous Whether the visitor is not logged in.
 * @throws {SubmissionFailure} When the server refuses the request or cannot be reached.
 */
export function getFromForm< T >(
	path: string,
	url?: string,
	anonymous = false
): Promise< T > {
	return requestForm< T >( 'GET', path, undefined, url, anonymous );
}

async function requestForm< T >(
	method: 'GET' | 'POST',
	path: string,
	payload: object | undefined,
	url?: string,
	anonymous = false
): Promise< T > {
	if ( url && anonymous ) {
		return requestWithoutNonce< T >( method, url, payload );
	}
	try {
		return await restFetch< T >( {
			path,
			method,
			...( payload ? { data: payload } : {} ),
		} );
	} catch ( raw ) {
		if ( url && isNonceFailure( raw ) ) {
			return requestWithoutNonce< T >( method, url, payload );
		}
		throw toFailure( raw as RestError );
	}
}

/**
 * Whether the request failed on the REST nonce (a stale one).
 *
 * @param raw The rejection.
 */
function isNonceFailure( raw: unknown ): boolean {
	return ( raw as RestError | null )?.code === 'rest_cookie_invalid_nonce';
}

async function requestWithoutNonce< T >(
	method: 'GET' | 'POST',
	url: string,
	payload?: object
): Promise< T > {
	let response: Response;
	try {
		response = await window.fetch( url, {
			method,
			// Cookies go along (a cache or proxy may need them), but without a nonce WordPress
			// treats the request as anonymous: cookie authentication requires the nonce.
			credentials: 'same-origin',
			headers: payload
				? {
						'Content-Type': 'application/json',
						Accept: 'application/json',
					}
				: { Accept: 'application/json' },
			...( payload ? { body: JSON.stringify( payload ) } : {} ),
		} );
	} catch {
		throw toFailure( { code: 'fetch_error' } );
	}
	const body = ( await response.json().catch( () => null ) ) as unknown;
	if ( response.ok ) {
		return body as T;
	}
	const error = ( body ?? {} ) as RestError;
	if ( response.status === 429 && ! error.data?.retry_after ) {
		// A proxy's own 429 has no JSON body: the header still says how long to wait.
		const header = Number( response.headers.get( 'Retry-After' ) );
		throw rateLimited( Number.isFinite( header ) ? header : 0 );
	}
	throw toFailure( error );
}

/**
 * Maps a rejection to a failure the UI shows.
 *
 * @param error    The rejection (a REST error body, or rest-fetch's own `{ code }`).
 * @param fallback Message when the error has none.
 */
export function toFailure(
	error: RestError,
	fallback = ''
): SubmissionFailure {
	const message =
		typeof error?.message === 'string' ? error.message : fallback;
	const { code, data } = error ?? {};
	if ( code === 'kestrel_forms_validation_failed' && data?.errors ) {
		return { kind: 'validation', message, errors: data.errors, code, data };
	}
	if ( code === 'kestrel_forms_rate_limited' ) {
		return rateLimited( Number( data?.retry_after ) || 0 );
	}
	return { kind: 'error', message, code, data };
}

/**
 * The failure for a 429: how long to wait, in words the visitor reads (and hears: the form shows
 * failures in its announced summary). The entered values stay as they are.
 *
 * @param seconds Seconds from the Retry-After header or `data.retry_after` (0: unknown).
 */
export function rateLimited( seconds: number ): SubmissionFailure {
	const wait = Math.max( 1, Math.ceil( seconds ) || 60 );
	return {
		kind: 'rate_limited',
		retryAfter: wait,
		message: sprintf(
			/* translators: %d: seconds to wait. */
			_n(
				'Too many submissions were sent from your connection. Please try again in %d second.',
				'Too many submissions were sent from your connection. Please try again in %d seconds.',
				wait,
				'kestrel-forms'
			),
			wait
		),
	};
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
