<?php
/**
 * The provider's webhooks (acceptance check 10 at the PHP level): signature mandatory, duplicates
 * ignored, statuses never regress, dashboard refunds recorded.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Payments;

use Closure;
use Kestrel\Forms\Domain\Payments\WebhookSignature;
use Kestrel\Forms\Payments\ChargePayment;
use Kestrel\Forms\Payments\PaymentActions;
use Kestrel\Forms\Payments\Provider\ClientFactory;
use Kestrel\Forms\Persistence\EntryRepository;
use Kestrel\Forms\Persistence\EntryWorkspaceRepository;
use Kestrel\Forms\Persistence\FormRepository;
use Kestrel\Forms\Persistence\PaymentRepository;
use Kestrel\Forms\Persistence\Schema;
use Kestrel\Forms\Settings\PaymentSettings;
use Kestrel\Forms\Tests\Integration\Support\TestCase;
use WP_REST_Request;
use WP_REST_Response;

final class LifecycleWebhookTest extends TestCase {

	use PaymentFixtures;
	use SignedWebhooks;

	protected function set_up(): void {
		$this->as_admin();
		$this->set_up_payments();
		$this->store_webhook_keys();
		$this->as_anonymous(); // The provider is nobody in WordPress.
	}

	protected function tear_down(): void {
		$this->tear_down_payments();
	}

	/**
	 * An entry whose payment was authorized in charge mode (the charge path completes it).
	 *
	 * @param string $provider_id Provider payment id.
	 * @return int Entry id.
	 */
	private function charge_mode_entry( string $provider_id ): int {
		$entry = $this->entry_with_payment( 'authorized', $provider_id );
		( new PaymentRepository() )->update_details( (int) $this->stored( $entry )['id'], array( 'capture_mode' => 'charge' ) );
		return $entry;
	}

	/**
	 * Rows of a plugin table.
	 *
	 * @param string $table Schema::tables() key.
	 */
	private static function count_rows( string $table ): int {
		global $wpdb;
		return (int) $wpdb->get_var( 'SELECT COUNT(*) FROM ' . Schema::tables()[ $table ] ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
	}

	public function test_a_dashboard_refund_updates_the_entry_through_signed_webhooks(): void {
		$entry  = $this->entry_with_payment( 'paid', 'PAY_DASH' );
		$refund = $this->provider->dashboard_refund( 'PAY_DASH', 1000 );

		$answer = $this->signed( $this->event( 'refund.updated', 'refund', $refund ) );
		$this->assert_rest_status( 200, $answer );
		$this->assertSame( 'refund_recorded', $answer->get_data()['outcome'] );
		$payment = $this->stored( $entry );
		$this->assertSame( 'partially_refunded', $payment['status'] );
		$this->assertSame( 1000, $payment['refunded_minor'] );
		$rows = ( new PaymentRepository() )->refunds_for_payment( (int) $payment['id'] );
		$this->assertCount( 1, $rows );
		$this->assertSame( 0, $rows[0]['user_id'], 'A dashboard refund has no user.' );
		$this->assertSame( 'completed', $rows[0]['status'] );
		$this->assertSame( $refund['id'], $rows[0]['provider_refund_id'] );
		$this->assertSame( array( 0 ), array_values( array_unique( array_column( $this->notes( $entry ), 0 ) ) ), 'Webhook notes are by user 0.' );
		$this->assertSame( array( array( 'kestrel_forms_payment_refunded', 'partially_refunded', $entry ) ), $this->fired );

		// The payment.updated that follows says the same: nothing new, no note.
		$notes = count( $this->notes( $entry ) );
		$this->assert_rest_status( 200, $this->signed( $this->event( 'payment.updated', 'payment', $this->provider->payments['PAY_DASH'] ) ) );
		$this->assertCount( $notes, $this->notes( $entry ) );
		$this->assertCount( 1, ( new PaymentRepository() )->refunds_for_payment( (int) $payment['id'] ) );
	}

	public function test_a_worker_holding_a_stale_payment_does_not_move_or_note_it_again(): void {
		$entry = $this->entry_with_payment( 'paid', 'PAY_STALE' );
		$stale = $this->stored( $entry ); // Read by a worker before the refund's webhook was handled.
		$this->assert_rest_status( 200, $this->signed( $this->event( 'refund.updated', 'refund', $this->provider->dashboard_refund( 'PAY_STALE', 1000 ) ) ) );
		$notes = $this->notes( $entry );
		$fired = $this->fired;

		$actions = new PaymentActions(
			new PaymentRepository(),
			new EntryWorkspaceRepository(),
			new EntryRepository(),
			new FormRepository(),
			Closure::fromCallable( array( ClientFactory::class, 'for_environment' ) )
		);
		$after   = $actions->refresh( $stale, 0 );
		$this->assertSame( 'partially_refunded', $after['status'] );
		$this->assertSame( 1000, $after['refunded_minor'] );
		$this->assertSame( $notes, $this->notes( $entry ), 'The same refund is announced once.' );
		$this->assertSame( $fired, $this->fired );
	}

	public function test_a_refund_event_without_its_refund_event_is_read_from_the_payment(): void {
		$entry = $this->entry_with_payment( 'paid', 'PAY_DROP' );
		// The refund.* events were lost: payment.updated alone names the refund.
		$this->provider->dashboard_refund( 'PAY_DROP', 3000 );
		$this->assert_rest_status( 200, $this->signed( $this->event( 'payment.updated', 'payment', $this->provider->payments['PAY_DROP'] ) ) );
		$this->assertSame( 'refunded', $this->stored( $entry )['status'] );
		$this->assertSame( 3000, $this->stored( $entry )['refunded_minor'] );
	}

	public function test_wrong_key_altered_byte_or_missing_header_is_401_and_changes_nothing(): void {
		$entry  = $this->entry_with_payment( 'paid', 'PAY_SIG' );
		$refund = $this->provider->dashboard_refund( 'PAY_SIG', 1000 );
		$body   = $this->event( 'refund.updated', 'refund', $refund, 'evt-signed-once' );
		$good   = WebhookSignature::sign( self::KEY, self::URL, $body );
		$cases  = array(
			'wrong key'           => array( $body, WebhookSignature::sign( 'not-the-key', self::URL, $body ) ),
			'altered byte'        => array( str_replace( '"amount":1000', '"amount":1001', $body ), $good ),
			'missing header'      => array( $body, null ),
			'empty header'        => array( $body, '' ),
			'URL rebuilt as http' => array( $body, WebhookSignature::sign( self::KEY, str_replace( 'https:', 'http:', self::URL ), $body ) ),
			'body alone signed'   => array( $body, base64_encode( hash_hmac( 'sha256', $body, self::KEY, true ) ) ), // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- the MAC's encoding.
		);
		$this->assertNotSame( $body, $cases['altered byte'][0] );
		foreach ( $cases as $name => list( $raw, $signature ) ) {
			$answer = $this->deliver( $raw, $signature );
			$this->assert_rest_error( 'kestrel_forms_webhook_signature', 401, $answer );
		}
		$this->assertSame( 'paid', $this->stored( $entry )['status'] );
		$this->assertSame( 0, self::count_rows( 'refunds' ) );
		$this->assertSame( 0, self::count_rows( 'webhook_events' ), 'A refused delivery is not even recorded.' );
		$this->assertSame( array(), $this->notes( $entry ) );
		$this->assertSame( array(), $this->provider->calls( 'GET' ), 'Nothing was fetched for it.' );

		// The genuine delivery is accepted afterwards (the event id was not burnt).
		$this->assert_rest_status( 200, $this->deliver( $body, $good ) );
		$this->assertSame( 'partially_refunded', $this->stored( $entry )['status'] );
	}

	public function test_a_duplicate_event_is_acknowledged_without_a_second_note(): void {
		$entry  = $this->entry_with_payment( 'paid', 'PAY_DUP' );
		$refund = $this->provider->dashboard_refund( 'PAY_DUP', 500 );
		$body   = $this->event( 'refund.updated', 'refund', $refund, 'evt-duplicate-1' );
		$this->assert_rest_status( 200, $this->signed( $body ) );
		$notes = $this->notes( $entry );
		$this->assertNotEmpty( $notes );
		$calls = count( $this->provider->calls );

		$again = $this->signed( $body );
		$this->assert_rest_status( 200, $again );
		$this->assertTrue( $again->get_data()['duplicate'] );
		$this->assertSame( $notes, $this->notes( $entry ), 'No second note.' );
		$this->assertCount( $calls, $this->provider->calls, 'Nothing fetched for a duplicate.' );
		$this->assertSame( 1, self::count_rows( 'refunds' ) );
	}

	public function test_an_event_left_unfinished_by_a_fatal_is_handled_again_once_stale(): void {
		global $wpdb;
		$entry  = $this->entry_with_payment( 'paid', 'PAY_FATAL' );
		$refund = $this->provider->dashboard_refund( 'PAY_FATAL', 1000 );
		$body   = $this->event( 'refund.updated', 'refund', $refund, 'evt-fatal-1' );
		$repo   = new PaymentRepository();
		// A first delivery stored the event, then died (a fatal error: no catch ran, no outcome).
		$this->assertTrue( $repo->insert_webhook_event( 'evt-fatal-1', 'sandbox', 'refund.updated', (string) $refund['id'] ) );

		// Redelivered at once: the first worker may still be running, so it is a duplicate.
		$this->assertTrue( $this->signed( $body )->get_data()['duplicate'] ?? false );
		$this->assertSame( 'paid', $this->stored( $entry )['status'] );

		// Redelivered more than a minute later: taken again and handled.
		$wpdb->update( Schema::tables()['webhook_events'], array( 'received_at' => gmdate( 'Y-m-d H:i:s', time() - PaymentRepository::WEBHOOK_STALE_AFTER - 5 ) ), array( 'event_id' => 'evt-fatal-1' ) );
		$answer = $this->signed( $body );
		$this->assert_rest_status( 200, $answer );
		$this->assertArrayNotHasKey( 'duplicate', $answer->get_data() );
		$this->assertSame( 'refund_recorded', $answer->get_data()['outcome'] );
		$this->assertSame( 'partially_refunded', $this->stored( $entry )['status'] );
		$this->assertSame( 1000, $this->stored( $entry )['refunded_minor'] );
		$this->assertSame( 'refund_recorded', $repo->find_webhook_event( 'evt-fatal-1' )['outcome'] ?? null );

		// Finished now: later copies are duplicates, however late.
		$wpdb->update( Schema::tables()['webhook_events'], array( 'received_at' => gmdate( 'Y-m-d H:i:s', time() - 3600 ) ), array( 'event_id' => 'evt-fatal-1' ) );
		$this->assertTrue( $this->signed( $body )->get_data()['duplicate'] ?? false );

		// A retry that dies too ('retrying', no outcome) is taken again a minute later, not before.
		$this->assertTrue( $repo->insert_webhook_event( 'evt-fatal-2', 'sandbox', 'customer.created', 'C1' ) );
		$wpdb->update( Schema::tables()['webhook_events'], array( 'received_at' => gmdate( 'Y-m-d H:i:s', time() - 120 ) ), array( 'event_id' => 'evt-fatal-2' ) );
		$this->assertTrue( $repo->reclaim_webhook_event( 'evt-fatal-2' ) );
		$this->assertFalse( $repo->reclaim_webhook_event( 'evt-fatal-2' ), 'A claim still running is not taken twice.' );
		$wpdb->update( Schema::tables()['webhook_events'], array( 'received_at' => gmdate( 'Y-m-d H:i:s', time() - 120 ) ), array( 'event_id' => 'evt-fatal-2' ) );
		$this->assertTrue( $repo->reclaim_webhook_event( 'evt-fatal-2' ), 'Once stale, the dead retry is taken again.' );
	}

	public function test_an_older_payment_updated_after_a_newer_one_does_not_regress(): void {
		$entry = $this->entry_with_payment( 'authorized', 'PAY_ORDER' );
		$older = $this->provider->payments['PAY_ORDER']; // APPROVED, 10:00.

		// Captured in the dashboard: the newer event arrives first.
		$newer                                 = $older;
		$newer['status']                       = 'COMPLETED';
		$newer['updated_at']                   = '2026-11-25T10:05:00.000Z';
		$this->provider->payments['PAY_ORDER'] = $newer;
		$this->assert_rest_status( 200, $this->signed( $this->event( 'payment.updated', 'payment', $newer ) ) );
		$this->assertSame( 'paid', $this->stored( $entry )['status'] );
		$notes = $this->notes( $entry );

		// Then the older one (APPROVED): not applied, even when the provider cannot be asked.
		$this->provider->before( 'GET', '#^/v2/payments/#', static fn() => new \WP_Error( 'http_request_failed', 'Operation timed out' ) );
		$answer = $this->signed( $this->event( 'payment.updated', 'payment', $older ) );
		$this->assert_rest_status( 200, $answer );
		$payment = $this->stored( $entry );
		$this->assertSame( 'paid', $payment['status'] );
		$this->assertSame( 'COMPLETED', $payment['provider_status'] );
		$this->assertSame( '2026-11-25T10:05:00.000Z', $payment['provider_updated_at'] );
		$this->assertSame( $notes, $this->notes( $entry ) );
		$this->assertSame( array( array( 'kestrel_forms_payment_completed', 'paid', $entry ) ), $this->fired );
	}

	public function test_without_a_stored_key_the_webhook_is_503_never_accepted(): void {
		$entry = $this->entry_with_payment( 'authorized', 'PAY_NOKEY' );
		update_option(
			PaymentSettings::OPTION,
			array_merge(
				get_option( PaymentSettings::OPTION ),
				array( 'webhooks' => array() )
			)
		);
		$payment           = $this->provider->payments['PAY_NOKEY'];
		$payment['status'] = 'CANCELED';
		$body              = $this->event( 'payment.updated', 'payment', $payment );
		foreach ( array( null, '', WebhookSignature::sign( '', self::URL, $body ), WebhookSignature::sign( self::KEY, self::URL, $body ) ) as $signature ) {
			$this->assert_rest_error( 'kestrel_forms_webhook_unconfigured', 503, $this->deliver( $body, $signature ) );
		}
		$this->assertSame( 'authorized', $this->stored( $entry )['status'] );
		$this->assertSame( 0, self::count_rows( 'webhook_events' ) );
	}

	public function test_each_environment_verifies_with_its_own_key_and_url(): void {
		$sandbox = $this->entry_with_payment( 'authorized', 'PAY_SBX' );
		$live    = $this->entry_with_payment( 'authorized', 'PAY_LIVE', 3000, 'production' );

		$payment                              = $this->provider->payments['PAY_LIVE'];
		$payment['status']                    = 'CANCELED';
		$payment['updated_at']                = '2026-11-25T10:01:00.000Z';
		$body                                 = $this->event( 'payment.updated', 'payment', $payment );
		$this->provider->payments['PAY_LIVE'] = $payment;
		$this->assert_rest_status( 200, $this->deliver( $body, WebhookSignature::sign( self::PRODUCTION_KEY, self::PRODUCTION_URL, $body ) ) );
		$this->assertSame( 'voided', $this->stored( $live )['status'] );

		// A sandbox-signed event cannot touch a production payment.
		$other           = $this->provider->payments['PAY_SBX'];
		$other['id']     = 'PAY_LIVE';
		$other['status'] = 'COMPLETED';
		$this->assert_rest_status( 200, $this->signed( $this->event( 'payment.updated', 'payment', $other ) ) );
		$this->assertSame( 'voided', $this->stored( $live )['status'] );
		$this->assertSame( 'authorized', $this->stored( $sandbox )['status'] );
	}

	public function test_events_for_a_payment_the_charge_path_still_works_on_are_left_to_it(): void {
		global $wpdb;
		// Charge mode, authorized a moment ago: the submission is completing it right now.
		$entry                   = $this->charge_mode_entry( 'PAY_CHARGING' );
		$payment                 = $this->stored( $entry );
		$repo                    = new PaymentRepository();
		$completed               = $this->provider->payments['PAY_CHARGING'];
		$completed['status']     = 'COMPLETED';
		$completed['updated_at'] = '2026-11-25T10:00:01.000Z';
		$body                    = $this->event( 'payment.updated', 'payment', $completed, 'evt-during-charge' );
		$answer                  = $this->signed( $body );
		// Deferred, not swallowed: 503 + Retry-After so that the provider delivers it again.
		$this->assert_rest_error( 'kestrel_forms_webhook_deferred', 503, $answer );
		$retry = (int) ( $answer->get_headers()['Retry-After'] ?? 0 );
		$this->assertGreaterThan( 0, $retry );
		$this->assertLessThanOrEqual( ChargePayment::takeover_age(), $retry );
		$this->assertSame( 'authorized', $this->stored( $entry )['status'] );
		$this->assertSame( array(), $this->notes( $entry ) );
		$this->assertSame( array(), $this->fired );
		$event = $repo->find_webhook_event( 'evt-during-charge' );
		$this->assertSame( PaymentRepository::WEBHOOK_DEFERRED, $event['outcome'] ?? null, 'Not recorded as handled.' );
		$this->assertNull( $event['processed_at'] );
		// Redelivered while still in the window: deferred again, still not applied.
		$this->assert_rest_error( 'kestrel_forms_webhook_deferred', 503, $this->signed( $body ) );
		$this->assertSame( 'authorized', $this->stored( $entry )['status'] );

		// An attempt without its entry yet (between authorisation and the entry write) is left too.
		$orphan   = $repo->create_attempt(
			array(
				'form_id'             => $this->form_id,
				'attempt_key'         => wp_generate_uuid4(),
				'environment'         => 'sandbox',
				'method'              => 'card',
				'capture_mode'        => 'authorize',
				'amount_minor'        => 500,
				'currency'            => 'USD',
				'provider_payment_id' => 'PAY_NO_ENTRY',
			)
		);
		$approved = $this->provider->add_payment( 'PAY_NO_ENTRY', 'APPROVED', 500 );
		$this->assert_rest_error( 'kestrel_forms_webhook_deferred', 503, $this->signed( $this->event( 'payment.created', 'payment', $approved ) ) );
		$this->assertSame( 'processing', $repo->find( $orphan )['status'] );

		// The same event redelivered after the window (the provider's retry): applied this time.
		$wpdb->update( Schema::tables()['payments'], array( 'updated_at' => gmdate( 'Y-m-d H:i:s', time() - 600 ) ), array( 'id' => (int) $payment['id'] ) );
		$again = $this->signed( $body );
		$this->assert_rest_status( 200, $again );
		$this->assertSame( 'updated', $again->get_data()['outcome'] );
		$this->assertArrayNotHasKey( 'duplicate', $again->get_data() );
		$this->assertSame( 'paid', $this->stored( $entry )['status'] );
		$this->assertSame( 'updated', $repo->find_webhook_event( 'evt-during-charge' )['outcome'] ?? null );
		// Once handled, a further copy is a duplicate.
		$this->assertTrue( $this->signed( $body )->get_data()['duplicate'] ?? false );
	}

	public function test_the_deferral_window_is_the_charge_takeover_age_also_when_filtered(): void {
		global $wpdb;
		$entry                   = $this->charge_mode_entry( 'PAY_WINDOW' );
		$payment                 = $this->stored( $entry );
		$authorized_ago          = static function ( int $seconds ) use ( $wpdb, $payment ): void {
			$wpdb->update( Schema::tables()['payments'], array( 'updated_at' => gmdate( 'Y-m-d H:i:s', time() - $seconds ) ), array( 'id' => (int) $payment['id'] ) );
		};
		$completed               = $this->provider->payments['PAY_WINDOW'];
		$completed['status']     = 'COMPLETED';
		$completed['updated_at'] = '2026-11-25T10:00:01.000Z';
		$body                    = $this->event( 'payment.updated', 'payment', $completed, 'evt-window' );

		// A raised take-over age (a slower provider time-out): 300 s after the authorisation the
		// charge path still owns the payment, and so does the webhook deferral.
		add_filter( 'kestrel_forms_payments_reconcile_age', static fn(): int => 600 );
		$authorized_ago( 300 );
		$answer = $this->signed( $body );
		$this->assert_rest_error( 'kestrel_forms_webhook_deferred', 503, $answer );
		$retry = (int) ( $answer->get_headers()['Retry-After'] ?? 0 );
		$this->assertGreaterThan( 250, $retry, 'Waits out the rest of the take-over age.' );
		$this->assertLessThanOrEqual( 300, $retry );
		$this->assertSame( 'authorized', $this->stored( $entry )['status'] );
		remove_all_filters( 'kestrel_forms_payments_reconcile_age' );

		// A lowered one: 60 s after the authorisation the charge path has let go, so the event applies.
		add_filter( 'kestrel_forms_payments_reconcile_age', static fn(): int => 30 );
		$authorized_ago( 60 );
		$again = $this->signed( $body );
		remove_all_filters( 'kestrel_forms_payments_reconcile_age' );
		$this->assert_rest_status( 200, $again );
		$this->assertSame( 'paid', $this->stored( $entry )['status'] );
	}

	public function test_provider_timestamps_compare_by_time_whatever_their_precision(): void {
		$this->assertTrue( PaymentActions::older( '2026-11-25T10:00:00.999Z', '2026-11-25T10:00:01Z' ) );
		$this->assertTrue( PaymentActions::older( '2026-11-25T10:00:00.123456789Z', '2026-11-25T10:00:00.1235Z' ) );
		$this->assertFalse( PaymentActions::older( '2026-11-25T10:00:00.5Z', '2026-11-25T10:00:00.500Z' ), 'Equal is not older.' );
		$this->assertTrue( PaymentActions::older( '2026-11-25T12:00:00+03:00', '2026-11-25T10:00:00Z' ), 'Offsets count.' );
		$this->assertFalse( PaymentActions::older( '', '2026-11-25T10:00:00Z' ), 'Unknown is never older.' );
		$this->assertFalse( PaymentActions::older( '2026-11-25T10:00:00Z', 'garbage' ) );
	}

	public function test_unknown_payments_and_other_events_are_acknowledged_and_ignored(): void {
		$unknown = $this->provider->add_payment( 'PAY_ELSEWHERE', 'COMPLETED', 100 );
		$answer  = $this->signed( $this->event( 'payment.updated', 'payment', $unknown ) );
		$this->assert_rest_status( 200, $answer );
		$this->assertSame( 'unknown_payment', $answer->get_data()['outcome'] );
		$other = $this->signed( $this->event( 'customer.created', 'customer', array( 'id' => 'C1' ) ) );
		$this->assert_rest_status( 200, $other );
		$this->assertSame( 'ignored', $other->get_data()['outcome'] );
		$this->assert_rest_error( 'kestrel_forms_invalid_json', 400, $this->signed( 'not json' ) );
	}

	public function test_the_webhook_of_our_own_refund_arriving_before_the_answer_makes_one_row(): void {
		$this->as_admin();
		$entry = $this->entry_with_payment( 'paid', 'PAY_RACE' );
		$sent  = false;
		// The provider delivers refund.updated while our request still waits for its answer.
		$this->provider->before(
			'POST',
			'#^/v2/refunds$#',
			function ( string $path, array $body ) use ( &$sent ) {
				if ( $sent ) {
					return null;
				}
				$sent   = true;
				$refund = $this->provider->dashboard_refund( 'PAY_RACE', (int) $body['amount_money']['amount'] );
				// The stand-in made it under another key: make the request's key replay it.
				$this->provider->refund_keys[ $body['idempotency_key'] ] = $refund['id'];
				$user = get_current_user_id();
				$this->as_anonymous();
				$this->assert_rest_status( 200, $this->signed( $this->event( 'refund.updated', 'refund', $refund ) ) );
				wp_set_current_user( $user );
				return null;
			}
		);
		$answer = $this->rest( 'POST', '/kestrel-forms/v1/entries/' . $entry . '/payment/refunds', array( 'amount' => 1000 ) );
		$this->assert_rest_status( 200, $answer );
		$this->assertCount( 1, $answer->get_data()['refunds'], 'The webhook adopted our pending refund.' );
		$this->assertSame( 1000, $answer->get_data()['refunded_amount'] );
		$this->assertNotNull( $answer->get_data()['refunds'][0]['user'], 'It stays the refund of the user who made it.' );
	}
}
