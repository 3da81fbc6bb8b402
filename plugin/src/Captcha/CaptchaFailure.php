<?php
/**
 * Why a captcha answer was not accepted.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Captcha;

/**
 * A result value of {@see Verifier::verify()} (an outcome, not a programming error). The REST
 * layer turns it into `kestrel_forms_captcha_{kind}` (Rest\ErrorMapper::captcha_failed()).
 */
final class CaptchaFailure {

	/** No answer was sent. */
	public const MISSING = 'missing';

	/** The provider refused the answer, or it was given for another site (hostname). */
	public const FAILED = 'failed';

	/** The answer was already accepted once. */
	public const REUSED = 'reused';

	/** The provider could not be asked. */
	public const UNAVAILABLE = 'unavailable';

	/** The site's keys are missing or wrong. */
	public const NOT_CONFIGURED = 'not_configured';

	/**
	 * A failure of a kind.
	 *
	 * @param string $kind One of the constants.
	 */
	public function __construct( public readonly string $kind ) {}

	/**
	 * 400 for what the visitor can put right (answer again), 503 for the site or provider.
	 */
	public function status(): int {
		return in_array( $this->kind, array( self::MISSING, self::FAILED, self::REUSED ), true ) ? 400 : 503;
	}

	/**
	 * The message for visitors.
	 */
	public function message(): string {
		switch ( $this->kind ) {
			case self::MISSING:
				return __( 'Please confirm you are not a robot.', 'kestrel-forms' );
			case self::FAILED:
				return __( 'The captcha check failed. Please confirm again that you are not a robot.', 'kestrel-forms' );
			case self::REUSED:
				return __( 'This captcha answer was already used. Please confirm again that you are not a robot.', 'kestrel-forms' );
			case self::NOT_CONFIGURED:
				return __( 'The captcha is not set up correctly on this site, so the form cannot be sent. Please let the site owner know.', 'kestrel-forms' );
			default:
				return __( 'The captcha could not be checked right now. Please try again in a moment.', 'kestrel-forms' );
		}
	}
}
