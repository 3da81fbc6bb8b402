<?php
/**
 * Submissions of a form with a captcha: verified before storing, never stored, and a repeat of a
 * stored submission (same key) answers with the first entry without asking the provider again.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Rest;

use Kestrel\Forms\Captcha\Settings;
use Kestrel\Forms\Plugin;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

final class CaptchaSubmissionTest extends TestCase {

	use SubmissionAnswers;

	private int $form_id;

	/** @var list<string> Tokens the fake provider was asked about. */
	private array $asked = array();

	protected function set_up(): void {
		self::without_submission_rate_limit();
		update_option(
			Settings::OPTION,
			array(
				'site_key'   => 'site',
				'secret_key' => 'secret',
			)
		);
		add_filter(
			'pre_http_request',
			function ( $pre, array $args ) {
				$token         = (string) ( $args['body']['response'] ?? '' );
				$this->asked[] = $token;
				return array(
					'headers'  => array(),
					'body'     => (string) wp_json_encode(
						array(
							'success'  => str_starts_with( $token, 'good' ),
							// Solved on this site unless the token says otherwise.
							'hostname' => str_contains( $token, '-elsewhere' ) ? 'evil.example' : (string) wp_parse_url( home_url(), PHP_URL_HOST ),
						)
					),
					'response' => array(
						'code'    => 200,
						'message' => 'OK',
					),
					'cookies'  => array(),
				);
			},
			10,
			2
		);
		$this->as_admin();
		$response      = $this->rest(
			'POST',
			'/kestrel-forms/v1/forms',
			array(
				'title'  => 'Guarded',
				'fields' => array(
					array(
						'id'    => 1,
						'type'  => 'text',
						'label' => 'Name',
					),
					array(
						'id'    => 2,
						'type'  => 'captcha',
						'label' => 'Human?',
					),
				),
			)
		);
		$this->form_id = (int) $response->get_data()['id'];
		$this->as_anonymous();
	}

	protected function tear_down(): void {
		global $wpdb;
		delete_option( Settings::OPTION );
		$wpdb->query( "DELETE FROM {$wpdb->options} WHERE option_name LIKE '\\_transient\\_%kestrel\\_forms\\_captcha\\_used\\_%'" ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
	}

	/**
	 * @param string $answer Captcha answer.
	 * @param string $key    Submission key.
	 */
	private function submit( string $answer, string $key = '' ): \WP_REST_Response {
		$body = array(
			'values' => array(
				'1' => 'Ada',
				'2' => $answer,
			),
		);
		if ( '' !== $key ) {
			$body['submission_key'] = $key;
		}
		return $this->rest( 'POST', "/kestrel-forms/v1/forms/{$this->form_id}/submissions", $body );
	}

	public function test_a_refused_or_missing_answer_stores_nothing(): void {
		$response = $this->submit( 'bad-token' );
		$this->assert_rest_error( 'kestrel_forms_validation_failed', 400, $response );
		$this->assertStringContainsString( 'not a robot', (string) ( (array) $response->get_data()['data']['errors'] )['2'] );
		$this->assert_rest_error( 'kestrel_forms_validation_failed', 400, $this->submit( '' ) );
		$this->assertSame( 0, Plugin::instance()->entries->page_for_form( $this->form_id, 1, 10 )['total'] );
	}

	public function test_an_accepted_answer_is_verified_once_and_never_stored_and_a_repeat_replays(): void {
		$first = $this->submit( 'good-1', 'key-12345678' );
		$this->assert_rest_status( 201, $first );
		$entry = Plugin::instance()->entries->find( self::entry_id_of( $first ) );
		$this->assertSame( array( '1' => 'Ada' ), $entry->values );

		// The same submission again (a network retry): the first answer, no second verification.
		$again = $this->submit( 'good-1', 'key-12345678' );
		$this->assert_rest_status( 201, $again );
		$this->assertSame( self::entry_id_of( $first ), self::entry_id_of( $again ) );
		$this->assertSame( 'true', $again->get_headers()['Kestrel-Idempotent-Replay'] ?? null );
		$this->assertSame( array( 'good-1' ), $this->asked );

		// A new submission with the used answer is refused.
		$this->assert_rest_error( 'kestrel_forms_validation_failed', 400, $this->submit( 'good-1', 'key-87654321' ) );
	}

	public function test_an_answer_solved_on_another_site_is_refused_and_stores_nothing(): void {
		$response = $this->submit( 'good-elsewhere-1' );
		$this->assert_rest_error( 'kestrel_forms_validation_failed', 400, $response );
		$this->assertStringContainsString( 'not a robot', (string) ( (array) $response->get_data()['data']['errors'] )['2'] );
		$this->assertSame( 0, Plugin::instance()->entries->page_for_form( $this->form_id, 1, 10 )['total'] );
	}
}
