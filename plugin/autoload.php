<?php
/**
 * PSR-4 autoloader for the Kestrel\Forms\ namespace, so the plugin runs without `composer install`.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

spl_autoload_register(
	static function ( string $class_name ): void {
		$prefix = 'Kestrel\\Forms\\';
		if ( 0 !== strncmp( $class_name, $prefix, strlen( $prefix ) ) ) {
			return;
		}
		$relative = substr( $class_name, strlen( $prefix ) );
		$file     = __DIR__ . '/src/' . str_replace( '\\', '/', $relative ) . '.php';
		if ( is_file( $file ) ) {
			require_once $file;
		}
	}
);
