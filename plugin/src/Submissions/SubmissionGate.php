<?php
/**
 * What every submission passes before anything reads it: the client's rate and the body's size.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Submissions;

use Kestrel\Forms\Security\ClientAddress;
use Kestrel\Forms\Security\RateLimiter;
use WP_REST_Request;

/**
 * Runs before the body is parsed (for REST: on `rest_pre_dispatch`, before WordPress decodes the
 * JSON to check the route's arguments), so a flood or a huge body costs a counter and a length,
 * never a JSON decode, a form lookup or a database row.
 */
final class SubmissionGate {

	/** The RateLimiter bucket of submissions. */
	public const BUCKET = 'submission';

	/** Default largest submission body, in bytes. */
	public const DEFAULT_MAX_BYTES = MB_IN_BYTES;

	/**
	 * The largest body a submission may have (filter `kestrel_forms_max_submission_bytes`).
	 */
	public static function max_bytes(): int {
		/**
		 * Filters the largest submission body accepted, in bytes (files travel separately, through
		 * the uploads route). Larger bodies are refused with 413 before they are parsed.
		 *
		 * @param int $bytes Default 1 MB (1048576).
		 */
		return max( 1024, (int) apply_filters( 'kestrel_forms_max_submission_bytes', self::DEFAULT_MAX_BYTES ) );
	}

	/**
	 * Counts the submission against the client's rate limit, then checks the body's size: the
	 * length the client declared and the bytes that actually came.
	 *
	 * @param int|null $declared_length The Content-Length header (null when absent).
	 * @param int      $body_length     Bytes of the raw body.
	 * @param string   $client          Client address (default {@see ClientAddress::current()}).
	 * @param string   $bucket          RateLimiter bucket (default: submissions'; the wallet payment
	 *                                  request has its own, with the same size limit).
	 * @throws SubmissionRefused RATE_LIMITED or TOO_LARGE.
	 */
	public static function check( ?int $declared_length, int $body_length, ?string $client = null, string $bucket = self::BUCKET ): void {
		$retry = RateLimiter::hit( $bucket, $client ?? ClientAddress::current() );
		if ( null !== $retry ) {
			throw SubmissionRefused::rate_limited( $retry );
		}
		$limit = self::max_bytes();
		if ( max( (int) $declared_length, $body_length ) > $limit ) {
			throw SubmissionRefused::too_large( $limit );
		}
	}

	/**
	 * Checks a REST request ({@see self::check()}) before WordPress decodes its body.
	 *
	 * @param WP_REST_Request $request REST request.
	 * @param string          $bucket  RateLimiter bucket.
	 * @throws SubmissionRefused RATE_LIMITED or TOO_LARGE.
	 */
	public static function check_request( WP_REST_Request $request, string $bucket = self::BUCKET ): void {
		$declared = $request->get_header( 'content_length' );
		self::check( is_numeric( $declared ) ? (int) $declared : null, self::received_bytes( $request ), null, $bucket );
	}

	/**
	 * The bytes a request brought, however it was encoded. A JSON body is the raw body; for a
	 * form-encoded or multipart body PHP has already parsed `$_POST` and `$_FILES` and the raw body
	 * reads empty, so those are measured instead (a chunked multipart request has no
	 * Content-Length to go by).
	 *
	 * @param WP_REST_Request $request Request.
	 */
	public static function received_bytes( WP_REST_Request $request ): int {
		$bytes = strlen( (string) $request->get_body() );
		$form  = $request->get_body_params();
		if ( $form ) {
			$bytes += strlen( http_build_query( $form ) );
		}
		foreach ( $request->get_file_params() as $file ) {
			$sizes  = is_array( $file ) ? ( $file['size'] ?? 0 ) : 0;
			$bytes += is_array( $sizes ) ? (int) array_sum( array_map( 'intval', array_filter( $sizes, 'is_scalar' ) ) ) : (int) $sizes;
		}
		return $bytes;
	}
}
