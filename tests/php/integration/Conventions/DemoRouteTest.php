<?php
/**
 * The demo route (POST /demo creates a form and publishes a page) exists in development builds
 * only (issue 14).
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Conventions;

use Kestrel\Forms\Rest\DemoController;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

final class DemoRouteTest extends TestCase {

	public function test_only_local_and_development_sites_get_it_unless_the_constant_says(): void {
		$this->assertFalse( DemoController::enabled_in( 'production', null ) );
		$this->assertFalse( DemoController::enabled_in( 'staging', null ) );
		$this->assertTrue( DemoController::enabled_in( 'local', null ) );
		$this->assertTrue( DemoController::enabled_in( 'development', null ) );
		$this->assertTrue( DemoController::enabled_in( 'production', true ), 'KESTREL_FORMS_DEV true turns it on.' );
		$this->assertFalse( DemoController::enabled_in( 'local', false ), 'KESTREL_FORMS_DEV false turns it off.' );
	}

	public function test_the_test_site_is_local_and_has_the_route(): void {
		$this->assertSame( 'local', wp_get_environment_type() );
		$this->assertArrayHasKey( '/kestrel-forms/v1/demo', rest_get_server()->get_routes( 'kestrel-forms/v1' ) );
	}
}
