<?php
/**
 * Payment provider settings: credentials per environment and the webhook subscriptions.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Settings;

/**
 * Option `kestrel_forms_payments`:
 *
 *     { environment: 'sandbox'|'production',
 *       sandbox:    { application_id, location_id, access_token },
 *       production: { application_id, location_id, access_token },
 *       webhooks:   { sandbox:    { subscription_id, signature_key, notification_url, created_at,
 *                                   last_test: {ok, status, at, message}|null, error },
 *                     production: { … } } }
 *
 * Sandbox and production credentials are kept apart, so switching the environment loses
 * nothing. The option of earlier versions (application_id, location_id and access_token at the
 * top level) is read as the credentials of its environment.
 *
 * Secrets are write-only: public() never contains an access token or a webhook signature key,
 * only whether a token is set and its last four characters. A blank token on save keeps the
 * stored one; `clear_access_token` removes it.
 *
 * @phpstan-type Credentials array{application_id: string, location_id: string, access_token: string}
 * @phpstan-type LastTest array{ok: bool, status: int, at: string, message: string}
 * @phpstan-type Webhook array{subscription_id: string, signature_key: string, notification_url: string, created_at: string, last_test: LastTest|null, error: string}
 * @phpstan-type Stored array{environment: string, sandbox: Credentials, production: Credentials, webhooks: array{sandbox: Webhook, production: Webhook}}
 */
final class PaymentSettings {

	public const OPTION       = 'kestrel_forms_payments';
	public const ENVIRONMENTS = array( 'sandbox', 'production' );

	private const ID_PATTERN    = '/^[A-Za-z0-9_.:-]{0,200}$/';
	private const TOKEN_PATTERN = '/^[A-Za-z0-9_.:-]{8,500}$/';
	private const CREDENTIALS   = array( 'application_id', 'location_id', 'access_token' );

	/**
	 * The stored settings, secrets included, in the current shape. Server side only.
	 *
	 * @return Stored
	 */
	public function get(): array {
		$stored      = get_option( self::OPTION, array() );
		$stored      = is_array( $stored ) ? $stored : array();
		$environment = self::environment_of( $stored['environment'] ?? null );
		$settings    = array(
			'environment' => $environment,
			'sandbox'     => self::credentials_of( $stored['sandbox'] ?? null ),
			'production'  => self::credentials_of( $stored['production'] ?? null ),
			'webhooks'    => array(
				'sandbox'    => self::webhook_of( $stored['webhooks']['sandbox'] ?? null ),
				'production' => self::webhook_of( $stored['webhooks']['production'] ?? null ),
			),
		);
		// The flat option of earlier versions: its values are the credentials of its environment
		// (a value already in the block wins; the next store() writes the new shape).
		foreach ( self::CREDENTIALS as $key ) {
			if ( is_string( $stored[ $key ] ?? null ) && '' === $settings[ $environment ][ $key ] ) {
				$settings[ $environment ][ $key ] = $stored[ $key ];
			}
		}
		return $settings;
	}

	/**
	 * The environment payments are taken in now.
	 */
	public function environment(): string {
		return $this->get()['environment'];
	}

	/**
	 * The credentials of one environment (an unknown environment has none).
	 *
	 * @param string $environment 'sandbox' or 'production'.
	 * @return Credentials
	 */
	public function credentials( string $environment ): array {
		$settings = $this->get();
		return in_array( $environment, self::ENVIRONMENTS, true ) ? $settings[ $environment ] : self::credentials_of( null );
	}

	/**
	 * The environment payments are taken in now, with its credentials.
	 *
	 * @return array{environment: string, application_id: string, location_id: string, access_token: string}
	 */
	public function active(): array {
		$settings = $this->get();
		return array( 'environment' => $settings['environment'] ) + $settings[ $settings['environment'] ];
	}

	/**
	 * The stored webhook subscription of one environment, signature key included. Server side only.
	 *
	 * @param string $environment 'sandbox' or 'production'.
	 * @return Webhook
	 */
	public function webhook( string $environment ): array {
		$settings = $this->get();
		return in_array( $environment, self::ENVIRONMENTS, true ) ? $settings['webhooks'][ $environment ] : self::webhook_of( null );
	}

	/**
	 * Stores what changed about one environment's webhook subscription (the other keys keep
	 * their values). Used by Payments\WebhookSubscriber.
	 *
	 * @param string               $environment 'sandbox' or 'production'.
	 * @param array<string, mixed> $changes     Keys of the webhook shape.
	 */
	public function store_webhook( string $environment, array $changes ): void {
		if ( ! in_array( $environment, self::ENVIRONMENTS, true ) ) {
			return;
		}
		$settings                             = $this->get();
		$settings['webhooks'][ $environment ] = self::webhook_of( array_merge( $settings['webhooks'][ $environment ], $changes ) );
		$this->store( $settings );
	}

	/**
	 * What screens and the REST API may show: no token, no signature key.
	 *
	 * @return array<string, mixed>
	 */
	public function public(): array {
		$settings = $this->get();
		$public   = array( 'environment' => $settings['environment'] );
		foreach ( self::ENVIRONMENTS as $environment ) {
			$token                  = $settings[ $environment ]['access_token'];
			$public[ $environment ] = array(
				'application_id'     => $settings[ $environment ]['application_id'],
				'location_id'        => $settings[ $environment ]['location_id'],
				'access_token_set'   => '' !== $token,
				'access_token_last4' => strlen( $token ) > 12 ? substr( $token, -4 ) : '',
			);
		}
		$public['webhooks'] = array();
		foreach ( self::ENVIRONMENTS as $environment ) {
			$webhook                            = $settings['webhooks'][ $environment ];
			$public['webhooks'][ $environment ] = array(
				'status'           => self::webhook_status( $webhook ),
				'notification_url' => $webhook['notification_url'],
				'subscription_id'  => $webhook['subscription_id'],
				'last_test'        => $webhook['last_test'],
				'message'          => $webhook['error'],
			);
		}
		return $public;
	}

	/**
	 * 'active' (a subscription with its key and URL is stored), 'error' (the last attempt to
	 * create or update it failed; `error` says why) or 'missing'.
	 *
	 * @param Webhook $webhook Stored webhook.
	 */
	public static function webhook_status( array $webhook ): string {
		if ( '' !== $webhook['error'] ) {
			return 'error';
		}
		return '' !== $webhook['subscription_id'] && '' !== $webhook['signature_key'] && '' !== $webhook['notification_url'] ? 'active' : 'missing';
	}

	/**
	 * Checks the values sent; each valid one replaces the current one, the others keep theirs
	 * (a blank token keeps the stored one). Stores nothing (store() does).
	 *
	 * Input: `{environment, sandbox: {application_id, location_id, access_token,
	 * clear_access_token}, production: {…}}`. The flat keys of earlier versions
	 * (application_id, location_id, access_token, clear_access_token at the top level) are
	 * still read, as values for the block of the environment chosen.
	 *
	 * @param array<string, mixed> $input Values.
	 * @return array{values: Stored, errors: array<string, string>}
	 *         The settings to store, and messages by key ("sandbox.access_token"; empty when
	 *         every value is accepted).
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
		$blocks = array();
		foreach ( self::ENVIRONMENTS as $environment ) {
			if ( is_array( $input[ $environment ] ?? null ) ) {
				$blocks[ $environment ] = array( $input[ $environment ], $environment . '.' );
			}
		}
		$flat = array_intersect_key( $input, array_flip( array( 'application_id', 'location_id', 'access_token', 'clear_access_token' ) ) );
		if ( $flat && ! isset( $blocks[ $values['environment'] ] ) ) {
			$blocks[ $values['environment'] ] = array( $flat, '' );
		}
		foreach ( $blocks as $environment => list( $block, $prefix ) ) {
			$checked                = self::validate_credentials( $block, $values[ $environment ] );
			$values[ $environment ] = $checked['values'];
			foreach ( $checked['errors'] as $key => $message ) {
				$errors[ $prefix . $key ] = $message;
			}
		}
		return array(
			'values' => $values,
			'errors' => $errors,
		);
	}

	/**
	 * Stores settings validate() accepted (always in the current shape).
	 *
	 * @param Stored $values Values.
	 */
	public function store( array $values ): void {
		update_option( self::OPTION, $values, false );
	}

	/**
	 * Checks one environment's credentials.
	 *
	 * @param array<string, mixed> $input   Values sent.
	 * @param Credentials          $current Stored values.
	 * @return array{values: Credentials, errors: array<string, string>}
	 */
	private static function validate_credentials( array $input, array $current ): array {
		$values = $current;
		$errors = array();
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
	 * A stored environment name, or the default.
	 *
	 * @param mixed $value Stored value.
	 */
	private static function environment_of( $value ): string {
		return in_array( $value, self::ENVIRONMENTS, true ) ? (string) $value : 'sandbox';
	}

	/**
	 * A stored credentials block, every key a string.
	 *
	 * @param mixed $value Stored value.
	 * @return Credentials
	 */
	private static function credentials_of( $value ): array {
		$value = is_array( $value ) ? $value : array();
		return array(
			'application_id' => self::text( $value['application_id'] ?? null ),
			'location_id'    => self::text( $value['location_id'] ?? null ),
			'access_token'   => self::text( $value['access_token'] ?? null ),
		);
	}

	/**
	 * A stored webhook block, every key of its type.
	 *
	 * @param mixed $value Stored value.
	 * @return Webhook
	 */
	private static function webhook_of( $value ): array {
		$value = is_array( $value ) ? $value : array();
		$test  = $value['last_test'] ?? null;
		return array(
			'subscription_id'  => self::text( $value['subscription_id'] ?? null ),
			'signature_key'    => self::text( $value['signature_key'] ?? null ),
			'notification_url' => self::text( $value['notification_url'] ?? null ),
			'created_at'       => self::text( $value['created_at'] ?? null ),
			'last_test'        => is_array( $test ) ? array(
				'ok'      => true === ( $test['ok'] ?? null ),
				'status'  => is_numeric( $test['status'] ?? null ) ? (int) $test['status'] : 0,
				'at'      => self::text( $test['at'] ?? null ),
				'message' => self::text( $test['message'] ?? null ),
			) : null,
			'error'            => self::text( $value['error'] ?? null ),
		);
	}

	/**
	 * A stored string, or ''.
	 *
	 * @param mixed $value Stored value.
	 */
	private static function text( $value ): string {
		return is_string( $value ) ? $value : '';
	}
}
