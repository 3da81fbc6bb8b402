<?php
/**
 * Abuse of the public submission route (issue 12): rate limits, body size, the route's form,
 * opaque references and the same-key race.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Rest;

use Kestrel\Forms\Persistence\Schema;
use Kestrel\Forms\Plugin;
use Kestrel\Forms\Security\RateLimiter;
use Kestrel\Forms\Submissions\EntryReference;
use Kestrel\Forms\Tests\Integration\Support\TestCase;
use WP_REST_Request;
use WP_REST_Response;

final class SubmissionAbuseTest extends TestCase {

	use SubmissionAnswers;

	/** A client address of its own, so the counters of other tests do not matter. */
	private const CLIENT = '203.0.113.77';

	private int $form_id;

	private int $other_form_id;

	/** @var array<string, mixed> */
	private array $server_backup = array();

	protected function set_up(): void {
		$this->server_backup = $_SERVER;
		$this->as_admin();
		$this->form_id       = (int) $this->rest( 'POST', '/kestrel-forms/v1/forms', FormsControllerTest::definition() )->get_data()['id'];
		$this->other_form_id = (int) $this->rest( 'POST', '/kestrel-forms/v1/forms', array( 'title' => 'Other' ) + FormsControllerTest::definition() )->get_data()['id'];
		$this->as_anonymous();
		$_SERVER['REMOTE_ADDR'] = self::CLIENT;
		RateLimiter::reset( 'submission', self::CLIENT );
	}

	protected function tear_down(): void {
		RateLimiter::reset( 'submission', self::CLIENT );
		$_SERVER = $this->server_backup; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited
	}

	/**
	 * @param array<string, mixed> $extra Extra body parameters.
	 * @param int|null             $form  Form id in the route.
	 */
	private function submit( array $extra = array(), ?int $form = null ): WP_REST_Response {
		return $this->rest( 'POST', '/kestrel-forms/v1/forms/' . ( $form ?? $this->form_id ) . '/submissions', array( 'values' => array( '1' => 'Ada' ) ) + $extra );
	}

	/**
	 * Sends a raw body, with headers, as a real client would.
	 *
	 * @param string                $body    Raw body.
	 * @param array<string, string> $headers Headers.
	 */
	private function raw( string $body, array $headers = array() ): WP_REST_Response {
		$request = new WP_REST_Request( 'POST', '/kestrel-forms/v1/forms/' . $this->form_id . '/submissions' );
		$request->set_header( 'Content-Type', 'application/json' );
		foreach ( $headers as $name => $value ) {
			$request->set_header( $name, $value );
		}
		$request->set_body( $body );
		$server   = rest_get_server();
		$response = rest_ensure_response( $server->dispatch( $request ) );
		return rest_ensure_response( apply_filters( 'rest_post_dispatch', $response, $server, $request ) );
	}

	private function stored_count(): int {
		global $wpdb;
		$t = Schema::tables();
		return (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$t['entries']}" ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
	}

	public function test_a_client_over_the_submission_limit_gets_429_with_retry_after_even_with_rotating_forwarded_for(): void {
		add_filter( 'kestrel_forms_rate_limit', static fn( $limit, string $bucket ) => 'submission' === $bucket ? array( 3, 60 ) : $limit, 10, 2 );
		for ( $i = 1; $i <= 3; $i++ ) {
			$_SERVER['HTTP_X_FORWARDED_FOR'] = "198.51.100.{$i}";
			$this->assert_rest_status( 201, $this->submit() );
		}
		foreach ( array( '198.51.100.4', '198.51.100.5, 10.0.0.1' ) as $forwarded ) {
			$_SERVER['HTTP_X_FORWARDED_FOR'] = $forwarded;
			$response                        = $this->raw( (string) wp_json_encode( array( 'values' => array( '1' => 'Ada' ) ) ), array( 'X-Forwarded-For' => $forwarded ) );
			$this->assert_rest_error( 'kestrel_forms_rate_limited', 429, $response );
			$retry = (int) ( $response->get_headers()['Retry-After'] ?? 0 );
			$this->assertGreaterThanOrEqual( 1, $retry );
			$this->assertLessThanOrEqual( 60, $retry );
			$this->assertSame( $retry, $response->get_data()['data']['retry_after'] );
			$this->assertStringContainsString( 'try again in', $response->get_data()['message'] );
		}
		$this->assertSame( 3, $this->stored_count() );

		// Checked before any work: before the JSON is read and before the form is looked up.
		$this->assert_rest_error( 'kestrel_forms_rate_limited', 429, $this->raw( '{not json' ) );
		$this->assert_rest_error( 'kestrel_forms_rate_limited', 429, $this->submit( array(), 987654 ) );

		// Another client is not affected.
		$_SERVER['REMOTE_ADDR'] = '203.0.113.78';
		RateLimiter::reset( 'submission', '203.0.113.78' );
		$this->assert_rest_status( 201, $this->submit() );
		RateLimiter::reset( 'submission', '203.0.113.78' );
	}

	public function test_the_default_limit_stops_a_script_sending_sixty_submissions(): void {
		$statuses = array();
		for ( $i = 0; $i < 25; $i++ ) {
			$_SERVER['HTTP_X_FORWARDED_FOR'] = '192.0.2.' . $i;
			$statuses[]                      = $this->submit()->get_status();
		}
		$this->assertSame( array_fill( 0, 20, 201 ), array_slice( $statuses, 0, 20 ) );
		$this->assertSame( array_fill( 0, 5, 429 ), array_slice( $statuses, 20 ) );
		$this->assertSame( 20, $this->stored_count() );
	}

	public function test_a_ten_megabyte_body_is_refused_with_413_before_it_is_parsed_and_nothing_is_stored(): void {
		self::without_submission_rate_limit();
		$parsed = false;
		// Validation of the route's arguments is where WordPress would decode the JSON.
		add_filter(
			'rest_request_before_callbacks',
			static function ( $response ) use ( &$parsed ) {
				$parsed = true;
				return $response;
			}
		);
		$huge     = (string) wp_json_encode( array( 'values' => array( '1' => str_repeat( 'a', 10 * MB_IN_BYTES ) ) ) );
		$response = $this->raw( $huge, array( 'Content-Length' => (string) strlen( $huge ) ) );
		$this->assert_rest_error( 'kestrel_forms_request_too_large', 413, $response );
		$this->assertSame( MB_IN_BYTES, $response->get_data()['data']['limit'] );
		$this->assertFalse( $parsed, 'Refused before WordPress checked (and decoded) the body.' );
		$this->assertSame( 0, $this->stored_count() );

		// Without a Content-Length (chunked), the bytes that came count.
		$this->assert_rest_error( 'kestrel_forms_request_too_large', 413, $this->raw( $huge ) );
		// A declared length over the limit is refused whatever came.
		$this->assert_rest_error( 'kestrel_forms_request_too_large', 413, $this->raw( '{"values":{"1":"Ada"}}', array( 'Content-Length' => (string) ( 2 * MB_IN_BYTES ) ) ) );
		$this->assertSame( 0, $this->stored_count() );

		// Just under the limit is fine.
		$values = array( '1' => 'Ada' );
		for ( $i = 0; $i < 20; $i++ ) {
			$values[ 'x' . $i ] = str_repeat( 'a', 50000 ); // Unknown inputs: ignored, but sent.
		}
		$fits = (string) wp_json_encode( array( 'values' => $values ) );
		$this->assertGreaterThan( 990000, strlen( $fits ) );
		$this->assertLessThan( MB_IN_BYTES, strlen( $fits ) );
		$this->assert_rest_status( 201, $this->raw( $fits, array( 'Content-Length' => (string) strlen( $fits ) ) ) );
	}

	/**
	 * A multipart or form-encoded body reaches PHP already parsed (`$_POST`, `$_FILES`) and the
	 * raw body reads empty; sent chunked it has no Content-Length either. Its parsed size counts.
	 */
	public function test_a_large_form_encoded_or_multipart_body_is_refused_with_413(): void {
		self::without_submission_rate_limit();
		$request = new WP_REST_Request( 'POST', '/kestrel-forms/v1/forms/' . $this->form_id . '/submissions' );
		$request->set_header( 'Content-Type', 'multipart/form-data; boundary=x' );
		$request->set_body_params( array( 'values' => array( '1' => str_repeat( 'a', 2 * MB_IN_BYTES ) ) ) );
		$server   = rest_get_server();
		$response = rest_ensure_response( $server->dispatch( $request ) );
		$this->assert_rest_error( 'kestrel_forms_request_too_large', 413, $response );

		$request = new WP_REST_Request( 'POST', '/kestrel-forms/v1/forms/' . $this->form_id . '/submissions' );
		$request->set_header( 'Content-Type', 'multipart/form-data; boundary=x' );
		$request->set_body_params( array( 'values' => array( '1' => 'Ada' ) ) );
		$request->set_file_params(
			array(
				'f' => array(
					'name'     => 'big.bin',
					'size'     => 3 * MB_IN_BYTES,
					'tmp_name' => '',
					'error'    => 0,
				),
			)
		);
		$this->assert_rest_error( 'kestrel_forms_request_too_large', 413, rest_ensure_response( $server->dispatch( $request ) ) );
		$this->assertSame( 0, $this->stored_count() );
	}

	public function test_the_body_limit_is_filterable(): void {
		self::without_submission_rate_limit();
		add_filter( 'kestrel_forms_max_submission_bytes', static fn(): int => 2048 );
		$body = (string) wp_json_encode( array( 'values' => array( '1' => str_repeat( 'a', 3000 ) ) ) );
		$this->assert_rest_error( 'kestrel_forms_request_too_large', 413, $this->raw( $body ) );
		$this->assert_rest_status( 201, $this->submit() );
	}

	public function test_only_the_route_decides_the_form(): void {
		self::without_submission_rate_limit();
		// A form_id in the body.
		$this->assert_rest_status( 201, $this->submit( array( 'form_id' => $this->other_form_id ) ) );
		// A form_id in the query.
		$request = new WP_REST_Request( 'POST', '/kestrel-forms/v1/forms/' . $this->form_id . '/submissions' );
		$request->set_query_params( array( 'form_id' => (string) $this->other_form_id ) );
		$request->set_header( 'Content-Type', 'application/json' );
		$request->set_body( (string) wp_json_encode( array( 'values' => array( '1' => 'Ada' ) ) ) );
		$this->assertSame( 201, rest_get_server()->dispatch( $request )->get_status() );
		// A form that does not exist in the body cannot turn a good route into a 404, nor the other way.
		$this->assert_rest_status( 201, $this->submit( array( 'form_id' => 987654 ) ) );
		$this->assert_rest_error( 'kestrel_forms_form_not_found', 404, $this->submit( array( 'form_id' => $this->form_id ), 987654 ) );

		$entries = Plugin::instance()->entries;
		$this->assertSame( 3, $entries->page_for_form( $this->form_id, 1, 10 )['total'] );
		$this->assertSame( 0, $entries->page_for_form( $this->other_form_id, 1, 10 )['total'] );
	}

	public function test_the_permission_filter_sees_the_routes_form(): void {
		self::without_submission_rate_limit();
		$seen = array();
		add_filter(
			'kestrel_forms_can_submit',
			static function ( bool $allowed, int $form_id ) use ( &$seen ) {
				$seen[] = $form_id;
				return $allowed;
			},
			10,
			2
		);
		$this->submit( array( 'form_id' => $this->other_form_id ) );
		// Asked for the callback and again for the Allow header: the route's form both times.
		$this->assertNotEmpty( $seen );
		$this->assertSame( array( $this->form_id ), array_values( array_unique( $seen ) ) );
	}

	public function test_public_answers_carry_an_opaque_reference_and_no_entry_id(): void {
		self::without_submission_rate_limit();
		$key   = 'ref-key-1234';
		$first = $this->submit( array( 'submission_key' => $key ) );
		$again = $this->submit( array( 'submission_key' => $key ) );
		$this->assert_rest_status( 201, $first );
		$this->assert_rest_status( 201, $again );
		$id = self::entry_id_of( $first );
		$this->assertGreaterThan( 0, $id );
		foreach ( array( $first, $again ) as $response ) {
			$data = $response->get_data();
			$this->assertSame( array( 'reference', 'confirmation' ), array_keys( $data ) );
			$this->assertMatchesRegularExpression( '/^[a-f0-9]{32}$/D', $data['reference'] );
			$this->assertSame( EntryReference::of( $id ), $data['reference'] );
			$this->assertNotSame( (string) $id, $data['reference'] );
			// No header names the entry either.
			foreach ( $response->get_headers() as $name => $value ) {
				$this->assertDoesNotMatchRegularExpression( '/^(location|link|.*entry.*)$/i', (string) $name );
			}
		}
		$this->assertSame( 'true', $again->get_headers()['Kestrel-Idempotent-Replay'] ?? null );
		$this->assertNotSame( EntryReference::of( $id ), EntryReference::of( $id + 1 ) );

		// A manager (who can open entries anyway) also gets the id.
		$this->as_admin();
		$own = $this->submit();
		$this->assertSame( self::entry_id_of( $own ), $own->get_data()['entry_id'] );
	}

	public function test_the_loser_of_a_same_key_race_answers_with_the_winner_without_a_database_error(): void {
		global $wpdb, $EZSQL_ERROR;
		self::without_submission_rate_limit();
		$key    = 'race-key-12345678';
		$t      = Schema::tables();
		$winner = 0;
		$armed  = true;
		// Another worker stores the same key after this request looked for it and before it
		// inserts (the moment its transaction starts).
		add_filter(
			'query',
			function ( string $query ) use ( &$armed, &$winner, $key, $t, $wpdb ): string {
				if ( $armed && 'START TRANSACTION' === trim( $query ) ) {
					$armed = false;
					$wpdb->insert(
						$t['entries'],
						array(
							'form_id'        => $this->form_id,
							'status'         => 'active',
							'created_at'     => gmdate( 'Y-m-d H:i:s' ),
							'source_url'     => '',
							'user_id'        => 0,
							'submission_key' => $key,
						)
					);
					$winner = (int) $wpdb->insert_id;
				}
				return $query;
			}
		);
		$errors_before    = is_array( $EZSQL_ERROR ?? null ) ? count( $EZSQL_ERROR ) : 0;
		$shown            = $wpdb->show_errors( true ); // As with WP_DEBUG_DISPLAY.
		$wpdb->last_error = '';
		ob_start();
		try {
			$response = $this->submit( array( 'submission_key' => $key ) );
		} finally {
			$output = (string) ob_get_clean();
			$wpdb->show_errors( $shown );
		}
		$this->assertFalse( $armed, 'The other worker ran.' );
		$this->assertGreaterThan( 0, $winner );
		$this->assertSame( '', $output, 'wpdb printed nothing in front of the JSON.' );
		$this->assertSame( '', $wpdb->last_error );
		$this->assertSame( $errors_before, is_array( $EZSQL_ERROR ?? null ) ? count( $EZSQL_ERROR ) : 0, 'No database error was recorded.' );
		$this->assert_rest_status( 201, $response );
		$this->assertSame( 'true', $response->get_headers()['Kestrel-Idempotent-Replay'] ?? null );
		$this->assertSame( EntryReference::of( $winner ), $response->get_data()['reference'] );
		$this->assertSame( 1, $this->stored_count() );
	}
}
