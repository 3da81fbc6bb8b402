<?php
/**
 * Chunks from PHP's upload handling.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Uploads;

use Kestrel\Forms\Contracts\ChunkSource;

/**
 * Accepts only a file PHP itself received in this request's multipart body.
 */
final class PhpUploadSource implements ChunkSource {

	/**
	 * Moves the uploaded file to the destination, when PHP received it in this request.
	 *
	 * @param array<string, mixed> $file        $_FILES entry.
	 * @param string               $destination Absolute path chosen by the server.
	 */
	public function move( array $file, string $destination ): bool {
		$tmp = isset( $file['tmp_name'] ) && is_string( $file['tmp_name'] ) ? $file['tmp_name'] : '';
		if ( '' === $tmp || UPLOAD_ERR_OK !== (int) ( $file['error'] ?? UPLOAD_ERR_NO_FILE ) || ! is_uploaded_file( $tmp ) ) {
			return false;
		}
		return move_uploaded_file( $tmp, $destination );
	}
}
