<?php
/**
 * The entries query of the REST routes: parameters and repository criteria.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Rest;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Persistence\EntryPayments;
use WP_REST_Request;

/**
 * Shared by the list (EntriesController) and the CSV export (EntriesExportController), so both
 * read the same filters the same way.
 */
final class EntryQuery {

	/**
	 * Search, filter and sort parameters shared by the list and the export.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public static function params(): array {
		return array(
			'form_id'        => array(
				'description' => __( 'The form whose entries to list.', 'kestrel-forms' ),
				'type'        => 'integer',
				'minimum'     => 1,
				'required'    => true,
			),
			'search'         => array(
				'description' => __( 'Text any value contains, or an entry id.', 'kestrel-forms' ),
				'type'        => 'string',
				'maxLength'   => 200,
			),
			'status'         => array(
				'description' => __( 'Entries with this status; "all" for every status.', 'kestrel-forms' ),
				'type'        => 'string',
				'enum'        => array( 'all', Entry::STATUS_ACTIVE, Entry::STATUS_SPAM, Entry::STATUS_TRASH ),
				'default'     => 'all',
			),
			'starred'        => array( 'type' => 'boolean' ),
			'read'           => array( 'type' => 'boolean' ),
			'date_from'      => array(
				'description' => __( 'First day (site time zone), YYYY-MM-DD.', 'kestrel-forms' ),
				'type'        => 'string',
				'pattern'     => '^\\d{4}-\\d{2}-\\d{2}$',
			),
			'date_to'        => array(
				'description' => __( 'Last day (site time zone), YYYY-MM-DD.', 'kestrel-forms' ),
				'type'        => 'string',
				'pattern'     => '^\\d{4}-\\d{2}-\\d{2}$',
			),
			'field'          => array(
				'description' => __( 'Field or input id whose value to filter on.', 'kestrel-forms' ),
				'type'        => 'string',
				'pattern'     => '^\\d+(\\.\\d+)?$',
			),
			'field_value'    => array(
				'type'      => 'string',
				'maxLength' => 200,
			),
			'field_operator' => array(
				'type'    => 'string',
				'enum'    => array( 'is', 'contains' ),
				'default' => 'is',
			),
			'payment_status' => array(
				'description' => __( 'Entries whose payment has this status; "none" for entries without a payment, "all" (default) for any.', 'kestrel-forms' ),
				'type'        => 'string',
				'enum'        => array_merge( array( 'all', EntryPayments::NONE ), EntryPayments::FILTER_STATUSES ),
				'default'     => 'all',
			),
		);
	}

	/**
	 * Repository criteria from a request (dates in the site's time zone become UTC).
	 *
	 * @param WP_REST_Request $request Request.
	 * @return array<string, mixed>
	 */
	public static function criteria( WP_REST_Request $request ): array {
		$criteria = array(
			'form_id'        => (int) $request['form_id'],
			'status'         => (string) ( $request['status'] ?? 'all' ),
			'search'         => (string) ( $request['search'] ?? '' ),
			'starred'        => isset( $request['starred'] ) ? (bool) $request['starred'] : null,
			'read'           => isset( $request['read'] ) ? (bool) $request['read'] : null,
			'field'          => (string) ( $request['field'] ?? '' ),
			'field_value'    => (string) ( $request['field_value'] ?? '' ),
			'field_operator' => (string) ( $request['field_operator'] ?? 'is' ),
			'orderby'        => (string) ( $request['orderby'] ?? 'created_at' ),
			'order'          => (string) ( $request['order'] ?? 'desc' ),
			'payment_status' => (string) ( $request['payment_status'] ?? 'all' ),
		);
		if ( ! empty( $request['date_from'] ) ) {
			$criteria['date_from'] = get_gmt_from_date( $request['date_from'] . ' 00:00:00' );
		}
		if ( ! empty( $request['date_to'] ) ) {
			$criteria['date_to'] = get_gmt_from_date( $request['date_to'] . ' 23:59:59' );
		}
		return $criteria;
	}
}
