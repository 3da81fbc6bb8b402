<?php
/**
 * The parts of a file a plain form post brought, as chunks of the upload pipeline.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Submissions;

use Kestrel\Forms\Contracts\ChunkSource;

/**
 * A file a plain post uploaded arrives whole; the upload pipeline ({@see \Kestrel\Forms\Uploads\UploadService})
 * takes files as chunks (at most its largest chunk size each). {@see PlainPostUploads} first moves
 * the genuine upload (checked by the real source: is_uploaded_file) into the upload work folder,
 * then hands it to the pipeline chunk by chunk through this source, which copies one byte range
 * of that file: `tmp_name` (the moved file), `offset` and `size` (the chunk's bytes). Only
 * PlainPostUploads builds those arrays; nothing a browser sends reaches this class.
 */
final class PlainPostFileParts implements ChunkSource {

	/**
	 * Copies the part of the file to the destination.
	 *
	 * @param array<string, mixed> $file        `tmp_name`, `offset` and `size` of the part.
	 * @param string               $destination Absolute path chosen by the pipeline.
	 */
	public function move( array $file, string $destination ): bool {
		$path   = is_string( $file['tmp_name'] ?? null ) ? $file['tmp_name'] : '';
		$offset = (int) ( $file['offset'] ?? -1 );
		$size   = (int) ( $file['size'] ?? 0 );
		if ( '' === $path || $offset < 0 || $size < 1 || ! is_file( $path ) ) {
			return false;
		}
		// phpcs:disable WordPress.WP.AlternativeFunctions -- a streaming copy of a byte range; WP_Filesystem reads whole files.
		$in = @fopen( $path, 'rb' ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- false is handled.
		if ( ! $in ) {
			return false;
		}
		$out = @fopen( $destination, 'xb' ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- false is handled.
		if ( ! $out ) {
			fclose( $in );
			return false;
		}
		$copied = stream_copy_to_stream( $in, $out, $size, $offset );
		fclose( $in );
		fclose( $out );
		// phpcs:enable
		return $copied === $size;
	}
}
