<?php
/**
 * Uninstall: data is kept unless the site owner chose to delete it
 * (option kestrel_forms_delete_data_on_uninstall).
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

define( 'KESTREL_FORMS_DIR', __DIR__ );
require_once __DIR__ . '/autoload.php';

/*
 * Each site of a network has its own tables, options, roles and cron events: the same cleanup
 * runs on every site (Persistence\Sites), each by its own "delete data" choice.
 */
\Kestrel\Forms\Persistence\Sites::for_each_site(
	static function (): void {
		// The cleanup event goes whatever the choice: nothing would run it any more.
		wp_clear_scheduled_hook( 'kestrel_forms_uploads_cleanup' );
		wp_clear_scheduled_hook( 'kestrel_forms_retention' );
		wp_clear_scheduled_hook( 'kestrel_forms_payments_reconcile' );

		if ( ! get_option( 'kestrel_forms_delete_data_on_uninstall' ) ) {
			return;
		}

		// Uploaded files first: the folder is found through the same filter the plugin uses.
		( new \Kestrel\Forms\Uploads\Storage() )->destroy();
		\Kestrel\Forms\Persistence\Schema::uninstall();
		\Kestrel\Forms\Security\Capabilities::revoke();
		delete_option( 'kestrel_forms_demo' );
		delete_option( 'kestrel_forms_captcha' );
		delete_option( 'kestrel_forms_general' );
		delete_option( 'kestrel_forms_payments' );
		delete_option( 'kestrel_forms_api_enabled' );
		delete_option( \Kestrel\Forms\Uploads\Storage::SECRET_OPTION );
		// The reconcile job's once-per-payment "authorisation expires soon" markers.
		global $wpdb;
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( 'kestrel_forms_pay_expiry_noted_' ) . '%' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
		delete_option( 'kestrel_forms_delete_data_on_uninstall' );
	}
);
