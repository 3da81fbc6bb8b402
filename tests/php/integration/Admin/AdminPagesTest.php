<?php
/**
 * The admin screens: the server-rendered forms list, the entries workspace's mount point
 * (its data comes over REST: tests/php/integration/Rest/EntriesWorkspaceTest.php).
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Admin;

use Kestrel\Forms\Admin\AdminPages;
use Kestrel\Forms\Plugin;
use Kestrel\Forms\Tests\Integration\Rest\FormsControllerTest;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

final class AdminPagesTest extends TestCase {

	private AdminPages $pages;

	protected function set_up(): void {
		$plugin      = Plugin::instance();
		$this->pages = new AdminPages( $plugin->forms, $plugin->entries, $plugin->form_validator );
		$this->as_admin();
	}

	protected function tear_down(): void {
		$_GET = array();
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
		$this->assertContains( array( 'id' => $form_id, 'title' => 'Form <b>1</b>' ), $config['forms'] );
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

	public function test_forms_list_pages_and_escapes(): void {
		for ( $i = 1; $i <= 21; $i++ ) {
			$definition          = FormsControllerTest::definition();
			$definition['title'] = 'Form <b>' . $i . '</b>';
			Plugin::instance()->forms->create( $definition );
		}
		$first = self::output( array( $this->pages, 'render_forms' ) );
		$this->assertSame( 20, substr_count( $first, 'data-form-id=' ) );
		$this->assertStringContainsString( 'Form &lt;b&gt;21&lt;/b&gt;', $first );
		$this->assertStringNotContainsString( '<b>21</b>', $first );
		$this->assertStringContainsString( '[kestrel_form id=&quot;', $first );

		$_GET   = array( 'paged' => '2' );
		$second = self::output( array( $this->pages, 'render_forms' ) );
		$this->assertSame( 1, substr_count( $second, 'data-form-id=' ) );
	}
}
