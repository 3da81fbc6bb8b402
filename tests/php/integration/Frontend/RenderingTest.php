<?php
/**
 * Shortcode and block output.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Frontend;

use Kestrel\Forms\Assets\Assets;
use Kestrel\Forms\Frontend\Markup\FieldMarkups;
use Kestrel\Forms\Frontend\PlainPostState;
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

	protected function tear_down(): void {
		PlainPostState::reset();
		unset( $_SERVER['REQUEST_URI'] );
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
		// The form is printed, not reserved: no height, no loading state, no "enable JavaScript".
		$this->assertStringContainsString( '<div class="kestrel-form" id="kestrel-form-' . $this->form_id . '" data-kestrel-form-id="' . $this->form_id . '">', $html );
		$this->assertStringNotContainsString( 'min-height', $html );
		$this->assertStringNotContainsString( 'kestrel-form--loading', $html );
		$this->assertStringNotContainsString( '<noscript', $html );
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
		$this->assertTrue( Assets::will_load( Assets::FORM_VIEW ), 'The visitor script loads where a form renders.' );
		$this->assertTrue( wp_style_is( 'kestrel-forms-form-view', 'enqueued' ) );
		$this->assertSame( 'replace', wp_styles()->get_data( 'kestrel-forms-form-view', 'rtl' ) );
	}

	public function test_the_root_holds_the_forms_markup_for_the_json_it_carries(): void {
		$_SERVER['REQUEST_URI'] = '/contact/?a=1&kestrel_confirmation=old';
		$html                   = do_shortcode( '[kestrel_form id="' . $this->form_id . '"]' );
		$data                   = $this->embedded_data( $html );
		$this->assertSame( 1, preg_match( '#<div class="kestrel-form__root">(.*)</div></div>$#s', $html, $root ), $html );
		$markup = $root[1];
		// The page's URL (without a confirmation parameter), at the form.
		$this->assertSame( home_url( '/contact/?a=1' ) . '#kestrel-form-' . $this->form_id, $data['action'] );
		$this->assertStringContainsString( '<form class="kestrel-form__form" method="post" action="' . esc_attr( $data['action'] ) . '"', $markup );
		$this->assertStringContainsString( 'name="kestrel_render_token" value="' . esc_attr( $data['rest']['renderToken'] ) . '"', $markup );
		$this->assertMatchesRegularExpression( '/^[A-Za-z0-9-]{32}$/', $data['rest']['submissionKey'] );
		$this->assertStringContainsString( 'name="kestrel_submission_key" value="' . $data['rest']['submissionKey'] . '"', $markup );
		$this->assertStringContainsString( '<input type="hidden" name="kestrel_page" value="0">', $markup );
		// The title is text in the markup as in the JSON: it cannot open a script.
		$this->assertStringContainsString( '<h2 class="kestrel-form__title" id="kestrel_form_title_' . $this->form_id . '">Say &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h2>', $markup );
		// The HTML field prints its sanitised content, never the admin label.
		$this->assertStringContainsString( '<p>Safe</p>bad()', $markup );
		$this->assertStringNotContainsString( 'secret', $markup );
		$this->assertArrayNotHasKey( 'state', $data, 'A normal request has no plain-post state.' );
		// Every print has its own key.
		$again = $this->embedded_data( do_shortcode( '[kestrel_form id="' . $this->form_id . '"]' ) );
		$this->assertNotSame( $data['rest']['submissionKey'], $again['rest']['submissionKey'] );
	}

	public function test_after_a_plain_post_the_form_is_printed_from_its_state(): void {
		$form   = Plugin::instance()->forms->find( $this->form_id );
		$fields = array_column( $form->fields(), null, 'type' );
		$this->assertArrayHasKey( 'text', $fields );
		$text_id = (int) $fields['text']['id'];
		$state   = array(
			'values'        => array( (string) $text_id => 'Kept <value> & "quotes"' ),
			'errors'        => array(
				(string) $text_id => array( 'message' => 'Too <short>.' ),
			),
			'summary'       => 'There was a problem.',
			'page'          => 0,
			'uploadedFiles' => array(),
			'renderToken'   => 'posted.token',
		);
		PlainPostState::set( $this->form_id, $state );
		$html = do_shortcode( '[kestrel_form id="' . $this->form_id . '"]' );
		$data = $this->embedded_data( $html );
		$this->assertSame( $state, $data['state'] );
		// The token the post carried is printed again (the minimum time counts from the first print).
		$this->assertSame( 'posted.token', $data['rest']['renderToken'] );
		$this->assertStringContainsString( 'name="kestrel_render_token" value="posted.token"', $html );
		$this->assertStringContainsString( 'value="Kept &lt;value&gt; &amp; &quot;quotes&quot;"', $html );
		$this->assertStringContainsString( '<h3 class="kestrel-form__errors-title">There was a problem.</h3>', $html );
		$this->assertStringContainsString( 'Too &lt;short&gt;.', $html );
		$this->assertStringContainsString( 'class="kestrel-form__field kestrel-form__field--text has-error', $html );
	}

	public function test_a_stored_plain_post_shows_its_message_in_the_forms_place(): void {
		PlainPostState::set_confirmation( $this->form_id, '<p>Thanks, <strong>Ann</strong>!</p>' );
		$html = do_shortcode( '[kestrel_form id="' . $this->form_id . '"]' );
		$this->assertStringContainsString( '<div class="kestrel-form__confirmation" tabindex="-1" role="status"><p>Thanks, <strong>Ann</strong>!</p></div>', $html );
		$this->assertStringContainsString( 'id="kestrel-form-' . $this->form_id . '"', $html );
		// Nothing for the script: the form does not come back over the message.
		$this->assertStringNotContainsString( 'data-kestrel-form-id', $html );
		$this->assertStringNotContainsString( 'kestrel-form__data', $html );
		$this->assertStringNotContainsString( '<form', $html );
	}

	public function test_a_field_type_without_server_markup_leaves_the_form_to_the_script(): void {
		try {
			FieldMarkups::for_type( 'signature' );
			$this->fail( 'A type without markup is refused.' );
		} catch ( \InvalidArgumentException $e ) {
			$this->assertStringContainsString( '"signature"', $e->getMessage() );
			$this->assertStringContainsString( 'Fields\\SignatureMarkup', $e->getMessage() );
		}
		// Stored as another tool might have (the repository does not validate).
		$id   = Plugin::instance()->forms->create(
			array(
				'title'  => 'Odd',
				'fields' => array(
					array(
						'id'    => 1,
						'type'  => 'text',
						'label' => 'Name',
					),
					array(
						'id'    => 2,
						'type'  => 'signature',
						'label' => 'Sign',
					),
				),
			)
		);
		$html = do_shortcode( '[kestrel_form id="' . $id . '"]' );
		$this->assertSame( 2, count( $this->embedded_data( $html )['form']['fields'] ) );
		// The page does not fail: the root has no element, so the script renders the form.
		$this->assertMatchesRegularExpression( '#<div class="kestrel-form__root">(<!--[^>]*-->)?</div>#', $html );
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
