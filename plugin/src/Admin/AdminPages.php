<?php
/**
 * The "Forms" admin menu: forms list with import/export, and the entries screens.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Admin;

use Kestrel\Forms\Domain\Form\FormValidator;
use Kestrel\Forms\Domain\Form\InvalidForm;
use Kestrel\Forms\Persistence\EntryRepository;
use Kestrel\Forms\Persistence\FormRepository;
use Kestrel\Forms\Rest\FormsController;
use Kestrel\Forms\Rest\Messages;
use Kestrel\Forms\Security\Capabilities;
use Kestrel\Forms\Security\DefinitionSanitizer;

/**
 * Server-rendered screens (the React editor and entries workspace replace them later).
 * Every screen and action checks the plugin capability; state-changing actions check a nonce.
 */
final class AdminPages {

	public const MENU_SLUG    = 'kestrel-forms';
	public const ENTRIES_SLUG = 'kestrel-forms-entries';
	private const PER_PAGE    = 20;
	private const MAX_IMPORT  = 2 * 1024 * 1024;

	public function __construct(
		private readonly FormRepository $forms,
		private readonly EntryRepository $entries,
		private readonly FormValidator $validator
	) {}

	/**
	 * Hooks the menu and the admin-post actions.
	 */
	public function register(): void {
		add_action( 'admin_menu', array( $this, 'add_menu' ) );
		( new FormEditorPage() )->register();
		add_action( 'admin_post_kestrel_forms_import', array( $this, 'handle_import' ) );
		add_action( 'admin_post_kestrel_forms_export', array( $this, 'handle_export' ) );
	}

	/**
	 * Adds "Forms" with "All Forms" and a hidden per-form "Entries" screen.
	 */
	public function add_menu(): void {
		add_menu_page(
			__( 'Forms', 'kestrel-forms' ),
			__( 'Forms', 'kestrel-forms' ),
			Capabilities::MANAGE,
			self::MENU_SLUG,
			array( FormEditorPage::class, 'render' ),
			'dashicons-feedback',
			26
		);
		add_submenu_page( self::MENU_SLUG, __( 'All Forms', 'kestrel-forms' ), __( 'All Forms', 'kestrel-forms' ), Capabilities::MANAGE, self::MENU_SLUG, array( FormEditorPage::class, 'render' ) );
		add_submenu_page( self::MENU_SLUG, __( 'Entries', 'kestrel-forms' ), __( 'Entries', 'kestrel-forms' ), Capabilities::MANAGE, self::ENTRIES_SLUG, array( $this, 'render_entries' ) );
	}

	/**
	 * Forms list.
	 */
	public function render_forms(): void {
		$this->require_capability();
		$page   = max( 1, absint( $_GET['paged'] ?? 1 ) ); // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- read-only paging.
		$result = $this->forms->page( FormRepository::STATUS_ACTIVE, $page, self::PER_PAGE );
		$counts = $this->entries->count_by_form( array_map( static fn( array $r ): int => $r['form']->id, $result['items'] ) );
		$notice = $this->notice();
		self::template(
			'forms-list',
			array(
				'records'     => $result['items'],
				'total'       => $result['total'],
				'page'        => $page,
				'total_pages' => max( 1, (int) ceil( $result['total'] / self::PER_PAGE ) ),
				'counts'      => $counts,
				'notice'      => $notice,
			)
		);
	}

	/**
	 * Entries of one form, or one entry's detail.
	 */
	public function render_entries(): void {
		// The React entries workspace (EntriesScreen, assets-src/admin/entries).
		( new EntriesScreen( $this->forms ) )->render();
	}

	/**
	 * admin-post: import a form from an uploaded JSON file.
	 */
	public function handle_import(): void {
		$this->require_capability();
		check_admin_referer( 'kestrel_forms_import' );

		$file = $_FILES['kestrel_forms_file'] ?? null; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- checked below, read as text only.
		if ( ! is_array( $file ) || UPLOAD_ERR_OK !== (int) ( $file['error'] ?? UPLOAD_ERR_NO_FILE ) || ! is_uploaded_file( (string) $file['tmp_name'] ) ) {
			$this->redirect_with( 'error', __( 'Choose a JSON file to import.', 'kestrel-forms' ) );
		}
		if ( (int) $file['size'] > self::MAX_IMPORT ) {
			$this->redirect_with( 'error', __( 'The file is larger than 2 MB.', 'kestrel-forms' ) );
		}
		$definition = json_decode( (string) file_get_contents( (string) $file['tmp_name'] ), true ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents
		if ( ! is_array( $definition ) ) {
			$this->redirect_with( 'error', __( 'The file is not valid JSON.', 'kestrel-forms' ) );
		}
		foreach ( FormsController::READ_ONLY_KEYS as $key ) {
			unset( $definition[ $key ] );
		}
		try {
			$this->validator->assert_valid( $definition );
		} catch ( InvalidForm $e ) {
			$this->redirect_with( 'error', Messages::schema_error( $e->errors[0] ) );
		}
		$id = $this->forms->create( DefinitionSanitizer::for_current_user( $definition ) );
		if ( ! $id ) {
			$this->redirect_with( 'error', __( 'The form could not be saved.', 'kestrel-forms' ) );
		}
		/* translators: 1: form title, 2: form id. */
		$this->redirect_with( 'success', sprintf( __( 'Imported "%1$s" as form %2$d.', 'kestrel-forms' ), (string) $definition['title'], $id ) );
	}

	/**
	 * admin-post: download a form definition as JSON.
	 */
	public function handle_export(): void {
		$this->require_capability();
		$form_id = absint( $_GET['form_id'] ?? 0 ); // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- verified next line.
		check_admin_referer( 'kestrel_forms_export_' . $form_id );
		$record = $this->forms->find_record( $form_id );
		if ( ! $record ) {
			wp_die( esc_html__( 'Form not found.', 'kestrel-forms' ), 404 );
		}
		nocache_headers();
		header( 'Content-Type: application/json; charset=utf-8' );
		header( 'Content-Disposition: attachment; filename="kestrel-form-' . $form_id . '.json"' );
		echo wp_json_encode( $record['form']->definition, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- JSON download, not HTML.
		exit;
	}

	/**
	 * Dies with 403 unless the user has the plugin capability.
	 */
	private function require_capability(): void {
		if ( ! Capabilities::current_user_can_manage() ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to manage forms.', 'kestrel-forms' ), 403 );
		}
	}

	/**
	 * Redirects back to the forms list with a one-time notice.
	 *
	 * @param string $type    success or error.
	 * @param string $message Message.
	 */
	private function redirect_with( string $type, string $message ): never {
		set_transient( 'kestrel_forms_notice_' . get_current_user_id(), array( 'type' => $type, 'message' => $message ), 60 );
		wp_safe_redirect( admin_url( 'admin.php?page=' . self::MENU_SLUG ) );
		exit;
	}

	/**
	 * The pending notice for this user, consumed once.
	 *
	 * @return array{type: string, message: string}|null
	 */
	private function notice(): ?array {
		$key    = 'kestrel_forms_notice_' . get_current_user_id();
		$notice = get_transient( $key );
		if ( ! is_array( $notice ) ) {
			return null;
		}
		delete_transient( $key );
		return $notice;
	}

	/**
	 * Includes a template from plugin/templates/admin with its variables.
	 *
	 * @param string               $name Template name.
	 * @param array<string, mixed> $vars Variables.
	 */
	private static function template( string $name, array $vars ): void {
		$file = KESTREL_FORMS_DIR . '/templates/admin/' . $name . '.php';
		( static function () use ( $file, $vars ): void {
			extract( $vars, EXTR_SKIP ); // phpcs:ignore WordPress.PHP.DontExtract -- template scope only.
			require $file;
		} )();
	}
}
