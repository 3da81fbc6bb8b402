<?php
/**
 * Text, paragraph text and hidden fields; the base of the other one-text-value types.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\FieldTypes;

use Kestrel\Forms\Domain\Validation\FieldError;

/**
 * One text value under the field id: blank is "required" when the field is, then at most
 * maxLength characters; types with a shape of their own check the filled-in text (`check()`)
 * and may store it in a canonical form (`read()`). The twin of text.ts.
 */
class TextType implements FieldType {

	/** Upper bound for a text value when the field sets no maxLength. */
	public const MAX_TEXT_LENGTH = 65535;

	/** The value of a radio's "other" choice before anything is typed (OTHER_CHOICE in TypeScript). */
	public const OTHER_CHOICE = 'gf_other_choice';

	/**
	 * No inputs of its own.
	 *
	 * @param array<string, mixed> $field Field definition.
	 * @return list<string>
	 */
	public function input_ids( array $field ): array {
		return array();
	}

	/**
	 * The defaultValue.
	 *
	 * @param array<string, mixed> $field Field definition.
	 */
	public function default_value( array $field ): string {
		return (string) ( $field['defaultValue'] ?? '' );
	}

	/**
	 * The text entered: null when it was not sent (or is not text), so the default counts; a
	 * blank text that was sent is '', as in the browser, where a visitor who clears a default
	 * leaves the field empty (the twins must read it alike).
	 *
	 * @param array<string, mixed> $field Field definition.
	 * @param array<mixed, mixed>  $raw   All submitted values.
	 */
	public function entered( array $field, array $raw ): ?string {
		if ( ! array_key_exists( (string) $field['id'], $raw ) ) {
			return null;
		}
		return Wire::text( $raw[ (string) $field['id'] ], 'textarea' === $field['type'] );
	}

	/**
	 * Validates the text.
	 *
	 * @param array<string, mixed> $field   Field definition.
	 * @param array<mixed, mixed>  $raw     All submitted values.
	 * @param ValidationContext    $context Unused.
	 * @return array<string, string>|FieldError
	 */
	public function validate( array $field, array $raw, ValidationContext $context ): array|FieldError {
		$text = Wire::text( $raw[ (string) $field['id'] ] ?? null, 'textarea' === $field['type'] );
		if ( null === $text ) {
			return FieldError::for_field( $field, FieldError::INVALID );
		}
		if ( ! empty( $field['enableOtherChoice'] ) && self::OTHER_CHOICE === $text ) {
			$text = ''; // "Other" chosen, nothing typed yet.
		}
		if ( '' === $text ) {
			return empty( $field['isRequired'] ) ? array() : FieldError::for_field( $field, FieldError::REQUIRED );
		}
		$limit = isset( $field['maxLength'] ) ? (int) $field['maxLength'] : self::MAX_TEXT_LENGTH;
		if ( mb_strlen( $text, 'UTF-8' ) > $limit ) {
			return FieldError::for_field( $field, FieldError::MAX_LENGTH, array( 'limit' => $limit ) );
		}
		$stored = $this->read( $field, $text, $context );
		return $stored instanceof FieldError ? $stored : array( (string) $field['id'] => $stored );
	}

	/**
	 * The text as it is.
	 *
	 * @param array<string, mixed> $field Field definition.
	 * @param string|list<string>  $value Value.
	 * @param string               $ref   Rule reference.
	 */
	public function rule_reading( array $field, string|array $value, string $ref ): RuleReading {
		return new RuleReading( array( is_string( $value ) ? $value : '' ) );
	}

	/**
	 * The type's own reading of a filled-in text: the text to store (in a canonical form), or
	 * the error.
	 *
	 * @param array<string, mixed> $field   Field definition.
	 * @param string               $text    Trimmed, non-empty text within the length limit.
	 * @param ValidationContext    $context The form's currency and money bounds.
	 */
	protected function read( array $field, string $text, ValidationContext $context ): string|FieldError {
		return $text;
	}
}
