<?php
/**
 * The payment field's configuration check for the form editor.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Payments;

use Closure;
use Kestrel\Forms\Domain\Money\Currencies;
use Kestrel\Forms\Domain\Payments\MethodEligibility;
use Kestrel\Forms\Domain\Payments\Minimums;
use Kestrel\Forms\Payments\Provider\ProviderError;
use Kestrel\Forms\Payments\Provider\SquareClient;
use Kestrel\Forms\Settings\PaymentSettings;

/**
 * What can be known on the server about whether a payment field of a form in a currency can take
 * money: credentials of the active environment, https in production, and the location the
 * provider's Locations API describes (its currency must be the form's). The editor shows the
 * warnings live (P1-CONTRACTS "Editor check"); it adds the ones it can see in the definition
 * itself (no total, below minimum, second payment field).
 *
 * A location read successfully is cached for ten minutes per environment, location and token, so
 * an editor session does not call the provider on every change; failures are not cached, so a
 * fixed setting shows at once.
 */
final class ConfigurationCheck {

	public const CACHE_SECONDS = 600;

	/**
	 * Transient name prefix of a cached location.
	 */
	private const CACHE_PREFIX = 'kestrel_forms_payments_location_';

	/**
	 * Builds the check.
	 *
	 * @param PaymentSettings              $settings   Payment settings (credentials per environment).
	 * @param Closure(string):SquareClient $client_for The provider client of an environment.
	 */
	public function __construct(
		private readonly PaymentSettings $settings,
		private readonly Closure $client_for
	) {}

	/**
	 * Runs the check for a form currency.
	 *
	 * @param string $currency ISO 4217 code of the form's currency.
	 * @return array{warnings: list<array{code: string, message: string}>, environment: string, currency: string, minimum_amount: int, location: array{id: string, currency: string, country: string}|null, wallets: array{applePay: string, googlePay: string}, methods: array{ach: array{code: string, message: string}, cashAppPay: array{code: string, message: string}, afterpayClearpay: array{code: string, message: string}}}
	 */
	public function run( string $currency ): array {
		$currency    = strtoupper( $currency );
		$active      = $this->settings->active();
		$environment = $active['environment'];
		$warnings    = array();
		$location    = null;

		if ( 'production' === $environment && ! self::site_is_https() ) {
			$warnings[] = self::warning(
				'insecure_production',
				__( 'Production payments need the site to be served over HTTPS: the card form does not load on an http page. Switch the site address to https, or use the sandbox.', 'kestrel-forms' )
			);
		}

		if ( '' === $active['application_id'] || '' === $active['location_id'] || '' === $active['access_token'] ) {
			$warnings[] = self::warning(
				'no_credentials',
				'production' === $environment
					? __( 'Payments are not set up for production: add the application id, location id and access token under Forms → Settings → Payments.', 'kestrel-forms' )
					: __( 'Payments are not set up for the sandbox: add the application id, location id and access token under Forms → Settings → Payments.', 'kestrel-forms' )
			);
		} else {
			$read = $this->location( $environment, $active['location_id'], $active['access_token'] );
			if ( is_string( $read ) ) {
				$warnings[] = self::warning( 'location_unreachable', $read );
			} else {
				$location = $read;
				if ( '' !== $location['currency'] && $location['currency'] !== $currency ) {
					$warnings[] = self::warning(
						'currency_mismatch',
						sprintf(
							/* translators: 1: the form's currency code, 2: location id, 3: the location's currency code. */
							__( 'This form charges in %1$s, but the payment location %2$s takes %3$s. The provider refuses payments in another currency: change the form currency (Form settings) or the location.', 'kestrel-forms' ),
							$currency,
							$location['id'],
							$location['currency']
						)
					);
				}
			}
		}

		return array(
			'warnings'       => $warnings,
			'environment'    => $environment,
			'currency'       => $currency,
			// The editor compares the form's prices with it (its below_minimum warning).
			'minimum_amount' => Minimums::for_currency( $currency ),
			'location'       => $location,
			// Why a wallet button cannot show on this site ('' when nothing the server sees stands
			// in the way; the visitor's device decides the rest). The editor shows it for each
			// wallet the field offers.
			'wallets'        => array(
				'applePay'  => ( new ApplePayDomain( $this->settings, $this->client_for ) )->status()['reason'],
				'googlePay' => self::google_pay_reason( $environment, $active ),
			),
			// Whether ACH, Cash App Pay and Afterpay/Clearpay can be offered: a reason code
			// (Domain\Payments\MethodEligibility, '' when they can) and its words. The renderer
			// leaves a method with a reason out of the visitor's page.
			'methods'        => array(
				'ach'              => self::method_reason( 'ach', $currency, $location ),
				'cashAppPay'       => self::method_reason( 'cashAppPay', $currency, $location ),
				'afterpayClearpay' => self::method_reason( 'afterpayClearpay', $currency, $location ),
			),
		);
	}

	/**
	 * Why ACH or Cash App Pay cannot be offered on a form in a currency, with the location read
	 * (its country; when it could not be read, only the currency decides).
	 *
	 * @param string                                                    $method   ach, cashAppPay or afterpayClearpay.
	 * @param string                                                    $currency The form's currency.
	 * @param array{id: string, currency: string, country: string}|null $location The location.
	 * @return array{code: string, message: string}
	 */
	private static function method_reason( string $method, string $currency, ?array $location ): array {
		$code = MethodEligibility::reason( $method, $currency, null === $location ? '' : $location['country'] );
		$name = 'ach' === $method ? __( 'ACH bank transfer', 'kestrel-forms' ) : ( 'afterpayClearpay' === $method ? __( 'Afterpay/Clearpay', 'kestrel-forms' ) : __( 'Cash App Pay', 'kestrel-forms' ) );
		switch ( $code ) {
			case MethodEligibility::BNPL_CURRENCY:
				$message = sprintf(
					/* translators: 1: the form's currency code. */
					__( 'Afterpay/Clearpay only takes Australian, Canadian and US dollars, pounds sterling and euros; this form charges in %1$s. Visitors will not see it.', 'kestrel-forms' ),
					$currency
				);
				break;
			case MethodEligibility::BNPL_COUNTRY:
				$message = sprintf(
					/* translators: 1: the form's currency code, 2: country code of the payment location. */
					__( 'Afterpay/Clearpay takes %1$s only from sellers in a country that charges in it; the payment location is in %2$s. Visitors will not see it.', 'kestrel-forms' ),
					$currency,
					null === $location ? '' : $location['country']
				);
				break;
			case MethodEligibility::US_MERCHANT_ONLY:
				$message = sprintf(
					/* translators: 1: payment method name, 2: country code of the payment location. */
					__( '%1$s is only available to sellers in the United States; the payment location is in %2$s. Visitors will not see it.', 'kestrel-forms' ),
					$name,
					null === $location ? '' : $location['country']
				);
				break;
			case MethodEligibility::USD_ONLY:
				$message = sprintf(
					/* translators: 1: payment method name, 2: the form's currency code. */
					__( '%1$s only takes US dollars; this form charges in %2$s. Visitors will not see it.', 'kestrel-forms' ),
					$name,
					$currency
				);
				break;
			default:
				$message = '';
		}
		return array(
			'code'    => $code,
			'message' => $message,
		);
	}

	/**
	 * Why Google Pay cannot show ('' when nothing the server sees stands in the way).
	 *
	 * @param string                $environment The active environment.
	 * @param array<string, string> $active      Its credentials.
	 */
	private static function google_pay_reason( string $environment, array $active ): string {
		if ( '' === $active['application_id'] || '' === $active['location_id'] ) {
			return __( 'The payment credentials of this environment are not complete.', 'kestrel-forms' );
		}
		if ( 'production' === $environment && ! self::site_is_https() ) {
			return __( 'Google Pay needs the site to be served over https.', 'kestrel-forms' );
		}
		return '';
	}

	/**
	 * The currency a form without its own uses: the site's default (Settings → General).
	 *
	 * @param string $currency The asked currency, maybe blank.
	 * @param string $fallback The site's default currency.
	 */
	public static function currency_or( string $currency, string $fallback ): string {
		$currency = strtoupper( trim( $currency ) );
		return isset( Currencies::all()[ $currency ] ) ? $currency : strtoupper( $fallback );
	}

	/**
	 * The location from the cache or the provider, or why it could not be read.
	 *
	 * @param string $environment  sandbox or production.
	 * @param string $location_id  Location id.
	 * @param string $access_token Access token (only a short hash of it names the cache entry).
	 * @return array{id: string, currency: string, country: string}|string The location, or a readable reason.
	 */
	private function location( string $environment, string $location_id, string $access_token ): array|string {
		$key    = self::CACHE_PREFIX . md5( $environment . '|' . $location_id . '|' . hash( 'sha256', $access_token ) );
		$cached = get_transient( $key );
		if ( is_array( $cached ) && isset( $cached['id'], $cached['currency'], $cached['country'] ) ) {
			return array(
				'id'       => (string) $cached['id'],
				'currency' => (string) $cached['currency'],
				'country'  => (string) $cached['country'],
			);
		}
		try {
			$found = ( $this->client_for )( $environment )->get_location( $location_id );
		} catch ( ProviderError $e ) {
			return self::unreachable( $location_id, $e );
		}
		$location = array(
			'id'       => is_string( $found['id'] ?? null ) ? $found['id'] : $location_id,
			'currency' => is_string( $found['currency'] ?? null ) ? strtoupper( $found['currency'] ) : '',
			'country'  => is_string( $found['country'] ?? null ) ? strtoupper( $found['country'] ) : '',
		);
		set_transient( $key, $location, self::CACHE_SECONDS );
		return $location;
	}

	/**
	 * Why the provider did not describe the location, in words a site owner can act on.
	 *
	 * @param string        $location_id Location id.
	 * @param ProviderError $e           The provider's error.
	 */
	private static function unreachable( string $location_id, ProviderError $e ): string {
		switch ( $e->kind() ) {
			case 'auth':
				$reason = __( 'the provider refused the access token (check that it belongs to this environment and has not been revoked)', 'kestrel-forms' );
				break;
			case 'invalid':
				$reason = 404 === $e->http_status()
					? __( 'the provider does not know this location id in this environment', 'kestrel-forms' )
					: ( '' !== $e->detail() ? $e->detail() : $e->code() );
				break;
			default:
				$reason = __( 'no answer from the provider (network error or time-out)', 'kestrel-forms' );
		}
		return sprintf(
			/* translators: 1: location id, 2: the reason. */
			__( 'The payment location %1$s could not be checked: %2$s.', 'kestrel-forms' ),
			$location_id,
			$reason
		);
	}

	/**
	 * Whether visitors reach the site over https (its home address).
	 */
	private static function site_is_https(): bool {
		return 'https' === wp_parse_url( home_url( '/' ), PHP_URL_SCHEME );
	}

	/**
	 * One warning.
	 *
	 * @param string $code    Stable code.
	 * @param string $message Readable message.
	 * @return array{code: string, message: string}
	 */
	private static function warning( string $code, string $message ): array {
		return array(
			'code'    => $code,
			'message' => $message,
		);
	}
}
