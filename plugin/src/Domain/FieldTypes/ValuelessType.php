<?php
/**
 * Fields whose value the visitor never types.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\FieldTypes;

/**
 * What display-only and payment fields share: no inputs, no value to start with, nothing
 * entered that rules could read (they read ""). Each says what it validates.
 */
abstract class ValuelessType implements FieldType {

	/**
	 * No inputs.
	 *
	 * @param array<string, mixed> $field Field definition.
	 * @return list<string>
	 */
	public function input_ids( array $field ): array {
		return array();
	}

	/**
	 * No value to start with.
	 *
	 * @param array<string, mixed> $field Field definition.
	 */
	public function default_value( array $field ): string {
		return '';
	}

	/**
	 * Nothing entered that rules could read.
	 *
	 * @param array<string, mixed> $field Field definition.
	 * @param array<mixed, mixed>  $raw   All submitted values.
	 */
	public function entered( array $field, array $raw ): ?string {
		return null;
	}

	/**
	 * Rules read nothing.
	 *
	 * @param array<string, mixed> $field Field definition.
	 * @param string|list<string>  $value Value.
	 * @param string               $ref   Rule reference.
	 */
	public function rule_reading( array $field, string|array $value, string $ref ): RuleReading {
		return new RuleReading( array( '' ) );
	}
}
