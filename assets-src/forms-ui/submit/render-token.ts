/**
 * Keeps the form's signed render time usable.
 *
 * The server accepts a render token for `maxAge` seconds (a day unless the site filters it) and
 * uses it for the form's minimum time to submit. A page served from a cache can be older than
 * that, and a tab can stay open longer: then the keeper fetches a fresh token from the server
 * (`GET …/forms/{id}/render-token`), early enough (at half the age) that the visitor never sends
 * an expired one. It keeps sending the oldest token that is still good, so a refresh just before
 * a submit does not make the form look filled in too fast.
 */

/** A token and when it was issued, in this browser's clock (ms). */
interface HeldToken {
	token: string;
	issued: number;
}

export interface RenderTokenOptions {
	/** The token the page printed: "{unix time}.{signature}". */
	token?: string;
	/** Where a fresh token is fetched (absent: never refresh, e.g. previews). */
	url?: string;
	/** Seconds the server accepts a token. */
	maxAge?: number;
	/** Current time in ms (tests). */
	now?: () => number;
	/** Fetches a fresh token (tests). */
	fetchToken?: ( url: string ) => Promise< string | null >;
	/** Timers (tests). */
	setTimer?: ( run: () => void, ms: number ) => unknown;
	clearTimer?: ( timer: unknown ) => void;
}

export interface RenderTokenKeeper {
	/** Starts watching: refreshes now when the page's token is old, and later as needed. */
	start: () => void;
	/** Stops the timer. */
	stop: () => void;
	/** A refresh in flight (await it before sending), or null. */
	ready: () => Promise< void > | null;
	/** The token to send now. */
	current: () => string | undefined;
}

/** Seconds before expiry at which a token is no longer sent. */
const EXPIRY_MARGIN_S = 120;
/** A page token this far in the future means the browser's clock is off: do not trust its age. */
const FUTURE_SKEW_S = 300;
/** Wait before trying again after a failed refresh. */
const RETRY_MS = 60_000;

/**
 * The time a token holds, in seconds, or null.
 *
 * @param token Token.
 */
export function issuedAt( token: string ): number | null {
	const match = /^(\d{1,12})\.[a-f0-9]{64}$/.exec( token );
	return match ? Number( match[ 1 ] ) : null;
}

async function fetchFresh( url: string ): Promise< string | null > {
	try {
		const response = await window.fetch( url, {
			credentials: 'same-origin',
			cache: 'no-store',
			headers: { Accept: 'application/json' },
		} );
		if ( ! response.ok ) {
			return null;
		}
		const body = ( await response.json() ) as { token?: unknown };
		return typeof body.token === 'string' ? body.token : null;
	} catch {
		return null;
	}
}

/**
 * Creates a keeper for one form view.
 *
 * @param options Options.
 */
export function keepRenderToken(
	options: RenderTokenOptions
): RenderTokenKeeper {
	const now = options.now ?? ( () => Date.now() );
	const maxAgeMs = Math.max( 60, options.maxAge ?? 86400 ) * 1000;
	const fetchToken = options.fetchToken ?? fetchFresh;
	const setTimer =
		options.setTimer ??
		( ( run: () => void, ms: number ) => window.setTimeout( run, ms ) );
	const clearTimer =
		options.clearTimer ??
		( ( timer: unknown ) => window.clearTimeout( timer as number ) );

	const held: HeldToken[] = [];
	const printed = options.token ? issuedAt( options.token ) : null;
	// The page's token is dated by the server's clock; a fresh one by ours when it arrives.
	let pageTrusted = false;
	if ( options.token && printed !== null ) {
		const age = now() - printed * 1000;
		pageTrusted = age > -FUTURE_SKEW_S * 1000;
		held.push( { token: options.token, issued: printed * 1000 } );
	}
	let timer: unknown = null;
	let pending: Promise< void > | null = null;
	let stopped = true;

	const usable = ( t: HeldToken ) =>
		now() - t.issued < maxAgeMs - EXPIRY_MARGIN_S * 1000;
	const newest = () =>
		held.reduce< HeldToken | null >(
			( best, t ) => ( ! best || t.issued > best.issued ? t : best ),
			null
		);

	const schedule = ( ms: number ) => {
		if ( stopped ) {
			return;
		}
		if ( timer !== null ) {
			clearTimer( timer );
		}
		timer = setTimer( check, Math.max( 1000, ms ) );
	};

	const refresh = () => {
		const url = options.url as string;
		pending = fetchToken( url ).then( ( token ) => {
			pending = null;
			if ( token && issuedAt( token ) !== null ) {
				if ( ! pageTrusted ) {
					// Its date was in another clock than ours: never compare the two.
					held.splice( 0, held.length );
				}
				held.push( { token, issued: now() } );
				pageTrusted = true;
				// Forget tokens that can no longer be sent.
				for ( let i = held.length - 1; i >= 0; i-- ) {
					if ( ! usable( held[ i ] ) && held[ i ].token !== token ) {
						held.splice( i, 1 );
					}
				}
				schedule( maxAgeMs / 2 );
			} else {
				schedule( RETRY_MS );
			}
		} );
		return pending;
	};

	function check() {
		timer = null;
		const last = newest();
		const age = last ? now() - last.issued : Infinity;
		if ( ! pageTrusted || age >= maxAgeMs / 2 ) {
			void refresh();
			return;
		}
		schedule( maxAgeMs / 2 - age );
	}

	return {
		start() {
			if ( ! options.url || ! stopped ) {
				return;
			}
			stopped = false;
			check();
		},
		stop() {
			stopped = true;
			if ( timer !== null ) {
				clearTimer( timer );
				timer = null;
			}
		},
		ready: () => pending,
		current() {
			const good = held.filter( usable );
			if ( good.length ) {
				// The oldest good one: the most time since the form was shown.
				return good.reduce( ( a, b ) =>
					b.issued < a.issued ? b : a
				).token;
			}
			return newest()?.token;
		},
	};
}
