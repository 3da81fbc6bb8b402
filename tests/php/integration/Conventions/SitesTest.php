<?php
/**
 * Multisite wiring (issue 14) as far as the single-site test WordPress can show it: a deleted
 * site's tables include the plugin's, activation (also network-wide, which on a single site is
 * this site) runs the install, and a new site is left alone while the plugin is not network
 * active. The per-site loop itself: tests/php/unit/Persistence/SitesTest.php.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Conventions;

use Kestrel\Forms\Persistence\Schema;
use Kestrel\Forms\Persistence\Sites;
use Kestrel\Forms\Plugin;
use Kestrel\Forms\Security\Capabilities;
use Kestrel\Forms\Tests\Integration\Support\TestCase;

final class SitesTest extends TestCase {

	public function test_a_deleted_site_drops_the_plugin_tables_too(): void {
		$tables = apply_filters( 'wpmu_drop_tables', array( 'wp_2_posts' ), 2 );
		$this->assertContains( 'wp_2_posts', $tables );
		foreach ( Schema::tables() as $table ) {
			$this->assertContains( $table, $tables );
		}
	}

	public function test_activation_installs_capabilities_and_tables(): void {
		$role = get_role( 'administrator' );
		foreach ( array_merge( array( Capabilities::MANAGE ), Capabilities::GRANULAR ) as $capability ) {
			$role->remove_cap( $capability );
		}
		Plugin::activate( true );
		$role = get_role( 'administrator' );
		foreach ( array_merge( array( Capabilities::MANAGE ), Capabilities::GRANULAR ) as $capability ) {
			$this->assertTrue( $role->has_cap( $capability ), $capability );
		}
		$this->assertSame( Schema::VERSION, (int) get_option( Schema::VERSION_OPTION ) );
	}

	public function test_new_sites_are_hooked_and_ignored_when_not_network_active(): void {
		$this->assertSame( 200, has_action( 'wp_initialize_site', array( Plugin::class, 'initialize_site' ) ) );
		$this->assertFalse( Sites::network_active( plugin_basename( KESTREL_FORMS_FILE ) ) );
		$ran = false;
		Sites::initialize_site(
			(object) array( 'blog_id' => 2 ),
			plugin_basename( KESTREL_FORMS_FILE ),
			static function () use ( &$ran ): void {
				$ran = true;
			}
		);
		$this->assertFalse( $ran );
	}
}
