<?php
/**
 * Password and credit card fields through WordPress: the page (meter script only where needed,
 * filtered card rules), submissions (nothing secret stored or returned) and the admin view.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Rest;

use Kestrel\Forms\Entries\EntryPresenter;
use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Plugin;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

final class PasswordCardSubmissionTest extends TestCase {

	use SubmissionAnswers;

	private const PASSWORD = 'Kestrel-horse-battery-9';
	private const CARD     = '4242 4242 4242 4242';

	private int $form_id;

	protected function set_up(): void {
		self::without_submission_rate_limit();
		$this->as_admin();
		$response = $this->rest(
			'POST',
			'/kestrel-forms/v1/forms',
			array(
				'title'  => 'Sign up and pay',
				'fields' => array(
					array(
						'id'                      => 1,
						'type'                    => 'password',
						'label'                   => 'Password',
						'isRequired'              => true,
						'passwordStrengthEnabled' => true,
						'minPasswordStrength'     => 'good',
					),
					array(
						'id'          => 2,
						'type'        => 'creditcard',
						'label'       => 'Card',
						'isRequired'  => true,
						'creditCards' => array( 'visa', 'mastercard' ),
					),
				),
			)
		);
		$this->assert_rest_status( 201, $response );
		$this->form_id = $response->get_data()['id'];
		$this->as_anonymous();
		wp_dequeue_script( 'password-strength-meter' );
	}

	/**
	 * @return array<string, mixed>
	 */
	private function values( array $changes = array() ): array {
		return array_replace(
			array(
				'1'   => self::PASSWORD,
				'1.2' => self::PASSWORD,
				'2.1' => self::CARD,
				'2.2' => array( '09', (string) ( (int) gmdate( 'Y' ) + 3 ) ),
				'2.3' => '737',
				'2.5' => 'Ada Lovelace',
			),
			$changes
		);
	}

	private function submit( array $values ): \WP_REST_Response {
		return $this->rest( 'POST', "/kestrel-forms/v1/forms/{$this->form_id}/submissions", array( 'values' => $values ) );
	}

	public function test_the_entry_keeps_a_marker_last_four_brand_and_name_only(): void {
		$response = $this->submit( $this->values() );
		$this->assert_rest_status( 201, $response );

		$this->as_admin();
		$rest = $this->rest( 'GET', '/kestrel-forms/v1/entries/' . self::entry_id_of( $response ) );
		$this->assertSame(
			array(
				'1'   => '(password not stored)',
				'2.1' => '4242',
				'2.4' => 'Visa',
				'2.5' => 'Ada Lovelace',
			),
			(array) $rest->get_data()['values']
		);
		$json = (string) wp_json_encode( $rest->get_data() );
		$list = (string) wp_json_encode( $this->rest( 'GET', '/kestrel-forms/v1/entries', null, array( 'form_id' => $this->form_id ) )->get_data() );
		foreach ( array( self::PASSWORD, '424242', '737' ) as $secret ) {
			$this->assertStringNotContainsString( $secret, $json );
			$this->assertStringNotContainsString( $secret, $list );
		}

		$entry  = Plugin::instance()->entries->find( self::entry_id_of( $response ) );
		$fields = Plugin::instance()->forms->find( $this->form_id )->fields();
		$this->assertInstanceOf( Entry::class, $entry );
		$this->assertSame( 'Given (not stored)', EntryPresenter::value( $fields[0], $entry ) );
		$this->assertSame( 'Visa ending 4242, Ada Lovelace', EntryPresenter::value( $fields[1], $entry ) );
	}

	public function test_mismatch_type_expiry_and_required_are_refused_with_messages(): void {
		$response = $this->submit(
			$this->values(
				array(
					'1.2' => self::PASSWORD . 'x',
					'2.1' => '3782 822463 10005',
				)
			)
		);
		$this->assert_rest_error( 'kestrel_forms_validation_failed', 400, $response );
		$this->assertSame(
			array(
				'1' => 'Your passwords do not match.',
				'2' => 'This card type is not accepted.',
			),
			(array) $response->get_data()['data']['errors']
		);

		$response = $this->submit(
			array(
				'2.1' => self::CARD,
				'2.2' => array( '01', '2001' ),
				'2.3' => '123',
				'2.5' => 'Ada',
			)
		);
		$this->assertSame(
			array(
				'1' => 'This field is required.',
				'2' => 'This card has expired.',
			),
			(array) $response->get_data()['data']['errors']
		);
		$this->assertStringNotContainsString( '4242', (string) wp_json_encode( $response->get_data() ) );
	}

	public function test_the_page_loads_the_meter_only_for_password_strength_and_carries_filtered_rules(): void {
		add_filter(
			'kestrel_forms_card_rules',
			static function ( array $rules ): array {
				$rules['store']  = array(
					'name'     => 'Store card',
					'prefixes' => array( '4111' ),
				);
				$rules['broken'] = array( 'prefixes' => array( '9' ) );
				return $rules;
			}
		);
		$html = do_shortcode( '[kestrel_form id="' . $this->form_id . '"]' );
		$this->assertTrue( \Kestrel\Forms\Assets\Assets::will_load( 'password-strength-meter' ) );
		$this->assertSame( 1, preg_match( '#<script type="application/json" class="kestrel-form__data">(.*?)</script>#s', $html, $m ) );
		$card = json_decode( $m[1], true )['form']['fields'][1];
		$this->assertSame(
			array(
				'name'     => 'Visa',
				'prefixes' => array( '4' ),
				'lengths'  => array(
					13,
					16,
					19,
				),
			),
			$card['cardRules']['visa']
		);
		$this->assertSame( 'Store card', $card['cardRules']['store']['name'] );
		$this->assertArrayNotHasKey( 'broken', $card['cardRules'] );

		// The same filtered table decides on submit: 4111… now matches two types.
		$response = $this->submit( $this->values( array( '2.1' => '4111 1111 1111 1111' ) ) );
		$this->assertSame( 'This card type is not accepted.', ( (array) $response->get_data()['data']['errors'] )['2'] );

		// Another page load.
		\Kestrel\Forms\Assets\Assets::reset_on_intent();
		wp_dequeue_script( 'password-strength-meter' );
		$this->as_admin();
		$plain = $this->rest(
			'POST',
			'/kestrel-forms/v1/forms',
			array(
				'title'  => 'No meter',
				'fields' => array(
					array(
						'id'    => 1,
						'type'  => 'password',
						'label' => 'Password',
					),
				),
			)
		)->get_data()['id'];
		$this->as_anonymous();
		do_shortcode( '[kestrel_form id="' . $plain . '"]' );
		$this->assertFalse( \Kestrel\Forms\Assets\Assets::will_load( 'password-strength-meter' ), 'No strength indicator, no meter.' );
	}
}
