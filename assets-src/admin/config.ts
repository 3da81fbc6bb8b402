/**
 * What the server tells the admin app (FormEditorPage::render, `data-config`).
 */
export interface AdminConfig {
	/** The form to edit; 0 shows the list. */
	formId: number;
	/** The preview popup: the form only. */
	preview: boolean;
	listUrl: string;
	entriesUrl: string;
	shortcodeTag: string;
	/**
	 * The front-end preview URL with the user's nonce and form id 0 (FormEditorPage,
	 * Frontend\Preview::url); previewUrl() puts the form's id in.
	 */
	previewUrl?: string;
	/** Human names of the feed add-ons by slug (FormEditorPage, filter kestrel_forms_feed_addon_names). */
	feedAddons?: Record< string, string >;
}

/**
 * The editor URL of a form.
 *
 * @param config Config.
 * @param id     Form id.
 */
export function editorUrl( config: AdminConfig, id: number ): string {
	return `${ config.listUrl }&form_id=${ id }`;
}

/**
 * The entries URL of a form.
 *
 * @param config Config.
 * @param id     Form id.
 */
export function entriesUrl( config: AdminConfig, id: number ): string {
	return `${ config.entriesUrl }&form_id=${ id }`;
}

/**
 * The preview URL of a form: the form on a real front-end page in the theme's page template
 * (Frontend\Preview). Without the server's URL (tests), the admin preview route.
 *
 * @param config Config.
 * @param id     Form id.
 */
export function previewUrl( config: AdminConfig, id: number ): string {
	if ( ! config.previewUrl ) {
		return `${ editorUrl( config, id ) }&preview=1`;
	}
	const url = new URL( config.previewUrl, window.location.href );
	url.searchParams.set( 'kestrel_forms_preview', String( id ) );
	return url.toString();
}

/** The query argument that turns a preview into the editor's live preview frame (Frontend\Preview::LIVE_ARG). */
const LIVE_PREVIEW_ARG = 'kestrel_forms_live';

/** The query argument naming the editor's origin to the frame (Frontend\Preview::ORIGIN_ARG). */
const LIVE_ORIGIN_ARG = 'kestrel_forms_origin';

/**
 * The URL of the editor's live preview frame: the front-end preview in live mode (the form alone
 * in the theme's styles, updated from the editor), naming this screen's origin, which the frame
 * takes messages from (the server accepts it on the admin host and port only). Null without the
 * server's URL (tests).
 *
 * @param config Config.
 * @param id     Form id.
 * @param origin This screen's origin.
 */
export function livePreviewUrl(
	config: AdminConfig,
	id: number,
	origin: string = window.location.origin
): string | null {
	if ( ! config.previewUrl ) {
		return null;
	}
	const url = new URL( previewUrl( config, id ) );
	url.searchParams.set( LIVE_PREVIEW_ARG, '1' );
	url.searchParams.set( LIVE_ORIGIN_ARG, origin );
	return url.toString();
}
