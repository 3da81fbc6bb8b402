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
			'sign-up, every new type'     => array( 'sign-up-every-new-type', 'USD', false ),
			'event, the other variants'   => array( 'event-registration-new-types', 'USD', false ),
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
		$this->assertSame( array( 1, 2, 3, 4, 5, 6, 7, 8, 9, 13, 14, 15 ), array_keys( $fields ) );
		$this->assertSame( array( 'name', 'address', 'phone', 'website', 'date', 'date', 'time', 'consent', 'multiselect' ), array_column( array_slice( $result['definition']['fields'], 0, 9 ), 'type' ) );
		$left_out = array_column( array_filter( $report['left_out'], static fn( array $i ): bool => isset( $i['type'] ) ), 'type', 'field' );
		$this->assertSame(
			array(
				10 => 'post_title',
				11 => 'signature',
				12 => 'survey',
			),
			$left_out
		);
		$this->assertSame( array(), array_filter( $report['approximated'], static fn( array $i ): bool => isset( $i['type'] ) ), 'no type is approximated any more' );
		// Every source field is in exactly one list.
		$named = array_merge( array_column( $report['imported'], 'field' ), array_keys( $left_out ) );
		sort( $named );
		$this->assertSame( range( 1, 15 ), $named );
		$this->assertSame( '0 + {Nickname:13:value} * 0 + 2', $fields[14]['calculationFormula'] );
		// The rule on the name's First input now stays: the field and its input ids are kept.
		$this->assertSame( '1.3', $fields[13]['conditionalLogic']['rules'][0]['fieldId'] );
		$this->assertArrayNotHasKey( 'notifications', $result['definition'] );
	}

	public function test_what_the_new_types_cannot_honour_is_reported_by_setting(): void {
		$result = $this->import( 'gf-only-types' )[0];
		$fields = self::fields( $result );
		$notes  = static fn( string $list ): array => array_map(
			static fn( array $i ): string => $i['field'] . ' ' . $i['setting'],
			array_values( array_filter( $result['report'][ $list ], static fn( array $i ): bool => null !== $i['field'] && $i['field'] < 10 ) )
		);
		$this->assertSame( array( '2 addressType', '3 phoneFormat', '9 storageType' ), $notes( 'approximated' ) );
		$this->assertSame( array( '2 inputs["2.7"]', '2 enableCopyValuesOption', '2 defaultCountry', '3 autocompleteAttribute', '5 calendarIconUrl' ), $notes( 'left_out' ) );
		// Legacy "extended": prefix, first, last, suffix shown; middle hidden.
		$this->assertSame( array( '1.4' ), array_column( array_filter( $fields[1]['inputs'], static fn( array $i ): bool => ! empty( $i['isHidden'] ) ), 'id' ) );
		// The add-on address type becomes international; hideAddress2 hides line 2.
		$this->assertSame( 'international', $fields[2]['addressType'] );
		$this->assertArrayNotHasKey( 'defaultCountry', $fields[2], 'a country not in our list is not kept' );
		$this->assertTrue( $fields[2]['inputs'][1]['isHidden'] );
		$this->assertSame( array( '2.1', '2.2', '2.3', '2.4', '2.5', '2.6' ), array_column( $fields[2]['inputs'], 'id' ) );
		$this->assertSame( 'international', $fields[3]['phoneFormat'] );
		$this->assertArrayNotHasKey( 'inputs', $fields[5], 'a date picker has one input' );
		$this->assertSame( array( '6.1', '6.2', '6.3' ), array_column( $fields[6]['inputs'], 'id' ) );
		$this->assertSame( array( '8.1', '8.2', '8.3' ), array_column( $fields[8]['inputs'], 'id' ) );
		$this->assertSame( 'I agree to the privacy policy', $fields[8]['checkboxLabel'] );
		$this->assertArrayNotHasKey( 'choices', $fields[8] );
		$this->assertArrayNotHasKey( 'inputs', $fields[9], 'a multi-select stores one list under its field id' );
	}

	public function test_sign_up_maps_every_new_type_with_its_settings_and_input_ids(): void {
		$result = $this->import( 'sign-up-every-new-type' )[0];
		$fields = self::fields( $result );
		$report = $result['report'];
		$this->assertSame( range( 1, 11 ), array_column( $report['imported'], 'field' ) );
		$name = array_column( $fields[1]['inputs'], null, 'id' );
		$this->assertSame( array( '1.2', '1.3', '1.4', '1.6', '1.8' ), array_keys( $name ) );
		$this->assertTrue( $name['1.2']['isHidden'] );
		$this->assertSame( array( 'Mr.', 'Mrs.', 'Ms.', 'Dr.' ), array_column( $name['1.2']['choices'], 'value' ) );
		$this->assertSame( 'Given name', $name['1.3']['customLabel'] );
		$this->assertSame( 'Sam', $name['1.3']['placeholder'] );
		$this->assertSame( 'given-name', $name['1.3']['autocompleteAttribute'] );
		$this->assertArrayNotHasKey( 'isHidden', $name['1.6'] );
		$this->assertSame( 'us', $fields[3]['addressType'] );
		$this->assertSame( 'California', $fields[3]['defaultState'] );
		$this->assertSame( 'ZIP', $fields[3]['inputs'][4]['customLabel'] );
		$this->assertSame( 'standard', $fields[4]['phoneFormat'] );
		$this->assertSame( array( 'datedropdown', 'dmy' ), array( $fields[5]['dateType'], $fields[5]['dateFormat'] ) );
		$this->assertSame( array( 'Month', 'Day', 'Year' ), array_column( $fields[5]['inputs'], 'customLabel' ) );
		// The rule on the date reads Y-m-d: GF's "31/12/2007" (the field's dmy) is rewritten and reported.
		$this->assertSame(
			array(
				'fieldId'  => '5',
				'operator' => '>',
				'value'    => '2007-12-31',
			),
			$fields[6]['conditionalLogic']['rules'][0]
		);
		$this->assertSame( array( 'conditionalLogic' ), array_column( $report['approximated'], 'setting' ) );
		$this->assertSame( '24', $fields[7]['timeFormat'] );
		$this->assertSame( array( '7.1', '7.2' ), array_column( $fields[7]['inputs'], 'id' ), 'no AM/PM in 24 hours' );
		$this->assertSame( 'website', $fields[8]['type'] );
		$this->assertTrue( $fields[9]['enableEnhancedUI'] );
		$this->assertSame( array( '5k', '10k', 'half' ), array_column( $fields[9]['choices'], 'value' ) );
		$this->assertSame( 'I agree to the club rules.', $fields[10]['checkboxLabel'] );
		$this->assertSame( 'Members run at their own risk and follow the ride leader.', $fields[10]['description'] );
		$this->assertSame( '1.3', $fields[11]['conditionalLogic']['rules'][0]['fieldId'] );
		$this->assertSame( 'New member: {Name:1.3} {Name:1.6}', $result['definition']['notifications'][0]['subject'] );
		// A calendar icon setting on drop-downs shows nothing in Gravity Forms either: not reported.
		$this->assertNotContains( 'calendarIconType', array_column( $report['left_out'], 'setting' ) );
	}

	public function test_event_maps_simple_name_international_address_picker_and_12_hours(): void {
		$result = $this->import( 'event-registration-new-types' )[0];
		$fields = self::fields( $result );
		$this->assertSame( 'simple', $fields[1]['nameFormat'] );
		$this->assertArrayNotHasKey( 'inputs', $fields[1] );
		$this->assertSame( 'international', $fields[3]['addressType'] );
		$this->assertSame( 'Germany', $fields[3]['defaultCountry'] );
		$this->assertSame( array( '3.3', '3.6' ), array_column( array_filter( $fields[3]['inputs'], static fn( array $i ): bool => empty( $i['isHidden'] ) ), 'id' ) );
		$this->assertSame( array( 'datepicker', 'ymd_dash' ), array( $fields[4]['dateType'], $fields[4]['dateFormat'] ) );
		$this->assertSame( '12', $fields[5]['timeFormat'] );
		$this->assertSame( array( '5.1', '5.2', '5.3' ), array_column( $fields[5]['inputs'], 'id' ) );
		$this->assertSame( '20:00', $fields[6]['conditionalLogic']['rules'][0]['value'], '"08:00 pm" as rules read times' );
		$this->assertSame( array(), $result['report']['left_out'] );
	}

	/**
	 * @return array<string, array{array<string, mixed>, string, mixed, string}>
	 */
	public static function settings_read(): array {
		$field = static fn( array $f ): array => $f + array(
			'id'    => 1,
			'label' => 'F',
		);
		return array(
			'legacy normal name: first and last'     => array(
				$field(
					array(
						'type'       => 'name',
						'nameFormat' => 'normal',
					)
				),
				'hidden',
				array( '1.2', '1.4', '1.8' ),
				'',
			),
			'advanced name without inputs: defaults' => array( $field( array( 'type' => 'name' ) ), 'hidden', array( '1.2', '1.4', '1.8' ), '' ),
			'unknown name format'                    => array(
				$field(
					array(
						'type'       => 'name',
						'nameFormat' => 'fancy',
					)
				),
				'hidden',
				array( '1.2', '1.4', '1.8' ),
				'approximated nameFormat',
			),
			'canadian address, province in our list' => array(
				$field(
					array(
						'type'            => 'address',
						'addressType'     => 'canadian',
						'defaultProvince' => 'quebec',
					)
				),
				'defaultProvince',
				'Quebec',
				'',
			),
			'US state not in our list'               => array(
				$field(
					array(
						'type'         => 'address',
						'addressType'  => 'us',
						'defaultState' => 'Armed Forces Europe',
					)
				),
				'defaultState',
				null,
				'left_out defaultState',
			),
			'US address, another default country'    => array(
				$field(
					array(
						'type'           => 'address',
						'addressType'    => 'us',
						'defaultCountry' => 'Mexico',
					)
				),
				'defaultCountry',
				null,
				'left_out defaultCountry',
			),
			'international, a default state'         => array(
				$field(
					array(
						'type'         => 'address',
						'defaultState' => 'Bavaria',
					)
				),
				'input 1.4 defaultValue',
				'Bavaria',
				'approximated defaultState',
			),
			'phone without a format: standard'       => array( $field( array( 'type' => 'phone' ) ), 'phoneFormat', 'standard', '' ),
			'date picker without icon'               => array(
				$field(
					array(
						'type'             => 'date',
						'calendarIconType' => 'none',
					)
				),
				'dateType',
				'datepicker',
				'approximated calendarIconType',
			),
			'an unknown date format'                 => array(
				$field(
					array(
						'type'       => 'date',
						'dateFormat' => 'ymd',
					)
				),
				'dateFormat',
				'mdy',
				'approximated dateFormat',
			),
			'time without a format: 12 hours'        => array( $field( array( 'type' => 'time' ) ), 'timeFormat', '12', '' ),
			'multiselect without choices'            => array( $field( array( 'type' => 'multiselect' ) ), 'choices', array( 'Choice' ), 'approximated choices' ),
			'consent, an odd input setting'          => array(
				$field(
					array(
						'type'          => 'consent',
						'checkboxLabel' => 'Yes',
						'inputs'        => array(
							array(
								'id'         => '1.1',
								'label'      => 'Consent',
								'revisionId' => 7,
							),
						),
					)
				),
				'checkboxLabel',
				'Yes',
				'left_out inputs["1.1"].revisionId',
			),
			'consent without its text'               => array( $field( array( 'type' => 'consent' ) ), 'checkboxLabel', 'I agree to the privacy policy.', 'approximated checkboxLabel' ),
		);
	}

	/**
	 * One Gravity Forms setting of a new type: what the field holds and the one report line.
	 *
	 * @dataProvider settings_read
	 *
	 * @param array<string, mixed> $gf       Gravity Forms field.
	 * @param string               $what     What to read from our field.
	 * @param mixed                $expected What it holds.
	 * @param string               $reported "list setting" of the one report line about a setting, or "".
	 */
	public function test_one_setting_of_a_new_type( array $gf, string $what, mixed $expected, string $reported ): void {
		$result = $this->importer->import(
			array(
				'0'       => array(
					'title'  => 'One field',
					'fields' => array( $gf ),
				),
				'version' => '2.8.0',
			),
			'USD'
		)[0];
		$this->assertSame( array(), $result['errors'] );
		$field = $result['definition']['fields'][0];
		$this->assertSame( $gf['type'], $field['type'] );
		if ( 'hidden' === $what ) {
			$actual = array_column( array_filter( $field['inputs'], static fn( array $i ): bool => ! empty( $i['isHidden'] ) ), 'id' );
		} elseif ( 'choices' === $what ) {
			$actual = array_column( $field['choices'], 'value' );
		} elseif ( str_starts_with( $what, 'input ' ) ) {
			list( , $input_id, $key ) = explode( ' ', $what );
			$actual                   = array_column( $field['inputs'], $key, 'id' )[ $input_id ] ?? null;
		} else {
			$actual = $field[ $what ] ?? null;
		}
		$this->assertSame( $expected, $actual );
		$lines = array();
		foreach ( array( 'approximated', 'left_out' ) as $list ) {
			foreach ( $result['report'][ $list ] as $item ) {
				if ( isset( $item['setting'] ) ) {
					$lines[] = $list . ' ' . $item['setting'];
				}
			}
		}
		$this->assertSame( '' === $reported ? array() : array( $reported ), $lines );
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
		foreach ( array( 'name', 'address', 'phone', 'date', 'time', 'website', 'consent', 'multiselect' ) as $type ) {
			$this->assertSame(
				array(
					'status' => 'as_is',
					'type'   => $type,
					'note'   => '',
				),
				GravityFormsTypes::of( $type ),
				$type
			);
		}
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

