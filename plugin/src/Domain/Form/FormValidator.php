<?php
/**
 * Validates a whole form definition: the JSON Schema first, then rules a schema cannot express.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\Form;

use Kestrel\Forms\Domain\Schema\SchemaError;
use Kestrel\Forms\Domain\Schema\SchemaValidator;

/**
 * The gate every stored definition passes (REST create/update and admin import).
 */
final class FormValidator {

	public function __construct( private readonly SchemaValidator $schema ) {}

	/**
	 * @param mixed $definition Decoded JSON.
	 * @return list<SchemaError> Empty when the definition is valid.
	 */
	public function validate( mixed $definition ): array {
		$errors = $this->schema->validate( $definition );
		if ( $errors || ! is_array( $definition ) ) {
			return $errors;
		}
		return $this->check_rules( $definition );
	}

	/**
	 * Throws when the definition is invalid.
	 *
	 * @param mixed $definition Decoded JSON.
	 * @throws InvalidForm With every violation.
	 */
	public function assert_valid( mixed $definition ): void {
		$errors = $this->validate( $definition );
		if ( $errors ) {
			throw new InvalidForm( $errors );
		}
	}

	/**
	 * Cross-field rules. Runs only on schema-valid input, so shapes are known here.
	 *
	 * @param array<string, mixed> $definition Schema-valid definition.
	 * @return list<SchemaError>
	 */
	private function check_rules( array $definition ): array {
		$errors = array();
		$seen   = array();
		foreach ( $definition['fields'] as $index => $field ) {
			$path = 'fields[' . $index . ']';
			$id   = (int) $field['id'];
			if ( isset( $seen[ $id ] ) ) {
				$errors[] = new SchemaError( $path . '.id', 'unique', array( 'detail' => 'duplicates the id of fields[' . $seen[ $id ] . ']' ) );
			}
			$seen[ $id ] = $index;

			foreach ( $field['inputs'] ?? array() as $input_index => $input ) {
				if ( ! str_starts_with( $input['id'], $id . '.' ) ) {
					$errors[] = new SchemaError( $path . '.inputs[' . $input_index . '].id', 'inputId', array( 'detail' => 'must start with the field id ' . $id . '.' ) );
				}
			}
			if ( 'checkbox' === $field['type'] && isset( $field['inputs'] ) && is_array( $field['inputs'] ) && count( $field['inputs'] ) !== count( $field['choices'] ) ) {
				$errors[] = new SchemaError( $path . '.inputs', 'inputCount', array( 'detail' => 'must have one input per choice' ) );
			}
			if ( isset( $field['rangeMin'], $field['rangeMax'] ) && $field['rangeMin'] > $field['rangeMax'] ) {
				$errors[] = new SchemaError( $path . '.rangeMin', 'range', array( 'detail' => 'must not be greater than rangeMax' ) );
			}
		}
		return $errors;
	}
}
