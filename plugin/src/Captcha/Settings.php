<?php
/**
 * The captcha settings: one option, `kestrel_forms_captcha`.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Captcha;

/**
 * The captcha settings: reCAPTCHA v2 keys and look.
 *
 * Stored in one option:
 *
 *     array{ site_key: string, secret_key: string, theme: 'light'|'dark',
 *            size: 'normal'|'compact'|'invisible', badge: 'bottomright'|'bottomleft'|'inline' }
 *
 * The shape is stable (issue 5's React settings screen reuses it). Every value is validated on
 * save; an invalid value is refused (the stored one stays) with a settings error. The secret
 * never leaves the server: a blank secret on save keeps the stored one, and screens only ever
 * show masked_secret().
 */
final class Settings {

	public const OPTION = 'kestrel_forms_captcha';

	/** Settings API option group (the `option_page` of options.php). */
	public const GROUP = 'kestrel_forms_captcha';

	public const THEMES = array( 'light', 'dark' );
	public const SIZES  = array( 'normal', 'compact', 'invisible' );
	public const BADGES = array( 'bottomright', 'bottomleft', 'inline' );

	public const DEFAULTS = array(
		'site_key'   => '',
		'secret_key' => '',
		'theme'      => 'light',
		'size'       => 'normal',
		'badge'      => 'bottomright',
	);

	/** Keys are URL-safe base64 (Google's are 40 characters); anything else is a typo or worse. */
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
				'description'       => __( 'Kestrel Forms captcha (reCAPTCHA v2) settings.', 'kestrel-forms' ),
				'sanitize_callback' => array( $this, 'sanitize' ),
				'default'           => self::DEFAULTS,
				'show_in_rest'      => false,
			)
		);
	}

	/**
	 * The stored settings, completed with defaults (a damaged stored value reads as the default).
	 *
	 * @return array{site_key: string, secret_key: string, theme: string, size: string, badge: string}
	 */
	public function get(): array {
		$stored = get_option( self::OPTION, self::DEFAULTS );
		return self::validate( is_array( $stored ) ? $stored : array(), self::DEFAULTS )['values'];
	}

	/**
	 * Whether both keys are set, so the widget can render and answers can be verified.
	 */
	public function is_configured(): bool {
		$settings = $this->get();
		return '' !== $settings['site_key'] && '' !== $settings['secret_key'];
	}

	/**
	 * The secret for the verify request. Server side only: never print it or send it to a browser.
	 */
	public function secret_key(): string {
		return $this->get()['secret_key'];
	}

	/**
	 * The stored secret as screens may show it: bullets and its last four characters, or ''.
	 */
	public function masked_secret(): string {
		$secret = $this->get()['secret_key'];
		if ( '' === $secret ) {
			return '';
		}
		return str_repeat( '•', 8 ) . ( strlen( $secret ) > 12 ? substr( $secret, -4 ) : '' );
	}

	/**
	 * `sanitize_option_kestrel_forms_captcha`: validates the submitted values against the stored
	 * ones and reports each refused value as a settings error.
	 *
	 * @param mixed $input Submitted value (the settings form's array, or a whole option array).
	 * @return array{site_key: string, secret_key: string, theme: string, size: string, badge: string}
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
	 * the current secret unless `clear_secret` is set; a blank site key clears it.
	 *
	 * @param mixed                $input   Submitted value.
	 * @param array<string, mixed> $current Current settings (stored, or the defaults).
	 * @return array{values: array{site_key: string, secret_key: string, theme: string, size: string, badge: string}, errors: list<string>}
	 */
	public static function validate( mixed $input, array $current ): array {
		$values = array();
		foreach ( self::DEFAULTS as $key => $default ) {
			$values[ $key ] = is_string( $current[ $key ] ?? null ) ? $current[ $key ] : $default;
		}
		if ( ! is_array( $input ) ) {
			return array(
				'values' => $values,
				'errors' => array( 'invalid_input' ),
			);
		}

		$errors = array();
		$text   = static fn( string $key ): ?string => array_key_exists( $key, $input )
			? ( is_string( $input[ $key ] ) ? trim( $input[ $key ] ) : null )
			: '';

		$site_key = $text( 'site_key' );
		if ( array_key_exists( 'site_key', $input ) ) {
			if ( null !== $site_key && ( '' === $site_key || preg_match( self::KEY_PATTERN, $site_key ) ) ) {
				$values['site_key'] = $site_key;
			} else {
				$errors[] = 'invalid_site_key';
			}
		}

		$secret = $text( 'secret_key' );
		if ( ! empty( $input['clear_secret'] ) ) {
			$values['secret_key'] = '';
		} elseif ( null === $secret || ( '' !== $secret && ! preg_match( self::KEY_PATTERN, $secret ) ) ) {
			$errors[] = 'invalid_secret_key';
		} elseif ( '' !== $secret ) {
			$values['secret_key'] = $secret;
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

		// Repair a damaged current value that nothing above replaced.
		foreach ( $choices as $key => $allowed ) {
			if ( ! in_array( $values[ $key ], $allowed, true ) ) {
				$values[ $key ] = self::DEFAULTS[ $key ];
			}
		}
		foreach ( array( 'site_key', 'secret_key' ) as $key ) {
			if ( '' !== $values[ $key ] && ! preg_match( self::KEY_PATTERN, $values[ $key ] ) ) {
				$values[ $key ] = '';
			}
		}

		return array(
			'values' => $values,
			'errors' => $errors,
		);
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
			case 'invalid_theme':
				return __( 'The theme was not saved: choose light or dark.', 'kestrel-forms' );
			case 'invalid_size':
				return __( 'The size was not saved: choose normal, compact or invisible.', 'kestrel-forms' );
			case 'invalid_badge':
				return __( 'The badge position was not saved: choose bottom right, bottom left or inline.', 'kestrel-forms' );
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
