<?php
/**
 * The "Add New Form" item of the Forms menu (issue 14): a link to the forms list with its
 * template gallery open, highlighted while it is open.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Admin;

use Kestrel\Forms\Admin\AdminPages;
use Kestrel\Forms\Plugin;
use Kestrel\Forms\Rest\Routes;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

final class AddNewFormMenuTest extends TestCase {

	protected function set_up(): void {
		$this->as_admin();
	}

	protected function tear_down(): void {
		$_GET = array();
		unset( $GLOBALS['submenu'][ AdminPages::MENU_SLUG ] );
	}

	public function test_the_forms_menu_has_add_new_form_after_all_forms(): void {
		( new AdminPages( Plugin::instance()->forms, Routes::NAMESPACE ) )->add_menu();
		$items = array_values( $GLOBALS['submenu'][ AdminPages::MENU_SLUG ] ?? array() );
		$this->assertSame(
			array( AdminPages::MENU_SLUG, 'admin.php?page=kestrel-forms&action=new', AdminPages::ENTRIES_SLUG ),
			array_column( $items, 2 )
		);
		$this->assertSame( 'Add New Form', $items[1][0] );
	}

	public function test_the_item_is_highlighted_while_the_gallery_link_is_open(): void {
		$pages = new AdminPages( Plugin::instance()->forms, Routes::NAMESPACE );
		$_GET  = array(
			'page'   => AdminPages::MENU_SLUG,
			'action' => 'new',
		);
		$this->assertSame( AdminPages::NEW_FORM_URL, $pages->current_submenu( null ) );
		$_GET = array( 'page' => AdminPages::MENU_SLUG );
		$this->assertNull( $pages->current_submenu( null ) );
	}
}
