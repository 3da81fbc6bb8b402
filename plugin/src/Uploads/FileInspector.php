<?php
/**
 * Checks an assembled file before it is accepted.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Uploads;

/**
 * Name checks (field allow-list, WordPress's allowed types, never a script) run on every chunk,
 * so a refused type stores nothing; the content check runs once on the assembled file.
 */
final class FileInspector {

	/**
	 * Refuses a file name whose extension the field or WordPress does not allow.
	 *
	 * @param string      $name   Sanitized file name.
	 * @param FieldPolicy $policy The field's policy.
	 *
	 * @throws UploadError EXTENSION.
	 */
	public function check_name( string $name, FieldPolicy $policy ): void {
		$ext = FileNames::extension( $name );
		if ( '' === $ext || FileNames::is_dangerous( $ext ) || ! $policy->allows_extension( $ext ) ) {
			throw new UploadError( UploadError::EXTENSION, array( 'allowed' => $policy->extensions ), "extension '{$ext}'" );
		}
		$type = wp_check_filetype( $name, get_allowed_mime_types() );
		if ( ! $type['ext'] || ! $type['type'] ) {
			throw new UploadError( UploadError::EXTENSION, array( 'allowed' => $policy->extensions ), "WordPress does not allow '{$ext}'" );
		}
	}

	/**
	 * Checks an assembled file: size, name, and that its content is what its extension says
	 * (wp_check_filetype_and_ext: image headers for images, fileinfo for everything else; a PHP
	 * script named photo.jpg fails here).
	 *
	 * @param string      $path   Absolute path.
	 * @param string      $name   Sanitized original name.
	 * @param int         $size   Expected size, bytes.
	 * @param FieldPolicy $policy The field's policy.
	 * @return array{name: string, mime: string} The name to keep (WordPress may correct the
	 *                                           extension of a mislabelled image) and the mime type.
	 *
	 * @throws UploadError TOO_LARGE, INVALID_CHUNK, EXTENSION or DISGUISED.
	 */
	public function check_file( string $path, string $name, int $size, FieldPolicy $policy ): array {
		clearstatcache( true, $path );
		$actual = (int) filesize( $path );
		if ( $actual > $policy->max_bytes ) {
			throw new UploadError( UploadError::TOO_LARGE, array( 'limit' => $policy->max_bytes ) );
		}
		if ( $actual !== $size ) {
			throw new UploadError( UploadError::INVALID_CHUNK, array(), "assembled {$actual} bytes, expected {$size}" );
		}
		$this->check_name( $name, $policy );

		$mimes = get_allowed_mime_types();
		$real  = wp_check_filetype_and_ext( $path, $name, $mimes );
		if ( ! $real['ext'] || ! $real['type'] ) {
			throw new UploadError( UploadError::DISGUISED, array(), "content does not match '{$name}'" );
		}
		if ( $real['proper_filename'] ) {
			// A real image under another image extension (a PNG named .jpg): keep the true name,
			// provided the field and WordPress accept that extension too.
			$proper = sanitize_file_name( (string) $real['proper_filename'] );
			try {
				$this->check_name( $proper, $policy );
			} catch ( UploadError $e ) {
				throw new UploadError( UploadError::DISGUISED, array(), "content is '{$proper}'" );
			}
			$name = $proper;
		}
		return array(
			'name' => $name,
			'mime' => (string) $real['type'],
		);
	}
}
