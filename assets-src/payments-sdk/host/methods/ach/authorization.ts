/**
 * The ACH authorisation (spec §2, §4, §7 "Authorisation capture"): a modal, full-screen frame
 * from the provider's origin (`frames/ach-authorization.html`, title "Bank authorization") on
 * the dark overlay. The host sends what to authorise; the frame asks the provider and answers
 * signed (with the authorised token), canceled, or error. The page behind is out of reach
 * while it is open (aria-hidden and inert); Escape cancels.
 */
import {
	MESSAGE,
	type AchAuthorizationOutcome,
	type AchAuthorizationRequest,
} from '../../../protocol';
import type { SdkContext } from '../../context';
import { FrameLink } from '../../frame-link';

export const AUTHORIZATION_LABEL = 'Bank authorization';

const FRAME_STYLE = [
	'position:fixed',
	'inset:0',
	'width:100%',
	'height:100%',
	'border:0',
	'z-index:2147483001',
	'background:transparent',
].join( ';' );

/** A running authorisation: its outcome, and a way to end it early (destroy). */
export interface AchAuthorization {
	outcome: Promise< AchAuthorizationOutcome >;
	abort: () => void;
}

/**
 * Opens the authorisation frame.
 *
 * @param ctx     SDK context.
 * @param request What to authorise.
 */
export function openAuthorization(
	ctx: Pick< SdkContext, 'win' | 'assetOrigin' | 'assetBase' | 'report' >,
	request: AchAuthorizationRequest
): AchAuthorization {
	const { win } = ctx;
	const doc = win.document;
	const previous = doc.activeElement as HTMLElement | null;
	const link = new FrameLink(
		win,
		ctx.assetOrigin,
		`${ ctx.assetBase }frames/ach-authorization.html`,
		ctx.report
	);
	const dialog = doc.createElement( 'div' );
	dialog.className = 'sq-ach-authorization';
	dialog.setAttribute( 'role', 'dialog' );
	dialog.setAttribute( 'aria-modal', 'true' );
	dialog.setAttribute( 'aria-label', AUTHORIZATION_LABEL );
	link.iframe.title = AUTHORIZATION_LABEL;
	link.iframe.setAttribute( 'style', FRAME_STYLE );
	dialog.appendChild( link.iframe );
	doc.body.appendChild( dialog );
	// The page behind is hidden from assistive technology and out of reach of focus and clicks.
	const hidden: Element[] = [];
	const inert: HTMLElement[] = [];
	for ( const child of Array.from( doc.body.children ) ) {
		if ( child === dialog ) {
			continue;
		}
		if ( ! child.hasAttribute( 'aria-hidden' ) ) {
			child.setAttribute( 'aria-hidden', 'true' );
			hidden.push( child );
		}
		const el = child as HTMLElement;
		if ( 'inert' in el && ! el.inert ) {
			el.inert = true;
			inert.push( el );
		}
	}
	let settle: ( o: AchAuthorizationOutcome ) => void = () => {};
	const outcome = new Promise< AchAuthorizationOutcome >( ( resolve ) => {
		let done = false;
		settle = ( o ) => {
			if ( done ) {
				return;
			}
			done = true;
			doc.removeEventListener( 'keydown', onKey, true );
			link.close();
			dialog.remove();
			hidden.forEach( ( e ) => e.removeAttribute( 'aria-hidden' ) );
			inert.forEach( ( e ) => ( e.inert = false ) );
			if ( previous && typeof previous.focus === 'function' ) {
				previous.focus();
			}
			resolve( o );
		};
	} );
	const onKey = ( e: KeyboardEvent ) => {
		if ( e.key === 'Escape' ) {
			e.preventDefault();
			settle( { outcome: 'canceled' } );
		}
	};
	doc.addEventListener( 'keydown', onKey, true );
	link.channel.handle( MESSAGE.ACH_AUTHORIZATION_RESULT, ( p ) =>
		settle( p as AchAuthorizationOutcome )
	);
	link.readyWithin( 'The bank authorization frame' )
		.then( () => {
			link.iframe.focus();
			return link.channel.request( MESSAGE.ACH_AUTHORIZATION, request );
		} )
		.catch( ( error: Error ) =>
			settle( { outcome: 'error', message: error.message } )
		);
	return { outcome, abort: () => settle( { outcome: 'canceled' } ) };
}
