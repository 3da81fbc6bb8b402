<?php
/**
 * A REST response whose body is a CSV file written a batch at a time.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Rest;

/**
 * Streamed by StreamedResponse::serve(); in-process callers (rest_do_request, tests) see the file
 * name and may call stream() with a stream of their own. The writer gets a function that writes
 * one row.
 */
final class CsvResponse extends StreamedResponse {

	/**
	 * A CSV download written by $writer.
	 *
	 * @param string   $filename Download name (ASCII).
	 * @param \Closure $writer   fn( callable $put_row ): int rows written; $put_row( list<string> ).
	 */
	public function __construct( string $filename, private readonly \Closure $writer ) {
		parent::__construct(
			array( 'filename' => $filename ),
			200,
			array(
				'Content-Type'           => 'text/csv; charset=utf-8',
				'Content-Disposition'    => 'attachment; filename="' . $filename . '"',
				'X-Content-Type-Options' => 'nosniff',
				'Cache-Control'          => 'private, no-store, max-age=0',
			)
		);
	}

	/**
	 * Writes the file to a stream: a UTF-8 byte order mark (so spreadsheets read the accents),
	 * then every row, flushing after each batch the writer produces.
	 *
	 * @param resource $out Destination.
	 * @return int Rows written (header included).
	 */
	public function stream( $out ): int {
		fwrite( $out, "\xEF\xBB\xBF" ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fwrite, WordPress.WP.AlternativeFunctions.file_system_read_fwrite -- a stream (php://output), which WP_Filesystem cannot write.
		$put  = static function ( array $cells ) use ( $out ): void {
			fputcsv( $out, array_map( array( self::class, 'neutralise' ), $cells ), ',', '"', '' );
		};
		$rows = ( $this->writer )( $put );
		fflush( $out );
		return $rows;
	}

	/**
	 * A cell a spreadsheet could run as a formula (starting with = + - @, or a tab or carriage
	 * return that hides one) gets a leading apostrophe, OWASP's advice against CSV injection.
	 *
	 * @param mixed $cell Cell.
	 */
	public static function neutralise( $cell ): string {
		$text = is_scalar( $cell ) ? (string) $cell : '';
		if ( '' !== $text && in_array( $text[0], array( '=', '+', '-', '@', "\t", "\r" ), true ) ) {
			return "'" . $text;
		}
		return $text;
	}
}
