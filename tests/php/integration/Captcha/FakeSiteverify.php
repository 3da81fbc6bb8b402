<?php
/**
 * A siteverify endpoint faked with pre_http_request, for the verifier tests.
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Captcha;

use WP_Error;

/**
 * Records every outgoing request and answers it with $this->answer.
 */
trait FakeSiteverify {

	/**
	 * Requests the fake provider received: url and args.
	 *
	 * @var list<array{url: string, args: array<string, mixed>}>
	 */
	private array $requests = array();

	/**
	 * What the fake provider answers next: an array response or a WP_Error.
	 *
	 * @var array<string, mixed>|WP_Error
	 */
	private array|WP_Error $answer = array();

	/**
	 * Answers every HTTP request of this test with $this->answer (hooks are put back after it).
	 */
	private function fake_siteverify(): void {
		add_filter(
			'pre_http_request',
			function ( $pre, array $args, string $url ) {
				$this->requests[] = array(
					'url'  => $url,
					'args' => $args,
				);
				return $this->answer;
			},
			10,
			3
		);
	}

	/**
	 * A wp_remote_post()-shaped response with a JSON body.
	 *
	 * @param mixed $body   Decoded body (a string is sent as it is).
	 * @param int   $status HTTP status.
	 * @return array<string, mixed>
	 */
	private static function json( mixed $body, int $status = 200 ): array {
		return array(
			'headers'  => array(),
			'body'     => is_string( $body ) ? $body : (string) json_encode( $body ), // phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode -- data providers run before WordPress may be loaded.
			'response' => array(
				'code'    => $status,
				'message' => '',
			),
			'cookies'  => array(),
			'filename' => null,
		);
	}
}
