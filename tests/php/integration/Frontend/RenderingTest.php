<?php
/**
 * Shortcode and block output.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Frontend;

use Kestrel\Forms\Plugin;
use Kestrel\Forms\Tests\Integration\Rest\FormsControllerTest;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

final class RenderingTest extends TestCase {

	private int $form_id;

	protected function set_up(): void {
		$this->as_admin();
		$definition                 = FormsControllerTest::definition();
		$definition['title']        = 'Say </script><script>alert(1)</script>';
		$definition['fields'][]     = array(
			'id'         => 7,
			'type'       => 'html',
			'content'    => '<p>Safe</p><script>bad()</script>',
			'adminLabel' => 'secret',
		);
		$definition['fields'][]     = array(
			'id'            => 8,
			'type'          => 'consent',
			'label'         => 'Privacy',
			'checkboxLabel' => 'I agree.',
			'description'   => '<p>Read our <a href="https://example.org/p">policy</a>.</p><script>bad()</script>',
		);
		$definition['confirmation'] = array(
			'type'    => 'message',
			'message' => 'Server only',
		);
		$this->form_id              = $this->rest( 'POST', '/kestrel-forms/v1/forms', $definition )->get_data()['id'];
		$this->as_anonymous();
	}

	/**
	 * @return array<string, mixed>
	 */
	private function embedded_data( string $html ): array {
		$this->assertSame( 1, preg_match( '#<script type="application/json" class="kestrel-form__data">(.*?)</script>#s', $html, $m ), $html );
		return json_decode( $m[1], true );
	}

	public function test_shortcode_prints_a_container_with_the_public_definition(): void {
		$html = do_shortcode( '[kestrel_form id="' . $this->form_id . '"]' );
		$this->assertStringContainsString( 'id="kestrel-form-' . $this->form_id . '"', $html );
		$this->assertMatchesRegularExpression( '/style="min-height:\d+px"/', $html );
		$this->assertStringNotContainsString( '</script><script>', $html, 'The title cannot break out of the JSON script.' );

		$data = $this->embedded_data( $html );
		$this->assertSame( $this->form_id, $data['form']['id'] );
		$this->assertSame( 'Say </script><script>alert(1)</script>', $data['form']['title'] );
		$this->assertSame( '/kestrel-forms/v1/forms/' . $this->form_id . '/submissions', $data['rest']['submitPath'] );
		// A page cached for longer than render tokens live fetches a fresh one (issue 12).
		$this->assertSame( rest_url( 'kestrel-forms/v1/forms/' . $this->form_id . '/render-token' ), $data['rest']['renderTokenUrl'] );
		$this->assertSame( DAY_IN_SECONDS, $data['rest']['renderTokenMaxAge'] );
		$this->assertEqualsWithDelta( time(), \Kestrel\Forms\Security\SpamGuard::rendered_at( $this->form_id, $data['rest']['renderToken'] ), 2 );
		$this->assertArrayNotHasKey( 'confirmation', $data['form'] );
		$fields     = array_column( $data['form']['fields'], null, 'id' );
		$html_field = $fields[7];
		$this->assertSame( '<p>Safe</p>bad()', $html_field['content'] );
		// A consent's agreement is printed as sanitised markup, as the HTML field's content.
		$this->assertSame( '<p>Read our <a href="https://example.org/p">policy</a>.</p>bad()', $fields[8]['description'] );
		$this->assertArrayNotHasKey( 'adminLabel', $html_field );
		$this->assertTrue( wp_script_is( 'kestrel-forms-form-view', 'enqueued' ), 'The visitor script is enqueued where a form renders.' );
		$this->assertTrue( wp_style_is( 'kestrel-forms-form-view', 'enqueued' ) );
		$this->assertSame( 'replace', wp_styles()->get_data( 'kestrel-forms-form-view', 'rtl' ) );
	}

	public function test_the_page_carries_only_the_forms_currency_configuration(): void {
		$this->as_admin();
		$definition             = FormsControllerTest::definition();
		$definition['currency'] = 'JPY';
		$id                     = $this->rest( 'POST', '/kestrel-forms/v1/forms', $definition )->get_data()['id'];
		$this->as_anonymous();
		$data = $this->embedded_data( do_shortcode( '[kestrel_form id="' . $id . '"]' ) );
		// The visitor script has no currency table of its own: it registers this one.
		$this->assertSame( \Kestrel\Forms\Domain\Money\Currencies::get( 'JPY' ), $data['currency'] );
		$this->assertSame( 0, $data['currency']['decimals'] );
		$usd = $this->embedded_data( do_shortcode( '[kestrel_form id="' . $this->form_id . '"]' ) );
		$this->assertSame( 'USD', $usd['currency']['code'] );
	}

	public function test_shortcode_options_and_missing_form(): void {
		$data = $this->embedded_data( do_shortcode( '[kestrel_form id="' . $this->form_id . '" title="false"]' ) );
		$this->assertFalse( $data['options']['showTitle'] );
		$this->assertTrue( $data['options']['showDescription'] );
		$this->assertSame( '', do_shortcode( '[kestrel_form id="987654"]' ), 'Visitors see nothing for a missing form.' );
		$this->as_admin();
		$this->assertStringContainsString( 'does not exist', do_shortcode( '[kestrel_form id="987654"]' ) );
	}

	public function test_block_renders_the_same_container(): void {
		$html = do_blocks( '<!-- wp:kestrel-forms/form {"formId":' . $this->form_id . ',"showDescription":false} /-->' );
		$this->assertStringContainsString( 'wp-block-kestrel-forms-form', $html );
		$this->assertFalse( $this->embedded_data( $html )['options']['showDescription'] );
		$this->assertTrue( \WP_Block_Type_Registry::get_instance()->is_registered( 'kestrel-forms/form' ) );
	}

	public function test_public_definition_is_what_the_renderer_embeds(): void {
		$form = Plugin::instance()->forms->find( $this->form_id );
		$this->assertNotNull( $form );
		$public = Plugin::instance()->renderer->public_definition( $form );
		// A form without its own currency carries the site's default one (USD unless set).
		$this->assertSame( array( 'id', 'title', 'currency', 'fields', 'limits' ), array_keys( $public ) );
		$this->assertSame( 'USD', $public['currency'] );
	}

	public function test_frontend_does_not_import_the_rest_layer(): void {
		// One direction only (docs/ARCHITECTURE §6): Rest may use Frontend, never the reverse.
		$files = glob( dirname( __DIR__, 4 ) . '/plugin/src/Frontend/*.php' );
		$this->assertNotEmpty( $files );
		foreach ( $files as $file ) {
			$this->assertDoesNotMatchRegularExpression( '/^use Kestrel\\\\Forms\\\\Rest\\\\/m', (string) file_get_contents( $file ), basename( $file ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents
		}
	}
}
