<?php
/**
 * The submission use case without REST (the door a plain form post will use), and what it does
 * when requests with the same submission key overlap.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Rest;

use Closure;
use Kestrel\Forms\Captcha\Settings;
use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Domain\Validation\FieldError;
use Kestrel\Forms\Plugin;
use Kestrel\Forms\Submissions\EntryReference;
use Kestrel\Forms\Submissions\SubmissionRefused;
use Kestrel\Forms\Submissions\SubmissionRequest;
use Kestrel\Forms\Submissions\SubmitForm;
use Kestrel\Forms\Tests\Integration\Support\TestCase;
use Kestrel\Forms\Uploads\UploadError;

final class DirectSubmissionTest extends TestCase {

	use SubmissionAnswers;

	private int $form_id;

	/** @var list<string> Captcha answers the fake provider was asked about. */
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
							'hostname' => 'example.org',
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
		$this->form_id = (int) $this->rest(
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
		)->get_data()['id'];
		$this->as_anonymous();
	}

	protected function tear_down(): void {
		global $wpdb;
		delete_option( Settings::OPTION );
		$wpdb->query( "DELETE FROM {$wpdb->options} WHERE option_name LIKE '\\_transient\\_%kestrel\\_forms\\_captcha\\_used\\_%' OR option_name LIKE '\\_transient\\_%kf\\_claim\\_%'" ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
	}

	/**
	 * The use case as Plugin.php's pieces make it.
	 *
	 * @param Closure|null $pause Waits (ms).
	 */
	private static function use_case( ?Closure $pause = null ): SubmitForm {
		$plugin = Plugin::instance();
		return new SubmitForm(
			$plugin->forms,
			$plugin->entries,
			$plugin->submission_validator,
			$plugin->feeds,
			$plugin->uploads,
			static fn( FieldError|UploadError $e ): string => $e instanceof UploadError ? $e->error_code : $e->code,
			null,
			$pause ?? static function (): void {}
		);
	}

	private function request( string $answer, string $key = '' ): SubmissionRequest {
		return new SubmissionRequest(
			$this->form_id,
			array(
				'1' => 'Ada',
				'2' => $answer,
			),
			home_url( '/contact/' ),
			$key
		);
	}

	private function other_worker_stores( string $key ): int {
		return Plugin::instance()->entries->insert( new Entry( 0, $this->form_id, array( '1' => 'Winner' ), gmdate( 'Y-m-d H:i:s' ) ), $key )['id'];
	}

	public function test_a_plain_value_object_is_all_the_use_case_needs(): void {
		$stored = self::use_case()->submit( $this->request( 'good-1' ) );
		$this->assertTrue( $stored->created );
		$this->assertSame( array( '1' => 'Ada' ), Plugin::instance()->entries->find( $stored->entry->id )->values );
		$this->assertSame( EntryReference::of( $stored->entry->id ), $stored->reference() );
		$this->assertSame( home_url( '/contact/' ), $stored->entry->source_url );
		$this->assertSame( 'message', $stored->confirmation['type'] );
	}

	public function test_a_request_waiting_on_the_same_key_answers_with_the_holders_entry_without_asking_the_captcha_provider(): void {
		$key = 'overlap-key-1';
		$this->assertTrue( Plugin::instance()->entries->claim_submission_key( $this->form_id, $key ), 'Another worker holds the key.' );
		$winner = 0;
		$waits  = 0;
		$pause  = function () use ( &$winner, &$waits, $key ): void {
			++$waits;
			if ( 2 === $waits ) {
				$winner = $this->other_worker_stores( $key );
				Plugin::instance()->entries->release_submission_key( $this->form_id, $key );
			}
		};
		$stored = self::use_case( $pause )->submit( $this->request( 'good-2', $key ) );
		$this->assertFalse( $stored->created );
		$this->assertSame( $winner, $stored->entry->id );
		$this->assertSame( array(), $this->asked, 'The captcha was verified once, by the holder.' );
		$this->assertSame( 1, Plugin::instance()->entries->page_for_form( $this->form_id, 1, 10 )['total'] );
	}

	public function test_a_key_held_too_long_is_answered_409_in_progress_and_nothing_is_checked_or_stored(): void {
		$key = 'overlap-key-2';
		$this->assertTrue( Plugin::instance()->entries->claim_submission_key( $this->form_id, $key ) );
		try {
			self::use_case()->submit( $this->request( 'good-3', $key ) );
			$this->fail( 'Expected SubmissionRefused.' );
		} catch ( SubmissionRefused $e ) {
			$this->assertSame( SubmissionRefused::IN_PROGRESS, $e->kind );
		}
		$this->assertSame( array(), $this->asked );

		// Through REST (the waits are real there: about five seconds).
		$response = $this->rest(
			'POST',
			"/kestrel-forms/v1/forms/{$this->form_id}/submissions",
			array(
				'values'         => array(
					'1' => 'Ada',
					'2' => 'good-3',
				),
				'submission_key' => $key,
			)
		);
		$this->assert_rest_error( 'kestrel_forms_submission_in_progress', 409, $response );
		$this->assertSame( '2', $response->get_headers()['Retry-After'] ?? null );
		$this->assertSame( array(), $this->asked );
		$this->assertSame( 0, Plugin::instance()->entries->page_for_form( $this->form_id, 1, 10 )['total'] );
	}

	public function test_an_abandoned_claim_is_taken_over(): void {
		$key = 'overlap-key-3';
		$this->assertTrue( Plugin::instance()->entries->claim_submission_key( $this->form_id, $key, -5 ), 'A worker that died.' );
		$stored = self::use_case()->submit( $this->request( 'good-4', $key ) );
		$this->assertTrue( $stored->created );
		$this->assertSame( array( 'good-4' ), $this->asked );
	}

	public function test_the_key_is_let_go_after_a_refusal_so_the_same_submission_can_be_put_right(): void {
		$key = 'overlap-key-4';
		try {
			self::use_case()->submit( $this->request( 'bad-5', $key ) );
			$this->fail( 'Expected SubmissionRefused.' );
		} catch ( SubmissionRefused $e ) {
			$this->assertSame( SubmissionRefused::INVALID_FIELDS, $e->kind );
		}
		$stored = self::use_case()->submit( $this->request( 'good-5', $key ) );
		$this->assertTrue( $stored->created );
		$this->assertSame( array( 'bad-5', 'good-5' ), $this->asked );
		// And once stored, the key answers with the entry (no claim left behind).
		$this->assertTrue( Plugin::instance()->entries->claim_submission_key( $this->form_id, $key ) );
	}
}
