<?php
/**
 * WordPress conventions (issue 14): the plugin's translations load from /languages, every script
 * of the plugin gets its JSON translations, and the template is in the plugin.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Conventions;

use Kestrel\Forms\Assets\Assets;
use Kestrel\Forms\Tests\Integration\Support\TestCase;
use ReflectionClass;
use WP_Scripts;

final class TranslationsTest extends TestCase {

	/**
	 * Handles of others (core's strength meter, the provider's SDK): not ours to translate.
	 */
	private const NOT_OURS = array( Assets::PASSWORD_METER, Assets::PAYMENTS_SDK, Assets::ON_INTENT_TEMPLATE );

	protected function tear_down(): void {
		unset( $GLOBALS['current_screen'] );
		$GLOBALS['wp_scripts'] = new WP_Scripts(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- back to a fresh page load.
	}

	public function test_the_header_names_the_languages_folder_and_it_holds_the_template(): void {
		$data = get_file_data(
			KESTREL_FORMS_FILE,
			array(
				'domain' => 'Text Domain',
				'path'   => 'Domain Path',
			)
		);
		$this->assertSame( 'kestrel-forms', $data['domain'] );
		$this->assertSame( '/languages', $data['path'] );
		$this->assertFileExists( KESTREL_FORMS_DIR . $data['path'] . '/kestrel-forms.pot' );
	}

	public function test_every_script_handle_of_the_plugin_has_its_translations_set(): void {
		// An admin page load: every handle is registered there.
		set_current_screen( 'dashboard' );
		$this->assertTrue( is_admin() );
		$GLOBALS['wp_scripts'] = new WP_Scripts(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- a fresh page load.
		Assets::register();

		$handles = array_diff( array_values( ( new ReflectionClass( Assets::class ) )->getConstants() ), self::NOT_OURS );
		$handles = array_filter( $handles, static fn( $value ): bool => is_string( $value ) && str_starts_with( $value, 'kestrel-forms-' ) );
		$this->assertContains( Assets::ADMIN_SETTINGS, $handles );
		$this->assertGreaterThanOrEqual( 6, count( $handles ) );
		foreach ( $handles as $handle ) {
			$script = wp_scripts()->query( $handle, 'registered' );
			$this->assertNotFalse( $script, "$handle is registered (build/ present)" );
			$this->assertSame( 'kestrel-forms', $script->textdomain, "$handle has the text domain" );
			$this->assertSame( KESTREL_FORMS_DIR . '/languages', $script->translations_path, "$handle reads /languages" );
		}
	}

	public function test_scripts_are_registered_by_assets_only(): void {
		// So the handles checked above are every script of the plugin (admin screens enqueue them).
		$files = new \RecursiveIteratorIterator( new \RecursiveDirectoryIterator( KESTREL_FORMS_DIR . '/src', \FilesystemIterator::SKIP_DOTS ) );
		foreach ( $files as $file ) {
			if ( 'Assets.php' === $file->getFilename() || 'php' !== $file->getExtension() ) {
				continue;
			}
			$this->assertSame( 0, preg_match( '/wp_register_script\s*\(/', (string) file_get_contents( $file->getPathname() ) ), $file->getPathname() . ' registers a script outside Assets.' );
		}
	}
}
