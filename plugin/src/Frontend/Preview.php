<?php
/**
 * The form preview on the front end: `?kestrel_forms_preview={id}&_wpnonce=…` shows a saved form
 * in the theme's page template, as a visitor would see it on a page.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Frontend;

use Kestrel\Forms\Assets\Assets;
use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Persistence\FormRepository;
use Kestrel\Forms\Security\Capabilities;
use Kestrel\Forms\Settings\GeneralSettings;
use WP_Post;
use WP_Query;

/**
 * Answers the main query of a preview URL with one page that exists only in memory (never
 * stored): its content is the form's shortcode, so the theme lays it out with its own page
 * template and styles, and the form is the one visitors get (it submits real entries).
 *
 * Only for users who may manage forms, with a nonce (the link comes from the form editor or the
 * forms list); the page is `noindex` and never cached. Saved forms only: unsaved changes in the
 * editor show in its live preview, not here (docs/preview.md).
 */
final class Preview {

	/** The query argument that names the form. */
	public const QUERY_ARG = 'kestrel_forms_preview';

	/**
	 * The query argument of the form editor's live preview: the same preview as a bare page (the
	 * theme's head, the form alone, no toolbar) that the editor frames and updates with its
	 * unsaved definition (admin/form-editor/LivePreview.tsx; docs/preview.md).
	 */
	public const LIVE_ARG = 'kestrel_forms_live';

	/**
	 * The query argument with the editor's origin (`location.origin`): the frame accepts the
	 * editor's messages from it when its host and port are the admin screens' (admin_url()),
	 * whichever of http and https the editor runs on.
	 */
	public const ORIGIN_ARG = 'kestrel_forms_origin';

	/** The nonce action of preview links. */
	public const NONCE_ACTION = 'kestrel_forms_preview';

	/**
	 * The in-memory page's id: no stored post has it (meta and caches read under the id find
	 * nothing of another post, which a negative id would not guarantee: meta functions absint() it).
	 */
	public const POST_ID = PHP_INT_MAX;

	/**
	 * Takes the forms store and the renderer (for the visitor part of a definition).
	 *
	 * @param FormRepository $forms    Forms.
	 * @param FormRenderer   $renderer Form renderer.
	 */
	public function __construct(
		private readonly FormRepository $forms,
		private readonly FormRenderer $renderer
	) {}

	/**
	 * Hooks the main query and the page's guards.
	 */
	public function register(): void {
		add_filter( 'posts_pre_query', array( $this, 'posts' ), 10, 2 );
		add_action( 'template_redirect', array( $this, 'guard' ), 0 );
		add_filter( 'rest_request_before_callbacks', array( $this, 'rest_guard' ), 10, 3 );
		add_filter( 'show_admin_bar', array( $this, 'admin_bar' ) );
		// After themes and other plugins: the live preview is always the bare page.
		add_filter( 'template_include', array( $this, 'template' ), 1000 );
	}

	/**
	 * The preview URL of a form, with a fresh nonce of the current user.
	 *
	 * @param int $form_id Form id (0: a template the editor completes with the id).
	 */
	public static function url( int $form_id ): string {
		return add_query_arg(
			array(
				self::QUERY_ARG => $form_id,
				'_wpnonce'      => wp_create_nonce( self::NONCE_ACTION ),
			),
			home_url( '/' )
		);
	}

	/**
	 * Whether the request asks for the live preview frame.
	 */
	private static function live(): bool {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- the nonce is checked in allowed().
		return self::requested() > 0 && ! empty( $_GET[ self::LIVE_ARG ] );
	}

	/**
	 * The form id the request asks to preview, or 0.
	 */
	private static function requested(): int {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- the nonce is checked in allowed().
		return isset( $_GET[ self::QUERY_ARG ] ) ? absint( wp_unslash( $_GET[ self::QUERY_ARG ] ) ) : 0;
	}

	/**
	 * Whether the current user may see this preview: a form manager with a valid nonce.
	 */
	private static function allowed(): bool {
		$nonce = isset( $_GET['_wpnonce'] ) ? sanitize_text_field( wp_unslash( $_GET['_wpnonce'] ) ) : ''; // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- this is the nonce, verified below.
		return current_user_can( Capabilities::MANAGE_FORMS ) && false !== wp_verify_nonce( $nonce, self::NONCE_ACTION );
	}

	/**
	 * The main query of an allowed preview: the in-memory page, without a database query.
	 *
	 * @param WP_Post[]|int[]|null $posts Null, or posts another filter already chose.
	 * @param WP_Query             $query The query.
	 * @return WP_Post[]|int[]|null
	 */
	public function posts( $posts, WP_Query $query ) {
		if ( null !== $posts || ! $query->is_main_query() || ! self::requested() || ! self::allowed() ) {
			return $posts;
		}
		$form = $this->forms->find( self::requested() );
		if ( ! $form ) {
			return $posts; // guard() answers 404.
		}
		$page = self::page( $form );
		// get_post( POST_ID ) (block themes' post title, the_post()) reads the posts cache; the
		// entry lives for this request only: removed at shutdown, and rest_guard() makes sure no
		// REST request serves it while a persistent object cache (Redis, Memcached) holds it.
		wp_cache_set( $page->ID, $page, 'posts' );
		add_action( 'shutdown', array( self::class, 'forget' ) );
		// A singular page, not the blog home the bare URL would be.
		$query->is_home           = false;
		$query->is_archive        = false;
		$query->is_404            = false;
		$query->is_search         = false;
		$query->is_page           = true;
		$query->is_singular       = true;
		$query->queried_object    = $page;
		$query->queried_object_id = $page->ID;
		$query->found_posts       = 1;
		$query->max_num_pages     = 1;
		return array( $page );
	}

	/**
	 * The page that holds the form: the form's title and its shortcode (the form without its
	 * own title, which the page shows).
	 *
	 * @param Form $form The form.
	 */
	private static function page( Form $form ): WP_Post {
		$now = current_time( 'mysql' );
		return new WP_Post(
			(object) array(
				'ID'                => self::POST_ID,
				'post_type'         => 'page',
				'post_status'       => 'publish',
				'post_name'         => 'kestrel-forms-preview',
				// Escaped: themes print post titles as HTML (the core/post-title block does).
				'post_title'        => esc_html( $form->title() ),
				'post_content'      => sprintf( '[%s id="%d" title="false"]', Shortcode::TAG, $form->id ),
				'post_excerpt'      => '',
				'post_author'       => get_current_user_id(),
				'post_parent'       => 0,
				'post_date'         => $now,
				'post_date_gmt'     => get_gmt_from_date( $now ),
				'post_modified'     => $now,
				'post_modified_gmt' => get_gmt_from_date( $now ),
				'comment_status'    => 'closed',
				'ping_status'       => 'closed',
				'comment_count'     => 0,
				'menu_order'        => 0,
				'filter'            => 'raw',
			)
		);
	}

	/**
	 * Removes the in-memory page from the posts cache (at the end of the preview request), so
	 * that a persistent object cache never keeps it for other requests.
	 */
	public static function forget(): void {
		wp_cache_delete( self::POST_ID, 'posts' );
	}

	/**
	 * REST never serves the in-memory page: a request naming its id gets the 404 of a post that
	 * does not exist, even while a persistent object cache holds the page (during a preview).
	 *
	 * @param mixed            $response Response so far (a WP_Error or result short-circuits).
	 * @param array<mixed>     $handler  Route handler.
	 * @param \WP_REST_Request $request  Request.
	 * @return mixed
	 */
	public function rest_guard( $response, $handler, \WP_REST_Request $request ) {
		unset( $handler );
		$id = $request->get_param( 'id' );
		// (int) saturates: any larger number names the same id.
		if ( is_numeric( $id ) && self::POST_ID === (int) $id ) {
			return new \WP_Error( 'rest_post_invalid_id', __( 'Invalid post ID.', 'kestrel-forms' ), array( 'status' => 404 ) );
		}
		return $response;
	}

	/**
	 * Before the template: refuses what posts() did not show, and makes the preview page private
	 * (noindex, not cached, no canonical or shortlink of a page that does not exist, no "Edit Page"
	 * in the toolbar but "Edit form").
	 */
	public function guard(): void {
		$form_id = self::requested();
		if ( ! $form_id ) {
			return;
		}
		if ( ! is_user_logged_in() ) {
			auth_redirect(); // Back here after logging in.
		}
		if ( ! current_user_can( Capabilities::MANAGE_FORMS ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to preview forms.', 'kestrel-forms' ), '', array( 'response' => 403 ) );
		}
		if ( ! self::allowed() ) {
			wp_die( esc_html__( 'This preview link has expired. Open the preview again from the form editor.', 'kestrel-forms' ), '', array( 'response' => 403 ) );
		}
		if ( self::POST_ID !== get_queried_object_id() ) {
			wp_die( esc_html__( 'Kestrel Forms: this form does not exist or is in the trash.', 'kestrel-forms' ), '', array( 'response' => 404 ) );
		}
		nocache_headers();
		// Page caches that honour the convention never store a preview.
		if ( ! defined( 'DONOTCACHEPAGE' ) ) {
			define( 'DONOTCACHEPAGE', true ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedConstantFound -- the page caches' shared convention.
		}
		if ( ! headers_sent() ) {
			header( 'X-Robots-Tag: noindex, nofollow' );
		}
		add_filter( 'wp_robots', 'wp_robots_no_robots' );
		remove_action( 'template_redirect', 'redirect_canonical' );
		remove_action( 'wp_head', 'rel_canonical' );
		remove_action( 'wp_head', 'wp_shortlink_wp_head', 10 );
		add_action( 'admin_bar_menu', array( $this, 'toolbar' ), 100 );
	}

	/**
	 * The toolbar of the preview: "Edit form" instead of the "Edit Page" of a page that does not
	 * exist.
	 *
	 * @param \WP_Admin_Bar $bar The toolbar.
	 */
	public function toolbar( \WP_Admin_Bar $bar ): void {
		$bar->remove_node( 'edit' );
		$bar->add_node(
			array(
				'id'    => 'kestrel-forms-edit-form',
				'title' => esc_html__( 'Edit form', 'kestrel-forms' ),
				'href'  => admin_url( 'admin.php?page=kestrel-forms&form_id=' . self::requested() ),
			)
		);
	}

	/**
	 * No toolbar in the live preview frame (it sits inside the editor's screen). Hiding it asks
	 * for no capability, so the query argument alone decides.
	 *
	 * @param bool $show Whether the toolbar shows.
	 */
	public function admin_bar( $show ): bool {
		return self::live() ? false : (bool) $show;
	}

	/**
	 * The live preview frame's template (plugin/templates/live-preview.php) for an allowed live
	 * preview (guard() has refused every other one by now), with its script and the frame's
	 * config before it: the visitor part of the saved definition (FormRenderer, as the page of a
	 * visitor has it; the editor sends its edits the same way), the site's default currency for
	 * edited forms without one, and the editor's origin, the only one whose messages the frame
	 * takes.
	 *
	 * @param string $template The template WordPress chose.
	 */
	public function template( $template ): string {
		if ( ! self::live() || ! self::allowed() || self::POST_ID !== get_queried_object_id() ) {
			return (string) $template;
		}
		$form = $this->forms->find( self::requested() );
		if ( ! $form ) {
			return (string) $template;
		}
		$config = array(
			'form'            => $this->renderer->public_definition( $form, '' ),
			'defaultCurrency' => (string) ( new GeneralSettings() )->get()['currency'],
			'adminOrigin'     => self::editor_origin(),
		);
		Assets::enqueue_live_preview();
		wp_add_inline_script(
			Assets::LIVE_PREVIEW,
			'window.kestrelFormsLivePreview = ' . wp_json_encode( $config, FormRenderer::JSON_FLAGS ) . ';',
			'before'
		);
		return KESTREL_FORMS_DIR . '/templates/live-preview.php';
	}

	/**
	 * The origin of the editor that frames the live preview: the one it names (ORIGIN_ARG) when
	 * that is the admin screens' host and port over http or https, else admin_url()'s.
	 */
	private static function editor_origin(): string {
		$admin = self::origin( admin_url() );
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- the nonce is checked in allowed() before this runs.
		$named = isset( $_GET[ self::ORIGIN_ARG ] ) ? sanitize_text_field( wp_unslash( $_GET[ self::ORIGIN_ARG ] ) ) : '';
		if ( '' === $named ) {
			return $admin;
		}
		$named  = self::origin( $named );
		$strip  = static fn( string $origin ): string => (string) preg_replace( '#^https?://#', '', $origin );
		$scheme = (string) wp_parse_url( $named, PHP_URL_SCHEME );
		// Ports are compared as written: the default port of the other scheme would differ.
		return in_array( $scheme, array( 'http', 'https' ), true ) && $strip( $named ) === $strip( $admin ) ? $named : $admin;
	}

	/**
	 * The origin (scheme, host and port) of a URL, as a browser writes `MessageEvent.origin`.
	 *
	 * @param string $url URL.
	 */
	public static function origin( string $url ): string {
		$parts  = (array) wp_parse_url( $url );
		$scheme = strtolower( (string) ( $parts['scheme'] ?? 'http' ) );
		$host   = strtolower( (string) ( $parts['host'] ?? '' ) );
		$port   = isset( $parts['port'] ) ? (int) $parts['port'] : null;
		$normal = array(
			'http'  => 80,
			'https' => 443,
		);
		$suffix = null !== $port && ( $normal[ $scheme ] ?? null ) !== $port ? ':' . $port : '';
		return $scheme . '://' . $host . $suffix;
	}
}
