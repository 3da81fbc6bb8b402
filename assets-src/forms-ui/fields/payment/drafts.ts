/**
 * Payment drafts (REST `…/forms/{id}/payment-drafts`): what the field saves on the server before
 * a phone leaves the page for Cash App, and reads again when the visitor comes back to
 * `?kf_payment_return=<draft_id>`. Pure helpers, no React.
 */
import type { Confirmation } from '../../../shared';

/** The query parameter a return from Cash App carries (the draft's id). */
export const RETURN_PARAM = 'kf_payment_return';

/** The parameter Cash App's return adds (the provider's request id). */
const PROVIDER_RETURN_PARAMS = [ 'cash_request_id' ];

/** The server's answer to a stored draft (201). */
export interface DraftCreated {
	draft_id: string;
	expires_at: string;
	redirect_url: string;
}

/** A draft as the server reads it back. */
export type DraftRead =
	| {
			draft_id: string;
			status: 'open';
			values: Record< string, unknown >;
			submission_key: string;
			expires_at: string;
	  }
	| { draft_id: string; status: 'submitted'; confirmation: Confirmation };

/**
 * The draft id a page URL came back with (null: not a return).
 *
 * @param href The page URL.
 */
export function returnedDraftId( href: string ): string | null {
	const id = new URL( href ).searchParams.get( RETURN_PARAM );
	return id && /^[A-Za-z0-9_-]{16,128}$/.test( id ) ? id : null;
}

/**
 * The page to come back to, as a draft is stored with it: this page without a return's own
 * parameters (an old draft id, the provider's request id) and without its fragment.
 *
 * @param href The page URL.
 */
export function returnUrl( href: string ): string {
	const url = new URL( href );
	url.hash = '';
	for ( const name of [ RETURN_PARAM, ...PROVIDER_RETURN_PARAMS ] ) {
		url.searchParams.delete( name );
	}
	return url.toString();
}

/**
 * The redirect of a draft the visitor came back with: the page URL without the provider's
 * request id (the draft's own `redirect_url`).
 *
 * @param href The page URL.
 */
export function resumedRedirectUrl( href: string ): string {
	const url = new URL( href );
	url.hash = '';
	for ( const name of PROVIDER_RETURN_PARAMS ) {
		url.searchParams.delete( name );
	}
	return url.toString();
}

/**
 * Whether this is a phone or tablet, where Cash App Pay leaves the page for the app (the same
 * signals the provider's Pay Kit reads: the user agent's mobile hint, else its string).
 *
 * @param nav The browser's navigator.
 */
export function isMobileDevice(
	nav: Navigator & { userAgentData?: { mobile?: boolean } } = navigator
): boolean {
	if ( nav.userAgentData?.mobile ) {
		return true;
	}
	return /iPhone|iPad|iPod|Android/i.test( nav.userAgent );
}

/**
 * A reference for a Cash App Pay request that has no draft (≤ 50 characters, as the provider
 * allows).
 *
 * @param formId Form id.
 */
export function newReference( formId: number ): string {
	const bytes = new Uint8Array( 12 );
	window.crypto.getRandomValues( bytes );
	return `kf-${ formId }-${ Array.from( bytes, ( b ) =>
		b.toString( 16 ).padStart( 2, '0' )
	).join( '' ) }`;
}
