<?php
/**
 * Every field type × input type, submitted as a visitor through the real REST submission route,
 * read back where an owner reads it: the entry detail (REST), the entries list (REST display
 * text), the CSV export (one column per input where a field has inputs: choices of checkboxes,
 * a product's name, price and own quantity) and WordPress's
 * personal-data exporter. One table says what each surface shows (issue 14, item 2: option
 * choices shown as checkboxes vanished everywhere).
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Rest;

use Kestrel\Forms\Entries\EntryPresenter;
use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Persistence\EntryWorkspaceRepository;
use Kestrel\Forms\Plugin;
use Kestrel\Forms\Privacy\PersonalData;
use Kestrel\Forms\Rest\CsvResponse;
use Kestrel\Forms\Tests\Integration\Uploads\UploadsTestCase;

final class EntryValuesAuditTest extends UploadsTestCase {

	use SubmissionAnswers;

	private const PASSWORD = 'Kestrel-horse-battery-9';

	private int $audit_form;

	/**
	 * The table: per field, its definition, what the visitor sends, and what each surface shows.
	 * `text` is the detail text, the list's display text and the privacy export's value (null:
	 * the field is on none of the surfaces); `csv` is heading => cell of its CSV columns.
	 *
	 * @return list<array{field: array<string, mixed>, sent: array<string, mixed>, text: string|null, csv: array<string, string>}>
	 */
	private static function table(): array {
		$choices = static fn( array $pairs ): array => array_map(
			static fn( array $p ): array => array_filter(
				array(
					'text'  => $p[0],
					'value' => $p[1],
					'price' => $p[2] ?? null,
				),
				static fn( $v ): bool => null !== $v
			),
			$pairs
		);
		return array(
			array(
				'field' => array(
					'id'    => 1,
					'type'  => 'text',
					'label' => 'Name',
				),
				'sent'  => array( '1' => 'Ada Lovelace' ),
				'text'  => 'Ada Lovelace',
				'csv'   => array( 'Name' => 'Ada Lovelace' ),
			),
			array(
				'field' => array(
					'id'    => 2,
					'type'  => 'textarea',
					'label' => 'Message',
				),
				'sent'  => array( '2' => "Line one\nLine two" ),
				'text'  => "Line one\nLine two",
				'csv'   => array( 'Message' => "Line one\nLine two" ),
			),
			array(
				'field' => array(
					'id'    => 3,
					'type'  => 'email',
					'label' => 'Email',
				),
				'sent'  => array( '3' => 'ada@example.org' ),
				'text'  => 'ada@example.org',
				'csv'   => array( 'Email' => 'ada@example.org' ),
			),
			array(
				'field' => array(
					'id'    => 4,
					'type'  => 'number',
					'label' => 'Guests',
				),
				'sent'  => array( '4' => '3' ),
				'text'  => '3',
				'csv'   => array( 'Guests' => '3' ),
			),
			array(
				'field' => array(
					'id'                 => 5,
					'type'               => 'number',
					'label'              => 'Double guests',
					'enableCalculation'  => true,
					'calculationFormula' => '{Guests:4} * 2',
				),
				'sent'  => array( '5' => '999' ),
				'text'  => '6',
				'csv'   => array( 'Double guests' => '6' ),
			),
			array(
				'field' => array(
					'id'      => 6,
					'type'    => 'select',
					'label'   => 'Plan',
					'choices' => $choices( array( array( 'Basic plan', 'basic' ), array( 'Pro plan', 'pro' ) ) ),
				),
				'sent'  => array( '6' => 'pro' ),
				'text'  => 'Pro plan',
				'csv'   => array( 'Plan' => 'Pro plan' ),
			),
			array(
				'field' => array(
					'id'      => 7,
					'type'    => 'radio',
					'label'   => 'Colour',
					'choices' => $choices( array( array( 'Red', 'red' ), array( 'Blue', 'blue' ) ) ),
				),
				'sent'  => array( '7' => 'blue' ),
				'text'  => 'Blue',
				'csv'   => array( 'Colour' => 'Blue' ),
			),
			array(
				'field' => array(
					'id'                => 8,
					'type'              => 'radio',
					'label'             => 'Contact by',
					'enableOtherChoice' => true,
					'choices'           => $choices( array( array( 'Phone', 'phone' ), array( 'Email', 'email' ) ) ),
				),
				'sent'  => array( '8' => 'Carrier pigeon' ),
				'text'  => 'Carrier pigeon',
				'csv'   => array( 'Contact by' => 'Carrier pigeon' ),
			),
			array(
				'field' => array(
					'id'      => 9,
					'type'    => 'checkbox',
					'label'   => 'Topics',
					'choices' => $choices( array( array( 'News', 'news' ), array( 'Events', 'events' ), array( 'Offers', 'offers' ) ) ),
				),
				'sent'  => array( '9' => array( 'news', 'offers' ) ),
				'text'  => 'News, Offers',
				'csv'   => array(
					'Topics (News)'   => 'News',
					'Topics (Events)' => '',
					'Topics (Offers)' => 'Offers',
				),
			),
			array(
				'field' => array(
					'id'    => 10,
					'type'  => 'hidden',
					'label' => 'Campaign',
				),
				'sent'  => array( '10' => 'spring' ),
				'text'  => 'spring',
				'csv'   => array( 'Campaign' => 'spring' ),
			),
			array(
				'field' => array(
					'id'    => 11,
					'type'  => 'section',
					'label' => 'About you',
				),
				'sent'  => array(),
				'text'  => null,
				'csv'   => array(),
			),
			array(
				'field' => array(
					'id'      => 12,
					'type'    => 'html',
					'label'   => 'Notice',
					'content' => '<p>Read this</p>',
				),
				'sent'  => array(),
				'text'  => null,
				'csv'   => array(),
			),
			array(
				'field' => array(
					'id'    => 13,
					'type'  => 'page',
					'label' => 'Page 2',
				),
				'sent'  => array(),
				'text'  => null,
				'csv'   => array(),
			),
			array(
				'field' => array(
					'id'        => 14,
					'type'      => 'product',
					'label'     => 'Mug',
					'inputType' => 'singleproduct',
					'basePrice' => '12.50',
				),
				'sent'  => array( '14.3' => '2' ),
				'text'  => 'Mug, Qty: 2, Price: $14.50',
				'csv'   => array(
					'Mug (Name)'     => 'Mug',
					'Mug (Price)'    => '$12.50',
					'Mug (Quantity)' => '2',
				),
			),
			array(
				'field' => array(
					'id'        => 15,
					'type'      => 'product',
					'label'     => 'Shirt',
					'inputType' => 'select',
					'choices'   => $choices( array( array( 'Small shirt', 's', '10.00' ), array( 'Large shirt', 'l', '12.00' ) ) ),
				),
				'sent'  => array( '15' => 'l' ),
				'text'  => 'Large shirt, Qty: 3, Price: $13.25',
				// Its quantity is the Shirts field's column.
				'csv'   => array(
					'Shirt (Name)'  => 'Large shirt',
					'Shirt (Price)' => '$12.00',
				),
			),
			array(
				'field' => array(
					'id'        => 16,
					'type'      => 'product',
					'label'     => 'Poster',
					'inputType' => 'radio',
					'choices'   => $choices( array( array( 'A3 poster', 'a3', '5.00' ), array( 'A2 poster', 'a2', '8.00' ) ) ),
				),
				'sent'  => array(
					'16'   => 'a2',
					'16.3' => '1',
				),
				'text'  => 'A2 poster, Qty: 1, Price: $11.00',
				'csv'   => array(
					'Poster (Name)'     => 'A2 poster',
					'Poster (Price)'    => '$8.00',
					'Poster (Quantity)' => '1',
				),
			),
			array(
				'field' => array(
					'id'              => 17,
					'type'            => 'product',
					'label'           => 'Donation',
					'inputType'       => 'price',
					'disableQuantity' => true,
				),
				'sent'  => array( '17' => '25' ),
				'text'  => 'Donation, Qty: 1, Price: $25.00',
				'csv'   => array(
					'Donation (Name)'  => 'Donation',
					'Donation (Price)' => '$25.00',
				),
			),
			array(
				'field' => array(
					'id'                 => 18,
					'type'               => 'product',
					'label'              => 'Guest fee',
					'inputType'          => 'calculation',
					'disableQuantity'    => true,
					'enableCalculation'  => true,
					'calculationFormula' => '{Guests:4} * 1.5',
				),
				'sent'  => array(),
				'text'  => 'Guest fee, Qty: 1, Price: $4.50',
				'csv'   => array(
					'Guest fee (Name)'  => 'Guest fee',
					'Guest fee (Price)' => '$4.50',
				),
			),
			array(
				'field' => array(
					'id'        => 19,
					'type'      => 'product',
					'label'     => 'Handling',
					'inputType' => 'hiddenproduct',
					'basePrice' => '1.00',
				),
				'sent'  => array(),
				'text'  => 'Handling, Qty: 1, Price: $1.00',
				'csv'   => array(
					'Handling (Name)'  => 'Handling',
					'Handling (Price)' => '$1.00',
				),
			),
			array(
				'field' => array(
					'id'           => 20,
					'type'         => 'option',
					'label'        => 'Glaze',
					'inputType'    => 'select',
					'productField' => 14,
					'choices'      => $choices( array( array( 'Matte', 'matte', '0' ), array( 'Gloss', 'gloss', '2.00' ) ) ),
				),
				'sent'  => array( '20' => 'gloss' ),
				'text'  => 'Gloss',
				'csv'   => array( 'Glaze' => 'Gloss' ),
			),
			array(
				'field' => array(
					'id'           => 21,
					'type'         => 'option',
					'label'        => 'Frame',
					'inputType'    => 'radio',
					'productField' => 16,
					'choices'      => $choices( array( array( 'No frame', 'none', '0' ), array( 'Oak frame', 'oak', '3.00' ) ) ),
				),
				'sent'  => array( '21' => 'oak' ),
				'text'  => 'Oak frame',
				'csv'   => array( 'Frame' => 'Oak frame' ),
			),
			array(
				'field' => array(
					'id'           => 22,
					'type'         => 'option',
					'label'        => 'Extras',
					'inputType'    => 'checkbox',
					'productField' => 15,
					'choices'      => $choices( array( array( 'Gift wrap', 'wrap', '1.00' ), array( 'Card', 'card', '0.50' ), array( 'Ribbon', 'ribbon', '0.25' ) ) ),
				),
				'sent'  => array( '22' => array( 'wrap', 'ribbon' ) ),
				'text'  => 'Gift wrap, Ribbon',
				'csv'   => array(
					'Extras (Gift wrap)' => 'Gift wrap',
					'Extras (Card)'      => '',
					'Extras (Ribbon)'    => 'Ribbon',
				),
			),
			array(
				'field' => array(
					'id'           => 23,
					'type'         => 'quantity',
					'label'        => 'Shirts',
					'productField' => 15,
				),
				'sent'  => array( '23' => '3' ),
				'text'  => '3',
				'csv'   => array( 'Shirts' => '3' ),
			),
			array(
				'field' => array(
					'id'        => 24,
					'type'      => 'shipping',
					'label'     => 'Packing',
					'inputType' => 'singleshipping',
					'basePrice' => '2.00',
				),
				'sent'  => array(),
				'text'  => '$2.00',
				'csv'   => array( 'Packing' => '$2.00' ),
			),
			array(
				'field' => array(
					'id'        => 25,
					'type'      => 'shipping',
					'label'     => 'Delivery',
					'inputType' => 'radio',
					'choices'   => $choices( array( array( 'Post', 'post', '4.90' ), array( 'Courier', 'courier', '9.90' ) ) ),
				),
				'sent'  => array( '25' => 'courier' ),
				'text'  => 'Courier',
				'csv'   => array( 'Delivery' => 'Courier' ),
			),
			array(
				'field' => array(
					'id'    => 26,
					'type'  => 'total',
					'label' => 'Total',
				),
				'sent'  => array( '26' => '0.01' ),
				// 2 × 14.50 + 3 × 13.25 + 11 + 25 + 4.50 + 1 + shipping 2 + 9.90.
				'text'  => '$122.15',
				'csv'   => array( 'Total' => '$122.15' ),
			),
			array(
				'field' => array(
					'id'            => 27,
					'type'          => 'fileupload',
					'label'         => 'Photos',
					'multipleFiles' => true,
				),
				'sent'  => array(), // The uploaded token, added by the test.
				'text'  => 'notes.txt (1.0 KB)',
				'csv'   => array( 'Photos' => 'notes.txt' ),
			),
			array(
				'field' => array(
					'id'      => 28,
					'type'    => 'list',
					'label'   => 'Items',
					'columns' => array( 'Item', 'Qty' ),
				),
				'sent'  => array( '28' => array( 'Tea', '2', 'Cake', '1' ) ),
				'text'  => "Item: Tea, Qty: 2\nItem: Cake, Qty: 1",
				'csv'   => array( 'Items' => "Item: Tea, Qty: 2\nItem: Cake, Qty: 1" ),
			),
			array(
				'field' => array(
					'id'     => 29,
					'type'   => 'repeater',
					'label'  => 'Party',
					'fields' => array(
						array(
							'id'    => 41,
							'type'  => 'text',
							'label' => 'Guest',
						),
						array(
							'id'    => 42,
							'type'  => 'number',
							'label' => 'Age',
						),
					),
				),
				'sent'  => array( '29' => array( 'Grace', '36' ) ),
				'text'  => 'Guest: Grace, Age: 36',
				'csv'   => array( 'Party' => 'Guest: Grace, Age: 36' ),
			),
			array(
				'field' => array(
					'id'    => 30,
					'type'  => 'password',
					'label' => 'Password',
				),
				'sent'  => array(
					'30'   => self::PASSWORD,
					'30.2' => self::PASSWORD,
				),
				'text'  => 'Given (not stored)',
				'csv'   => array( 'Password' => 'Given (not stored)' ),
			),
			array(
				'field' => array(
					'id'          => 31,
					'type'        => 'creditcard',
					'label'       => 'Card',
					'creditCards' => array( 'visa', 'mastercard' ),
				),
				'sent'  => array(
					'31.1' => '4242 4242 4242 4242',
					'31.2' => array( '09', (string) ( (int) gmdate( 'Y' ) + 3 ) ),
					'31.3' => '737',
					'31.5' => 'Ada Lovelace',
				),
				'text'  => 'Visa ending 4242, Ada Lovelace',
				'csv'   => array( 'Card' => 'Visa ending 4242, Ada Lovelace' ),
			),
			array(
				// Hidden by its rule, so the submission needs no captcha provider; never a value.
				'field' => array(
					'id'               => 32,
					'type'             => 'captcha',
					'label'            => 'Are you human?',
					'conditionalLogic' => array(
						'actionType' => 'show',
						'logicType'  => 'all',
						'rules'      => array(
							array(
								'fieldId'  => '1',
								'operator' => 'is',
								'value'    => 'nobody',
							),
						),
					),
				),
				'sent'  => array(),
				'text'  => null,
				'csv'   => array(),
			),
		);
	}

	protected function set_up(): void {
		parent::set_up();
		self::without_submission_rate_limit();
		$this->as_admin();
		$response = $this->rest(
			'POST',
			'/kestrel-forms/v1/forms',
			array(
				'title'    => 'Every field',
				'currency' => 'USD',
				'fields'   => array_column( self::table(), 'field' ),
			)
		);
		$this->assert_rest_status( 201, $response );
		$this->audit_form = (int) $response->get_data()['id'];
		$this->as_anonymous();
	}

	public function test_every_type_and_input_type_reads_the_same_on_every_surface(): void {
		// The file, uploaded as the visitor's browser does (chunks, session token).
		$this->form_id  = $this->audit_form;
		$this->field_id = 27;
		$this->file( self::text( 1024 ), 'notes.txt', 2000 );
		$token = (string) $this->upload_all()['temp_filename'];

		$values = array();
		foreach ( self::table() as $row ) {
			$values += $row['sent'];
		}
		$response = $this->rest(
			'POST',
			"/kestrel-forms/v1/forms/{$this->audit_form}/submissions",
			array(
				'values'         => $values,
				'uploaded_files' => array(
					'input_27' => array(
						array(
							'temp_filename'     => $token,
							'uploaded_filename' => 'notes.txt',
						),
					),
				),
			)
		);
		$this->assert_rest_status( 201, $response );
		$entry_id = self::entry_id_of( $response );

		$this->as_admin();
		$detail = $this->rest( 'GET', '/kestrel-forms/v1/entries/' . $entry_id );
		$this->assert_rest_status( 200, $detail );
		$detail_text = array_column( $detail->get_data()['fields'], 'text', 'id' );

		$listed = $this->rest( 'GET', '/kestrel-forms/v1/entries', null, array( 'form_id' => $this->audit_form ) )->get_data();
		$this->assertCount( 1, $listed );
		$list_text = (array) $listed[0]['display'];

		$csv         = $this->csv();
		$csv_columns = array_slice( $csv[0], 4 );
		$csv_cells   = array_combine( $csv_columns, array_slice( $csv[1], 4 ) );

		$privacy = new PersonalData( new EntryWorkspaceRepository(), Plugin::instance()->forms, Plugin::instance()->uploads );
		$rows    = $privacy->export( 'ada@example.org' )['data'];
		$this->assertCount( 1, $rows );
		$exported = array_column( array_slice( $rows[0]['data'], 2 ), 'value', 'name' );

		$problems = array();
		$expected = array();
		foreach ( self::table() as $row ) {
			$field = $row['field'];
			$name  = $field['type'] . ( isset( $field['inputType'] ) ? '/' . $field['inputType'] : '' ) . ' (' . $field['label'] . ')';
			$id    = (int) $field['id'];
			$seen  = array(
				'detail'  => $detail_text[ $id ] ?? null,
				'list'    => $list_text[ (string) $id ] ?? null,
				'privacy' => $exported[ $field['label'] ] ?? null,
			);
			foreach ( $seen as $surface => $text ) {
				if ( $text !== $row['text'] ) {
					$problems[] = sprintf( '%s on %s: expected %s, got %s', $name, $surface, wp_json_encode( $row['text'] ), wp_json_encode( $text ) );
				}
			}
			foreach ( $row['csv'] as $heading => $cell ) {
				$expected[] = $heading;
				if ( ( $csv_cells[ $heading ] ?? null ) !== $cell ) {
					$problems[] = sprintf( '%s in CSV column "%s": expected %s, got %s', $name, $heading, wp_json_encode( $cell ), wp_json_encode( $csv_cells[ $heading ] ?? null ) );
				}
			}
		}
		$this->assertSame( array(), $problems, implode( "\n", $problems ) );
		// Exactly these columns, in field order (one per input for checkboxes), nothing else.
		$this->assertSame( $expected, $csv_columns );
		// Display-only fields, captcha and payment are never value fields.
		$this->assertSame(
			array(),
			EntryPresenter::value_fields(
				new Form(
					1,
					array(
						'fields' => array(
							array(
								'id'   => 1,
								'type' => 'captcha',
							),
							array(
								'id'   => 2,
								'type' => 'payment',
							),
							array(
								'id'   => 3,
								'type' => 'page',
							),
						),
					)
				)
			)
		);
	}

	/**
	 * The form's CSV export as rows.
	 *
	 * @return list<list<string>>
	 */
	private function csv(): array {
		$response = $this->rest( 'GET', '/kestrel-forms/v1/entries/export', null, array( 'form_id' => $this->audit_form ) );
		$this->assertInstanceOf( CsvResponse::class, $response );
		$out = fopen( 'php://memory', 'w+b' );
		$response->stream( $out );
		rewind( $out );
		$rows = array();
		fread( $out, 3 ); // The byte order mark.
		$row = fgetcsv( $out, null, ',', '"', '' );
		while ( false !== $row ) {
			$rows[] = array_map( 'strval', $row );
			$row    = fgetcsv( $out, null, ',', '"', '' );
		}
		return $rows;
	}
}
