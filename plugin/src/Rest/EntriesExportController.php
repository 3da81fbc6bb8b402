<?php
/**
 * REST: the CSV export of a form's entries.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Rest;

use Kestrel\Forms\Entries\EntryPresenter;
use Kestrel\Forms\Entries\Formats\Formats;
use Kestrel\Forms\Entries\PaymentText;
use Kestrel\Forms\Persistence\EntryPayments;
use Kestrel\Forms\Persistence\EntryWorkspaceRepository;
use Kestrel\Forms\Persistence\FormRepository;
use WP_Error;
use WP_REST_Controller;
use WP_REST_Request;
use WP_REST_Server;

/**
 * Route (behind the plugin capability): `GET /entries/export?form_id=N` with the list's filters
 * (EntryQuery), streamed a batch at a time (CsvResponse, served by StreamedResponse).
 */
final class EntriesExportController extends WP_REST_Controller {

	/**
	 * Takes the forms and the workspace queries the export reads.
	 *
	 * @param FormRepository           $forms     Forms.
	 * @param EntryWorkspaceRepository $workspace Entries workspace queries.
	 * @param EntryPayments            $payments  Payments of entries (the payment columns).
	 */
	public function __construct(
		private readonly FormRepository $forms,
		private readonly EntryWorkspaceRepository $workspace,
		private readonly EntryPayments $payments = new EntryPayments()
	) {
		$this->namespace = Routes::NAMESPACE;
		$this->rest_base = 'entries/export';
	}

	/**
	 * Registers the route.
	 */
	public function register_routes(): void {
		register_rest_route(
			Routes::NAMESPACE,
			'/' . $this->rest_base,
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => array( $this, 'get_items' ),
				'permission_callback' => array( $this, 'get_items_permissions_check' ),
				'args'                => EntryQuery::params(),
			)
		);
	}

	/**
	 * The export needs the plugin capability.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true|WP_Error
	 */
	public function get_items_permissions_check( $request ) {
		return ErrorMapper::can_export_entries();
	}

	/**
	 * GET /entries/export: the filtered entries as CSV, one column per value field (per input
	 * where its type has inputs: Entries\Formats), the submission time in the site's zone and
	 * formats, then the payment columns (PaymentText::csv_headings()) when the form has a payment field or any
	 * entry of it has a payment.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return CsvResponse|WP_Error
	 */
	public function get_items( $request ) {
		$record = $this->forms->find_record( (int) $request['form_id'] );
		if ( ! $record ) {
			return ErrorMapper::form_not_found();
		}
		$form     = $record['form'];
		$criteria = EntryQuery::criteria( $request );
		$fields   = EntryPresenter::value_fields( $form );
		$payments = EntryPresenter::has_payment_field( $form ) || $this->payments->form_has_payments( $form->id ) ? $this->payments : null;
		// One column per input where a field has inputs, as its type's format has them.
		$columns = array();
		foreach ( $fields as $field ) {
			foreach ( Formats::field( $field )->columns( $field, $form ) as list( $key, $heading ) ) {
				$columns[] = array( $field, $key, $heading );
			}
		}
		$writer = function ( callable $put ) use ( $criteria, $columns, $payments ): int {
			$put(
				array_merge(
					array(
						__( 'Entry', 'kestrel-forms' ),
						/* translators: %s: the site's time zone, e.g. "Pacific/Auckland", "+02:00" or "UTC". */
						sprintf( __( 'Submitted (%s)', 'kestrel-forms' ), EntryPresenter::zone_name() ),
						__( 'Status', 'kestrel-forms' ),
						__( 'Starred', 'kestrel-forms' ),
					),
					array_column( $columns, 2 ),
					$payments ? PaymentText::csv_headings() : array()
				)
			);
			return 1 + $this->workspace->each_batch(
				$criteria,
				static function ( array $batch ) use ( $put, $columns, $payments ): void {
					// One query for the payments of the batch.
					$paid = $payments ? $payments->summaries_for_entries( array_map( static fn( array $item ): int => $item['entry']->id, $batch ) ) : array();
					foreach ( $batch as $item ) {
						$entry = $item['entry'];
						// The site's local date and time in its formats, as the screens show it.
						$row = array( (string) $entry->id, EntryPresenter::local_time( $entry->created_at ), $entry->status, $item['is_starred'] ? '1' : '0' );
						foreach ( $columns as list( $field, $key ) ) {
							$row[] = Formats::field( $field )->cell( $field, $key, $entry );
						}
						if ( $payments ) {
							$row = array_merge( $row, PaymentText::csv_cells( $paid[ $entry->id ] ?? null ) );
						}
						$put( $row );
					}
				}
			);
		};
		return new CsvResponse( sprintf( 'kestrel-form-%d-entries-%s.csv', $form->id, gmdate( 'Y-m-d' ) ), \Closure::fromCallable( $writer ) );
	}
}
