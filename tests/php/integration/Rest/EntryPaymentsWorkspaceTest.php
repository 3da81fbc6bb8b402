<?php
/**
 * What the site owner sees of payments in the entries workspace (issue 13, P1 check 15): the
 * list's payment filter and summary, the CSV payment columns, the privacy export and the merge
 * tags of confirmation messages.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Rest;

use Kestrel\Forms\Admin\EntriesScreen;
use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Entries\MergeTags;
use Kestrel\Forms\Persistence\EntryPayments;
use Kestrel\Forms\Persistence\EntryRepository;
use Kestrel\Forms\Persistence\EntryWorkspaceRepository;
use Kestrel\Forms\Persistence\FormRepository;
use Kestrel\Forms\Plugin;
use Kestrel\Forms\Privacy\PersonalData;
use Kestrel\Forms\Rest\CsvResponse;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

final class EntryPaymentsWorkspaceTest extends TestCase {

	private int $form_id;

	/**
	 * Entry ids by name: paid, refunded, none, authorized, jpy.
	 *
	 * @var array<string, int>
	 */
	private array $ids = array();

	/** A form with a name, an email and a payment field. */
	private const DEFINITION = array(
		'title'        => 'Order',
		'fields'       => array(
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
				'id'           => 3,
				'type'         => 'payment',
				'label'        => 'Payment',
				'methods'      => array( 'card' ),
				'amountSource' => 'total',
			),
		),
		'confirmation' => array(
			'type'    => 'message',
			'message' => '<p>Thanks {Name:1}! {payment_status}: {payment_amount} ({payment_method}, {transaction_id}) <a href="{receipt_url}">Receipt</a></p>',
		),
	);

	protected function set_up(): void {
		$this->as_admin();
		$this->form_id = ( new FormRepository() )->create( self::DEFINITION );
		$repo          = new EntryRepository();
		$rows          = array(
			'paid'       => array( 'Ada', 'ada@example.org', '2026-01-01 10:00:00' ),
			'refunded'   => array( 'Grace', 'grace@example.org', '2026-01-02 10:00:00' ),
			'none'       => array( 'Linus', 'linus@example.org', '2026-01-03 10:00:00' ),
			'authorized' => array( 'Barbara', 'barbara@example.org', '2026-01-04 10:00:00' ),
			'jpy'        => array( 'Yukihiro', 'yuki@example.org', '2026-01-05 10:00:00' ),
		);
		foreach ( $rows as $key => $row ) {
			$this->ids[ $key ] = $repo->insert(
				new Entry(
					0,
					$this->form_id,
					array(
						'1' => $row[0],
						'2' => $row[1],
					),
					$row[2]
				)
			)['id'];
		}
		self::insert_payment( $this->form_id, $this->ids['paid'], 'paid', 3000, 'USD', 'PAY_PAID_1' );
		self::insert_payment( $this->form_id, $this->ids['refunded'], 'refunded', 1250, 'USD', 'PAY_REF_2', 1250 );
		self::insert_payment( $this->form_id, $this->ids['authorized'], 'authorized', 500, 'USD', 'PAY_AUTH_3', 0, 'authorize' );
		self::insert_payment( $this->form_id, $this->ids['jpy'], 'paid', 3000, 'JPY', 'PAY_JPY_4' );
		// A failed attempt without an entry: it belongs to no entry and must not count anywhere.
		self::insert_payment( $this->form_id, null, 'failed', 3000, 'USD', null );
	}

	/**
	 * Stores a payment row as the charge path does.
	 *
	 * @param int         $form_id     Form.
	 * @param int|null    $entry_id    Entry (null: an attempt without entry).
	 * @param string      $status      Status.
	 * @param int         $amount      Minor units.
	 * @param string      $currency    Currency.
	 * @param string|null $provider_id Provider payment id.
	 * @param int         $refunded    Refunded minor units.
	 * @param string      $capture     Capture mode.
	 */
	private static function insert_payment( int $form_id, ?int $entry_id, string $status, int $amount, string $currency, ?string $provider_id, int $refunded = 0, string $capture = 'charge' ): void {
		global $wpdb;
		$ok = $wpdb->insert(
			EntryPayments::table(),
			array(
				'form_id'             => $form_id,
				'entry_id'            => $entry_id,
				'attempt_key'         => wp_generate_uuid4(),
				'environment'         => 'sandbox',
				'method'              => 'card',
				'source_type'         => 'CARD',
				'capture_mode'        => $capture,
				'amount_minor'        => $amount,
				'currency'            => $currency,
				'status'              => $status,
				'provider_payment_id' => $provider_id,
				'provider_status'     => 'COMPLETED',
				'brand'               => 'VISA',
				'last4'               => '1111',
				'receipt_url'         => null === $provider_id ? '' : 'http://127.0.0.1:8890/r/' . $provider_id . '?a=1&b=2',
				'refunded_minor'      => $refunded,
				'request_body'        => '{"source_id":"cnon:secret-token"}',
				'request_hash'        => 'h',
				'entry_draft'         => '',
				'created_at'          => '2026-01-01 10:00:00',
				'updated_at'          => '2026-01-01 10:00:00',
			)
		);
		self::assertNotFalse( $ok, (string) $wpdb->last_error );
	}

	/**
	 * @param array<string, mixed> $query Query.
	 * @return list<array<string, mixed>>
	 */
	private function listed( array $query = array() ): array {
		$response = $this->rest( 'GET', '/kestrel-forms/v1/entries', null, array( 'form_id' => $this->form_id ) + $query );
		$this->assert_rest_status( 200, $response );
		return json_decode( (string) wp_json_encode( $response->get_data() ), true );
	}

	public function test_the_list_filters_by_payment_status(): void {
		$ids = fn( array $query ): array => array_column( $this->listed( $query ), 'id' );
		$this->assertSame( array( $this->ids['jpy'], $this->ids['paid'] ), $ids( array( 'payment_status' => 'paid' ) ) );
		$this->assertSame( array( $this->ids['refunded'] ), $ids( array( 'payment_status' => 'refunded' ) ) );
		$this->assertSame( array( $this->ids['authorized'] ), $ids( array( 'payment_status' => 'authorized' ) ) );
		$this->assertSame( array( $this->ids['none'] ), $ids( array( 'payment_status' => 'none' ) ) );
		$this->assertSame( array(), $ids( array( 'payment_status' => 'failed' ) ), 'The failed attempt has no entry.' );
		$this->assertCount( 5, $ids( array( 'payment_status' => 'all' ) ) );
		$this->assertCount( 5, $ids( array() ) );
		// With the other filters, and counted in X-WP-Total.
		$response = $this->rest(
			'GET',
			'/kestrel-forms/v1/entries',
			null,
			array(
				'form_id'        => $this->form_id,
				'payment_status' => 'paid',
				'search'         => 'ada@',
			)
		);
		$this->assertSame( array( $this->ids['paid'] ), array_column( $response->get_data(), 'id' ) );
		$this->assertSame( '1', $response->get_headers()['X-WP-Total'] );
		$this->assert_rest_status(
			400,
			$this->rest(
				'GET',
				'/kestrel-forms/v1/entries',
				null,
				array(
					'form_id'        => $this->form_id,
					'payment_status' => 'paid\' OR 1=1 --',
				)
			)
		);
	}

	public function test_each_listed_entry_carries_its_payment_summary(): void {
		$by_id = array_column( $this->listed(), 'payment', 'id' );
		$this->assertSame(
			array(
				'status'   => 'paid',
				'amount'   => 3000,
				'currency' => 'USD',
			),
			$by_id[ $this->ids['paid'] ]
		);
		$this->assertSame(
			array(
				'status'   => 'paid',
				'amount'   => 3000,
				'currency' => 'JPY',
			),
			$by_id[ $this->ids['jpy'] ]
		);
		$this->assertSame( 'refunded', $by_id[ $this->ids['refunded'] ]['status'] );
		$this->assertArrayHasKey( $this->ids['none'], $by_id );
		$this->assertNull( $by_id[ $this->ids['none'] ] );
	}

	/**
	 * @param array<string, mixed> $query Query.
	 * @return list<list<string>>
	 */
	private function csv( array $query = array() ): array {
		$response = $this->rest( 'GET', '/kestrel-forms/v1/entries/export', null, $query + array( 'form_id' => $this->form_id ) );
		$this->assertInstanceOf( CsvResponse::class, $response );
		$out = fopen( 'php://memory', 'w+b' );
		$response->stream( $out );
		rewind( $out );
		$csv = substr( (string) stream_get_contents( $out ), 3 );
		return array_map( 'str_getcsv', array_values( array_filter( explode( "\n", $csv ) ) ) );
	}

	public function test_the_csv_export_has_the_payment_columns_cell_by_cell(): void {
		$lines = $this->csv( array( 'status' => 'active' ) );
		$this->assertSame(
			array( 'Entry', 'Submitted (UTC)', 'Status', 'Starred', 'Name', 'Email', 'Payment status', 'Payment amount', 'Payment currency', 'Transaction id', 'Payment method', 'Card' ),
			$lines[0],
			'The payment field itself is not a value column; the payment columns come last.'
		);
		$rows = array();
		foreach ( array_slice( $lines, 1 ) as $line ) {
			$rows[ (int) $line[0] ] = array_slice( $line, 4 );
		}
		$this->assertSame( array( 'Ada', 'ada@example.org', 'Paid', '30.00', 'USD', 'PAY_PAID_1', 'Card', 'Visa •••• 1111' ), $rows[ $this->ids['paid'] ] );
		$this->assertSame( array( 'Grace', 'grace@example.org', 'Refunded', '12.50', 'USD', 'PAY_REF_2', 'Card', 'Visa •••• 1111' ), $rows[ $this->ids['refunded'] ] );
		$this->assertSame( array( 'Barbara', 'barbara@example.org', 'Authorized', '5.00', 'USD', 'PAY_AUTH_3', 'Card', 'Visa •••• 1111' ), $rows[ $this->ids['authorized'] ] );
		$this->assertSame( array( 'Yukihiro', 'yuki@example.org', 'Paid', '3000', 'JPY', 'PAY_JPY_4', 'Card', 'Visa •••• 1111' ), $rows[ $this->ids['jpy'] ], 'JPY has no decimals.' );
		$this->assertSame( array( 'Linus', 'linus@example.org', '', '', '', '', '', '' ), $rows[ $this->ids['none'] ] );
		$this->assertCount( 6, $lines );

		// The list's payment filter applies to the export too.
		$paid = $this->csv( array( 'payment_status' => 'paid' ) );
		$this->assertSame( array( (string) $this->ids['jpy'], (string) $this->ids['paid'] ), array_column( array_slice( $paid, 1 ), 0 ) );
		$this->assertStringNotContainsString( 'cnon:', (string) wp_json_encode( $lines ) );
	}

	public function test_a_form_without_payment_field_or_payments_has_no_payment_columns(): void {
		$definition = self::DEFINITION;
		unset( $definition['fields'][2] );
		$plain = ( new FormRepository() )->create( $definition );
		( new EntryRepository() )->insert( new Entry( 0, $plain, array( '1' => 'Plain' ), '2026-02-01 10:00:00' ) );
		$lines = $this->csv( array( 'form_id' => $plain ) );
		$this->assertSame( array( 'Entry', 'Submitted (UTC)', 'Status', 'Starred', 'Name', 'Email' ), $lines[0] );

		// A form whose payment field was removed later still exports the payments it took.
		self::insert_payment( $plain, (int) $lines[1][0], 'paid', 100, 'EUR', 'PAY_EUR' );
		$lines = $this->csv( array( 'form_id' => $plain ) );
		$this->assertSame( array( 'Paid', '1.00', 'EUR', 'PAY_EUR', 'Card', 'Visa •••• 1111' ), array_slice( $lines[1], 6 ) );
	}

	public function test_the_privacy_export_includes_the_payment_summary_without_secrets(): void {
		$privacy  = new PersonalData( new EntryWorkspaceRepository(), Plugin::instance()->forms, Plugin::instance()->uploads );
		$exported = $privacy->export( 'ada@example.org' )['data'];
		$this->assertCount( 1, $exported );
		$rows = array_column( $exported[0]['data'], 'value', 'name' );
		$this->assertSame( 'Paid', $rows['Payment status'] );
		$this->assertSame( '$30.00', $rows['Payment amount'] );
		$this->assertSame( 'Card', $rows['Payment method'] );
		$this->assertSame( 'Visa •••• 1111', $rows['Card'] );
		$this->assertSame( 'PAY_PAID_1', $rows['Transaction id'] );
		$this->assertArrayNotHasKey( 'Payment', $rows, 'The payment field is not exported as a value.' );
		$this->assertStringNotContainsString( 'cnon:', (string) wp_json_encode( $exported ) );

		$none = array_column( $privacy->export( 'linus@example.org' )['data'][0]['data'], 'name' );
		$this->assertNotContains( 'Payment status', $none );
	}

	public function test_merge_tags_render_in_the_confirmation_of_a_submission(): void {
		$this->as_anonymous();
		// The charge path stores the payment with the entry before the confirmation is built.
		add_action(
			'kestrel_forms_submission_after',
			function ( Entry $entry ): void {
				self::insert_payment( $this->form_id, $entry->id, 'paid', 3000, 'USD', 'PAY_NEW_9' );
			}
		);
		$response = $this->rest(
			'POST',
			"/kestrel-forms/v1/forms/{$this->form_id}/submissions",
			array(
				'values' => array(
					'1' => 'Ada <b>Bold</b> & "Co"',
					'2' => 'ada@example.org',
				),
			)
		);
		$this->assert_rest_status( 201, $response );
		$this->assertSame(
			'<p>Thanks Ada &lt;b&gt;Bold&lt;/b&gt; &amp; &quot;Co&quot;! Paid: $30.00 (Card, PAY_NEW_9) <a href="http://127.0.0.1:8890/r/PAY_NEW_9?a=1&#038;b=2">Receipt</a></p>',
			$response->get_data()['confirmation']['message']
		);
	}

	public function test_merge_tags_escape_values_in_html_and_leave_text_plain(): void {
		$form  = new Form( $this->form_id, self::DEFINITION );
		$entry = new Entry(
			$this->ids['paid'],
			$this->form_id,
			array(
				'1' => '<img src=x onerror=alert(1)>',
				'2' => 'ada@example.org',
			),
			'2026-01-01 10:00:00'
		);
		$tags  = new MergeTags();
		$this->assertSame( '&lt;img src=x onerror=alert(1)&gt; / &lt;img src=x onerror=alert(1)&gt;', $tags->replace( '{Name:1} / {:1}', $form, $entry, true ) );
		$this->assertSame( '<img src=x onerror=alert(1)> paid $30.00', $tags->replace( '{:1} paid {payment_amount}', $form, $entry, false ) );
		$this->assertSame( 'Paid: $30.00, Visa •••• 1111', $tags->replace( '{Payment:3}', $form, $entry, false ) );
		$this->assertSame( "Name: <img src=x onerror=alert(1)>\nEmail: ada@example.org\nPayment: Paid: $30.00, Visa •••• 1111", $tags->replace( '{all_fields}', $form, $entry, false ) );
		$html = $tags->replace( '{all_fields}', $form, $entry, true );
		$this->assertStringContainsString( '<th scope="row">Name</th><td>&lt;img src=x onerror=alert(1)&gt;</td>', $html );
		$this->assertStringNotContainsString( '<img', $html );
		$this->assertSame( '{unknown}  ' . $this->ids['paid'], $tags->replace( '{unknown} {:99} {entry_id}', $form, $entry, false ), 'Unknown names stay; unknown field ids are empty.' );

		// An entry without a payment: the payment tags are empty.
		$none = new Entry( $this->ids['none'], $this->form_id, array( '1' => 'Linus' ), '2026-01-03 10:00:00' );
		$this->assertSame( 'Linus: [] [] [] [] []', $tags->replace( '{:1}: [{payment_status}] [{payment_amount}] [{transaction_id}] [{payment_method}] [{receipt_url}]', $form, $none, true ) );
	}

	public function test_the_entries_screen_says_which_forms_take_payments(): void {
		$definition = self::DEFINITION;
		unset( $definition['fields'][2] );
		$plain  = ( new FormRepository() )->create( $definition );
		$config = function ( int $form_id ): array {
			$_GET['form_id'] = (string) $form_id;
			try {
				return ( new EntriesScreen( new FormRepository(), 'kestrel-forms/v1' ) )->config();
			} finally {
				unset( $_GET['form_id'] );
			}
		};
		$this->assertTrue( $config( $this->form_id )['payments'] );
		$this->assertFalse( $config( $plain )['payments'] );
		$this->assertSame( array( 'Name', 'Email' ), array_column( $config( $this->form_id )['fields'], 'label' ) );
	}

	public function test_the_payment_field_is_not_editable_as_a_value(): void {
		$response = $this->rest( 'POST', '/kestrel-forms/v1/entries/' . $this->ids['paid'], array( 'values' => array( '3' => 'x' ) ) );
		$this->assertSame( 400, $response->get_status() );
		$this->assertSame( 'kestrel_forms_not_editable', $response->get_data()['code'] );
	}
}
