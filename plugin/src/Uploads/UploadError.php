<?php
/**
 * Why an upload (or a claim of uploaded files) was refused.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Uploads;

use RuntimeException;

/**
 * A stable `kestrel_forms_*` code, the HTTP status resumable.js must see, and parameters for the
 * message. Rest\ErrorMapper::upload_error() turns it into a translated WP_Error, in one place.
 *
 * Statuses: resumable.js (1.1) gives up at once on 400, 404, 415, 500 and 501 and retries
 * anything else (up to 100 times), so every refusal below uses one of those; our uploader
 * adds 409 to that list. BUSY (another worker is assembling this upload) uses 503 and the
 * 429s carry a Retry-After: the uploader waits that long and retries.
 */
final class UploadError extends RuntimeException {

	/** No genuine uploaded file part (missing, PHP upload error, not an HTTP upload). */
	public const MISSING_FILE = 'kestrel_forms_upload_missing_file';
	/** Chunk number, chunk size, chunk count or total size do not add up. */
	public const INVALID_CHUNK = 'kestrel_forms_upload_invalid_chunk';
	/** A zero-byte file. */
	public const EMPTY_FILE = 'kestrel_forms_upload_empty';
	/** The file is larger than the field allows (params: limit in bytes). */
	public const TOO_LARGE = 'kestrel_forms_upload_too_large';
	/** The extension is not allowed by the field or by WordPress (params: allowed, a list). */
	public const EXTENSION = 'kestrel_forms_upload_extension';
	/** The content is not what the extension says (a script named .jpg). */
	public const DISGUISED = 'kestrel_forms_upload_disguised';
	/** The form has no file-upload field with this id. */
	public const FIELD_NOT_FOUND = 'kestrel_forms_upload_field_not_found';
	/** A token this server did not issue for this form, field and upload id, or already used. */
	public const UNKNOWN = 'kestrel_forms_upload_unknown';
	/** More files than the field accepts (params: limit). */
	public const TOO_MANY = 'kestrel_forms_upload_too_many';
	/** Another request of the same upload is assembling it right now: retry. */
	public const BUSY = 'kestrel_forms_upload_busy';
	/** The file system refused a write. */
	public const STORAGE = 'kestrel_forms_upload_storage_failed';
	/** No such stored file (download). */
	public const FILE_NOT_FOUND = 'kestrel_forms_file_not_found';
	/** The upload token is missing, unknown, expired, or its file was discarded or refused. */
	public const SESSION_UNKNOWN = 'kestrel_forms_upload_session_unknown';
	/** A chunk's file name, type, total size, chunk size or chunk count differ from the first chunk's. */
	public const MISMATCH = 'kestrel_forms_upload_mismatch';
	/** Markup (HTML, script, PHP) in a file whose type cannot hold it. */
	public const MARKUP = 'kestrel_forms_upload_dangerous_content';
	/** An image with more pixels than allowed (params: limit, megapixels). */
	public const IMAGE_TOO_LARGE = 'kestrel_forms_upload_image_too_large';
	/** Too many upload requests or new sessions from this client (params: retry_after). */
	public const RATE_LIMITED = 'kestrel_forms_rate_limited';
	/** This client has too many uploads open or too many bytes stored (params: retry_after). */
	public const QUOTA = 'kestrel_forms_upload_quota_exceeded';

	private const STATUS = array(
		self::MISSING_FILE    => 400,
		self::INVALID_CHUNK   => 400,
		self::EMPTY_FILE      => 400,
		self::TOO_LARGE       => 400,
		self::EXTENSION       => 415,
		self::DISGUISED       => 415,
		self::FIELD_NOT_FOUND => 404,
		self::UNKNOWN         => 400,
		self::TOO_MANY        => 400,
		self::BUSY            => 503,
		self::STORAGE         => 500,
		self::FILE_NOT_FOUND  => 404,
		self::SESSION_UNKNOWN => 404,
		self::MISMATCH        => 409,
		self::MARKUP          => 415,
		self::IMAGE_TOO_LARGE => 415,
		self::RATE_LIMITED    => 429,
		self::QUOTA           => 429,
	);

	/** Seconds a client waits before retrying a BUSY answer. */
	public const BUSY_RETRY_AFTER = 2;

	/**
	 * An upload error of a kind, with its message details.
	 *
	 * @param string               $error_code One of the constants.
	 * @param array<string, mixed> $params     Details for the message.
	 * @param string               $detail     Untranslated detail for logs and tests (never shown).
	 */
	public function __construct(
		public readonly string $error_code,
		public readonly array $params = array(),
		string $detail = ''
	) {
		parent::__construct( '' === $detail ? $error_code : $error_code . ': ' . $detail );
	}

	/**
	 * The HTTP status for this error.
	 */
	public function status(): int {
		return self::STATUS[ $this->error_code ] ?? 400;
	}

	/**
	 * Seconds the client should wait before trying again (the Retry-After header), or null
	 * when a retry cannot help.
	 */
	public function retry_after(): ?int {
		if ( self::BUSY === $this->error_code ) {
			return self::BUSY_RETRY_AFTER;
		}
		if ( isset( $this->params['retry_after'] ) ) {
			return max( 1, (int) $this->params['retry_after'] );
		}
		return null;
	}
}
