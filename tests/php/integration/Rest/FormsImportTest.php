<?php
/**
 * POST /forms/import: Gravity Forms exports through REST, then a submission to what was imported.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Rest;

use Kestrel\Forms\Plugin;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

final class FormsImportTest extends TestCase {

	use SubmissionAnswers;

	private const ROUTE = '/kestrel-forms/v1/forms/import';

	/**
	 * A fixture's JSON text.
	 *
	 * @param string $name Fixture name.
	 */
	private static function export( string $name ): string {
		return (string) file_get_contents( dirname( __DIR__, 3 ) . '/fixtures/gravity-forms/' . $name . '.json' );
	}

	private function form_count(): int {
		return count( $this->rest( 'GET', '/kestrel-forms/v1/forms' )->get_data() );
	}

	protected function set_up(): void {
		self::without_submission_rate_limit();
		$this->as_admin();
	}

	public function test_a_dry_run_answers_the_report_and_stores_nothing(): void {
		$before   = $this->form_count();
		$response = $this->rest( 'POST', self::ROUTE . '?dry_run=1', self::export( 'gf-only-types' ) );
		$this->assert_rest_status( 200, $response );
		$data = $response->get_data();
		$this->assertTrue( $data['dry_run'] );
		$this->assertSame(
			array(
				array(
					'id'        => null,
					'title'     => 'Membership',
					'source_id' => 30,
					'errors'    => array(),
				),
			),
			$data['forms']
		);
		$this->assertSame( 'Membership', $data['report'][0]['title'] );
		$this->assertContains( 'signature', array_column( $data['report'][0]['left_out'], 'type' ) );
		$this->assertContains( 'phone', array_column( $data['report'][0]['imported'], 'type' ) );
		$this->assertContains( 'addressType', array_column( $data['report'][0]['approximated'], 'setting' ) );
		$this->assertSame( $before, $this->form_count() );
	}

	public function test_an_import_stores_every_form_and_answers_ids_and_source_ids(): void {
		$before   = $this->form_count();
		$response = $this->rest( 'POST', self::ROUTE, self::export( 'several-forms' ), array( 'currency' => 'EUR' ) );
		$this->assert_rest_status( 201, $response );
		$data = $response->get_data();
		$this->assertSame( array( 'Newsletter', 'Donation' ), array_column( $data['forms'], 'title' ) );
		$this->assertSame( array( 1, 2 ), array_column( $data['forms'], 'source_id' ) );
		$this->assertCount( 2, $data['report'] );
		$this->assertSame( $before + 2, $this->form_count() );
		$stored = $this->rest( 'GET', '/kestrel-forms/v1/forms/' . $data['forms'][1]['id'] )->get_data();
		$this->assertSame( 'EUR', $stored['currency'] );
		$this->assertSame( '1234.5', $stored['fields'][1]['basePrice'] );
	}

	public function test_the_bare_array_format_imports(): void {
		$response = $this->rest( 'POST', self::ROUTE, self::export( 'multi-page-bare-array' ) );
		$this->assert_rest_status( 201, $response );
		$this->assertSame( 7, $response->get_data()['forms'][0]['source_id'] );
	}

	public function test_bad_json_is_a_400(): void {
		$response = $this->rest( 'POST', self::ROUTE, '{"0": {"title": ' );
		$this->assert_rest_error( 'kestrel_forms_invalid_json', 400, $response );
	}

	public function test_a_file_that_is_not_an_export_is_a_400(): void {
		$before = $this->form_count();
		foreach ( array( '{"title":"Ours","fields":[]}', '{"0":{"title":"x"},"version":"2.8"}', '[1,2]', '{}' ) as $body ) {
			$response = $this->rest( 'POST', self::ROUTE, $body );
			$this->assert_rest_error( 'kestrel_forms_not_gravity_forms_export', 400, $response );
			$this->assertNotEmpty( $response->get_data()['data']['detail'] );
		}
		$this->assertSame( $before, $this->form_count() );
	}

	public function test_a_form_that_would_be_invalid_stores_nothing(): void {
		$before   = $this->form_count();
		$export   = array(
			'0'       => array(
				'title'  => 'Fine',
				'fields' => array(
					array(
						'id'    => 1,
						'type'  => 'text',
						'label' => 'A',
					),
				),
			),
			'1'       => array(
				'title'  => 'Broken',
				'fields' => array(
					array(
						'id'    => 1,
						'type'  => 'text',
						'label' => 'A',
					),
					array(
						'id'    => 1,
						'type'  => 'text',
						'label' => 'Same id',
					),
				),
			),
			'version' => '2.8.4',
		);
		$response = $this->rest( 'POST', self::ROUTE, $export );
		$this->assert_rest_error( 'kestrel_forms_import_invalid', 400, $response );
		$this->assertSame( 'Broken', $response->get_data()['data']['forms'][0]['title'] );
		$this->assertSame( $before, $this->form_count() );
	}

	public function test_only_managers_may_import(): void {
		$this->as_subscriber();
		$response = $this->rest( 'POST', self::ROUTE . '?dry_run=1', self::export( 'order-form' ) );
		$this->assertSame( 403, $response->get_status() );
		$this->as_anonymous();
		$response = $this->rest( 'POST', self::ROUTE, self::export( 'order-form' ) );
		$this->assertContains( $response->get_status(), array( 401, 403 ) );
	}

	/**
	 * Imports a fixture through the route and answers its first form's id, after checking that
	 * the stored definition is valid and exactly the one the fixture records under expected/, and
	 * that the rendered form carries its fields as stored.
	 *
	 * @param string $fixture Fixture name.
	 */
	private function import_checked( string $fixture ): int {
		$response = $this->rest( 'POST', self::ROUTE, self::export( $fixture ) );
		$this->assert_rest_status( 201, $response );
		$form_id = (int) $response->get_data()['forms'][0]['id'];
		$stored  = Plugin::instance()->forms->find( $form_id );
		$this->assertNotNull( $stored );
		$this->assertSame( array(), Plugin::instance()->form_validator->validate( $stored->definition ), 'the stored definition validates' );
		$expected = json_decode( self::export( 'expected/' . $fixture ), true );
		$this->assertSame( $expected[0]['definition'], json_decode( (string) wp_json_encode( $stored->definition ), true ) );
		// Rendered: the page's embedded form (what the visitor's browser renders) carries every
		// imported field with its settings and inputs as stored.
		$this->assertSame( 1, preg_match( '#<script type="application/json" class="kestrel-form__data">(.*?)</script>#s', Plugin::instance()->renderer->render( $form_id ), $m ) );
		$page = json_decode( $m[1], true );
		$this->assertSame( $expected[0]['definition']['fields'], $page['form']['fields'] );
		return $form_id;
	}

	/**
	 * Submits wire values to a form as a visitor.
	 *
	 * @param int                  $form_id Form id.
	 * @param array<string, mixed> $values  Wire values (docs/field-types.md).
	 */
	private function submit( int $form_id, array $values ): \WP_REST_Response {
		$this->as_anonymous();
		$submit = $this->rest( 'POST', "/kestrel-forms/v1/forms/{$form_id}/submissions", array( 'values' => $values ) );
		$this->as_admin();
		return $submit;
	}

	/**
	 * The values of the entry a 201 submission answer made.
	 *
	 * @param \WP_REST_Response $submit Submission answer.
	 * @return array<string, mixed>
	 */
	private function entry_values( \WP_REST_Response $submit ): array {
		$this->assert_rest_status( 201, $submit );
		return (array) $this->rest( 'GET', '/kestrel-forms/v1/entries/' . self::entry_id_of( $submit ) )->get_data()['values'];
	}

	/**
	 * Imports a fixture, submits values to its first form as a visitor and reads the entry back.
	 *
	 * @param string               $fixture Fixture name.
	 * @param array<string, mixed> $values  Submitted values.
	 * @return array<string, mixed>
	 */
	private function entry_after_import( string $fixture, array $values ): array {
		$response = $this->rest( 'POST', self::ROUTE, self::export( $fixture ) );
		$this->assert_rest_status( 201, $response );
		$submit = $this->submit( (int) $response->get_data()['forms'][0]['id'], $values );
		$this->assert_rest_status( 201, $submit );
		return $this->rest( 'GET', '/kestrel-forms/v1/entries/' . self::entry_id_of( $submit ) )->get_data();
	}

	/**
	 * What a visitor of the imported sign-up form sends (wire values, docs/field-types.md), born
	 * on the given day (drop-downs: month, day, year).
	 *
	 * @param array{0: string, 1: string, 2: string} $born Month, day, year.
	 * @return array<string, mixed>
	 */
	private static function sign_up_values( array $born ): array {
		return array(
			'1.3'  => 'Sam',
			'1.6'  => 'Rivera',
			'2'    => 'sam@example.com',
			'3.1'  => '1 Main St',
			'3.3'  => 'Springfield',
			'3.4'  => 'Illinois',
			'3.5'  => '62701',
			'4'    => '555-123-4567',
			'5.1'  => $born[0],
			'5.2'  => $born[1],
			'5.3'  => $born[2],
			'7.1'  => '18',
			'7.2'  => '30',
			'8'    => 'https://example.com/sam',
			'9'    => array( '5k', 'half' ),
			'10.1' => '1',
			'11'   => 'Sammy',
		);
	}

	public function test_round_trip_sign_up_every_new_type_stores_values_as_gravity_forms_does(): void {
		$form_id = $this->import_checked( 'sign-up-every-new-type' );
		$values  = $this->entry_values( $this->submit( $form_id, self::sign_up_values( array( '7', '4', '1990' ) ) ) );
		// As Gravity Forms stores them (docs/field-types.md "Stored"): the name's shown inputs,
		// the US address with its fixed country, the phone in the US shape, the date as Y-m-d
		// from its three drop-downs, a 24-hour time as HH:mm, the multi-select as one list, the
		// consent with the text and description agreed to (from the definition, not the browser).
		$this->assertSame(
			array(
				'1.3'  => 'Sam',
				'1.6'  => 'Rivera',
				'2'    => 'sam@example.com',
				'3.1'  => '1 Main St',
				'3.3'  => 'Springfield',
				'3.4'  => 'Illinois',
				'3.5'  => '62701',
				'3.6'  => 'United States',
				'4'    => '(555) 123-4567',
				'5'    => '1990-07-04',
				'7'    => '18:30',
				'8'    => 'https://example.com/sam',
				'9'    => array( '5k', 'half' ),
				'10.1' => '1',
				'10.2' => 'I agree to the club rules.',
				'10.3' => 'Members run at their own risk and follow the ride leader.',
				'11'   => 'Sammy',
			),
			self::sorted( $values )
		);
	}

	public function test_round_trip_sign_up_the_rule_on_the_date_reads_y_m_d(): void {
		$form_id = $this->import_checked( 'sign-up-every-new-type' );
		// Born after 2007-12-31 (the rule GF wrote as 31/12/2007): the guardian field shows and is required.
		$young = $this->submit( $form_id, self::sign_up_values( array( '12', '25', '2010' ) ) );
		$this->assertSame( array( 6 ), $this->fields_refused( $young ) );
		$values = $this->entry_values( $this->submit( $form_id, self::sign_up_values( array( '12', '25', '2010' ) ) + array( '6' => 'Alex Rivera' ) ) );
		$this->assertSame( '2010-12-25', $values['5'] );
		$this->assertSame( 'Alex Rivera', $values['6'] );
		// Born before: the field is hidden, so a value sent for it is not kept.
		$values = $this->entry_values( $this->submit( $form_id, self::sign_up_values( array( '1', '2', '2001' ) ) + array( '6' => 'Not asked' ) ) );
		$this->assertSame( '2001-01-02', $values['5'] );
		$this->assertArrayNotHasKey( '6', $values );
	}

	public function test_round_trip_sign_up_the_rule_on_the_first_name_input_keeps_working(): void {
		$form_id = $this->import_checked( 'sign-up-every-new-type' );
		// Field 11 shows while "1.3" is not empty: with the First input filled it is kept.
		$values = $this->entry_values( $this->submit( $form_id, self::sign_up_values( array( '7', '4', '1990' ) ) ) );
		$this->assertSame( 'Sammy', $values['11'] );
		// The definition's rule still names the input "1.3" (its id kept).
		$this->assertSame( '1.3', Plugin::instance()->forms->find( $form_id )->field( 11 )['conditionalLogic']['rules'][0]['fieldId'] ?? null );
	}

	public function test_round_trip_event_simple_name_international_address_picker_and_12_hours(): void {
		$form_id = $this->import_checked( 'event-registration-new-types' );
		$values  = $this->entry_values(
			$this->submit(
				$form_id,
				array(
					'1'   => 'Sam Rivera',
					'2'   => 'sam@example.com',
					'3.3' => 'Berlin',
					'3.6' => 'Germany',
					'4'   => '2026-07-04',
					'5.1' => '09',
					'5.2' => '15',
					'5.3' => 'pm',
					'7.1' => '1',
				)
			)
		);
		// The consent's description was empty in Gravity Forms: none is agreed to.
		$this->assertSame( '', $values['7.3'] ?? '' );
		unset( $values['7.3'] );
		$this->assertSame(
			array(
				'1'   => 'Sam Rivera',
				'2'   => 'sam@example.com',
				'3.3' => 'Berlin',
				'3.6' => 'Germany',
				'4'   => '2026-07-04',
				'5'   => '09:15 pm',
				'7.1' => '1',
				'7.2' => 'You may publish photos of me taken at the meet-up.',
			),
			self::sorted( $values )
		);
	}

	public function test_round_trip_event_an_invalid_date_or_time_is_refused(): void {
		$form_id = $this->import_checked( 'event-registration-new-types' );
		$base    = array(
			'1' => 'Sam Rivera',
			'2' => 'sam@example.com',
		);
		// 2026-02-30 is no calendar date (ymd_dash as the field types it); 13 o'clock is no 12-hour time.
		$this->assertSame( array( 4 ), $this->fields_refused( $this->submit( $form_id, $base + array( '4' => '2026-02-30' ) ) ) );
		$this->assertSame(
			array( 5 ),
			$this->fields_refused(
				$this->submit(
					$form_id,
					$base + array(
						'4'   => '2026-07-04',
						'5.1' => '13',
						'5.2' => '00',
						'5.3' => 'pm',
					)
				)
			)
		);
	}

	/**
	 * The ids of the fields a refused submission names (validation failed, nothing stored).
	 *
	 * @param \WP_REST_Response $response Submission answer.
	 * @return list<int>
	 */
	private function fields_refused( \WP_REST_Response $response ): array {
		$this->assert_rest_error( 'kestrel_forms_validation_failed', 400, $response );
		return array_map( 'intval', array_keys( (array) $response->get_data()['data']['errors'] ) );
	}

	/**
	 * Entry values in the order of their keys as numbers ("3.1" < "3.10" < "4"), so a
	 * comparison does not depend on the order the store answers them in.
	 *
	 * @param array<string, mixed> $values Values.
	 * @return array<string, mixed>
	 */
	private static function sorted( array $values ): array {
		uksort( $values, static fn( $a, $b ): int => version_compare( (string) $a, (string) $b ) );
		return $values;
	}

	public function test_round_trip_order_form_import_submit_entry_values(): void {
		$entry = $this->entry_after_import(
			'order-form',
			array(
				'1.3' => '2',
				'2'   => array( 'Name print' ),
				'3'   => 'Red cap',
				'4'   => '3',
				'5'   => 'Post',
				'7'   => 'sam@example.com',
			)
		);
		// Our entries keep a product's quantity under its input id and a choice under its value,
		// as Gravity Forms does (without its "|price" suffix: the price is in the order).
		$this->assertSame(
			array(
				'1.3' => '2',
				'2.1' => 'Name print',
				'3'   => 'Red cap',
				'4'   => '3',
				'5'   => 'Post',
				'6'   => '63.95',
				'7'   => 'sam@example.com',
			),
			(array) $entry['values']
		);
		$this->assertSame( '$17.50', $entry['order']['lines'][0]['unit'] );
		$this->assertSame( '$4.95', $entry['order']['shipping'] );
		$this->assertSame( '$63.95', $entry['order']['total'] );
	}

	public function test_round_trip_calculations_with_rounding(): void {
		$entry = $this->entry_after_import(
			'calculations',
			array(
				'1' => '10.000',
				'2' => '3',
			)
		);
		// 10000 × 1.05 / 36 = 291.666… rounded to 2 places; 10000 × 0.05 not rounded; the
		// calculated product (10000 × 0.01, no quantity) makes the total.
		$this->assertSame(
			array(
				'1' => '10000',
				'2' => '3',
				'3' => '291.67',
				'4' => '500',
				'6' => '100',
			),
			(array) $entry['values']
		);
	}
}
