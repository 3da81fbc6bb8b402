<?php
/**
 * A REST response whose body is written to the client as a stream.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Rest;

use WP_REST_Request;
use WP_REST_Response;

/**
 * The JSON data is what in-process callers (rest_do_request, tests) see; over HTTP, serve()
 * (rest_pre_serve_request) calls stream() with php://output in place of the JSON body, with
 * output buffers closed, so memory stays flat however large the body is. WP_REST_Server has sent
 * the response's headers by then.
 */
abstract class StreamedResponse extends WP_REST_Response {

	/**
	 * Writes the body.
	 *
	 * @param resource $out Destination (php://output when serving).
	 * @return int What was written (bytes or rows, by kind).
	 */
	abstract public function stream( $out ): int;

	/**
	 * `rest_pre_serve_request` filter: streams a StreamedResponse's body; other responses are
	 * left to WordPress.
	 *
	 * @param bool            $served  Whether the request was served already.
	 * @param mixed           $result  Response.
	 * @param WP_REST_Request $request Request.
	 */
	public static function serve( $served, $result, $request ): bool {
		if ( $served || ! $result instanceof self ) {
			return (bool) $served;
		}
		if ( 'HEAD' !== $request->get_method() ) {
			while ( ob_get_level() > 0 ) {
				ob_end_clean();
			}
			$out = fopen( 'php://output', 'wb' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fopen, WordPress.WP.AlternativeFunctions.file_system_read_fopen -- php://output is a stream, not a file WP_Filesystem could write.
			if ( $out ) {
				$result->stream( $out );
				fclose( $out ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose, WordPress.WP.AlternativeFunctions.file_system_read_fclose -- see fopen() above.
			}
		}
		return true;
	}
}
