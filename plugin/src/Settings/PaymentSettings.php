<?php
/**
 * Payment provider settings.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Settings;

/**
 * Option `kestrel_forms_payments` = array{ environment: 'sandbox'|'production',
 * application_id: string, location_id: string, access_token: string }.
 *
 * The access token is write-only: public() never contains it, only whether one is set and its
 * last four characters. A blank token on save keeps the stored one; `clear_access_token` removes it.
 */
final class PaymentSettings {

	public const OPTION       = 'kestrel_forms_payments';
	public const ENVIRONMENTS = array( 'sandbox', 'production' );

	private const ID_PATTERN    = '/^[A-Za-z0-9_.:-]{0,200}$/';
	private const TOKEN_PATTERN = '/^[A-Za-z0-9_.:-]{8,500}$/';

	/**
	 * The stored settings, secret included. Server side only.
	 *
	 * @return array{environment: string, application_id: string, location_id: string, access_token: string}
	 */
	public function get(): array {
		$stored = get_option( self::OPTION, array() );
		$stored = is_array( $stored ) ? $stored : array();
		$text   = static fn( string $key ): string => is_string( $stored[ $key ] ?? null ) ? $stored[ $key ] : '';
		return array(
			'environment'    => in_array( $stored['environment'] ?? '', self::ENVIRONMENTS, true ) ? (string) $stored['environment'] : 'sandbox',
			'application_id' => $text( 'application_id' ),
			'location_id'    => $text( 'location_id' ),
			'access_token'   => $text( 'access_token' ),
		);
	}

	/**
	 * What screens and the REST API may show: no token.
	 *
	 * @return array{environment: string, application_id: string, location_id: string, access_token_set: bool, access_token_last4: string}
	 */
	public function public(): array {
		$settings = $this->get();
		$token    = $settings['access_token'];
		return array(
			'environment'        => $settings['environment'],
			'application_id'     => $settings['application_id'],
			'location_id'        => $settings['location_id'],
			'access_token_set'   => '' !== $token,
			'access_token_last4' => strlen( $token ) > 12 ? substr( $token, -4 ) : '',
		);
	}

	/**
	 * Checks the values sent; each valid one replaces the current one, the others keep theirs
	 * (a blank token keeps the stored one). Stores nothing (store() does).
	 *
	 * @param array<string, mixed> $input Values.
	 * @return array{values: array{environment: string, application_id: string, location_id: string, access_token: string}, errors: array<string, string>}
	 *         The settings to store, and messages by key (empty when every value is accepted).
	 */
	public function validate( array $input ): array {
		$values = $this->get();
		$errors = array();
		if ( array_key_exists( 'environment', $input ) ) {
			if ( in_array( $input['environment'], self::ENVIRONMENTS, true ) ) {
				$values['environment'] = (string) $input['environment'];
			} else {
				$errors['environment'] = __( 'Choose sandbox or production.', 'kestrel-forms' );
			}
		}
		foreach ( array( 'application_id', 'location_id' ) as $key ) {
			if ( ! array_key_exists( $key, $input ) ) {
				continue;
			}
			$text = is_string( $input[ $key ] ) ? trim( $input[ $key ] ) : null;
			if ( null === $text || ! preg_match( self::ID_PATTERN, $text ) ) {
				$errors[ $key ] = __( 'Use the id exactly as the provider dashboard shows it (letters, digits, - _ . :).', 'kestrel-forms' );
			} else {
				$values[ $key ] = $text;
			}
		}
		if ( wp_validate_boolean( $input['clear_access_token'] ?? false ) ) {
			$values['access_token'] = '';
		} elseif ( isset( $input['access_token'] ) && '' !== $input['access_token'] ) {
			$token = is_string( $input['access_token'] ) ? trim( $input['access_token'] ) : '';
			if ( ! preg_match( self::TOKEN_PATTERN, $token ) ) {
				$errors['access_token'] = __( 'The access token was not saved: paste it exactly as the provider dashboard shows it.', 'kestrel-forms' );
			} else {
				$values['access_token'] = $token;
			}
		}
		return array(
			'values' => $values,
			'errors' => $errors,
		);
	}

	/**
	 * Stores settings validate() accepted.
	 *
	 * @param array{environment: string, application_id: string, location_id: string, access_token: string} $values Values.
	 */
	public function store( array $values ): void {
		update_option( self::OPTION, $values, false );
	}
}
