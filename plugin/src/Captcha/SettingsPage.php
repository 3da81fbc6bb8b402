<?php
/**
 * The "Settings" screen under the Forms menu (server-rendered until issue 5's React screen).
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Captcha;

use Kestrel\Forms\Admin\AdminPages;
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
		$vars = array(
			'settings'      => $this->settings->get(),
			'masked_secret' => $this->settings->masked_secret(),
			'configured'    => $this->settings->is_configured(),
			'option'        => Settings::OPTION,
			'group'         => Settings::GROUP,
			'themes'        => array(
				'light' => __( 'Light', 'kestrel-forms' ),
				'dark'  => __( 'Dark', 'kestrel-forms' ),
			),
			'sizes'         => array(
				'normal'    => __( 'Normal checkbox', 'kestrel-forms' ),
				'compact'   => __( 'Compact checkbox', 'kestrel-forms' ),
				'invisible' => __( 'Invisible (checked on submit)', 'kestrel-forms' ),
			),
			'badges'        => array(
				'bottomright' => __( 'Bottom right of the window', 'kestrel-forms' ),
				'bottomleft'  => __( 'Bottom left of the window', 'kestrel-forms' ),
				'inline'      => __( 'Inline, in the form', 'kestrel-forms' ),
			),
		);
		$file = KESTREL_FORMS_DIR . '/templates/admin/settings.php';
		( static function () use ( $file, $vars ): void {
			extract( $vars, EXTR_SKIP ); // phpcs:ignore WordPress.PHP.DontExtract -- template scope only.
			require $file;
		} )();
	}
}
