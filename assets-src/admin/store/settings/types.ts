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
		/** The site's provider: recaptcha, turnstile or hcaptcha. */
		provider: CaptchaProvider;
		/** reCAPTCHA v2's keys keep their original names. */
		site_key: string;
		turnstile_site_key: string;
		hcaptcha_site_key: string;
		theme: string;
		size: string;
		badge: string;
		secret_set: boolean;
		secret_masked: string;
		turnstile_secret_set: boolean;
		turnstile_secret_masked: string;
		hcaptcha_secret_set: boolean;
		hcaptcha_secret_masked: string;
		/** Whether submissions are checked with Akismet. */
		akismet: boolean;
		/** Whether the Akismet plugin is active with a key. */
		akismet_available: boolean;
	};
	api: {
		enabled: boolean;
		base_url: string;
		capability: string;
		available: boolean;
	};
	payments: {
		environment: PaymentEnvironment;
		sandbox: PaymentCredentialsData;
		production: PaymentCredentialsData;
		webhooks: Record< PaymentEnvironment, WebhookData >;
	};
}

export type PaymentEnvironment = 'sandbox' | 'production';

export type CaptchaProvider = 'recaptcha' | 'turnstile' | 'hcaptcha';

/** One environment's credentials as the server shows them: never the token itself. */
export interface PaymentCredentialsData {
	application_id: string;
	location_id: string;
	access_token_set: boolean;
	access_token_last4: string;
}

/** The result of sending the provider's test event (POST /payments/webhook/test). */
export interface WebhookTestResult {
	ok: boolean;
	status: number;
	message?: string;
	/** When it was sent (stored results only). */
	at?: string;
}

/** One environment's webhook subscription as the server shows it: never the signature key. */
export interface WebhookData {
	status: 'active' | 'missing' | 'error';
	notification_url: string;
	subscription_id: string;
	last_test: WebhookTestResult | null;
	/** Why the subscription could not be created or updated (status 'error'). */
	message?: string;
}

/** One environment's credentials being edited: the token starts blank (blank keeps it). */
export interface PaymentCredentialsDraft {
	application_id: string;
	location_id: string;
	access_token: string;
	clear_access_token: boolean;
}

/** What the screen edits and POST /settings receives. Secret fields start blank. */
export interface SettingsDraft {
	general: {
		currency: string;
		retention_days: string;
		delete_on_uninstall: boolean;
	};
	captcha: {
		provider: CaptchaProvider;
		site_key: string;
		secret_key: string;
		turnstile_site_key: string;
		turnstile_secret_key: string;
		hcaptcha_site_key: string;
		hcaptcha_secret_key: string;
		theme: string;
		size: string;
		badge: string;
		akismet: boolean;
	};
	api: { enabled: boolean };
	payments: {
		environment: string;
		sandbox: PaymentCredentialsDraft;
		production: PaymentCredentialsDraft;
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
