<?php
/**
 * Uninstall: data is kept unless the site owner chose to delete it
 * (option kestrel_forms_delete_data_on_uninstall).
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

if ( ! get_option( 'kestrel_forms_delete_data_on_uninstall' ) ) {
	return;
}

define( 'KESTREL_FORMS_DIR', __DIR__ );
require_once __DIR__ . '/autoload.php';

\Kestrel\Forms\Persistence\Schema::uninstall();
\Kestrel\Forms\Security\Capabilities::revoke();
delete_option( 'kestrel_forms_demo' );
delete_option( 'kestrel_forms_captcha' );
delete_option( 'kestrel_forms_delete_data_on_uninstall' );
