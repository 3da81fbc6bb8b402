/**
 * Constants of the `kestrel-forms/forms` store.
 */

/** The store's name. */
export const STORE_NAME = 'kestrel-forms/forms';

/** REST collection of forms. */
export const FORMS_PATH = '/kestrel-forms/v1/forms';

/** Most undo steps kept. */
export const HISTORY_LIMIT = 100;

/** Keys the API adds to a form; never sent back as part of a definition. */
export const READ_ONLY_KEYS = [
	'id',
	'status',
	'createdAt',
	'updatedAt',
	'entryCount',
] as const;
