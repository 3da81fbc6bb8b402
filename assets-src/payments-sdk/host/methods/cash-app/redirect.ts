/**
 * The legacy Cash App redirect (spec §2, §4, §8): before leaving for Cash App on a phone the
 * SDK stores the tracking id and the transaction id in localStorage; on return it reads
 * `state`, `code`, `access_token` and `error` from the query and removes the stored entry, so a
 * reload of the return URL gives nothing twice. Pure functions over a Storage, for Jest.
 */

export const REDIRECT_STORAGE_KEY = 'sq-cash-app-redirect';

export interface StoredRedirect {
	paymentMethodTrackingId: string;
	transactionId: string;
	createdAt: number;
}

export interface RedirectReturn {
	state?: string;
	code?: string;
	accessToken?: string;
	error?: string;
}

/**
 * Whether the device is a phone or tablet that Cash App redirects (iOS, Android).
 *
 * @param nav Navigator (userAgent, userAgentData).
 */
export function isMobileDevice(
	nav: Pick< Navigator, 'userAgent' > & {
		userAgentData?: { mobile?: boolean };
	}
): boolean {
	if ( nav.userAgentData?.mobile ) {
		return true;
	}
	return /iPhone|iPad|iPod|Android/i.test( nav.userAgent ?? '' );
}

/**
 * Stores the entry before the redirect.
 *
 * @param storage Local storage.
 * @param entry   Tracking and transaction ids.
 */
export function storeRedirect( storage: Storage, entry: StoredRedirect ): void {
	storage.setItem( REDIRECT_STORAGE_KEY, JSON.stringify( entry ) );
}

/**
 * The return parameters of a URL's query, or null when it is not a return from Cash App.
 *
 * @param search `location.search`.
 */
export function parseRedirectReturn( search: string ): RedirectReturn | null {
	const q = new URLSearchParams( search );
	const out: RedirectReturn = {};
	const state = q.get( 'state' );
	const code = q.get( 'code' );
	const accessToken = q.get( 'access_token' );
	const error = q.get( 'error' );
	if ( state !== null ) {
		out.state = state;
	}
	if ( code !== null ) {
		out.code = code;
	}
	if ( accessToken !== null ) {
		out.accessToken = accessToken;
	}
	if ( error !== null ) {
		out.error = error;
	}
	return accessToken !== null || error !== null ? out : null;
}

/**
 * Takes (reads and removes) the stored entry; null when there is none or it is unreadable.
 *
 * @param storage Local storage.
 */
export function takeStoredRedirect( storage: Storage ): StoredRedirect | null {
	const raw = storage.getItem( REDIRECT_STORAGE_KEY );
	storage.removeItem( REDIRECT_STORAGE_KEY );
	if ( ! raw ) {
		return null;
	}
	try {
		const v = JSON.parse( raw ) as StoredRedirect;
		return typeof v?.transactionId === 'string' ? v : null;
	} catch {
		return null;
	}
}
