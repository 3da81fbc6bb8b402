<?php
/**
 * Server-side names: tokens, storage keys, extensions.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Uploads;

/**
 * Nothing the client sends ever becomes part of a path: chunk folders are named by the hash of
 * the server-issued session token, stored files by random hex with no extension, so no web
 * server can map them to a script handler (docs/rest-api.md, "Uploads").
 */
final class FileNames {

	/**
	 * Extensions refused whatever a site's allowed types say (the `upload_mimes` filter can add
	 * any): server-side scripts, server configuration and programs. Files are never stored under
	 * their own names anyway; this keeps such files out of entries altogether.
	 */
	public const DANGEROUS_EXTENSIONS = array(
		'php',
		'php3',
		'php4',
		'php5',
		'php7',
		'php8',
		'phtml',
		'pht',
		'phps',
		'phar',
		'inc',
		'cgi',
		'fcgi',
		'pl',
		'py',
		'rb',
		'sh',
		'bash',
		'asp',
		'aspx',
		'asa',
		'ashx',
		'cer',
		'jsp',
		'jspx',
		'shtml',
		'htaccess',
		'htpasswd',
		'ini',
		'exe',
		'com',
		'bat',
		'cmd',
		'msi',
		'dll',
		'scr',
		'vbs',
		'ps1',
		'jar',
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
	 * A new upload session token: 64 lowercase hex characters (256 bits from the CSPRNG). Only
	 * its sha256 (token_hash()) is stored, so the database never holds a live token.
	 */
	public static function session_token(): string {
		return bin2hex( random_bytes( 32 ) );
	}

	/**
	 * Whether a string has the shape of a session token.
	 *
	 * @param mixed $value Candidate.
	 */
	public static function is_session_token( mixed $value ): bool {
		return is_string( $value ) && 1 === preg_match( '/^[a-f0-9]{64}$/D', $value );
	}

	/**
	 * What is stored of a session token (and names its chunk folder).
	 *
	 * @param string $token Session token.
	 */
	public static function token_hash( string $token ): string {
		return hash( 'sha256', 'kestrel-forms-upload-session|' . $token );
	}

	/**
	 * The browser's unique upload id (spec §9: 8 hex characters), lowercased; null when malformed.
	 * It no longer identifies anything on the server (the session token does); kept so callers
	 * that still send it are accepted.
	 *
	 * @param mixed $value Candidate.
	 */
	public static function upload_id( mixed $value ): ?string {
		return is_string( $value ) && 1 === preg_match( '/^[A-Fa-f0-9]{8}$/D', $value ) ? strtolower( $value ) : null;
	}

	/**
	 * The name shown for a file: the client's name without any format character (Unicode
	 * category Cf: bidi marks, overrides and isolates such as U+200E/200F, U+061C, U+202A-202E,
	 * U+2066-2069, which make "photo\u{202E}gnp.exe" read as "photoexe.png"; zero-width and
	 * invisible characters such as U+200B-200D, U+2060-2064, U+FEFF; the soft hyphen), control
	 * characters (Cc) and the line and paragraph separators (U+2028, U+2029), then WordPress's
	 * file-name sanitizing.
	 *
	 * @param string $name Name as the client sent it.
	 */
	public static function display_name( string $name ): string {
		if ( ! mb_check_encoding( $name, 'UTF-8' ) ) {
			$name = (string) mb_convert_encoding( $name, 'UTF-8', 'UTF-8' );
		}
		$name = (string) preg_replace( '/[\p{Cf}\p{Cc}\p{Zl}\p{Zp}]/u', '', $name );
		return sanitize_file_name( wp_basename( $name ) );
	}

	/**
	 * The lowercased last extension of a file name ('' when none).
	 *
	 * @param string $name File name.
	 */
	public static function extension( string $name ): string {
		$base = basename( str_replace( '\\', '/', $name ) );
		$dot  = strrpos( $base, '.' );
		return ( false === $dot || strlen( $base ) - 1 === $dot ) ? '' : strtolower( substr( $base, $dot + 1 ) );
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
