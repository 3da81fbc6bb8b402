<?php
/**
 * Checkbox fields (and checkbox options).
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\FieldTypes;

use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Domain\Validation\FieldError;

/**
 * The checked choice values: a list under the field id, or one value per input id ("5.2"),
 * stored by input id in choice order; a rule or merge tag may read one choice ("5.2"). The twin
 * of checkbox.ts.
 */
final class CheckboxType implements FieldType {

	/**
	 * No tuple: the value is a list.
	 *
	 * @param array<string, mixed> $field Checkbox field.
	 * @return list<string>
	 */
	public function input_ids( array $field ): array {
		return array();
	}

	/**
	 * The selected choices.
	 *
	 * @param array<string, mixed> $field Checkbox field.
	 * @return list<string>
	 */
	public function default_value( array $field ): array {
		return Choices::selected( $field );
	}

	/**
	 * The checked values, when well-formed.
	 *
	 * @param array<string, mixed> $field Checkbox field.
	 * @param array<mixed, mixed>  $raw   All submitted values.
	 * @return list<string>|null
	 */
	public function entered( array $field, array $raw ): ?array {
		$checked = self::checked( $field, $raw );
		return is_array( $checked ) ? array_values( $checked ) : null;
	}

	/**
	 * The checked choices by input id, "required" when none is and the field is.
	 *
	 * @param array<string, mixed> $field   Checkbox field.
	 * @param array<mixed, mixed>  $raw     All submitted values.
	 * @param ValidationContext    $context Unused.
	 * @return array<string, string>|FieldError
	 */
	public function validate( array $field, array $raw, ValidationContext $context ): array|FieldError {
		$checked = self::checked( $field, $raw );
		if ( array() === $checked && ! empty( $field['isRequired'] ) ) {
			return FieldError::for_field( $field, FieldError::REQUIRED );
		}
		return $checked;
	}

	/**
	 * The checked values, or only the named choice's.
	 *
	 * @param array<string, mixed> $field Checkbox field.
	 * @param string|list<string>  $value Checked values.
	 * @param string               $ref   "5" or "5.2".
	 */
	public function rule_reading( array $field, string|array $value, string $ref ): RuleReading {
		return new RuleReading( self::checked_values( $field, is_array( $value ) ? $value : array(), $ref ) );
	}

	/**
	 * Checked values, only the named choice's when the reference names one.
	 *
	 * @param array<string, mixed> $field Field with choices.
	 * @param array<mixed>         $value Checked values (strings).
	 * @param string               $ref   "5" or "5.2".
	 * @return list<string>
	 */
	public static function checked_values( array $field, array $value, string $ref ): array {
		if ( ! str_contains( $ref, '.' ) ) {
			return array_values( array_map( 'strval', $value ) );
		}
		$index  = (int) explode( '.', $ref )[1] - 1;
		$choice = $field['choices'][ $index ]['value'] ?? null;
		return array_values( array_filter( array_map( 'strval', $value ), static fn( string $v ): bool => $v === $choice ) );
	}

	/**
	 * The checked choices by input id, in choice order, from a list under the field id or one
	 * value per input id; an error for a value that is no choice.
	 *
	 * @param array<string, mixed> $field Checkbox field.
	 * @param array<mixed, mixed>  $raw   All submitted values.
	 * @return array<string, string>|FieldError
	 */
	private static function checked( array $field, array $raw ): array|FieldError {
		$choices   = Choices::values( $field );
		$input_ids = Form::choice_input_ids( $field );
		$checked   = array();

		$list = $raw[ (string) $field['id'] ] ?? null;
		if ( null !== $list && '' !== $list ) {
			if ( ! is_array( $list ) ) {
				$list = array( $list );
			}
			foreach ( $list as $item ) {
				$text  = Wire::text( $item, false );
				$index = null === $text ? false : array_search( $text, $choices, true );
				if ( false === $index ) {
					return FieldError::for_field( $field, FieldError::CHOICE );
				}
				$checked[ $input_ids[ $index ] ] = $choices[ $index ];
			}
		}
		foreach ( $input_ids as $index => $input_id ) {
			if ( ! array_key_exists( $input_id, $raw ) ) {
				continue;
			}
			$text = Wire::text( $raw[ $input_id ], false );
			if ( null === $text ) {
				return FieldError::for_field( $field, FieldError::INVALID );
			}
			if ( '' === $text ) {
				continue; // An unchecked box.
			}
			if ( $text !== $choices[ $index ] ) {
				return FieldError::for_field( $field, FieldError::CHOICE );
			}
			$checked[ $input_id ] = $text;
		}
		// Keep choice order whatever order the browser sent.
		$ordered = array();
		foreach ( $input_ids as $input_id ) {
			if ( isset( $checked[ $input_id ] ) ) {
				$ordered[ $input_id ] = $checked[ $input_id ];
			}
		}
		return $ordered;
	}
}
