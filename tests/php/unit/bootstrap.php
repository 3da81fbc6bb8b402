<?php
/**
 * Bootstrap of the `unit` suite (and the default bootstrap of phpunit.xml.dist): autoloading only.
 *
 * Domain code must run without WordPress (docs: ARCHITECTURE.md §3), so nothing here defines
 * ABSPATH or stubs a WordPress function: a Domain class that calls one fails with
 * "Call to undefined function". The integration suite boots WordPress in its own bootstrap.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

require_once dirname( __DIR__ ) . '/autoload.php';
