<?php
/**
 * Plugin Name:       Kestrel Forms
 * Plugin URI:        https://example.org/kestrel-forms
 * Description:       Forms with live prices, formulas, conditional logic, uploads and payments that cannot double-charge.
 * Version:           0.1.0
 * Requires at least: 6.8
 * Requires PHP:      8.1
 * Author:            Kestrel Forms
 * License:           GPL-2.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:       kestrel-forms
 * Domain Path:       /languages
 *
 * Bootstrap only: constants, version guard, autoloader, Plugin::boot(). Everything else lives in src/.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

defined( 'ABSPATH' ) || exit;

define( 'KESTREL_FORMS_VERSION', '0.1.0' );
define( 'KESTREL_FORMS_FILE', __FILE__ );
define( 'KESTREL_FORMS_DIR', __DIR__ );

if ( version_compare( PHP_VERSION, '8.1', '<' ) ) {
	add_action(
		'admin_notices',
		static function (): void {
			echo '<div class="notice notice-error"><p>' . esc_html__( 'Kestrel Forms needs PHP 8.1 or newer.', 'kestrel-forms' ) . '</p></div>';
		}
	);
	return;
}

require_once __DIR__ . '/autoload.php';

register_activation_hook( __FILE__, array( \Kestrel\Forms\Plugin::class, 'activate' ) );
register_deactivation_hook( __FILE__, array( \Kestrel\Forms\Plugin::class, 'deactivate' ) );

\Kestrel\Forms\Plugin::boot();
