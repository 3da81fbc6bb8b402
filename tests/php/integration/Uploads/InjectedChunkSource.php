<?php
/**
 * Test double of the chunk source.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Uploads;

use Kestrel\Forms\Contracts\ChunkSource;

/**
 * In-process REST requests have no HTTP upload, so is_uploaded_file() is false for every file.
 * This source accepts files the test wrote into its own folder instead, and nothing else; it is
 * only ever registered by the tests (UploadsTestCase), never by the plugin.
 */
final class InjectedChunkSource implements ChunkSource {

	public function __construct( private readonly string $dir ) {}

	/**
	 * @param array<string, mixed> $file        File parameter.
	 * @param string               $destination Destination.
	 */
	public function move( array $file, string $destination ): bool {
		$tmp = (string) ( $file['tmp_name'] ?? '' );
		if ( '' === $tmp || dirname( $tmp ) !== $this->dir || ! is_file( $tmp ) ) {
			return false;
		}
		return rename( $tmp, $destination );
	}
}
