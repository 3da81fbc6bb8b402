<?php
/**
 * A failed call to the payments provider.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Payments\Provider;

use RuntimeException;

/**
 * Thrown by {@see SquareClient}. kind() says what the caller may conclude:
 *
 * - `declined`: 400 with category PAYMENT_METHOD_ERROR — the card was refused; nothing was taken.
 *   payment() is the (FAILED) payment object the answer carried, if any.
 * - `invalid`: any other 4xx (bad request, not found, idempotency key reused…): nothing happened.
 * - `auth`: 401 or 403 — the access token is wrong, revoked or lacks a permission.
 * - `unknown`: network error, time-out, 5xx, 408/429, or a body that is not the JSON object the API
 *   sends. The request may or may not have been carried out: retry with the same idempotency key
 *   and body, or cancel by key.
 *
 * code(), category(), detail() and field() are those of the first error the provider listed
 * (`errors[0]`); the message never contains a token or card data.
 */
final class ProviderError extends RuntimeException {

	public const DECLINED = 'declined';
	public const INVALID  = 'invalid';
	public const AUTH     = 'auth';
	public const UNKNOWN  = 'unknown';

	/**
	 * Use the named constructors.
	 *
	 * @param string                     $kind        One of the constants.
	 * @param string                     $error_code  Provider error code (GENERIC_DECLINE, …) or ours (`network`, `timeout`, `unreadable`, `http_500`).
	 * @param string                     $category    Provider error category (PAYMENT_METHOD_ERROR, …).
	 * @param string                     $detail      Provider's detail text.
	 * @param string                     $field       Request field the error names.
	 * @param int                        $status      HTTP status (0 when there was no answer).
	 * @param array<string, mixed>|null  $payment     The payment object a decline carried.
	 * @param list<array<string, mixed>> $errors     Every error of the answer.
	 */
	private function __construct(
		private readonly string $kind,
		private readonly string $error_code,
		private readonly string $category = '',
		private readonly string $detail = '',
		private readonly string $field = '',
		private readonly int $status = 0,
		private readonly ?array $payment = null,
		private readonly array $errors = array()
	) {
		parent::__construct( $kind . ': ' . $error_code . ( '' !== $detail ? ' (' . $detail . ')' : '' ) );
	}

	/**
	 * No usable answer: network failure, time-out, server error or unreadable body.
	 *
	 * @param string $error_code `network`, `timeout`, `unreadable` or `http_{status}`.
	 * @param string $detail     What happened (no secrets).
	 * @param int    $status     HTTP status, 0 without an answer.
	 */
	public static function unknown( string $error_code, string $detail = '', int $status = 0 ): self {
		return new self( self::UNKNOWN, $error_code, '', $detail, '', $status );
	}

	/**
	 * An error answer of the API (4xx/5xx with `{errors:[…]}`).
	 *
	 * @param int                  $status  HTTP status.
	 * @param array<string, mixed> $decoded Decoded body (may be empty).
	 */
	public static function from_answer( int $status, array $decoded ): self {
		$errors = array();
		foreach ( is_array( $decoded['errors'] ?? null ) ? $decoded['errors'] : array() as $error ) {
			if ( is_array( $error ) ) {
				$errors[] = $error;
			}
		}
		$first    = $errors[0] ?? array();
		$text     = static fn( string $key ): string => is_string( $first[ $key ] ?? null ) ? $first[ $key ] : '';
		$declined = false;
		foreach ( $errors as $error ) {
			$declined = $declined || 'PAYMENT_METHOD_ERROR' === ( $error['category'] ?? '' );
		}
		if ( 401 === $status || 403 === $status ) {
			$kind = self::AUTH;
		} elseif ( $status >= 500 || 408 === $status || 429 === $status ) {
			$kind = self::UNKNOWN;
		} elseif ( $declined && $status >= 400 ) {
			$kind = self::DECLINED;
		} else {
			$kind = self::INVALID;
		}
		$code = $text( 'code' );
		return new self(
			$kind,
			'' !== $code ? $code : 'http_' . $status,
			$text( 'category' ),
			$text( 'detail' ),
			$text( 'field' ),
			$status,
			is_array( $decoded['payment'] ?? null ) ? $decoded['payment'] : null,
			$errors
		);
	}

	/** One of `declined`, `invalid`, `auth`, `unknown`. */
	public function kind(): string {
		return $this->kind;
	}

	/** The provider's error code (e.g. GENERIC_DECLINE), or ours for failures without an answer. */
	public function code(): string {
		return $this->error_code;
	}

	/** The provider's error category (e.g. PAYMENT_METHOD_ERROR), '' when none. */
	public function category(): string {
		return $this->category;
	}

	/** The provider's detail text, '' when none. */
	public function detail(): string {
		return $this->detail;
	}

	/** The request field the provider named, '' when none. */
	public function field(): string {
		return $this->field;
	}

	/** The HTTP status, 0 when no answer arrived. */
	public function http_status(): int {
		return $this->status;
	}

	/**
	 * The payment object a decline carried (status FAILED), or null.
	 *
	 * @return array<string, mixed>|null
	 */
	public function payment(): ?array {
		return $this->payment;
	}

	/**
	 * Every error the provider listed.
	 *
	 * @return list<array<string, mixed>>
	 */
	public function errors(): array {
		return $this->errors;
	}

	/** Whether the outcome is unknown (retry with the same key, or cancel by key). */
	public function is_unknown(): bool {
		return self::UNKNOWN === $this->kind;
	}
}
