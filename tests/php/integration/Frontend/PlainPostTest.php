<?php
/**
 * The plain (no-JavaScript) form post (issue 19, docs/server-rendering.md §5).
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Frontend;

use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Domain\Validation\FieldError;
use Kestrel\Forms\Frontend\PlainPost;
use Kestrel\Forms\Frontend\PlainPostConfirmation;
use Kestrel\Forms\Frontend\PlainPostState;
use Kestrel\Forms\Payments\PaymentRefused;
use Kestrel\Forms\Persistence\Schema;
use Kestrel\Forms\Plugin;
use Kestrel\Forms\Rest\ErrorMapper;
use Kestrel\Forms\Rest\Messages;
use Kestrel\Forms\Rest\SubmissionsController;
use Kestrel\Forms\Rest\UploadMessages;
use Kestrel\Forms\Security\RateLimiter;
use Kestrel\Forms\Security\SpamGuard;
use Kestrel\Forms\Submissions\PlainPostUploads;
use Kestrel\Forms\Submissions\PlainPostValues;
use Kestrel\Forms\Submissions\SubmissionRefused;
use Kestrel\Forms\Tests\Integration\Support\TestCase;
use Kestrel\Forms\Tests\Integration\Uploads\InjectedChunkSource;
use Kestrel\Forms\Uploads\Storage;
use Kestrel\Forms\Uploads\UploadError;

/**
 * A two-page form: page 1 Name (1, required), Email (2); page 2 (break 10) Comment (3,
 * required), Colours (4, checkboxes), CV (5, one .txt file). Posts go to the door's handle()
 * with arrays as PHP would fill $_POST and $_FILES (slashed, dots as underscores); redirects are
 * recorded instead of sent.
 */
final class PlainPostTest extends TestCase {

	/** A client address of its own, so the counters of other tests do not matter. */
	private const CLIENT = '203.0.113.91';

	private const KEY = 'plainpostkey-0001';

	private int $form_id;

	private string $upload_dir;

	/**
	 * Redirects the door answered with.
	 *
	 * @var list<string>
	 */
	private array $redirects = array();

	/** @var array<string, mixed> */
	private array $server_backup = array();

	protected function set_up(): void {
		$this->server_backup = $_SERVER;
		$this->upload_dir    = sys_get_temp_dir() . '/kestrel-plain-post-tests-' . getmypid();
		if ( ! is_dir( $this->upload_dir ) ) {
			mkdir( $this->upload_dir, 0700, true );
		}
		$this->form_id = $this->create_form( self::definition() );
		$this->as_anonymous();
		$_SERVER['REMOTE_ADDR'] = self::CLIENT;
		$_SERVER['REQUEST_URI'] = '/contact/?ref=1';
		RateLimiter::reset( 'submission', self::CLIENT );
		PlainPostState::reset();
	}

	protected function tear_down(): void {
		RateLimiter::reset( 'submission', self::CLIENT );
		PlainPostState::reset();
		Storage::remove_tree( $this->upload_dir );
		Plugin::instance()->uploads->storage->destroy();
		$_SERVER = $this->server_backup; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited
	}

	/**
	 * The test form.
	 *
	 * @param array<string, mixed> $extra Form keys to add.
	 * @return array<string, mixed>
	 */
	private static function definition( array $extra = array() ): array {
		return $extra + array(
			'title'  => 'Plain',
			'fields' => array(
				array(
					'id'         => 1,
					'type'       => 'text',
					'label'      => 'Name',
					'isRequired' => true,
				),
				array(
					'id'    => 2,
					'type'  => 'email',
					'label' => 'Email',
				),
				array(
					'id'   => 10,
					'type' => 'page',
				),
				array(
					'id'         => 3,
					'type'       => 'textarea',
					'label'      => 'Comment',
					'isRequired' => true,
				),
				array(
					'id'      => 4,
					'type'    => 'checkbox',
					'label'   => 'Colours',
					'choices' => array(
						array(
							'text'  => 'Red',
							'value' => 'red',
						),
						array(
							'text'  => 'Blue',
							'value' => 'blue',
						),
					),
				),
				array(
					'id'                => 5,
					'type'              => 'fileupload',
					'label'             => 'CV',
					'allowedExtensions' => 'txt',
				),
			),
		);
	}

	/**
	 * Creates a form as an administrator.
	 *
	 * @param array<string, mixed> $definition Definition.
	 */
	private function create_form( array $definition ): int {
		$this->as_admin();
		$response = $this->rest( 'POST', '/kestrel-forms/v1/forms', $definition );
		$this->assert_rest_status( 201, $response );
		return (int) $response->get_data()['id'];
	}

	/**
	 * The door as Plugin.php builds it, with the test's upload source and a recording redirect.
	 */
	private function door(): PlainPost {
		$plugin = Plugin::instance();
		return new PlainPost(
			SubmissionsController::use_case( $plugin->forms, $plugin->entries, $plugin->submission_validator, $plugin->feeds, $plugin->uploads ),
			$plugin->forms,
			$plugin->submission_validator,
			new PlainPostUploads( $plugin->uploads, new InjectedChunkSource( $this->upload_dir ) ),
			static fn( FieldError|UploadError $e ): string => $e instanceof UploadError ? UploadMessages::message( $e ) : Messages::field_error( $e ),
			static fn( SubmissionRefused|PaymentRefused $e ): string => ( $e instanceof PaymentRefused ? ErrorMapper::payment_refused( $e ) : ErrorMapper::submission_refused( $e ) )->get_error_message(),
			function ( string $url ): void {
				$this->redirects[] = $url;
			}
		);
	}

	/**
	 * Posts the form as a browser would (slashed, as WordPress leaves $_POST).
	 *
	 * @param array<string, mixed> $fields Posted fields (besides the frame's hidden inputs).
	 * @param array<string, mixed> $files  $_FILES.
	 * @param int|null             $form   Form id (default: the test's).
	 * @return array<string, mixed>|null The state the door left.
	 */
	private function post( array $fields, array $files = array(), ?int $form = null ): ?array {
		$form ??= $this->form_id;
		$post   = wp_slash(
			$fields + array(
				'kestrel_form_id'        => (string) $form,
				'kestrel_render_token'   => SpamGuard::render_token( $form, time() - 60 ),
				'kestrel_submission_key' => self::KEY,
				'kestrel_hp'             => '',
				'kestrel_page'           => '0',
			)
		);
		$this->door()->handle( 'POST', array(), $post, $files );
		return PlainPostState::for_form( $form );
	}

	/**
	 * A file PHP would have received, written where the test's upload source takes it from.
	 *
	 * @param string $name    File name.
	 * @param string $content Bytes.
	 * @return array<string, mixed> The $_FILES entry of `input_5[]`.
	 */
	private function upload( string $name, string $content ): array {
		$tmp = tempnam( $this->upload_dir, 'php' );
		file_put_contents( $tmp, $content ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents
		return array(
			'name'     => array( $name ),
			'type'     => array( 'text/plain' ),
			'tmp_name' => array( $tmp ),
			'error'    => array( UPLOAD_ERR_OK ),
			'size'     => array( strlen( $content ) ),
		);
	}

	/**
	 * @return list<object> Entries of a form, oldest first.
	 */
	private function entries( ?int $form = null ): array {
		global $wpdb;
		$t = Schema::tables();
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		return $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$t['entries']} WHERE form_id = %d ORDER BY id", $form ?? $this->form_id ) );
	}

	public function test_values_are_read_for_the_forms_inputs_only_with_dots_lists_and_slashes(): void {
		$state = $this->post(
			array(
				'input_1'      => 'O\'Brien "Ann"',
				'input_2'      => 'ann@example.org',
				'input_4_1'    => 'red',
				'input_4_2'    => 'blue',
				'input_3'      => "Line 1\nLine \\2",
				'input_99'     => 'not a field',
				'input_1_x'    => 'not a name',
				'other'        => 'ignored',
				'kestrel_nav'  => 'previous',
				'kestrel_page' => '1',
			)
		);
		$this->assertNotNull( $state );
		$this->assertSame(
			array(
				'1'   => 'O\'Brien "Ann"',
				'2'   => 'ann@example.org',
				'4.1' => 'red',
				'4.2' => 'blue',
				'3'   => "Line 1\nLine \\2",
			),
			$state['values']
		);
		$this->assertSame( 0, $state['page'], 'Previous goes back one page, without checks.' );
		$this->assertSame( array(), $state['errors'] );
		$this->assertNull( $state['summary'] );
		$this->assertSame( array(), $this->entries() );
	}

	public function test_next_with_errors_stays_on_the_page_with_the_errors_and_the_summary(): void {
		$state = $this->post(
			array(
				'input_1'     => '',
				'input_2'     => 'not an email',
				'input_3'     => '',
				'kestrel_nav' => 'next',
			)
		);
		$this->assertSame( 0, $state['page'] );
		$this->assertSame(
			array(
				'1' => array( 'message' => 'This field is required.' ),
				'2' => array( 'message' => 'Please enter a valid email address.' ),
			),
			$state['errors'],
			'Only the fields of the page are checked (Comment, on page 2, is empty too).'
		);
		$this->assertSame( 'There was a problem with your submission. Please review the fields below.', $state['summary'] );
		$this->assertSame( 'not an email', $state['values']['2'], 'The values are kept.' );
	}

	public function test_next_with_a_valid_page_moves_to_the_next_shown_page_and_enter_does_the_same(): void {
		$state = $this->post( array( 'input_1' => 'Ann' ) + array( 'kestrel_nav' => 'next' ) );
		$this->assertSame( 1, $state['page'] );
		$this->assertSame( array(), $state['errors'] );
		$this->assertNull( $state['summary'] );
		$this->assertSame(
			array(
				'1' => 'Ann',
				'4' => array(),
			),
			$state['values'],
			'Boxes that posted nothing (unchecked) are printed empty, not with their defaults; a text input that posted nothing was printed disabled and keeps its initial value; no upload token is a value.'
		);

		PlainPostState::reset();
		$state = $this->post( array( 'input_1' => 'Ann' ) + array( 'kestrel_nav' => 'default' ) );
		$this->assertSame( 1, $state['page'], 'Enter (the default button) before the last page is Next.' );
		$this->assertSame( array(), $this->entries() );
	}

	public function test_a_page_whose_break_is_hidden_is_skipped(): void {
		$definition                                  = self::definition();
		$definition['fields'][2]['conditionalLogic'] = array(
			'actionType' => 'show',
			'logicType'  => 'all',
			'rules'      => array(
				array(
					'fieldId'  => '1',
					'operator' => 'is',
					'value'    => 'two pages',
				),
			),
		);
		$form                                        = $this->create_form( $definition );
		$this->as_anonymous();
		$state = $this->post( array( 'input_1' => 'Ann' ) + array( 'kestrel_nav' => 'default' ), array(), $form );
		$this->assertNull( $state, 'One shown page: Enter submits, and the submission is stored.' );
		$this->assertCount( 1, $this->entries( $form ) );
		$this->assertCount( 1, $this->redirects );
	}

	public function test_submit_stores_one_entry_and_redirects_303_to_the_page_with_a_sealed_confirmation_and_a_replay_makes_no_second(): void {
		$fields = array(
			'input_1'      => 'Ann',
			'input_3'      => 'Hello',
			'input_4_2'    => 'blue',
			'kestrel_nav'  => 'submit',
			'kestrel_page' => '1',
		);
		$this->assertNull( $this->post( $fields ), 'A stored submission leaves no state: the browser is redirected.' );
		$entries = $this->entries();
		$this->assertCount( 1, $entries );
		$values = Plugin::instance()->entries->find( (int) $entries[0]->id )?->values ?? array();
		$this->assertSame( 'Ann', $values['1'] ?? null );
		$this->assertSame( 'blue', $values['4.2'] ?? null );
		$this->assertCount( 1, $this->redirects );
		$url = $this->redirects[0];
		$this->assertStringStartsWith( home_url( '/contact/?ref=1&kestrel_confirmation=' ), $url );
		$this->assertStringEndsWith( '#kestrel-form-' . $this->form_id, $url );
		$this->assertStringNotContainsString( (string) $entries[0]->id . '#', $url, 'The entry id is sealed, not shown.' );

		// The browser posts again (a reload of the POST, a double click): same key, same entry.
		$this->post( $fields );
		$this->assertCount( 1, $this->entries() );
		$this->assertCount( 2, $this->redirects );
		parse_str( (string) wp_parse_url( $this->redirects[1], PHP_URL_QUERY ), $again );
		$this->assertSame( $this->form_id, PlainPostConfirmation::open( $again['kestrel_confirmation'] )['form_id'] ?? null );
		$this->assertSame( (int) $entries[0]->id, PlainPostConfirmation::open( $again['kestrel_confirmation'] )['entry_id'] ?? null );

		// The GET the browser is sent to shows the confirmation in the form's place.
		parse_str( (string) wp_parse_url( $url, PHP_URL_QUERY ), $query );
		PlainPostState::reset();
		$this->door()->handle( 'GET', wp_slash( $query ), array(), array() );
		$this->assertSame( 'Thanks for contacting us! We will get in touch with you shortly.', PlainPostState::confirmation_for( $this->form_id ) );
		$this->assertNull( PlainPostState::confirmation_for( $this->form_id + 1 ) );
	}

	/**
	 * A page served from a cache prints the same submission key for everyone: a second visitor
	 * who sends other values (or the same ones from elsewhere) gets an entry of their own, not
	 * the first visitor's answer; the first visitor's repeat is still the same entry.
	 */
	public function test_one_cached_print_posted_by_two_visitors_makes_two_entries(): void {
		$ann = array(
			'input_1'     => 'Ann',
			'input_3'     => 'Hello',
			'kestrel_nav' => 'submit',
		);
		$bob = array( 'input_1' => 'Bob' ) + $ann;
		$this->post( $ann );
		$this->post( $bob );
		$this->assertCount( 2, $this->entries(), 'The second visitor\'s post is stored, not answered with the first entry.' );
		$this->post( $ann );
		$this->assertCount( 2, $this->entries(), 'A repeat of the first post is the first entry.' );

		// The same values from another address are another visitor.
		$_SERVER['REMOTE_ADDR'] = '198.51.100.7';
		try {
			$this->post( $ann );
		} finally {
			$_SERVER['REMOTE_ADDR'] = self::CLIENT;
		}
		$this->assertCount( 3, $this->entries() );
		$this->assertCount( 4, $this->redirects );
	}

	public function test_a_forged_or_expired_confirmation_parameter_shows_nothing(): void {
		$this->post(
			array(
				'input_1'     => 'Ann',
				'input_3'     => 'Hello',
				'kestrel_nav' => 'submit',
			)
		);
		$entry                     = (int) $this->entries()[0]->id;
		$good                      = PlainPostConfirmation::seal( $this->form_id, $entry );
		$raw                       = base64_decode( strtr( $good, '-_', '+/' ) ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode
		$raw[ strlen( $raw ) - 1 ] = chr( ord( $raw[ strlen( $raw ) - 1 ] ) ^ 1 );
		$tampered                  = rtrim( strtr( base64_encode( $raw ), '+/', '-_' ), '=' ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode
		foreach ( array(
			'tampered' => $tampered,
			'unsigned' => $this->form_id . '.' . $entry,
			'expired'  => PlainPostConfirmation::seal( $this->form_id, $entry, time() - PlainPostConfirmation::LIFETIME - 1 ),
			'garbage'  => '!!',
		) as $why => $value ) {
			PlainPostState::reset();
			$this->door()->handle( 'GET', array( 'kestrel_confirmation' => $value ), array(), array() );
			$this->assertNull( PlainPostState::confirmation_for( $this->form_id ), $why );
		}
		PlainPostState::reset();
		$this->door()->handle( 'GET', array( 'kestrel_confirmation' => $good ), array(), array() );
		$this->assertNotNull( PlainPostState::confirmation_for( $this->form_id ), 'The sealed one shows the message.' );
	}

	public function test_a_redirect_confirmation_redirects_there(): void {
		$form = $this->create_form(
			self::definition(
				array(
					'confirmations' => array(
						array(
							'id'        => 'out',
							'isDefault' => true,
							'type'      => 'redirect',
							'url'       => 'https://example.org/thanks',
						),
					),
				)
			)
		);
		$this->as_anonymous();
		$this->post(
			array(
				'input_1'     => 'Ann',
				'input_3'     => 'Hello',
				'kestrel_nav' => 'submit',
			),
			array(),
			$form
		);
		$this->assertSame( array( 'https://example.org/thanks' ), $this->redirects );
	}

	public function test_submit_with_errors_shows_them_on_the_first_page_in_error_with_the_values_kept(): void {
		$state = $this->post(
			array(
				'input_1'      => '',
				'input_3'      => 'Hello',
				'input_4_1'    => 'green',
				'kestrel_nav'  => 'submit',
				'kestrel_page' => '1',
			)
		);
		$this->assertSame( array(), $this->entries() );
		$this->assertSame( array(), $this->redirects );
		$this->assertSame( 0, $state['page'], 'The first page holding an error is shown.' );
		$this->assertSame( array( '1', '4' ), array_map( 'strval', array_keys( $state['errors'] ) ) );
		$this->assertSame( 'This field is required.', $state['errors'][1]['message'] );
		$this->assertSame( 'There was a problem with your submission. Please review the fields below.', $state['summary'] );
		$this->assertSame( 'Hello', $state['values']['3'] );
	}

	public function test_a_filled_honeypot_or_a_too_quick_post_is_stored_as_spam_and_answered_as_usual(): void {
		$this->post(
			array(
				'input_1'     => 'Bot',
				'input_3'     => 'Buy',
				'kestrel_hp'  => 'http://spam.example',
				'kestrel_nav' => 'submit',
			)
		);
		$form = $this->create_form( self::definition( array( 'minimumSubmitSeconds' => 30 ) ) );
		$this->as_anonymous();
		$this->post(
			array(
				'input_1'                => 'Bot',
				'input_3'                => 'Buy',
				'kestrel_render_token'   => SpamGuard::render_token( $form, time() - 2 ),
				'kestrel_submission_key' => 'plainpostkey-0002',
				'kestrel_nav'            => 'submit',
			),
			array(),
			$form
		);
		$this->assertSame( 'spam', $this->entries()[0]->status );
		$this->assertSame( 'spam', $this->entries( $form )[0]->status );
		$this->assertCount( 2, $this->redirects, 'The sender sees the usual answer.' );
	}

	/**
	 * Without JavaScript nothing refreshes an old print's render time: the form is printed again,
	 * fresh, with a message, instead of storing the visitor's entry as spam.
	 */
	public function test_an_old_print_of_a_form_with_a_minimum_time_is_printed_again_not_stored_as_spam(): void {
		$this->as_admin();
		$definition                         = self::definition();
		$definition['minimumSubmitSeconds'] = 5;
		$form                               = $this->create_form( $definition );
		$this->as_anonymous();
		$fields = array(
			'input_1'              => 'Ann',
			'input_3'              => 'Hello',
			'kestrel_nav'          => 'submit',
			'kestrel_render_token' => SpamGuard::render_token( $form, time() - 2 * DAY_IN_SECONDS ),
		);
		$state  = $this->post( $fields, array(), $form );
		$this->assertCount( 0, $this->entries( $form ), 'Nothing is stored, not even as spam.' );
		$this->assertSame( 'This page was open for a long time. Please check your answers and send the form again.', $state['summary'] ?? null );
		$this->assertNull( $state['renderToken'], 'The form is printed again with a fresh render time.' );
		$this->assertSame( 'Ann', $state['values']['1'] ?? null, 'What the visitor typed stays.' );

		// A filled honeypot is still answered as spam, as before.
		$this->post(
			array(
				'kestrel_hp'             => 'bot',
				'kestrel_submission_key' => 'plainpostkey-0009',
			) + $fields,
			array(),
			$form
		);
		$this->assertCount( 1, $this->entries( $form ) );
		$this->assertSame( 'spam', $this->entries( $form )[0]->status );
	}

	/**
	 * Buttons the rules hide cannot be pressed without JavaScript either (Enter posts the
	 * default button): the page is printed again, nothing moves and nothing is stored.
	 */
	public function test_a_next_or_submit_button_hidden_by_its_rules_moves_nothing_and_stores_nothing(): void {
		$only_for_go                           = array(
			'actionType' => 'show',
			'logicType'  => 'all',
			'rules'      => array(
				array(
					'fieldId'  => '1',
					'operator' => 'is',
					'value'    => 'go',
				),
			),
		);
		$definition                            = self::definition();
		$definition['button']                  = array(
			'text'             => 'Send',
			'conditionalLogic' => $only_for_go,
		);
		$definition['fields'][2]['nextButton'] = array( 'conditionalLogic' => $only_for_go );
		$form                                  = $this->create_form( $definition );
		$this->as_anonymous();

		$state = $this->post( array( 'input_1' => 'stay' ), array(), $form );
		$this->assertSame( 0, $state['page'], 'Enter with Next hidden: the same page.' );
		$this->assertSame( array(), $state['errors'] );
		$this->assertSame( 'stay', $state['values']['1'] );
		$state = $this->post( array( 'input_1' => 'go' ), array(), $form );
		$this->assertSame( 1, $state['page'], 'Next shown by the rules: the next page.' );

		$fields = array(
			'input_1'      => 'stay',
			'input_3'      => 'Hello',
			'kestrel_nav'  => 'submit',
			'kestrel_page' => '1',
		);
		$this->post( $fields, array(), $form );
		$this->assertCount( 0, $this->entries( $form ), 'A hidden submit button stores nothing.' );
		$this->post( array( 'input_1' => 'go' ) + $fields, array(), $form );
		$this->assertCount( 1, $this->entries( $form ) );
	}

	/**
	 * A field its rules hid is printed disabled and posts nothing; when this post's values show
	 * it, it holds its default as it would in the browser (not "required"), and the page prints it.
	 */
	public function test_a_field_shown_by_this_posts_values_starts_with_its_default(): void {
		$definition              = self::definition();
		$definition['fields'][1] = array(
			'id'               => 2,
			'type'             => 'text',
			'label'            => 'Code',
			'isRequired'       => true,
			'defaultValue'     => 'K-1',
			'conditionalLogic' => array(
				'actionType' => 'show',
				'logicType'  => 'all',
				'rules'      => array(
					array(
						'fieldId'  => '1',
						'operator' => 'is',
						'value'    => 'reveal',
					),
				),
			),
		);
		$form                    = $this->create_form( $definition );
		$this->as_anonymous();
		$state = $this->post( array( 'input_1' => 'reveal' ), array(), $form );
		$this->assertSame( array(), $state['errors'], 'The revealed field holds its default: nothing is missing.' );
		$this->assertSame( 1, $state['page'] );
		$this->assertSame( 'K-1', $state['values']['2'] ?? null );
		// Cleared by the visitor (the enabled input posts ''): required, as in the browser.
		$state = $this->post(
			array(
				'input_1' => 'reveal',
				'input_2' => '',
			),
			array(),
			$form
		);
		$this->assertArrayHasKey( '2', $state['errors'] );
	}

	public function test_the_rate_limit_is_the_rest_routes_own_counter_and_shows_as_the_summary_with_the_values_kept(): void {
		add_filter( 'kestrel_forms_rate_limit', static fn( $limit, string $bucket ) => 'submission' === $bucket ? array( 2, 60 ) : $limit, 10, 2 );
		$this->assert_rest_status( 400, $this->rest( 'POST', '/kestrel-forms/v1/forms/' . $this->form_id . '/submissions', array( 'values' => array() ) ) );
		$state = $this->post( array( 'input_1' => 'Ann' ) + array( 'kestrel_nav' => 'next' ) );
		$this->assertSame( 1, $state['page'], 'The second request of the window is allowed.' );
		PlainPostState::reset();
		$state = $this->post(
			array(
				'input_1'     => 'Ann',
				'input_3'     => 'Hello',
				'kestrel_nav' => 'submit',
			)
		);
		$this->assertMatchesRegularExpression( '/^Too many submissions were sent from your connection\. Please try again in \d+ seconds?\.$/', (string) $state['summary'] );
		$this->assertSame( array(), $state['errors'] );
		$this->assertSame( 'Hello', $state['values']['3'] );
		$this->assertSame( array(), $this->entries() );
		$this->assertSame( array(), $this->redirects );
	}

	public function test_a_site_that_refuses_the_visitor_shows_the_refusal(): void {
		add_filter( 'kestrel_forms_can_submit', '__return_false' );
		$state = $this->post(
			array(
				'input_1'     => 'Ann',
				'input_3'     => 'Hello',
				'kestrel_nav' => 'submit',
			)
		);
		$this->assertSame( 'Sorry, you are not allowed to do that.', $state['summary'] );
		$this->assertSame( array(), $this->entries() );
	}

	public function test_an_upload_is_stored_by_the_pipeline_kept_across_pages_and_claimed_by_the_entry(): void {
		$state = $this->post(
			array(
				'input_1'      => 'Ann',
				'kestrel_nav'  => 'previous',
				'kestrel_page' => '1',
			),
			array( 'input_5' => $this->upload( 'notes.txt', "plain notes\n" ) )
		);
		$this->assertSame( 0, $state['page'] );
		$files = $state['uploadedFiles']['input_5'] ?? array();
		$this->assertCount( 1, $files );
		$this->assertSame( 'notes.txt', $files[0]['uploaded_filename'] );
		$this->assertMatchesRegularExpression( '/^[a-f0-9]{64}$/', $files[0]['temp_filename'] );
		$this->assertArrayNotHasKey( '5', $state['values'], 'Upload tokens are never printed as values.' );

		// Page 1 → 2 → submit; the file travels in kestrel_uploaded_files.
		PlainPostState::reset();
		$submit = array(
			'input_1'                => 'Ann',
			'input_3'                => 'Hello',
			'kestrel_nav'            => 'submit',
			'kestrel_page'           => '1',
			'kestrel_uploaded_files' => (string) wp_json_encode( $state['uploadedFiles'] ),
		);
		$this->post( $submit );
		$entries = $this->entries();
		$this->assertCount( 1, $entries );
		$stored = Plugin::instance()->uploads->files_of_entry( (int) $entries[0]->id );
		$this->assertCount( 1, $stored );
		$this->assertSame( 'notes.txt', $stored[0]['name'] );
		$this->assertSame( 5, $stored[0]['field_id'] );

		// The browser posts the same again (a reload of the POST): the first answer, and
		// nothing more is stored.
		$this->post( $submit );
		$this->assertCount( 1, $this->entries() );
		$this->assertCount( 2, $this->redirects );
		global $wpdb;
		$t = Schema::tables();
		$this->assertSame( 1, (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$t['upload_sessions']} WHERE form_id = %d", $this->form_id ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		$this->assertSame( 1, (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$t['uploads']} WHERE form_id = %d", $this->form_id ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
	}

	public function test_a_php_file_is_refused_by_the_upload_rules_and_nothing_is_stored(): void {
		$state = $this->post(
			array(
				'input_1'      => 'Ann',
				'input_3'      => 'Hello',
				'kestrel_nav'  => 'submit',
				'kestrel_page' => '1',
			),
			array( 'input_5' => $this->upload( 'shell.php', '<?php echo 1;' ) )
		);
		$this->assertSame( array(), $this->entries() );
		$this->assertSame( 1, $state['page'] );
		$this->assertSame( array( '5' ), array_map( 'strval', array_keys( $state['errors'] ) ) );
		$this->assertStringStartsWith( 'shell.php - This type of file is not allowed.', $state['errors'][5]['message'] );
		$this->assertSame( array(), $state['uploadedFiles'] );
		$this->assertSame( 'There was a problem with your submission. Please review the fields below.', $state['summary'] );

		// Previous does not check the page, but a refused file is not dropped unsaid.
		PlainPostState::reset();
		$state = $this->post(
			array(
				'input_1'      => 'Ann',
				'kestrel_nav'  => 'previous',
				'kestrel_page' => '1',
			),
			array( 'input_5' => $this->upload( 'shell.php', '<?php echo 1;' ) )
		);
		$this->assertSame( 1, $state['page'] );
		$this->assertSame( array( '5' ), array_map( 'strval', array_keys( $state['errors'] ) ) );
	}

	public function test_a_forged_upload_token_is_refused_when_the_submission_claims_it(): void {
		$state = $this->post(
			array(
				'input_1'                => 'Ann',
				'input_3'                => 'Hello',
				'kestrel_nav'            => 'submit',
				'kestrel_page'           => '1',
				'kestrel_uploaded_files' => (string) wp_json_encode(
					array(
						'input_5' => array(
							array(
								'temp_filename'     => str_repeat( 'ab', 32 ),
								'uploaded_filename' => 'x.txt',
							),
						),
					)
				),
			)
		);
		$this->assertSame( array(), $this->entries() );
		$this->assertSame( 'An uploaded file is unknown or has already been used. Please upload it again.', $state['errors'][5]['message'] ?? null );
	}

	public function test_a_post_for_a_form_that_does_not_exist_is_left_alone(): void {
		$this->assertNull( $this->post( array( 'input_1' => 'Ann' ), array(), 987654 ) );
		$this->assertSame( array(), $this->redirects );
	}

	public function test_a_post_php_dropped_for_its_size_says_so_in_every_form_of_the_page(): void {
		$message = 'What you sent was larger than this site accepts (8 MB), so none of it arrived. Please fill in the form again and choose smaller files.';
		$this->assertSame( $message, PlainPost::overflowed( 9 * MB_IN_BYTES, array(), array(), '8M' ) );
		$this->assertNull( PlainPost::overflowed( 8 * MB_IN_BYTES, array(), array(), '8M' ), 'At the limit the body arrives.' );
		$this->assertNull( PlainPost::overflowed( 9 * MB_IN_BYTES, array( 'a' => '1' ), array(), '8M' ), 'A body that arrived is no overflow.' );
		$this->assertNull( PlainPost::overflowed( 9 * MB_IN_BYTES, array(), array(), '0' ), 'post_max_size 0: no limit.' );
		$this->assertStringContainsString( '(1.46 GB)', (string) PlainPost::overflowed( 2 * GB_IN_BYTES, array(), array(), '1500M' ), 'Two decimals when the limit is no whole number of its unit (not "1 GB").' );
		$this->assertStringContainsString( '(2 GB)', (string) PlainPost::overflowed( 3 * GB_IN_BYTES, array(), array(), '2G' ) );

		$this->assertStringNotContainsString( 'none of it arrived', do_shortcode( '[kestrel_form id="' . $this->form_id . '"]' ) );
		PlainPostState::set_overflow( $message );
		$html = do_shortcode( '[kestrel_form id="' . $this->form_id . '"]' );
		$this->assertStringContainsString( '<h3 class="kestrel-form__errors-title">' . esc_html( $message ) . '</h3>', $html, 'The error summary says it (the form action\'s anchor brings the visitor to it).' );
		$this->assertSame( $message, PlainPostState::for_form( $this->form_id )['summary'] ?? null );
		$this->assertSame( array(), $this->entries() );
	}

	public function test_values_lists_an_other_choice_and_a_captcha_fallback(): void {
		$form = new Form(
			7,
			array(
				'fields' => array(
					array(
						'id'      => 1,
						'type'    => 'multiselect',
						'choices' => array(),
					),
					array(
						'id'                => 2,
						'type'              => 'radio',
						'enableOtherChoice' => true,
						'choices'           => array(),
					),
					array(
						'id'   => 3,
						'type' => 'captcha',
					),
					array(
						'id'   => 4,
						'type' => 'list',
					),
				),
			)
		);
		$this->assertSame(
			array(
				'1' => array( 'a', 'b\\c' ),
				'2' => 'My "own"',
				'3' => 'answer-token',
			),
			PlainPostValues::from_post(
				$form,
				wp_slash(
					array(
						'input_1'              => array( 'a', 'b\\c' ),
						'input_2'              => 'gf_other_choice',
						'input_2_other'        => 'My "own"',
						'g-recaptcha-response' => 'answer-token',
						'input_4'              => array( 'k' => array( 'nested' ) ),
					)
				)
			),
			'Lists stay lists, keyed or nested arrays are dropped, the other text and the provider\'s answer take the fields.'
		);
	}


	public function test_a_signed_in_visitors_entry_is_theirs_only_when_the_post_comes_from_this_site(): void {
		$user                   = $this->as_subscriber();
		$fields                 = array(
			'input_1'     => 'Ann',
			'input_3'     => 'Hello',
			'kestrel_nav' => 'submit',
		);
		$_SERVER['HTTP_ORIGIN'] = 'https://elsewhere.example';
		$this->post( $fields );
		$this->assertSame( 0, get_current_user_id(), 'Nothing in a request posted from elsewhere acts as the visitor (filters, checks).' );
		wp_set_current_user( $user ); // The next request, from this site.
		$_SERVER['HTTP_ORIGIN'] = home_url();
		$this->post( array( 'kestrel_submission_key' => 'plainpostkey-0003' ) + $fields );
		$entries = $this->entries();
		$this->assertCount( 2, $entries );
		$this->assertSame( 0, (int) $entries[0]->user_id, 'A page elsewhere made the browser post: not in the visitor\'s name.' );
		$this->assertSame( $user, (int) $entries[1]->user_id );
	}

}
