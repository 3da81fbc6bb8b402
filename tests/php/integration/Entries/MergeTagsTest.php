<?php
/**
 * Merge tags over a real entry of an order form: every field type's display text and stored
 * input values, {all_fields} without fields hidden by logic, {pricing_fields}, the entry tags,
 * escaping in HTML, plain text and URL mode, and default-value tags.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Entries;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Entries\MergeTags;
use Kestrel\Forms\Plugin;
use Kestrel\Forms\Tests\Integration\Rest\SubmissionAnswers;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

final class MergeTagsTest extends TestCase {

	use SubmissionAnswers;

	private Form $form;

	private Entry $entry;

	private MergeTags $tags;

	/**
	 * The order form of the audit: products with options and a quantity, shipping, total, a
	 * label with a colon, a calculated number, a list, checkboxes, a field hidden by logic, a
	 * hidden field and a multi-line text.
	 *
	 * @return array<string, mixed>
	 */
	public static function definition(): array {
		return array(
			'title'    => 'Order <form> & more',
			'currency' => 'USD',
			'fields'   => array(
				array(
					'id'        => 1,
					'type'      => 'product',
					'label'     => 'T-shirt',
					'inputType' => 'radio',
					'choices'   => array(
						array(
							'text'  => 'Small',
							'value' => 's',
							'price' => '12.50',
						),
						array(
							'text'  => 'Extra large',
							'value' => 'xl',
							'price' => '14.00',
						),
					),
				),
				array(
					'id'           => 2,
					'type'         => 'option',
					'label'        => 'Print',
					'inputType'    => 'checkbox',
					'productField' => 1,
					'choices'      => array(
						array(
							'text'  => 'Logo',
							'value' => 'logo',
							'price' => '2.00',
						),
						array(
							'text'  => 'Gift wrap',
							'value' => 'wrap',
							'price' => '1.00',
						),
					),
				),
				array(
					'id'           => 3,
					'type'         => 'quantity',
					'label'        => 'How many',
					'productField' => 1,
				),
				array(
					'id'        => 4,
					'type'      => 'shipping',
					'label'     => 'Delivery',
					'inputType' => 'singleshipping',
					'basePrice' => '5.00',
				),
				array(
					'id'    => 5,
					'type'  => 'total',
					'label' => 'Total',
				),
				array(
					'id'    => 6,
					'type'  => 'text',
					'label' => 'Name: as on the card',
				),
				array(
					'id'                  => 7,
					'type'                => 'number',
					'label'               => 'Points',
					'numberFormat'        => 'decimal_comma',
					'enableCalculation'   => true,
					'calculationFormula'  => '{How many:3} * 1000.25',
					'calculationRounding' => 2,
				),
				array(
					'id'      => 8,
					'type'    => 'list',
					'label'   => 'Names to print',
					'columns' => array( 'Name', 'Size' ),
				),
				array(
					'id'      => 9,
					'type'    => 'checkbox',
					'label'   => 'Extras',
					'choices' => array(
						array(
							'text'  => 'Stickers',
							'value' => 'stickers',
						),
						array(
							'text'  => 'Badge',
							'value' => 'badge',
						),
					),
				),
				array(
					'id'               => 10,
					'type'             => 'text',
					'label'            => 'Badge text',
					'defaultValue'     => 'default badge',
					'conditionalLogic' => array(
						'actionType' => 'show',
						'logicType'  => 'all',
						'rules'      => array(
							array(
								'fieldId'  => '9',
								'operator' => 'is',
								'value'    => 'badge',
							),
						),
					),
				),
				array(
					'id'           => 11,
					'type'         => 'hidden',
					'label'        => 'Campaign',
					'defaultValue' => 'spring',
				),
				array(
					'id'    => 12,
					'type'  => 'textarea',
					'label' => 'Notes',
				),
				array(
					'id'    => 13,
					'type'  => 'email',
					'label' => 'Email',
				),
			),
		);
	}

	protected function set_up(): void {
		self::without_submission_rate_limit();
		$this->as_admin();
		$response = $this->rest( 'POST', '/kestrel-forms/v1/forms', self::definition() );
		$this->assert_rest_status( 201, $response );
		$form_id = (int) $response->get_data()['id'];
		$this->as_anonymous();
		$response = $this->rest(
			'POST',
			"/kestrel-forms/v1/forms/{$form_id}/submissions",
			array(
				'values'     => array(
					'1'  => 'xl',
					'2'  => array( 'logo', 'wrap' ),
					'3'  => '2',
					'6'  => 'Ada & <b>Lovelace</b>',
					'8'  => array( 'Ada', 'M', 'Bob & Co', 'L' ),
					'9'  => array( 'stickers' ),
					'10' => 'sent although hidden',
					'11' => 'spring',
					'12' => "Line one\nLine <two>",
					'13' => 'ada@example.org',
				),
				'source_url' => home_url( '/order/?ref=a&b=c' ),
			)
		);
		$this->assert_rest_status( 201, $response );
		$entry = self::entry_of( $response );
		$form  = Plugin::instance()->forms->find( $form_id );
		$this->assertNotNull( $entry );
		$this->assertNotNull( $form );
		$this->entry = $entry;
		$this->form  = $form;
		$this->tags  = new MergeTags();
	}

	private function text( string $text ): string {
		return $this->tags->replace( $text, $this->form, $this->entry, false );
	}

	private function html( string $text ): string {
		return $this->tags->replace( $text, $this->form, $this->entry, true );
	}

	public function test_each_field_type_gives_its_display_text(): void {
		$this->assertSame( 'Extra large, Qty: 2, Price: $17.00', $this->text( '{T-shirt:1}' ), 'A product: the chosen choice, quantity and unit price with options.' );
		$this->assertSame( 'Logo, Gift wrap', $this->text( '{Print:2}' ), 'Option checkboxes: every checked choice.' );
		$this->assertSame( '2', $this->text( '{How many:3}' ) );
		$this->assertSame( '$39.00', $this->text( '{Total:5}' ) );
		$this->assertSame( 'Ada & <b>Lovelace</b>', $this->text( '{Name: as on the card:6}' ), 'A label with a colon still names field 6.' );
		$this->assertSame( '2.000,5', $this->text( '{Points:7}' ), 'A calculated number in its format (unpadded, as the visitor saw it).' );
		$this->assertSame( "Name: Ada, Size: M\nName: Bob & Co, Size: L", $this->text( '{Names to print:8}' ) );
		$this->assertSame( 'Stickers', $this->text( '{Extras:9}' ) );
		$this->assertSame( '', $this->text( '{Badge text:10}' ), 'A field hidden by logic was not stored.' );
		$this->assertSame( 'spring', $this->text( '{Campaign:11}' ) );
		$this->assertSame( 'ada@example.org', $this->text( '{:13}' ), 'The label part is optional.' );
	}

	public function test_inputs_and_the_value_modifier_give_stored_values(): void {
		$this->assertSame( 'Extra large|$17.00|2', $this->text( '{T-shirt:1.1}|{T-shirt:1.2}|{T-shirt:1.3}' ), 'Product inputs: name, unit price, quantity.' );
		$this->assertSame( 'logo|wrap', $this->text( '{Print:2.1}|{Print:2.2}' ), 'Option checkbox inputs hold the choice values.' );
		$this->assertSame( 'logo, wrap', $this->text( '{Print:2:value}' ) );
		$this->assertSame( 'stickers|', $this->text( '{Extras:9.1}|{Extras:9.2}' ), 'An unchecked box is empty.' );
		$this->assertSame( 'xl', $this->text( '{T-shirt:1:value}' ) );
		$this->assertSame( '2000.5', $this->text( '{Points:7:value}' ), 'The stored number is canonical.' );
		$this->assertSame( "Ada\nBob & Co|M\nL", $this->text( '{Names to print:8.1}|{Names to print:8.2}' ), 'A list column: its cells, one a line.' );
	}

	public function test_all_fields_lists_what_the_visitor_saw_and_leaves_out_hidden_fields(): void {
		$text = $this->text( '{all_fields}' );
		$this->assertSame(
			implode(
				"\n",
				array(
					'T-shirt: Extra large, Qty: 2, Price: $17.00',
					'Print: Logo, Gift wrap',
					'How many: 2',
					'Delivery: $5.00',
					'Total: $39.00',
					'Name: as on the card: Ada & <b>Lovelace</b>',
					'Points: 2.000,5',
					"Names to print: Name: Ada, Size: M\nName: Bob & Co, Size: L",
					'Extras: Stickers',
					"Notes: Line one\nLine <two>",
					'Email: ada@example.org',
				)
			),
			$text
		);
		$this->assertStringNotContainsString( 'Badge text', $text, 'Hidden by logic.' );
		$this->assertStringNotContainsString( 'spring', $text, 'A hidden field is not something the visitor saw.' );

		$html = $this->html( '{all_fields}' );
		$this->assertStringStartsWith( '<table class="kestrel-forms-all-fields"><tbody><tr><th scope="row">T-shirt</th><td>Extra large, Qty: 2, Price: $17.00</td></tr>', $html );
		$this->assertStringContainsString( '<tr><th scope="row">Name: as on the card</th><td>Ada &amp; &lt;b&gt;Lovelace&lt;/b&gt;</td></tr>', $html );
		$this->assertStringContainsString( '<td>Line one<br>' . "\n" . 'Line &lt;two&gt;</td>', $html );
		$this->assertStringNotContainsString( '<b>', $html );
	}

	public function test_pricing_fields_and_total(): void {
		$this->assertSame(
			"Extra large (Logo, Gift wrap), Qty: 2, Price: $17.00, Subtotal: $34.00\nShipping: $5.00\nTotal: $39.00",
			$this->text( '{pricing_fields}' )
		);
		$html = $this->html( '{pricing_fields}' );
		$this->assertStringContainsString( '<tbody><tr><td>Extra large (Logo, Gift wrap)</td><td>2</td><td>$17.00</td><td>$34.00</td></tr></tbody>', $html );
		$this->assertStringContainsString( '<th scope="row" colspan="3">Total</th><td>$39.00</td>', $html );
		$this->assertSame( '$39.00', $this->text( '{total}' ) );
	}

	public function test_entry_tags(): void {
		add_filter( 'pre_option_timezone_string', static fn(): string => 'Europe/Paris' );
		add_filter( 'pre_option_date_format', static fn(): string => 'Y-m-d' );
		add_filter( 'pre_option_time_format', static fn(): string => 'H:i' );
		$created = (int) strtotime( $this->entry->created_at . ' UTC' );
		$local   = ( new \DateTimeImmutable( '@' . $created ) )->setTimezone( new \DateTimeZone( 'Europe/Paris' ) )->format( 'Y-m-d H:i' );
		$this->assertSame( $local, $this->text( '{date}' ), 'The site-local date and time in the site formats.' );
		$this->assertSame( (string) $this->entry->id, $this->text( '{entry_id}' ) );
		$this->assertSame( (string) $this->form->id, $this->text( '{form_id}' ) );
		$this->assertSame( 'Order <form> & more', $this->text( '{form_title}' ) );
		$this->assertSame( 'Order &lt;form&gt; &amp; more', $this->html( '{form_title}' ) );
		$this->assertSame( home_url( '/order/?ref=a&b=c' ), $this->text( '{embed_url}' ) );
		$this->assertSame( esc_url( home_url( '/order/?ref=a&b=c' ) ), $this->html( '{embed_url}' ) );
		$this->assertSame( '127.0.0.1', $this->text( '{ip}' ), 'Known while the submission is handled (this request).' );
		$this->assertSame( '|', $this->text( '{user:display_name}|{user:user_email}' ), 'A visitor has no user.' );
		$this->assertSame( '{user:password}', $this->text( '{user:password}' ), 'Properties not offered stay as written.' );
		$this->assertSame( '{unknown_tag} ', $this->text( '{unknown_tag} {Nope:99}' ), 'Unknown names stay; a missing field is empty.' );
		update_option( 'admin_email', 'owner@example.org' );
		$this->assertSame( 'owner@example.org|' . home_url( '/' ), $this->text( '{admin_email}|{site_url}' ) );
	}

	public function test_user_tags_name_the_submitting_user(): void {
		$user_id = (int) wp_insert_user(
			array(
				'display_name' => 'Ada "Al" Lovelace',
				'user_email'   => 'ada.l@example.org',
				'user_login'   => 'adal',
				'user_pass'    => wp_generate_password(),
			)
		);
		$entry   = new Entry( $this->entry->id, $this->form->id, $this->entry->values, $this->entry->created_at, '', $user_id );
		$this->assertSame( 'Ada "Al" Lovelace|ada.l@example.org|adal', $this->tags->replace( '{user:display_name}|{user:user_email}|{user:user_login}', $this->form, $entry, false ) );
		$this->assertSame( 'Ada &quot;Al&quot; Lovelace', $this->tags->replace( '{user:display_name}', $this->form, $entry, true ) );
	}

	public function test_url_mode_encodes_every_value(): void {
		$url = $this->tags->replace_url( 'https://example.org/thanks?name={Name: as on the card:6}&notes={Notes:12}&id={entry_id}#top', $this->form, $this->entry );
		$this->assertSame( 'https://example.org/thanks?name=Ada%20%26%20%3Cb%3ELovelace%3C%2Fb%3E&notes=Line%20one%0ALine%20%3Ctwo%3E&id=' . $this->entry->id . '#top', $url );
		$query = array();
		parse_str( (string) wp_parse_url( $url, PHP_URL_QUERY ), $query );
		$this->assertSame( array( 'name', 'notes', 'id' ), array_keys( $query ), 'A value cannot add a parameter.' );
		$this->assertSame( 'Ada & <b>Lovelace</b>', $query['name'] );
		$this->assertSame( rawurlencode( 'Total: $39.00' ), substr( $this->tags->replace_url( '{pricing_fields}', $this->form, $this->entry ), -strlen( rawurlencode( 'Total: $39.00' ) ) ), 'Tables are their text lines, encoded.' );
	}

	public function test_html_mode_escapes_values_and_keeps_the_authors_markup(): void {
		$this->assertSame(
			'<p>Thanks <strong>Ada &amp; &lt;b&gt;Lovelace&lt;/b&gt;</strong></p>',
			$this->html( '<p>Thanks <strong>{Name: as on the card:6}</strong></p>' )
		);
		$this->assertSame( 'Line one<br>' . "\n" . 'Line &lt;two&gt;', $this->html( '{Notes:12}' ) );
	}

	public function test_uploads_passwords_and_cards_as_stored(): void {
		$form  = new Form(
			$this->form->id,
			array(
				'title'  => 'Files',
				'fields' => array(
					array(
						'id'    => 1,
						'type'  => 'fileupload',
						'label' => 'CV',
					),
					array(
						'id'    => 2,
						'type'  => 'password',
						'label' => 'Password',
					),
					array(
						'id'    => 3,
						'type'  => 'creditcard',
						'label' => 'Card',
					),
				),
			)
		);
		$entry = new Entry(
			$this->entry->id,
			$form->id,
			array(
				'1'   => array(
					array(
						'token' => str_repeat( 'a', 32 ),
						'name'  => 'cv <final>.pdf',
						'size'  => 2048,
					),
					array(
						'token' => str_repeat( 'b', 32 ),
						'name'  => 'photo.jpg',
						'size'  => 1024,
					),
				),
				'2'   => 'not stored',
				'3.1' => '4242',
				'3.4' => 'Visa',
				'3.5' => 'Ada Lovelace',
			),
			$this->entry->created_at
		);
		$this->assertSame( 'cv <final>.pdf (2.0 KB), photo.jpg (1.0 KB)', $this->tags->replace( '{CV:1}', $form, $entry, false ) );
		$this->assertSame( 'cv &lt;final&gt;.pdf (2.0 KB), photo.jpg (1.0 KB)', $this->tags->replace( '{CV:1}', $form, $entry, true ) );
		$this->assertSame( '', $this->tags->replace( '{Password:2.2}', $form, $entry, false ), 'A password is never available.' );
		$this->assertSame( 'Visa ending 4242, Ada Lovelace|4242|Visa', $this->tags->replace( '{Card:3}|{Card:3.1}|{Card:3.4}', $form, $entry, false ) );
		$this->assertSame( "CV: cv <final>.pdf (2.0 KB), photo.jpg (1.0 KB)\nCard: Visa ending 4242, Ada Lovelace", $this->tags->replace( '{all_fields}', $form, $entry, false ), 'No password line.' );
	}

	public function test_the_ip_is_only_known_for_entries_stored_in_this_request(): void {
		$other = new Entry( $this->entry->id + 1000, $this->form->id, array(), $this->entry->created_at );
		$this->assertSame( '', $this->tags->replace( '{ip}', $this->form, $other, false ) );
	}

	public function test_default_values_get_page_user_and_date_tags_only(): void {
		add_filter( 'pre_option_timezone_string', static fn(): string => 'UTC' );
		add_filter( 'pre_option_date_format', static fn(): string => 'Y-m-d' );
		add_filter( 'pre_option_time_format', static fn(): string => '' );
		$form = $this->form;
		$this->assertSame(
			gmdate( 'Y-m-d' ) . '|https://example.org/p/|Order <form> & more||{ip}|{Email:13}|{entry_id}',
			MergeTags::replace_defaults( '{date}|{embed_url}|{form_title}|{user:user_email}|{ip}|{Email:13}|{entry_id}', $form, 'https://example.org/p/' ),
			'A visitor: no user; tags that need an entry stay as written.'
		);
		$user_id = (int) wp_insert_user(
			array(
				'display_name' => 'Grace',
				'user_email'   => 'grace@example.org',
				'user_login'   => 'grace',
				'user_pass'    => wp_generate_password(),
			)
		);
		wp_set_current_user( $user_id );
		$this->assertSame( 'Grace <grace@example.org>', MergeTags::replace_defaults( '{user:display_name} <{user:user_email}>', $form, '' ) );
	}
}
