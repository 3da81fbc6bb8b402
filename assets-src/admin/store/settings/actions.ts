/**
 * Actions of the settings store.
 */
import apiFetch from '@wordpress/api-fetch';
import { __ } from '@wordpress/i18n';
import { messageOf } from '../errors';
import type {
	AppPassword,
	PaymentCredentialsDraft,
	Section,
	SettingsAction,
	SettingsData,
	SettingsDraft,
} from './types';

const BASE = '/kestrel-forms/v1/settings';

/** The per-field messages of a refused save (the message itself: messageOf). */
interface RestError {
	data?: { errors?: Record< string, string > };
}

/** What a thunk receives from @wordpress/data (the parts used here). */
export interface ThunkArgs {
	dispatch: ( action: SettingsAction ) => unknown;
	select: { getDraft: () => SettingsDraft | null };
}

/**
 * @param section Section.
 * @param key     Key.
 * @param value   New value.
 */
export const edit = (
	section: Section,
	key: string,
	value: unknown
): SettingsAction => ( { type: 'EDIT', section, key, value } );

/**
 * @param notice Notice or null.
 */
export const setNotice = (
	notice: { status: 'success' | 'error'; message: string } | null
): SettingsAction => ( { type: 'SET_NOTICE', notice } );

/**
 * Loads the settings.
 */
export const load =
	() =>
	async ( { dispatch }: ThunkArgs ): Promise< void > => {
		try {
			const data = ( await apiFetch( { path: BASE } ) ) as SettingsData;
			dispatch( { type: 'LOAD_SUCCESS', data } );
		} catch ( error ) {
			dispatch(
				setNotice( { status: 'error', message: messageOf( error ) } )
			);
		}
	};

/**
 * The request body for a draft: blank secrets are left out (the server keeps them).
 *
 * @param draft Draft.
 */
export function toRequest( draft: SettingsDraft ): Record< string, unknown > {
	// Each provider's secret only when typed: blank keeps the stored one.
	const captcha = Object.fromEntries(
		Object.entries( draft.captcha ).filter(
			( [ key, value ] ) => ! key.endsWith( 'secret_key' ) || value !== ''
		)
	);
	return {
		general: {
			...draft.general,
			retention_days: draft.general.retention_days.trim(),
		},
		captcha,
		api: draft.api,
		payments: {
			environment: draft.payments.environment,
			sandbox: credentialsRequest( draft.payments.sandbox ),
			production: credentialsRequest( draft.payments.production ),
		},
	};
}

/**
 * One environment's credentials as POST /settings takes them: a blank token is left out (the
 * server keeps the stored one), `clear_access_token` only when asked.
 *
 * @param block The environment's draft.
 */
function credentialsRequest(
	block: PaymentCredentialsDraft
): Record< string, unknown > {
	const { access_token: token, clear_access_token: clear, ...ids } = block;
	return {
		...ids,
		...( token !== '' && ! clear ? { access_token: token } : {} ),
		...( clear ? { clear_access_token: true } : {} ),
	};
}

/**
 * Saves every section; the server validates and answers with messages keyed "section.key".
 */
export const save =
	() =>
	async ( { dispatch, select }: ThunkArgs ): Promise< boolean > => {
		const draft = select.getDraft();
		if ( ! draft ) {
			return false;
		}
		dispatch( { type: 'SAVE_REQUEST' } );
		try {
			const data = ( await apiFetch( {
				path: BASE,
				method: 'POST',
				data: toRequest( draft ),
			} ) ) as SettingsData;
			dispatch( { type: 'LOAD_SUCCESS', data } );
			dispatch(
				setNotice( {
					status: 'success',
					message: __( 'Settings saved.', 'kestrel-forms' ),
				} )
			);
			return true;
		} catch ( error ) {
			dispatch( {
				type: 'SAVE_FAILURE',
				errors: ( error as RestError | null )?.data?.errors ?? {},
				message: messageOf( error ),
			} );
			return false;
		}
	};

/**
 * Loads the current user's application passwords.
 */
export const loadPasswords =
	() =>
	async ( { dispatch }: ThunkArgs ): Promise< void > => {
		try {
			const passwords = ( await apiFetch( {
				path: `${ BASE }/app-passwords`,
			} ) ) as AppPassword[];
			dispatch( { type: 'PASSWORDS_LOADED', passwords } );
		} catch ( error ) {
			dispatch(
				setNotice( { status: 'error', message: messageOf( error ) } )
			);
		}
	};

/**
 * Creates an application password (shown once).
 *
 * @param name Name.
 */
export const createPassword =
	( name: string ) =>
	async ( { dispatch }: ThunkArgs ): Promise< boolean > => {
		try {
			const password = ( await apiFetch( {
				path: `${ BASE }/app-passwords`,
				method: 'POST',
				data: { name },
			} ) ) as AppPassword;
			dispatch( { type: 'PASSWORD_CREATED', password } );
			return true;
		} catch ( error ) {
			dispatch(
				setNotice( { status: 'error', message: messageOf( error ) } )
			);
			return false;
		}
	};

/**
 * Revokes an application password.
 *
 * @param uuid Password id.
 */
export const revokePassword =
	( uuid: string ) =>
	async ( { dispatch }: ThunkArgs ): Promise< void > => {
		try {
			await apiFetch( {
				path: `${ BASE }/app-passwords/${ uuid }`,
				method: 'DELETE',
			} );
			dispatch( { type: 'PASSWORD_REVOKED', uuid } );
		} catch ( error ) {
			dispatch(
				setNotice( { status: 'error', message: messageOf( error ) } )
			);
		}
	};
