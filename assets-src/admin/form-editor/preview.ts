/**
 * "Preview" opens the saved form in a browser tab on a real front-end page (Frontend\Preview:
 * the theme's page template and styles, one page of a multi-page form at a time), the way
 * WordPress previews a post. One tab per form: previewing again reloads it instead of piling up
 * tabs.
 */

/**
 * The window name of a form's preview tab.
 *
 * @param id Form id.
 */
export function previewTarget( id: number ): string {
	return `kestrel-forms-preview-${ id }`;
}

/**
 * Opens (or reloads) the preview tab of a form. No window features: a tab, not a popup.
 *
 * @param url The preview URL (config.ts previewUrl()).
 * @param id  Form id.
 * @param win The window (tests).
 */
export function openPreview( url: string, id: number, win: Window = window ) {
	return win.open( url, previewTarget( id ) );
}

/** The utility popup's size (specs/forms-visitor-behaviour.md §2, §3: 500×300), CSS pixels. */
export const PREVIEW_POPUP_SIZE = { width: 500, height: 300 };

/** The screen area a popup is centred in (window.screen). */
export interface ScreenArea {
	availWidth: number;
	availHeight: number;
	availLeft?: number;
	availTop?: number;
}

/**
 * The `features` of the utility popup: 500×300, centred on the screen, resizable and scrollable.
 *
 * @param screen The screen.
 */
export function popupFeatures( screen: ScreenArea ): string {
	const { width, height } = PREVIEW_POPUP_SIZE;
	const left =
		( screen.availLeft ?? 0 ) +
		Math.max( 0, Math.round( ( screen.availWidth - width ) / 2 ) );
	const top =
		( screen.availTop ?? 0 ) +
		Math.max( 0, Math.round( ( screen.availHeight - height ) / 2 ) );
	return `popup=yes,width=${ width },height=${ height },left=${ left },top=${ top },resizable=yes,scrollbars=yes`;
}

/**
 * Opens the same front-end preview in the spec's utility popup (500×300, centred): a quick look
 * at the form at a phone-like width beside the editor. One popup per form.
 *
 * @param url The preview URL.
 * @param id  Form id.
 * @param win The window (tests).
 */
export function openPreviewPopup(
	url: string,
	id: number,
	win: Window = window
) {
	return win.open(
		url,
		`${ previewTarget( id ) }-popup`,
		popupFeatures( win.screen )
	);
}
