<?php
/**
 * The "Settings" screen under the Forms menu: the mount point of the React settings page.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Captcha;

use Kestrel\Forms\Admin\AdminPages;
use Kestrel\Forms\Assets\Assets;
use Kestrel\Forms\Security\Capabilities;

/**
 * Anyone with the plugin capability may open it, not only users with manage_options; the React
 * page saves over REST (Rest\SettingsController, behind the same capability).
 */
final class SettingsPage {

	public const SLUG = 'kestrel-forms-settings';

	/**
	 * Hooks the submenu (after AdminPages added the Forms menu).
	 */
	public function register(): void {
		add_action( 'admin_menu', array( $this, 'add_menu' ), 20 );
	}

	/**
	 * Adds Forms → Settings.
	 */
	public function add_menu(): void {
		add_submenu_page(
			AdminPages::MENU_SLUG,
			__( 'Forms Settings', 'kestrel-forms' ),
			__( 'Settings', 'kestrel-forms' ),
			Capabilities::MANAGE_SETTINGS,
			self::SLUG,
			array( $this, 'render' )
		);
	}

	/**
	 * Prints the screen.
	 */
	public function render(): void {
		Capabilities::die_unless_manager( Capabilities::MANAGE_SETTINGS );
		// The React settings page (assets-src/admin/settings); data comes over REST
		// (Rest\SettingsController), never a secret.
		wp_enqueue_script( Assets::ADMIN_SETTINGS );
		wp_enqueue_style( 'wp-components' );
		// The admin colour scheme for the components' buttons (assets-src/admin/settings/admin-colors.scss).
		wp_enqueue_style( Assets::ADMIN_SETTINGS );
		printf(
			'<div class="wrap kestrel-forms-admin"><div id="kestrel-forms-settings-app"><h1>%s</h1><p>%s</p></div></div>',
			esc_html__( 'Forms Settings', 'kestrel-forms' ),
			esc_html__( 'Loading settings…', 'kestrel-forms' )
		);
	}
}
