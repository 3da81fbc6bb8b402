<?php
/**
 * The provider calls of a charge: retried with the same key and body while their outcome is
 * unknown, and the location's currency checked.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Payments;

use Closure;
use Kestrel\Forms\Payments\Provider\ClientFactory;
use Kestrel\Forms\Payments\Provider\ProviderError;
use Kestrel\Forms\Payments\Provider\SquareClient;

/**
 * The provider side of {@see ChargePayment}: the client of an environment, CreatePayment and
 * CancelPaymentByIdempotencyKey until their outcome is known, voids, the location check, and which
 * provider errors are the visitor's (a decline) and what the visitor is told of them.
 */
final class ChargeProvider {

	/** Transient prefix of a location read from the provider (its currency). */
	private const LOCATION_CACHE = 'kestrel_forms_pay_loc_';

	/** Token errors: the visitor's (the card details must be entered again), codes the script needs. */
	private const TOKEN_ERRORS = array( 'CARD_TOKEN_EXPIRED', 'CARD_TOKEN_USED' );

	/**
	 * Builds the provider side.
	 *
	 * @param (Closure(string): SquareClient)|null $client_for The client of an environment (default ClientFactory).
	 * @param (Closure(int): void)|null            $pause      Waits some milliseconds (retry backoff).
	 */
	public function __construct(
		private ?Closure $client_for = null,
		private ?Closure $pause = null
	) {}

	/**
	 * The client of an environment.
	 *
	 * @param string $environment sandbox or production.
	 */
	public function client( string $environment ): SquareClient {
		$this->client_for ??= static fn( string $env ): SquareClient => ClientFactory::for_environment( $env );
		return ( $this->client_for )( $environment );
	}

	/**
	 * CreatePayment with the same key and body until the outcome is known: the first call and two
	 * retries after a short wait (filter `kestrel_forms_payments_retry_delays`, milliseconds).
	 *
	 * @param SquareClient $client The client.
	 * @param string       $json   The exact request JSON.
	 * @return array<string, mixed> The payment.
	 * @throws ProviderError The last error (unknown), or the first known one.
	 */
	public function create_with_retries( SquareClient $client, string $json ): array {
		/**
		 * Filters the waits (ms) before each retry of a CreatePayment whose outcome is unknown.
		 *
		 * @param list<int> $delays Default [ 300, 1200 ]: two retries.
		 */
		$delays = array_values( (array) apply_filters( 'kestrel_forms_payments_retry_delays', array( 300, 1200 ) ) );
		for ( $try = 0; ; $try++ ) {
			try {
				return $client->create_payment_json( $json );
			} catch ( ProviderError $e ) {
				if ( ! $e->is_unknown() || $try >= count( $delays ) ) {
					throw $e;
				}
				$this->wait( (int) $delays[ $try ] );
			}
		}
	}

	/**
	 * CancelPaymentByIdempotencyKey, retried like CreatePayment while its outcome is unknown (it is
	 * idempotent: cancelling twice, or cancelling nothing, succeeds).
	 *
	 * @param SquareClient $client      The client.
	 * @param string       $attempt_key The CreatePayment key.
	 * @throws ProviderError When the cancel could not be confirmed.
	 */
	public function cancel_with_retries( SquareClient $client, string $attempt_key ): void {
		/** This filter is documented in self::create_with_retries(). */
		$delays = array_values( (array) apply_filters( 'kestrel_forms_payments_retry_delays', array( 300, 1200 ) ) );
		for ( $try = 0; ; $try++ ) {
			try {
				$client->cancel_by_idempotency_key( $attempt_key );
				return;
			} catch ( ProviderError $e ) {
				if ( ! $e->is_unknown() || $try >= count( $delays ) ) {
					throw $e;
				}
				$this->wait( (int) $delays[ $try ] );
			}
		}
	}

	/**
	 * Voids a provider payment (by id when known, else by idempotency key).
	 *
	 * @param SquareClient $client_api  The client.
	 * @param string       $payment_id  Provider payment id ('' when unknown).
	 * @param string       $attempt_key Idempotency key.
	 * @return bool Whether the provider confirmed the cancel (false: the caller leaves the attempt
	 *              to the reconcile job).
	 */
	public function void( SquareClient $client_api, string $payment_id, string $attempt_key ): bool {
		try {
			if ( '' !== $payment_id ) {
				$client_api->cancel_payment( $payment_id );
			} else {
				$this->cancel_with_retries( $client_api, $attempt_key );
			}
		} catch ( ProviderError ) {
			return false;
		}
		return true;
	}

	/**
	 * The location's currency must be the form's. The location is read once per environment,
	 * location and access token (a hash of it: another account's token may name the same
	 * location id) and cached for an hour.
	 *
	 * @param SquareClient $client       The client.
	 * @param string       $environment  sandbox or production.
	 * @param string       $location_id  Location id.
	 * @param string       $access_token The access token the client uses.
	 * @param string       $currency     The charge's currency.
	 * @return array{currency: string, country: string} The location's currency and country ('' unknown).
	 * @throws PaymentRefused When the location cannot be read or has another currency.
	 */
	public function check_location( SquareClient $client, string $environment, string $location_id, string $access_token, string $currency ): array {
		$cache    = self::LOCATION_CACHE . md5( $environment . '|' . $location_id . '|' . hash( 'sha256', $access_token ) );
		$location = get_transient( $cache );
		if ( ! is_array( $location ) || ! isset( $location['country'] ) ) {
			try {
				$location = $client->get_location( $location_id );
			} catch ( ProviderError $e ) {
				throw PaymentRefused::unavailable( ProviderError::AUTH === $e->kind() ? 'auth' : 'location_unreachable', PaymentMessages::unavailable() );
			}
			$location = array(
				'currency' => strtoupper( (string) ( $location['currency'] ?? '' ) ),
				'country'  => strtoupper( (string) ( $location['country'] ?? '' ) ),
			);
			set_transient( $cache, $location, HOUR_IN_SECONDS );
		}
		if ( strtoupper( (string) ( $location['currency'] ?? '' ) ) !== $currency ) {
			throw PaymentRefused::unavailable( 'currency_mismatch', PaymentMessages::unavailable() );
		}
		return array(
			'currency' => strtoupper( (string) $location['currency'] ),
			'country'  => strtoupper( (string) ( $location['country'] ?? '' ) ),
		);
	}

	/**
	 * Whether a CreatePayment error is about the visitor's card or token (a decline): category
	 * PAYMENT_METHOD_ERROR, or an expired / used token. Every other 4xx is the merchant's.
	 *
	 * @param ProviderError $e The error.
	 */
	public static function is_visitors_error( ProviderError $e ): bool {
		return ProviderError::DECLINED === $e->kind() || 'PAYMENT_METHOD_ERROR' === $e->category() || in_array( $e->code(), self::TOKEN_ERRORS, true );
	}

	/**
	 * The decline code the visitor is told (`data.payment.code`): GENERIC_DECLINE for every card
	 * decline (a CVV, postal code or funds answer would help card testers), the exact code only
	 * for token errors and a required verification (the visitor's script acts on those). The
	 * exact code stays on the attempt and in its notes.
	 *
	 * @param string $code Provider code.
	 */
	public static function public_decline_code( string $code ): string {
		return in_array( $code, array_merge( self::TOKEN_ERRORS, array( 'CARD_DECLINED_VERIFICATION_REQUIRED' ) ), true ) ? $code : 'GENERIC_DECLINE';
	}

	/**
	 * Waits before a retry.
	 *
	 * @param int $ms Milliseconds.
	 */
	private function wait( int $ms ): void {
		if ( $ms <= 0 ) {
			return;
		}
		$this->pause ??= static function ( int $ms ): void {
			usleep( $ms * 1000 );
		};
		( $this->pause )( $ms );
	}
}
