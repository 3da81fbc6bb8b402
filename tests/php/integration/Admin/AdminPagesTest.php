<?php
/**
 * The server-rendered admin screens: forms list and entries with paging, entry detail.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Admin;

use Kestrel\Forms\Admin\AdminPages;
use Kestrel\Forms\Domain\Entry\Entry;
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

	public function test_entries_screen_pages_newest_first(): void {
		$form_id = Plugin::instance()->forms->create( FormsControllerTest::definition() );
		for ( $i = 1; $i <= 21; $i++ ) {
			Plugin::instance()->entries->insert( new Entry( 0, $form_id, array( '1' => 'Visitor ' . $i ), sprintf( '2026-11-01 10:00:%02d', $i ) ) );
		}

		$_GET  = array( 'form_id' => (string) $form_id );
		$first = self::output( array( $this->pages, 'render_entries' ) );
		$this->assertSame( 20, substr_count( $first, 'data-entry-id=' ) );
		$this->assertStringContainsString( 'Visitor 21', $first );
		$this->assertStringNotContainsString( 'Visitor 1<', $first );
		$this->assertStringContainsString( '21 entries', $first );
		$this->assertStringContainsString( 'paged=2', $first );

		$_GET   = array( 'form_id' => (string) $form_id, 'paged' => '2' );
		$second = self::output( array( $this->pages, 'render_entries' ) );
		$this->assertSame( 1, substr_count( $second, 'data-entry-id=' ) );
		$this->assertStringContainsString( 'Visitor 1<', $second );
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

	public function test_entry_detail_shows_values_and_the_order(): void {
		$form_id  = Plugin::instance()->forms->create( FormsControllerTest::definition() );
		$pricing  = array(
			'currency'      => 'EUR',
			'products'      => array(
				array( 'fieldId' => 9, 'name' => 'Mug', 'quantity' => '2', 'unitMinor' => 1250, 'options' => array(), 'lineMinor' => 2500 ),
			),
			'shippingMinor' => 490,
			'totalMinor'    => 2990,
		);
		$stored   = Plugin::instance()->entries->insert( new Entry( 0, $form_id, array( '1' => '<script>x</script>', '3' => 'b' ), '2026-11-01 10:00:00', '', 0, Entry::STATUS_ACTIVE, $pricing ) );
		$_GET     = array( 'entry_id' => (string) $stored['id'] );
		$html     = self::output( array( $this->pages, 'render_entries' ) );
		$this->assertStringContainsString( '&lt;script&gt;x&lt;/script&gt;', $html );
		$this->assertStringContainsString( '>B<', $html, 'Choice values show their labels.' );
		$this->assertStringContainsString( '29,90 €', $html );
		$this->assertStringContainsString( 'Mug', $html );
	}

	public function test_entry_detail_shows_rows_and_files_with_sizes_and_download_links(): void {
		$form_id = Plugin::instance()->forms->create(
			array(
				'title'  => 'Files',
				'fields' => array(
					array(
						'id'      => 1,
						'type'    => 'list',
						'label'   => 'Items',
						'columns' => array( 'Item', 'Qty' ),
					),
					array(
						'id'            => 2,
						'type'          => 'fileupload',
						'label'         => 'Photos',
						'multipleFiles' => true,
					),
				),
			)
		);
		$token   = str_repeat( 'ab', 16 );
		$stored  = Plugin::instance()->entries->insert(
			new Entry(
				0,
				$form_id,
				array(
					'1' => array( array( 'Tea', '2' ), array( 'Cake', '1' ) ),
					'2' => array(
						array(
							'token' => $token,
							'name'  => '<b>cat</b>.png',
							'size'  => 5 * 1024 * 1024,
							'mime'  => 'image/png',
						),
					),
				),
				'2026-11-01 10:00:00'
			)
		);
		$_GET    = array( 'entry_id' => (string) $stored['id'] );
		$html    = self::output( array( $this->pages, 'render_entries' ) );
		$this->assertStringContainsString( "Item: Tea, Qty: 2\nItem: Cake, Qty: 1", $html );
		$this->assertStringContainsString( '&lt;b&gt;cat&lt;/b&gt;.png</a> (5.0 MB)', $html );
		$this->assertStringContainsString( 'entries/' . $stored['id'] . '/files/' . $token, $html );

		$_GET = array( 'form_id' => (string) $form_id );
		$list = self::output( array( $this->pages, 'render_entries' ) );
		$this->assertStringContainsString( '&lt;b&gt;cat&lt;/b&gt;.png (5.0 MB)', $list );
	}
}
