<?php
/**
 * The optional Akismet check: a submission Akismet calls spam is stored as spam (like the
 * honeypot's), one it calls fine is stored as usual, and Akismet out of reach does not stop a
 * submission (it is stored as usual, with a note). Akismet is a fake of the plugin's class
 * (fixtures/FakeAkismet.php).
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Security;

use Akismet;
use Kestrel\Forms\Captcha\Settings;
use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Persistence\EntryWorkspaceRepository;
use Kestrel\Forms\Plugin;
use Kestrel\Forms\Security\AkismetCheck;
use Kestrel\Forms\Tests\Integration\Rest\SubmissionAnswers;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

if ( ! class_exists( 'Akismet' ) ) {
	require_once __DIR__ . '/fixtures/FakeAkismet.php';
}

final class AkismetCheckTest extends TestCase {

	use SubmissionAnswers;

	private int $form_id;

	protected function set_up(): void {
		if ( ! property_exists( 'Akismet', 'answer' ) ) {
			$this->markTestSkipped( 'The real Akismet plugin is loaded; these tests need the fake.' );
		}
		Akismet::reset();
		Akismet::$key = 'akismet-key-123';
		self::without_submission_rate_limit();
		update_option( Settings::OPTION, array( 'akismet' => true ) );
		$this->as_admin();
		$response      = $this->rest(
			'POST',
			'/kestrel-forms/v1/forms',
			array(
				'title'  => 'Contact',
				'fields' => array(
					array(
						'id'    => 1,
						'type'  => 'text',
						'label' => 'Company',
					),
					array(
						'id'    => 2,
						'type'  => 'text',
						'label' => 'Your name',
					),
					array(
						'id'    => 3,
						'type'  => 'email',
						'label' => 'Email',
					),
					array(
						'id'    => 4,
						'type'  => 'textarea',
						'label' => 'Message',
					),
				),
			)
		);
		$this->form_id = (int) $response->get_data()['id'];
		$this->as_anonymous();
	}

	protected function tear_down(): void {
		if ( property_exists( 'Akismet', 'answer' ) ) {
			Akismet::reset();
		}
		delete_option( Settings::OPTION );
	}

	/**
	 * Submits the form as a visitor.
	 *
	 * @param array<string, mixed> $extra More body parameters.
	 */
	private function submit( array $extra = array() ): ?Entry {
		$response = $this->rest(
			'POST',
			"/kestrel-forms/v1/forms/{$this->form_id}/submissions",
			array(
				'values'     => array(
					'1' => 'Analytical Engines Ltd',
					'2' => 'Ada Lovelace',
					'3' => 'ada@example.org',
					'4' => 'Please send me a quote.',
				),
				'source_url' => home_url( '/contact/' ),
			) + $extra
		);
		$this->assert_rest_status( 201, $response );
		return self::entry_of( $response );
	}

	/**
	 * The entry's note texts.
	 *
	 * @param Entry $entry Entry.
	 * @return list<string>
	 */
	private static function notes( Entry $entry ): array {
		return array_values( array_map( static fn( array $note ): string => (string) $note['note'], ( new EntryWorkspaceRepository() )->notes( $entry->id ) ) );
	}

	public function test_spam_by_akismet_is_stored_as_spam_with_a_note_and_the_visitor_sees_the_usual_answer(): void {
		Akismet::$answer = 'true';
		$entry           = $this->submit();
		$this->assertNotNull( $entry, 'The visitor gets the usual answer with a reference.' );
		$this->assertSame( Entry::STATUS_SPAM, $entry->status );
		$this->assertSame( array( 'Akismet marked this submission as spam.' ), self::notes( $entry ) );
	}

	public function test_the_entry_is_mapped_to_a_contact_form_comment_check(): void {
		$this->submit();
		$this->assertCount( 1, Akismet::$requests );
		$request = Akismet::$requests[0];
		$this->assertSame( 'comment-check', $request['path'] );
		$params = $request['params'];
		$this->assertSame( 'contact-form', $params['comment_type'] );
		$this->assertSame( 'Ada Lovelace', $params['comment_author'], 'The field labelled as a name is the author.' );
		$this->assertSame( 'ada@example.org', $params['comment_author_email'] );
		$this->assertSame( 'Please send me a quote.', $params['comment_content'] );
		$this->assertSame( home_url( '/' ), $params['blog'] );
		$this->assertSame( home_url( '/contact/' ), $params['permalink'] );
		$this->assertArrayHasKey( 'user_ip', $params );
		$this->assertArrayHasKey( 'user_agent', $params );
	}

	public function test_not_spam_is_stored_as_usual_without_a_note(): void {
		Akismet::$answer = 'false';
		$entry           = $this->submit();
		$this->assertSame( Entry::STATUS_ACTIVE, $entry->status );
		$this->assertSame( array(), self::notes( $entry ) );
	}

	/**
	 * @return array<string, array{string}>
	 */
	public static function unusable_answers(): array {
		return array(
			'unreachable' => array( '' ),
			'invalid key' => array( 'invalid' ),
		);
	}

	/**
	 * @dataProvider unusable_answers
	 *
	 * @param string $answer Akismet's body.
	 */
	public function test_akismet_out_of_reach_fails_open_with_a_note( string $answer ): void {
		Akismet::$answer = $answer;
		$entry           = $this->submit();
		$this->assertSame( Entry::STATUS_ACTIVE, $entry->status );
		$notes = self::notes( $entry );
		$this->assertCount( 1, $notes );
		$this->assertStringContainsString( 'Akismet could not be reached', $notes[0] );

		// The note belongs to that entry only.
		Akismet::$answer = 'false';
		$this->assertSame( array(), self::notes( $this->submit() ) );
	}

	public function test_nothing_is_asked_when_the_setting_is_off(): void {
		update_option( Settings::OPTION, array( 'akismet' => false ) );
		Akismet::$answer = 'true';
		$this->assertSame( Entry::STATUS_ACTIVE, $this->submit()->status );
		$this->assertSame( array(), Akismet::$requests );
	}

	public function test_nothing_is_asked_when_akismet_has_no_key(): void {
		Akismet::$key    = '';
		Akismet::$answer = 'true';
		$this->assertFalse( AkismetCheck::available() );
		$this->assertSame( Entry::STATUS_ACTIVE, $this->submit()->status );
		$this->assertSame( array(), Akismet::$requests );
	}

	public function test_honeypot_spam_is_not_sent_to_akismet(): void {
		$entry = $this->submit( array( 'honeypot' => 'I am a bot' ) );
		$this->assertSame( Entry::STATUS_SPAM, $entry->status );
		$this->assertSame( array(), Akismet::$requests );
	}

	public function test_the_settings_screen_learns_whether_akismet_is_available(): void {
		$this->as_admin();
		$data = $this->rest( 'GET', '/kestrel-forms/v1/settings' )->get_data();
		$this->assertTrue( $data['captcha']['akismet'] );
		$this->assertTrue( $data['captcha']['akismet_available'] );
		Akismet::$key = '';
		$this->assertFalse( $this->rest( 'GET', '/kestrel-forms/v1/settings' )->get_data()['captcha']['akismet_available'] );
	}
}
