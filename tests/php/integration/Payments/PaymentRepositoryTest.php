<?php
/**
 * The payment tables and their repository.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Payments;

use Kestrel\Forms\Domain\Payments\PaymentStatus;
use Kestrel\Forms\Persistence\PaymentRepository;
use Kestrel\Forms\Persistence\Schema;
use Kestrel\Forms\Plugin;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

final class PaymentRepositoryTest extends TestCase {

	private PaymentRepository $repo;

	protected function set_up(): void {
		$this->repo = new PaymentRepository();
	}

	/**
	 * A minimal attempt row.
	 *
	 * @param array<string, mixed> $overrides Columns.
	 * @return array<string, mixed>
	 */
	private function attempt( array $overrides = array() ): array {
		return $overrides + array(
			'form_id'        => 7,
			'submission_key' => 'sub-key-0001',
			'attempt_key'    => wp_generate_uuid4(),
			'environment'    => 'sandbox',
			'method'         => 'card',
			'capture_mode'   => 'charge',
			'amount_minor'   => 3000,
			'currency'       => 'USD',
			'request_body'   => '{"x":1}',
			'request_hash'   => hash( 'sha256', '{"x":1}' ),
		);
	}

	public function test_schema_10_creates_the_payment_tables_and_uninstall_drops_them(): void {
		global $wpdb;
		$this->assertSame( 10, Schema::VERSION );
		$this->assertNotNull( $wpdb->get_row( $wpdb->prepare( 'SHOW COLUMNS FROM ' . Schema::tables()['payment_drafts'] . ' LIKE %s', 'owner_hash' ) ), 'Version 10: the hash of a draft\'s browser secret.' ); // phpcs:ignore WordPress.DB
		$tables = Schema::tables();
		foreach ( array( 'payments', 'refunds', 'webhook_events', 'payment_drafts' ) as $name ) {
			$this->assertSame( $tables[ $name ], $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', $tables[ $name ] ) ), $name );
		}
		// A version 6 site gets the new tables from the upgrade.
		$wpdb->query( "DROP TABLE {$tables['payments']}" ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		update_option( Schema::VERSION_OPTION, 6 );
		Plugin::upgrade();
		$this->assertSame( $tables['payments'], $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', $tables['payments'] ) ) );
		$this->assertSame( 10, (int) get_option( Schema::VERSION_OPTION ) );

		Schema::uninstall();
		foreach ( array( 'payments', 'refunds', 'webhook_events', 'payment_drafts' ) as $name ) {
			$this->assertNull( $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', $tables[ $name ] ) ), $name );
		}
		Schema::install();
		$this->assertSame( $tables['payments'], $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', $tables['payments'] ) ) );
	}

	/** Square's published refund id shape: `{29-char payment id}_{43 chars}`, 73 characters. */
	private const SQUARE_REFUND_ID = 'R2B3Z8WMVt3EAmzYWLZvz7Y69EbZY_KlWP8IC1557ddwc9QWTKrCVU6m0JXDz15R2Qym5eQfR';

	public function test_a_73_character_refund_id_is_stored_whole_and_found_also_after_the_version_7_upgrade(): void {
		global $wpdb;
		$this->assertSame( 73, strlen( self::SQUARE_REFUND_ID ) );
		$payment = $this->repo->create_attempt( $this->attempt( array( 'provider_payment_id' => 'R2B3Z8WMVt3EAmzYWLZvz7Y69EbZY' ) ) );
		$refund  = $this->repo->insert_refund(
			array(
				'payment_id'         => $payment,
				'idempotency_key'    => 'kf-rk-73',
				'provider_refund_id' => self::SQUARE_REFUND_ID,
				'amount_minor'       => 100,
				'currency'           => 'USD',
			)
		);
		$this->assertGreaterThan( 0, $refund );
		$found = $this->repo->find_refund_by_provider_id( self::SQUARE_REFUND_ID );
		$this->assertNotNull( $found, 'A 73-character refund id is found again (not cut by the column).' );
		$this->assertSame( self::SQUARE_REFUND_ID, $found['provider_refund_id'] );

		// A 150-character event id and a second refund id of the same payment (same 64-character prefix).
		$event = str_repeat( 'e', 150 );
		$this->assertTrue( $this->repo->insert_webhook_event( $event, 'sandbox', 'refund.updated', self::SQUARE_REFUND_ID ) );
		$this->assertSame( $event, $this->repo->find_webhook_event( $event )['event_id'] ?? null );
		$this->assertSame( self::SQUARE_REFUND_ID, $this->repo->find_webhook_event( $event )['object_id'] ?? null );
		$twin = substr( self::SQUARE_REFUND_ID, 0, 64 ) . 'ZZZZZZZZZ';
		$this->assertGreaterThan(
			0,
			$this->repo->insert_refund(
				array(
					'payment_id'         => $payment,
					'idempotency_key'    => 'kf-rk-twin',
					'provider_refund_id' => $twin,
					'amount_minor'       => 5,
				)
			),
			'Ids that share their first 64 characters do not collide.'
		);

		// A site still on version 7 (provider ids varchar(64)) is widened by the upgrade.
		$tables = Schema::tables();
		$wpdb->query( "DROP TABLE {$tables['refunds']}" ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		$wpdb->query( "CREATE TABLE {$tables['refunds']} (id bigint(20) unsigned NOT NULL AUTO_INCREMENT, payment_id bigint(20) unsigned NOT NULL, provider_refund_id varchar(64) DEFAULT NULL, idempotency_key varchar(64) NOT NULL, amount_minor bigint(20) NOT NULL DEFAULT 0, currency char(3) NOT NULL DEFAULT '', status varchar(20) NOT NULL DEFAULT 'pending', reason varchar(255) NOT NULL DEFAULT '', user_id bigint(20) unsigned NOT NULL DEFAULT 0, created_at datetime NOT NULL, updated_at datetime NOT NULL, PRIMARY KEY  (id), UNIQUE KEY idempotency_key (idempotency_key), UNIQUE KEY provider_refund_id (provider_refund_id), KEY payment_id (payment_id))" ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.DirectDatabaseQuery.SchemaChange
		update_option( Schema::VERSION_OPTION, 7 );
		Plugin::upgrade();
		$this->assertSame( Schema::VERSION, (int) get_option( Schema::VERSION_OPTION ) );
		$this->assertGreaterThan(
			0,
			$this->repo->insert_refund(
				array(
					'payment_id'         => $payment,
					'idempotency_key'    => 'kf-rk-after',
					'provider_refund_id' => self::SQUARE_REFUND_ID,
					'amount_minor'       => 100,
				)
			)
		);
		$this->assertNotNull( $this->repo->find_refund_by_provider_id( self::SQUARE_REFUND_ID ), 'After the upgrade the whole id is stored.' );
	}

	public function test_a_provider_id_longer_than_its_column_is_refused_not_cut(): void {
		$long    = str_repeat( 'x', Schema::PROVIDER_ID_LENGTH + 1 );
		$payment = $this->repo->create_attempt( $this->attempt() );
		$this->assertSame(
			0,
			$this->repo->create_attempt(
				$this->attempt(
					array(
						'submission_key'      => 'other',
						'provider_payment_id' => $long,
					)
				)
			)
		);
		$this->assertFalse( $this->repo->update_details( $payment, array( 'provider_payment_id' => $long ) ) );
		$this->assertNull( $this->repo->find( $payment )['provider_payment_id'] );
		$this->assertSame(
			0,
			$this->repo->insert_refund(
				array(
					'payment_id'         => $payment,
					'idempotency_key'    => 'kf-long',
					'provider_refund_id' => $long,
					'amount_minor'       => 1,
				)
			)
		);
		$refund = $this->repo->insert_refund(
			array(
				'payment_id'      => $payment,
				'idempotency_key' => 'kf-short',
				'amount_minor'    => 1,
			)
		);
		$this->assertFalse( $this->repo->attach_provider_refund_id( $refund, $long ) );
		$this->assertNull( $this->repo->find_refund( $refund )['provider_refund_id'] );
		$this->assertFalse( $this->repo->insert_webhook_event( $long, 'sandbox', 'payment.updated', 'p' ) );
		$this->assertNull( $this->repo->find_webhook_event( substr( $long, 0, Schema::PROVIDER_ID_LENGTH ) ) );
	}

	public function test_one_live_attempt_per_submission_key_and_lookups(): void {
		$first = $this->repo->create_attempt( $this->attempt() );
		$this->assertGreaterThan( 0, $first );
		$this->assertSame( 0, $this->repo->create_attempt( $this->attempt() ), 'A second attempt with the same key is refused by the unique index.' );
		$this->assertGreaterThan( 0, $this->repo->create_attempt( $this->attempt( array( 'form_id' => 8 ) ) ), 'The key is unique per form.' );
		$this->assertGreaterThan( 0, $this->repo->create_attempt( $this->attempt( array( 'submission_key' => null ) ) ) );
		$this->assertGreaterThan( 0, $this->repo->create_attempt( $this->attempt( array( 'submission_key' => null ) ) ), 'Attempts without a key do not collide.' );

		$row = $this->repo->find( $first );
		$this->assertSame( PaymentStatus::PROCESSING, $row['status'] );
		$this->assertSame( 3000, $row['amount_minor'] );
		$this->assertNull( $row['entry_id'] );
		$this->assertSame( $first, $this->repo->find_by_attempt_key( $row['attempt_key'] )['id'] );
		$this->assertSame( $first, $this->repo->find_by_submission_key( 7, 'sub-key-0001' )['id'] );
		$this->assertNull( $this->repo->find_by_submission_key( 9, 'sub-key-0001' ) );

		$same_attempt_key = $this->attempt(
			array(
				'attempt_key'    => $row['attempt_key'],
				'submission_key' => 'other-key-01',
			)
		);
		$this->assertSame( 0, $this->repo->create_attempt( $same_attempt_key ), 'The attempt key is unique.' );

		// A failed attempt gives its key back: the visitor may try again with the same key.
		$this->assertTrue( $this->repo->mark_status( $first, PaymentStatus::FAILED, array( 'error_code' => 'GENERIC_DECLINE' ) ) );
		$this->assertTrue( $this->repo->release_submission_key( $first ) );
		$this->assertNull( $this->repo->find_by_submission_key( 7, 'sub-key-0001' ) );
		$this->assertGreaterThan( 0, $this->repo->create_attempt( $this->attempt() ) );
		$this->assertSame( 'GENERIC_DECLINE', $this->repo->find( $first )['error_code'] );
	}

	public function test_status_moves_are_monotonic_in_sql(): void {
		$id = $this->repo->create_attempt( $this->attempt() );
		$this->assertTrue(
			$this->repo->mark_status(
				$id,
				PaymentStatus::AUTHORIZED,
				array(
					'provider_payment_id' => 'PAY1',
					'provider_status'     => 'APPROVED',
				)
			)
		);
		$this->assertTrue( $this->repo->mark_status( $id, PaymentStatus::PAID, array( 'provider_status' => 'COMPLETED' ) ) );
		// Backwards, sideways and repeated moves change nothing, not even the other columns.
		$this->assertFalse( $this->repo->mark_status( $id, PaymentStatus::AUTHORIZED, array( 'provider_status' => 'APPROVED' ) ) );
		$this->assertFalse( $this->repo->mark_status( $id, PaymentStatus::FAILED ) );
		$this->assertFalse( $this->repo->mark_status( $id, PaymentStatus::PAID ) );
		$this->assertFalse( $this->repo->mark_status( $id, PaymentStatus::PROCESSING ) );
		$row = $this->repo->find( $id );
		$this->assertSame( PaymentStatus::PAID, $row['status'] );
		$this->assertSame( 'COMPLETED', $row['provider_status'] );
		$this->assertSame( $id, $this->repo->find_by_provider_payment_id( 'PAY1' )['id'] );

		$this->assertTrue( $this->repo->mark_status( $id, PaymentStatus::PARTIALLY_REFUNDED, array( 'refunded_minor' => 1000 ) ) );
		$this->assertTrue( $this->repo->mark_status( $id, PaymentStatus::PARTIALLY_REFUNDED, array( 'refunded_minor' => 2000 ) ) );
		$this->assertTrue( $this->repo->mark_status( $id, PaymentStatus::REFUNDED, array( 'refunded_minor' => 3000 ) ) );
		$this->assertFalse( $this->repo->mark_status( $id, PaymentStatus::PARTIALLY_REFUNDED ) );
		$this->assertSame( 3000, $this->repo->find( $id )['refunded_minor'] );

		// A stale worker that still believes the row is processing cannot regress it either.
		global $wpdb;
		$wpdb->query( $wpdb->prepare( 'UPDATE ' . Schema::tables()['payments'] . ' SET status = %s WHERE id = %d', PaymentStatus::VOIDED, $id ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		$this->assertFalse( $this->repo->mark_status( $id, PaymentStatus::PAID ) );
	}

	public function test_attach_entry_once_and_release_only_without_entry(): void {
		$id = $this->repo->create_attempt( $this->attempt() );
		$this->assertTrue( $this->repo->attach_entry( $id, 41 ) );
		$this->assertFalse( $this->repo->attach_entry( $id, 42 ), 'An entry is attached once.' );
		$this->assertSame( 41, $this->repo->find_by_entry( 41 )['entry_id'] );
		$this->assertNull( $this->repo->find_by_entry( 42 ) );
		$this->assertFalse( $this->repo->release_submission_key( $id ), 'A payment with an entry keeps its key.' );
		$other = $this->repo->create_attempt( $this->attempt( array( 'submission_key' => 'sub-key-0002' ) ) );
		$this->assertFalse( $this->repo->attach_entry( $other, 41 ), 'One payment per entry.' );
		$this->assertSame( array( 41 ), array_keys( $this->repo->find_by_entries( array( 41, 42 ) ) ) );
		$this->assertTrue(
			$this->repo->update_details(
				$id,
				array(
					'brand'  => 'VISA',
					'last4'  => '1111',
					'status' => PaymentStatus::PAID,
				)
			)
		);
		$row = $this->repo->find( $id );
		$this->assertSame( 'VISA', $row['brand'] );
		$this->assertSame( PaymentStatus::PROCESSING, $row['status'], 'update_details never moves the status.' );
	}

	public function test_stuck_processing_attempts(): void {
		global $wpdb;
		$old   = $this->repo->create_attempt( $this->attempt() );
		$young = $this->repo->create_attempt( $this->attempt( array( 'submission_key' => 'sub-key-0002' ) ) );
		$done  = $this->repo->create_attempt( $this->attempt( array( 'submission_key' => 'sub-key-0003' ) ) );
		$this->repo->mark_status( $done, PaymentStatus::FAILED );
		$table = Schema::tables()['payments'];
		$wpdb->query( $wpdb->prepare( "UPDATE {$table} SET created_at = %s WHERE id IN (%d, %d)", gmdate( 'Y-m-d H:i:s', time() - 600 ), $old, $done ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		$stuck = $this->repo->find_stuck_processing( gmdate( 'Y-m-d H:i:s', time() - 120 ) );
		$this->assertSame( array( $old ), array_column( $stuck, 'id' ) );
		$this->assertNotContains( $young, array_column( $stuck, 'id' ) );
	}

	public function test_refunds_and_webhook_events(): void {
		$payment = $this->repo->create_attempt( $this->attempt() );
		$refund  = array(
			'payment_id'      => $payment,
			'idempotency_key' => 'refund-key-1',
			'amount_minor'    => 1000,
			'currency'        => 'USD',
			'reason'          => 'Broken',
			'user_id'         => 1,
		);
		$id      = $this->repo->insert_refund( $refund );
		$this->assertGreaterThan( 0, $id );
		$this->assertSame( 0, $this->repo->insert_refund( $refund ), 'A double click is one refund.' );
		$this->assertSame( 'pending', $this->repo->find_refund( $id )['status'] );
		$this->assertTrue(
			$this->repo->update_refund(
				$id,
				array(
					'provider_refund_id' => 'REF1',
					'status'             => 'completed',
				)
			)
		);
		$this->assertSame( $id, $this->repo->find_refund_by_provider_id( 'REF1' )['id'] );
		$this->assertSame( 'completed', $this->repo->find_refund_by_idempotency_key( 'refund-key-1' )['status'] );
		$this->assertSame( 1000, $this->repo->refunds_for_payment( $payment )[0]['amount_minor'] );

		$this->assertTrue( $this->repo->insert_webhook_event( 'evt-1', 'sandbox', 'payment.updated', 'PAY1' ) );
		$this->assertFalse( $this->repo->insert_webhook_event( 'evt-1', 'sandbox', 'payment.updated', 'PAY1' ), 'A duplicate event is stored once.' );
		$this->assertTrue( $this->repo->finish_webhook_event( 'evt-1', 'updated' ) );
		$this->assertSame( 'updated', $this->repo->find_webhook_event( 'evt-1' )['outcome'] );
	}
}
