<?php
/**
 * REST: the notes of an entry.
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
 * Routes (behind the plugin capability): `GET|POST /entries/{id}/notes` and
 * `DELETE /entries/{id}/notes/{note_id}`. The entry's detail (EntriesController) carries its notes
 * in the same shape (present_note()).
 */
final class EntryNotesController extends WP_REST_Controller {

	/**
	 * Takes the workspace queries that read entries and store their notes.
	 *
	 * @param EntryWorkspaceRepository $workspace Entries workspace queries.
	 */
	public function __construct( private readonly EntryWorkspaceRepository $workspace ) {
		$this->namespace = Routes::NAMESPACE;
		$this->rest_base = 'entries';
	}

	/**
	 * Registers the routes.
	 */
	public function register_routes(): void {
		register_rest_route(
			Routes::NAMESPACE,
			'/' . $this->rest_base . '/(?P<id>[\d]+)/notes',
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'get_items' ),
					'permission_callback' => array( $this, 'get_items_permissions_check' ),
				),
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'create_item' ),
					'permission_callback' => array( $this, 'create_item_permissions_check' ),
					'args'                => array(
						'note' => array(
							'type'      => 'string',
							'minLength' => 1,
							'maxLength' => 10000,
							'required'  => true,
						),
					),
				),
			)
		);
		register_rest_route(
			Routes::NAMESPACE,
			'/' . $this->rest_base . '/(?P<id>[\d]+)/notes/(?P<note_id>[\d]+)',
			array(
				'methods'             => WP_REST_Server::DELETABLE,
				'callback'            => array( $this, 'delete_item' ),
				'permission_callback' => array( $this, 'delete_item_permissions_check' ),
			)
		);
	}

	/**
	 * Reading notes needs the plugin capability.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true|WP_Error
	 */
	public function get_items_permissions_check( $request ) {
		return ErrorMapper::can_view_entries();
	}

	/**
	 * Adding a note needs the plugin capability.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true|WP_Error
	 */
	public function create_item_permissions_check( $request ) {
		return ErrorMapper::can_edit_entries();
	}

	/**
	 * Deleting a note needs the plugin capability.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true|WP_Error
	 */
	public function delete_item_permissions_check( $request ) {
		return ErrorMapper::can_edit_entries();
	}

	/**
	 * GET /entries/{id}/notes
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function get_items( $request ) {
		if ( ! $this->workspace->find( (int) $request['id'] ) ) {
			return ErrorMapper::entry_not_found();
		}
		return rest_ensure_response( array_map( array( self::class, 'present_note' ), $this->workspace->notes( (int) $request['id'] ) ) );
	}

	/**
	 * POST /entries/{id}/notes
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function create_item( $request ) {
		$entry_id = (int) $request['id'];
		if ( ! $this->workspace->find( $entry_id ) ) {
			return ErrorMapper::entry_not_found();
		}
		$note = trim( sanitize_textarea_field( (string) $request['note'] ) );
		if ( '' === $note ) {
			return ErrorMapper::empty_note();
		}
		$id = $this->workspace->add_note( $entry_id, get_current_user_id(), $note );
		if ( ! $id ) {
			return ErrorMapper::storage_failed();
		}
		foreach ( $this->workspace->notes( $entry_id ) as $stored ) {
			if ( $stored['id'] === $id ) {
				$response = rest_ensure_response( self::present_note( $stored ) );
				$response->set_status( 201 );
				return $response;
			}
		}
		return ErrorMapper::storage_failed();
	}

	/**
	 * DELETE /entries/{id}/notes/{note_id}
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function delete_item( $request ) {
		if ( ! $this->workspace->delete_note( (int) $request['id'], (int) $request['note_id'] ) ) {
			return ErrorMapper::note_not_found();
		}
		return rest_ensure_response( array( 'deleted' => true ) );
	}

	/**
	 * A note as the API shows it.
	 *
	 * @param array{id: int, entry_id: int, user_id: int, note: string, created_at: string} $note Note.
	 * @return array<string, mixed>
	 */
	public static function present_note( array $note ): array {
		$user = $note['user_id'] ? get_userdata( $note['user_id'] ) : false;
		return array(
			'id'         => $note['id'],
			'user_id'    => $note['user_id'],
			'user_name'  => $user ? $user->display_name : '',
			'note'       => $note['note'],
			'created_at' => FormsController::iso( $note['created_at'] ),
		);
	}
}
