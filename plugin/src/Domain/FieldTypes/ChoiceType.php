<?php
/**
 * Drop-down and radio fields.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\FieldTypes;

use Kestrel\Forms\Domain\Validation\FieldError;

/**
 * One of the choice values (a radio's "other" choice takes any text); the field starts with its
 * selected choice, else its defaultValue. The twin of choice.ts.
 */
final class ChoiceType extends TextType {

	/**
	 * The selected choice, else the defaultValue.
	 *
	 * @param array<string, mixed> $field Field.
	 */
	public function default_value( array $field ): string {
		return Choices::selected( $field )[0] ?? parent::default_value( $field );
	}

	/**
	 * One of the choices, else "choice".
	 *
	 * @param array<string, mixed> $field   Field.
	 * @param string               $text    Trimmed text.
	 * @param ValidationContext    $context Unused.
	 */
	protected function read( array $field, string $text, ValidationContext $context ): string|FieldError {
		// With an "other" choice, any typed text is a valid answer.
		if ( empty( $field['enableOtherChoice'] ) && ! in_array( $text, Choices::values( $field ), true ) ) {
			return FieldError::for_field( $field, FieldError::CHOICE );
		}
		return $text;
	}

	/**
	 * The text; "" for an "other" choice with nothing typed yet.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param string|list<string>  $value Value.
	 * @param string               $ref   Rule reference.
	 */
	public function rule_reading( array $field, string|array $value, string $ref ): RuleReading {
		if ( ! empty( $field['enableOtherChoice'] ) && self::OTHER_CHOICE === $value ) {
			return new RuleReading( array( '' ) );
		}
		return parent::rule_reading( $field, $value, $ref );
	}
}
