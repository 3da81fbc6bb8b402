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
 * so a refused type stores nothing; the content checks run once on the assembled file:
 * the content must be what the extension says, files whose type cannot hold markup must hold
 * none anywhere (a PDF header followed by PHP or HTML), and images must not declare more
 * pixels than allowed (read from the header, never decoded).
 */
final class FileInspector {

	/** Default largest image: 50 megapixels (filter kestrel_forms_upload_max_image_pixels). */
	public const DEFAULT_MAX_PIXELS = 50000000;

	/**
	 * Markup a browser or a PHP handler would act on, lowercase. Each is long enough (or
	 * followed by a delimiter) that random binary data matches it less than once in 10^9 bytes:
	 * PHP's short tags (`<?=`, `<? `) only count with printable text up to `?>` (or the end of
	 * the data, or 1024 printable bytes in a row), which binary data never has. Every quantifier
	 * is bounded, so no match is longer than MAX_MATCH bytes (the scan's overlap is longer).
	 */
	private const MARKUP = '~<\\?php\\b'
		. '|<\\?(?:=|\\s)(?:[\\t\\n\\r\\x20-\\x7e]{0,1023}(?:\\?>|\\z)|[\\t\\n\\r\\x20-\\x7e]{1024})'
		. '|<script[\\s/>]|<html[\\s>]|<!doctype[\\s>]|<iframe[\\s/>]|<frameset[\\s>]'
		. '|<svg[\\s/][^<>]{0,512}?(?:xmlns|on[a-z]{1,32}\\s{0,64}=)'
		. '|<[a-z][a-z0-9-]{0,31}[\\s/][^<>]{0,512}?[\\s/"\']on[a-z]{2,32}\\s{0,64}='
		. '|javascript\\s{0,64}:'
		. '|<body[\\s>]|<object[\\s>]|<embed[\\s/>]|<meta\\s{1,64}http-equiv|<base\\s{1,64}href|<\\?xml-stylesheet~';

	/** The longest text MARKUP can match (the short-tag alternative: 2 + 1 + 1024 + 2). */
	private const MAX_MATCH = 1100;

	/** Bytes of each block scanned again with the next one: longer than any match, also in the NUL-free (UTF-16) copy. */
	private const SCAN_OVERLAP = 4 * self::MAX_MATCH;

	/** Bytes read at a time by the markup scan (the tail of each block is read again). */
	private const SCAN_BLOCK = 1048576;

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
	 * @throws UploadError TOO_LARGE, INVALID_CHUNK, EXTENSION, DISGUISED (also for an image whose
	 *                     size cannot be read), MARKUP or IMAGE_TOO_LARGE.
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
		$mime = (string) $real['type'];
		$this->check_markup( $path, $mime, $name );
		$this->check_pixels( $path, $mime );
		return array(
			'name' => $name,
			'mime' => $mime,
		);
	}

	/**
	 * Whether files of a type are checked for markup: types that cannot legitimately hold
	 * HTML, script or PHP (images except SVG, PDF, audio, video, office documents). Text, CSV,
	 * SVG, XML and archives are not.
	 *
	 * @param string $mime Mime type.
	 * @param string $name File name.
	 */
	public static function is_markup_free_type( string $mime, string $name ): bool {
		$mime = strtolower( $mime );
		$free = ( str_starts_with( $mime, 'image/' ) && ! str_contains( $mime, 'svg' ) )
			|| str_starts_with( $mime, 'audio/' )
			|| str_starts_with( $mime, 'video/' )
			|| in_array( $mime, array( 'application/pdf', 'application/msword', 'application/rtf', 'application/vnd.apple.keynote', 'application/vnd.apple.numbers', 'application/vnd.apple.pages' ), true )
			|| str_starts_with( $mime, 'application/vnd.ms-' )
			|| str_starts_with( $mime, 'application/vnd.openxmlformats-officedocument.' )
			|| str_starts_with( $mime, 'application/vnd.oasis.opendocument.' );
		/**
		 * Filters whether an uploaded file of this type is refused when it holds markup
		 * (`<?php`, `<script`, `<html`, `<iframe`, `<svg`, `<!DOCTYPE html`, ...).
		 *
		 * @param bool   $free Default: true for images (not SVG), PDF, audio, video, office documents.
		 * @param string $mime The file's real mime type.
		 * @param string $name The file name.
		 */
		return (bool) apply_filters( 'kestrel_forms_upload_markup_free_type', $free, $mime, $name );
	}

	/**
	 * Refuses markup anywhere in a file whose type cannot hold it. Streams the file in blocks
	 * (constant memory), with an overlap so a pattern split by a block edge is still found.
	 *
	 * @param string $path Absolute path.
	 * @param string $mime Real mime type.
	 * @param string $name File name.
	 *
	 * @throws UploadError MARKUP, or STORAGE when the file cannot be read.
	 *
	 * @phpcs:ignore Squiz.Commenting.FunctionCommentThrowTag.WrongNumber -- the sniff counts `throw Storage::failure()` as a class named Storage; it returns an UploadError (STORAGE).
	 */
	public function check_markup( string $path, string $mime, string $name ): void {
		if ( ! self::is_markup_free_type( $mime, $name ) ) {
			return;
		}
		// phpcs:disable WordPress.WP.AlternativeFunctions -- streaming read of a private file.
		$in = @fopen( $path, 'rb' ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged
		if ( ! $in ) {
			throw Storage::failure( "cannot read {$path} for the content check: " . Storage::last_error() );
		}
		try {
			$tail = '';
			while ( ! feof( $in ) ) {
				$block = fread( $in, self::SCAN_BLOCK );
				if ( false === $block ) {
					throw Storage::failure( "cannot read {$path} for the content check: " . Storage::last_error() );
				}
				$text = strtolower( $tail . $block );
				// Also without NUL bytes: markup in UTF-16 ("<\0s\0c\0r\0...") is markup to a browser.
				foreach ( array( $text, str_replace( "\0", '', $text ) ) as $candidate ) {
					if ( 1 === preg_match( self::MARKUP, $candidate, $match ) ) {
						throw new UploadError( UploadError::MARKUP, array(), "'" . substr( $match[0], 0, 64 ) . "' in a {$mime} file" );
					}
				}
				// SCAN_OVERLAP > MAX_MATCH (and > MAX_MATCH twice over for the UTF-16 copy): a
				// match cut by the block edge lies wholly in the next text scanned.
				$tail = substr( $text, -self::SCAN_OVERLAP );
			}
		} finally {
			fclose( $in );
		}
		// phpcs:enable
	}

	/**
	 * The largest image accepted, in pixels (width × height).
	 */
	public static function max_pixels(): int {
		/**
		 * Filters the largest uploaded image, in pixels (width × height), read from the header.
		 *
		 * @param int $pixels Default 50 000 000 (50 megapixels).
		 */
		return max( 1, (int) apply_filters( 'kestrel_forms_upload_max_image_pixels', self::DEFAULT_MAX_PIXELS ) );
	}

	/**
	 * Refuses an image whose header declares more pixels than allowed (getimagesize() reads
	 * the header only; nothing is decoded). An image whose size PHP cannot read (a truncated or
	 * forged header, or a format this PHP's getimagesize() does not know, such as HEIC before
	 * PHP 8.5) is refused too: the limit never fails open. SVG has no pixels and is not checked.
	 *
	 * @param string $path Absolute path.
	 * @param string $mime Real mime type.
	 *
	 * @throws UploadError IMAGE_TOO_LARGE, or DISGUISED when the size cannot be read.
	 */
	public function check_pixels( string $path, string $mime ): void {
		$mime = strtolower( $mime );
		if ( ! str_starts_with( $mime, 'image/' ) || str_contains( $mime, 'svg' ) ) {
			return;
		}
		$size = @getimagesize( $path ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- an unreadable header is refused below.
		if ( ! is_array( $size ) || (int) $size[0] < 1 || (int) $size[1] < 1 ) {
			throw new UploadError( UploadError::DISGUISED, array(), "the {$mime} image's size cannot be read (damaged header, or a format this PHP cannot measure), so its pixel limit cannot be checked" );
		}
		$pixels = (int) $size[0] * (int) $size[1];
		$limit  = self::max_pixels();
		if ( $pixels > $limit ) {
			throw new UploadError( UploadError::IMAGE_TOO_LARGE, array( 'limit' => $limit ), "{$size[0]} x {$size[1]} pixels" );
		}
	}
}
