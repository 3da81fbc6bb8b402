<?php
/**
 * The choices of a field.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\FieldTypes;

/**
 * Reading `choices` of a definition.
 */
final class Choices {

	/**
	 * The values of a field's choices, in order.
	 *
	 * @param array<string, mixed> $field Field with choices.
	 * @return list<string>
	 */
	public static function values( array $field ): array {
		return array_map( static fn( array $c ): string => (string) $c['value'], array_values( $field['choices'] ?? array() ) );
	}

	/**
	 * The values of the choices selected in the definition.
	 *
	 * @param array<string, mixed> $field Field with choices.
	 * @return list<string>
	 */
	public static function selected( array $field ): array {
		$selected = array_filter( array_values( $field['choices'] ?? array() ), static fn( array $c ): bool => ! empty( $c['isSelected'] ) );
		return array_values( array_map( static fn( array $c ): string => (string) $c['value'], $selected ) );
	}
}
