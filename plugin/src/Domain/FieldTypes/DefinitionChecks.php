<?php
/**
 * Checks the units share for their definitions.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\FieldTypes;

use Kestrel\Forms\Domain\Schema\SchemaError;

/**
 * Errors named by JSON path, with the keywords Rest\Messages words: `fieldInput` (an input id the
 * type does not have), `listValue` (a default not in its list), `date` (not a real Y-m-d date),
 * `dateRange` (dateMin after dateMax).
 */
final class DefinitionChecks {

	/**
	 * Every `inputs[].id` must be one of the type's input ids.
	 *
	 * @param array<string, mixed> $field   Field definition.
	 * @param string               $path    Its JSON path.
	 * @param list<string>         $allowed The type's input ids.
	 * @return list<SchemaError>
	 */
	public static function inputs( array $field, string $path, array $allowed ): array {
		$errors = array();
		foreach ( array_values( $field['inputs'] ?? array() ) as $index => $input ) {
			if ( ! in_array( (string) ( $input['id'] ?? '' ), $allowed, true ) ) {
				$errors[] = new SchemaError(
					$path . '.inputs[' . $index . '].id',
					'fieldInput',
					array(
						'detail' => 'must be one of the inputs of a ' . $field['type'] . ' field: ' . implode( ', ', $allowed ),
						'ref'    => implode( ', ', $allowed ),
					)
				);
			}
		}
		return $errors;
	}

	/**
	 * A default chosen from a list must be in it.
	 *
	 * @param array<string, mixed> $field Field definition.
	 * @param string               $path  Its JSON path.
	 * @param string               $key   The setting ("defaultState").
	 * @param list<string>         $list  What it may be.
	 * @param string               $what  What the list holds ("US states").
	 * @return list<SchemaError>
	 */
	public static function in_list( array $field, string $path, string $key, array $list, string $what ): array {
		$value = (string) ( $field[ $key ] ?? '' );
		if ( '' === $value || in_array( $value, $list, true ) ) {
			return array();
		}
		return array(
			new SchemaError(
				$path . '.' . $key,
				'listValue',
				array(
					'detail' => 'is not one of the ' . $what,
					'ref'    => $what,
				)
			),
		);
	}
}
