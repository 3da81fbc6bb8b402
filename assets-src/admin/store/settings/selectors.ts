/**
 * Selectors of the settings store.
 */
import { draftFrom } from './reducer';
import type { SettingsDraft, SettingsState } from './types';

/**
 * @param state State.
 */
export const getSaved = ( state: SettingsState ) => state.saved;

/**
 * @param state State.
 */
export const getDraft = ( state: SettingsState ): SettingsDraft | null =>
	state.draft;

/**
 * @param state State.
 */
export const isSaving = ( state: SettingsState ): boolean => state.saving;

/**
 * @param state State.
 * @param key   "section.key".
 */
export const getError = (
	state: SettingsState,
	key: string
): string | undefined => state.errors[ key ];

/**
 * @param state State.
 */
export const getNotice = ( state: SettingsState ) => state.notice;

/**
 * @param state State.
 * @return Keys ("captcha.site_key") of the fields the last save refused, in the server's order.
 */
export const getErrorKeys = ( state: SettingsState ): string[] =>
	errorKeysCache( state.errors );

const keysOf = new WeakMap< Record< string, string >, string[] >();
/**
 * The same array while the errors are unchanged (useSelect compares by reference).
 *
 * @param errors Errors by key.
 */
function errorKeysCache( errors: Record< string, string > ): string[] {
	let keys = keysOf.get( errors );
	if ( ! keys ) {
		keys = Object.keys( errors );
		keysOf.set( errors, keys );
	}
	return keys;
}

/**
 * @param state State.
 */
export const getPasswords = ( state: SettingsState ) => state.passwords;

/**
 * @param state State.
 */
export const getCreatedPassword = ( state: SettingsState ) => state.created;

/**
 * Whether the draft differs from what is saved (the unsaved-changes warning).
 *
 * @param state State.
 */
export function isDirty( state: SettingsState ): boolean {
	if ( ! state.saved || ! state.draft ) {
		return false;
	}
	return (
		JSON.stringify( draftFrom( state.saved ) ) !==
		JSON.stringify( state.draft )
	);
}
