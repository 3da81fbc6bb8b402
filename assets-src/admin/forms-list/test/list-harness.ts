/**
 * What the forms list's tests share: jsdom patched for DataViews and the screen's config.
 */

// DataViews: slow to render in jsdom on a busy machine, and it measures its layout with a
// ResizeObserver, which jsdom lacks (a no-op one will do).
jest.setTimeout( 30000 );
const noop = () => undefined;
window.ResizeObserver ??= class {
	observe = noop;
	unobserve = noop;
	disconnect = noop;
};

/** The list screen's config. */
export const config = {
	formId: 0,
	preview: false,
	// A hash URL: jsdom follows hash changes only, so the test can see where the list goes.
	listUrl: '#forms',
	entriesUrl: '/wp-admin/admin.php?page=kestrel-forms-entries',
	shortcodeTag: 'kestrel_form',
};
