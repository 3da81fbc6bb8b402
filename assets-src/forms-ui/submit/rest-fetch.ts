/**
 * The visitor page's REST client: `window.fetch` with what the form's requests need of
 * api-fetch, and nothing else (docs/visitor-assets.md). The admin apps keep the api-fetch
 * package; the visitor page does not load it, nor the url package and wp-polyfill that come
 * with it (about 21 KB gzip on every form page).
 *
 * Same call shape as apiFetch (`{ path, method, data }`), same results: the parsed JSON body, or
 * a rejection with the REST error body (`{ code, message, data }`), `{ code: 'fetch_error' }`
 * when the server cannot be reached, `{ code: 'invalid_json' }` when the answer is not JSON.
 */

export interface RestSettings {
	/** The REST root (rest_url()), ending in a slash. */
	root?: string;
	/** The signed-in visitor's REST nonce (absent for visitors who are not logged in). */
	nonce?: string;
	/** Where a fresh nonce is fetched when the page's one went stale (admin-ajax `rest-nonce`). */
	nonceUrl?: string;
}

export interface RestOptions {
	/** Path under the REST root, e.g. `/kestrel-forms/v1/forms/3/submissions`. */
	path: string;
	method?: 'GET' | 'POST';
	/** JSON body. */
	data?: object;
}

let settings: RestSettings = {};

/**
 * Sets where requests go and the signed-in visitor's nonce (bundles/form-view.tsx, from the
 * page's data for the form).
 *
 * @param next Settings; keys not given keep their value.
 */
export function configureRest( next: RestSettings ): void {
	settings = { ...settings, ...next };
}

/**
 * The URL of a path under the REST root. Works with pretty permalinks (`/wp-json/`) and without
 * them (`?rest_route=`), as rest_url() printed the root.
 *
 * @param path Path under the root.
 */
export function restUrl( path: string ): string {
	const root = settings.root ?? '/wp-json/';
	const trimmed = path.replace( /^\/+/, '' );
	if ( root.includes( '?rest_route=' ) ) {
		const [ route, query ] = trimmed.split( '?' );
		return (
			root.replace( /\/+$/, '' ) +
			'/' +
			route +
			( query ? '&' + query : '' )
		);
	}
	return root.replace( /\/+$/, '' ) + '/' + trimmed;
}

/**
 * Sends a request under the REST root with the visitor's nonce, if any. A signed-in visitor's
 * stale nonce (a page left open for a day) is refreshed once, as api-fetch does, and the request
 * sent again; when that fails too, the refusal is the caller's (submit.ts then sends anonymously).
 *
 * @param options Path, method and JSON body.
 * @return The parsed JSON body.
 */
export default async function restFetch< T >(
	options: RestOptions
): Promise< T > {
	try {
		return await send< T >( options );
	} catch ( error ) {
		if (
			! settings.nonce ||
			! settings.nonceUrl ||
			( error as { code?: string } )?.code !== 'rest_cookie_invalid_nonce'
		) {
			throw error;
		}
		const fresh = await freshNonce( settings.nonceUrl );
		if ( ! fresh ) {
			throw error;
		}
		settings = { ...settings, nonce: fresh };
		return send< T >( options );
	}
}

/**
 * A fresh REST nonce for the signed-in visitor, or null (signed out meanwhile, unreachable).
 *
 * @param url The admin-ajax `rest-nonce` URL.
 */
async function freshNonce( url: string ): Promise< string | null > {
	try {
		const response = await window.fetch( url, {
			credentials: 'same-origin',
		} );
		const text = response.ok ? ( await response.text() ).trim() : '';
		return /^[a-f0-9]{10}$/.test( text ) ? text : null;
	} catch {
		return null;
	}
}

/**
 * One request.
 *
 * @param options Path, method and JSON body.
 */
async function send< T >( options: RestOptions ): Promise< T > {
	const headers: Record< string, string > = {
		Accept: 'application/json',
	};
	if ( options.data ) {
		headers[ 'Content-Type' ] = 'application/json';
	}
	if ( settings.nonce ) {
		// Cookie authentication: without the nonce WordPress treats the request as anonymous.
		headers[ 'X-WP-Nonce' ] = settings.nonce;
	}
	let response: Response;
	try {
		response = await window.fetch( restUrl( options.path ), {
			method: options.method ?? 'GET',
			credentials: 'same-origin',
			headers,
			...( options.data ? { body: JSON.stringify( options.data ) } : {} ),
		} );
	} catch {
		throw { code: 'fetch_error' };
	}
	if ( response.status === 204 ) {
		return null as T;
	}
	let body: unknown;
	try {
		body = await response.json();
	} catch {
		throw { code: 'invalid_json' };
	}
	if ( ! response.ok ) {
		throw body ?? { code: 'unknown_error' };
	}
	return body as T;
}
