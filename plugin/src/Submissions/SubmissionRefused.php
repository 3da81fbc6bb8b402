<?php
/**
 * Why a submission was not stored.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Submissions;

use Kestrel\Forms\Captcha\CaptchaFailure;
use Kestrel\Forms\Domain\Validation\FieldError;
use RuntimeException;

/**
 * Thrown by the submission use case ({@see SubmitForm}, {@see SubmissionGate}); each door (the
 * REST route, later the plain form post) turns it into its own answer. For REST that is
 * Rest\ErrorMapper::submission_refused(), the one place that builds the WP_Error.
 */
final class SubmissionRefused extends RuntimeException {

	public const FORM_NOT_FOUND    = 'form_not_found';
	public const VALUES_NOT_OBJECT = 'values_not_object';
	public const INVALID_FIELDS    = 'invalid_fields';
	public const CAPTCHA           = 'captcha';
	public const STORAGE_FAILED    = 'storage_failed';
	public const RATE_LIMITED      = 'rate_limited';
	public const TOO_LARGE         = 'too_large';
	public const IN_PROGRESS       = 'in_progress';
	public const DRAFT_NOT_FOUND   = 'draft_not_found';
	public const DRAFT_REFUSED     = 'draft_refused';

	/**
	 * Use the named constructors.
	 *
	 * @param string                                                    $kind        One of the constants.
	 * @param array<string, string>                                     $messages    Messages by field id (INVALID_FIELDS).
	 * @param int                                                       $retry_after Seconds to wait (RATE_LIMITED).
	 * @param int                                                       $limit       Bytes allowed (TOO_LARGE).
	 * @param CaptchaFailure|null                                       $captcha     The captcha's failure (CAPTCHA, not the visitor's to fix).
	 * @param array<string, array{code: string, inputs?: list<string>}> $details The code of each field
	 *                                           error by field id, with the input ids at fault
	 *                                           (INVALID_FIELDS; errors added by filters have none).
	 */
	private function __construct(
		public readonly string $kind,
		public readonly array $messages = array(),
		public readonly int $retry_after = 0,
		public readonly int $limit = 0,
		public readonly ?CaptchaFailure $captcha = null,
		public readonly array $details = array()
	) {
		parent::__construct( $kind );
	}

	/** The route's form does not exist (or is in the trash). */
	public static function form_not_found(): self {
		return new self( self::FORM_NOT_FOUND );
	}

	/** `values` is a JSON list, not an object keyed by field id. */
	public static function values_not_object(): self {
		return new self( self::VALUES_NOT_OBJECT );
	}

	/**
	 * Fields the visitor must put right.
	 *
	 * @param array<string, string>                                     $messages Messages by field id.
	 * @param array<string, array{code: string, inputs?: list<string>}> $details  Codes (and input ids at
	 *                                                                            fault) by field id.
	 */
	public static function invalid_fields( array $messages, array $details = array() ): self {
		return new self( self::INVALID_FIELDS, $messages, 0, 0, null, array_intersect_key( $details, $messages ) );
	}

	/**
	 * The code of each field error, by field id, with the input ids at fault when some are.
	 *
	 * @param array<int|string, FieldError|mixed> $errors Errors by field id (others than FieldError are skipped).
	 * @return array<string, array{code: string, inputs?: list<string>}>
	 */
	public static function details_of( array $errors ): array {
		$details = array();
		foreach ( $errors as $field_id => $error ) {
			if ( $error instanceof FieldError ) {
				$details[ (string) $field_id ] = array( 'code' => $error->code ) + ( $error->inputs ? array( 'inputs' => $error->inputs ) : array() );
			}
		}
		return $details;
	}

	/**
	 * The captcha could not be checked (provider down, site keys wrong): not the visitor's fault.
	 * A refused answer is an invalid field instead.
	 *
	 * @param CaptchaFailure $failure The failure.
	 */
	public static function captcha( CaptchaFailure $failure ): self {
		return new self( self::CAPTCHA, array(), 0, 0, $failure );
	}

	/** The database refused the write. */
	public static function storage_failed(): self {
		return new self( self::STORAGE_FAILED );
	}

	/**
	 * The client sent too many submissions.
	 *
	 * @param int $retry_after Seconds until it may try again.
	 */
	public static function rate_limited( int $retry_after ): self {
		return new self( self::RATE_LIMITED, array(), $retry_after );
	}

	/**
	 * Another request with the same submission key is still being checked.
	 */
	public static function in_progress(): self {
		return new self( self::IN_PROGRESS, array(), 2 );
	}

	/**
	 * The body is larger than the limit.
	 *
	 * @param int $limit Bytes allowed.
	 */
	public static function too_large( int $limit ): self {
		return new self( self::TOO_LARGE, array(), 0, $limit );
	}

	/**
	 * The payment draft a submission names is unknown, expired, another form's, gone with its
	 * entry or not this browser's (ADR 0009): nothing is stored, the values stay in the form.
	 */
	public static function draft_not_found(): self {
		return new self( self::DRAFT_NOT_FOUND );
	}

	/**
	 * A payment draft that is not stored: the spam checks refused it, the payment field names no
	 * method that leaves the page, or its values are too large.
	 */
	public static function draft_refused(): self {
		return new self( self::DRAFT_REFUSED );
	}
}
