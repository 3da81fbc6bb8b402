<?php
/**
 * A submission with a payment to take is never sent to Akismet: a false "spam" would store the
 * order as spam and charge nothing while the customer is told it went through (docs/spam.md).
 * Akismet is the fake of fixtures/FakeAkismet.php, the provider the payments tests' stand-in.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Security;

use Akismet;
use Kestrel\Forms\Captcha\Settings;
use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Domain\Payments\PaymentStatus;
use Kestrel\Forms\Tests\Integration\Payments\PaymentFixtures;
use Kestrel\Forms\Tests\Integration\Rest\SubmissionAnswers;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

if ( ! class_exists( 'Akismet' ) ) {
	require_once __DIR__ . '/fixtures/FakeAkismet.php';
}

final class AkismetPaymentTest extends TestCase {

	use PaymentFixtures;
	use SubmissionAnswers;

	protected function set_up(): void {
		if ( ! property_exists( 'Akismet', 'answer' ) ) {
			$this->markTestSkipped( 'The real Akismet plugin is loaded; these tests need the fake.' );
		}
		Akismet::reset();
		Akismet::$key    = 'akismet-key-123';
		Akismet::$answer = 'true'; // Akismet would call everything spam.
		update_option( Settings::OPTION, array( 'akismet' => true ) );
		$this->set_up_shop();
		$this->form_id = $this->create_shop( self::mug_shop() );
	}

	protected function tear_down(): void {
		$this->tear_down_payments();
		if ( property_exists( 'Akismet', 'answer' ) ) {
			Akismet::reset();
		}
		delete_option( Settings::OPTION );
	}

	/**
	 * Submits the shop, with a card or without a payment value.
	 *
	 * @param array<string, mixed> $values Values.
	 */
	private function order( array $values ): ?Entry {
		$response = $this->rest(
			'POST',
			"/kestrel-forms/v1/forms/{$this->form_id}/submissions",
			array(
				'values'         => $values + array( '2' => 'buyer@example.org' ),
				'submission_key' => wp_generate_uuid4(),
			)
		);
		$this->assert_rest_status( 201, $response );
		return self::entry_of( $response );
	}

	public function test_an_order_with_a_payment_is_not_sent_to_akismet_and_is_charged(): void {
		$entry = $this->order(
			array(
				'3' => array(
					'method' => 'card',
					'token'  => 'cnon:card-nonce-ok',
				),
			)
		);
		$this->assertSame( array(), Akismet::$requests );
		$this->assertSame( Entry::STATUS_ACTIVE, $entry->status );
		$rows = self::payment_rows();
		$this->assertCount( 1, $rows );
		$this->assertSame( PaymentStatus::PAID, $rows[0]['status'] );
		$this->assertSame( $entry->id, (int) $rows[0]['entry_id'] );
	}

	public function test_a_form_with_a_payment_field_but_nothing_to_pay_is_still_checked(): void {
		// Nothing to take (no mug, total 0): Akismet still judges the submission.
		$shop                           = self::mug_shop();
		$shop['fields'][0]['basePrice'] = '0.00';
		$this->form_id                  = $this->create_shop( $shop );
		$entry                          = $this->order( array() );
		$this->assertCount( 1, Akismet::$requests );
		$this->assertSame( Entry::STATUS_SPAM, $entry->status );
		$this->assertSame( array(), self::payment_rows() );
	}
}
