<?php
/**
 * Server-side names: tokens, storage keys, extensions.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Uploads;

/**
 * Nothing the client sends ever becomes part of a path: chunk folders are named by a hash of the
 * upload's identity, stored files by random hex with no extension, so no web server can map
 * them to a script handler (docs/rest-api.md, "Uploads").
 */
final class FileNames {

	/**
	 * Extensions refused whatever a site's allowed types say (the `upload_mimes` filter can add
	 * any): server-side scripts, server configuration and programs. Files are never stored under
	 * their own names anyway; this keeps such files out of entries altogether.
	 */
	public const DANGEROUS_EXTENSIONS = array(
		'php', 'php3', 'php4', 'php5', 'php7', 'php8', 'phtml', 'pht', 'phps', 'phar', 'inc',
		'cgi', 'fcgi', 'pl', 'py', 'rb', 'sh', 'bash', 'asp', 'aspx', 'asa', 'ashx', 'cer', 'jsp',
		'jspx', 'shtml', 'htaccess', 'htpasswd', 'ini', 'exe', 'com', 'bat', 'cmd', 'msi', 'dll',
		'scr', 'vbs', 'ps1', 'jar',
	);

	/**
	 * An opaque random token: 32 lowercase hex characters (128 bits).
	 */
	public static function token(): string {
		return bin2hex( random_bytes( 16 ) );
	}

	/**
	 * Whether a string has the shape of a token.
	 *
	 * @param mixed $value Candidate.
	 */
	public static function is_token( mixed $value ): bool {
		return is_string( $value ) && 1 === preg_match( '/^[a-f0-9]{32}$/D', $value );
	}

	/**
	 * The browser's unique upload id (spec §9: 8 hex characters), lowercased; null when malformed.
	 *
	 * @param mixed $value Candidate.
	 */
	public static function upload_id( mixed $value ): ?string {
		return is_string( $value ) && 1 === preg_match( '/^[A-Fa-f0-9]{8}$/D', $value ) ? strtolower( $value ) : null;
	}

	/**
	 * The storage key of one file being uploaded: a hash of everything that identifies it, so
	 * the client's identifier never reaches the file system and a different chunking of the
	 * same file is a different upload.
	 *
	 * @param int       $form_id    Form id.
	 * @param int       $field_id   Field id.
	 * @param string    $upload_id  The browser's upload id.
	 * @param string    $identifier resumableIdentifier.
	 * @param ChunkPlan $plan       Chunking.
	 */
	public static function upload_key( int $form_id, int $field_id, string $upload_id, string $identifier, ChunkPlan $plan ): string {
		return hash(
			'sha256',
			implode( "\0", array( 'kestrel-forms-upload', $form_id, $field_id, $upload_id, $identifier, $plan->total_size, $plan->chunk_size, $plan->total_chunks ) )
		);
	}

	/**
	 * The lowercased last extension of a file name ('' when none).
	 *
	 * @param string $name File name.
	 */
	public static function extension( string $name ): string {
		$base = basename( str_replace( '\\', '/', $name ) );
		$dot  = strrpos( $base, '.' );
		return ( false === $dot || $dot === strlen( $base ) - 1 ) ? '' : strtolower( substr( $base, $dot + 1 ) );
	}

	/**
	 * A field's allowedExtensions ("jpg, .PNG,pdf") as a clean list (empty: no field restriction).
	 *
	 * @param string $list Comma-separated extensions.
	 * @return list<string>
	 */
	public static function extension_list( string $list ): array {
		$out = array();
		foreach ( explode( ',', $list ) as $part ) {
			$ext = strtolower( ltrim( trim( $part ), '.' ) );
			if ( '' !== $ext && 1 === preg_match( '/^[a-z0-9]+$/D', $ext ) ) {
				$out[ $ext ] = $ext;
			}
		}
		return array_values( $out );
	}

	/**
	 * Whether an extension is one that is refused everywhere.
	 *
	 * @param string $extension Lowercase extension.
	 */
	public static function is_dangerous( string $extension ): bool {
		return in_array( $extension, self::DANGEROUS_EXTENSIONS, true );
	}

	/**
	 * A file name for the Content-Disposition header: the ASCII fallback (quotes, backslashes and
	 * control characters removed) and the RFC 5987 UTF-8 form.
	 *
	 * @param string $name Stored original name.
	 */
	public static function content_disposition( string $name ): string {
		$ascii = preg_replace( '/[^\x20-\x7e]|["\\\\]/', '_', $name ) ?? 'file';
		$ascii = '' === trim( $ascii ) ? 'file' : $ascii;
		return 'attachment; filename="' . $ascii . '"; filename*=UTF-8\'\'' . rawurlencode( $name );
	}
}
