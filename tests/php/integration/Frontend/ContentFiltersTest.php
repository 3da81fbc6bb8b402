<?php
/**
 * The printed form under the page's content filters (do_shortcode, wptexturize).
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Frontend;

use Kestrel\Forms\Frontend\PlainPostState;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

/**
 * A block's output goes through `the_content` (and a block theme's whole page through
 * do_shortcode and wptexturize): what a visitor posted, printed back after a plain post, must
 * neither run shortcodes nor be rewritten.
 */
final class ContentFiltersTest extends TestCase {

	/**
	 * The form.
	 *
	 * @var int
	 */
	private int $form_id;

	/**
	 * How often the probe shortcode ran.
	 *
	 * @var int
	 */
	private int $ran = 0;

	/**
	 * A form whose label holds a shortcode, and a probe shortcode.
	 */
	protected function set_up(): void {
		$this->as_admin();
		$this->form_id = $this->rest(
			'POST',
			'/kestrel-forms/v1/forms',
			array(
				'title'  => 'Probe',
				'fields' => array(
					array(
						'id'    => 1,
						'type'  => 'text',
						'label' => 'Name [kestrel_probe]',
					),
					array(
						'id'    => 2,
						'type'  => 'textarea',
						'label' => 'Notes',
					),
				),
			)
		)->get_data()['id'];
		$this->as_anonymous();
		add_shortcode(
			'kestrel_probe',
			function (): string {
				++$this->ran;
				return 'PROBE-RAN';
			}
		);
	}

	/**
	 * Removes the probe and the state.
	 */
	protected function tear_down(): void {
		remove_shortcode( 'kestrel_probe' );
		PlainPostState::reset();
	}

	/**
	 * A value that starts with a newline keeps it: HTML drops the newline right after
	 * `<textarea>`, so the markup doubles it, as React's server renderer does.
	 */
	public function test_a_textarea_value_starting_with_a_newline_keeps_it(): void {
		PlainPostState::set(
			$this->form_id,
			array(
				'values'  => array( '2' => "\nsecond line" ),
				'errors'  => array(),
				'summary' => null,
				'page'    => 0,
			)
		);
		$html = do_shortcode( '[kestrel_form id="' . $this->form_id . '"]' );
		$this->assertMatchesRegularExpression( '#<textarea[^>]*name="input_2"[^>]*>\n\nsecond line</textarea>#', $html );
	}

	/**
	 * Values posted back: no shortcode runs, the textarea keeps the typed text, the JSON stays
	 * valid and holds the values as sent.
	 */
	public function test_posted_values_printed_back_run_no_shortcode_and_stay_as_typed(): void {
		PlainPostState::set(
			$this->form_id,
			array(
				'values'  => array(
					'1' => '[kestrel_probe] Ann',
					'2' => "a -- b ... \"c\" 2x3 [kestrel_probe]\n[gallery ids=\"1\"]",
				),
				'errors'  => array(),
				'summary' => null,
				'page'    => 0,
			)
		);
		$html = apply_filters( 'the_content', '[kestrel_form id="' . $this->form_id . '"]' );
		$html = wptexturize( do_shortcode( $html ) ); // What a block theme does to the whole page.

		$this->assertSame( 0, $this->ran, 'A shortcode among the values or in a label must not run.' );
		$this->assertStringNotContainsString( 'PROBE-RAN', $html );
		$this->assertSame( 1, preg_match( '#<script type="application/json" class="kestrel-form__data">(.*?)</script>#s', $html, $m ) );
		$data = json_decode( $m[1], true );
		$this->assertIsArray( $data, 'The JSON survives the filters.' );
		$this->assertSame( '[kestrel_probe] Ann', $data['state']['values']['1'] );
		$this->assertSame( 'Name [kestrel_probe]', $data['form']['fields'][0]['label'] );

		$doc = new \DOMDocument();
		libxml_use_internal_errors( true );
		$doc->loadHTML( '<?xml encoding="utf-8"?>' . $html );
		libxml_clear_errors();
		$xpath    = new \DOMXPath( $doc );
		$textarea = $xpath->query( '//textarea[@name="input_2"]' )->item( 0 );
		$this->assertNotNull( $textarea );
		$this->assertSame( "a -- b ... \"c\" 2x3 [kestrel_probe]\n[gallery ids=\"1\"]", $textarea->textContent, 'The textarea holds what was typed, not texturized.' ); // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- DOM API.
		$input = $xpath->query( '//input[@name="input_1"]' )->item( 0 );
		$this->assertSame( '[kestrel_probe] Ann', $input instanceof \DOMElement ? $input->getAttribute( 'value' ) : null );
		$this->assertStringContainsString( 'Name [kestrel_probe]', $xpath->query( '//label[@for="input_' . $this->form_id . '_1"]' )->item( 0 )->textContent ?? '' ); // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- DOM API.
	}
}
