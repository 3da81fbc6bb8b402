<?php
/**
 * A field type's traits on the server; the twin of a TypeScript `FieldTypeUnit`
 * (assets-src/forms-engine/field-types/types.ts, docs/field-types.md).
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\FieldTypes;

use Kestrel\Forms\Domain\Validation\FieldError;

/**
 * One field type: its inputs, its default, its validation of the wire values into the values
 * stored, and what rules read. Values handed to `rule_reading()` have the browser's shape
 * (a string, or the tuple of the inputs in order), as `entered()` and `default_value()` give them.
 */
interface FieldType {

	/**
	 * The input ids of a field with several inputs, in the order of its tuple (empty: one value
	 * under the field id).
	 *
	 * @param array<string, mixed> $field Field definition.
	 * @return list<string>
	 */
	public function input_ids( array $field ): array;

	/**
	 * The value the field starts with (defaults, selected choices), in the browser's shape.
	 *
	 * @param array<string, mixed> $field Field definition.
	 * @return string|list<string>
	 */
	public function default_value( array $field ): string|array;

	/**
	 * The entered value as rules read it, in the browser's shape, from the submitted (wire)
	 * values; null when nothing usable was entered (the default then counts).
	 *
	 * @param array<string, mixed> $field Field definition.
	 * @param array<mixed, mixed>  $raw   All submitted values, by field or input id.
	 * @return string|list<string>|null
	 */
	public function entered( array $field, array $raw ): string|array|null;

	/**
	 * Validates the field's submitted values: the values to store by key (empty when nothing is
	 * entered), or the error ("required" included).
	 *
	 * @param array<string, mixed> $field   Field definition.
	 * @param array<mixed, mixed>  $raw     All submitted values, by field or input id.
	 * @param ValidationContext    $context The form's currency and money bounds.
	 * @return array<string, string|list<string>>|FieldError
	 */
	public function validate( array $field, array $raw, ValidationContext $context ): array|FieldError;

	/**
	 * What a rule (or a formula's merge tag) reads of the field: the whole field, or one input
	 * when the reference names one ("1.3").
	 *
	 * @param array<string, mixed> $field Field definition.
	 * @param string|list<string>  $value The field's value, in the browser's shape.
	 * @param string               $ref   The rule's fieldId ("1" or "1.3").
	 */
	public function rule_reading( array $field, string|array $value, string $ref ): RuleReading;
}
