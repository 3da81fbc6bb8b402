<?php
/**
 * One resumable.js request (a chunk POST or a test GET), as the client sent it.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Uploads;

/**
 * Built by the REST controller from the request's parameters (types already checked by the
 * route's schema); UploadService checks the figures against the session and the field.
 */
final class ChunkRequest {

	/**
	 * Holds the request's values.
	 *
	 * @param string   $token        The session token (header X-Kestrel-Upload-Token or upload_token).
	 * @param int      $number       resumableChunkNumber (1-based).
	 * @param int      $chunk_size   resumableChunkSize.
	 * @param int      $current_size resumableCurrentChunkSize (-1 when absent).
	 * @param int      $total_size   resumableTotalSize (0 when absent).
	 * @param int      $total_chunks resumableTotalChunks.
	 * @param string   $file_name    original_filename, else resumableFilename (not yet cleaned).
	 * @param string   $type         resumableType ('' when absent).
	 * @param int|null $form_id      form_id when sent (must be the session's).
	 * @param int|null $field_id     field_id when sent (must be the session's).
	 */
	public function __construct(
		public readonly string $token,
		public readonly int $number,
		public readonly int $chunk_size,
		public readonly int $current_size,
		public readonly int $total_size,
		public readonly int $total_chunks,
		public readonly string $file_name,
		public readonly string $type,
		public readonly ?int $form_id = null,
		public readonly ?int $field_id = null
	) {}
}
