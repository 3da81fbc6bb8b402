/**
 * The buyer verification challenge (issue 15): a modal dialog on the merchant page holding a
 * frame from the provider's origin (`frames/challenge.html`), where the buyer types the code
 * the issuer sent. The code never reaches the host: the frame sends it to the provider, which
 * checks it and answers with the verification token. The dialog is labelled, moves focus in
 * and gives it back, keeps Tab inside, and Escape cancels. Every end except a verified code
 * rejects with VerifyBuyerError.
 */
import {
	MESSAGE,
	type Channel,
	type ChallengeOutcome,
	type Locale,
} from '../../protocol';
import { VerifyBuyerError } from '../errors';
import { FrameLink } from '../frame-link';
import type { VerifyBuyerResponseDetails } from '../types';

/** The provider's challenge, as REQUEST_VERIFICATION answers it. */
export interface Challenge {
	id: string;
	/** How long the buyer has (the provider decides; it expires the challenge itself too). */
	timeout_ms: number;
}

/** What the challenge needs from the payments instance. */
export interface ChallengeDeps {
	win: Window;
	assetOrigin: string;
	assetBase: string;
	locale: () => Locale;
	report: ( problem: string ) => void;
	setTimer?: ( fn: () => void, ms: number ) => unknown;
	clearTimer?: ( h: unknown ) => void;
	/** Builds the frame link (tests). */
	createLink?: ( url: string ) => {
		iframe: HTMLIFrameElement;
		channel: Channel;
		readyWithin: FrameLink[ 'readyWithin' ];
		close: () => void;
	};
}

/** The dialog's accessible name (also the frame's title). */
export const CHALLENGE_LABEL = 'Card verification';

/**
 * Messages of the VerifyBuyerError a challenge ends with (spec §8 names only "verification
 * error"; these texts are ours, docs/payments-sdk.md).
 */
export const CHALLENGE_MESSAGES = {
	failed: 'Buyer verification failed: the verification code is not correct.',
	canceled: 'Buyer verification was canceled.',
	timeout: 'Buyer verification timed out.',
} as const;

/** How long a cancel waits for the frame to tell the provider before the dialog closes. */
export const CANCEL_GRACE_MS = 2000;

const OVERLAY_STYLE = [
	'position:fixed',
	'inset:0',
	'z-index:2147483000',
	'display:flex',
	'align-items:center',
	'justify-content:center',
	'background:rgba(0,0,0,0.5)',
].join( ';' );

const DIALOG_STYLE = [
	'background:#fff',
	'width:min(420px,92vw)',
	'border-radius:8px',
	'box-shadow:0 8px 32px rgba(0,0,0,0.3)',
	'overflow:hidden',
].join( ';' );

/**
 * Shows the challenge and settles with its outcome.
 *
 * @param deps      Dependencies.
 * @param challenge The provider's challenge.
 * @return The verification details (userChallenged true).
 */
export function runChallenge(
	deps: ChallengeDeps,
	challenge: Challenge
): Promise< VerifyBuyerResponseDetails > {
	const { win } = deps;
	const doc = win.document;
	const setTimer =
		deps.setTimer ??
		( ( fn: () => void, ms: number ) => win.setTimeout( fn, ms ) );
	const clearTimer =
		deps.clearTimer ??
		( ( h: unknown ) => win.clearTimeout( h as number ) );
	const previous = doc.activeElement as HTMLElement | null;
	const url = `${ deps.assetBase }frames/challenge.html`;
	const link =
		deps.createLink?.( url ) ??
		new FrameLink( win, deps.assetOrigin, url, deps.report );

	const overlay = doc.createElement( 'div' );
	overlay.className = 'sq-verification-overlay';
	overlay.setAttribute( 'style', OVERLAY_STYLE );
	const dialog = doc.createElement( 'div' );
	dialog.className = 'sq-verification-dialog';
	dialog.setAttribute( 'role', 'dialog' );
	dialog.setAttribute( 'aria-modal', 'true' );
	dialog.setAttribute( 'aria-label', CHALLENGE_LABEL );
	dialog.setAttribute( 'style', DIALOG_STYLE );
	dialog.tabIndex = -1;
	link.iframe.title = CHALLENGE_LABEL;
	link.iframe.style.height = '320px';
	link.iframe.style.width = '100%';
	// Focus that leaves the frame by Tab lands on a sentinel and goes back into the frame.
	const sentinel = () => {
		const s = doc.createElement( 'span' );
		s.tabIndex = 0;
		s.className = 'sq-verification-sentinel';
		s.addEventListener( 'focus', () => link.iframe.focus() );
		return s;
	};
	dialog.append( sentinel(), link.iframe, sentinel() );
	overlay.appendChild( dialog );
	doc.body.appendChild( overlay );
	// The rest of the page is out of reach while the dialog is open.
	const hidden: Element[] = [];
	for ( const child of Array.from( doc.body.children ) ) {
		if ( child !== overlay && ! child.hasAttribute( 'aria-hidden' ) ) {
			child.setAttribute( 'aria-hidden', 'true' );
			hidden.push( child );
		}
	}

	return new Promise< VerifyBuyerResponseDetails >( ( resolve, reject ) => {
		let done = false;
		let grace: unknown;
		const finish = ( settle: () => void ) => {
			if ( done ) {
				return;
			}
			done = true;
			clearTimer( timer );
			clearTimer( grace );
			doc.removeEventListener( 'keydown', onKey, true );
			link.close();
			overlay.remove();
			hidden.forEach( ( e ) => e.removeAttribute( 'aria-hidden' ) );
			if ( previous && typeof previous.focus === 'function' ) {
				previous.focus();
			}
			settle();
		};
		const fail = ( message: string ) =>
			finish( () =>
				reject(
					new VerifyBuyerError( {
						type: 'VERIFICATION_ERROR',
						message,
					} )
				)
			);
		const cancel = () => {
			// The frame tells the provider and answers CHALLENGE_RESULT; if it does not in
			// time, the dialog closes anyway.
			link.channel.emit( MESSAGE.CANCEL_CHALLENGE );
			grace ??= setTimer(
				() => fail( CHALLENGE_MESSAGES.canceled ),
				CANCEL_GRACE_MS
			);
		};
		const onKey = ( e: KeyboardEvent ) => {
			if ( e.key === 'Escape' ) {
				e.preventDefault();
				cancel();
			}
		};
		const timer = setTimer(
			() => fail( CHALLENGE_MESSAGES.timeout ),
			challenge.timeout_ms
		);
		doc.addEventListener( 'keydown', onKey, true );
		link.channel.handle( MESSAGE.CHALLENGE_RESULT, ( payload ) => {
			const o = payload as ChallengeOutcome;
			if ( o?.outcome === 'verified' ) {
				finish( () =>
					resolve( { token: o.token, userChallenged: true } )
				);
				return;
			}
			const message =
				o?.outcome === 'failed' ||
				o?.outcome === 'canceled' ||
				o?.outcome === 'timeout'
					? CHALLENGE_MESSAGES[ o.outcome ]
					: String( o?.message ?? 'Buyer verification failed.' );
			fail( message );
		} );
		link.readyWithin( 'The verification frame' )
			.then( () => {
				link.iframe.focus();
				return link.channel.request( MESSAGE.START_CHALLENGE, {
					challengeId: challenge.id,
					locale: deps.locale(),
				} );
			} )
			.catch( ( error: Error ) => fail( error.message ) );
	} );
}
