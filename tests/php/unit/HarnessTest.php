<?php
/**
 * Proves the unit harness: plain PHP, plugin classes autoloaded, no WordPress.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Unit;

use PHPUnit\Framework\TestCase;

/**
 * Harness checks; Domain tests live beside this file, one folder per Domain area.
 */
final class HarnessTest extends TestCase {

	public function test_wordpress_is_not_loaded(): void {
		$this->assertFalse( defined( 'ABSPATH' ), 'The unit suite must run without WordPress.' );
		$this->assertFalse( function_exists( 'add_filter' ), 'The unit suite must run without WordPress.' );
	}

	/**
	 * Loading every Domain class proves the autoloader and that none extends or implements a
	 * WordPress type (that would fail here with "Class not found").
	 *
	 * @dataProvider domain_classes
	 *
	 * @param string $class_name Fully qualified name derived from the file path.
	 */
	public function test_domain_class_loads_without_wordpress( string $class_name ): void {
		if ( '' === $class_name ) {
			$this->markTestSkipped( 'plugin/src/Domain has no classes yet.' );
		}
		$this->assertTrue(
			class_exists( $class_name ) || interface_exists( $class_name ) || trait_exists( $class_name ) || enum_exists( $class_name ),
			"{$class_name} was not found where PSR-4 puts it."
		);
	}

	/**
	 * Every PHP file under plugin/src/Domain, as a class name.
	 *
	 * @return array<string, array{string}>
	 */
	public function domain_classes(): array {
		$root    = dirname( __DIR__, 3 ) . '/plugin/src';
		$classes = array();
		if ( is_dir( $root . '/Domain' ) ) {
			$files = new \RecursiveIteratorIterator( new \RecursiveDirectoryIterator( $root . '/Domain', \FilesystemIterator::SKIP_DOTS ) );
			foreach ( $files as $file ) {
				if ( 'php' !== $file->getExtension() ) {
					continue;
				}
				$relative             = substr( $file->getPathname(), strlen( $root ) + 1, -4 );
				$class_name           = 'Kestrel\\Forms\\' . str_replace( '/', '\\', $relative );
				$classes[ $relative ] = array( $class_name );
			}
		}
		ksort( $classes );
		return array() === $classes ? array( 'none yet' => array( '' ) ) : $classes;
	}
}
