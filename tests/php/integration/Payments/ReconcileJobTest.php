<?php
/**
 * The reconcile job: attempts left in processing are finished or voided.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Payments;

use Kestrel\Forms\Domain\Payments\PaymentStatus;
use Kestrel\Forms\Payments\ReconcileJob;
use Kestrel\Forms\Persistence\EntryWorkspaceRepository;
use Kestrel\Forms\Persistence\PaymentRepository;
use Kestrel\Forms\Persistence\Schema;
use Kestrel\Forms\Plugin;
use Kestrel\Forms\Tests\Integration\Rest\SubmissionAnswers;
use Kestrel\Forms\Tests\Integration\Support\TestCase;
use RuntimeException;

final class ReconcileJobTest extends TestCase {

	use PaymentFixtures;
	use SubmissionAnswers;

	protected function set_up(): void {
		$this->set_up_shop();
		$this->form_id = $this->create_shop( self::mug_shop() );
	}

	protected function tear_down(): void {
		$this->tear_down_payments();
	}

	/**
	 * Submits with a crash right after the provider authorised the payment.
	 */
	private function submit_and_crash(): void {
		$crash = static function (): void {
			throw new RuntimeException( 'crash after authorize' );
		};
		add_action( 'kestrel_forms_payments_after_authorize', $crash );
		try {
			$this->submit();
			$this->fail( 'No crash.' );
		} catch ( RuntimeException $e ) {
			$this->assertSame( 'crash after authorize', $e->getMessage() );
		}
		remove_action( 'kestrel_forms_payments_after_authorize', $crash );
	}

	/**
	 * Submits the form.
	 *
	 * @param string $token Source token.
	 */
	private function submit( string $token = 'cnon:card-nonce-ok' ): \WP_REST_Response {
		return $this->rest(
			'POST',
			"/kestrel-forms/v1/forms/{$this->form_id}/submissions",
			array(
				'values'         => array(
					'2' => 'buyer@example.org',
					'3' => array(
						'method' => 'card',
						'token'  => $token,
					),
				),
				'submission_key' => 'key-crash-0001',
			)
		);
	}

	/**
	 * Makes every attempt look older than the job's threshold (made and last touched then).
	 */
	private static function age_attempts(): void {
		global $wpdb;
		$old = gmdate( 'Y-m-d H:i:s', time() - 600 );
		$wpdb->query( $wpdb->prepare( 'UPDATE ' . Schema::tables()['payments'] . ' SET created_at = %s, updated_at = %s', $old, $old ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
	}

	/**
	 * A stored entry whose payment stayed authorized (its capture got no answer), with the
	 * provider's void deadline moved to a time relative to now.
	 *
	 * @param int $deadline Seconds from now (negative: past).
	 * @return array<string, mixed> The payment row.
	 */
	private function authorized_payment( int $deadline ): array {
		$no_answer = static function ( $pre, $args, $url ) {
			// The capture and its read back (GET) get no answer.
			$lost = str_ends_with( (string) $url, '/complete' ) || ( 'GET' === ( $args['method'] ?? 'GET' ) && 1 === preg_match( '#/v2/payments/[^/]+$#', (string) $url ) );
			return $lost ? new \WP_Error( 'http_request_failed', 'cURL error 28: Operation timed out' ) : $pre;
		};
		// After the fake provider (which saw the capture), the answer is lost; the provider's
		// payment is put back to APPROVED as if the capture never reached it.
		add_filter( 'pre_http_request', $no_answer, 20, 3 );
		$this->assert_rest_status( 201, $this->submit() );
		remove_filter( 'pre_http_request', $no_answer, 20 );
		$repository = new PaymentRepository();
		$payment    = (array) $repository->find_by_submission_key( $this->form_id, 'key-crash-0001' );
		$this->provider->payments[ $payment['provider_payment_id'] ]['status'] = 'APPROVED';
		$this->assertSame( PaymentStatus::AUTHORIZED, $payment['status'] );
		$repository->update_details( (int) $payment['id'], array( 'delayed_until' => gmdate( 'Y-m-d H:i:s', time() + $deadline ) ) );
		$this->provider->calls = array(); // Only the job's calls from here (the capture's read back is done).
		return (array) $repository->find( (int) $payment['id'] );
	}

	/**
	 * The notes of an entry that mention the expiry.
	 *
	 * @param int $entry_id Entry id.
	 * @return list<string>
	 */
	private static function expiry_notes( int $entry_id ): array {
		$notes = array_column( ( new EntryWorkspaceRepository() )->notes( $entry_id ), 'note' );
		return array_values( array_filter( $notes, static fn( string $note ): bool => str_contains( $note, 'expires on' ) ) );
	}

	public function test_an_authorisation_near_its_expiry_gets_one_note_with_the_local_date(): void {
		add_filter( 'pre_option_timezone_string', static fn(): string => 'Asia/Tokyo' );
		$payment  = $this->authorized_payment( 3 * HOUR_IN_SECONDS );
		$deadline = strtotime( $payment['delayed_until'] . ' UTC' );
		Plugin::reconcile_job()->run();
		Plugin::reconcile_job()->run();
		$notes = self::expiry_notes( (int) $payment['entry_id'] );
		$this->assertCount( 1, $notes, 'Once per payment.' );
		$this->assertSame(
			'This authorisation expires on ' . wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), $deadline ) . '; capture it before then or it is voided.',
			$notes[0]
		);
		$this->assertStringContainsString( gmdate( 'g:i', $deadline + 9 * HOUR_IN_SECONDS ), $notes[0], 'Site-local time (Tokyo).' );
		$this->assertSame( PaymentStatus::AUTHORIZED, ( new PaymentRepository() )->find( (int) $payment['id'] )['status'] );
		$this->assertCount( 0, $this->provider->calls_to( 'GET', '/v2/payments/' . $payment['provider_payment_id'] ), 'Not expired: not fetched.' );
	}

	public function test_an_authorisation_far_from_expiry_gets_no_note_unless_the_period_is_filtered(): void {
		$payment = $this->authorized_payment( 3 * DAY_IN_SECONDS );
		Plugin::reconcile_job()->run();
		$this->assertCount( 0, self::expiry_notes( (int) $payment['entry_id'] ) );
		add_filter( 'kestrel_forms_payments_expiry_warning', static fn(): int => 4 * DAY_IN_SECONDS );
		Plugin::reconcile_job()->run();
		$this->assertCount( 1, self::expiry_notes( (int) $payment['entry_id'] ) );
	}

	public function test_an_expired_authorisation_is_voided_only_once_the_provider_confirms_canceled(): void {
		$voided = array();
		add_action(
			'kestrel_forms_payment_voided',
			static function ( array $payment ) use ( &$voided ): void {
				$voided[] = $payment['id'];
			}
		);
		$payment = $this->authorized_payment( -HOUR_IN_SECONDS );
		$get     = 'GET';
		$path    = '/v2/payments/' . $payment['provider_payment_id'];

		// The provider still has it APPROVED: fetched, not voided.
		Plugin::reconcile_job()->run();
		$this->assertCount( 1, $this->provider->calls_to( $get, $path ) );
		$this->assertSame( PaymentStatus::AUTHORIZED, ( new PaymentRepository() )->find( (int) $payment['id'] )['status'] );
		$this->assertSame( array(), $voided );

		// The provider voided it: the next run records that, once.
		$this->provider->payments[ $payment['provider_payment_id'] ]['status'] = 'CANCELED';
		Plugin::reconcile_job()->run();
		Plugin::reconcile_job()->run();
		$this->assertSame( PaymentStatus::VOIDED, ( new PaymentRepository() )->find( (int) $payment['id'] )['status'] );
		$this->assertSame( array( (int) $payment['id'] ), $voided );
		$this->assertCount( 2, $this->provider->calls_to( $get, $path ), 'A voided payment is not fetched again.' );
		$this->assertCount( 0, $this->provider->calls_to( 'POST', $path . '/cancel' ), 'Never voided by us.' );
	}

	public function test_a_crash_after_authorize_is_finished_with_one_entry_and_no_second_authorisation(): void {
		$this->submit_and_crash();
		$this->assertSame( 0, self::entry_count() );
		$this->assertCount( 1, $this->provider->payments );

		// Too young: the request that made it may still be working.
		$this->assertSame(
			array(
				'finished'  => 0,
				'failed'    => 0,
				'voided'    => 0,
				'unchanged' => 0,
			),
			Plugin::reconcile_job()->run()
		);
		// Meanwhile the visitor's retry with the same key is told to wait.
		$this->assert_rest_error( 'kestrel_forms_payment_in_progress', 409, $this->submit() );

		self::age_attempts();
		$completed = array();
		add_action(
			'kestrel_forms_payment_completed',
			static function ( array $payment ) use ( &$completed ): void {
				$completed[] = $payment['id'];
			}
		);
		$this->as_admin();
		$response = $this->rest( 'POST', '/kestrel-forms/v1/payments/reconcile' );
		$this->assert_rest_status( 200, $response );
		$this->assertSame(
			array(
				'finished'  => 1,
				'failed'    => 0,
				'voided'    => 0,
				'unchanged' => 0,
			),
			$response->get_data()
		);
		$this->assertSame( 1, self::entry_count() );
		$this->assertCount( 1, $this->provider->payments, 'The replay returned the same payment: no second authorisation.' );
		$creates = $this->provider->calls_to( 'POST', '/v2/payments' );
		$this->assertCount( 2, $creates );
		$this->assertSame( $creates[0]['raw'], $creates[1]['raw'], 'The stored request, byte for byte, with the stored key.' );

		$payment = ( new PaymentRepository() )->find_by_submission_key( $this->form_id, 'key-crash-0001' );
		$this->assertSame( PaymentStatus::PAID, $payment['status'] );
		$this->assertNotNull( $payment['entry_id'] );
		$this->assertCount( 1, $this->provider->calls_to( 'POST', '/v2/payments/' . $payment['provider_payment_id'] . '/complete' ) );
		$this->assertSame( array( $payment['id'] ), $completed );
		$entry = Plugin::instance()->entries->find( (int) $payment['entry_id'] );
		$this->assertSame( 'buyer@example.org', $entry->values['2'] );
		$this->assertSame( 3000, $entry->pricing['totalMinor'] );
		$notes = implode( "\n", array_column( ( new EntryWorkspaceRepository() )->notes( $entry->id ), 'note' ) );
		$this->assertStringContainsString( 'reconcile job', $notes );
		$this->assertStringContainsString( 'Payment completed', $notes );
		$this->assertStringNotContainsString( 'cnon:', (string) wp_json_encode( $payment ) );

		// The visitor's retry now gets the stored entry (a replay), without a call.
		$calls = count( $this->provider->calls );
		$this->as_anonymous();
		$replay = $this->submit();
		$this->assert_rest_status( 201, $replay );
		$this->assertSame( (int) $payment['entry_id'], self::entry_id_of( $replay ) );
		$this->assertSame( $calls, count( $this->provider->calls ) );

		// A second run finds nothing to do.
		$this->assertSame( 0, array_sum( Plugin::reconcile_job()->run() ) );
	}

	public function test_an_attempt_whose_outcome_stays_unknown_is_voided_by_key(): void {
		$this->submit_and_crash();
		self::age_attempts();
		$this->provider->timeouts = 10;
		$counts                   = Plugin::reconcile_job()->run();
		$this->assertSame( 1, $counts['voided'] );
		$payment = ( new PaymentRepository() )->find( 1 );
		$this->assertSame( PaymentStatus::VOIDED, $payment['status'] );
		$this->assertNull( $payment['submission_key'] );
		$this->assertSame( 'CANCELED', array_values( $this->provider->payments )[0]['status'] );
		$this->assertSame( 0, self::entry_count() );
	}

	public function test_a_visitor_told_not_charged_is_only_ever_voided(): void {
		// Unknown outcome, and the cancel by key was not confirmed either.
		$this->provider->lose_after_commit = 3;
		$this->provider->cancel_timeouts   = 3;
		$this->assert_rest_error( 'kestrel_forms_payment_not_taken', 502, $this->submit() );
		$payment = ( new PaymentRepository() )->find( 1 );
		$this->assertSame( PaymentStatus::PROCESSING, $payment['status'] );
		$this->assertSame( 'APPROVED', array_values( $this->provider->payments )[0]['status'] );

		self::age_attempts();
		$this->assertSame( 1, Plugin::reconcile_job()->run()['voided'] );
		$this->assertSame( PaymentStatus::VOIDED, ( new PaymentRepository() )->find( 1 )['status'] );
		$this->assertSame( 'CANCELED', array_values( $this->provider->payments )[0]['status'] );
		$this->assertSame( 0, self::entry_count() );
	}

	public function test_the_route_is_for_managers_and_the_job_is_scheduled(): void {
		$this->as_subscriber();
		$this->assert_rest_error( 'kestrel_forms_forbidden', 403, $this->rest( 'POST', '/kestrel-forms/v1/payments/reconcile' ) );
		$this->as_anonymous();
		$this->assert_rest_error( 'kestrel_forms_forbidden', 403, $this->rest( 'POST', '/kestrel-forms/v1/payments/reconcile' ) );

		$this->assertSame( 300, wp_get_schedules()[ ReconcileJob::SCHEDULE ]['interval'] );
		ReconcileJob::unschedule();
		Plugin::activate();
		$this->assertNotFalse( wp_next_scheduled( ReconcileJob::HOOK ) );
		$this->assertSame( ReconcileJob::SCHEDULE, wp_get_schedule( ReconcileJob::HOOK ) );
		try {
			Plugin::deactivate();
			$this->assertFalse( wp_next_scheduled( ReconcileJob::HOOK ) );
		} finally {
			// Deactivation clears every job (uploads cleanup, retention too): later tests expect
			// the activated plugin's schedule.
			Plugin::activate();
		}
	}
}
