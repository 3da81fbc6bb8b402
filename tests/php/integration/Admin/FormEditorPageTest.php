<?php
/**
 * The form editor's mount point and the config it prints.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Admin;

use Kestrel\Forms\Admin\FormEditorPage;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

final class FormEditorPageTest extends TestCase {

	protected function set_up(): void {
		$this->as_admin();
	}

	protected function tear_down(): void {
		$_GET = array();
		remove_all_filters( 'kestrel_forms_feed_addon_names' );
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
