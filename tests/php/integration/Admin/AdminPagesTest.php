<?php
/**
 * The admin screens: the entries workspace's mount point (its data comes over REST:
 * tests/php/integration/Rest/EntriesWorkspaceTest.php).
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Admin;

use Kestrel\Forms\Admin\AdminPages;
use Kestrel\Forms\Admin\EntriesScreen;
use Kestrel\Forms\Assets\Assets;
use Kestrel\Forms\Entries\EntryPresenter;
use Kestrel\Forms\Plugin;
use Kestrel\Forms\Rest\Routes;
use Kestrel\Forms\Tests\Integration\Rest\FormsControllerTest;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

final class AdminPagesTest extends TestCase {

	private AdminPages $pages;

	protected function set_up(): void {
		require_once ABSPATH . 'wp-admin/includes/class-wp-screen.php';
		require_once ABSPATH . 'wp-admin/includes/screen.php';
		$plugin      = Plugin::instance();
		$this->pages = new AdminPages( $plugin->forms, Routes::NAMESPACE );
		$this->as_admin();
		// A wp-admin request: the admin scripts are registered there only.
		set_current_screen( 'forms_page_' . AdminPages::ENTRIES_SLUG );
		Assets::register();
	}

	protected function tear_down(): void {
		$_GET = array();
		unset( $GLOBALS['current_screen'] );
	}

	/**
	 * @param callable $render Screen renderer.
	 */
	private static function output( callable $render ): string {
		ob_start();
		$render();
		return (string) ob_get_clean();
	}

	public function test_entries_screen_mounts_the_workspace_with_its_config(): void {
		$definition          = FormsControllerTest::definition();
		$definition['title'] = 'Form <b>1</b>';
		$form_id             = Plugin::instance()->forms->create( $definition );

		$_GET = array( 'form_id' => (string) $form_id );
		$html = self::output( array( $this->pages, 'render_entries' ) );
		$this->assertTrue( wp_script_is( 'kestrel-forms-admin-entries', 'enqueued' ) || ! is_readable( KESTREL_FORMS_DIR . '/build/admin-entries.asset.php' ) );
		$this->assertStringNotContainsString( '<b>1</b>', $html );
		$this->assertSame( 1, preg_match( '/id="kestrel-forms-entries-app" data-config="([^"]*)"/', $html, $m ) );
		$config = json_decode( html_entity_decode( $m[1], ENT_QUOTES ), true );
		$this->assertSame( $form_id, $config['formId'] );
		$this->assertSame( 0, $config['entryId'] );
		$this->assertContains(
			array(
				'id'    => $form_id,
				'title' => 'Form <b>1</b>',
			),
			$config['forms']
		);
		$this->assertNotEmpty( $config['fields'] );
		$this->assertStringContainsString( 'entries/export', $config['exportUrl'] );
	}

	public function test_entries_screen_refuses_users_without_the_capability(): void {
		$this->as_subscriber();
		$this->expectException( \Kestrel\Forms\Tests\Integration\Support\WPDieException::class );
		ob_start();
		try {
			$this->pages->render_entries();
		} finally {
			ob_end_clean();
		}
	}
	public function test_entries_screen_without_a_form_opens_the_first_listed_form(): void {
		$definition          = FormsControllerTest::definition();
		$definition['title'] = 'Listed first or not';
		Plugin::instance()->forms->create( $definition );

		$_GET   = array( 'form_id' => '999999' );
		$config = ( new EntriesScreen( Plugin::instance()->forms, Routes::NAMESPACE ) )->config();
		$this->assertNotEmpty( $config['forms'] );
		$first = $config['forms'][0]['id'];
		$this->assertSame( $first, $config['formId'], 'An unknown form id falls back to the first listed form.' );
		$this->assertNotEmpty( $config['fields'] );
		$this->assertSame(
			array_column( $config['fields'], 'id' ),
			array_map( static fn( array $f ): int => (int) $f['id'], EntryPresenter::value_fields( Plugin::instance()->forms->find( $first ) ) )
		);
	}
}
