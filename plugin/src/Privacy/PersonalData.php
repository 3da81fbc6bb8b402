<?php
/**
 * WordPress personal-data exporter and eraser for entries holding an email address.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Privacy;

use Kestrel\Forms\Entries\EntryPresenter;
use Kestrel\Forms\Entries\PaymentText;
use Kestrel\Forms\Persistence\EntryPayments;
use Kestrel\Forms\Persistence\EntryWorkspaceRepository;
use Kestrel\Forms\Persistence\FormRepository;
use Kestrel\Forms\Uploads\UploadStore;

/**
 * Tools → Export / Erase Personal Data: entries with a value equal to the email address (any
 * field, case-insensitive) are exported with every value and a summary of their payment (status,
 * amount, method, card brand and last four digits, transaction id, receipt: never a token or a
 * card number, which WordPress never has), or erased with their notes and files.
 */
final class PersonalData {

	public const ID        = 'kestrel-forms';
	private const PER_PAGE = 20;

	/**
	 * Takes the entries, the forms and the files it exports and erases.
	 *
	 * @param EntryWorkspaceRepository $entries Entries.
	 * @param FormRepository           $forms   Forms.
	 * @param UploadStore              $uploads Files of entries.
	 * @param EntryPayments            $payments Payments of entries.
	 */
	public function __construct(
		private readonly EntryWorkspaceRepository $entries,
		private readonly FormRepository $forms,
		private readonly UploadStore $uploads,
		private readonly EntryPayments $payments = new EntryPayments()
	) {}

	/**
	 * Hooks the exporter and the eraser.
	 */
	public function register(): void {
		add_filter( 'wp_privacy_personal_data_exporters', array( $this, 'add_exporter' ) );
		add_filter( 'wp_privacy_personal_data_erasers', array( $this, 'add_eraser' ) );
	}

	/**
	 * Adds the entries exporter (`wp_privacy_personal_data_exporters`).
	 *
	 * @param array<string, mixed> $exporters Exporters.
	 * @return array<string, mixed>
	 */
	public function add_exporter( $exporters ): array {
		$exporters             = is_array( $exporters ) ? $exporters : array();
		$exporters[ self::ID ] = array(
			'exporter_friendly_name' => __( 'Kestrel Forms entries', 'kestrel-forms' ),
			'callback'               => array( $this, 'export' ),
		);
		return $exporters;
	}

	/**
	 * Adds the entries eraser (`wp_privacy_personal_data_erasers`).
	 *
	 * @param array<string, mixed> $erasers Erasers.
	 * @return array<string, mixed>
	 */
	public function add_eraser( $erasers ): array {
		$erasers             = is_array( $erasers ) ? $erasers : array();
		$erasers[ self::ID ] = array(
			'eraser_friendly_name' => __( 'Kestrel Forms entries', 'kestrel-forms' ),
			'callback'             => array( $this, 'erase' ),
		);
		return $erasers;
	}

	/**
	 * One page of the person's entries.
	 *
	 * @param string $email Email address.
	 * @param int    $page  1-based page.
	 * @return array{data: list<array<string, mixed>>, done: bool}
	 */
	public function export( $email, $page = 1 ): array {
		$email = trim( (string) $email );
		$page  = max( 1, (int) $page );
		if ( ! is_email( $email ) ) {
			return array(
				'data' => array(),
				'done' => true,
			);
		}
		$ids      = $this->entries->ids_with_value( $email, self::PER_PAGE, ( $page - 1 ) * self::PER_PAGE );
		$data     = array();
		$records  = array(); // Each form read once per page.
		$payments = $this->payments->summaries_for_entries( $ids );
		foreach ( $ids as $id ) {
			$item = $this->entries->find( $id );
			if ( ! $item ) {
				continue;
			}
			$entry = $item['entry'];
			if ( ! array_key_exists( $entry->form_id, $records ) ) {
				$records[ $entry->form_id ] = $this->forms->find_record( $entry->form_id );
			}
			$record = $records[ $entry->form_id ];
			$rows   = array(
				array(
					'name'  => __( 'Form', 'kestrel-forms' ),
					'value' => $record ? $record['form']->title() : (string) $entry->form_id,
				),
				array(
					'name'  => __( 'Submitted', 'kestrel-forms' ),
					// The site's local date and time in its formats, as the entry screens show it.
					'value' => EntryPresenter::local_time( $entry->created_at ),
				),
			);
			foreach ( $record ? EntryPresenter::value_fields( $record['form'] ) : array() as $field ) {
				$text = EntryPresenter::export( $field, $entry ); // The type's format (Entries\Formats).
				if ( '' !== $text ) {
					$rows[] = array(
						'name'  => EntryPresenter::label( $field ),
						'value' => $text,
					);
				}
			}
			$rows   = array_merge( $rows, self::payment_rows( $payments[ $entry->id ] ?? null ) );
			$data[] = array(
				'group_id'    => 'kestrel-forms-entries',
				'group_label' => __( 'Form entries', 'kestrel-forms' ),
				'item_id'     => 'kestrel-forms-entry-' . $entry->id,
				'data'        => $rows,
			);
		}
		return array(
			'data' => $data,
			'done' => count( $ids ) < self::PER_PAGE,
		);
	}

	/**
	 * The payment of an entry as exporter rows (none without a payment; empty values left out).
	 *
	 * @param array{status: string, amount_minor: int, currency: string, method: string, brand: string, last4: string, provider_payment_id: string, receipt_url: string}|null $payment Payment.
	 * @return list<array{name: string, value: string}>
	 */
	private static function payment_rows( ?array $payment ): array {
		if ( null === $payment ) {
			return array();
		}
		$pairs = array(
			__( 'Payment status', 'kestrel-forms' ) => PaymentText::status( $payment['status'] ),
			__( 'Payment amount', 'kestrel-forms' ) => PaymentText::money( $payment['amount_minor'], $payment['currency'] ),
			__( 'Payment method', 'kestrel-forms' ) => PaymentText::method( $payment['method'] ),
			__( 'Card', 'kestrel-forms' )           => PaymentText::card( $payment ),
			__( 'Transaction id', 'kestrel-forms' ) => $payment['provider_payment_id'],
			__( 'Receipt', 'kestrel-forms' )        => $payment['receipt_url'],
		);
		$rows  = array();
		foreach ( $pairs as $name => $value ) {
			if ( '' !== $value ) {
				$rows[] = array(
					'name'  => (string) $name,
					'value' => $value,
				);
			}
		}
		return $rows;
	}

	/**
	 * Deletes the person's entries a batch at a time (always page 1: erased ones are gone).
	 *
	 * @param string $email Email address.
	 * @param int    $page  1-based page (unused: see above).
	 * @return array{items_removed: bool, items_retained: bool, messages: list<string>, done: bool}
	 */
	public function erase( $email, $page = 1 ): array {
		$email = trim( (string) $email );
		if ( ! is_email( $email ) ) {
			return array(
				'items_removed'  => false,
				'items_retained' => false,
				'messages'       => array(),
				'done'           => true,
			);
		}
		$ids = $this->entries->ids_with_value( $email, self::PER_PAGE );
		$this->uploads->delete_for_entries( $ids );
		// Payments stay as financial records; delete() removes their personal data (H8).
		$paid    = $ids ? count( $this->payments->summaries_for_entries( $ids ) ) : 0;
		$removed = $ids ? $this->entries->delete( $ids ) : 0;
		return array(
			'items_removed'  => $removed > 0,
			'items_retained' => $paid > 0,
			'messages'       => $paid > 0 ? array( __( 'Kestrel Forms kept the payment records of the erased entries (amount, status, card brand and last four digits, the provider\'s transaction ids) for accounting; the email, billing address and note in them were removed.', 'kestrel-forms' ) ) : array(),
			'done'           => count( $ids ) < self::PER_PAGE,
		);
	}
}
