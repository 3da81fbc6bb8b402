<?php
/**
 * The entries workspace screen: a mount point for the React app (assets-src/admin/entries).
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Admin;

use Kestrel\Forms\Assets\Assets;
use Kestrel\Forms\Entries\EntryPresenter;
use Kestrel\Forms\Persistence\EntryPayments;
use Kestrel\Forms\Persistence\EntryRepository;
use Kestrel\Forms\Persistence\FormRepository;
use Kestrel\Forms\Security\Capabilities;

/**
 * Prints the mount point with the app's configuration (forms, the form's value fields, links);
 * everything else comes over REST (Rest\EntriesController), which checks the capability again.
 */
final class EntriesScreen {

	/**
	 * Takes the forms store and the REST namespace of the export link.
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
	 * Prints the screen (AdminPages::render_entries()).
	 */
	public function render(): void {
		Capabilities::die_unless_manager( Capabilities::VIEW_ENTRIES );
		wp_enqueue_script( Assets::ADMIN_ENTRIES );
		wp_enqueue_style( 'wp-components' );
		wp_enqueue_style( Assets::ADMIN_ENTRIES ); // DataViews and the workspace's own styles.
		if ( wp_style_is( Assets::FORM_VIEW, 'registered' ) ) {
			wp_enqueue_style( Assets::FORM_VIEW ); // Lists and repeaters are edited in the visitors' row editor.
		}
		printf(
			'<div class="wrap kestrel-forms-admin"><div id="kestrel-forms-entries-app" data-config="%s"><p>%s</p></div></div>',
			esc_attr( (string) wp_json_encode( $this->config() ) ),
			esc_html__( 'Loading entries…', 'kestrel-forms' )
		);
	}

	/**
	 * What the app needs to start.
	 *
	 * @return array<string, mixed>
	 */
	public function config(): array {
		// phpcs:disable WordPress.Security.NonceVerification.Recommended -- read-only screen.
		$form_id  = absint( $_GET['form_id'] ?? 0 );
		$entry_id = absint( $_GET['entry_id'] ?? 0 );
		// phpcs:enable
		$items  = $this->forms->page( FormRepository::STATUS_ACTIVE, 1, 200 )['items'];
		$forms  = array_map(
			static fn( array $r ): array => array(
				'id'    => $r['form']->id,
				'title' => $r['form']->title(),
			),
			$items
		);
		$record = $form_id ? $this->forms->find_record( $form_id ) : null;
		// Else the form with the latest entry (not the newest form: an import or a copy has none).
		$latest = $record ? 0 : ( new EntryRepository() )->latest_entry_form_id();
		$record = $record ?? ( $latest ? $this->forms->find_record( $latest ) : null );
		$record = $record ?? ( $items[0] ?? null ); // Else the first listed form, already read.
		$fields = array();
		if ( $record ) {
			foreach ( EntryPresenter::value_fields( $record['form'] ) as $field ) {
				$fields[] = array(
					'id'    => (int) $field['id'],
					'label' => EntryPresenter::label( $field ),
					'type'  => (string) $field['type'],
				);
			}
		}
		return array(
			'formId'    => $record ? $record['form']->id : 0,
			'entryId'   => $entry_id,
			'forms'     => $forms,
			'fields'    => $fields,
			// Forms that take payments get the payment column and filter.
			'payments'  => $record && ( EntryPresenter::has_payment_field( $record['form'] ) || ( new EntryPayments() )->form_has_payments( $record['form']->id ) ),
			'screenUrl' => admin_url( 'admin.php?page=' . AdminPages::ENTRIES_SLUG ),
			'exportUrl' => rest_url( $this->rest_namespace . '/entries/export' ),
			'nonce'     => wp_create_nonce( 'wp_rest' ),
		);
	}
}
