<?php
/**
 * POST /forms/import: Gravity Forms exports through REST, then a submission to what was imported.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Rest;

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
		$this->assertContains( 'phone', array_column( $data['report'][0]['approximated'], 'type' ) );
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
	 * Imports a fixture, submits values to its first form as a visitor and reads the entry back.
	 *
	 * @param string               $fixture Fixture name.
	 * @param array<string, mixed> $values  Submitted values.
	 * @return array<string, mixed>
	 */
	private function entry_after_import( string $fixture, array $values ): array {
		$response = $this->rest( 'POST', self::ROUTE, self::export( $fixture ) );
		$this->assert_rest_status( 201, $response );
		$form_id = (int) $response->get_data()['forms'][0]['id'];
		$this->as_anonymous();
		$submit = $this->rest( 'POST', "/kestrel-forms/v1/forms/{$form_id}/submissions", array( 'values' => $values ) );
		$this->assert_rest_status( 201, $submit );
		$this->as_admin();
		return $this->rest( 'GET', '/kestrel-forms/v1/entries/' . self::entry_id_of( $submit ) )->get_data();
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
