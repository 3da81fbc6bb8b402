/**
 * The preview popup (specs/forms-visitor-behaviour.md §2: a utility popup, 500×300 by default,
 * centred): the editor opens it with `popupFeatures()`, and once the form is shown the popup grows
 * to fit a larger form, within the screen's available area and still centred.
 */

/** The window name the editor opens the preview under. */
export const PREVIEW_WINDOW_NAME = 'kestrel-forms-preview';

/** The default (and least) content size of the popup, in CSS pixels. */
export const PREVIEW_MIN_SIZE = { width: 500, height: 300 };

/** Room left under the form, in CSS pixels. */
const BOTTOM_MARGIN = 24;

export interface ScreenArea {
	availWidth: number;
	availHeight: number;
	availLeft?: number;
	availTop?: number;
}

export interface PopupBox {
	width: number;
	height: number;
	left: number;
	top: number;
}

/**
 * The `features` of a utility popup of a size, centred on the screen
 * (specs/forms-visitor-behaviour.md §2: 500×300 by default, resizable).
 *
 * @param screen The screen (window.screen).
 * @param width  Width in CSS pixels.
 * @param height Height in CSS pixels.
 */
export function popupFeatures(
	screen: ScreenArea,
	width = PREVIEW_MIN_SIZE.width,
	height = PREVIEW_MIN_SIZE.height
): string {
	const left =
		( screen.availLeft ?? 0 ) +
		Math.max( 0, Math.round( ( screen.availWidth - width ) / 2 ) );
	const top =
		( screen.availTop ?? 0 ) +
		Math.max( 0, Math.round( ( screen.availHeight - height ) / 2 ) );
	return `popup=yes,width=${ width },height=${ height },left=${ left },top=${ top },resizable=yes,scrollbars=yes`;
}

/** What previewPopupBox measures from. */
export interface PopupMeasures {
	/** Size the page's content needs (CSS pixels). */
	content: { width: number; height: number };
	/** The window's current inner size. */
	inner: { width: number; height: number };
	/** The window's current outer size (inner plus browser chrome). */
	outer: { width: number; height: number };
	/** The screen (window.screen). */
	screen: ScreenArea;
	/** Least content size; PREVIEW_MIN_SIZE by default. */
	min?: { width: number; height: number };
}

/**
 * The outer size and position that fit the content, or null when the window is already big
 * enough. The content is never given less than `min` (the size the popup was opened with); the
 * window never exceeds the available screen area and never shrinks; it stays centred.
 *
 * @param measures Measurements.
 */
export function previewPopupBox( measures: PopupMeasures ): PopupBox | null {
	const { content, inner, outer, screen } = measures;
	const min = measures.min ?? PREVIEW_MIN_SIZE;
	const chromeWidth = Math.max( 0, outer.width - inner.width );
	const chromeHeight = Math.max( 0, outer.height - inner.height );
	const fit = (
		need: number,
		least: number,
		chrome: number,
		avail: number
	) => Math.min( Math.ceil( Math.max( need, least ) ) + chrome, avail );
	const width = Math.max(
		outer.width,
		fit( content.width, min.width, chromeWidth, screen.availWidth )
	);
	const height = Math.max(
		outer.height,
		fit( content.height, min.height, chromeHeight, screen.availHeight )
	);
	if ( width <= outer.width && height <= outer.height ) {
		return null;
	}
	return {
		width,
		height,
		left:
			( screen.availLeft ?? 0 ) +
			Math.max( 0, Math.round( ( screen.availWidth - width ) / 2 ) ),
		top:
			( screen.availTop ?? 0 ) +
			Math.max( 0, Math.round( ( screen.availHeight - height ) / 2 ) ),
	};
}

/**
 * Whether this window is the preview popup the editor opened (not a normal tab showing the
 * preview URL).
 *
 * @param win The window.
 */
export function isPreviewPopup( win: Window ): boolean {
	return win.name === PREVIEW_WINDOW_NAME && !! win.opener;
}

/**
 * Grows the preview popup to fit `content` (the element that holds the form). Does nothing in a
 * normal tab. Browsers allow resizeTo/moveTo on popups a script opened; elsewhere they are
 * ignored.
 *
 * @param win     The window.
 * @param content The element whose bottom edge the window should reach.
 * @return The box the window was asked to take, or null.
 */
export function fitPreviewPopup(
	win: Window,
	content: Element
): PopupBox | null {
	if ( ! isPreviewPopup( win ) ) {
		return null;
	}
	const doc = win.document.documentElement;
	const box = previewPopupBox( {
		content: {
			width: doc.scrollWidth,
			height:
				content.getBoundingClientRect().bottom +
				win.scrollY +
				BOTTOM_MARGIN,
		},
		inner: { width: win.innerWidth, height: win.innerHeight },
		outer: { width: win.outerWidth, height: win.outerHeight },
		screen: win.screen,
	} );
	if ( box ) {
		win.resizeTo( box.width, box.height );
		win.moveTo( box.left, box.top );
	}
	return box;
}
