<?php
/**
 * Raised when a form definition does not satisfy the schema or the form rules.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\Form;

use DomainException;
use Kestrel\Forms\Domain\Schema\SchemaError;

/**
 * Carries every violation; the first one names the JSON path in the exception message.
 */
final class InvalidForm extends DomainException {

	/**
	 * Carries every violation; the message is the first one.
	 *
	 * @param list<SchemaError> $errors At least one violation.
	 */
	public function __construct( public readonly array $errors ) {
		parent::__construct( $errors ? $errors[0]->message() : 'Invalid form definition.' );
	}
}
