<?php
/**
 * Autoloading for the PHP test suites, with or without `composer install`.
 *
 * The Debian PHPUnit (/usr/bin/phpunit) does not read vendor/autoload.php, and loading Composer's
 * autoloader next to it would mix two PHPUnit copies, so this file never touches vendor/. It maps the
 * test namespaces itself (the same PSR-4 roots as composer.json's autoload-dev) and reuses the
 * plugin's own autoloader for Kestrel\Forms\.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

require_once dirname( __DIR__, 2 ) . '/plugin/autoload.php';

spl_autoload_register(
	static function ( string $class_name ): void {
		$roots = array(
			'Kestrel\\Forms\\Tests\\Unit\\'        => __DIR__ . '/unit/',
			'Kestrel\\Forms\\Tests\\Integration\\' => __DIR__ . '/integration/',
		);
		foreach ( $roots as $prefix => $dir ) {
			if ( 0 !== strncmp( $class_name, $prefix, strlen( $prefix ) ) ) {
				continue;
			}
			$file = $dir . str_replace( '\\', '/', substr( $class_name, strlen( $prefix ) ) ) . '.php';
			if ( is_file( $file ) ) {
				require_once $file;
			}
			return;
		}
	}
);
