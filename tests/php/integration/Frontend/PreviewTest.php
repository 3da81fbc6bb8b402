<?php
/**
 * The front-end form preview (issue 14): `?kestrel_forms_preview={id}&_wpnonce=…` answers the
 * main query with an in-memory page holding the form, for form managers with a nonce only.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Frontend;

use Kestrel\Forms\Assets\Assets;
use Kestrel\Forms\Frontend\FormRenderer;
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
		// The live preview's config is an inline script of its handle: none is left for the next test.
		wp_scripts()->add_data( Assets::LIVE_PREVIEW, 'before', array() );
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
	private function main_query( string $nonce, bool $live = false ): WP_Query {
		$_GET = array(
			Preview::QUERY_ARG => (string) $this->form_id,
			'_wpnonce'         => $nonce,
		);
		if ( $live ) {
			$_GET[ Preview::LIVE_ARG ] = '1';
		}
		$query = new WP_Query();
		// phpcs:disable WordPress.WP.GlobalVariablesOverride.Prohibited -- this query is the main query (is_main_query()).
		$GLOBALS['wp_the_query'] = $query;
		$GLOBALS['wp_query']     = $query;
		// phpcs:enable
		$query->query( array() );
		return $query;
	}

	/**
	 * The preview service as the plugin builds it.
	 */
	private static function preview(): Preview {
		return new Preview( Plugin::instance()->forms, Plugin::instance()->renderer );
	}

	/**
	 * Prints a template as WordPress's template loader would.
	 *
	 * @param string $template Template file.
	 */
	private static function print_template( string $template ): string {
		ob_start();
		include $template;
		return (string) ob_get_clean();
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
		( self::preview() )->guard();
		$this->assertNotFalse( has_filter( 'wp_robots', 'wp_robots_no_robots' ) );
		$this->assertFalse( has_action( 'template_redirect', 'redirect_canonical' ) );
	}

	public function test_a_forged_nonce_shows_no_form_and_is_refused(): void {
		$query = $this->main_query( 'forged' );
		$this->assertNotSame( Preview::POST_ID, $query->get_queried_object_id() );
		$this->expectException( WPDieException::class );
		( self::preview() )->guard();
	}

	public function test_a_user_who_cannot_manage_forms_is_refused_even_with_a_nonce(): void {
		$this->as_subscriber();
		$query = $this->main_query( wp_create_nonce( Preview::NONCE_ACTION ) );
		$this->assertNotSame( Preview::POST_ID, $query->get_queried_object_id() );
		$this->expectException( WPDieException::class );
		( self::preview() )->guard();
	}

	public function test_a_trashed_form_is_not_found(): void {
		Plugin::instance()->forms->set_status( $this->form_id, 'trash' );
		$query = $this->main_query( wp_create_nonce( Preview::NONCE_ACTION ) );
		$this->assertNotSame( Preview::POST_ID, $query->get_queried_object_id() );
		$this->expectException( WPDieException::class );
		( self::preview() )->guard();
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

	public function test_the_live_preview_is_a_bare_page_of_the_site_with_the_visitor_form_and_the_editor_origin(): void {
		$definition                            = FormsControllerTest::definition();
		$definition['title']                   = 'Quote & "quotes" &quot;';
		$definition['fields'][0]['adminLabel'] = 'Internal name';
		$definition['confirmation']            = array(
			'type'    => 'message',
			'message' => 'Private thanks',
		);
		$this->form_id                         = Plugin::instance()->forms->create( $definition );
		$query                                 = $this->main_query( wp_create_nonce( Preview::NONCE_ACTION ), true );
		// phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- the loop's post, as wp() sets it for a singular page.
		$GLOBALS['post'] = $query->posts[0];
		$preview         = self::preview();
		$preview->guard();
		$this->assertTrue( defined( 'DONOTCACHEPAGE' ) && DONOTCACHEPAGE );
		$theme    = get_stylesheet_directory() . '/index.php';
		$template = $preview->template( $theme );
		$this->assertSame( KESTREL_FORMS_DIR . '/templates/live-preview.php', $template );
		// No toolbar in the frame; its script and style, with the strength meter.
		$this->assertFalse( apply_filters( 'show_admin_bar', true ) );
		$this->assertTrue( wp_script_is( 'kestrel-forms-live-preview', 'enqueued' ) );
		$this->assertTrue( wp_style_is( 'kestrel-forms-live-preview', 'enqueued' ) );
		$this->assertTrue( wp_style_is( 'kestrel-forms-form-view', 'enqueued' ) );
		$this->assertTrue( wp_script_is( 'password-strength-meter', 'enqueued' ) );

		$html = self::print_template( $template );
		unset( $GLOBALS['post'] );
		Preview::forget();
		$this->assertStringContainsString( '<html', $html );
		$this->assertMatchesRegularExpression( '/<body class="[^"]*\bkestrel-forms-live-preview-page\b/', $html );
		$this->assertStringContainsString( 'id="kestrel-forms-live-preview"', $html );
		// One main on the editor screen: the frame has none.
		$this->assertStringNotContainsString( '<main', $html );
		// The theme's head: wp_head() ran (the live script is printed in the footer, deferred).
		$this->assertStringContainsString( 'kestrel-forms-live-preview-css', $html );
		$this->assertStringContainsString( 'live-preview-frame.js', $html );
		$this->assertStringNotContainsString( 'id="wpadminbar"', $html );

		// The config, printed before the script, as it reads it (any title survives the trip).
		$config = self::printed_config( $html );
		$this->assertSame( $this->form_id, $config['form']['id'] );
		$this->assertSame( 'Quote & "quotes" &quot;', $config['form']['title'] );
		$this->assertNotEmpty( $config['form']['fields'] );
		$this->assertSame( 'USD', $config['defaultCurrency'] );
		$this->assertSame( Preview::origin( admin_url() ), $config['adminOrigin'] );
		// The visitor part only: no confirmations, notifications, feeds settings or admin labels.
		$this->assertSame( array(), array_diff( array_keys( $config['form'] ), array( 'id', 'limits', 'feeds', ...FormRenderer::PUBLIC_FORM_KEYS ) ) );
		$this->assertStringNotContainsString( 'Private thanks', $html );
		$this->assertStringNotContainsString( 'Internal name', $html );
	}

	/**
	 * The config the page prints before the frame's script.
	 *
	 * @param string $html The page.
	 * @return array<string, mixed>
	 */
	private static function printed_config( string $html ): array {
		self::assertSame( 1, preg_match( '/window\.kestrelFormsLivePreview = (\{.*?\});\n/', $html, $m ) );
		return json_decode( $m[1], true );
	}

	/**
	 * The editor's origin the frame takes messages from, for an origin the editor names.
	 *
	 * @dataProvider named_origins
	 *
	 * @param string $named    What the editor names.
	 * @param string $expected What the frame takes ('admin': admin_url()'s origin).
	 */
	public function test_the_frame_takes_the_editor_origin_only_on_the_admin_host_and_port( string $named, string $expected ): void {
		$this->main_query( wp_create_nonce( Preview::NONCE_ACTION ), true );
		$_GET[ Preview::ORIGIN_ARG ] = $named;
		self::preview()->template( 'index.php' );
		$before = (array) wp_scripts()->get_data( Assets::LIVE_PREVIEW, 'before' );
		Preview::forget();
		$this->assertSame( 1, preg_match( '/= (\{.*\});$/', (string) end( $before ), $m ) );
		$admin = Preview::origin( admin_url() );
		$host  = (string) wp_parse_url( admin_url(), PHP_URL_HOST );
		$this->assertSame( 'admin' === $expected ? $admin : str_replace( 'HOST', $host, $expected ), json_decode( $m[1], true )['adminOrigin'] );
	}

	/**
	 * @return array<string, array{0: string, 1: string}>
	 */
	public static function named_origins(): array {
		return array(
			'https on the admin host' => array( 'https://example.org', 'https://HOST' ),
			'http on the admin host'  => array( 'http://example.org', 'http://HOST' ),
			'another host'            => array( 'https://evil.example', 'admin' ),
			'another port'            => array( 'http://example.org:8080', 'admin' ),
			'another scheme'          => array( 'javascript://example.org', 'admin' ),
			'not a URL'               => array( 'nonsense', 'admin' ),
		);
	}

	public function test_the_live_preview_keeps_the_theme_template_without_the_live_argument_or_a_valid_nonce(): void {
		$preview = self::preview();
		$theme   = get_stylesheet_directory() . '/index.php';
		// The plain preview: the theme's page template, with the toolbar.
		$this->main_query( wp_create_nonce( Preview::NONCE_ACTION ) );
		$this->assertSame( $theme, $preview->template( $theme ) );
		$this->assertTrue( apply_filters( 'show_admin_bar', true ) );
		// The page is there (a valid nonce ran the query), but the nonce the template sees is not.
		$this->main_query( wp_create_nonce( Preview::NONCE_ACTION ), true );
		$this->assertSame( Preview::POST_ID, get_queried_object_id() );
		$_GET['_wpnonce'] = 'forged';
		$this->assertSame( $theme, $preview->template( $theme ) );
		// A user who may not manage forms, with a nonce of theirs.
		$this->as_subscriber();
		$_GET['_wpnonce'] = wp_create_nonce( Preview::NONCE_ACTION );
		$this->assertSame( $theme, $preview->template( $theme ) );
		Preview::forget();
	}

	/**
	 * @dataProvider origins
	 *
	 * @param string $url    URL.
	 * @param string $origin Its origin as a browser writes it.
	 */
	public function test_origin_is_written_as_browsers_write_message_origins( string $url, string $origin ): void {
		$this->assertSame( $origin, Preview::origin( $url ) );
	}

	/**
	 * @return array<string, array{0: string, 1: string}>
	 */
	public static function origins(): array {
		return array(
			'default port' => array( 'https://Shop.Example/wp-admin/', 'https://shop.example' ),
			'explicit 443' => array( 'https://shop.example:443/wp-admin/', 'https://shop.example' ),
			'other port'   => array( 'http://127.0.0.1:8889/wp-admin/', 'http://127.0.0.1:8889' ),
			'http on 443'  => array( 'http://shop.example:443/wp-admin/', 'http://shop.example:443' ),
		);
	}
}
