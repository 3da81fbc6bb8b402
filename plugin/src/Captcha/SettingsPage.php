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
 * Saves through the Settings API (options.php, its nonce and the option's sanitize callback);
 * anyone with the plugin capability may save, not only users with manage_options.
 */
final class SettingsPage {

	public const SLUG = 'kestrel-forms-settings';

	public function __construct( private readonly Settings $settings ) {}

	/**
	 * Hooks the submenu (after AdminPages added the Forms menu) and the save capability.
	 */
	public function register(): void {
		add_action( 'admin_menu', array( $this, 'add_menu' ), 20 );
		add_filter( 'option_page_capability_' . Settings::GROUP, array( self::class, 'capability' ) );
	}

	/**
	 * Adds Forms → Settings.
	 */
	public function add_menu(): void {
		add_submenu_page(
			AdminPages::MENU_SLUG,
			__( 'Forms Settings', 'kestrel-forms' ),
			__( 'Settings', 'kestrel-forms' ),
			Capabilities::MANAGE,
			self::SLUG,
			array( $this, 'render' )
		);
	}

	/**
	 * `option_page_capability_kestrel_forms_captcha`: options.php asks for manage_options by
	 * default; this screen belongs to the plugin capability.
	 */
	public static function capability(): string {
		return Capabilities::MANAGE;
	}

	/**
	 * Prints the screen.
	 */
	public function render(): void {
		if ( ! Capabilities::current_user_can_manage() ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to manage forms.', 'kestrel-forms' ), 403 );
		}
		// The React settings page (assets-src/admin/settings); data comes over REST
		// (Rest\SettingsController), never a secret.
		wp_enqueue_script( Assets::ADMIN_SETTINGS );
		wp_enqueue_style( 'wp-components' );
		printf(
			'<div class="wrap kestrel-forms-admin"><div id="kestrel-forms-settings-app"><h1>%s</h1><p>%s</p></div></div>',
			esc_html__( 'Forms Settings', 'kestrel-forms' ),
			esc_html__( 'Loading settings…', 'kestrel-forms' )
		);
	}
}
