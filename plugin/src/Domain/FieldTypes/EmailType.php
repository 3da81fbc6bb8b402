<?php
/**
 * Email fields.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\FieldTypes;

use Kestrel\Forms\Domain\Validation\FieldError;

/**
 * One text value: an email address (FILTER_VALIDATE_EMAIL). The twin of email.ts.
 */
final class EmailType extends TextType {

	/**
	 * An email address, else "email".
	 *
	 * @param array<string, mixed> $field   Email field.
	 * @param string               $text    Trimmed text.
	 * @param ValidationContext    $context Unused.
	 */
	protected function read( array $field, string $text, ValidationContext $context ): string|FieldError {
		return false === filter_var( $text, FILTER_VALIDATE_EMAIL ) ? FieldError::for_field( $field, FieldError::EMAIL ) : $text;
	}
}
