<?php
/**
 * REST resource: entries (read-only in this version).
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Rest;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Domain\Money\Currencies;
use Kestrel\Forms\Domain\Money\Decimal;
use Kestrel\Forms\Persistence\EntryRepository;
use Kestrel\Forms\Security\Capabilities;
use WP_Error;
use WP_REST_Controller;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * `GET kestrel-forms/v1/entries?form_id=N` (paged, newest first) and `GET /entries/{id}`.
 */
final class EntriesController extends WP_REST_Controller {

	public function __construct( private readonly EntryRepository $entries ) {
		$this->namespace = Routes::NAMESPACE;
		$this->rest_base = 'entries';
	}

	/**
	 * Registers the routes.
	 */
	public function register_routes(): void {
		register_rest_route(
			$this->namespace,
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
			$this->namespace,
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
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
	}

	/**
	 * @return array<string, array<string, mixed>>
	 */
	public function get_collection_params(): array {
		$params = parent::get_collection_params();
		unset( $params['search'], $params['context'] );
		$params['form_id'] = array(
			'description' => __( 'The form whose entries to list.', 'kestrel-forms' ),
			'type'        => 'integer',
			'minimum'     => 1,
			'required'    => true,
		);
		return $params;
	}

	/**
	 * @param WP_REST_Request $request Request.
	 * @return true|WP_Error
	 */
	public function get_items_permissions_check( $request ) {
		return Capabilities::current_user_can_manage() ? true : ErrorMapper::forbidden();
	}

	/**
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
		$result   = $this->entries->page_for_form( (int) $request['form_id'], (int) $request['page'], $per_page );
		$response = rest_ensure_response( array_map( array( self::class, 'present' ), $result['items'] ) );
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
		$entry = $this->entries->find( (int) $request['id'] );
		return $entry ? rest_ensure_response( self::present( $entry ) ) : ErrorMapper::entry_not_found();
	}

	/**
	 * @return array<string, mixed>
	 */
	public function get_item_schema(): array {
		if ( ! $this->schema ) {
			$this->schema = array(
				'$schema'    => 'http://json-schema.org/draft-04/schema#',
				'title'      => 'kestrel-entry',
				'type'       => 'object',
				'properties' => array(
					'id'         => array( 'type' => 'integer', 'readonly' => true ),
					'form_id'    => array( 'type' => 'integer', 'readonly' => true ),
					'values'     => array(
						'type'                 => 'object',
						'description'          => __( 'Values keyed by input id.', 'kestrel-forms' ),
						'additionalProperties' => array( 'type' => 'string' ),
					),
					'created_at' => array( 'type' => 'string', 'format' => 'date-time', 'description' => __( 'UTC.', 'kestrel-forms' ) ),
					'source_url' => array( 'type' => 'string', 'format' => 'uri' ),
					'user_id'    => array( 'type' => 'integer' ),
					'status'     => array( 'type' => 'string', 'enum' => array( Entry::STATUS_ACTIVE, Entry::STATUS_SPAM, Entry::STATUS_TRASH ) ),
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
