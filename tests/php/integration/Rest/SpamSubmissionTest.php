<?php
/**
 * Honeypot and minimum time to submit: spam is stored as spam, never dropped, and the sender
 * gets the usual answer.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Rest;

use Kestrel\Forms\Plugin;
use Kestrel\Forms\Security\SpamGuard;
use Kestrel\Forms\Settings\ApiSettings;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

final class SpamSubmissionTest extends TestCase {

	use SubmissionAnswers;

	protected function set_up(): void {
		self::without_submission_rate_limit();
	}

	/**
	 * @param array<string, mixed> $settings Extra form settings.
	 */
	private function form( array $settings = array() ): int {
		$this->as_admin();
		$response = $this->rest(
			'POST',
			'/kestrel-forms/v1/forms',
			array(
				'title'  => 'Contact',
				'fields' => array(
					array(
						'id'    => 1,
						'type'  => 'text',
						'label' => 'Name',
					),
				),
			) + $settings
		);
		$this->assert_rest_status( 201, $response );
		$this->as_anonymous();
		return (int) $response->get_data()['id'];
	}

	/**
	 * @param int                  $form_id Form id.
	 * @param array<string, mixed> $extra   Extra body parameters.
	 */
	private function status_of_submission( int $form_id, array $extra ): string {
		$response = $this->rest( 'POST', "/kestrel-forms/v1/forms/{$form_id}/submissions", array( 'values' => array( '1' => 'Ada' ) ) + $extra );
		$this->assert_rest_status( 201, $response );
		return Plugin::instance()->entries->find( self::entry_id_of( $response ) )->status;
	}

	public function test_a_filled_honeypot_is_stored_as_spam(): void {
		$form_id = $this->form();
		$this->assertSame( 'active', $this->status_of_submission( $form_id, array( 'honeypot' => '' ) ) );
		$this->assertSame( 'spam', $this->status_of_submission( $form_id, array( 'honeypot' => 'http://spam.example' ) ) );
	}

	public function test_a_form_without_honeypot_ignores_it(): void {
		$form_id = $this->form( array( 'enableHoneypot' => false ) );
		$this->assertSame( 'active', $this->status_of_submission( $form_id, array( 'honeypot' => 'filled' ) ) );
	}

	public function test_the_minimum_time_to_submit_uses_the_signed_render_time(): void {
		$form_id = $this->form( array( 'minimumSubmitSeconds' => 5 ) );
		$this->assertSame( 'spam', $this->status_of_submission( $form_id, array( 'render_token' => SpamGuard::render_token( $form_id ) ) ), 'Sent at once.' );
		$this->assertSame( 'active', $this->status_of_submission( $form_id, array( 'render_token' => SpamGuard::render_token( $form_id, time() - 6 ) ) ) );
		$this->assertSame( 'spam', $this->status_of_submission( $form_id, array() ), 'No token.' );
		$forged = ( time() - 60 ) . '.' . str_repeat( 'a', 64 );
		$this->assertSame( 'spam', $this->status_of_submission( $form_id, array( 'render_token' => $forged ) ), 'A forged time.' );
		$other = SpamGuard::render_token( $form_id + 1, time() - 60 );
		$this->assertSame( 'spam', $this->status_of_submission( $form_id, array( 'render_token' => $other ) ), 'Another form\'s token.' );
	}

	public function test_render_tokens_expire_after_a_filterable_max_age_for_anyone(): void {
		$form_id = $this->form( array( 'minimumSubmitSeconds' => 5 ) );
		$this->assertSame( DAY_IN_SECONDS, SpamGuard::max_age() );
		$day_old = SpamGuard::render_token( $form_id, time() - DAY_IN_SECONDS + 60 );
		$this->assertSame( 'active', $this->status_of_submission( $form_id, array( 'render_token' => $day_old ) ), 'Within a day.' );
		$expired = SpamGuard::render_token( $form_id, time() - DAY_IN_SECONDS - 60 );
		$this->assertSame( 'spam', $this->status_of_submission( $form_id, array( 'render_token' => $expired ) ), 'Older than a day.' );
		$this->as_admin();
		$this->assertSame( 'spam', $this->status_of_submission( $form_id, array( 'render_token' => $expired ) ), 'Whoever replays it.' );
		$this->as_anonymous();
		$future = SpamGuard::render_token( $form_id, time() + 3600 );
		$this->assertSame( 'spam', $this->status_of_submission( $form_id, array( 'render_token' => $future ) ), 'From the future.' );

		add_filter( 'kestrel_forms_render_token_max_age', static fn(): int => 600 );
		$this->assertSame( 'spam', $this->status_of_submission( $form_id, array( 'render_token' => SpamGuard::render_token( $form_id, time() - 700 ) ) ) );
		$this->assertSame( 'active', $this->status_of_submission( $form_id, array( 'render_token' => SpamGuard::render_token( $form_id, time() - 500 ) ) ) );
	}

	public function test_a_token_is_bound_to_its_form(): void {
		$first  = $this->form( array( 'minimumSubmitSeconds' => 5 ) );
		$second = $this->form( array( 'minimumSubmitSeconds' => 5 ) );
		$token  = SpamGuard::render_token( $first, time() - 60 );
		$this->assertSame( 'active', $this->status_of_submission( $first, array( 'render_token' => $token ) ) );
		$this->assertSame( 'spam', $this->status_of_submission( $second, array( 'render_token' => $token ) ) );
	}

	public function test_a_page_cached_longer_than_tokens_live_gets_a_fresh_token(): void {
		$form_id  = $this->form( array( 'minimumSubmitSeconds' => 5 ) );
		$response = $this->rest( 'GET', "/kestrel-forms/v1/forms/{$form_id}/render-token" );
		$this->assert_rest_status( 200, $response );
		$this->assertSame( 'no-store, max-age=0', $response->get_headers()['Cache-Control'] ?? null );
		$data = $response->get_data();
		$this->assertSame( DAY_IN_SECONDS, $data['max_age'] );
		$this->assertEqualsWithDelta( time(), SpamGuard::rendered_at( $form_id, $data['token'] ), 2 );
		$this->assertNull( SpamGuard::rendered_at( $form_id + 1, $data['token'] ), 'Bound to the form.' );
		// Fresh means fresh: sent at once it is still too soon.
		$this->assertSame( 'spam', $this->status_of_submission( $form_id, array( 'render_token' => $data['token'] ) ) );
		$this->assert_rest_error( 'kestrel_forms_form_not_found', 404, $this->rest( 'GET', '/kestrel-forms/v1/forms/987654/render-token' ) );
	}

	protected function tear_down(): void {
		delete_option( ApiSettings::OPTION );
	}

	public function test_a_signed_in_client_without_a_page_is_not_held_to_the_minimum_time(): void {
		$form_id = $this->form( array( 'minimumSubmitSeconds' => 5 ) );
		$this->as_admin();
		// An application-password client (the web API must be on for it to reach the route).
		( new ApiSettings() )->set_enabled( true );
		do_action( 'application_password_did_authenticate', wp_get_current_user(), array() );
		$this->assertSame( 'active', $this->status_of_submission( $form_id, array() ) );
		// With a page's token, the minimum still counts.
		$this->assertSame( 'spam', $this->status_of_submission( $form_id, array( 'render_token' => SpamGuard::render_token( $form_id ) ) ) );
		// And the honeypot always does.
		$this->assertSame( 'spam', $this->status_of_submission( $form_id, array( 'honeypot' => 'x' ) ) );
	}

	public function test_a_browser_signed_in_with_a_cookie_is_held_to_the_minimum_time(): void {
		$form_id = $this->form( array( 'minimumSubmitSeconds' => 5 ) );
		$this->as_admin();
		$this->assertSame( 0, did_action( 'application_password_did_authenticate' ) );
		$this->assertSame( 'spam', $this->status_of_submission( $form_id, array() ), 'No token, no application password.' );
		$this->assertSame( 'spam', $this->status_of_submission( $form_id, array( 'render_token' => '' ) ) );
		$this->assertSame( 'active', $this->status_of_submission( $form_id, array( 'render_token' => SpamGuard::render_token( $form_id, time() - 6 ) ) ) );
	}
}
