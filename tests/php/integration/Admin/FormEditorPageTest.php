<?php
/**
 * The form editor's mount point, the config it prints and its scripts; the admin handles.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Admin;

use Kestrel\Forms\Admin\AdminPages;
use Kestrel\Forms\Admin\FormEditorPage;
use Kestrel\Forms\Assets\Assets;
use Kestrel\Forms\Tests\Integration\Support\TestCase;
use Kestrel\Forms\Tests\Integration\Support\WPDieException;

final class FormEditorPageTest extends TestCase {

	private const ADMIN_HANDLES = array( Assets::BLOCK_EDITOR, Assets::ADMIN_FORMS, Assets::ADMIN_ENTRIES, Assets::ADMIN_SETTINGS );

	protected function set_up(): void {
		require_once ABSPATH . 'wp-admin/includes/class-wp-screen.php';
		require_once ABSPATH . 'wp-admin/includes/screen.php';
		$this->as_admin();
	}

	protected function tear_down(): void {
		$_GET = array();
		remove_all_filters( 'kestrel_forms_feed_addon_names' );
		unset( $GLOBALS['current_screen'] );
		foreach ( array( Assets::ADMIN_FORMS, Assets::FORM_VIEW ) as $handle ) {
			wp_dequeue_script( $handle );
			wp_dequeue_style( $handle );
		}
	}

	/**
	 * Whether the build this test would check is there.
	 *
	 * @param string $name Entry name in build/.
	 */
	private static function built( string $name ): bool {
		return is_readable( KESTREL_FORMS_DIR . '/build/' . $name . '.asset.php' );
	}

	public function test_admin_scripts_are_registered_in_wp_admin_only(): void {
		foreach ( self::ADMIN_HANDLES as $handle ) {
			wp_deregister_script( $handle );
			wp_deregister_style( $handle );
		}
		Assets::register(); // A front-end request.
		foreach ( self::ADMIN_HANDLES as $handle ) {
			$this->assertFalse( wp_script_is( $handle, 'registered' ), $handle );
		}
		$this->assertTrue( wp_script_is( Assets::FORM_VIEW, 'registered' ) || ! self::built( 'form-view' ) );

		set_current_screen( 'post' ); // The block editor runs in wp-admin.
		Assets::register();
		$this->assertTrue( wp_script_is( Assets::BLOCK_EDITOR, 'registered' ) || ! self::built( 'block-editor' ) );
		$this->assertTrue( wp_script_is( Assets::ADMIN_FORMS, 'registered' ) || ! self::built( 'admin-forms' ) );
		$this->assertTrue( wp_script_is( Assets::ADMIN_ENTRIES, 'registered' ) || ! self::built( 'admin-entries' ) );
		$this->assertTrue( wp_script_is( Assets::ADMIN_SETTINGS, 'registered' ) || ! self::built( 'admin-settings' ) );
	}

	public function test_the_forms_screen_enqueues_its_app_and_the_visitor_style(): void {
		if ( ! self::built( 'admin-forms' ) ) {
			$this->markTestSkipped( 'No build/admin-forms.asset.php (run npm run build).' );
		}
		set_current_screen( 'toplevel_page_' . AdminPages::MENU_SLUG );
		Assets::register();
		$page = new FormEditorPage();
		$page->enqueue( 'forms_page_other' );
		$this->assertFalse( wp_script_is( Assets::ADMIN_FORMS, 'enqueued' ), 'Other screens do not load it.' );

		$page->enqueue( 'toplevel_page_' . AdminPages::MENU_SLUG );
		$this->assertTrue( wp_script_is( Assets::ADMIN_FORMS, 'enqueued' ) );
		$this->assertSame( 1, wp_scripts()->get_data( Assets::ADMIN_FORMS, 'group' ), 'In the footer, after its mount point.' );
		$this->assertTrue( wp_style_is( Assets::ADMIN_FORMS, 'enqueued' ) );
		$this->assertSame( array( 'wp-components' ), wp_styles()->registered[ Assets::ADMIN_FORMS ]->deps );
		$this->assertSame( 'replace', wp_styles()->get_data( Assets::ADMIN_FORMS, 'rtl' ) );
		$this->assertTrue( wp_style_is( 'wp-components', 'enqueued' ) );
		$queue = wp_styles()->queue;
		$this->assertLessThan( array_search( Assets::ADMIN_FORMS, $queue, true ), array_search( Assets::FORM_VIEW, $queue, true ), 'The visitor style comes first.' );
	}

	public function test_the_screen_refuses_users_without_the_capability(): void {
		$this->as_subscriber();
		$this->expectException( WPDieException::class );
		ob_start();
		try {
			FormEditorPage::render();
		} finally {
			ob_end_clean();
		}
	}

	/**
	 * The config the editor root carries.
	 *
	 * @return array<string, mixed>
	 */
	private static function config(): array {
		ob_start();
		FormEditorPage::render();
		$html = (string) ob_get_clean();
		self::assertSame( 1, preg_match( '/id="kestrel-forms-admin" data-config="([^"]*)"/', $html, $m ) );
		$config = json_decode( html_entity_decode( $m[1], ENT_QUOTES ), true );
		self::assertIsArray( $config );
		return $config;
	}

	public function test_prints_the_editor_config_with_feed_add_on_names(): void {
		$_GET   = array( 'form_id' => '7' );
		$config = self::config();
		$this->assertSame( 7, $config['formId'] );
		$this->assertSame( array( 'example-log' => 'Example log' ), $config['feedAddons'] );
	}

	public function test_add_ons_name_themselves_on_the_filter_and_bad_entries_are_dropped(): void {
		add_filter(
			'kestrel_forms_feed_addon_names',
			static function ( array $names ): array {
				$names['my-crm'] = 'My <b>CRM</b>';
				$names['blank']  = '  ';
				$names[3]        = 'Numbered';
				$names['array']  = array( 'no' );
				return $names;
			}
		);
		$this->assertSame(
			array(
				'example-log' => 'Example log',
				'my-crm'      => 'My CRM',
			),
			self::config()['feedAddons']
		);
	}

	public function test_no_names_is_an_empty_object_not_a_list(): void {
		add_filter( 'kestrel_forms_feed_addon_names', '__return_empty_array' );
		ob_start();
		FormEditorPage::render();
		$html = (string) ob_get_clean();
		$this->assertStringContainsString( '&quot;feedAddons&quot;:{}', $html );
		$this->assertSame( array(), FormEditorPage::feed_addon_names() );
	}

	public function test_a_filter_returning_garbage_yields_no_names(): void {
		add_filter( 'kestrel_forms_feed_addon_names', '__return_false' );
		$this->assertSame( array(), FormEditorPage::feed_addon_names() );
	}
}
