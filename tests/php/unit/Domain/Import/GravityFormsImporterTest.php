<?php
/**
 * Gravity Forms exports (tests/fixtures/gravity-forms/) read into our definitions and reports.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Unit\Domain\Import;

use Kestrel\Forms\Domain\Form\FormValidator;
use Kestrel\Forms\Domain\Import\GravityFormsImporter;
use Kestrel\Forms\Domain\Import\GravityFormsTypes;
use Kestrel\Forms\Domain\Import\NotAGravityFormsExport;
use Kestrel\Forms\Domain\Schema\SchemaValidator;
use PHPUnit\Framework\TestCase;

final class GravityFormsImporterTest extends TestCase {

	private const DIR = __DIR__ . '/../../../../fixtures/gravity-forms/';

	private GravityFormsImporter $importer;

	protected function setUp(): void {
		$this->importer = new GravityFormsImporter( new FormValidator( SchemaValidator::from_file( dirname( __DIR__, 5 ) . '/plugin/schema/form.schema.json' ) ) );
	}

	/**
	 * @return array<string, mixed>|list<mixed>
	 */
	private static function fixture( string $name ): array {
		return json_decode( (string) file_get_contents( self::DIR . $name . '.json' ), true );
	}

	/**
	 * @return list<array<string, mixed>>
	 */
	private function import( string $name, string $currency = 'USD', bool $set = false ): array {
		return $this->importer->import( self::fixture( $name ), $currency, $set );
	}

	/**
	 * Each field of a result by id.
	 *
	 * @param array<string, mixed> $result Result.
	 * @return array<int, array<string, mixed>>
	 */
	private static function fields( array $result ): array {
		return array_column( $result['definition']['fields'], null, 'id' );
	}

	/**
	 * @return array<string, array{string, string, bool}>
	 */
	public static function fixtures(): array {
		return array(
			'order form'                  => array( 'order-form', 'USD', false ),
			'calculations'                => array( 'calculations', 'USD', false ),
			'multi-page, bare array'      => array( 'multi-page-bare-array', 'USD', false ),
			'list and uploads'            => array( 'list-upload', 'USD', false ),
			'notifications/confirmations' => array( 'notifications-confirmations', 'USD', false ),
			'GF-only and add-on types'    => array( 'gf-only-types', 'USD', false ),
			'several forms, in euros'     => array( 'several-forms', 'EUR', true ),
		);
	}

	/**
	 * @dataProvider fixtures
	 */
	public function test_every_fixture_imports_valid_and_exactly_as_recorded( string $name, string $currency, bool $set ): void {
		$results = $this->import( $name, $currency, $set );
		foreach ( $results as $result ) {
			$this->assertSame( array(), $result['errors'], $name . ': ' . $result['title'] );
		}
		$expected = self::fixture( 'expected/' . $name );
		$this->assertSame( $expected, json_decode( (string) json_encode( $results ), true ) );
	}

	public function test_order_form_reads_dollar_prices_exactly_and_keeps_input_ids(): void {
		$result = $this->import( 'order-form' )[0];
		$fields = self::fields( $result );
		$this->assertSame( 4, $result['source_id'] );
		$this->assertSame( '12.5', $fields[1]['basePrice'] );
		$this->assertSame( array( '1.1', '1.2', '1.3' ), array_column( $fields[1]['inputs'], 'id' ) );
		$this->assertSame( array( '5', '1234.5' ), array_column( $fields[2]['choices'], 'price' ) );
		$this->assertSame( array( '2.1', '2.2' ), array_column( $fields[2]['inputs'], 'id' ) );
		$this->assertSame( 1, $fields[2]['productField'] );
		$this->assertSame( array( '8', '0' ), array_column( $fields[3]['choices'], 'price' ) );
		$this->assertSame( 3, $fields[4]['productField'] );
		$this->assertSame( array( '0', '4.95' ), array_column( $fields[5]['choices'], 'price' ) );
		$this->assertArrayNotHasKey( 'currency', $result['definition'], 'the form follows the site currency, as in Gravity Forms' );
		$this->assertSame( 'Thanks {Your email:7}, your total is {Total:6}.', $result['definition']['confirmations'][0]['message'] );
		// Unknown keys never fail: a future key with a value is reported, an empty one is not.
		$this->assertContains(
			array(
				'field'   => 1,
				'label'   => 'Club shirt',
				'setting' => 'someFutureKey',
				'note'    => 'this setting is not supported',
			),
			$result['report']['left_out']
		);
	}

	public function test_calculations_keep_formulas_and_rounding(): void {
		$fields = self::fields( $this->import( 'calculations' )[0] );
		$this->assertSame( '{Amount:1} * 1.05 / ({Years:2} * 12)', $fields[3]['calculationFormula'] );
		$this->assertSame( 2, $fields[3]['calculationRounding'] );
		$this->assertSame( -1, $fields[4]['calculationRounding'], 'norounding' );
		$this->assertSame( 'decimal_dot', $fields[4]['numberFormat'], 'currency format approximated for USD' );
		$this->assertSame( 'calculation', $fields[5]['inputType'] );
		$this->assertSame( '{:1} * 0.01', $fields[5]['calculationFormula'] );
	}

	public function test_multi_page_keeps_logic_buttons_and_page_names(): void {
		$result = $this->import( 'multi-page-bare-array' )[0];
		$fields = self::fields( $result );
		$this->assertSame( 7, $result['source_id'] );
		$this->assertSame( array( 'About you', 'Your visit', 'Done' ), $result['definition']['pagination']['pageNames'] );
		$this->assertSame( 'Back', $fields[11]['previousButton']['text'], 'lastPageButton is the last page\'s Previous' );
		$this->assertSame(
			array(
				array(
					'fieldId'  => '1',
					'operator' => 'isnot',
					'value'    => '',
				),
			),
			$fields[10]['nextButton']['conditionalLogic']['rules']
		);
		$this->assertSame( 'any', $fields[10]['nextButton']['conditionalLogic']['logicType'] );
		$this->assertSame( 'hide', $fields[5]['conditionalLogic']['actionType'] );
		$this->assertSame( '3', $result['definition']['button']['conditionalLogic']['rules'][0]['fieldId'] );
		$this->assertContains(
			array(
				'field'   => 10,
				'label'   => '',
				'setting' => 'nextButton.conditionalLogic',
				'note'    => 'a rule was dropped: it reads "created_by", which is not a field',
			),
			$result['report']['approximated']
		);
	}

	public function test_lists_and_uploads_keep_their_limits(): void {
		$fields = self::fields( $this->import( 'list-upload' )[0] );
		$this->assertSame( array( 'Employer', 'Role', 'Years' ), $fields[1]['columns'] );
		$this->assertSame( 5, $fields[1]['maxRows'] );
		$this->assertArrayNotHasKey( 'columns', $fields[2] );
		$this->assertSame( 2, $fields[3]['maxFileSize'] );
		$this->assertArrayNotHasKey( 'maxFiles', $fields[3] );
		$this->assertTrue( $fields[4]['multipleFiles'] );
		$this->assertSame( 3, $fields[4]['maxFiles'] );
		$this->assertSame( 'jpg,png,PDF', $fields[4]['allowedExtensions'] );
		$this->assertArrayNotHasKey( 'inputs', $fields[5], 'the email confirmation input goes' );
	}

	public function test_confirmations_and_notifications(): void {
		$result        = $this->import( 'notifications-confirmations' )[0];
		$confirmations = $result['definition']['confirmations'];
		$notifications = array_column( $result['definition']['notifications'], null, 'name' );
		$this->assertSame( array( 'message', 'page', 'redirect' ), array_column( $confirmations, 'type' ) );
		$this->assertSame( 42, $confirmations[1]['pageId'] );
		$this->assertFalse( $confirmations[2]['isActive'] );
		$this->assertSame( 'name={Name:1}', $confirmations[2]['queryString'] );
		$this->assertSame( '2', $notifications['Copy to visitor']['toField'] );
		$this->assertSame( 'routing', $notifications['Route']['toType'] );
		$this->assertSame( 'support@example.com', $notifications['Route']['routing'][1]['email'] );
		$this->assertSame( 'payment_completed', $notifications['Paid']['event'] );
		$this->assertArrayNotHasKey( 'Saved', $notifications );
		$this->assertContains(
			array(
				'field'   => null,
				'label'   => null,
				'setting' => 'notification "Saved"',
				'note'    => 'it is sent on the "form_saved" event, which this plugin does not have',
			),
			$result['report']['left_out']
		);
	}

	public function test_gf_only_and_add_on_types_are_reported_never_dropped(): void {
		$result = $this->import( 'gf-only-types' )[0];
		$fields = self::fields( $result );
		$report = $result['report'];
		$this->assertSame( array( 3, 4, 5, 8, 9, 13, 14, 15 ), array_keys( $fields ) );
		$this->assertSame( 'text', $fields[3]['type'] );
		$this->assertSame( 'checkbox', $fields[9]['type'] );
		$left_out = array_column( array_filter( $report['left_out'], static fn( array $i ): bool => isset( $i['type'] ) ), 'type', 'field' );
		$this->assertSame(
			array(
				1  => 'name',
				2  => 'address',
				6  => 'date',
				7  => 'time',
				10 => 'post_title',
				11 => 'signature',
				12 => 'survey',
			),
			$left_out
		);
		$approximated = array_column( array_filter( $report['approximated'], static fn( array $i ): bool => isset( $i['type'] ) ), 'type', 'field' );
		$this->assertSame(
			array(
				3 => 'phone',
				4 => 'website',
				5 => 'date',
				8 => 'consent',
				9 => 'multiselect',
			),
			$approximated
		);
		// Every source field is in exactly one list.
		$named = array_merge( array_column( $report['imported'], 'field' ), array_keys( $left_out ), array_keys( $approximated ) );
		sort( $named );
		$this->assertSame( range( 1, 15 ), $named );
		$this->assertSame( '0 + {Nickname:13:value} * 0 + 2', $fields[14]['calculationFormula'] );
		$this->assertArrayNotHasKey( 'conditionalLogic', $fields[13] );
		$this->assertArrayNotHasKey( 'notifications', $result['definition'] );
	}

	public function test_several_forms_in_the_owner_s_currency(): void {
		$results = $this->import( 'several-forms', 'EUR', true );
		$this->assertSame( array( 'Newsletter', 'Donation' ), array_column( $results, 'title' ) );
		$this->assertSame( array( 1, 2 ), array_column( $results, 'source_id' ) );
		$fields = self::fields( $results[1] );
		$this->assertSame( 'EUR', $results[1]['definition']['currency'] );
		$this->assertSame( '1234.5', $fields[2]['basePrice'] );
		$this->assertSame( array( '7', '0' ), array_column( $fields[3]['choices'], 'price' ) );
	}

	public function test_untitled_forms_odd_classes_and_long_labels_are_approximated(): void {
		$result = $this->importer->import(
			array(
				array(
					'cssClass' => 'wide;',
					'fields'   => array(
						array(
							'id'    => '2',
							'type'  => 'text',
							'label' => str_repeat( 'a', 1200 ),
						),
						array(
							'id'   => 3,
							'type' => 'email',
						),
					),
				),
			),
			'USD'
		)[0];
		$this->assertSame( array(), $result['errors'] );
		$this->assertNull( $result['source_id'] );
		$this->assertSame( 'Imported form 1', $result['title'] );
		$this->assertSame( 'wide', $result['definition']['cssClass'] );
		$this->assertSame( 1000, mb_strlen( $result['definition']['fields'][0]['label'] ) );
		$this->assertSame( 'Field 3', $result['definition']['fields'][1]['label'] );
		$this->assertSame( array( 'title', 'label', 'cssClass' ), array_column( $result['report']['approximated'], 'setting' ) );
	}

	public function test_type_table_has_one_row_per_type(): void {
		$this->assertSame( 'as_is', GravityFormsTypes::of( 'text' )['status'] );
		$this->assertSame( 'left_out', GravityFormsTypes::of( 'some_addon_field' )['status'] );
	}

	/**
	 * @return array<string, array{mixed}>
	 */
	public static function not_exports(): array {
		return array(
			'a number'              => array( 3 ),
			'empty object'          => array( array() ),
			'our own form'          => array(
				array(
					'title'  => 'Ours',
					'fields' => array(),
				),
			),
			'wrapped without forms' => array( array( 'version' => '2.8.4' ) ),
			'array of strings'      => array( array( 'a', 'b' ) ),
			'form without fields'   => array(
				array(
					'0'       => array( 'title' => 'x' ),
					'version' => '2.8',
				),
			),
		);
	}

	/**
	 * @dataProvider not_exports
	 */
	public function test_what_is_not_an_export_is_refused_with_a_reason( mixed $data ): void {
		$this->assertFalse( GravityFormsImporter::is_export( $data ) );
		$this->expectException( NotAGravityFormsExport::class );
		$this->importer->import( $data, 'USD' );
	}
}

