/**
 * The full-screen dark overlay of the ACH flow (spec §2): it fades in over 0.24 s when bank
 * linking starts and fades out over 0.16 s when the flow ends, then leaves the page.
 */

export const OVERLAY_FADE_IN_MS = 240;
export const OVERLAY_FADE_OUT_MS = 160;
export const OVERLAY_CLASS = 'sq-ach-overlay';

const STYLE = [
	'position:fixed',
	'inset:0',
	'z-index:2147483000',
	'background:rgba(0,0,0,0.6)',
	'opacity:0',
	`transition:opacity ${ OVERLAY_FADE_IN_MS / 1000 }s ease-in`,
].join( ';' );

export interface AchOverlay {
	readonly element: HTMLDivElement;
	/** Fades out and removes the overlay; resolves once it is gone. */
	hide: () => Promise< void >;
}

/**
 * Shows the overlay.
 *
 * @param win      Merchant window.
 * @param setTimer Timer (tests).
 */
export function showOverlay(
	win: Window,
	setTimer: ( fn: () => void, ms: number ) => unknown = ( fn, ms ) =>
		win.setTimeout( fn, ms )
): AchOverlay {
	const doc = win.document;
	const element = doc.createElement( 'div' );
	element.className = OVERLAY_CLASS;
	element.setAttribute( 'style', STYLE );
	element.setAttribute( 'aria-hidden', 'true' );
	element.dataset.state = 'in';
	doc.body.appendChild( element );
	// Next frame: the transition starts from opacity 0.
	( win.requestAnimationFrame ?? ( ( f: () => void ) => setTimer( f, 0 ) ) )(
		() => {
			if ( element.dataset.state === 'in' ) {
				element.style.opacity = '1';
			}
		}
	);
	let hiding: Promise< void > | null = null;
	return {
		element,
		hide: () =>
			( hiding ??= new Promise< void >( ( resolve ) => {
				element.dataset.state = 'out';
				element.style.transition = `opacity ${
					OVERLAY_FADE_OUT_MS / 1000
				}s ease-out`;
				element.style.opacity = '0';
				setTimer( () => {
					element.remove();
					resolve();
				}, OVERLAY_FADE_OUT_MS );
			} ) ),
	};
}
