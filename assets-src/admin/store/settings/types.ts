/**
 * Types of the settings store (REST shapes of plugin/src/Rest/SettingsController.php).
 */

/** What GET /settings answers: no secret, only whether one is set. */
export interface SettingsData {
	general: {
		currency: string;
		retention_days: number;
		delete_on_uninstall: boolean;
	};
	currencies: string[];
	captcha: {
		site_key: string;
		theme: string;
		size: string;
		badge: string;
		secret_set: boolean;
		secret_masked: string;
	};
	api: {
		enabled: boolean;
		base_url: string;
		capability: string;
		available: boolean;
	};
	payments: {
		environment: 'sandbox' | 'production';
		application_id: string;
		location_id: string;
		access_token_set: boolean;
		access_token_last4: string;
	};
}

/** What the screen edits and POST /settings receives. Secret fields start blank. */
export interface SettingsDraft {
	general: {
		currency: string;
		retention_days: string;
		delete_on_uninstall: boolean;
	};
	captcha: {
		site_key: string;
		secret_key: string;
		theme: string;
		size: string;
		badge: string;
	};
	api: { enabled: boolean };
	payments: {
		environment: string;
		application_id: string;
		location_id: string;
		access_token: string;
		clear_access_token: boolean;
	};
}

export type Section = keyof SettingsDraft;

export interface AppPassword {
	uuid: string;
	name: string;
	created: string;
	last_used: string | null;
	capability: string;
	/** Only in the answer that created it. */
	password?: string;
}

export interface SettingsState {
	saved: SettingsData | null;
	draft: SettingsDraft | null;
	saving: boolean;
	/** Server messages keyed "section.key". */
	errors: Record< string, string >;
	notice: { status: 'success' | 'error'; message: string } | null;
	passwords: AppPassword[];
	/** The password just created, shown once. */
	created: AppPassword | null;
}

export type SettingsAction =
	| { type: 'LOAD_SUCCESS'; data: SettingsData }
	| { type: 'EDIT'; section: Section; key: string; value: unknown }
	| { type: 'SAVE_REQUEST' }
	| {
			type: 'SAVE_FAILURE';
			errors: Record< string, string >;
			message: string;
	  }
	| { type: 'SET_NOTICE'; notice: SettingsState[ 'notice' ] }
	| { type: 'PASSWORDS_LOADED'; passwords: AppPassword[] }
	| { type: 'PASSWORD_CREATED'; password: AppPassword }
	| { type: 'PASSWORD_REVOKED'; uuid: string };
