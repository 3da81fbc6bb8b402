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
