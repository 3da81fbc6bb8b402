<?php
/**
 * REST resource: entries, and the admin entries workspace (issue 5).
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Rest;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Domain\Form\Rows;
use Kestrel\Forms\Domain\Money\Currencies;
use Kestrel\Forms\Domain\Money\Decimal;
use Kestrel\Forms\Domain\Validation\SubmissionValidator;
use Kestrel\Forms\Entries\EntryPresenter;
use Kestrel\Forms\Persistence\EntryPayments;
use Kestrel\Forms\Persistence\EntryWorkspaceRepository;
use Kestrel\Forms\Persistence\FormRepository;
use Kestrel\Forms\Settings\GeneralSettings;
use Kestrel\Forms\Uploads\FieldPolicy;
use Kestrel\Forms\Uploads\UploadError;
use Kestrel\Forms\Uploads\UploadStore;
use WP_Error;
use WP_REST_Controller;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * Routes (all behind the plugin capability):
 * - `GET /entries?form_id=N` with search, filters, sort and paging; `GET /entries/{id}` with the
 *   values formatted per field, order, feeds, notes and previous/next;
 * - `POST /entries/{id}` edits values (validated by Domain\Validation\SubmissionValidator);
 * - `POST /entries/bulk` read/unread, star/unstar, spam/not_spam, trash/restore, delete;
 * - notes: EntryNotesController;
 * - export: EntriesExportController.
 */
final class EntriesController extends WP_REST_Controller {

	/**
	 * Field types an admin cannot edit: secrets never stored, files, computed and priced values,
	 * a consent (the record of what the visitor agreed to), and the types stored under several input
	 * keys or in a canonical form the entry screen's one text box cannot write back (name, address,
	 * date, time, multi-select; docs/field-types.md).
	 */
	public const NOT_EDITABLE = array( 'password', 'creditcard', 'fileupload', 'captcha', 'total', 'product', 'option', 'quantity', 'shipping', 'payment', 'consent', 'name', 'address', 'date', 'time', 'multiselect' );

	/**
	 * Takes the stores and services the entries routes use.
	 *
	 * @param EntryWorkspaceRepository $workspace Entries workspace queries.
	 * @param FormRepository           $forms     Forms.
	 * @param SubmissionValidator      $validator Validates edited values.
	 * @param UploadStore              $uploads   Files of entries.
	 * @param EntryPayments            $payments  Payments of entries (the list's payment summary).
	 */
	public function __construct(
		private readonly EntryWorkspaceRepository $workspace,
		private readonly FormRepository $forms,
		private readonly SubmissionValidator $validator,
		private readonly UploadStore $uploads,
		private readonly EntryPayments $payments = new EntryPayments()
	) {
		$this->namespace = Routes::NAMESPACE;
		$this->rest_base = 'entries';
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
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
		register_rest_route(
			Routes::NAMESPACE,
			'/' . $this->rest_base . '/(?P<id>[\d]+)',
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'get_item' ),
					'permission_callback' => array( $this, 'get_item_permissions_check' ),
					'args'                => array(
						'id' => array(
							'type'    => 'integer',
							'minimum' => 1,
						),
					),
				),
				array(
					'methods'             => WP_REST_Server::EDITABLE,
					'callback'            => array( $this, 'update_item' ),
					'permission_callback' => array( ErrorMapper::class, 'can_edit_entries' ),
					'args'                => array(
						'id'     => array(
							'type'    => 'integer',
							'minimum' => 1,
						),
						'values' => array(
							'description' => __( 'New values by field or input id, of the fields to change.', 'kestrel-forms' ),
							'type'        => 'object',
							'required'    => true,
						),
					),
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
		register_rest_route(
			Routes::NAMESPACE,
			'/' . $this->rest_base . '/bulk',
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( $this, 'bulk' ),
				'permission_callback' => array( ErrorMapper::class, 'can_edit_entries' ),
				'args'                => array(
					'action' => array(
						'type'     => 'string',
						'enum'     => EntryWorkspaceRepository::ACTIONS,
						'required' => true,
					),
					'ids'    => array(
						'type'     => 'array',
						'items'    => array(
							'type'    => 'integer',
							'minimum' => 1,
						),
						'minItems' => 1,
						'maxItems' => 1000,
						'required' => true,
					),
				),
			)
		);
		register_rest_route(
			Routes::NAMESPACE,
			'/' . $this->rest_base . '/(?P<id>[\d]+)/files',
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( $this, 'attach_files' ),
				'permission_callback' => array( ErrorMapper::class, 'can_edit_entries' ),
				'args'                => array(
					'field_id'  => array(
						'type'     => 'integer',
						'minimum'  => 1,
						'required' => true,
					),
					'upload_id' => array(
						'type'     => 'string',
						'pattern'  => '^[0-9a-f]{8}$',
						'required' => true,
					),
					'tokens'    => array(
						'type'     => 'array',
						'items'    => array( 'type' => 'string' ),
						'minItems' => 1,
						'maxItems' => 100,
						'required' => true,
					),
				),
			)
		);
	}

	/**
	 * Query parameters of GET /entries.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public function get_collection_params(): array {
		$params = parent::get_collection_params();
		unset( $params['search'], $params['context'] );
		$params            = array_merge( $params, EntryQuery::params() );
		$params['orderby'] = array(
			'description' => __( 'Sort by date, id or an input id\'s value.', 'kestrel-forms' ),
			'type'        => 'string',
			'pattern'     => '^(created_at|id|\\d+(\\.\\d+)?)$',
			'default'     => 'created_at',
		);
		$params['order']   = array(
			'type'    => 'string',
			'enum'    => array( 'asc', 'desc' ),
			'default' => 'desc',
		);
		return $params;
	}

	/**
	 * GET /entries needs the plugin capability.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true|WP_Error
	 */
	public function get_items_permissions_check( $request ) {
		return ErrorMapper::can_view_entries();
	}

	/**
	 * GET /entries/{id} needs the plugin capability.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true|WP_Error
	 */
	public function get_item_permissions_check( $request ) {
		return $this->get_items_permissions_check( $request );
	}

	/**
	 * GET /entries?form_id=N
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public function get_items( $request ) {
		$per_page = (int) $request['per_page'];
		$result   = $this->workspace->query( EntryQuery::criteria( $request ), (int) $request['page'], $per_page );
		$form     = $this->form_of( (int) $request['form_id'] );
		$payments = $this->payments->summaries_for_entries( array_map( static fn( array $item ): int => $item['entry']->id, $result['items'] ) );
		$items    = array();
		foreach ( $result['items'] as $item ) {
			$payment = $payments[ $item['entry']->id ] ?? null;
			$items[] = $this->present_listed( $item, $form ) + array(
				// Amount in minor units, as everywhere in the API.
				'payment' => null === $payment ? null : array(
					'status'   => $payment['status'],
					'amount'   => $payment['amount_minor'],
					'currency' => $payment['currency'],
				),
			);
		}
		$response = rest_ensure_response( $items );
		$response->header( 'X-WP-Total', (string) $result['total'] );
		$response->header( 'X-WP-TotalPages', (string) max( 1, (int) ceil( $result['total'] / max( 1, $per_page ) ) ) );
		return $response;
	}

	/**
	 * GET /entries/{id}
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function get_item( $request ) {
		$item = $this->workspace->find( (int) $request['id'] );
		if ( ! $item ) {
			return ErrorMapper::entry_not_found();
		}
		return rest_ensure_response( $this->present_detail( $item ) );
	}

	/**
	 * POST /entries/{id}: replaces the values of the fields sent, after the same validation as a
	 * submission. Only the fields sent are checked and changed; others keep their stored values.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function update_item( $request ) {
		$item = $this->workspace->find( (int) $request['id'] );
		if ( ! $item ) {
			return ErrorMapper::entry_not_found();
		}
		$entry = $item['entry'];
		$form  = $this->form_of( $entry->form_id );
		if ( ! $form ) {
			return ErrorMapper::form_not_found();
		}
		$sent = (array) $request['values'];
		// Field ids the edit touches: "3" and "3.2" both belong to field 3.
		$field_ids = array();
		foreach ( array_keys( $sent ) as $key ) {
			$field_id = (int) strtok( (string) $key, '.' );
			$field    = $form->field( $field_id );
			if ( ! $field || ! self::is_editable( $field ) ) {
				return ErrorMapper::value_not_editable( (string) $key );
			}
			$field_ids[ $field_id ] = true;
		}
		$field_ids = array_keys( $field_ids );
		// The stored values of the other fields, so logic and calculations see the whole entry.
		// List and repeater values are stored as rows but submitted as flat cells (Rows).
		$raw = array();
		foreach ( $entry->values as $input_id => $value ) {
			$field_id = (int) strtok( (string) $input_id, '.' );
			if ( in_array( $field_id, $field_ids, true ) ) {
				continue;
			}
			$field                     = $form->field( $field_id );
			$raw[ (string) $input_id ] = $field && Rows::is_repeated( $field ) ? Rows::cells_of( $field, $value ) : $value;
		}
		$raw    = $sent + $raw; // Not array_merge(): it renumbers the numeric input ids.
		$result = $this->validator->validate( $form->with_default_currency( ( new GeneralSettings() )->get()['currency'] ), $raw );
		$errors = array_intersect_key( $result->errors, array_flip( $field_ids ) );
		if ( $errors ) {
			return ErrorMapper::validation_failed( $errors );
		}
		$clean = array();
		foreach ( $result->values as $input_id => $value ) {
			if ( in_array( (int) strtok( (string) $input_id, '.' ), $field_ids, true ) ) {
				$clean[ (string) $input_id ] = $value;
			}
		}
		if ( ! $this->workspace->replace_values( $entry, $field_ids, $clean ) ) {
			return ErrorMapper::storage_failed();
		}
		/**
		 * An admin changed an entry's values.
		 *
		 * @param int       $entry_id  Entry id.
		 * @param list<int> $field_ids Fields changed.
		 */
		do_action( 'kestrel_forms_entry_updated', $entry->id, $field_ids );
		$this->add_system_note( $entry->id, $form, $field_ids );
		$item = $this->workspace->find( $entry->id );
		return $item ? rest_ensure_response( $this->present_detail( $item ) ) : ErrorMapper::entry_not_found();
	}

	/**
	 * POST /entries/{id}/files: an admin attaches files uploaded through the visitors' chunk
	 * route (same field limits, type and content checks) to an entry's upload field. The field's
	 * file limit counts the files the entry has already.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function attach_files( $request ) {
		$item = $this->workspace->find( (int) $request['id'] );
		if ( ! $item ) {
			return ErrorMapper::entry_not_found();
		}
		$entry  = $item['entry'];
		$record = $this->forms->find_record( $entry->form_id );
		$form   = $record ? $record['form'] : null;
		$field  = $form ? $form->field( (int) $request['field_id'] ) : null;
		$policy = FieldPolicy::of_field( $field, $this->uploads->hard_cap() );
		if ( ! $form || ! $field || ! $policy ) {
			return ErrorMapper::not_an_upload_field();
		}
		// Files are claimed for active forms only, as a submission's are.
		if ( FormRepository::STATUS_ACTIVE !== $record['status'] ) {
			return ErrorMapper::upload_error( new UploadError( UploadError::UNKNOWN ) );
		}
		try {
			$files = $this->uploads->claim( $form, (int) $field['id'], (string) $request['upload_id'], (array) $request['tokens'] );
		} catch ( UploadError $e ) {
			return ErrorMapper::upload_error( $e );
		}
		$key      = (string) $field['id'];
		$existing = is_array( $entry->values[ $key ] ?? null ) ? array_values( $entry->values[ $key ] ) : array();
		if ( null !== $policy->max_files && count( $existing ) + count( $files ) > $policy->max_files ) {
			return ErrorMapper::upload_error( new UploadError( UploadError::TOO_MANY, array( 'limit' => $policy->max_files ) ) );
		}
		// The files become this entry's in the transaction that stores its values: of two
		// requests naming the same files, only the first lists them.
		$tokens   = array_column( $files, 'token' );
		$reserved = true;
		$stored   = $this->workspace->replace_values(
			$entry,
			array( (int) $field['id'] ),
			array( $key => array_merge( $existing, $files ) ),
			function () use ( $tokens, $entry, &$reserved ): bool {
				$reserved = $this->uploads->reserve( $tokens, $entry->id );
				return $reserved;
			}
		);
		if ( ! $reserved ) {
			return ErrorMapper::upload_error( new UploadError( UploadError::UNKNOWN ) );
		}
		if ( ! $stored ) {
			return ErrorMapper::storage_failed();
		}
		$this->uploads->attach( $tokens, $entry->id );
		/* translators: 1: comma-separated file names, 2: field label. */
		$this->workspace->add_note( $entry->id, get_current_user_id(), sprintf( __( 'Attached %1$s to %2$s', 'kestrel-forms' ), implode( ', ', array_column( $files, 'name' ) ), EntryPresenter::label( $field ) ) );
		$item = $this->workspace->find( $entry->id );
		return $item ? rest_ensure_response( $this->present_detail( $item ) ) : ErrorMapper::entry_not_found();
	}

	/**
	 * POST /entries/bulk
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public function bulk( $request ) {
		$ids    = array_values( array_map( 'intval', (array) $request['ids'] ) );
		$action = (string) $request['action'];
		if ( 'delete' === $action ) {
			$this->uploads->delete_for_entries( $ids );
			$changed = $this->workspace->delete( $ids );
		} else {
			$changed = $this->workspace->apply( $action, $ids );
		}
		return rest_ensure_response(
			array(
				'action'  => $action,
				'changed' => $changed,
			)
		);
	}

	/**
	 * Whether an admin may edit a field's value.
	 *
	 * @param array<string, mixed> $field Field.
	 */
	public static function is_editable( array $field ): bool {
		$type = (string) $field['type'];
		return ! in_array( $type, Form::DISPLAY_ONLY_TYPES, true )
			&& ! in_array( $type, self::NOT_EDITABLE, true )
			&& ! ( 'number' === $type && ! empty( $field['enableCalculation'] ) );
	}

	/**
	 * A form by id, trashed ones included (their entries stay readable).
	 *
	 * @param int $form_id Form id.
	 */
	private function form_of( int $form_id ): ?Form {
		$record = $this->forms->find_record( $form_id );
		return $record ? $record['form'] : null;
	}

	/**
	 * A note saying who changed which fields.
	 *
	 * @param int       $entry_id  Entry id.
	 * @param Form      $form      Form.
	 * @param list<int> $field_ids Changed fields.
	 */
	private function add_system_note( int $entry_id, Form $form, array $field_ids ): void {
		$labels = array();
		foreach ( $field_ids as $field_id ) {
			$field    = $form->field( $field_id );
			$labels[] = $field ? EntryPresenter::label( $field ) : (string) $field_id;
		}
		/* translators: %s: comma-separated field labels. */
		$this->workspace->add_note( $entry_id, get_current_user_id(), sprintf( __( 'Edited: %s', 'kestrel-forms' ), implode( ', ', $labels ) ) );
	}

	/**
	 * A listed entry: the API shape plus flags and the display text of each value field.
	 *
	 * @param array{entry: Entry, is_read: bool, is_starred: bool} $item Item.
	 * @param Form|null                                            $form Form.
	 * @return array<string, mixed>
	 */
	private function present_listed( array $item, ?Form $form ): array {
		$display = array();
		foreach ( $form ? EntryPresenter::value_fields( $form ) : array() as $field ) {
			$display[ (string) $field['id'] ] = EntryPresenter::value( $field, $item['entry'] );
		}
		return self::present( $item['entry'] ) + array(
			'is_read'    => $item['is_read'],
			'is_starred' => $item['is_starred'],
			'display'    => (object) $display,
		);
	}

	/**
	 * One entry for the detail screen: every value field formatted by type, the order in money
	 * text, the feeds that fired, notes and the previous/next entries.
	 *
	 * @param array{entry: Entry, is_read: bool, is_starred: bool} $item Item.
	 * @return array<string, mixed>
	 */
	private function present_detail( array $item ): array {
		$entry  = $item['entry'];
		$form   = $this->form_of( $entry->form_id );
		$fields = array();
		foreach ( $form ? EntryPresenter::value_fields( $form ) : array() as $field ) {
			$id       = (string) $field['id'];
			$raw      = array();
			$editable = self::is_editable( $field );
			if ( $editable ) {
				foreach ( $entry->values as $input_id => $value ) {
					if ( (string) strtok( (string) $input_id, '.' ) === $id ) {
						$raw[ (string) $input_id ] = $value;
					}
				}
			}
			$fields[] = array(
				'id'              => (int) $field['id'],
				'type'            => (string) $field['type'],
				'label'           => EntryPresenter::label( $field ),
				'text'            => EntryPresenter::value( $field, $entry ),
				'files'           => 'fileupload' === $field['type'] ? EntryPresenter::files( $field, $entry ) : array(),
				'rows'            => Rows::is_repeated( $field ) && is_array( $entry->values[ $id ] ?? null ) ? array_values( $entry->values[ $id ] ) : null,
				'columns'         => Rows::is_repeated( $field ) ? self::columns( $field ) : null,
				// What the row editor needs to draw a list or repeater as visitors see it.
				'rows_definition' => Rows::is_repeated( $field ) ? self::rows_definition( $field ) : null,
				// What the entry screen's uploader checks before a file leaves the browser.
				'upload_rules'    => $this->upload_rules( $field ),
				'editable'        => $editable,
				'raw'             => (object) $raw,
				'choices'         => array_map(
					static fn( array $c ): array => array(
						'text'  => (string) ( $c['text'] ?? '' ),
						'value' => (string) ( $c['value'] ?? '' ),
					),
					array_values( (array) ( $field['choices'] ?? array() ) )
				),
			);
		}
		$feeds = array();
		foreach ( $entry->feeds as $feed_id ) {
			$name = '';
			foreach ( $form ? (array) ( $form->definition['feeds'] ?? array() ) : array() as $feed ) {
				if ( (int) ( $feed['feedId'] ?? 0 ) === $feed_id ) {
					$name = (string) ( $feed['name'] ?? $feed['addonSlug'] ?? '' );
				}
			}
			$feeds[] = array(
				'id'   => $feed_id,
				'name' => $name,
			);
		}
		$user = $entry->user_id ? get_userdata( $entry->user_id ) : false;
		return self::present( $entry ) + array(
			'is_read'    => $item['is_read'],
			'is_starred' => $item['is_starred'],
			'form_title' => $form ? $form->title() : '',
			'user_name'  => $user ? $user->display_name : '',
			'fields'     => $fields,
			'order'      => self::order_text( $entry->pricing ),
			'feed_list'  => $feeds,
			'notes'      => array_map( array( EntryNotesController::class, 'present_note' ), $this->workspace->notes( $entry->id ) ),
			'neighbours' => $this->workspace->neighbours( $entry ),
		);
	}

	/**
	 * Column headings of a list or repeater.
	 *
	 * @param array<string, mixed> $field Field.
	 * @return list<string>
	 */
	private static function columns( array $field ): array {
		return 'repeater' === $field['type']
			? array_map( static fn( array $f ): string => (string) ( $f['label'] ?? '' ), array_values( $field['fields'] ?? array() ) )
			: array_map( 'strval', array_values( (array) ( $field['columns'] ?? array() ) ) );
	}

	/**
	 * The parts of a list or repeater definition the entry screen's row editor draws: columns,
	 * repeated fields (type, label, choices, limits), most rows and whether one is required.
	 *
	 * @param array<string, mixed> $field List or repeater field.
	 * @return array<string, mixed>
	 */
	private static function rows_definition( array $field ): array {
		$keys = array( 'id', 'type', 'label', 'adminLabel', 'columns', 'fields', 'maxRows', 'isRequired' );
		return array_intersect_key( $field, array_flip( $keys ) );
	}

	/**
	 * An upload field's limits as the server applies them (the field's extensions and largest
	 * file under the site-wide cap, the most files), for the entry screen's uploader to check
	 * before a file leaves the browser. The server checks again on upload and attach.
	 *
	 * @param array<string, mixed> $field Field (null rules unless it is an upload field).
	 * @return array{extensions: list<string>, maxBytes: int, maxFiles: int|null}|null
	 */
	private function upload_rules( array $field ): ?array {
		$policy = FieldPolicy::of_field( $field, $this->uploads->hard_cap() );
		return $policy ? array(
			'extensions' => array_values( $policy->extensions ),
			'maxBytes'   => $policy->max_bytes,
			'maxFiles'   => $policy->max_files,
		) : null;
	}

	/**
	 * The order as money text for the detail screen.
	 *
	 * @param array<string, mixed>|null $pricing Stored pricing.
	 * @return array<string, mixed>|null
	 */
	private static function order_text( ?array $pricing ): ?array {
		if ( null === $pricing ) {
			return null;
		}
		$currency = (string) $pricing['currency'];
		return array(
			'currency' => $currency,
			'lines'    => array_map(
				static fn( array $line ): array => array(
					'name'     => (string) $line['name'],
					'options'  => array_map( static fn( array $o ): string => $o['name'] . ' ' . EntryPresenter::money( (int) $o['priceMinor'], $currency ), $line['options'] ),
					'quantity' => (string) $line['quantity'],
					'unit'     => EntryPresenter::money( (int) $line['unitMinor'], $currency ),
					'total'    => EntryPresenter::money( (int) $line['lineMinor'], $currency ),
				),
				$pricing['products']
			),
			'shipping' => EntryPresenter::money( (int) $pricing['shippingMinor'], $currency ),
			'total'    => EntryPresenter::money( (int) $pricing['totalMinor'], $currency ),
		);
	}

	/**
	 * Schema of an entry as the routes return it.
	 *
	 * @return array<string, mixed>
	 */
	public function get_item_schema(): array {
		if ( ! $this->schema ) {
			$this->schema = array(
				'$schema'    => 'http://json-schema.org/draft-04/schema#',
				'title'      => 'kestrel-entry',
				'type'       => 'object',
				'properties' => array(
					'id'         => array(
						'type'     => 'integer',
						'readonly' => true,
					),
					'form_id'    => array(
						'type'     => 'integer',
						'readonly' => true,
					),
					'values'     => array(
						'type'                 => 'object',
						'description'          => __( 'Values keyed by input id.', 'kestrel-forms' ),
						'additionalProperties' => array( 'type' => 'string' ),
					),
					'created_at' => array(
						'type'        => 'string',
						'format'      => 'date-time',
						'description' => __( 'UTC.', 'kestrel-forms' ),
					),
					'source_url' => array(
						'type'   => 'string',
						'format' => 'uri',
					),
					'user_id'    => array( 'type' => 'integer' ),
					'status'     => array(
						'type' => 'string',
						'enum' => array( Entry::STATUS_ACTIVE, Entry::STATUS_SPAM, Entry::STATUS_TRASH ),
					),
				),
			);
		}
		return $this->add_additional_fields_schema( $this->schema );
	}

	/**
	 * An entry as the API shows it.
	 *
	 * @param Entry $entry Entry.
	 * @return array<string, mixed>
	 */
	public static function present( Entry $entry ): array {
		return array(
			'id'         => $entry->id,
			'form_id'    => $entry->form_id,
			'values'     => (object) $entry->values,
			'created_at' => FormsController::iso( $entry->created_at ),
			'source_url' => $entry->source_url,
			'user_id'    => $entry->user_id,
			'status'     => $entry->status,
			'pricing'    => self::present_pricing( $entry->pricing ),
			'feeds'      => $entry->feeds,
		);
	}

	/**
	 * The order as the API shows it: amounts as decimal strings and in minor units.
	 *
	 * @param array<string, mixed>|null $pricing Stored pricing.
	 * @return array<string, mixed>|null
	 */
	private static function present_pricing( ?array $pricing ): ?array {
		if ( null === $pricing ) {
			return null;
		}
		$decimals = (int) Currencies::get( (string) $pricing['currency'] )['decimals'];
		$amount   = static fn( int $minor ): string => Decimal::from_minor_units( $minor, $decimals );
		return array(
			'currency'       => $pricing['currency'],
			'total'          => $amount( (int) $pricing['totalMinor'] ),
			'total_minor'    => (int) $pricing['totalMinor'],
			'shipping'       => $amount( (int) $pricing['shippingMinor'] ),
			'shipping_minor' => (int) $pricing['shippingMinor'],
			'products'       => array_map(
				static fn( array $line ): array => array(
					'field_id'   => (int) $line['fieldId'],
					'name'       => (string) $line['name'],
					'quantity'   => (string) $line['quantity'],
					'unit_price' => $amount( (int) $line['unitMinor'] ),
					'options'    => array_map(
						static fn( array $o ): array => array(
							'field_id' => (int) $o['fieldId'],
							'name'     => (string) $o['name'],
							'price'    => $amount( (int) $o['priceMinor'] ),
						),
						$line['options']
					),
					'line_total' => $amount( (int) $line['lineMinor'] ),
				),
				$pricing['products']
			),
		);
	}
}
