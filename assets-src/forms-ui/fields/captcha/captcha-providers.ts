/**
 * The captcha providers as the browser sees them: each one's global and render parameters. All
 * three share reCAPTCHA's explicit-render contract (render into an element, callback with a
 * token, expired-callback, getResponse/reset/execute by widget id), so CaptchaField treats them
 * alike. Published APIs:
 * - reCAPTCHA v2: https://developers.google.com/recaptcha/docs/display (grecaptcha.render with
 *   sitekey, theme, size, tabindex, badge, callback, expired-callback).
 * - Cloudflare Turnstile: https://developers.cloudflare.com/turnstile/get-started/client-side-rendering/widget-configurations/
 *   (turnstile.render( el, { sitekey, callback, 'expired-callback', 'error-callback', theme,
 *   size: normal | compact | flexible, tabindex, language } ); render returns a string id).
 * - hCaptcha: https://docs.hcaptcha.com/ (hcaptcha.render, API-compatible with reCAPTCHA's:
 *   theme, size incl. invisible, tabindex, callback, expired-callback, error-callback).
 */

export type CaptchaProvider = 'recaptcha' | 'turnstile' | 'hcaptcha';

/** reCAPTCHA and hCaptcha number their widgets, Turnstile names them. */
export type CaptchaWidgetId = number | string;

/** The part of a provider's global the form uses. */
export interface CaptchaApi {
	render: (
		container: HTMLElement,
		params: Record< string, unknown >
	) => CaptchaWidgetId | null | undefined;
	execute: ( id?: CaptchaWidgetId ) => unknown;
	getResponse: ( id?: CaptchaWidgetId ) => string | undefined;
	reset: ( id?: CaptchaWidgetId ) => void;
}

declare global {
	interface Window {
		grecaptcha?: Partial< CaptchaApi >;
		turnstile?: Partial< CaptchaApi >;
		hcaptcha?: Partial< CaptchaApi >;
	}
}

const GLOBALS: Record<
	CaptchaProvider,
	'grecaptcha' | 'turnstile' | 'hcaptcha'
> = {
	recaptcha: 'grecaptcha',
	turnstile: 'turnstile',
	hcaptcha: 'hcaptcha',
};

/**
 * The provider's global once its script has defined it.
 *
 * @param provider Provider.
 */
export function captchaApi(
	provider: CaptchaProvider
): Partial< CaptchaApi > | undefined {
	return window[ GLOBALS[ provider ] ?? 'grecaptcha' ];
}

interface Look {
	siteKey: string;
	theme: string;
	size: string;
	badge: string;
	hl?: string;
}

interface Callbacks {
	callback: ( token: string ) => void;
	expired: () => void;
	error: () => void;
}

/**
 * The render parameters for the provider.
 *
 * @param provider  Provider.
 * @param look      The site's settings for the widget.
 * @param callbacks What the widget calls.
 */
export function renderParams(
	provider: CaptchaProvider,
	look: Look,
	callbacks: Callbacks
): Record< string, unknown > {
	const common = {
		sitekey: look.siteKey,
		theme: look.theme,
		size: look.size,
		tabindex: 0,
		callback: callbacks.callback,
		'expired-callback': callbacks.expired,
	};
	if ( provider === 'turnstile' ) {
		return {
			...common,
			language: look.hl || 'auto',
			'error-callback': callbacks.error,
		};
	}
	if ( provider === 'hcaptcha' ) {
		return { ...common, 'error-callback': callbacks.error };
	}
	return { ...common, badge: look.badge };
}
