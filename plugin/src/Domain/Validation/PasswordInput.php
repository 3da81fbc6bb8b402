<?php
/**
 * Server-side checks and storage of a password field.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\Validation;

/**
 * The password arrives as values["{id}"], its confirmation as values["{id}.2"] (unless the field
 * sets passwordConfirmation to false). The server checks required and the confirmation; the
 * minimum strength is checked in the browser only, because WordPress's meter (zxcvbn) is
 * JavaScript.
 *
 * The password itself is never stored: the entry keeps the fixed marker NOT_STORED under the
 * field id, so admins see that one was given and nothing else. A hash would keep an offline
 * guessing target on every entry with no use for it; an add-on that needs the password must
 * take it from the raw values (`kestrel_forms_submission_before`) before validation.
 */
final class PasswordInput {

	/** What an entry stores for a given password. */
	public const NOT_STORED = '(password not stored)';

	/**
	 * Validates a password field and returns the marker an entry stores instead of it.
	 *
	 * @param array<string, mixed> $field Password field.
	 * @param array<mixed, mixed>  $raw   All submitted values.
	 * @return array<string, string>|FieldError The marker by field id, [] when blank, or an error.
	 */
	public static function validate( array $field, array $raw ): array|FieldError {
		$id           = (string) $field['id'];
		$twice        = false !== ( $field['passwordConfirmation'] ?? true );
		$password     = self::text( $raw[ $id ] ?? null );
		$confirmation = $twice ? self::text( $raw[ $id . '.2' ] ?? null ) : '';
		if ( null === $password || null === $confirmation ) {
			return self::error( $field, FieldError::INVALID );
		}
		if ( '' === trim( $password ) ) {
			if ( $twice && $confirmation !== $password ) {
				return self::error( $field, FieldError::MISMATCH );
			}
			return empty( $field['isRequired'] ) ? array() : self::error( $field, FieldError::REQUIRED );
		}
		// Compared exactly: spaces are part of a password.
		if ( $twice && ! hash_equals( $password, $confirmation ) ) {
			return self::error( $field, FieldError::MISMATCH );
		}
		if ( mb_strlen( $password, 'UTF-8' ) > SubmissionValidator::MAX_TEXT_LENGTH ) {
			return self::error( $field, FieldError::MAX_LENGTH, array( 'limit' => SubmissionValidator::MAX_TEXT_LENGTH ) );
		}
		return array( $id => self::NOT_STORED );
	}

	/**
	 * A submitted scalar as text, untouched (no trimming); null for arrays, objects and invalid
	 * UTF-8.
	 *
	 * @param mixed $raw Submitted value.
	 */
	private static function text( mixed $raw ): ?string {
		if ( null === $raw ) {
			return '';
		}
		if ( ! is_string( $raw ) && ! is_int( $raw ) && ! is_float( $raw ) ) {
			return null;
		}
		$text = (string) $raw;
		return mb_check_encoding( $text, 'UTF-8' ) ? $text : null;
	}

	/**
	 * The field's error, with its custom message when it has one.
	 *
	 * @param array<string, mixed> $field  Field.
	 * @param string               $code   FieldError code.
	 * @param array<string, mixed> $params Details.
	 */
	private static function error( array $field, string $code, array $params = array() ): FieldError {
		return new FieldError( $code, $params, trim( (string) ( $field['errorMessage'] ?? '' ) ) );
	}
}
