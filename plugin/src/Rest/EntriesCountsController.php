<?php
/**
 * REST: the counts of the entries list's views.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Rest;

use Kestrel\Forms\Persistence\EntryWorkspaceRepository;
use WP_Error;
use WP_REST_Controller;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * Route (behind the entries-reading capability): `GET /entries/counts?form_id=N` →
 * `{all, unread, starred, spam, trash}`, the numbers beside the list's views
 * "All | Unread | Starred | Spam | Trash", like WordPress's own lists. Unfiltered by search and
 * filters, as there. One query (EntryWorkspaceRepository::counts()).
 */
final class EntriesCountsController extends WP_REST_Controller {

	/**
	 * Takes the workspace queries.
	 *
	 * @param EntryWorkspaceRepository $workspace Entries workspace queries.
	 */
	public function __construct( private readonly EntryWorkspaceRepository $workspace ) {
		$this->namespace = Routes::NAMESPACE;
		$this->rest_base = 'entries/counts';
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
				'args'                => array(
					'form_id' => array(
						'description' => __( 'The form whose entries to count.', 'kestrel-forms' ),
						'type'        => 'integer',
						'minimum'     => 1,
						'required'    => true,
					),
				),
			)
		);
	}

	/**
	 * Reading the counts needs what reading the list needs.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true|WP_Error
	 */
	public function get_items_permissions_check( $request ) {
		return ErrorMapper::can_view_entries();
	}

	/**
	 * GET /entries/counts?form_id=N
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public function get_items( $request ) {
		return rest_ensure_response( $this->workspace->counts( (int) $request['form_id'] ) );
	}
}
