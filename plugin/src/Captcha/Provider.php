<?php
/**
 * The captcha providers the plugin speaks to: Google reCAPTCHA v2, Cloudflare Turnstile, hCaptcha.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Captcha;

/**
 * What differs between the providers: where answers are verified, which script renders the
 * widget, which sizes it has. The three share one contract (explicit render into an element with
 * sitekey/theme/size/callback/expired-callback, a token verified once on the server with
 * secret/response/remoteip, an answer of success/error-codes/hostname), so the rest of the
 * plugin treats them alike. The site uses one provider at a time (Settings::provider()).
 *
 * Published values (checked against the vendors' pages, 2026-11-25):
 * - reCAPTCHA: https://developers.google.com/recaptcha/docs/verify and /docs/display.
 * - Turnstile: siteverify URL, fields secret/response/remoteip (+ optional idempotency_key),
 *   tokens at most 2048 characters, valid 300 s and single use:
 *   https://developers.cloudflare.com/turnstile/get-started/server-side-validation/ ;
 *   api.js?render=explicit and turnstile.render( el, { sitekey, callback, 'expired-callback',
 *   'error-callback', theme, size, tabindex, language } ), sizes normal/compact/flexible:
 *   https://developers.cloudflare.com/turnstile/get-started/client-side-rendering/widget-configurations/
 * - hCaptcha: POST https://api.hcaptcha.com/siteverify, form-encoded secret/response, optional
 *   remoteip and sitekey (refuses a token minted for another site key); answer success,
 *   challenge_ts, hostname, credit, error-codes: https://docs.hcaptcha.com/ ("Verify the user
 *   response server side"); render() is API-compatible with reCAPTCHA's (theme, size incl.
 *   invisible, tabindex), script https://js.hcaptcha.com/1/api.js with render=explicit.
 */
final class Provider {

	public const RECAPTCHA = 'recaptcha';
	public const TURNSTILE = 'turnstile';
	public const HCAPTCHA  = 'hcaptcha';

	public const ALL = array( self::RECAPTCHA, self::TURNSTILE, self::HCAPTCHA );

	private const VERIFY_URLS = array(
		self::RECAPTCHA => 'https://www.google.com/recaptcha/api/siteverify',
		self::TURNSTILE => 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
		self::HCAPTCHA  => 'https://api.hcaptcha.com/siteverify',
	);

	private const SCRIPT_URLS = array(
		self::RECAPTCHA => 'https://www.google.com/recaptcha/api.js?render=explicit',
		self::TURNSTILE => 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
		// recaptchacompat=off: hCaptcha would otherwise also define window.grecaptcha.
		self::HCAPTCHA  => 'https://js.hcaptcha.com/1/api.js?render=explicit&recaptchacompat=off',
	);

	/** Sizes each widget has (Turnstile's invisible mode is chosen in the Cloudflare dashboard). */
	private const SIZES = array(
		self::RECAPTCHA => array( 'normal', 'compact', 'invisible' ),
		self::TURNSTILE => array( 'normal', 'compact', 'flexible' ),
		self::HCAPTCHA  => array( 'normal', 'compact', 'invisible' ),
	);

	/**
	 * Whether a value names a provider.
	 *
	 * @param mixed $provider Value.
	 */
	public static function is_valid( mixed $provider ): bool {
		return is_string( $provider ) && in_array( $provider, self::ALL, true );
	}

	/**
	 * The provider's siteverify endpoint.
	 *
	 * @param string $provider Provider id.
	 */
	public static function verify_url( string $provider ): string {
		return self::VERIFY_URLS[ $provider ] ?? self::VERIFY_URLS[ self::RECAPTCHA ];
	}

	/**
	 * The provider's script, loaded for explicit rendering.
	 *
	 * @param string $provider Provider id.
	 */
	public static function script_url( string $provider ): string {
		return self::SCRIPT_URLS[ $provider ] ?? self::SCRIPT_URLS[ self::RECAPTCHA ];
	}

	/**
	 * The widget sizes the provider has.
	 *
	 * @param string $provider Provider id.
	 * @return list<string>
	 */
	public static function sizes( string $provider ): array {
		return self::SIZES[ $provider ] ?? self::SIZES[ self::RECAPTCHA ];
	}

	/**
	 * The provider's name as people know it.
	 *
	 * @param string $provider Provider id.
	 */
	public static function label( string $provider ): string {
		switch ( $provider ) {
			case self::TURNSTILE:
				return 'Cloudflare Turnstile';
			case self::HCAPTCHA:
				return 'hCaptcha';
			default:
				return 'reCAPTCHA v2';
		}
	}
}
