<?php
/**
 * The captcha settings: one option, `kestrel_forms_captcha`.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Captcha;

/**
 * The captcha settings: the provider, each provider's keys, the widget's look, and the Akismet
 * check.
 *
 * Stored in one option:
 *
 *     array{ provider: 'recaptcha'|'turnstile'|'hcaptcha',
 *            site_key: string, secret_key: string,                     // reCAPTCHA v2
 *            turnstile_site_key: string, turnstile_secret_key: string, // Cloudflare Turnstile
 *            hcaptcha_site_key: string, hcaptcha_secret_key: string,   // hCaptcha
 *            theme: 'light'|'dark', size: 'normal'|'compact'|'invisible'|'flexible',
 *            badge: 'bottomright'|'bottomleft'|'inline', akismet: bool }
 *
 * The reCAPTCHA keys keep their original names (issue 5's shape); each provider keeps its own
 * keys, so switching provider and back loses nothing. Every value is validated on save; an
 * invalid value is refused (the stored one stays) with a settings error. The secrets never leave
 * the server: a blank secret on save keeps the stored one, and screens only ever show
 * masked_secret().
 */
final class Settings {

	public const OPTION = 'kestrel_forms_captcha';

	/** Settings API option group (the `option_page` of options.php). */
	public const GROUP = 'kestrel_forms_captcha';

	public const THEMES = array( 'light', 'dark' );
	public const SIZES  = array( 'normal', 'compact', 'invisible', 'flexible' );
	public const BADGES = array( 'bottomright', 'bottomleft', 'inline' );

	public const DEFAULTS = array(
		'provider'             => Provider::RECAPTCHA,
		'site_key'             => '',
		'secret_key'           => '',
		'turnstile_site_key'   => '',
		'turnstile_secret_key' => '',
		'hcaptcha_site_key'    => '',
		'hcaptcha_secret_key'  => '',
		'theme'                => 'light',
		'size'                 => 'normal',
		'badge'                => 'bottomright',
		'akismet'              => false,
	);

	/**
	 * Each provider's keys: site key, secret, and the flag that clears the secret.
	 */
	public const KEYS = array(
		Provider::RECAPTCHA => array( 'site_key', 'secret_key', 'clear_secret' ),
		Provider::TURNSTILE => array( 'turnstile_site_key', 'turnstile_secret_key', 'clear_turnstile_secret' ),
		Provider::HCAPTCHA  => array( 'hcaptcha_site_key', 'hcaptcha_secret_key', 'clear_hcaptcha_secret' ),
	);

	/**
	 * Keys are URL-safe text: Google's are 40 characters of base64url, Turnstile's look like
	 * 0x4AAF…, hCaptcha's site keys are UUIDs. Anything else is a typo or worse.
	 */
	private const KEY_PATTERN = '/^[A-Za-z0-9_-]{1,200}$/';

	/**
	 * Registers the option with its sanitize callback. Called on `init`, so every save (settings
	 * screen, REST, WP-CLI, update_option) goes through sanitize(). Not shown in REST: the core
	 * settings endpoint would hand out the secret.
	 */
	public function register(): void {
		register_setting(
			self::GROUP,
			self::OPTION,
			array(
				'type'              => 'object',
				'description'       => __( 'Kestrel Forms captcha (reCAPTCHA v2, Turnstile, hCaptcha) and Akismet settings.', 'kestrel-forms' ),
				'sanitize_callback' => array( $this, 'sanitize' ),
				'default'           => self::DEFAULTS,
				'show_in_rest'      => false,
			)
		);
	}

	/**
	 * The stored settings, completed with defaults (a damaged stored value reads as the default).
	 *
	 * @return array<string, string|bool>
	 */
	public function get(): array {
		$stored = get_option( self::OPTION, self::DEFAULTS );
		return self::validate( is_array( $stored ) ? $stored : array(), self::DEFAULTS )['values'];
	}

	/**
	 * The provider the site uses.
	 */
	public function provider(): string {
		return (string) $this->get()['provider'];
	}

	/**
	 * The site key of the site's provider (public).
	 */
	public function site_key(): string {
		return (string) $this->get()[ self::KEYS[ $this->provider() ][0] ];
	}

	/**
	 * Whether the site's provider has both keys, so the widget can render and answers can be
	 * verified.
	 */
	public function is_configured(): bool {
		return '' !== $this->site_key() && '' !== $this->secret_key();
	}

	/**
	 * The secret of the site's provider for the verify request. Server side only: never print it
	 * or send it to a browser.
	 */
	public function secret_key(): string {
		return (string) $this->get()[ self::KEYS[ $this->provider() ][1] ];
	}

	/**
	 * Whether submissions are checked with Akismet (when the Akismet plugin is active).
	 */
	public function akismet_enabled(): bool {
		return true === $this->get()['akismet'];
	}

	/**
	 * A stored secret as screens may show it: bullets and its last four characters, or ''.
	 *
	 * @param string|null $provider Provider whose secret (default: reCAPTCHA's, the original key).
	 */
	public function masked_secret( ?string $provider = null ): string {
		$provider = Provider::is_valid( $provider ) ? (string) $provider : Provider::RECAPTCHA;
		$secret   = (string) $this->get()[ self::KEYS[ $provider ][1] ];
		if ( '' === $secret ) {
			return '';
		}
		return str_repeat( '•', 8 ) . ( strlen( $secret ) > 12 ? substr( $secret, -4 ) : '' );
	}

	/**
	 * What the settings screen may see: everything but the secrets, with whether each is set and
	 * its mask.
	 *
	 * @return array<string, string|bool>
	 */
	public function for_screen(): array {
		$values = $this->get();
		$public = array();
		foreach ( $values as $key => $value ) {
			if ( ! str_ends_with( $key, 'secret_key' ) ) {
				$public[ $key ] = $value;
			}
		}
		foreach ( self::KEYS as $provider => $keys ) {
			$prefix                              = Provider::RECAPTCHA === $provider ? '' : $provider . '_';
			$public[ $prefix . 'secret_set' ]    = '' !== $values[ $keys[1] ];
			$public[ $prefix . 'secret_masked' ] = $this->masked_secret( $provider );
		}
		return $public;
	}

	/**
	 * `sanitize_option_kestrel_forms_captcha`: validates the submitted values against the stored
	 * ones and reports each refused value as a settings error.
	 *
	 * @param mixed $input Submitted value (the settings form's array, or a whole option array).
	 * @return array<string, string|bool>
	 */
	public function sanitize( mixed $input ): array {
		$result = self::validate( $input, $this->get() );
		foreach ( $result['errors'] as $code ) {
			$this->report( $code );
		}
		return $result['values'];
	}

	/**
	 * Pure validation. Each valid submitted value replaces the current one; an invalid one is
	 * refused (the current value stays) and its error code listed. A blank or missing secret keeps
	 * the current secret unless its clear flag (`clear_secret`, `clear_turnstile_secret`,
	 * `clear_hcaptcha_secret`) is set; a blank site key clears it. A size the chosen provider
	 * does not have is refused (Turnstile has no invisible size, only Turnstile is flexible).
	 *
	 * @param mixed                $input   Submitted value.
	 * @param array<string, mixed> $current Current settings (stored, or the defaults).
	 * @return array{values: array<string, string|bool>, errors: list<string>}
	 */
	public static function validate( mixed $input, array $current ): array {
		$values = array();
		foreach ( self::DEFAULTS as $key => $default ) {
			$value          = $current[ $key ] ?? null;
			$values[ $key ] = is_bool( $default ) ? ( is_bool( $value ) ? $value : $default ) : ( is_string( $value ) ? $value : $default );
		}
		if ( ! is_array( $input ) ) {
			return array(
				'values' => self::repair( $values ),
				'errors' => array( 'invalid_input' ),
			);
		}

		$errors = array();
		$text   = static fn( string $key ): ?string => array_key_exists( $key, $input )
			? ( is_string( $input[ $key ] ) ? trim( $input[ $key ] ) : null )
			: '';

		if ( array_key_exists( 'provider', $input ) ) {
			if ( Provider::is_valid( $input['provider'] ) ) {
				$values['provider'] = $input['provider'];
			} else {
				$errors[] = 'invalid_provider';
			}
		}

		foreach ( self::KEYS as list( $site_field, $secret_field, $clear_field ) ) {
			$site_key = $text( $site_field );
			if ( array_key_exists( $site_field, $input ) ) {
				if ( null !== $site_key && ( '' === $site_key || preg_match( self::KEY_PATTERN, $site_key ) ) ) {
					$values[ $site_field ] = $site_key;
				} else {
					$errors[] = 'invalid_' . $site_field;
				}
			}

			$secret = $text( $secret_field );
			if ( ! empty( $input[ $clear_field ] ) ) {
				$values[ $secret_field ] = '';
			} elseif ( null === $secret || ( '' !== $secret && ! preg_match( self::KEY_PATTERN, $secret ) ) ) {
				$errors[] = 'invalid_' . $secret_field;
			} elseif ( '' !== $secret ) {
				$values[ $secret_field ] = $secret;
			}
		}

		$choices = array(
			'theme' => self::THEMES,
			'size'  => self::SIZES,
			'badge' => self::BADGES,
		);
		foreach ( $choices as $key => $allowed ) {
			if ( ! array_key_exists( $key, $input ) ) {
				continue;
			}
			if ( in_array( $input[ $key ], $allowed, true ) ) {
				$values[ $key ] = $input[ $key ];
			} else {
				$errors[] = 'invalid_' . $key;
			}
		}
		if ( array_key_exists( 'size', $input ) && ! in_array( 'invalid_size', $errors, true )
			&& ! in_array( $values['size'], Provider::sizes( (string) $values['provider'] ), true ) ) {
			// A size of another provider: keep the current one when the provider has it.
			$errors[]       = 'invalid_size';
			$values['size'] = is_string( $current['size'] ?? null ) ? $current['size'] : self::DEFAULTS['size'];
		}

		if ( array_key_exists( 'akismet', $input ) ) {
			$akismet = is_bool( $input['akismet'] ) || is_int( $input['akismet'] ) || is_string( $input['akismet'] )
				? filter_var( $input['akismet'], FILTER_VALIDATE_BOOLEAN, FILTER_NULL_ON_FAILURE )
				: null;
			if ( null === $akismet ) {
				$errors[] = 'invalid_akismet';
			} else {
				$values['akismet'] = $akismet;
			}
		}

		return array(
			'values' => self::repair( $values ),
			'errors' => $errors,
		);
	}

	/**
	 * Repairs damaged values that nothing replaced: an unknown choice becomes its default, a key
	 * of the wrong shape becomes blank, a size the provider does not have becomes normal.
	 *
	 * @param array<string, string|bool> $values Values.
	 * @return array<string, string|bool>
	 */
	private static function repair( array $values ): array {
		if ( ! Provider::is_valid( $values['provider'] ) ) {
			$values['provider'] = self::DEFAULTS['provider'];
		}
		$choices = array(
			'theme' => self::THEMES,
			'size'  => Provider::sizes( (string) $values['provider'] ),
			'badge' => self::BADGES,
		);
		foreach ( $choices as $key => $allowed ) {
			if ( ! in_array( $values[ $key ], $allowed, true ) ) {
				$values[ $key ] = self::DEFAULTS[ $key ];
			}
		}
		foreach ( self::KEYS as list( $site_field, $secret_field ) ) {
			foreach ( array( $site_field, $secret_field ) as $key ) {
				if ( '' !== $values[ $key ] && ! preg_match( self::KEY_PATTERN, (string) $values[ $key ] ) ) {
					$values[ $key ] = '';
				}
			}
		}
		return $values;
	}

	/**
	 * Admin-facing text for a validation error code.
	 *
	 * @param string $code Code from validate().
	 */
	public static function error_message( string $code ): string {
		switch ( $code ) {
			case 'invalid_site_key':
				return __( 'The site key was not saved: use the key exactly as the reCAPTCHA admin console shows it (letters, digits, - and _).', 'kestrel-forms' );
			case 'invalid_secret_key':
				return __( 'The secret key was not saved: use the key exactly as the reCAPTCHA admin console shows it (letters, digits, - and _).', 'kestrel-forms' );
			case 'invalid_turnstile_site_key':
				return __( 'The Turnstile site key was not saved: use the key exactly as the Cloudflare dashboard shows it (letters, digits, - and _).', 'kestrel-forms' );
			case 'invalid_turnstile_secret_key':
				return __( 'The Turnstile secret key was not saved: use the key exactly as the Cloudflare dashboard shows it (letters, digits, - and _).', 'kestrel-forms' );
			case 'invalid_hcaptcha_site_key':
				return __( 'The hCaptcha site key was not saved: use the key exactly as the hCaptcha dashboard shows it (letters, digits, - and _).', 'kestrel-forms' );
			case 'invalid_hcaptcha_secret_key':
				return __( 'The hCaptcha secret key was not saved: use the key exactly as the hCaptcha dashboard shows it (letters, digits, - and _).', 'kestrel-forms' );
			case 'invalid_provider':
				return __( 'The captcha provider was not saved: choose reCAPTCHA, Turnstile or hCaptcha.', 'kestrel-forms' );
			case 'invalid_theme':
				return __( 'The theme was not saved: choose light or dark.', 'kestrel-forms' );
			case 'invalid_size':
				return __( 'The size was not saved: choose normal, compact or invisible (reCAPTCHA, hCaptcha), or normal, compact or flexible (Turnstile, whose invisible mode is set in the Cloudflare dashboard).', 'kestrel-forms' );
			case 'invalid_badge':
				return __( 'The badge position was not saved: choose bottom right, bottom left or inline.', 'kestrel-forms' );
			case 'invalid_akismet':
				return __( 'The Akismet setting was not saved: it is on or off.', 'kestrel-forms' );
			default:
				return __( 'The captcha settings were not saved: the submitted data is not valid.', 'kestrel-forms' );
		}
	}

	/**
	 * Adds a settings error once (WordPress sanitizes a new option twice on its first save).
	 *
	 * @param string $code Code from validate().
	 */
	private function report( string $code ): void {
		if ( ! function_exists( 'add_settings_error' ) ) {
			return; // Saved outside wp-admin (REST, WP-CLI): the refused value is simply kept.
		}
		foreach ( get_settings_errors( self::OPTION ) as $error ) {
			if ( 'kestrel_forms_captcha_' . $code === $error['code'] ) {
				return;
			}
		}
		add_settings_error( self::OPTION, 'kestrel_forms_captcha_' . $code, self::error_message( $code ), 'error' );
	}
}
