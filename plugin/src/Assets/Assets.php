<?php
/**
 * Registers the built scripts and styles (build/*.js with their *.asset.php dependency files).
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Assets;

/**
 * Handles:
 * - kestrel-forms-form-view (script + style): the visitor form, enqueued only where a form renders.
 * - kestrel-forms-block-editor (script): the block's editor UI.
 * - kestrel-forms-admin-forms, -admin-entries, -admin-settings (script + style): the admin apps,
 *   enqueued by their screens.
 * - password-strength-meter (WordPress core): only where a form shows password strength.
 *
 * The block editor and admin handles are registered in wp-admin only (the block editor runs
 * there, enqueue_block_editor_assets included); the front end reads only the visitor's files.
 */
final class Assets {

	public const FORM_VIEW    = 'kestrel-forms-form-view';
	public const BLOCK_EDITOR = 'kestrel-forms-block-editor';

	/** The admin forms list and form editor (Admin\FormEditorPage). */
	public const ADMIN_FORMS = 'kestrel-forms-admin-forms';

	/** The admin entries workspace (Admin\EntriesScreen). */
	public const ADMIN_ENTRIES = 'kestrel-forms-admin-entries';

	/** The admin settings page (Captcha\SettingsPage). */
	public const ADMIN_SETTINGS = 'kestrel-forms-admin-settings';

	/** WordPress's own strength meter (wp.passwordStrength); it lazy-loads zxcvbn. */
	public const PASSWORD_METER = 'password-strength-meter';

	/**
	 * Registers every handle. Missing build files (a checkout before `npm run build`) are skipped
	 * with a notice for admins instead of a fatal error.
	 */
	public static function register(): void {
		self::register_script( self::FORM_VIEW, 'form-view', true );
		if ( ! is_admin() ) {
			return;
		}
		self::register_script( self::BLOCK_EDITOR, 'block-editor', false );
		// Enqueued before its mount point is printed, so it waits for the footer.
		self::register_script( self::ADMIN_FORMS, 'admin-forms', false, true );
		self::register_script( self::ADMIN_ENTRIES, 'admin-entries', false );
		self::register_script( self::ADMIN_SETTINGS, 'admin-settings', false );
	}

	/**
	 * Enqueues the visitor script and style (called while a form renders).
	 */
	public static function enqueue_form_view(): void {
		wp_enqueue_script( self::FORM_VIEW );
		wp_enqueue_style( self::FORM_VIEW );
	}

	/**
	 * Enqueues WordPress's password strength meter, only for forms with a password field that
	 * shows its strength (FormRenderer). The visitor script does not depend on it: a field shows
	 * "unknown" until the meter and zxcvbn are there.
	 */
	public static function enqueue_password_meter(): void {
		wp_enqueue_script( self::PASSWORD_METER );
	}

	/**
	 * Registers one built entry point with its generated dependencies.
	 *
	 * @param non-empty-string $handle    Handle.
	 * @param string           $name      Entry name in build/.
	 * @param bool             $with_view Whether the entry is the visitor script (deferred in the footer); an
	 *                                    entry's CSS file of the same name is registered under the same handle.
	 * @param bool             $in_footer Whether an admin script is printed in the footer.
	 */
	private static function register_script( string $handle, string $name, bool $with_view, bool $in_footer = false ): void {
		$dir        = KESTREL_FORMS_DIR . '/build/';
		$asset_file = $dir . $name . '.asset.php';
		if ( ! is_readable( $asset_file ) ) {
			return;
		}
		$asset = require $asset_file;
		$url   = plugins_url( 'build/', KESTREL_FORMS_FILE );
		wp_register_script(
			$handle,
			$url . $name . '.js',
			$asset['dependencies'] ?? array(),
			$asset['version'] ?? KESTREL_FORMS_VERSION,
			$with_view ? array(
				'in_footer' => true,
				'strategy'  => 'defer',
			) : array( 'in_footer' => $in_footer )
		);
		wp_set_script_translations( $handle, 'kestrel-forms', KESTREL_FORMS_DIR . '/languages' );
		if ( is_readable( $dir . $name . '.css' ) ) {
			// Admin styles sit on top of WordPress's component styles.
			$style_deps = $with_view ? array() : array( 'wp-components' );
			wp_register_style( $handle, $url . $name . '.css', $style_deps, $asset['version'] ?? KESTREL_FORMS_VERSION );
			wp_style_add_data( $handle, 'rtl', 'replace' ); // build/{name}-rtl.css on right-to-left sites.
		}
	}
}
