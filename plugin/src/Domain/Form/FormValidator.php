<?php
/**
 * Validates a whole form definition: the JSON Schema first, then rules a schema cannot express.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\Form;

use Kestrel\Forms\Domain\Calculation\Formula;
use Kestrel\Forms\Domain\FieldTypes\DefinitionRules;
use Kestrel\Forms\Domain\FieldTypes\FieldTypes;
use Kestrel\Forms\Domain\Logic\DependencyCycle;
use Kestrel\Forms\Domain\Logic\DependencyGraph;
use Kestrel\Forms\Domain\Schema\SchemaError;
use Kestrel\Forms\Domain\Schema\SchemaValidator;

/**
 * The gate every stored definition passes (REST create/update and admin import).
 */
final class FormValidator {

	/**
	 * Takes the JSON Schema validator of form definitions.
	 *
	 * @param SchemaValidator $schema Validator of the form definition schema.
	 */
	public function __construct( private readonly SchemaValidator $schema ) {}

	/**
	 * Checks a definition against the schema, then the rules a schema cannot express.
	 *
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
				$errors[] = self::duplicate_id( $path, 'fields[' . $seen[ $id ] . ']' );
			}
			$seen[ $id ] = $index;

			foreach ( $field['inputs'] ?? array() as $input_index => $input ) {
				if ( ! str_starts_with( $input['id'], $id . '.' ) ) {
					$errors[] = new SchemaError(
						$path . '.inputs[' . $input_index . '].id',
						'inputId',
						array(
							'detail' => 'must start with the field id ' . $id . '.',
							'ref'    => $id . '.',
						)
					);
				}
			}
			if ( 'checkbox' === $field['type'] && isset( $field['inputs'] ) && is_array( $field['inputs'] ) && count( $field['inputs'] ) !== count( $field['choices'] ) ) {
				$errors[] = new SchemaError( $path . '.inputs', 'inputCount', array( 'detail' => 'must have one input per choice' ) );
			}
			// Every control needs an accessible name (WCAG 1.3.1, 4.1.2): the label is it.
			if ( ! in_array( $field['type'], array( 'hidden', 'section', 'html', 'page' ), true ) && 'hiddenproduct' !== ( $field['inputType'] ?? '' ) && '' === trim( (string) ( $field['label'] ?? '' ) ) ) {
				$errors[] = new SchemaError( $path . '.label', 'required', array( 'detail' => 'is required: a visible label names the field for everyone' ) );
			}
			if ( isset( $field['rangeMin'], $field['rangeMax'] ) && $field['rangeMin'] > $field['rangeMax'] ) {
				$errors[] = new SchemaError( $path . '.rangeMin', 'range', array( 'detail' => 'must not be greater than rangeMax' ) );
			}
			// The type's own rules (its input ids, a date range, a default from a list).
			$unit = FieldTypes::of( $field );
			if ( $unit instanceof DefinitionRules ) {
				$errors = array_merge( $errors, $unit->definition_errors( $field, $path ) );
			}
		}

		$value_fields = array();
		foreach ( $definition['fields'] as $field ) {
			if ( ! in_array( $field['type'], Form::DISPLAY_ONLY_TYPES, true ) ) {
				$value_fields[ (int) $field['id'] ] = true;
			}
		}
		foreach ( $definition['fields'] as $index => $field ) {
			$path   = 'fields[' . $index . ']';
			$errors = array_merge( $errors, self::check_logic( $field['conditionalLogic'] ?? null, $path . '.conditionalLogic', $value_fields ) );
			if ( ! empty( $field['enableCalculation'] ) ) {
				$errors = array_merge( $errors, self::check_formula( $field, $path, $value_fields ) );
			}
		}
		$errors = array_merge( $errors, self::check_logic( $definition['button']['conditionalLogic'] ?? null, 'button.conditionalLogic', $value_fields ) );
		foreach ( $definition['fields'] as $index => $field ) {
			$errors = array_merge( $errors, self::check_logic( $field['nextButton']['conditionalLogic'] ?? null, 'fields[' . $index . '].nextButton.conditionalLogic', $value_fields ) );
		}

		$products = array();
		foreach ( $definition['fields'] as $field ) {
			if ( 'product' === $field['type'] ) {
				$products[ (int) $field['id'] ] = true;
			}
		}
		foreach ( $definition['fields'] as $index => $field ) {
			if ( isset( $field['productField'] ) && ! isset( $products[ (int) $field['productField'] ] ) ) {
				$errors[] = new SchemaError(
					'fields[' . $index . '].productField',
					'unknownField',
					array(
						'detail' => 'names no product field: ' . $field['productField'],
						'ref'    => (string) $field['productField'],
					)
				);
			}
			if ( 'product' === $field['type'] && 'calculation' === ( $field['inputType'] ?? '' ) ) {
				$errors = array_merge( $errors, self::check_formula( $field + array( 'type' => 'product' ), 'fields[' . $index . ']', $value_fields ) );
			}
		}

		$errors = array_merge( $errors, self::check_payment( $definition['fields'], $products ) );
		$errors = array_merge( $errors, self::check_confirmations( $definition, $value_fields ) );
		$errors = array_merge( $errors, self::check_notifications( $definition, $value_fields ) );

		if ( ! $errors ) {
			try {
				DependencyGraph::build( $definition );
			} catch ( DependencyCycle $e ) {
				$errors[] = new SchemaError(
					'fields',
					'cycle',
					array(
						'detail' => 'fields ' . implode( ', ', $e->field_ids ) . ' depend on each other in a cycle',
						'fields' => $e->field_ids,
					)
				);
			}
		}
		return $errors;
	}

	/**
	 * Payment fields: at most one per form (the charge is one per submission), each method once, an
	 * amount source that is the total or a product of this form, and a billing mapping onto this
	 * form's fields.
	 *
	 * @param list<array<string, mixed>> $fields   Schema-valid fields.
	 * @param array<int, true>           $products Ids of product fields.
	 * @return list<SchemaError>
	 */
	private static function check_payment( array $fields, array $products ): array {
		$errors = array();
		$first  = null;
		$by_id  = array();
		foreach ( $fields as $field ) {
			if ( ! in_array( $field['type'], Form::DISPLAY_ONLY_TYPES, true ) && 'payment' !== $field['type'] ) {
				$by_id[ (int) $field['id'] ] = $field;
			}
		}
		foreach ( $fields as $index => $field ) {
			if ( 'payment' !== $field['type'] ) {
				continue;
			}
			$path = 'fields[' . $index . ']';
			if ( null !== $first ) {
				$errors[] = new SchemaError(
					$path,
					'singlePayment',
					array(
						'detail' => 'is a second payment field; a form takes one (the first is fields[' . $first . '])',
						'ref'    => 'fields[' . $first . ']',
					)
				);
			} else {
				$first = $index;
			}
			$source = $field['amountSource'] ?? 'total';
			if ( 'total' !== $source && ! isset( $products[ (int) $source ] ) ) {
				$errors[] = new SchemaError(
					$path . '.amountSource',
					'unknownField',
					array(
						'detail' => 'names no product field: ' . $source,
						'ref'    => (string) $source,
					)
				);
			}
			$methods = array_values( (array) ( $field['methods'] ?? array() ) );
			foreach ( $methods as $at => $method ) {
				if ( array_search( $method, $methods, true ) !== $at ) {
					$errors[] = new SchemaError(
						$path . '.methods[' . $at . ']',
						'duplicateMethod',
						array(
							'detail' => 'lists the method ' . (string) $method . ' twice',
							'ref'    => (string) $method,
						)
					);
				}
			}
			$holder = $field['accountHolderField'] ?? null;
			if ( is_string( $holder ) && ! self::names_holder( $holder, $by_id ) ) {
				$errors[] = new SchemaError(
					$path . '.accountHolderField',
					'unknownField',
					array(
						'detail' => 'names no text field of this form: ' . $holder,
						'ref'    => $holder,
					)
				);
			}
			foreach ( $field['billing'] ?? array() as $key => $ref ) {
				if ( ! self::names_input( (string) $ref, $by_id ) ) {
					$errors[] = new SchemaError(
						$path . '.billing.' . $key,
						'unknownField',
						array(
							'detail' => 'names no field or input with a value: ' . $ref,
							'ref'    => (string) $ref,
						)
					);
				}
			}
		}
		return $errors;
	}

	/**
	 * Confirmations (docs/confirmations.md): unique ids, at most one default, redirect URLs that
	 * are http(s) or a path on this site (never protocol-relative `//host`), rules that read
	 * fields with values.
	 *
	 * @param array<string, mixed> $definition   Schema-valid definition.
	 * @param array<int, true>     $value_fields Ids of fields with values.
	 * @return list<SchemaError>
	 */
	private static function check_confirmations( array $definition, array $value_fields ): array {
		$errors = array();
		if ( isset( $definition['confirmation']['url'] ) && ! self::is_redirect_url( (string) $definition['confirmation']['url'] ) ) {
			$errors[] = self::bad_url( 'confirmation.url' );
		}
		$ids     = array();
		$default = null;
		foreach ( $definition['confirmations'] ?? array() as $index => $confirmation ) {
			$path = 'confirmations[' . $index . ']';
			$id   = (string) $confirmation['id'];
			if ( isset( $ids[ $id ] ) ) {
				$errors[] = self::duplicate_id( $path, 'confirmations[' . $ids[ $id ] . ']' );
			} else {
				$ids[ $id ] = $index;
			}
			if ( ! empty( $confirmation['isDefault'] ) ) {
				if ( null !== $default ) {
					$errors[] = new SchemaError(
						$path . '.isDefault',
						'singleDefault',
						array(
							'detail' => 'is a second default confirmation; a form has one (the first is confirmations[' . $default . '])',
							'ref'    => 'confirmations[' . $default . ']',
						)
					);
				} else {
					$default = $index;
				}
			}
			if ( isset( $confirmation['url'] ) && ! self::is_redirect_url( (string) $confirmation['url'] ) ) {
				$errors[] = self::bad_url( $path . '.url' );
			}
			$errors = array_merge( $errors, self::check_logic( $confirmation['conditionalLogic'] ?? null, $path . '.conditionalLogic', $value_fields ) );
		}
		return $errors;
	}

	/**
	 * Notifications (docs/notifications.md): "send to a field's value" names an email field of the
	 * form (a visitor's value is never a list of addresses the site mails), and routing rules read
	 * fields with values.
	 *
	 * @param array<string, mixed> $definition   Schema-valid definition.
	 * @param array<int, true>     $value_fields Ids of fields with values.
	 * @return list<SchemaError>
	 */
	private static function check_notifications( array $definition, array $value_fields ): array {
		$email_fields = array();
		foreach ( $definition['fields'] as $field ) {
			if ( 'email' === $field['type'] ) {
				$email_fields[ (int) $field['id'] ] = true;
			}
		}
		$errors = array();
		foreach ( $definition['notifications'] ?? array() as $index => $notification ) {
			$path = 'notifications[' . $index . ']';
			$type = $notification['toType'] ?? 'email';
			if ( 'field' === $type && isset( $notification['toField'] ) && ! isset( $email_fields[ (int) $notification['toField'] ] ) ) {
				$errors[] = new SchemaError(
					$path . '.toField',
					'emailField',
					array(
						'detail' => 'names no email field of this form: ' . $notification['toField'],
						'ref'    => (string) $notification['toField'],
					)
				);
			}
			if ( 'routing' !== $type ) {
				continue;
			}
			$errors = array_merge( $errors, self::check_rule_fields( $notification['routing'] ?? array(), $path . '.routing', $value_fields ) );
		}
		return $errors;
	}

	/**
	 * Whether a redirect URL is an http(s) URL with a literal host (no user part, no merge tag) or
	 * a path on this site ("/thanks").
	 *
	 * @param string $url URL (merge tags allowed after its start).
	 */
	private static function is_redirect_url( string $url ): bool {
		if ( 1 === preg_match( '#^/(?![/\\\\])#', $url ) ) {
			return true;
		}
		return 1 === preg_match( '#^https?://[^/\\\\\s?\#@{}]+(?:[/?\#]|$)#i', $url );
	}

	/**
	 * The error of an id that an earlier item of the same list has.
	 *
	 * @param string $path  JSON path of the item.
	 * @param string $first JSON path of the earlier item.
	 */
	private static function duplicate_id( string $path, string $first ): SchemaError {
		return new SchemaError(
			$path . '.id',
			'unique',
			array(
				'detail' => 'duplicates the id of ' . $first,
				'ref'    => $first,
			)
		);
	}

	/**
	 * The error of a redirect URL that is neither http(s) nor a path on this site.
	 *
	 * @param string $path JSON path.
	 */
	private static function bad_url( string $path ): SchemaError {
		return new SchemaError( $path, 'redirectUrl', array( 'detail' => 'must be an http(s) URL or a path on this site starting with a single /' ) );
	}

	/**
	 * Whether an ACH account holder reference names a text field of the form.
	 *
	 * @param string                           $ref   Field id.
	 * @param array<int, array<string, mixed>> $by_id Fields with values by id.
	 */
	private static function names_holder( string $ref, array $by_id ): bool {
		return 1 === preg_match( '/^[1-9][0-9]*$/D', $ref ) && 'text' === ( $by_id[ (int) $ref ]['type'] ?? '' );
	}

	/**
	 * Whether "3" names a field with a value, or "4.3" an input listed by field 4.
	 *
	 * @param string                           $ref   Field or input id.
	 * @param array<int, array<string, mixed>> $by_id Fields with values by id.
	 */
	private static function names_input( string $ref, array $by_id ): bool {
		$field = $by_id[ DependencyGraph::field_id_of( $ref ) ] ?? null;
		if ( null === $field ) {
			return false;
		}
		if ( ! str_contains( $ref, '.' ) ) {
			return true;
		}
		// A type's own inputs ("4.3" of a name) count whether or not the definition lists them.
		if ( in_array( $ref, FieldTypes::of( $field )?->input_ids( $field ) ?? array(), true ) ) {
			return true;
		}
		foreach ( $field['inputs'] ?? array() as $input ) {
			if ( $input['id'] === $ref ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Rules must read fields that hold values.
	 *
	 * @param array<string, mixed>|null $logic        Rule set.
	 * @param string                    $path         JSON path of the rule set.
	 * @param array<int, true>          $value_fields Ids of fields with values.
	 * @return list<SchemaError>
	 */
	private static function check_logic( ?array $logic, string $path, array $value_fields ): array {
		return self::check_rule_fields( $logic['rules'] ?? array(), $path . '.rules', $value_fields );
	}

	/**
	 * Each rule of a list (conditional logic, notification routing) reads a field with a value.
	 *
	 * @param array<int, array<string, mixed>> $rules        Rules, each with a fieldId.
	 * @param string                           $path         JSON path of the list.
	 * @param array<int, true>                 $value_fields Ids of fields with values.
	 * @return list<SchemaError>
	 */
	private static function check_rule_fields( array $rules, string $path, array $value_fields ): array {
		$errors = array();
		foreach ( $rules as $i => $rule ) {
			if ( ! isset( $value_fields[ DependencyGraph::field_id_of( $rule['fieldId'] ) ] ) ) {
				$errors[] = new SchemaError(
					$path . '[' . $i . '].fieldId',
					'unknownField',
					array(
						'detail' => 'names no field with a value: ' . $rule['fieldId'],
						'ref'    => (string) $rule['fieldId'],
					)
				);
			}
		}
		return $errors;
	}

	/**
	 * A calculated field is a number field whose formula reads known fields and parses.
	 *
	 * @param array<string, mixed> $field        Field.
	 * @param string               $path         JSON path of the field.
	 * @param array<int, true>     $value_fields Ids of fields with values.
	 * @return list<SchemaError>
	 */
	private static function check_formula( array $field, string $path, array $value_fields ): array {
		if ( 'number' !== $field['type'] && 'product' !== $field['type'] ) {
			return array( new SchemaError( $path . '.enableCalculation', 'calculation', array( 'detail' => 'is only available on number fields' ) ) );
		}
		$formula = (string) ( $field['calculationFormula'] ?? '' );
		$errors  = array();
		foreach ( Formula::merge_tags( $formula ) as $tag ) {
			if ( ! isset( $value_fields[ DependencyGraph::field_id_of( $tag['input_id'] ) ] ) ) {
				$errors[] = new SchemaError(
					$path . '.calculationFormula',
					'unknownField',
					array(
						'detail' => 'reads no field with a value: {:' . $tag['input_id'] . '}',
						'ref'    => '{:' . $tag['input_id'] . '}',
					)
				);
			}
		}
		if ( ! $errors && null === Formula::evaluate( Formula::substitute( $formula, static fn(): float => 1.0 ) ) ) {
			$errors[] = new SchemaError( $path . '.calculationFormula', 'formula', array( 'detail' => 'is not a valid formula (numbers, merge tags, + - * / and parentheses)' ) );
		}
		return $errors;
	}
}
