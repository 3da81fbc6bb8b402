/**
 * HTTP transport to the provider (spec §7 and §9): JSON, credentials included, CORS mode; 10 s
 * per attempt; up to 3 attempts with 200 ms doubling backoff plus up to 1000 ms jitter, capped
 * at 32 s; 204 is an empty body; status texts of spec §8. Pure: fetch, timers and randomness
 * are injected, so the frame and the host share it and tests use a fake clock.
 */
import {
	MAX_ATTEMPTS,
	MAX_BACKOFF_MS,
	REQUEST_TIMEOUT_MS,
	RETRY_BASE_MS,
	RETRY_JITTER_MS,
} from './constants';

/** The part of a fetch Response we use. */
export interface ResponseLike {
	status: number;
	ok: boolean;
	text: () => Promise< string >;
}

/** The part of fetch we use. */
export type FetchLike = (
	url: string,
	init: {
		method: string;
		headers: Record< string, string >;
		body?: string;
		credentials: 'include';
		mode: 'cors';
		keepalive?: boolean;
		signal?: unknown;
	}
) => Promise< ResponseLike >;

/** Kinds of transport failure (spec §8 "Transport"). */
export type TransportErrorKind =
	'timeout' | 'invalid-json' | 'network' | 'http';

/** Spec §8 "HTTP mapping". */
export const HTTP_MESSAGES: Record< number, string > = {
	401: 'Request not authorized.',
	404: 'The requested resource was not found.',
	429: 'Too many requests in progress.',
	500: 'An internal error has occurred. Unable to complete the request.',
	503: 'The endpoint is currently unavailable.',
};

/** A failed request. */
export class TransportError extends Error {
	/**
	 * @param kind    Kind.
	 * @param message Text.
	 * @param status  HTTP status (kind http).
	 * @param body    Parsed error body, when there is one.
	 */
	constructor(
		readonly kind: TransportErrorKind,
		message: string,
		readonly status = 0,
		readonly body: unknown = null
	) {
		super( message );
		this.name = 'TransportError';
	}

	/** Network errors are not reported to monitoring (spec §8). */
	get reportable(): boolean {
		return this.kind !== 'network';
	}
}

/**
 * Text of an HTTP status (spec §8).
 *
 * @param status HTTP status.
 */
export function httpMessage( status: number ): string {
	return (
		HTTP_MESSAGES[ status ] ??
		`An unknown error has occurred (HTTP ${ status }).`
	);
}

/** One error of a provider error body ({ errors: [...] }, spec §8). */
export interface ProviderError {
	code: string;
	detail: string;
	field?: string;
	category?: string;
}

/**
 * The provider's errors carried by a failed request: the `errors` of its JSON error body, or
 * null when the failure has no such body (network, time-out, invalid JSON, a body without it).
 *
 * @param error Anything thrown by requestJson.
 */
export function providerErrors( error: unknown ): ProviderError[] | null {
	if (
		! ( error instanceof TransportError ) ||
		! error.body ||
		typeof error.body !== 'object'
	) {
		return null;
	}
	const errors = ( error.body as { errors?: unknown } ).errors;
	return Array.isArray( errors ) ? ( errors as ProviderError[] ) : [];
}

/** Dependencies of the transport. */
export interface TransportDeps {
	fetch: FetchLike;
	sleep?: ( ms: number ) => Promise< void >;
	random?: () => number;
	/** Creates an abort controller (absent: time-outs only stop waiting). */
	abortController?: () => { signal: unknown; abort: () => void };
	setTimer?: ( fn: () => void, ms: number ) => unknown;
	clearTimer?: ( h: unknown ) => void;
}

/**
 * Delay before retry number `retry` (1 = first retry): 200 ms doubling, plus jitter up to
 * 1000 ms, capped at 32 s (spec §9).
 *
 * @param retry  Retry number from 1.
 * @param random Random number in [0, 1).
 */
export function backoffDelay( retry: number, random: number ): number {
	return Math.min(
		MAX_BACKOFF_MS,
		RETRY_BASE_MS * 2 ** ( retry - 1 ) +
			Math.floor( random * RETRY_JITTER_MS )
	);
}

/**
 * Statuses worth another attempt: throttling and server-side failures.
 * @param e
 */
const retryable = ( e: TransportError ) =>
	e.kind === 'timeout' ||
	e.kind === 'network' ||
	( e.kind === 'http' && ( e.status === 429 || e.status >= 500 ) );

/**
 * Sends one JSON request with retries; resolves with the parsed body (null for 204).
 *
 * @param deps              Dependencies.
 * @param url               URL.
 * @param body              JSON body (absent: GET).
 * @param options           keepalive; attempts (default 3).
 * @param options.keepalive
 * @param options.attempts
 */
export async function requestJson< T = unknown >(
	deps: TransportDeps,
	url: string,
	body?: unknown,
	options: { keepalive?: boolean; attempts?: number } = {}
): Promise< T > {
	const sleep =
		deps.sleep ??
		( ( ms: number ) =>
			new Promise< void >( ( r ) => setTimeout( r, ms ) ) );
	const random = deps.random ?? Math.random;
	const attempts = options.attempts ?? MAX_ATTEMPTS;
	let last: TransportError = new TransportError( 'network', 'Not sent.' );
	for ( let attempt = 1; attempt <= attempts; attempt++ ) {
		if ( attempt > 1 ) {
			await sleep( backoffDelay( attempt - 1, random() ) );
		}
		try {
			return ( await once( deps, url, body, options.keepalive ) ) as T;
		} catch ( error ) {
			last = error as TransportError;
			if ( ! retryable( last ) ) {
				break;
			}
		}
	}
	throw last;
}

async function once(
	deps: TransportDeps,
	url: string,
	body: unknown,
	keepalive?: boolean
): Promise< unknown > {
	const setTimer =
		deps.setTimer ??
		( ( fn: () => void, ms: number ) => setTimeout( fn, ms ) );
	const clearTimer =
		deps.clearTimer ?? ( ( h: unknown ) => clearTimeout( h as number ) );
	const controller = deps.abortController?.();
	let timer: unknown;
	const timeout = new Promise< never >( ( _, reject ) => {
		timer = setTimer( () => {
			controller?.abort();
			reject( new TransportError( 'timeout', 'The request timed out.' ) );
		}, REQUEST_TIMEOUT_MS );
	} );
	try {
		const response = await Promise.race( [
			deps
				.fetch( url, {
					method: body === undefined ? 'GET' : 'POST',
					headers: { 'Content-Type': 'application/json' },
					body:
						body === undefined ? undefined : JSON.stringify( body ),
					credentials: 'include',
					mode: 'cors',
					keepalive,
					signal: controller?.signal,
				} )
				.catch( ( e: unknown ) => {
					throw e instanceof TransportError
						? e
						: new TransportError(
								'network',
								`Network error: ${ ( e as Error )?.message ?? e }`
							);
				} ),
			timeout,
		] );
		if ( response.status === 204 ) {
			return null;
		}
		const text = await Promise.race( [ response.text(), timeout ] );
		let parsed: unknown = null;
		if ( text !== '' ) {
			try {
				parsed = JSON.parse( text );
			} catch {
				if ( response.ok ) {
					throw new TransportError(
						'invalid-json',
						'The response is not valid JSON.',
						response.status
					);
				}
			}
		}
		if ( ! response.ok ) {
			throw new TransportError(
				'http',
				httpMessage( response.status ),
				response.status,
				parsed
			);
		}
		return parsed;
	} finally {
		clearTimer( timer );
	}
}
