<?php
/**
 * The per-site loop of multisite activation and uninstall (Persistence\Sites::each). The test
 * WordPress here runs single-site (SQLite, no network install), so the loop is tested with
 * stand-in switch functions; the single-site path is covered by the integration suite.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Unit\Persistence;

use Kestrel\Forms\Persistence\Sites;
use PHPUnit\Framework\TestCase;
use RuntimeException;

final class SitesTest extends TestCase {

	public function test_the_callback_runs_once_on_each_site_switched_to_it(): void {
		$current = 1;
		$stack   = array();
		$seen    = array();
		Sites::each(
			array( 1, 2, 5 ),
			static function () use ( &$current, &$seen ): void {
				$seen[] = $current;
			},
			static function ( int $id ) use ( &$current, &$stack ): void {
				$stack[] = $current;
				$current = $id;
			},
			static function () use ( &$current, &$stack ): void {
				$current = array_pop( $stack );
			}
		);
		$this->assertSame( array( 1, 2, 5 ), $seen );
		$this->assertSame( 1, $current, 'Back on the first site.' );
		$this->assertSame( array(), $stack );
	}

	public function test_a_failing_site_still_switches_back(): void {
		$current = 1;
		$stack   = array();
		try {
			Sites::each(
				array( 3 ),
				static function (): void {
					throw new RuntimeException( 'install failed' );
				},
				static function ( int $id ) use ( &$current, &$stack ): void {
					$stack[] = $current;
					$current = $id;
				},
				static function () use ( &$current, &$stack ): void {
					$current = array_pop( $stack );
				}
			);
			$this->fail( 'The failure is not swallowed.' );
		} catch ( RuntimeException $e ) {
			$this->assertSame( 'install failed', $e->getMessage() );
		}
		$this->assertSame( 1, $current );
	}

	public function test_uninstall_covers_every_site_and_activation_only_active_ones(): void {
		// The uninstall loop (for_each_site() with its default) leaves no archived or deleted
		// site out: their tables and options go too.
		$default = ( new \ReflectionMethod( Sites::class, 'for_each_site' ) )->getParameters()[1] ?? null;
		$this->assertNotNull( $default, 'for_each_site() takes whether to keep to active sites.' );
		$this->assertFalse( $default->getDefaultValue() );
		$this->assertSame(
			array(
				'fields' => 'ids',
				'number' => 0,
			),
			Sites::query( false )
		);
		$active = Sites::query( true );
		$this->assertSame( 0, $active['archived'] );
		$this->assertSame( 0, $active['deleted'] );
	}
}
