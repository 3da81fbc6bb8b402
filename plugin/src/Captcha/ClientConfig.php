<?php
/**
 * What the visitor's browser needs to render the captcha widget.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Captcha;

/**
 * Built from the settings, without the secret.
 */
final class ClientConfig {

	/** The reCAPTCHA script (the others: Provider::script_url()). */
	public const DEFAULT_SCRIPT_URL = 'https://www.google.com/recaptcha/api.js?render=explicit';

	/**
	 * The reCAPTCHA language codes that keep their region; every other locale is sent as its
	 * language alone (de_DE → de), es_MX → es-419 and he_IL → iw. From Google's list of supported language codes.
	 */
	private const REGIONAL = array( 'de-AT', 'de-CH', 'en-GB', 'es-419', 'fr-CA', 'pt-BR', 'pt-PT', 'zh-CN', 'zh-HK', 'zh-TW' );

	/**
	 * Takes the captcha settings the configuration is read from.
	 *
	 * @param Settings $settings The captcha settings (keys and display options).
	 */
	public function __construct( private readonly Settings $settings ) {}

	/**
	 * The browser's captcha configuration, or null when the captcha is not configured.
	 *
	 * @return array{provider: string, siteKey: string, theme: string, size: string, badge: string, scriptUrl: string, hl: string}|null
	 */
	public function for_browser(): ?array {
		if ( ! $this->settings->is_configured() ) {
			return null;
		}
		$settings = $this->settings->get();
		$provider = $this->settings->provider();
		$hl       = self::language_for_locale( get_user_locale() );
		if ( Provider::RECAPTCHA !== $provider ) {
			// Turnstile (render parameter `language`) and hCaptcha (`hl`) take the language alone.
			$hl = explode( '-', $hl )[0];
			$hl = 'iw' === $hl ? 'he' : $hl;
		}
		/**
		 * Filters the URL of the captcha script. It must define the provider's global
		 * (`window.grecaptcha`, `window.turnstile` or `window.hcaptcha`) with
		 * render/execute/getResponse/reset; the form renders widgets explicitly once it exists.
		 *
		 * @param string $url      Script URL (default: the provider's, with render=explicit).
		 * @param string $provider recaptcha, turnstile or hcaptcha.
		 */
		$url = (string) apply_filters( 'kestrel_forms_captcha_script_url', Provider::script_url( $provider ), $provider );
		if ( '' !== $hl && Provider::TURNSTILE !== $provider && ! str_contains( $url, 'hl=' ) ) {
			$url = add_query_arg( 'hl', rawurlencode( $hl ), $url );
		}
		return array(
			'provider'  => $provider,
			'siteKey'   => $this->settings->site_key(),
			'theme'     => (string) $settings['theme'],
			'size'      => (string) $settings['size'],
			'badge'     => (string) $settings['badge'],
			'scriptUrl' => $url,
			'hl'        => $hl,
		);
	}

	/**
	 * The reCAPTCHA `hl` code for a WordPress locale: pt_BR → pt-BR, de_DE_formal → de, '' → ''.
	 *
	 * @param string $locale WordPress locale.
	 */
	public static function language_for_locale( string $locale ): string {
		$parts    = explode( '_', str_replace( '-', '_', $locale ) );
		$language = strtolower( $parts[0] );
		if ( ! preg_match( '/^[a-z]{2,3}$/', $language ) ) {
			return '';
		}
		if ( 'he' === $language ) {
			return 'iw'; // Google's code for Hebrew.
		}
		if ( isset( $parts[1] ) ) {
			if ( 'es' === $language && 'ES' !== strtoupper( $parts[1] ) ) {
				return 'es-419'; // Google has one Latin American Spanish.
			}
			$regional = $language . '-' . ( ctype_digit( $parts[1] ) ? $parts[1] : strtoupper( $parts[1] ) );
			if ( in_array( $regional, self::REGIONAL, true ) ) {
				return $regional;
			}
		}
		return $language;
	}
}
