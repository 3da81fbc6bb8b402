<?php
/**
 * Where an uploaded chunk comes from.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Contracts;

/**
 * Production takes chunks only from PHP's own upload handling (Uploads\PhpUploadSource:
 * is_uploaded_file + move_uploaded_file). The seam exists so integration tests, where no real
 * HTTP upload happens, can hand over a file they wrote; nothing in the plugin can switch it.
 */
interface ChunkSource {

	/**
	 * Moves the file a request's `file` part names to $destination.
	 *
	 * @param array<string, mixed> $file        The request's file parameter ($_FILES entry).
	 * @param string               $destination Absolute path chosen by the server.
	 * @return bool False when the part is not a genuine upload or could not be moved.
	 */
	public function move( array $file, string $destination ): bool;
}
