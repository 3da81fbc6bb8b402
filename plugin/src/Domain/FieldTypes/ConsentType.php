<?php
/**
 * Consent fields.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\FieldTypes;

use Kestrel\Forms\Domain\Schema\SchemaError;
use Kestrel\Forms\Domain\Validation\FieldError;

/**
 * One checkbox ("N.1" = "1" when checked). A checked box stores "N.1" = "1", "N.2" = the
 * checkboxLabel and "N.3" = the description agreed to, both from the stored definition, never
 * from the browser (what was agreed to is what the site showed). The twin of consent.ts.
 */
final class ConsentType implements FieldType, DefinitionRules, StoredValues {

	use StoredAsSent;

	/** The value of a checked box. */
	public const CHECKED = '1';

	/**
	 * The checkbox.
	 *
	 * @param array<string, mixed> $field Consent field.
	 * @return list<string>
	 */
	public function input_ids( array $field ): array {
		return array( $field['id'] . '.1' );
	}

	/**
	 * Unchecked.
	 *
	 * @param array<string, mixed> $field Consent field.
	 */
	public function default_value( array $field ): string {
		return '';
	}

	/**
	 * "1" when checked.
	 *
	 * @param array<string, mixed> $field Consent field.
	 * @param array<mixed, mixed>  $raw   All submitted values.
	 */
	public function entered( array $field, array $raw ): ?string {
		return self::CHECKED === Wire::text( $raw[ $field['id'] . '.1' ] ?? null ) ? self::CHECKED : null;
	}

	/**
	 * Validates the box; stores the texts agreed to.
	 *
	 * @param array<string, mixed> $field   Consent field.
	 * @param array<mixed, mixed>  $raw     All submitted values.
	 * @param ValidationContext    $context Unused.
	 * @return array<string, string>|FieldError
	 */
	public function validate( array $field, array $raw, ValidationContext $context ): array|FieldError {
		$id   = (string) $field['id'];
		$text = Wire::text( $raw[ $id . '.1' ] ?? null );
		if ( null === $text || ( '' !== $text && self::CHECKED !== $text ) ) {
			return FieldError::for_field( $field, FieldError::INVALID );
		}
		if ( '' === $text ) {
			return empty( $field['isRequired'] ) ? array() : FieldError::for_field( $field, FieldError::REQUIRED );
		}
		return array(
			$id . '.1' => self::CHECKED,
			$id . '.2' => (string) ( $field['checkboxLabel'] ?? '' ),
			$id . '.3' => self::plain( (string) ( $field['description'] ?? '' ) ),
		);
	}

	/**
	 * "1" when checked, else "".
	 *
	 * @param array<string, mixed> $field Consent field.
	 * @param string|list<string>  $value Value.
	 * @param string               $ref   Rule reference.
	 */
	public function rule_reading( array $field, string|array $value, string $ref ): RuleReading {
		return new RuleReading( array( is_string( $value ) && self::CHECKED === trim( $value ) ? self::CHECKED : '' ) );
	}

	/**
	 * HTML as plain text: line and block ends become spaces, other tags are dropped, entities
	 * decoded, runs of white space made one space.
	 *
	 * @param string $html Description.
	 */
	private static function plain( string $html ): string {
		$text = (string) preg_replace( '~<br\s*/?>|</(?:p|div|li|h[1-6])\s*>~i', ' ', $html );
		$text = html_entity_decode( (string) preg_replace( '/<[^>]*>/', '', $text ), ENT_QUOTES | ENT_HTML5, 'UTF-8' );
		return trim( (string) preg_replace( '/\s+/u', ' ', $text ) );
	}

	/**
	 * Inputs N.1 to N.3 and a checkbox label: the text the visitor agrees to.
	 *
	 * @param array<string, mixed> $field Consent field.
	 * @param string               $path  Its JSON path.
	 * @return list<SchemaError>
	 */
	public function definition_errors( array $field, string $path ): array {
		$errors = DefinitionChecks::inputs( $field, $path, Wire::input_ids( $field, array( 1, 2, 3 ) ) );
		if ( '' === trim( (string) ( $field['checkboxLabel'] ?? '' ) ) ) {
			$errors[] = new SchemaError( $path . '.checkboxLabel', 'required', array( 'detail' => 'is required: it is the text the visitor agrees to' ) );
		}
		return $errors;
	}
}
