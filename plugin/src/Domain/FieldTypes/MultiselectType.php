<?php
/**
 * Multi-select fields.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\FieldTypes;

use Kestrel\Forms\Domain\Validation\FieldError;

/**
 * A list of choice values under the field id, stored as a list in choice order (Gravity Forms
 * writes it as a JSON string; we keep the list). Validated as checkboxes. The twin of
 * multiselect.ts.
 */
final class MultiselectType implements FieldType, StoredValues {

	use StoredAsSent;

	/**
	 * No inputs of its own.
	 *
	 * @param array<string, mixed> $field Field.
	 * @return list<string>
	 */
	public function input_ids( array $field ): array {
		return array();
	}

	/**
	 * The selected choices.
	 *
	 * @param array<string, mixed> $field Field.
	 * @return list<string>
	 */
	public function default_value( array $field ): array {
		return Choices::selected( $field );
	}

	/**
	 * The values chosen, when they are a list of texts (none chosen is an empty list, as for
	 * checkboxes and in the browser: a default selection no longer counts once cleared).
	 *
	 * @param array<string, mixed> $field Field.
	 * @param array<mixed, mixed>  $raw   All submitted values.
	 * @return list<string>|null
	 */
	public function entered( array $field, array $raw ): ?array {
		return self::chosen( $raw[ (string) $field['id'] ] ?? null );
	}

	/**
	 * Each value one of the choices; stores them in choice order.
	 *
	 * @param array<string, mixed> $field   Field.
	 * @param array<mixed, mixed>  $raw     All submitted values.
	 * @param ValidationContext    $context Unused.
	 * @return array<string, list<string>>|FieldError
	 */
	public function validate( array $field, array $raw, ValidationContext $context ): array|FieldError {
		$chosen = self::chosen( $raw[ (string) $field['id'] ] ?? null );
		if ( null === $chosen ) {
			return FieldError::for_field( $field, FieldError::INVALID );
		}
		if ( array() === $chosen ) {
			return empty( $field['isRequired'] ) ? array() : FieldError::for_field( $field, FieldError::REQUIRED );
		}
		$choices = Choices::values( $field );
		if ( array_diff( $chosen, $choices ) ) {
			return FieldError::for_field( $field, FieldError::CHOICE );
		}
		return array( (string) $field['id'] => array_values( array_intersect( $choices, $chosen ) ) );
	}

	/**
	 * The values chosen.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param string|list<string>  $value Value.
	 * @param string               $ref   Rule reference.
	 */
	public function rule_reading( array $field, string|array $value, string $ref ): RuleReading {
		return new RuleReading( is_array( $value ) ? array_values( array_map( 'strval', $value ) ) : array() );
	}

	/**
	 * The submitted list as texts (a single text counts as a list of one); null when malformed.
	 *
	 * @param mixed $raw Submitted value.
	 * @return list<string>|null
	 */
	private static function chosen( mixed $raw ): ?array {
		if ( null === $raw || '' === $raw ) {
			return array();
		}
		$list   = is_array( $raw ) ? $raw : array( $raw );
		$chosen = array();
		foreach ( $list as $item ) {
			$text = Wire::text( $item );
			if ( null === $text ) {
				return null;
			}
			if ( '' !== $text ) {
				$chosen[] = $text;
			}
		}
		return $chosen;
	}
}
