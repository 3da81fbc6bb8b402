<?php
/**
 * File-upload fields.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\FieldTypes;

use Kestrel\Forms\Domain\Validation\FieldError;

/**
 * The tokens of the completed uploads under the field id. Only their shape and number are
 * checked here; the WordPress layer checks that this server issued each one for this form, field
 * and upload id (Uploads\UploadStore::claim()). The twin of fileupload.ts.
 */
final class FileUploadType implements FieldType {

	/** An upload token as the server issues it. */
	private const TOKEN = '/^[A-Za-z0-9_-]{1,64}$/';

	/**
	 * No tuple: the value is a list.
	 *
	 * @param array<string, mixed> $field Field.
	 * @return list<string>
	 */
	public function input_ids( array $field ): array {
		return array();
	}

	/**
	 * The defaultValue (none in practice).
	 *
	 * @param array<string, mixed> $field Field.
	 */
	public function default_value( array $field ): string {
		return (string) ( $field['defaultValue'] ?? '' );
	}

	/**
	 * The tokens sent, when well-formed.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param array<mixed, mixed>  $raw   All submitted values.
	 * @return list<string>|null
	 */
	public function entered( array $field, array $raw ): ?array {
		$tokens = self::tokens( $raw[ (string) $field['id'] ] ?? null );
		return null === $tokens || array() === $tokens ? null : $tokens;
	}

	/**
	 * The tokens (at most maxFiles, or one), "required" when none is and the field is.
	 *
	 * @param array<string, mixed> $field   Field.
	 * @param array<mixed, mixed>  $raw     All submitted values.
	 * @param ValidationContext    $context Unused.
	 * @return array<string, list<string>>|FieldError
	 */
	public function validate( array $field, array $raw, ValidationContext $context ): array|FieldError {
		$tokens = self::tokens( $raw[ (string) $field['id'] ] ?? null );
		if ( null === $tokens ) {
			return FieldError::for_field( $field, FieldError::INVALID );
		}
		if ( array() === $tokens ) {
			return empty( $field['isRequired'] ) ? array() : FieldError::for_field( $field, FieldError::REQUIRED );
		}
		$limit = empty( $field['multipleFiles'] ) ? 1 : (int) ( $field['maxFiles'] ?? 0 );
		if ( $limit > 0 && count( $tokens ) > $limit ) {
			return FieldError::for_field( $field, FieldError::MAX_FILES, array( 'limit' => $limit ) );
		}
		return array( (string) $field['id'] => $tokens );
	}

	/**
	 * The tokens.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param string|list<string>  $value Value.
	 * @param string               $ref   Rule reference.
	 */
	public function rule_reading( array $field, string|array $value, string $ref ): RuleReading {
		return new RuleReading( is_array( $value ) ? array_values( array_map( 'strval', $value ) ) : array( $value ) );
	}

	/**
	 * The distinct tokens of a submitted list (none for a blank value), null when it is not a
	 * list of tokens.
	 *
	 * @param mixed $raw Submitted value.
	 * @return list<string>|null
	 */
	private static function tokens( mixed $raw ): ?array {
		if ( null === $raw || '' === $raw || array() === $raw ) {
			return array();
		}
		if ( ! is_array( $raw ) || ! array_is_list( $raw ) ) {
			return null;
		}
		$tokens = array();
		foreach ( $raw as $token ) {
			if ( ! is_string( $token ) || 1 !== preg_match( self::TOKEN, $token ) ) {
				return null;
			}
			$tokens[ $token ] = $token;
		}
		return array_values( $tokens );
	}
}
