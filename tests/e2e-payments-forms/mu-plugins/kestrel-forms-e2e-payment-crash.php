<?php
/**
 * Plugin Name: Kestrel Forms e2e payment crash point (TEST ONLY)
 * Description: For tests/e2e-payments-forms (P1 check 7) on the native test stack only: when the
 * option kestrel_forms_test_payment_crash is "1" AND the request carries the header
 * X-Kestrel-Test-Crash: after-authorize, the PHP process dies right after the provider authorised
 * the payment and before the entry is written (the action kestrel_forms_payments_after_authorize),
 * as a killed worker would: an open transaction is rolled back, nothing after it runs. Copied into
 * .wp-core/wp-content/mu-plugins by the suite's global setup and removed by its teardown; never
 * part of the plugin. Also: the option kestrel_forms_test_payments_timeout (seconds) shortens the
 * provider time-out for the fault checks (P1 check 6), so five time-outs take seconds, not minutes;
 * and the option kestrel_forms_test_sandbox_url (set only when the suite runs its own sandbox on
 * another port, PAYMENTS_SANDBOX_PORT) defines KESTREL_FORMS_PAYMENTS_SANDBOX_URL as it for the
 * run (API and SDK).
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

add_action(
	'kestrel_forms_payments_after_authorize',
	static function (): void {
		$header = isset( $_SERVER['HTTP_X_KESTREL_TEST_CRASH'] ) ? sanitize_text_field( wp_unslash( $_SERVER['HTTP_X_KESTREL_TEST_CRASH'] ) ) : '';
		if ( 'after-authorize' !== $header || '1' !== (string) get_option( 'kestrel_forms_test_payment_crash', '' ) ) {
			return;
		}
		// A dying worker, not an exception the plugin could catch (and no PHP fatal in the
		// debug log, which npm test requires to stay clean).
		if ( ! headers_sent() ) {
			status_header( 500 );
			header( 'Content-Type: application/json; charset=utf-8' );
		}
		echo '{"code":"kestrel_forms_e2e_crash","message":"Test crash after authorisation."}';
		exit;
	},
	1,
	0
);

add_filter(
	'kestrel_forms_payments_timeout',
	static function ( $timeout ) {
		$seconds = (int) get_option( 'kestrel_forms_test_payments_timeout', 0 );
		return $seconds > 0 ? $seconds : $timeout;
	},
	1000
);

// The suite's own sandbox on another port: the sandbox base URL of the plugin (API and SDK).
$kestrel_forms_e2e_sandbox = (string) get_option( 'kestrel_forms_test_sandbox_url', '' );
if ( '' !== $kestrel_forms_e2e_sandbox && ! defined( 'KESTREL_FORMS_PAYMENTS_SANDBOX_URL' ) ) {
	define( 'KESTREL_FORMS_PAYMENTS_SANDBOX_URL', $kestrel_forms_e2e_sandbox );
}
unset( $kestrel_forms_e2e_sandbox );
