<?php
/**
 * Payment drafts (ADR 0009): a form's values kept on the server while the visitor approves Cash
 * App Pay on a phone, restored on return, exactly one entry whatever the reloads.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Payments;

use Kestrel\Forms\Persistence\PaymentDraftRepository;
use Kestrel\Forms\Persistence\Schema;
use Kestrel\Forms\Plugin;
use Kestrel\Forms\Submissions\DraftCookie;
use Kestrel\Forms\Tests\Integration\Rest\SubmissionAnswers;
use Kestrel\Forms\Tests\Integration\Support\TestCase;
use WP_REST_Response;

final class PaymentDraftsTest extends TestCase {

	use PaymentFixtures;
	use SubmissionAnswers;

	private const KEY = 'draft-key-0001';

	/**
	 * The Set-Cookie headers the drafts sent.
	 *
	 * @var list<string>
	 */
	private array $cookies = array();

	protected function set_up(): void {
		$this->cookies    = array();
		DraftCookie::$jar = function ( string $header ): void {
			$this->cookies[] = $header;
		};
		$this->set_up_shop( '203.0.113.79' );
		$this->form_id = $this->create_shop( self::shop() );
	}

	/**
	 * The shop: a mug, an email, a name, a password, a file upload, a captcha, notes and Cash App Pay.
	 *
	 * @param bool $upload_required Whether the file upload is required (and a captcha shows).
	 * @return array<string, mixed>
	 */
	private static function shop( bool $upload_required = false ): array {
		$captcha = array(
			'id'    => 7,
			'type'  => 'captcha',
			'label' => 'Captcha',
		);
		return self::mug_shop(
			array( 'methods' => array( 'card', 'cashAppPay' ) ),
			array_merge(
				array(
					array(
						'id'         => 4,
						'type'       => 'text',
						'label'      => 'Name',
						'isRequired' => true,
					),
					array(
						'id'    => 5,
						'type'  => 'password',
						'label' => 'Password',
					),
					array(
						'id'         => 6,
						'type'       => 'fileupload',
						'label'      => 'Receipt',
						'isRequired' => $upload_required,
					),
					array(
						'id'    => 8,
						'type'  => 'textarea',
						'label' => 'Notes',
					),
				),
				$upload_required ? array( $captcha ) : array()
			)
		);
	}

	protected function tear_down(): void {
		$this->tear_down_payments();
		remove_all_filters( 'kestrel_forms_rate_limit' );
		remove_all_filters( 'kestrel_forms_can_submit' );
		remove_all_filters( 'kestrel_forms_captcha_verify' );
		$_COOKIE          = array();
		DraftCookie::$jar = null;
	}

	/**
	 * Keeps the cookie a draft's response sets, as the browser does.
	 *
	 * @param WP_REST_Response $response The POST's response.
	 * @return array{0: string, 1: string} The cookie's name and value ('' when none).
	 */
	private function keep_cookie( WP_REST_Response $response ): array {
		$header = 201 === $response->get_status() ? (string) end( $this->cookies ) : '';
		if ( 1 !== preg_match( '/^([A-Za-z0-9_]+)=([^;]*)/', $header, $m ) ) {
			return array( '', '' );
		}
		$_COOKIE[ $m[1] ] = $m[2];
		return array( $m[1], $m[2] );
	}

	/**
	 * The values the page sends (the payment field without a token yet).
	 *
	 * @param array<string, mixed> $more Changed values.
	 * @return array<string, mixed>
	 */
	private static function values( array $more = array() ): array {
		return $more + array(
			'2'   => 'buyer@example.org',
			'4'   => 'Jane Doe',
			'5'   => 'hunter2-secret',
			'5.2' => 'hunter2-secret',
			'3'   => array( 'method' => 'cashAppPay' ),
		);
	}

	/**
	 * Stores a draft.
	 *
	 * @param array<string, mixed> $body    Body changes.
	 * @param int|null             $form_id Form (default the shop).
	 */
	private function create_draft( array $body = array(), ?int $form_id = null ): WP_REST_Response {
		$response = $this->rest(
			'POST',
			'/kestrel-forms/v1/forms/' . ( $form_id ?? $this->form_id ) . '/payment-drafts',
			$body + array(
				'values'         => self::values(),
				'submission_key' => self::KEY,
				'return_url'     => home_url( '/shop/?kf_payment_return=old&size=large' ),
			)
		);
		$this->keep_cookie( $response );
		return $response;
	}

	/**
	 * Reads a draft.
	 *
	 * @param string   $id      Draft id.
	 * @param int|null $form_id Form (default the shop).
	 */
	private function get_draft( string $id, ?int $form_id = null ): WP_REST_Response {
		return $this->rest( 'GET', '/kestrel-forms/v1/forms/' . ( $form_id ?? $this->form_id ) . '/payment-drafts/' . $id );
	}

	/**
	 * Submits with Cash App Pay's token after the return.
	 *
	 * @param string $draft_id Draft id.
	 * @param string $key      Submission key.
	 */
	private function submit_from( string $draft_id, string $key = self::KEY ): WP_REST_Response {
		return $this->rest(
			'POST',
			'/kestrel-forms/v1/forms/' . $this->form_id . '/submissions',
			array(
				'values'         => self::values(
					array(
						'3' => array(
							'method'  => 'cashAppPay',
							'token'   => 'wnon:sandbox-cash-app-ok',
							'draftId' => $draft_id,
						),
					)
				),
				'submission_key' => $key,
			)
		);
	}

	public function test_a_draft_is_stored_without_secrets_and_restored_on_return(): void {
		$response = $this->create_draft();
		$this->assert_rest_status( 201, $response );
		$data = $response->get_data();
		$this->assertMatchesRegularExpression( '/^[a-f0-9]{32}$/', $data['draft_id'] );
		$expires = strtotime( $data['expires_at'] );
		$this->assertEqualsWithDelta( time() + DAY_IN_SECONDS, $expires, 5 );
		// The return URL with the draft named (the old value replaced, the rest kept).
		$this->assertStringStartsWith( home_url( '/shop/?' ), $data['redirect_url'] );
		parse_str( (string) wp_parse_url( $data['redirect_url'], PHP_URL_QUERY ), $query );
		$this->assertEquals(
			array(
				'kf_payment_return' => $data['draft_id'],
				'size'              => 'large',
			),
			$query
		);
		$this->assertSame( 0, self::entry_count(), 'No entry from a draft.' );
		$this->assertCount( 0, $this->provider->calls( 'POST', '/v2/payments' ) );

		$open = $this->get_draft( $data['draft_id'] );
		$this->assert_rest_status( 200, $open );
		$this->assertSame( 'open', $open->get_data()['status'] );
		$this->assertSame( self::KEY, $open->get_data()['submission_key'] );
		$values = (array) $open->get_data()['values'];
		$this->assertSame( 'Jane Doe', $values['4'] );
		$this->assertSame( array( 'method' => 'cashAppPay' ), $values['3'] );
		$this->assertArrayNotHasKey( '5', $values, 'A password is never kept in a draft.' );
		$this->assertArrayNotHasKey( '5.2', $values );
		$this->assertStringNotContainsString( 'hunter2', (string) wp_json_encode( $open->get_data() ) );
	}

	public function test_a_draft_is_validated_as_a_submission_is_and_answers_the_same_way(): void {
		$draft = $this->create_draft( array( 'values' => self::values( array( '4' => '' ) ) ) );
		$this->assert_rest_error( 'kestrel_forms_validation_failed', 400, $draft );
		$submission = $this->rest(
			'POST',
			'/kestrel-forms/v1/forms/' . $this->form_id . '/submissions',
			array(
				'values'         => self::values(
					array(
						'4' => '',
						'3' => array(
							'method' => 'cashAppPay',
							'token'  => 'wnon:sandbox-cash-app-ok',
						),
					)
				),
				'submission_key' => 'another-key-01',
			)
		);
		$this->assertEquals( $submission->get_data()['data']['errors'], $draft->get_data()['data']['errors'] );
		$this->assertArrayHasKey( '4', (array) $draft->get_data()['data']['errors'] );

		// The payment field needs a method it offers (not a token).
		$bad = $this->create_draft( array( 'values' => self::values( array( '3' => array( 'method' => 'ach' ) ) ) ) );
		$this->assert_rest_error( 'kestrel_forms_validation_failed', 400, $bad );
		$this->assertArrayHasKey( '3', (array) $bad->get_data()['data']['errors'] );
		$this->assert_rest_error( 'kestrel_forms_form_not_found', 404, $this->create_draft( array(), 999999 ) );
	}

	public function test_the_return_url_must_be_on_this_site(): void {
		foreach ( array( 'https://evil.example/shop/', '//evil.example/shop/', 'javascript:alert(1)', '/shop/', str_replace( 'example.org', 'example.org:8080', home_url( '/' ) ), str_replace( '://', '://user:pw@', home_url( '/shop/' ) ) ) as $url ) {
			$this->assert_rest_error( 'kestrel_forms_invalid_return_url', 400, $this->create_draft( array( 'return_url' => $url ) ), $url );
		}
		$this->assertSame( 0, (int) $GLOBALS['wpdb']->get_var( 'SELECT COUNT(*) FROM ' . Schema::tables()['payment_drafts'] ) ); // phpcs:ignore WordPress.DB
	}

	public function test_the_entry_marks_the_draft_submitted_and_a_reloaded_return_makes_no_second_entry(): void {
		$id = (string) $this->create_draft()->get_data()['draft_id'];

		$first = $this->submit_from( $id );
		$this->assert_rest_status( 201, $first );
		$this->assertSame( 1, self::entry_count() );
		$row = ( new PaymentDraftRepository() )->find( $id );
		$this->assertSame( 'submitted', $row['status'] );
		$this->assertSame( self::entry_id_of( $first ), $row['entry_id'] );

		// The return URL reloaded: the draft says submitted, with the first confirmation.
		$again = $this->get_draft( $id );
		$this->assert_rest_status( 200, $again );
		$this->assertSame( 'submitted', $again->get_data()['status'] );
		$this->assertSame( $first->get_data()['confirmation'], $again->get_data()['confirmation'] );
		$this->assertArrayNotHasKey( 'values', $again->get_data() );

		// A replayed submission with the draft's key answers the first entry; still one entry, one charge.
		$replay = $this->submit_from( $id );
		$this->assert_rest_status( 201, $replay );
		$this->assertSame( 'true', $replay->get_headers()['Kestrel-Idempotent-Replay'] ?? '' );
		$this->assertSame( 1, self::entry_count() );
		$this->assertCount( 1, $this->provider->calls_to( 'POST', '/v2/payments' ) );

		// Even under another key, a submission from a submitted draft answers its entry, charging nothing.
		$other = $this->submit_from( $id, 'another-key-02' );
		$this->assert_rest_status( 201, $other );
		$this->assertSame( self::entry_id_of( $first ), self::entry_id_of( $other ) );
		$this->assertSame( 1, self::entry_count() );
		$this->assertCount( 1, $this->provider->calls_to( 'POST', '/v2/payments' ) );
	}

	public function test_unknown_foreign_and_expired_drafts_are_not_found(): void {
		$id    = (string) $this->create_draft()->get_data()['draft_id'];
		$other = $this->create_shop( self::mug_shop( array( 'methods' => array( 'cashAppPay' ) ) ) );
		$this->assert_rest_error( 'kestrel_forms_payment_draft_not_found', 404, $this->get_draft( $id, $other ) );
		$this->assert_rest_error( 'kestrel_forms_payment_draft_not_found', 404, $this->get_draft( str_repeat( 'b', 32 ) ) );

		// A submission naming another form's draft is refused (the values stay in the form) and leaves that draft open.
		$foreign = (string) $this->create_draft( array(), $other )->get_data()['draft_id'];
		$this->assert_rest_error( 'kestrel_forms_validation_failed', 400, $this->create_draft( array( 'values' => array() ), $other ) );
		$this->assert_rest_error( 'kestrel_forms_payment_draft_not_found', 400, $this->submit_from( $foreign, 'foreign-key-01' ) );
		$this->assertSame( 0, self::entry_count() );
		$this->assertSame( 'open', ( new PaymentDraftRepository() )->find( $foreign )['status'] );

		global $wpdb;
		$wpdb->update( Schema::tables()['payment_drafts'], array( 'expires_at' => gmdate( 'Y-m-d H:i:s', time() - 1 ) ), array( 'id' => $id ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
		$this->assert_rest_error( 'kestrel_forms_payment_draft_not_found', 404, $this->get_draft( $id ) );

		// The hourly cleanup deletes it.
		Plugin::clean_up_uploads();
		$this->assertNull( ( new PaymentDraftRepository() )->find( $id ) );
		$this->assertNotNull( ( new PaymentDraftRepository() )->find( $foreign ) );
	}

	public function test_drafts_are_rate_limited_in_their_own_bucket_and_follow_the_submit_permission(): void {
		add_filter( 'kestrel_forms_rate_limit', static fn( array $limit, string $bucket ): array => 'payment_draft' === $bucket ? array( 2, 60 ) : $limit, 10, 2 );
		$this->assert_rest_status( 201, $this->create_draft() );
		$this->assert_rest_error( 'kestrel_forms_invalid_return_url', 400, $this->create_draft( array( 'return_url' => 'https://evil.example/' ) ) );
		$limited = $this->create_draft();
		$this->assert_rest_error( 'kestrel_forms_rate_limited', 429, $limited );
		remove_all_filters( 'kestrel_forms_rate_limit' );

		add_filter( 'kestrel_forms_can_submit', '__return_false' );
		$this->assertSame( 403, $this->create_draft()->get_status() );
	}

	public function test_mixed_case_routes_are_rate_limited_as_the_routes_are(): void {
		add_filter( 'kestrel_forms_rate_limit', static fn( array $limit, string $bucket ): array => in_array( $bucket, array( 'payment_draft', 'payment_request' ), true ) ? array( 1, 60 ) : $limit, 10, 2 );
		$this->assert_rest_status( 201, $this->create_draft() );
		$mixed = $this->rest(
			'POST',
			'/kestrel-forms/v1/forms/' . $this->form_id . '/Payment-Drafts',
			array(
				'values'         => self::values(),
				'submission_key' => self::KEY,
				'return_url'     => home_url( '/shop/' ),
			)
		);
		$this->assert_rest_error( 'kestrel_forms_rate_limited', 429, $mixed );
		$this->rest( 'POST', '/kestrel-forms/v1/forms/' . $this->form_id . '/payment-request', array() );
		$this->assert_rest_error( 'kestrel_forms_rate_limited', 429, $this->rest( 'POST', '/kestrel-forms/v1/forms/' . $this->form_id . '/PAYMENT-REQUEST', array() ) );
	}

	public function test_a_draft_is_bound_to_the_browser_that_made_it(): void {
		$_COOKIE               = array();
		$created               = $this->rest(
			'POST',
			'/kestrel-forms/v1/forms/' . $this->form_id . '/payment-drafts',
			array(
				'values'         => self::values(),
				'submission_key' => self::KEY,
				'return_url'     => home_url( '/shop/' ),
			)
		);
		list( $kept, $secret ) = $this->keep_cookie( $created );
		$id                    = (string) $created->get_data()['draft_id'];
		$header                = (string) end( $this->cookies );
		$this->assertCount( 1, $this->cookies );
		$this->assertArrayNotHasKey( 'Set-Cookie', $created->get_headers(), 'Sent by DraftCookie::send(), not as a response header that would replace other cookies.' );
		$name = 'kestrel_forms_draft_' . substr( $id, 0, 12 );
		$this->assertMatchesRegularExpression( '/^' . $name . '=[a-f0-9]{32}; /', $header );
		foreach ( array( 'HttpOnly', 'SameSite=Lax', 'Max-Age=86400', 'Path=/' ) as $attribute ) {
			$this->assertStringContainsString( $attribute, $header );
		}
		$this->assertStringNotContainsString( 'Secure', $header, 'http site: no Secure attribute.' );

		$this->assertSame( $name, $kept );
		$row = ( new PaymentDraftRepository() )->find( $id );
		$this->assertSame( hash( 'sha256', $secret ), $row['owner_hash'] );
		$this->assertStringNotContainsString( $secret, (string) wp_json_encode( $row ), 'Only the hash is stored.' );

		// Another browser (no cookie, or a wrong one): the same 404 as an unknown draft.
		$_COOKIE = array();
		$this->assert_rest_error( 'kestrel_forms_payment_draft_not_found', 404, $this->get_draft( $id ) );
		$_COOKIE[ $name ] = str_repeat( 'c', 32 );
		$this->assert_rest_error( 'kestrel_forms_payment_draft_not_found', 404, $this->get_draft( $id ) );
		// A submission naming it is refused: nothing stored, nothing charged.
		$this->assert_rest_error( 'kestrel_forms_payment_draft_not_found', 400, $this->submit_from( $id, 'attacker-key-01' ) );
		$this->assertSame( 0, self::entry_count() );
		$this->assertCount( 0, $this->provider->calls_to( 'POST', '/v2/payments' ) );
		$this->assertSame( 'open', ( new PaymentDraftRepository() )->find( $id )['status'] );

		// The browser that made it reads it.
		$_COOKIE[ $name ] = $secret;
		$this->assert_rest_status( 200, $this->get_draft( $id ) );

		// Not once its form is in the trash.
		( new \Kestrel\Forms\Persistence\FormRepository() )->set_status( $this->form_id, \Kestrel\Forms\Persistence\FormRepository::STATUS_TRASH );
		$this->assert_rest_error( 'kestrel_forms_payment_draft_not_found', 404, $this->get_draft( $id ) );
	}

	public function test_the_drafts_own_key_is_the_submissions_key(): void {
		$id    = (string) $this->create_draft()->get_data()['draft_id'];
		$first = $this->submit_from( $id, 'request-key-01' );
		$this->assert_rest_status( 201, $first );
		global $wpdb;
		$this->assertSame( self::KEY, $wpdb->get_var( $wpdb->prepare( 'SELECT submission_key FROM ' . Schema::tables()['entries'] . ' WHERE id = %d', self::entry_id_of( $first ) ) ) ); // phpcs:ignore WordPress.DB
		$this->assertSame( array(), ( new PaymentDraftRepository() )->find( $id )['values'], 'A submitted draft keeps no values.' );
		$again = $this->submit_from( $id, 'request-key-02' );
		$this->assert_rest_status( 201, $again );
		$this->assertSame( self::entry_id_of( $first ), self::entry_id_of( $again ) );
		$this->assertSame( 1, self::entry_count() );
		$this->assertCount( 1, $this->provider->calls_to( 'POST', '/v2/payments' ) );
	}

	public function test_an_expired_draft_is_refused_on_submission(): void {
		$id = (string) $this->create_draft()->get_data()['draft_id'];
		global $wpdb;
		$wpdb->update( Schema::tables()['payment_drafts'], array( 'expires_at' => gmdate( 'Y-m-d H:i:s', time() - HOUR_IN_SECONDS ) ), array( 'id' => $id ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
		$this->assert_rest_error( 'kestrel_forms_payment_draft_not_found', 400, $this->submit_from( $id ) );
		$this->assertSame( 0, self::entry_count() );
		$this->assertCount( 0, $this->provider->calls_to( 'POST', '/v2/payments' ) );
	}

	public function test_a_draft_keeps_only_validated_values_of_known_inputs_and_no_uploads_or_secrets(): void {
		$this->form_id = $this->create_shop( self::shop( true ) );
		$created       = $this->create_draft(
			array(
				'values' => self::values(
					array(
						'junk' => str_repeat( 'j', 1000 ),
						'3.9'  => 'x',
						'6'    => array( 'tmpfileTOKEN123' ),
						'7'    => 'captcha-answer-token',
					)
				),
			)
		);
		// The required upload does not block the draft: the files are added after the return.
		$this->assert_rest_status( 201, $created );
		$values = (array) $this->get_draft( (string) $created->get_data()['draft_id'] )->get_data()['values'];
		foreach ( array( 'junk', '3.9', '6', '7', '5', '5.2' ) as $gone ) {
			$this->assertArrayNotHasKey( $gone, $values, $gone );
		}
		$this->assertSame( 'Jane Doe', $values['4'] );
		$this->assertSame( array( 'method' => 'cashAppPay' ), $values['3'] );
		$this->assertStringNotContainsString( 'tmpfileTOKEN123', (string) wp_json_encode( $values ) );
		$this->assertStringNotContainsString( 'captcha-answer', (string) wp_json_encode( $values ) );

		$large = $this->create_draft( array( 'values' => self::values( array( '8' => str_repeat( 'é', 40000 ) ) ) ) );
		$this->assert_rest_error( 'kestrel_forms_request_too_large', 413, $large );
		$this->assertSame( 1, (int) $GLOBALS['wpdb']->get_var( 'SELECT COUNT(*) FROM ' . Schema::tables()['payment_drafts'] ) ); // phpcs:ignore WordPress.DB
	}

	public function test_a_draft_needs_cash_app_pay_and_passes_the_spam_checks(): void {
		$card = $this->create_draft( array( 'values' => self::values( array( '3' => array( 'method' => 'card' ) ) ) ) );
		$this->assert_rest_error( 'kestrel_forms_validation_failed', 400, $card );
		$this->assertArrayHasKey( '3', (array) $card->get_data()['data']['errors'] );
		$this->assert_rest_error( 'kestrel_forms_payment_draft_refused', 400, $this->create_draft( array( 'honeypot' => 'i am a bot' ) ) );
		$this->form_id = $this->create_shop( array( 'minimumSubmitSeconds' => 5 ) + self::shop() );
		$this->assert_rest_error( 'kestrel_forms_payment_draft_refused', 400, $this->create_draft( array( 'render_token' => '123.' . str_repeat( 'a', 64 ) ) ) );
		$this->assert_rest_error( 'kestrel_forms_payment_draft_refused', 400, $this->create_draft( array( 'render_token' => \Kestrel\Forms\Security\SpamGuard::render_token( $this->form_id ) ) ), 'Sent at once: too young.' );
		$this->assertSame( 0, (int) $GLOBALS['wpdb']->get_var( 'SELECT COUNT(*) FROM ' . Schema::tables()['payment_drafts'] ) ); // phpcs:ignore WordPress.DB
	}

	public function test_after_its_entry_is_deleted_a_draft_is_not_found(): void {
		$id    = (string) $this->create_draft()->get_data()['draft_id'];
		$first = $this->submit_from( $id );
		$this->assert_rest_status( 201, $first );
		// The entry row gone without the repository (an old delete path): 404, never "open" again.
		global $wpdb;
		$wpdb->delete( Schema::tables()['entries'], array( 'id' => self::entry_id_of( $first ) ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
		$this->assert_rest_error( 'kestrel_forms_payment_draft_not_found', 404, $this->get_draft( $id ) );
		$this->assert_rest_error( 'kestrel_forms_payment_draft_not_found', 400, $this->submit_from( $id ) );
		$this->assertCount( 1, $this->provider->calls_to( 'POST', '/v2/payments' ) );

		// Deleted (or erased) through the entries: the draft goes with it.
		$other = (string) $this->create_draft( array( 'submission_key' => 'draft-key-0002' ) )->get_data()['draft_id'];
		$entry = self::entry_id_of( $this->submit_from( $other ) );
		( new \Kestrel\Forms\Persistence\EntryWorkspaceRepository() )->delete( array( $entry ) );
		$this->assertNull( ( new PaymentDraftRepository() )->find( $other ) );
	}

	public function test_an_open_draft_whose_key_has_an_entry_answers_that_entry(): void {
		$id    = (string) $this->create_draft()->get_data()['draft_id'];
		$entry = $this->rest(
			'POST',
			'/kestrel-forms/v1/forms/' . $this->form_id . '/submissions',
			array(
				'values'         => self::values(
					array(
						'3' => array(
							'method' => 'cashAppPay',
							'token'  => 'wnon:sandbox-cash-app-ok',
						),
					)
				),
				'submission_key' => self::KEY,
			)
		);
		$this->assert_rest_status( 201, $entry );
		$this->assertSame( 'open', ( new PaymentDraftRepository() )->find( $id )['status'] );
		$read = $this->get_draft( $id );
		$this->assertSame( 'submitted', $read->get_data()['status'] );
		$this->assertSame( $entry->get_data()['confirmation'], $read->get_data()['confirmation'] );
	}

	public function test_the_return_url_has_the_sites_scheme_and_path_and_reads_are_rate_limited(): void {
		$this->assert_rest_error( 'kestrel_forms_invalid_return_url', 400, $this->create_draft( array( 'return_url' => str_replace( 'http://', 'https://', home_url( '/shop/' ) ) ) ) );
		// https on the http site's own port: the scheme differs, refused.
		$this->assert_rest_error( 'kestrel_forms_invalid_return_url', 400, $this->create_draft( array( 'return_url' => 'https://example.org:80/shop/' ) ) );
		$site_a = static fn( string $url, string $path ): string => 'http://example.org/site-a/' . ltrim( $path, '/' );
		add_filter( 'home_url', $site_a, 10, 2 );
		try {
			$this->assert_rest_error( 'kestrel_forms_invalid_return_url', 400, $this->create_draft( array( 'return_url' => 'http://example.org/site-b/shop/' ) ) );
			$this->assert_rest_error( 'kestrel_forms_invalid_return_url', 400, $this->create_draft( array( 'return_url' => 'http://example.org/site-ab/' ) ) );
			$this->assert_rest_status( 201, $this->create_draft( array( 'return_url' => 'http://example.org/site-a/shop/' ) ) );
		} finally {
			remove_filter( 'home_url', $site_a, 10 );
		}
		$id = (string) $this->create_draft()->get_data()['draft_id'];
		add_filter( 'kestrel_forms_rate_limit', static fn( array $limit, string $bucket ): array => 'payment_draft_read' === $bucket ? array( 2, 60 ) : $limit, 10, 2 );
		$this->assert_rest_status( 200, $this->get_draft( $id ) );
		$this->assert_rest_status( 200, $this->get_draft( $id ) );
		$this->assert_rest_error( 'kestrel_forms_rate_limited', 429, $this->get_draft( $id ) );
	}

	public function test_card_password_captcha_and_upload_values_are_never_kept_even_when_the_validator_passes_them(): void {
		$form = new \Kestrel\Forms\Domain\Form\Form(
			1,
			array(
				'fields' => array(
					array(
						'id'   => 4,
						'type' => 'text',
					),
					array(
						'id'   => 5,
						'type' => 'password',
					),
					array(
						'id'   => 6,
						'type' => 'fileupload',
					),
					array(
						'id'   => 7,
						'type' => 'captcha',
					),
					array(
						'id'   => 9,
						'type' => 'creditcard',
					),
					array(
						'id'   => 3,
						'type' => 'payment',
					),
				),
			)
		);
		$keep = new \ReflectionMethod( \Kestrel\Forms\Submissions\SubmitForm::class, 'restorable' );
		$kept = $keep->invoke(
			null,
			$form,
			array(
				'4'   => 'Jane',
				'5'   => 'pw',
				'6'   => array( 'tmp' ),
				'7'   => 'answer',
				'9.1' => '4111111111111111',
				'9.4' => 'Jane',
				'3'   => array( 'token' => 'wnon:x' ),
			),
			array(
				'method' => 'cashAppPay',
				'token'  => 'wnon:x',
			),
			array_fill_keys( array( 3, 4, 5, 6, 7, 9 ), true )
		);
		$this->assertSame(
			array(
				'4' => 'Jane',
				'3' => array( 'method' => 'cashAppPay' ),
			),
			$kept
		);
	}
}
