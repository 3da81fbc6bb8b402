/**
 * Reducer of the settings store.
 */
import type {
	PaymentCredentialsData,
	PaymentCredentialsDraft,
	SettingsAction,
	SettingsData,
	SettingsDraft,
	SettingsState,
} from './types';

export const INITIAL_STATE: SettingsState = {
	saved: null,
	draft: null,
	saving: false,
	errors: {},
	notice: null,
	passwords: [],
	created: null,
};

/**
 * The draft a freshly loaded (or saved) state starts from: secrets blank.
 *
 * @param data Settings from the server.
 */
export function draftFrom( data: SettingsData ): SettingsDraft {
	return {
		general: {
			currency: data.general.currency,
			retention_days: String( data.general.retention_days ),
			delete_on_uninstall: data.general.delete_on_uninstall,
		},
		captcha: {
			provider: data.captcha.provider ?? 'recaptcha',
			site_key: data.captcha.site_key,
			secret_key: '',
			turnstile_site_key: data.captcha.turnstile_site_key ?? '',
			turnstile_secret_key: '',
			hcaptcha_site_key: data.captcha.hcaptcha_site_key ?? '',
			hcaptcha_secret_key: '',
			theme: data.captcha.theme,
			size: data.captcha.size,
			badge: data.captcha.badge,
			akismet: data.captcha.akismet ?? false,
		},
		api: { enabled: data.api.enabled },
		payments: {
			environment: data.payments.environment,
			sandbox: credentialsDraft( data.payments.sandbox ),
			production: credentialsDraft( data.payments.production ),
		},
	};
}

/**
 * One environment's credentials to edit: the ids as stored, the token blank.
 *
 * @param data The environment's credentials from the server.
 */
function credentialsDraft(
	data: PaymentCredentialsData
): PaymentCredentialsDraft {
	return {
		application_id: data.application_id,
		location_id: data.location_id,
		access_token: '',
		clear_access_token: false,
	};
}

/**
 * @param state  State.
 * @param action Action.
 */
export function reducer(
	state: SettingsState = INITIAL_STATE,
	action: SettingsAction
): SettingsState {
	switch ( action.type ) {
		case 'LOAD_SUCCESS':
			return {
				...state,
				saving: false,
				saved: action.data,
				draft: draftFrom( action.data ),
				errors: {},
			};
		case 'EDIT': {
			if ( ! state.draft ) {
				return state;
			}
			const errors = { ...state.errors };
			const edited = `${ action.section }.${ action.key }`;
			for ( const key of Object.keys( errors ) ) {
				// A nested block (payments.sandbox) clears the messages of its keys too.
				if ( key === edited || key.startsWith( `${ edited }.` ) ) {
					delete errors[ key ];
				}
			}
			return {
				...state,
				draft: {
					...state.draft,
					[ action.section ]: {
						...state.draft[ action.section ],
						[ action.key ]: action.value,
					},
				},
				errors,
			};
		}
		case 'SAVE_REQUEST':
			return { ...state, saving: true, errors: {}, notice: null };
		case 'SAVE_FAILURE':
			return {
				...state,
				saving: false,
				errors: action.errors,
				notice: { status: 'error', message: action.message },
			};
		case 'SET_NOTICE':
			return { ...state, notice: action.notice };
		case 'PASSWORDS_LOADED':
			return { ...state, passwords: action.passwords };
		case 'PASSWORD_CREATED': {
			const { password, ...listed } = action.password;
			return {
				...state,
				passwords: [ ...state.passwords, listed ],
				created: { ...listed, password },
			};
		}
		case 'PASSWORD_REVOKED':
			return {
				...state,
				passwords: state.passwords.filter(
					( p ) => p.uuid !== action.uuid
				),
				created:
					state.created?.uuid === action.uuid ? null : state.created,
			};
	}
	return state;
}
