<?php
/**
 * Submissions of the field types of issue 18 through REST: the documented stored values
 * (docs/field-types.md), and the error codes with the input ids at fault.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Rest;

use Kestrel\Forms\Tests\Integration\Support\TestCase;

final class NewFieldTypesSubmissionTest extends TestCase {

	use SubmissionAnswers;

	private int $form_id;

	protected function set_up(): void {
		self::without_submission_rate_limit();
		$this->as_admin();
		$response = $this->rest(
			'POST',
			'/kestrel-forms/v1/forms',
			array(
				'title'  => 'Sign-up',
				'fields' => array(
					array(
						'id'         => 1,
						'type'       => 'name',
						'label'      => 'Name',
						'isRequired' => true,
					),
					array(
						'id'          => 2,
						'type'        => 'address',
						'label'       => 'Address',
						'addressType' => 'us',
						'isRequired'  => true,
					),
					array(
						'id'    => 3,
						'type'  => 'phone',
						'label' => 'Phone',
					),
					array(
						'id'         => 4,
						'type'       => 'date',
						'label'      => 'Start',
						'dateFormat' => 'dmy',
						'dateMin'    => '2026-01-01',
					),
					array(
						'id'    => 5,
						'type'  => 'time',
						'label' => 'Arrival',
					),
					array(
						'id'    => 6,
						'type'  => 'website',
						'label' => 'Website',
					),
					array(
						'id'            => 7,
						'type'          => 'consent',
						'label'         => 'Consent',
						'isRequired'    => true,
						'checkboxLabel' => 'I agree to the terms.',
						'description'   => '<p>We keep your details for <em>one</em> year.</p>',
					),
					array(
						'id'      => 8,
						'type'    => 'multiselect',
						'label'   => 'Interests',
						'choices' => array(
							array(
								'text'  => 'Tea',
								'value' => 'tea',
							),
							array(
								'text'  => 'Cake',
								'value' => 'cake',
							),
							array(
								'text'  => 'Jam',
								'value' => 'jam',
							),
						),
					),
				),
			)
		);
		$this->assert_rest_status( 201, $response );
		$this->form_id = $response->get_data()['id'];
		$this->as_anonymous();
	}

	public function test_the_documented_values_are_stored(): void {
		$response = $this->rest(
			'POST',
			"/kestrel-forms/v1/forms/{$this->form_id}/submissions",
			array(
				'values' => array(
					'1.3' => 'Ada',
					'1.4' => 'Augusta', // Middle is hidden by default: not stored.
					'1.6' => 'Lovelace',
					'2.1' => '1 Main St',
					'2.2' => '',
					'2.3' => 'Springfield',
					'2.4' => 'Illinois',
					'2.5' => '62701',
					'2.6' => 'France', // A US address stores its own country.
					'3'   => '555.123.4567',
					'4'   => '31/12/2026',
					'5.1' => '9',
					'5.2' => '05',
					'5.3' => 'pm',
					'6'   => 'https://example.com/',
					'7.1' => '1',
					'7.2' => 'I agree to nothing.', // The texts agreed to come from the form.
					'8'   => array( 'jam', 'tea' ),
				),
			)
		);
		$this->assert_rest_status( 201, $response );
		$this->as_admin();
		$entry = $this->rest( 'GET', '/kestrel-forms/v1/entries/' . self::entry_id_of( $response ) )->get_data();
		$this->assertEqualsCanonicalizing(
			array(
				'1.3' => 'Ada',
				'1.6' => 'Lovelace',
				'2.1' => '1 Main St',
				'2.3' => 'Springfield',
				'2.4' => 'Illinois',
				'2.5' => '62701',
				'2.6' => 'United States',
				'3'   => '(555) 123-4567',
				'4'   => '2026-12-31',
				'5'   => '09:05 pm',
				'6'   => 'https://example.com/',
				'7.1' => '1',
				'7.2' => 'I agree to the terms.',
				'7.3' => 'We keep your details for one year.',
				'8'   => array( 'tea', 'jam' ),
			),
			(array) $entry['values']
		);
		$this->assertSame( array( 'tea', 'jam' ), ( (array) $entry['values'] )['8'], 'A multi-select keeps choice order.' );
	}

	public function test_invalid_values_answer_codes_with_the_inputs_at_fault(): void {
		$response = $this->rest(
			'POST',
			"/kestrel-forms/v1/forms/{$this->form_id}/submissions",
			array(
				'values' => array(
					'1.3' => 'Ada',
					'2.1' => '1 Main St',
					'2.3' => 'Springfield',
					'2.4' => 'Illinois',
					'2.5' => '1234',
					'3'   => '1-555-123-4567',
					'4'   => '29/02/2026',
					'5.1' => '13',
					'5.2' => '00',
					'5.3' => 'pm',
					'6'   => 'example.com',
					'8'   => array( 'tea', 'scones' ),
				),
			)
		);
		$this->assert_rest_error( 'kestrel_forms_validation_failed', 400, $response );
		$data = $response->get_data()['data'];
		$this->assertSame(
			array(
				'1' => array(
					'code'   => 'required',
					'inputs' => array( '1.6' ),
				),
				'2' => array(
					'code'   => 'postal_code',
					'inputs' => array( '2.5' ),
				),
				'3' => array( 'code' => 'phone' ),
				'4' => array( 'code' => 'date' ),
				'5' => array( 'code' => 'time' ),
				'6' => array( 'code' => 'url' ),
				'7' => array( 'code' => 'required' ),
				'8' => array( 'code' => 'choice' ),
			),
			json_decode( (string) wp_json_encode( $data['details'] ), true )
		);
		$errors = (array) $data['errors'];
		$this->assertSame( 'Enter a valid phone number, e.g. (555) 123-4567.', $errors['3'] );
		$this->assertSame( 'Enter a real date as dd/mm/yyyy.', $errors['4'] );
		$this->assertSame( 'Enter a valid ZIP code, e.g. 12345 or 12345-6789.', $errors['2'] );
	}

	public function test_a_date_before_the_minimum_names_it_in_the_fields_format(): void {
		$response = $this->rest(
			'POST',
			"/kestrel-forms/v1/forms/{$this->form_id}/submissions",
			array( 'values' => array( '4' => '31/12/2025' ) )
		);
		$this->assert_rest_error( 'kestrel_forms_validation_failed', 400, $response );
		$this->assertSame( 'Enter a date on or after 01/01/2026.', ( (array) $response->get_data()['data']['errors'] )['4'] );
	}
}
