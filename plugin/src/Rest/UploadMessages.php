<?php
/**
 * Translated texts for upload error codes.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Rest;

use Kestrel\Forms\Uploads\UploadError;

/**
 * Visitor-facing: the browser shows "{filename} - {message}" (spec §8), so each text reads well
 * after a file name and a dash.
 */
final class UploadMessages {

	/**
	 * The visitor-facing text of an upload error.
	 *
	 * @param UploadError $error Error.
	 */
	public static function message( UploadError $error ): string {
		$p = $error->params;
		switch ( $error->error_code ) {
			case UploadError::MISSING_FILE:
				return __( 'The file did not arrive. Please try again.', 'kestrel-forms' );
			case UploadError::INVALID_CHUNK:
				return __( 'A part of the file did not arrive intact. Please upload the file again.', 'kestrel-forms' );
			case UploadError::EMPTY_FILE:
				return __( 'The file is empty.', 'kestrel-forms' );
			case UploadError::TOO_LARGE:
				/* translators: %s: size such as "5 MB". */
				return sprintf( __( 'The file is larger than the limit of %s.', 'kestrel-forms' ), size_format( (int) ( $p['limit'] ?? 0 ) ) );
			case UploadError::EXTENSION:
				$allowed = array_map( 'strval', (array) ( $p['allowed'] ?? array() ) );
				return $allowed
					/* translators: %s: comma-separated extensions such as "jpg, png". */
					? sprintf( __( 'This type of file is not allowed. Allowed types: %s.', 'kestrel-forms' ), implode( ', ', $allowed ) )
					: __( 'This type of file is not allowed.', 'kestrel-forms' );
			case UploadError::DISGUISED:
				return __( 'The file\'s content does not match its extension.', 'kestrel-forms' );
			case UploadError::FIELD_NOT_FOUND:
				return __( 'This form has no file upload field with that id.', 'kestrel-forms' );
			case UploadError::UNKNOWN:
				return __( 'An uploaded file is unknown or has already been used. Please upload it again.', 'kestrel-forms' );
			case UploadError::TOO_MANY:
				$limit = (int) ( $p['limit'] ?? 0 );
				/* translators: %d: most files. */
				return sprintf( _n( 'You can upload at most %d file here.', 'You can upload at most %d files here.', $limit, 'kestrel-forms' ), $limit );
			case UploadError::BUSY:
				return __( 'The file is being processed. Please try again in a moment.', 'kestrel-forms' );
			case UploadError::FILE_NOT_FOUND:
				return __( 'File not found.', 'kestrel-forms' );
			case UploadError::SESSION_UNKNOWN:
				return __( 'This upload has expired or was removed. Please upload the file again.', 'kestrel-forms' );
			case UploadError::MISMATCH:
				return __( 'A part of the file does not belong to this upload. Please upload the file again.', 'kestrel-forms' );
			case UploadError::MARKUP:
				return __( 'The file contains web page or script code, which this type of file may not contain.', 'kestrel-forms' );
			case UploadError::IMAGE_TOO_LARGE:
				/* translators: %s: number of megapixels such as "50". */
				return sprintf( __( 'The image has too many pixels (at most %s megapixels).', 'kestrel-forms' ), number_format_i18n( (int) ( $p['limit'] ?? 0 ) / 1000000, 1 ) );
			case UploadError::QUOTA:
				return __( 'You have too many uploads in progress. Please submit the form or try again later.', 'kestrel-forms' );
			case UploadError::RATE_LIMITED:
				return __( 'Too many uploads at once. Please try again in a moment.', 'kestrel-forms' );
			case UploadError::STORAGE:
			default:
				return __( 'The file could not be stored. Please try again later.', 'kestrel-forms' );
		}
	}
}
