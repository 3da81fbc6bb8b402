/**
 * Test helper (not a test): settings as GET /settings answers them, for the store and screen
 * tests. Payments: a sandbox with credentials and a token, production empty, no webhooks yet.
 */
import type { SettingsData } from '../types';

/**
 * The settings, with sections replaced by `patch`.
 *
 * @param patch Sections to replace.
 */
export function settingsData(
	patch: Partial< SettingsData > = {}
): SettingsData {
	const noWebhook = {
		status: 'missing' as const,
		notification_url: '',
		subscription_id: '',
		last_test: null,
	};
	return {
		general: {
			currency: 'USD',
			retention_days: 0,
			delete_on_uninstall: false,
		},
		currencies: [ 'USD', 'EUR' ],
		captcha: {
			provider: 'recaptcha',
			site_key: 'site-key',
			turnstile_site_key: '',
			hcaptcha_site_key: '',
			theme: 'light',
			size: 'normal',
			badge: 'bottomright',
			secret_set: true,
			secret_masked: '••••••cdef',
			turnstile_secret_set: false,
			turnstile_secret_masked: '',
			hcaptcha_secret_set: false,
			hcaptcha_secret_masked: '',
			akismet: false,
			akismet_available: false,
		},
		api: {
			enabled: false,
			base_url: 'https://example.test/wp-json/kestrel-forms/v1',
			capability: 'kestrel_forms_manage',
			available: true,
		},
		payments: {
			environment: 'sandbox',
			sandbox: {
				application_id: 'sandbox-app',
				location_id: 'L1',
				access_token_set: true,
				access_token_last4: 'wxyz',
			},
			production: {
				application_id: '',
				location_id: '',
				access_token_set: false,
				access_token_last4: '',
			},
			webhooks: { sandbox: noWebhook, production: noWebhook },
		},
		...patch,
	};
}
