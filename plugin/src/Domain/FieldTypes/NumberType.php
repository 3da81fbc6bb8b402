<?php
/**
 * Number fields.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\FieldTypes;

use Kestrel\Forms\Domain\Validation\FieldError;
use Kestrel\Forms\Domain\Validation\NumberParser;

/**
 * One text value: a number in the field's format within rangeMin and rangeMax, stored as a
 * canonical decimal; rules compare numbers. A calculated number is the evaluator's, never typed
 * (Validation\SubmissionValidator stores it before asking units). The twin of number.ts.
 */
final class NumberType extends TextType {

	/**
	 * A calculated number stores the server's own result (never the browser's), in
	 * decimal_dot; a typed one is validated.
	 *
	 * @param array<string, mixed> $field   Number field.
	 * @param array<mixed, mixed>  $raw     All submitted values.
	 * @param ValidationContext    $context The server's evaluation.
	 * @return array<string, string>|FieldError
	 */
	public function validate( array $field, array $raw, ValidationContext $context ): array|FieldError {
		if ( empty( $field['enableCalculation'] ) ) {
			return parent::validate( $field, $raw, $context );
		}
		$computed = $context->evaluated[ (int) $field['id'] ] ?? '';
		if ( ! is_string( $computed ) || '' === $computed ) {
			return array();
		}
		return array( (string) $field['id'] => NumberParser::parse( $computed, (string) ( $field['numberFormat'] ?? 'decimal_dot' ) ) ?? $computed );
	}

	/**
	 * The number as a canonical decimal, or "number" / a range error.
	 *
	 * @param array<string, mixed> $field   Number field.
	 * @param string               $text    Trimmed text.
	 * @param ValidationContext    $context Unused.
	 */
	protected function read( array $field, string $text, ValidationContext $context ): string|FieldError {
		$number = NumberParser::parse( $text, (string) ( $field['numberFormat'] ?? 'decimal_dot' ) );
		if ( null === $number ) {
			return FieldError::for_field( $field, FieldError::NUMBER );
		}
		return self::range_error( $field, (float) $number ) ?? $number;
	}

	/**
	 * The text, compared as a number in the field's format.
	 *
	 * @param array<string, mixed> $field Number field.
	 * @param string|list<string>  $value Value.
	 * @param string               $ref   Rule reference.
	 */
	public function rule_reading( array $field, string|array $value, string $ref ): RuleReading {
		return new RuleReading( parent::rule_reading( $field, $value, $ref )->values, (string) ( $field['numberFormat'] ?? 'decimal_dot' ) );
	}

	/**
	 * The range error of a number outside its field's rangeMin and rangeMax, else null.
	 *
	 * @param array<string, mixed> $field Number field.
	 * @param float                $value Parsed number.
	 */
	private static function range_error( array $field, float $value ): ?FieldError {
		$min = isset( $field['rangeMin'] ) && is_numeric( $field['rangeMin'] ) ? (float) $field['rangeMin'] : null;
		$max = isset( $field['rangeMax'] ) && is_numeric( $field['rangeMax'] ) ? (float) $field['rangeMax'] : null;
		if ( ( null === $min || $value >= $min ) && ( null === $max || $value <= $max ) ) {
			return null;
		}
		if ( null !== $min && null !== $max ) {
			return FieldError::for_field(
				$field,
				FieldError::RANGE,
				array(
					'min' => $min,
					'max' => $max,
				)
			);
		}
		return null !== $min
			? FieldError::for_field( $field, FieldError::MIN, array( 'min' => $min ) )
			: FieldError::for_field( $field, FieldError::MAX, array( 'max' => $max ) );
	}
}
