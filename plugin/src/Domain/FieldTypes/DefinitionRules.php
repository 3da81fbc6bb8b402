<?php
/**
 * A field type's rules for its definition, beyond what the JSON Schema says.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\FieldTypes;

use Kestrel\Forms\Domain\Schema\SchemaError;

/**
 * Implemented by the units whose definitions can be wrong in ways a schema cannot express (input
 * ids of their own, a date range, a default from a list); Form\FormValidator asks them.
 */
interface DefinitionRules {

	/**
	 * What is wrong with a schema-valid definition of this type.
	 *
	 * @param array<string, mixed> $field Field definition.
	 * @param string               $path  Its JSON path ("fields[2]").
	 * @return list<SchemaError>
	 */
	public function definition_errors( array $field, string $path ): array;
}
