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
 * The preview URL of a form.
 *
 * @param config Config.
 * @param id     Form id.
 */
export function previewUrl( config: AdminConfig, id: number ): string {
	return `${ editorUrl( config, id ) }&preview=1`;
}
