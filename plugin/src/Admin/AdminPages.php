<?php
/**
 * The "Forms" admin menu: the forms list and editor, and the entries screen.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Admin;

use Kestrel\Forms\Persistence\FormRepository;
use Kestrel\Forms\Security\Capabilities;

/**
 * Adds the menu; the screens are mount points of the React apps (FormEditorPage for the forms
 * list and editor, EntriesScreen for the entries workspace), whose data comes over the
 * capability-checked REST routes. Every screen checks the plugin capability again on render.
 */
final class AdminPages {

	public const MENU_SLUG    = 'kestrel-forms';
	public const ENTRIES_SLUG = 'kestrel-forms-entries';

	/** The "Add New Form" menu item: the forms list with its template gallery open. */
	public const NEW_FORM_URL = 'admin.php?page=' . self::MENU_SLUG . '&action=new';

	/**
	 * Takes the forms store and the REST namespace for the screens.
	 *
	 * @param FormRepository $forms          Forms.
	 * @param string         $rest_namespace The plugin's REST namespace (Rest\Routes::NAMESPACE,
	 *                                       given by Plugin.php: Admin/ never imports Rest/).
	 */
	public function __construct(
		private readonly FormRepository $forms,
		private readonly string $rest_namespace
	) {}

	/**
	 * Hooks the menu and the form editor's scripts.
	 */
	public function register(): void {
		add_action( 'admin_menu', array( $this, 'add_menu' ) );
		add_filter( 'submenu_file', array( $this, 'current_submenu' ) );
		( new FormEditorPage() )->register();
	}

	/**
	 * Adds "Forms" with "All Forms", "Add New Form" and "Entries".
	 */
	public function add_menu(): void {
		add_menu_page(
			__( 'Forms', 'kestrel-forms' ),
			__( 'Forms', 'kestrel-forms' ),
			Capabilities::MANAGE_FORMS,
			self::MENU_SLUG,
			array( FormEditorPage::class, 'render' ),
			'dashicons-feedback',
			26
		);
		add_submenu_page( self::MENU_SLUG, __( 'All Forms', 'kestrel-forms' ), __( 'All Forms', 'kestrel-forms' ), Capabilities::MANAGE_FORMS, self::MENU_SLUG, array( FormEditorPage::class, 'render' ) );
		// A link, not a screen of its own: the forms list opens its "Add new form" gallery.
		add_submenu_page( self::MENU_SLUG, __( 'Add New Form', 'kestrel-forms' ), __( 'Add New Form', 'kestrel-forms' ), Capabilities::MANAGE_FORMS, self::NEW_FORM_URL );
		add_submenu_page( self::MENU_SLUG, __( 'Entries', 'kestrel-forms' ), __( 'Entries', 'kestrel-forms' ), Capabilities::VIEW_ENTRIES, self::ENTRIES_SLUG, array( $this, 'render_entries' ) );
	}

	/**
	 * Highlights "Add New Form" rather than "All Forms" while the gallery link is open.
	 *
	 * @param string|null $submenu_file The submenu item WordPress would highlight.
	 */
	public function current_submenu( ?string $submenu_file ): ?string {
		// phpcs:disable WordPress.Security.NonceVerification.Recommended -- which menu item to highlight only.
		$page   = isset( $_GET['page'] ) ? sanitize_key( wp_unslash( $_GET['page'] ) ) : '';
		$action = isset( $_GET['action'] ) ? sanitize_key( wp_unslash( $_GET['action'] ) ) : '';
		// phpcs:enable
		return self::MENU_SLUG === $page && 'new' === $action ? self::NEW_FORM_URL : $submenu_file;
	}

	/**
	 * Entries of one form, or one entry's detail: the React entries workspace (EntriesScreen,
	 * assets-src/admin/entries).
	 */
	public function render_entries(): void {
		( new EntriesScreen( $this->forms, $this->rest_namespace ) )->render();
	}
}
