<?php
/**
 * Read-only look-ups of the payment of entries, for the entries workspace (list, CSV export,
 * privacy export, merge tags).
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Persistence;

/**
 * Reads `{prefix}kestrel_forms_payments` (Schema version 7; written by PaymentRepository) by
 * entry id. An entry has at most one payment (entry_id is unique). Rows come back as
 * PaymentSummary arrays: never a token or the request body.
 *
 * @phpstan-type PaymentSummary array{entry_id: int, status: string, amount_minor: int, currency: string, refunded_minor: int, method: string, brand: string, last4: string, provider_payment_id: string, receipt_url: string, environment: string, capture_mode: string, created_at: string}
 */
final class EntryPayments {

	/** The filter value of entries without a payment. */
	public const NONE = 'none';

	/** Payment statuses the entries list filters by (plus NONE). */
	public const FILTER_STATUSES = array( 'paid', 'authorized', 'pending', 'partially_refunded', 'refunded', 'voided', 'failed', 'processing' );

	/**
	 * The payments table with the site prefix.
	 */
	public static function table(): string {
		return Schema::tables()['payments'];
	}

	/**
	 * The payment of one entry.
	 *
	 * @param int $entry_id Entry id.
	 * @return PaymentSummary|null
	 */
	public function find_by_entry( int $entry_id ): ?array {
		return $this->summaries_for_entries( array( $entry_id ) )[ $entry_id ] ?? null;
	}

	/**
	 * The payments of entries, by entry id (entries without one are left out).
	 *
	 * @param list<int> $entry_ids Entry ids.
	 * @return array<int, PaymentSummary>
	 */
	public function summaries_for_entries( array $entry_ids ): array {
		global $wpdb;
		$ids = array_values( array_unique( array_filter( array_map( 'intval', $entry_ids ) ) ) );
		if ( ! $ids ) {
			return array();
		}
		$table        = self::table();
		$placeholders = implode( ',', array_fill( 0, count( $ids ), '%d' ) );
		$rows         = (array) $wpdb->get_results(
			// phpcs:ignore WordPress.DB.PreparedSQL, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- table name is ours; one %d per id, built above.
			$wpdb->prepare( "SELECT entry_id, status, amount_minor, currency, refunded_minor, method, brand, last4, provider_payment_id, receipt_url, environment, capture_mode, created_at FROM {$table} WHERE entry_id IN ($placeholders)", $ids ),
			ARRAY_A
		);
		$by_entry = array();
		foreach ( $rows as $row ) {
			$payment                          = self::row( (array) $row );
			$by_entry[ $payment['entry_id'] ] = $payment;
		}
		return $by_entry;
	}

	/**
	 * Whether any entry of a form has a payment (the CSV export then adds its payment columns).
	 *
	 * @param int $form_id Form id.
	 */
	public function form_has_payments( int $form_id ): bool {
		global $wpdb;
		$table = self::table();
		return null !== $wpdb->get_var( $wpdb->prepare( "SELECT id FROM {$table} WHERE form_id = %d AND entry_id IS NOT NULL LIMIT 1", $form_id ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name is ours.
	}

	/**
	 * A typed row.
	 *
	 * @param array<string, mixed> $row Database row.
	 * @return PaymentSummary
	 */
	private static function row( array $row ): array {
		$text = static fn( string $key ): string => is_scalar( $row[ $key ] ?? null ) ? (string) $row[ $key ] : '';
		return array(
			'entry_id'            => (int) $row['entry_id'],
			'status'              => $text( 'status' ),
			'amount_minor'        => (int) $row['amount_minor'],
			'currency'            => strtoupper( $text( 'currency' ) ),
			'refunded_minor'      => (int) ( $row['refunded_minor'] ?? 0 ),
			'method'              => $text( 'method' ),
			'brand'               => $text( 'brand' ),
			'last4'               => $text( 'last4' ),
			'provider_payment_id' => $text( 'provider_payment_id' ),
			'receipt_url'         => $text( 'receipt_url' ),
			'environment'         => $text( 'environment' ),
			'capture_mode'        => $text( 'capture_mode' ),
			'created_at'          => $text( 'created_at' ),
		);
	}
}
