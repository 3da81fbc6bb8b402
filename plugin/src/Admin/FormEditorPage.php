<?php
/**
 * The React forms list and form editor on the "Forms" screen.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Admin;

use Kestrel\Forms\Assets\Assets;
use Kestrel\Forms\Feeds\ExampleLogAddon;
use Kestrel\Forms\Frontend\Preview;
use Kestrel\Forms\Frontend\Shortcode;
use Kestrel\Forms\Security\Capabilities;

/**
 * Prints the mount point of assets-src/bundles/admin-forms.tsx and enqueues it on this screen
 * only. Everything the app reads or changes goes through the capability-checked REST routes.
 */
final class FormEditorPage {

	/** The screen's hook suffix (add_menu_page with AdminPages::MENU_SLUG). */
	private const HOOK_SUFFIX = 'toplevel_page_' . AdminPages::MENU_SLUG;

	/**
	 * Hooks the scripts and the preview window's body class.
	 */
	public function register(): void {
		add_action( 'admin_enqueue_scripts', array( $this, 'enqueue' ) );
		add_filter( 'admin_body_class', array( $this, 'body_class' ) );
	}

	/**
	 * Prints the app's root (list, or editor when form_id is given).
	 */
	public static function render(): void {
		Capabilities::die_unless_manager( Capabilities::MANAGE_FORMS );
		// phpcs:disable WordPress.Security.NonceVerification.Recommended -- read-only screen state.
		$config = array(
			'formId'       => absint( $_GET['form_id'] ?? 0 ),
			'preview'      => ! empty( $_GET['preview'] ),
			'listUrl'      => admin_url( 'admin.php?page=' . AdminPages::MENU_SLUG ),
			'entriesUrl'   => admin_url( 'admin.php?page=' . AdminPages::ENTRIES_SLUG ),
			'shortcodeTag' => Shortcode::TAG,
			// The front-end preview (Frontend\Preview) with this user's nonce; the app sets the id.
			'previewUrl'   => Preview::url( 0 ),
			// An object even when empty: the editor looks names up by slug.
			'feedAddons'   => (object) self::feed_addon_names(),
		);
		// phpcs:enable
		printf(
			'<div class="wrap kestrel-forms-admin"><div id="kestrel-forms-admin" data-config="%s"><p>%s</p></div><noscript>%s</noscript></div>',
			esc_attr( (string) wp_json_encode( $config ) ),
			esc_html__( 'Loading…', 'kestrel-forms' ),
			esc_html__( 'The form editor needs JavaScript.', 'kestrel-forms' )
		);
	}

	/**
	 * Human names of the feed add-ons by slug, for the editor's feeds list (a feed names its
	 * add-on by `addonSlug` only). The feed registry knows processors, not names, so an add-on
	 * names itself on the `kestrel_forms_feed_addon_names` filter; a slug without a name shows as
	 * itself. Entries that are not a non-empty slug and a non-empty name are dropped.
	 *
	 * @return array<string, string>
	 */
	public static function feed_addon_names(): array {
		/**
		 * Filters the names the form editor shows for feed add-ons.
		 *
		 * @param array<string, string> $names Slug => human name.
		 */
		$names = apply_filters(
			'kestrel_forms_feed_addon_names',
			array( ExampleLogAddon::SLUG => __( 'Example log', 'kestrel-forms' ) )
		);
		$clean = array();
		foreach ( is_array( $names ) ? $names : array() as $slug => $name ) {
			if ( is_string( $slug ) && '' !== $slug && is_string( $name ) && '' !== trim( $name ) ) {
				$clean[ $slug ] = sanitize_text_field( $name );
			}
		}
		return $clean;
	}

	/**
	 * Enqueues the app on its screen only (the live preview uses the visitor components' style).
	 *
	 * @param string $hook_suffix Current admin screen.
	 */
	public function enqueue( string $hook_suffix ): void {
		if ( self::HOOK_SUFFIX !== $hook_suffix || ! Capabilities::current_user_has( Capabilities::MANAGE_FORMS ) ) {
			return;
		}
		wp_enqueue_script( Assets::ADMIN_FORMS );
		wp_enqueue_style( 'wp-components' );
		if ( wp_style_is( Assets::FORM_VIEW, 'registered' ) ) {
			wp_enqueue_style( Assets::FORM_VIEW );
		}
		wp_enqueue_style( Assets::ADMIN_FORMS ); // After the visitor style, which it adjusts.
	}

	/**
	 * The preview popup shows the form only.
	 *
	 * @param string $classes Body classes.
	 */
	public function body_class( string $classes ): string {
		// phpcs:disable WordPress.Security.NonceVerification.Recommended -- presentation only: a body class, no state changes.
		$preview = ! empty( $_GET['preview'] );
		$page    = isset( $_GET['page'] ) ? sanitize_key( wp_unslash( $_GET['page'] ) ) : '';
		// phpcs:enable
		if ( $preview && AdminPages::MENU_SLUG === $page ) {
			$classes .= ' kestrel-forms-preview-window';
		}
		return $classes;
	}
}
