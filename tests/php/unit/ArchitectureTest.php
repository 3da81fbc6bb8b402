<?php
/**
 * PHP folders import one way (ARCHITECTURE.md §6): REST controllers call use cases and Domain,
 * never the other way round.
 *
 * - Nothing but Plugin.php (the composition root) and Rest/ itself names anything in Rest/.
 * - Domain/ names nothing of the plugin outside Domain/ (it is pure PHP; the unit suite runs it
 *   without WordPress).
 * - Uploads/ and Submissions/ (the use cases) never name Rest/ (covered by the first rule; kept as
 *   its own test so that its failure says which use case reaches back).
 *
 * Every name counts, not only `use` lines: fully qualified names in code (`\Kestrel\Forms\Rest\X`)
 * and group uses too. Comments and strings do not count.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Unit;

use PHPUnit\Framework\TestCase;
use RecursiveDirectoryIterator;
use RecursiveIteratorIterator;

final class ArchitectureTest extends TestCase {

	private const PREFIX = 'Kestrel\\Forms\\';

	public function test_nothing_but_the_composition_root_imports_rest(): void {
		$this->assertSame(
			array(),
			self::violations(
				static fn( string $from, string $to ): bool => 'Rest' === $to && ! in_array( $from, array( 'Rest', 'Plugin' ), true )
			),
			'Only plugin/src/Plugin.php may name Kestrel\\Forms\\Rest\\*: pass what another folder needs '
			. '(e.g. Rest\\Routes::NAMESPACE) in from Plugin.php, or move shared code to a neutral folder.'
		);
	}

	public function test_domain_imports_nothing_outside_domain(): void {
		$this->assertSame(
			array(),
			self::violations(
				static fn( string $from, string $to ): bool => 'Domain' === $from && 'Domain' !== $to
			),
			'Domain/ is pure PHP and may only name Kestrel\\Forms\\Domain\\*.'
		);
	}

	public function test_use_cases_never_import_rest(): void {
		$this->assertSame(
			array(),
			self::violations(
				static fn( string $from, string $to ): bool => in_array( $from, array( 'Uploads', 'Submissions' ), true ) && 'Rest' === $to
			),
			'Uploads/ and Submissions/ are use cases: they throw or return results, and Rest/ turns them into responses.'
		);
	}

	/**
	 * The scanner itself: it must see `use` lines, group uses, fully qualified names in code and
	 * names in signatures, and must not see comments, strings or the file's own namespace.
	 */
	public function test_the_scanner_finds_every_kind_of_reference(): void {
		$source  = <<<'PHP'
<?php
namespace Kestrel\Forms\Rest;
use Kestrel\Forms\Admin\EntryPresenter;
use Kestrel\Forms\Persistence\{FormRepository, EntryRepository};
// use Kestrel\Forms\Commented\Out;
/** @see \Kestrel\Forms\DocBlock\Only */
final class X {
	public function a( \Kestrel\Forms\Domain\Form\Form $form ): \Kestrel\Forms\Uploads\UploadStore {
		$name = 'Kestrel\Forms\InAString\No';
		return \Kestrel\Forms\Uploads\UploadStore::make( \Kestrel\Forms\Security\Capabilities::MANAGE );
	}
}
PHP;
		$folders = array_map( static fn( array $r ): string => $r[0], self::references( $source ) );
		$this->assertSame( array( 'Admin', 'Persistence', 'Domain', 'Uploads', 'Uploads', 'Security' ), $folders );
		$this->assertSame( array( array( 'Admin', 3 ) ), array_slice( self::references( $source ), 0, 1 ) );
	}

	/**
	 * Every reference from one top-level folder of plugin/src to another that the rule forbids,
	 * as "plugin/src/Path.php:line names Kestrel\Forms\Folder\...".
	 *
	 * @param callable(string, string): bool $forbidden Whether $from may not name $to.
	 * @return list<string>
	 */
	private static function violations( callable $forbidden ): array {
		$root  = dirname( __DIR__, 3 ) . '/plugin/src';
		$found = array();
		$files = new RecursiveIteratorIterator( new RecursiveDirectoryIterator( $root, RecursiveDirectoryIterator::SKIP_DOTS ) );
		foreach ( $files as $file ) {
			if ( ! $file->isFile() || 'php' !== $file->getExtension() ) {
				continue;
			}
			$relative = substr( $file->getPathname(), strlen( $root ) + 1 );
			$from     = str_contains( $relative, '/' ) ? strstr( $relative, '/', true ) : basename( $relative, '.php' );
			foreach ( self::references( (string) file_get_contents( $file->getPathname() ) ) as list( $to, $line ) ) {
				if ( $to !== $from && $forbidden( $from, $to ) ) {
					$found[] = 'plugin/src/' . $relative . ':' . $line . ' names Kestrel\\Forms\\' . $to . '\\...';
				}
			}
		}
		sort( $found );
		return $found;
	}

	/**
	 * The top-level folders (or root classes, e.g. "Plugin") of Kestrel\Forms that a PHP source
	 * names in code, with the line of each name.
	 *
	 * @param string $source PHP source.
	 * @return list<array{0: string, 1: int}>
	 */
	private static function references( string $source ): array {
		$refs         = array();
		$in_namespace = false; // Between `namespace` and its name: the file's own namespace.
		foreach ( token_get_all( $source ) as $token ) {
			if ( ! is_array( $token ) ) {
				$in_namespace = false;
				continue;
			}
			if ( T_NAMESPACE === $token[0] ) {
				$in_namespace = true;
				continue;
			}
			if ( ! in_array( $token[0], array( T_NAME_QUALIFIED, T_NAME_FULLY_QUALIFIED ), true ) ) {
				continue;
			}
			if ( $in_namespace ) {
				$in_namespace = false;
				continue;
			}
			// A group use (`use Kestrel\Forms\Persistence\{A, B};`) is one name before the brace.
			$name = ltrim( $token[1], '\\' );
			if ( ! str_starts_with( $name, self::PREFIX ) ) {
				continue;
			}
			$refs[] = array( explode( '\\', substr( $name, strlen( self::PREFIX ) ) )[0], $token[2] );
		}
		return $refs;
	}
}
