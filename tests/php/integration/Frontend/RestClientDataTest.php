<?php
/**
 * What the visitor page's REST client (forms-ui/submit/rest-fetch.ts) reads from the page.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Frontend;

use Kestrel\Forms\Tests\Integration\Rest\FormsControllerTest;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

/**
 * The page does not load api-fetch: it prints the REST root, and a nonce only for a signed-in
 * visitor (a page cached for visitors carries nothing that goes stale).
 */
final class RestClientDataTest extends TestCase {

	/**
	 * The form.
	 *
	 * @var int
	 */
	private int $form_id;

	/**
	 * Creates a form.
	 */
	protected function set_up(): void {
		$this->as_admin();
		$this->form_id = $this->rest( 'POST', '/kestrel-forms/v1/forms', FormsControllerTest::definition() )->get_data()['id'];
	}

	/**
	 * The data printed for the form.
	 *
	 * @return array<string, mixed>
	 */
	private function rest_data(): array {
		$html = do_shortcode( '[kestrel_form id="' . $this->form_id . '"]' );
		$this->assertSame( 1, preg_match( '#<script type="application/json" class="kestrel-form__data">(.*?)</script>#s', $html, $m ), $html );
		return json_decode( $m[1], true )['rest'];
	}

	/**
	 * A visitor: the root, no nonce, no refresh URL; api-fetch is not enqueued.
	 */
	public function test_a_visitor_gets_no_nonce(): void {
		$this->as_anonymous();
		$rest = $this->rest_data();
		$this->assertSame( rest_url(), $rest['root'] );
		$this->assertTrue( $rest['anonymous'] );
		$this->assertNull( $rest['nonce'] );
		$this->assertNull( $rest['nonceUrl'] );
		$this->assertFalse( wp_script_is( 'wp-api-fetch', 'enqueued' ) );
		$deps = wp_scripts()->registered['kestrel-forms-form-view']->deps;
		$this->assertNotContains( 'wp-api-fetch', $deps );
		$this->assertNotContains( 'wp-url', $deps );
		$this->assertNotContains( 'wp-polyfill', $deps );
	}

	/**
	 * A signed-in visitor: a REST nonce that WordPress accepts, and where to refresh it.
	 */
	public function test_a_signed_in_visitor_gets_a_valid_nonce_and_its_refresh_url(): void {
		$this->as_admin();
		$rest = $this->rest_data();
		$this->assertFalse( $rest['anonymous'] );
		$this->assertSame( 1, wp_verify_nonce( $rest['nonce'], 'wp_rest' ) );
		$this->assertSame( admin_url( 'admin-ajax.php?action=rest-nonce' ), $rest['nonceUrl'] );
	}
}
