<?php
/**
 * REST: the CSV export of a form's entries.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Rest;

use Kestrel\Forms\Entries\EntryPresenter;
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
	 */
	public function __construct(
		private readonly FormRepository $forms,
		private readonly EntryWorkspaceRepository $workspace
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
		return ErrorMapper::manager_only();
	}

	/**
	 * GET /entries/export: the filtered entries as CSV, one column per value field.
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
		$writer   = function ( callable $put ) use ( $criteria, $fields ): int {
			$put(
				array_merge(
					array( __( 'Entry', 'kestrel-forms' ), __( 'Submitted (UTC)', 'kestrel-forms' ), __( 'Status', 'kestrel-forms' ), __( 'Starred', 'kestrel-forms' ) ),
					array_map( array( EntryPresenter::class, 'label' ), $fields )
				)
			);
			return 1 + $this->workspace->each_batch(
				$criteria,
				static function ( array $batch ) use ( $put, $fields ): void {
					foreach ( $batch as $item ) {
						$entry = $item['entry'];
						$row   = array( (string) $entry->id, $entry->created_at, $entry->status, $item['is_starred'] ? '1' : '0' );
						foreach ( $fields as $field ) {
							$row[] = 'fileupload' === $field['type']
								? implode( ', ', array_column( EntryPresenter::files( $field, $entry ), 'name' ) )
								: EntryPresenter::value( $field, $entry );
						}
						$put( $row );
					}
				}
			);
		};
		return new CsvResponse( sprintf( 'kestrel-form-%d-entries-%s.csv', $form->id, gmdate( 'Y-m-d' ) ), \Closure::fromCallable( $writer ) );
	}
}
