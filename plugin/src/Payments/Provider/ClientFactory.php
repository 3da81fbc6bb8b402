<?php
/**
 * Builds provider clients per environment.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Payments\Provider;

use Kestrel\Forms\Settings\PaymentSettings;

/**
 * The one place that knows where each environment's API lives and which credentials it uses:
 *
 * - sandbox: the constant `KESTREL_FORMS_PAYMENTS_SANDBOX_URL`, default `http://127.0.0.1:8890`;
 * - production: `https://connect.squareup.com`;
 *
 * both filterable with `kestrel_forms_payments_api_url`. Credentials come from
 * {@see PaymentSettings::credentials()} of the environment asked for (a payment keeps its
 * environment: a refund on a sandbox payment goes to the sandbox after a switch to production).
 */
final class ClientFactory {

	public const SANDBOX_URL    = 'http://127.0.0.1:8890';
	public const PRODUCTION_URL = 'https://connect.squareup.com';

	/** The provider's web host in production (its Apple Pay domain-association file). */
	public const PRODUCTION_WEB_URL = 'https://app.squareup.com';

	/**
	 * The client of an environment, with that environment's access token.
	 *
	 * @param string $environment sandbox or production.
	 */
	public static function for_environment( string $environment ): SquareClient {
		$environment = 'production' === $environment ? 'production' : 'sandbox';
		return new SquareClient( self::api_url( $environment ), self::credentials( $environment )['access_token'], $environment );
	}

	/**
	 * The API origin of an environment (no trailing slash).
	 *
	 * @param string $environment sandbox or production.
	 */
	public static function api_url( string $environment ): string {
		$url = 'production' === $environment ? self::PRODUCTION_URL : self::sandbox_url();
		/**
		 * Filters the payments provider's API origin.
		 *
		 * @param string $url         Origin, e.g. https://connect.squareup.com.
		 * @param string $environment sandbox or production.
		 */
		return rtrim( (string) apply_filters( 'kestrel_forms_payments_api_url', $url, $environment ), '/' );
	}

	/**
	 * Where the provider publishes its Apple Pay domain-association file for an environment:
	 * `{provider}/digital-wallets/apple-pay/apple-developer-merchantid-domain-association` on the
	 * provider's web host (app.squareup.com in production, the sandbox origin in sandbox).
	 *
	 * @param string $environment sandbox or production.
	 */
	public static function apple_pay_association_url( string $environment ): string {
		$base = 'production' === $environment ? self::PRODUCTION_WEB_URL : self::sandbox_url();
		/**
		 * Filters the URL of the provider's Apple Pay domain-association file.
		 *
		 * @param string $url         URL.
		 * @param string $environment sandbox or production.
		 */
		return (string) apply_filters( 'kestrel_forms_apple_pay_association_url', $base . '/digital-wallets/apple-pay/apple-developer-merchantid-domain-association', $environment );
	}

	/**
	 * The sandbox origin: the constant KESTREL_FORMS_PAYMENTS_SANDBOX_URL, or the default.
	 */
	public static function sandbox_url(): string {
		$url = defined( 'KESTREL_FORMS_PAYMENTS_SANDBOX_URL' ) ? (string) constant( 'KESTREL_FORMS_PAYMENTS_SANDBOX_URL' ) : '';
		return rtrim( '' !== $url ? $url : self::SANDBOX_URL, '/' );
	}

	/**
	 * The stored credentials of an environment.
	 *
	 * @param string $environment sandbox or production.
	 * @return array{application_id: string, location_id: string, access_token: string}
	 */
	public static function credentials( string $environment ): array {
		return ( new PaymentSettings() )->credentials( $environment );
	}
}
