<?php
/**
 * One resumable.js request (a chunk POST or a test GET), checked.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Uploads;

/**
 * Built by the REST controller once the form and field are known and the figures add up.
 */
final class ChunkRequest {

	public readonly string $key;

	/**
	 * @param int         $form_id       Form id.
	 * @param int         $field_id      File-upload field id.
	 * @param string      $upload_id     The browser's upload id (8 lowercase hex).
	 * @param string      $identifier    resumableIdentifier (only ever hashed).
	 * @param string      $name          Sanitized original file name.
	 * @param ChunkPlan   $plan          Chunking of the file.
	 * @param int         $number        This chunk's number (1-based).
	 * @param FieldPolicy $policy        What the field accepts.
	 */
	public function __construct(
		public readonly int $form_id,
		public readonly int $field_id,
		public readonly string $upload_id,
		public readonly string $identifier,
		public readonly string $name,
		public readonly ChunkPlan $plan,
		public readonly int $number,
		public readonly FieldPolicy $policy
	) {
		$this->key = FileNames::upload_key( $form_id, $field_id, $upload_id, $identifier, $plan );
	}
}
