<?php
/**
 * Shared set-up of the notification tests: mail through PHPMailer, caught before the wire.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Notifications;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Persistence\EntryRepository;
use Kestrel\Forms\Persistence\EntryWorkspaceRepository;
use Kestrel\Forms\Persistence\FormRepository;
use Kestrel\Forms\Tests\Integration\Support\Mailbox;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

/**
 * The suite's Mailbox short-circuits wp_mail() before PHPMailer (pre_wp_mail); these tests need
 * the plain-text part and the headers as PHPMailer builds them, so they take that filter away and
 * put a {@see CapturingPhpMailer} in the global $phpmailer for the test.
 */
abstract class NotificationsTestCase extends TestCase {

	/**
	 * The catching mailer of the current test.
	 *
	 * @var CapturingPhpMailer
	 */
	protected CapturingPhpMailer $mailer;

	/**
	 * The global $phpmailer before the test.
	 *
	 * @var mixed
	 */
	private mixed $previous_mailer = null;

	/**
	 * Mail through PHPMailer.
	 */
	protected function set_up(): void {
		global $phpmailer;
		remove_filter( 'pre_wp_mail', array( Mailbox::class, 'capture' ), PHP_INT_MAX );
		$this->previous_mailer = $phpmailer;
		$this->mailer          = new CapturingPhpMailer( true );
		$phpmailer             = $this->mailer; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- the test's mailer, put back in tear_down().
		// Through filters: changing the option itself would mail the old address.
		add_filter( 'pre_option_admin_email', static fn(): string => 'owner@example.org' );
		add_filter( 'pre_option_blogname', static fn(): string => 'Kestrel Test Site' );
		// Requests made in these tests come from nowhere in particular.
		add_filter( 'kestrel_forms_rate_limit', static fn(): array => array( 10000, 60 ), 1000 );
	}

	/**
	 * The global mailer back.
	 */
	protected function tear_down(): void {
		global $phpmailer;
		$phpmailer = $this->previous_mailer; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- restoring the global.
	}

	/**
	 * A contact form with notifications, stored.
	 *
	 * @param list<array<string, mixed>> $notifications Notifications.
	 * @param array<string, mixed>       $extra         More definition keys.
	 * @return int Form id.
	 */
	protected static function form_with( array $notifications, array $extra = array() ): int {
		return ( new FormRepository() )->create(
			$extra + array(
				'title'         => 'Contact',
				'fields'        => array(
					array(
						'id'    => 1,
						'type'  => 'text',
						'label' => 'Name',
					),
					array(
						'id'    => 2,
						'type'  => 'email',
						'label' => 'Email',
					),
					array(
						'id'      => 3,
						'type'    => 'select',
						'label'   => 'Department',
						'choices' => array(
							array(
								'text'  => 'Sales',
								'value' => 'sales',
							),
							array(
								'text'  => 'Support',
								'value' => 'support',
							),
						),
					),
					array(
						'id'    => 4,
						'type'  => 'textarea',
						'label' => 'Message',
					),
				),
				'notifications' => $notifications,
			)
		);
	}

	/**
	 * Submits the form as an anonymous visitor through REST.
	 *
	 * @param int                  $form_id Form id.
	 * @param array<string, mixed> $values  Values.
	 * @return int Entry id.
	 */
	protected function submit( int $form_id, array $values ): int {
		$this->as_anonymous();
		$response = $this->rest( 'POST', "/kestrel-forms/v1/forms/{$form_id}/submissions", array( 'values' => $values ) );
		$this->assert_rest_status( 201, $response );
		$id = ( new EntryRepository() )->page_for_form( $form_id, 1, 1 )['items'][0]->id ?? 0;
		$this->assertGreaterThan( 0, $id );
		return $id;
	}

	/**
	 * The notes of an entry (texts).
	 *
	 * @param int $entry_id Entry id.
	 * @return list<string>
	 */
	protected static function note_texts( int $entry_id ): array {
		return array_column( ( new EntryWorkspaceRepository() )->notes( $entry_id ), 'note' );
	}

	/**
	 * A stored entry of a form, without going through a submission.
	 *
	 * @param int                  $form_id Form id.
	 * @param array<string, mixed> $values  Values by input id.
	 */
	protected static function stored_entry( int $form_id, array $values ): Entry {
		$entry = new Entry( 0, $form_id, $values, gmdate( 'Y-m-d H:i:s' ) );
		return $entry->with_id( ( new EntryRepository() )->insert( $entry )['id'] );
	}
}
