<?php
/**
 * The front-end form preview (issue 14): `?kestrel_forms_preview={id}&_wpnonce=…` answers the
 * main query with an in-memory page holding the form, for form managers with a nonce only.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Frontend;

use Kestrel\Forms\Frontend\Preview;
use Kestrel\Forms\Plugin;
use Kestrel\Forms\Tests\Integration\Rest\FormsControllerTest;
use Kestrel\Forms\Tests\Integration\Support\TestCase;
use Kestrel\Forms\Tests\Integration\Support\WPDieException;
use WP_Query;

final class PreviewTest extends TestCase {

	private int $form_id;

	protected function set_up(): void {
		$this->as_admin();
		$definition          = FormsControllerTest::definition();
		$definition['title'] = 'Quote request';
		$this->form_id       = Plugin::instance()->forms->create( $definition );
	}

	protected function tear_down(): void {
		$_GET = array();
		remove_filter( 'wp_robots', 'wp_robots_no_robots' );
		// phpcs:disable WordPress.WP.GlobalVariablesOverride.Prohibited -- the test plays the main query and puts a fresh one back.
		$GLOBALS['wp_the_query'] = new WP_Query();
		$GLOBALS['wp_query']     = $GLOBALS['wp_the_query'];
		// phpcs:enable
	}

	/**
	 * Runs a main query for a preview URL's arguments.
	 *
	 * @param string $nonce The _wpnonce argument.
	 */
	private function main_query( string $nonce ): WP_Query {
		$_GET  = array(
			Preview::QUERY_ARG => (string) $this->form_id,
			'_wpnonce'         => $nonce,
		);
		$query = new WP_Query();
		// phpcs:disable WordPress.WP.GlobalVariablesOverride.Prohibited -- this query is the main query (is_main_query()).
		$GLOBALS['wp_the_query'] = $query;
		$GLOBALS['wp_query']     = $query;
		// phpcs:enable
		$query->query( array() );
		return $query;
	}

	public function test_the_url_names_the_form_and_carries_a_nonce_on_the_front_end(): void {
		$url = Preview::url( $this->form_id );
		$this->assertStringStartsWith( home_url( '/' ), $url );
		parse_str( (string) wp_parse_url( $url, PHP_URL_QUERY ), $args );
		$this->assertSame( (string) $this->form_id, $args[ Preview::QUERY_ARG ] );
		$this->assertSame( 1, wp_verify_nonce( $args['_wpnonce'], Preview::NONCE_ACTION ) );
	}

	public function test_a_manager_with_the_nonce_gets_a_page_holding_the_form(): void {
		$query = $this->main_query( wp_create_nonce( Preview::NONCE_ACTION ) );
		$this->assertTrue( $query->is_page() && $query->is_singular() );
		$this->assertFalse( $query->is_home() );
		$this->assertCount( 1, $query->posts );
		$page = $query->posts[0];
		$this->assertSame( Preview::POST_ID, $page->ID );
		$this->assertSame( 'Quote request', $page->post_title );
		$this->assertSame( Preview::POST_ID, $query->get_queried_object_id() );
		$html = do_shortcode( $page->post_content );
		$this->assertStringContainsString( 'id="kestrel-form-' . $this->form_id . '"', $html );

		// Private: noindex; the toolbar gets "Edit form".
		( new Preview( Plugin::instance()->forms ) )->guard();
		$this->assertNotFalse( has_filter( 'wp_robots', 'wp_robots_no_robots' ) );
		$this->assertFalse( has_action( 'template_redirect', 'redirect_canonical' ) );
	}

	public function test_a_forged_nonce_shows_no_form_and_is_refused(): void {
		$query = $this->main_query( 'forged' );
		$this->assertNotSame( Preview::POST_ID, $query->get_queried_object_id() );
		$this->expectException( WPDieException::class );
		( new Preview( Plugin::instance()->forms ) )->guard();
	}

	public function test_a_user_who_cannot_manage_forms_is_refused_even_with_a_nonce(): void {
		$this->as_subscriber();
		$query = $this->main_query( wp_create_nonce( Preview::NONCE_ACTION ) );
		$this->assertNotSame( Preview::POST_ID, $query->get_queried_object_id() );
		$this->expectException( WPDieException::class );
		( new Preview( Plugin::instance()->forms ) )->guard();
	}

	public function test_a_trashed_form_is_not_found(): void {
		Plugin::instance()->forms->set_status( $this->form_id, 'trash' );
		$query = $this->main_query( wp_create_nonce( Preview::NONCE_ACTION ) );
		$this->assertNotSame( Preview::POST_ID, $query->get_queried_object_id() );
		$this->expectException( WPDieException::class );
		( new Preview( Plugin::instance()->forms ) )->guard();
	}

	public function test_the_page_title_is_escaped_for_themes_that_print_it_as_html(): void {
		$definition          = FormsControllerTest::definition();
		$definition['title'] = '<img src=x onerror=alert(1)>';
		$this->form_id       = Plugin::instance()->forms->create( $definition );
		$query               = $this->main_query( wp_create_nonce( Preview::NONCE_ACTION ) );
		$this->assertSame( Preview::POST_ID, $query->get_queried_object_id() );
		// phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- the loop's post, as the template has it.
		$GLOBALS['post'] = $query->posts[0];
		$block           = render_block(
			array(
				'blockName'    => 'core/post-title',
				'attrs'        => array(),
				'innerBlocks'  => array(),
				'innerHTML'    => '',
				'innerContent' => array(),
			)
		);
		$title           = get_the_title( Preview::POST_ID );
		unset( $GLOBALS['post'] );
		Preview::forget();
		$this->assertStringNotContainsString( '<img', $block );
		$this->assertStringContainsString( '&lt;img', $block );
		$this->assertStringNotContainsString( '<img', $title );
	}

	public function test_the_page_leaves_the_posts_cache_at_shutdown_and_rest_never_serves_it(): void {
		$this->main_query( wp_create_nonce( Preview::NONCE_ACTION ) );
		$this->assertNotFalse( has_action( 'shutdown', array( Preview::class, 'forget' ) ) );
		// While the preview request runs (a persistent cache would share it): REST says 404.
		wp_set_current_user( 0 );
		foreach ( array( (string) Preview::POST_ID, '99999999999999999999' ) as $id ) {
			$response = rest_do_request( new \WP_REST_Request( 'GET', '/wp/v2/pages/' . $id ) );
			$this->assertSame( 404, $response->get_status(), $id );
		}
		Preview::forget();
		$this->assertFalse( wp_cache_get( Preview::POST_ID, 'posts' ) );
		remove_action( 'shutdown', array( Preview::class, 'forget' ) );
	}
}
