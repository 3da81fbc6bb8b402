<?php
/**
 * REST resource: forms.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Rest;

use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Domain\Form\FormValidator;
use Kestrel\Forms\Domain\Form\InvalidForm;
use Kestrel\Forms\Frontend\FormRenderer;
use Kestrel\Forms\Persistence\EntryRepository;
use Kestrel\Forms\Persistence\FormRepository;
use Kestrel\Forms\Security\Capabilities;
use Kestrel\Forms\Security\DefinitionSanitizer;
use WP_Error;
use WP_REST_Controller;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * `kestrel-forms/v1/forms`: create, list, read, replace, trash and delete form definitions.
 * Every route needs the plugin capability.
 */
final class FormsController extends WP_REST_Controller {

	/** Keys the API adds to a form; ignored when a client sends them back. */
	public const READ_ONLY_KEYS = array( 'id', 'status', 'createdAt', 'updatedAt', 'entryCount' );

	/**
	 * Takes the stores and services the forms routes use.
	 *
	 * @param FormRepository  $forms     Forms.
	 * @param EntryRepository $entries   Entries.
	 * @param FormValidator   $validator Definition validator.
	 * @param FormRenderer    $renderer  Form renderer.
	 */
	public function __construct(
		private readonly FormRepository $forms,
		private readonly EntryRepository $entries,
		private readonly FormValidator $validator,
		private readonly FormRenderer $renderer
	) {
		$this->namespace = Routes::NAMESPACE;
		$this->rest_base = 'forms';
	}

	/**
	 * Registers the routes.
	 */
	public function register_routes(): void {
		register_rest_route(
			Routes::NAMESPACE,
			'/' . $this->rest_base,
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'get_items' ),
					'permission_callback' => array( $this, 'get_items_permissions_check' ),
					'args'                => $this->get_collection_params(),
				),
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'create_item' ),
					'permission_callback' => array( $this, 'create_item_permissions_check' ),
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
		register_rest_route(
			Routes::NAMESPACE,
			'/' . $this->rest_base . '/(?P<id>[\d]+)',
			array(
				'args'   => array(
					'id' => array(
						'description' => __( 'Form id.', 'kestrel-forms' ),
						'type'        => 'integer',
						'minimum'     => 1,
					),
				),
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'get_item' ),
					'permission_callback' => array( $this, 'get_item_permissions_check' ),
					'args'                => array( 'context' => self::context_param() ),
				),
				array(
					'methods'             => WP_REST_Server::EDITABLE,
					'callback'            => array( $this, 'update_item' ),
					'permission_callback' => array( $this, 'update_item_permissions_check' ),
				),
				array(
					'methods'             => WP_REST_Server::DELETABLE,
					'callback'            => array( $this, 'delete_item' ),
					'permission_callback' => array( $this, 'delete_item_permissions_check' ),
					'args'                => array(
						'force' => array(
							'description' => __( 'Delete permanently, with all entries, instead of moving to the trash.', 'kestrel-forms' ),
							'type'        => 'boolean',
							'default'     => false,
						),
					),
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
		foreach ( array( 'restore', 'duplicate' ) as $action ) {
			register_rest_route(
				Routes::NAMESPACE,
				'/' . $this->rest_base . '/(?P<id>[\d]+)/' . $action,
				array(
					'args' => array(
						'id' => array(
							'description' => __( 'Form id.', 'kestrel-forms' ),
							'type'        => 'integer',
							'minimum'     => 1,
						),
					),
					array(
						'methods'             => WP_REST_Server::CREATABLE,
						'callback'            => array( $this, $action . '_item' ),
						'permission_callback' => array( $this, 'update_item_permissions_check' ),
					),
				)
			);
		}
	}

	/**
	 * Collection parameters: paging, status and title search.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public function get_collection_params(): array {
		$params            = parent::get_collection_params();
		$params['status']  = array(
			'description' => __( 'Only forms with this status.', 'kestrel-forms' ),
			'type'        => 'string',
			'enum'        => array( FormRepository::STATUS_ACTIVE, FormRepository::STATUS_TRASH ),
			'default'     => FormRepository::STATUS_ACTIVE,
		);
		$params['context'] = self::context_param();
		return $params;
	}

	/**
	 * Listing forms needs the plugin capability.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true|WP_Error
	 */
	public function get_items_permissions_check( $request ) {
		return $this->can_read( $request ) ? true : ErrorMapper::forbidden();
	}

	/**
	 * Reading a form needs the plugin capability.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true|WP_Error
	 */
	public function get_item_permissions_check( $request ) {
		return $this->can_read( $request ) ? true : ErrorMapper::forbidden();
	}

	/**
	 * Creating a form needs the plugin capability.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true|WP_Error
	 */
	public function create_item_permissions_check( $request ) {
		return ErrorMapper::can_manage_forms();
	}

	/**
	 * Updating a form needs the plugin capability.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true|WP_Error
	 */
	public function update_item_permissions_check( $request ) {
		return ErrorMapper::can_manage_forms();
	}

	/**
	 * Deleting a form needs the plugin capability.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true|WP_Error
	 */
	public function delete_item_permissions_check( $request ) {
		return ErrorMapper::can_manage_forms();
	}

	/**
	 * Managers read everything. Anyone who can edit posts may read the `embed` view: titles, and
	 * the public definition visitors already get on a page, so authors can pick and preview a
	 * form in the block editor without managing forms.
	 *
	 * @param WP_REST_Request $request Request.
	 */
	private function can_read( WP_REST_Request $request ): bool {
		return true === ErrorMapper::can_read_forms()
			|| ( 'embed' === $request['context'] && current_user_can( 'edit_posts' ) );
	}

	/**
	 * The `context` argument: view/edit (the full resource) or embed (public parts only).
	 *
	 * @return array<string, mixed>
	 */
	private static function context_param(): array {
		return array(
			'description' => __( 'embed: titles and public definitions only, for the block editor.', 'kestrel-forms' ),
			'type'        => 'string',
			'enum'        => array( 'view', 'edit', 'embed' ),
			'default'     => 'view',
		);
	}

	/**
	 * GET /forms
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public function get_items( $request ) {
		$per_page = (int) $request['per_page'];
		$page     = (int) $request['page'];
		$result   = $this->forms->page( (string) $request['status'], $page, $per_page, (string) ( $request['search'] ?? '' ) );
		$counts   = $this->entries->count_by_form( array_map( static fn( array $r ): int => $r['form']->id, $result['items'] ) );

		$embed = 'embed' === $request['context'];
		$data  = array();
		foreach ( $result['items'] as $record ) {
			$data[] = $embed
				? array(
					'id'    => $record['form']->id,
					'title' => $record['form']->title(),
				)
				: $this->present( $record, $counts[ $record['form']->id ] ?? 0 );
		}
		$response = rest_ensure_response( $data );
		$response->header( 'X-WP-Total', (string) $result['total'] );
		$response->header( 'X-WP-TotalPages', (string) max( 1, (int) ceil( $result['total'] / max( 1, $per_page ) ) ) );
		return $response;
	}

	/**
	 * GET /forms/{id}
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function get_item( $request ) {
		$record = $this->forms->find_record( (int) $request['id'] );
		if ( ! $record ) {
			return ErrorMapper::form_not_found();
		}
		if ( 'embed' === $request['context'] ) {
			if ( FormRepository::STATUS_ACTIVE !== $record['status'] ) {
				return ErrorMapper::form_not_found();
			}
			return rest_ensure_response( $this->renderer->public_definition( $record['form'] ) );
		}
		$count = $this->entries->count_by_form( array( $record['form']->id ) );
		return rest_ensure_response( $this->present( $record, $count[ $record['form']->id ] ?? 0 ) );
	}

	/**
	 * POST /forms
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function create_item( $request ) {
		$definition = $this->definition_from( $request );
		if ( $definition instanceof WP_Error ) {
			return $definition;
		}
		$id = $this->forms->create( $definition );
		if ( ! $id ) {
			return ErrorMapper::storage_failed();
		}
		/**
		 * Fires after a form is created.
		 *
		 * @param int                  $id         Form id.
		 * @param array<string, mixed> $definition Definition.
		 */
		do_action( 'kestrel_forms_form_saved', $id, $definition );
		$response = rest_ensure_response( $this->present( (array) $this->forms->find_record( $id ), 0 ) );
		$response->set_status( 201 );
		$response->header( 'Location', rest_url( sprintf( '%s/%s/%d', $this->namespace, $this->rest_base, $id ) ) );
		return $response;
	}

	/**
	 * PUT /forms/{id}: replaces the definition.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function update_item( $request ) {
		$id = (int) $request['id'];
		if ( ! $this->forms->find_record( $id ) ) {
			return ErrorMapper::form_not_found();
		}
		$definition = $this->definition_from( $request );
		if ( $definition instanceof WP_Error ) {
			return $definition;
		}
		if ( ! $this->forms->update( $id, $definition ) ) {
			return ErrorMapper::storage_failed();
		}
		/** This action is documented in FormsController::create_item(). */
		do_action( 'kestrel_forms_form_saved', $id, $definition );
		return $this->get_item( $request );
	}

	/**
	 * DELETE /forms/{id}: to the trash, or with force=true permanently with its entries.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function delete_item( $request ) {
		$id     = (int) $request['id'];
		$record = $this->forms->find_record( $id );
		if ( ! $record ) {
			return ErrorMapper::form_not_found();
		}
		$count    = $this->entries->count_by_form( array( $id ) )[ $id ] ?? 0;
		$previous = $this->present( $record, $count );
		if ( $request['force'] ) {
			$this->entries->delete_for_form( $id );
			$this->forms->delete( $id );
			/**
			 * Fires after a form and its entries were deleted for good (uploaded files go too).
			 *
			 * @param int $id Form id.
			 */
			do_action( 'kestrel_forms_form_deleted', $id );
			return rest_ensure_response(
				array(
					'deleted'  => true,
					'previous' => $previous,
				)
			);
		}
		$this->forms->set_status( $id, FormRepository::STATUS_TRASH );
		return rest_ensure_response( $this->present( (array) $this->forms->find_record( $id ), $count ) );
	}

	/**
	 * POST /forms/{id}/restore: takes a form out of the trash.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function restore_item( WP_REST_Request $request ) {
		$id = (int) $request['id'];
		if ( ! $this->forms->find_record( $id ) ) {
			return ErrorMapper::form_not_found();
		}
		if ( ! $this->forms->set_status( $id, FormRepository::STATUS_ACTIVE ) ) {
			return ErrorMapper::storage_failed();
		}
		return $this->get_item( $request );
	}

	/**
	 * POST /forms/{id}/duplicate: a new active form with the same definition and " (copy)" in
	 * its title; entries are not copied.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function duplicate_item( WP_REST_Request $request ) {
		$record = $this->forms->find_record( (int) $request['id'] );
		if ( ! $record ) {
			return ErrorMapper::form_not_found();
		}
		$definition = $record['form']->definition;
		/* translators: %s: title of the form that was copied. */
		$definition['title'] = mb_substr( sprintf( __( '%s (copy)', 'kestrel-forms' ), (string) ( $definition['title'] ?? '' ) ), 0, 255 );
		$id                  = $this->forms->create( $definition );
		if ( ! $id ) {
			return ErrorMapper::storage_failed();
		}
		/** This action is documented in FormsController::create_item(). */
		do_action( 'kestrel_forms_form_saved', $id, $definition );
		$response = rest_ensure_response( $this->present( (array) $this->forms->find_record( $id ), 0 ) );
		$response->set_status( 201 );
		$response->header( 'Location', rest_url( sprintf( '%s/%s/%d', $this->namespace, $this->rest_base, $id ) ) );
		return $response;
	}

	/**
	 * The JSON Schema of a form resource, from the schema file in the repository.
	 *
	 * @return array<string, mixed>
	 */
	public function get_item_schema(): array {
		if ( $this->schema ) {
			return $this->add_additional_fields_schema( $this->schema );
		}
		$file   = KESTREL_FORMS_DIR . '/schema/form.schema.json';
		$schema = json_decode( (string) file_get_contents( $file ), true ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- local file.
		$schema = is_array( $schema ) ? $schema : array();
		// WordPress's schema tools read draft-04 style; keep the document but name the resource.
		$this->schema = array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'kestrel-form',
			'type'       => 'object',
			'properties' => array_merge(
				$schema['properties'] ?? array(),
				array(
					'status'     => array(
						'type'     => 'string',
						'readonly' => true,
					),
					'createdAt'  => array(
						'type'     => 'string',
						'format'   => 'date-time',
						'readonly' => true,
					),
					'updatedAt'  => array(
						'type'     => 'string',
						'format'   => 'date-time',
						'readonly' => true,
					),
					'entryCount' => array(
						'type'     => 'integer',
						'readonly' => true,
					),
				)
			),
		);
		return $this->add_additional_fields_schema( $this->schema );
	}

	/**
	 * Reads and validates the definition in a request body.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return array<string, mixed>|WP_Error
	 */
	private function definition_from( WP_REST_Request $request ): array|WP_Error {
		$body = $request->get_json_params();
		if ( ! is_array( $body ) || ( $body && array_is_list( $body ) ) ) {
			return ErrorMapper::invalid_json();
		}
		foreach ( self::READ_ONLY_KEYS as $key ) {
			unset( $body[ $key ] );
		}
		try {
			$this->validator->assert_valid( $body );
		} catch ( InvalidForm $e ) {
			return ErrorMapper::invalid_form( $e );
		}
		return DefinitionSanitizer::for_current_user( $body );
	}

	/**
	 * A form as the API shows it: its id, its definition, then read-only metadata.
	 *
	 * @param array<string, mixed> $record      Repository record.
	 * @param int                  $entry_count Number of entries.
	 * @return array<string, mixed>
	 */
	private function present( array $record, int $entry_count ): array {
		/**
		 * The record's form.
		 *
		 * @var Form $form
		 */
		$form = $record['form'];
		return array_merge(
			array( 'id' => $form->id ),
			$form->definition,
			array(
				'status'     => $record['status'],
				'createdAt'  => self::iso( $record['created_at'] ),
				'updatedAt'  => self::iso( $record['updated_at'] ),
				'entryCount' => $entry_count,
			)
		);
	}

	/**
	 * "Y-m-d H:i:s" UTC to ISO 8601 with Z.
	 *
	 * @param string $mysql UTC time.
	 */
	public static function iso( string $mysql ): string {
		return str_replace( ' ', 'T', $mysql ) . 'Z';
	}
}
