<?php
/**
 * Phone fields.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\FieldTypes;

use Kestrel\Forms\Domain\Validation\FieldError;

/**
 * One text value: a US number stored as (###) ###-#### (standard, the default) or an
 * international number (digits, spaces, + ( ) - . and 7 to 15 digits). The twin of phone.ts.
 */
final class PhoneType extends TextType {

	/** A US number: an optional parenthesised area code, then 3 and 4 digits (no leading 1). */
	public const US_PHONE = '/^(?:\((\d{3})\)|(\d{3}))[ .-]?(\d{3})[ .-]?(\d{4})$/';

	/**
	 * A number in the field's format, else "phone"; a standard number stored as (###) ###-####,
	 * an international one as typed.
	 *
	 * @param array<string, mixed> $field   Phone field.
	 * @param string               $text    Trimmed text.
	 * @param ValidationContext    $context Unused.
	 */
	protected function read( array $field, string $text, ValidationContext $context ): string|FieldError {
		$international = 'international' === ( $field['phoneFormat'] ?? 'standard' );
		$error         = FieldError::for_field( $field, FieldError::PHONE, array( 'format' => $international ? 'international' : 'standard' ) );
		if ( $international ) {
			$digits = strlen( (string) preg_replace( '/\D/', '', $text ) );
			return 1 === preg_match( '/^\+?[\d ().-]+$/', $text ) && $digits >= 7 && $digits <= 15 ? $text : $error;
		}
		if ( 1 !== preg_match( self::US_PHONE, $text, $m ) ) {
			return $error;
		}
		return '(' . $m[1] . $m[2] . ') ' . $m[3] . '-' . $m[4];
	}
}
