<?php
/**
 * A REST response whose body is a stored file.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Rest;

use Kestrel\Forms\Uploads\FileNames;

/**
 * Carries the file's path beside the usual response; StreamedResponse::serve() streams it in
 * place of the JSON body. The JSON data (name, size, mime) is what in-process callers such as
 * rest_do_request() see.
 */
final class FileResponse extends StreamedResponse {

	/**
	 * A stored file, sent as a download.
	 *
	 * @param string $path Absolute path.
	 * @param string $name Download name.
	 * @param int    $size Bytes.
	 * @param string $mime Stored mime type.
	 */
	public function __construct( public readonly string $path, string $name, int $size, string $mime ) {
		parent::__construct(
			array(
				'name' => $name,
				'size' => $size,
				'mime' => $mime,
			),
			200,
			array(
				'Content-Type'            => '' !== $mime ? $mime : 'application/octet-stream',
				'Content-Length'          => (string) $size,
				'Content-Disposition'     => FileNames::content_disposition( $name ),
				'X-Content-Type-Options'  => 'nosniff',
				'Content-Security-Policy' => "default-src 'none'; sandbox",
				'Cache-Control'           => 'private, no-store, max-age=0',
			)
		);
	}

	/**
	 * Copies the file to a stream in constant memory.
	 *
	 * @param resource $out Destination (php://output when serving).
	 * @return int Bytes copied.
	 */
	public function stream( $out ): int {
		// phpcs:disable WordPress.WP.AlternativeFunctions -- streaming; WP_Filesystem reads whole files.
		$in = @fopen( $this->path, 'rb' ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- a file removed meanwhile ends the download empty; a PHP warning would land inside the file's bytes.
		if ( ! $in ) {
			return 0;
		}
		$copied = (int) stream_copy_to_stream( $in, $out );
		fclose( $in );
		// phpcs:enable
		return $copied;
	}
}
