<?php
/**
 * Outcome of validating one submission.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\Validation;

/**
 * Clean values keyed by input id, or errors keyed by field id.
 */
final class SubmissionResult {

	/**
	 * Holds the outcome of validating a submission.
	 *
	 * @param array<string, string>      $values Clean values by input id ("1", "3.2"); empty values omitted.
	 * @param array<int, FieldError>     $errors Errors by field id.
	 * @param array<string, mixed>|null  $pricing Products, shipping and total computed by the server.
	 * @param list<array<string, mixed>> $feeds  Feeds the submission activates, in priority order.
	 * @param array<int, bool>           $visible Whether each field shows (conditional logic on the stored definition).
	 */
	public function __construct(
		public readonly array $values,
		public readonly array $errors,
		public readonly ?array $pricing = null,
		public readonly array $feeds = array(),
		public readonly array $visible = array()
	) {}

	/**
	 * Whether the submission can be stored.
	 */
	public function is_valid(): bool {
		return array() === $this->errors;
	}
}
