<?php
/**
 * A small JSON Schema validator for the subset of draft 2020-12 our schemas use.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\Schema;

use InvalidArgumentException;

/**
 * Validates decoded JSON (PHP arrays and scalars, objects as associative arrays) against a schema.
 *
 * Supported keywords: type, enum, const, required, properties, additionalProperties, items,
 * minItems, maxItems, minLength, maxLength, pattern, minimum, maximum, $ref (local "#/$defs/..."),
 * allOf, if/then/else. Anything else in a schema is a programming error and throws, so a schema
 * can never silently rely on a keyword that is not enforced.
 *
 * Pure PHP: no WordPress, so Domain tests run without it.
 */
final class SchemaValidator {

	private const KNOWN = array(
		'$schema',
		'$id',
		'title',
		'description',
		'$defs',
		'type',
		'enum',
		'const',
		'required',
		'properties',
		'additionalProperties',
		'items',
		'minItems',
		'maxItems',
		'minLength',
		'maxLength',
		'pattern',
		'minimum',
		'maximum',
		'$ref',
		'allOf',
		'if',
		'then',
		'else',
	);

	/**
	 * Takes the whole schema document.
	 *
	 * @param array<string, mixed> $root The whole schema document ($ref targets resolve against it).
	 */
	public function __construct( private readonly array $root ) {}

	/**
	 * Loads a schema from a JSON file.
	 *
	 * @param string $path Absolute file path.
	 * @throws InvalidArgumentException When the file is missing or not a JSON object.
	 */
	public static function from_file( string $path ): self {
		$json = is_readable( $path ) ? file_get_contents( $path ) : false;
		$data = false === $json ? null : json_decode( $json, true );
		if ( ! is_array( $data ) ) {
			throw new InvalidArgumentException( 'Schema file is missing or invalid: ' . $path );
		}
		return new self( $data );
	}

	/**
	 * Validates a value against the root schema.
	 *
	 * @param mixed $value Decoded JSON value.
	 * @return list<SchemaError> Errors in document order; empty when valid.
	 */
	public function validate( mixed $value ): array {
		$errors = array();
		$this->check( $value, $this->root, '', $errors );
		return $errors;
	}

	/**
	 * Checks a value against a sub-schema, adding violations to $errors.
	 *
	 * @param mixed                $value  Value under test.
	 * @param array<string, mixed> $schema Sub-schema.
	 * @param string               $path   JSON path of the value.
	 * @param list<SchemaError>    $errors Collected errors.
	 * @throws InvalidArgumentException On a schema keyword this validator does not support.
	 */
	private function check( mixed $value, array $schema, string $path, array &$errors ): void {
		foreach ( array_keys( $schema ) as $keyword ) {
			if ( ! in_array( $keyword, self::KNOWN, true ) ) {
				throw new InvalidArgumentException( 'Unsupported schema keyword: ' . $keyword );
			}
		}

		if ( isset( $schema['$ref'] ) ) {
			$this->check( $value, $this->resolve( (string) $schema['$ref'] ), $path, $errors );
		}

		if ( isset( $schema['type'] ) && ! $this->matches_type( $value, (array) $schema['type'] ) ) {
			$errors[] = new SchemaError( $path, 'type', array( 'expected' => implode( ' or ', (array) $schema['type'] ) ) );
			return; // Other keywords are meaningless on the wrong type.
		}

		if ( isset( $schema['enum'] ) && ! $this->in_list( $value, $schema['enum'] ) ) {
			$errors[] = new SchemaError( $path, 'enum', array( 'allowed' => $this->list_text( $schema['enum'] ) ) );
		}
		if ( array_key_exists( 'const', $schema ) && ! $this->in_list( $value, array( $schema['const'] ) ) ) {
			$errors[] = new SchemaError( $path, 'const', array( 'allowed' => $this->list_text( array( $schema['const'] ) ) ) );
		}

		if ( is_string( $value ) ) {
			$this->check_string( $value, $schema, $path, $errors );
		}
		if ( ( is_int( $value ) || is_float( $value ) ) ) {
			if ( isset( $schema['minimum'] ) && $value < $schema['minimum'] ) {
				$errors[] = new SchemaError( $path, 'minimum', array( 'limit' => $schema['minimum'] ) );
			}
			if ( isset( $schema['maximum'] ) && $value > $schema['maximum'] ) {
				$errors[] = new SchemaError( $path, 'maximum', array( 'limit' => $schema['maximum'] ) );
			}
		}
		if ( is_array( $value ) && array_is_list( $value ) ) {
			$this->check_array( $value, $schema, $path, $errors );
		}
		if ( is_array( $value ) && ( ! array_is_list( $value ) || array() === $value ) ) {
			$this->check_object( $value, $schema, $path, $errors );
		}

		foreach ( $schema['allOf'] ?? array() as $sub ) {
			$this->check( $value, $sub, $path, $errors );
		}
		if ( isset( $schema['if'] ) ) {
			$probe = array();
			$this->check( $value, $schema['if'], $path, $probe );
			$branch = array() === $probe ? ( $schema['then'] ?? null ) : ( $schema['else'] ?? null );
			if ( is_array( $branch ) ) {
				$this->check( $value, $branch, $path, $errors );
			}
		}
	}

	/**
	 * Checks the string keywords (minLength, maxLength, pattern).
	 *
	 * @param string               $value  String under test.
	 * @param array<string, mixed> $schema Sub-schema.
	 * @param string               $path   JSON path.
	 * @param list<SchemaError>    $errors Collected errors.
	 */
	private function check_string( string $value, array $schema, string $path, array &$errors ): void {
		$length = mb_strlen( $value, 'UTF-8' );
		if ( isset( $schema['minLength'] ) && $length < $schema['minLength'] ) {
			$errors[] = new SchemaError( $path, 'minLength', array( 'limit' => $schema['minLength'] ) );
		}
		if ( isset( $schema['maxLength'] ) && $length > $schema['maxLength'] ) {
			$errors[] = new SchemaError( $path, 'maxLength', array( 'limit' => $schema['maxLength'] ) );
		}
		if ( isset( $schema['pattern'] ) ) {
			$regex = '/' . str_replace( '/', '\/', (string) $schema['pattern'] ) . '/u';
			if ( 1 !== preg_match( $regex, $value ) ) {
				$errors[] = new SchemaError( $path, 'pattern', array( 'pattern' => $schema['pattern'] ) );
			}
		}
	}

	/**
	 * Checks the array keywords (items, minItems, maxItems).
	 *
	 * @param list<mixed>          $value  List under test.
	 * @param array<string, mixed> $schema Sub-schema.
	 * @param string               $path   JSON path.
	 * @param list<SchemaError>    $errors Collected errors.
	 */
	private function check_array( array $value, array $schema, string $path, array &$errors ): void {
		$count = count( $value );
		if ( isset( $schema['minItems'] ) && $count < $schema['minItems'] ) {
			$errors[] = new SchemaError( $path, 'minItems', array( 'limit' => $schema['minItems'] ) );
		}
		if ( isset( $schema['maxItems'] ) && $count > $schema['maxItems'] ) {
			$errors[] = new SchemaError( $path, 'maxItems', array( 'limit' => $schema['maxItems'] ) );
			return; // Do not walk a list that is already too long.
		}
		if ( isset( $schema['items'] ) && is_array( $schema['items'] ) ) {
			foreach ( $value as $index => $item ) {
				$this->check( $item, $schema['items'], $path . '[' . $index . ']', $errors );
			}
		}
	}

	/**
	 * Checks the object keywords (required, properties, additionalProperties).
	 *
	 * @param array<string|int, mixed> $value  Object under test (associative array).
	 * @param array<string, mixed>     $schema Sub-schema.
	 * @param string                   $path   JSON path.
	 * @param list<SchemaError>        $errors Collected errors.
	 */
	private function check_object( array $value, array $schema, string $path, array &$errors ): void {
		foreach ( $schema['required'] ?? array() as $name ) {
			if ( ! array_key_exists( $name, $value ) ) {
				$errors[] = new SchemaError( self::join( $path, (string) $name ), 'required' );
			}
		}
		$properties = $schema['properties'] ?? array();
		foreach ( $value as $name => $item ) {
			$name = (string) $name;
			if ( isset( $properties[ $name ] ) ) {
				$this->check( $item, $properties[ $name ], self::join( $path, $name ), $errors );
			} elseif ( array_key_exists( 'additionalProperties', $schema ) ) {
				$extra = $schema['additionalProperties'];
				if ( false === $extra ) {
					$errors[] = new SchemaError( self::join( $path, $name ), 'additionalProperties' );
				} elseif ( is_array( $extra ) ) {
					$this->check( $item, $extra, self::join( $path, $name ), $errors );
				}
			}
		}
	}

	/**
	 * Whether a PHP value is of one of the JSON types. An empty PHP array counts as both an
	 * empty list and an empty object, because json_decode cannot tell `[]` from `{}`.
	 *
	 * @param mixed    $value Value under test.
	 * @param string[] $types JSON type names.
	 * @throws InvalidArgumentException On a JSON type name the schema language does not have.
	 */
	private function matches_type( mixed $value, array $types ): bool {
		foreach ( $types as $type ) {
			$ok = match ( $type ) {
				'string'  => is_string( $value ),
				'integer' => is_int( $value ) || ( is_float( $value ) && floor( $value ) === $value && is_finite( $value ) ),
				'number'  => is_int( $value ) || ( is_float( $value ) && is_finite( $value ) ),
				'boolean' => is_bool( $value ),
				'null'    => null === $value,
				'array'   => is_array( $value ) && array_is_list( $value ),
				'object'  => is_array( $value ) && ( ! array_is_list( $value ) || array() === $value ),
				default   => throw new InvalidArgumentException( 'Unknown JSON type: ' . $type ),
			};
			if ( $ok ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Whether the value is one of the allowed values.
	 *
	 * @param mixed       $value   Value under test.
	 * @param list<mixed> $allowed Allowed values (strict comparison, numbers compared by value).
	 */
	private function in_list( mixed $value, array $allowed ): bool {
		foreach ( $allowed as $candidate ) {
			if ( $candidate === $value || ( is_numeric( $candidate ) && is_numeric( $value ) && ! is_string( $value ) && ! is_string( $candidate ) && $candidate == $value ) ) { // phpcs:ignore WordPress.PHP.StrictComparisons.LooseComparison, Universal.Operators.StrictComparisons -- numbers compare by value (1 == 1.0), as JSON Schema's enum does.
				return true;
			}
		}
		return false;
	}

	/**
	 * The values as a JSON list for messages.
	 *
	 * @param list<mixed> $values Values to list.
	 */
	private function list_text( array $values ): string {
		return implode( ', ', array_map( static fn( $v ): string => (string) json_encode( $v ), $values ) );
	}

	/**
	 * Resolves a local reference such as "#/$defs/field".
	 *
	 * @param string $ref Reference.
	 * @return array<string, mixed>
	 * @throws InvalidArgumentException When the reference is not local or does not exist.
	 */
	private function resolve( string $ref ): array {
		if ( ! str_starts_with( $ref, '#/' ) ) {
			throw new InvalidArgumentException( 'Only local $ref is supported: ' . $ref );
		}
		$node = $this->root;
		foreach ( explode( '/', substr( $ref, 2 ) ) as $part ) {
			$part = str_replace( array( '~1', '~0' ), array( '/', '~' ), $part );
			if ( ! is_array( $node ) || ! isset( $node[ $part ] ) ) {
				throw new InvalidArgumentException( 'Unresolvable $ref: ' . $ref );
			}
			$node = $node[ $part ];
		}
		if ( ! is_array( $node ) ) {
			throw new InvalidArgumentException( 'Unresolvable $ref: ' . $ref );
		}
		return $node;
	}

	/**
	 * Appends a property name to a JSON path.
	 *
	 * @param string $path Parent path.
	 * @param string $name Property name.
	 */
	private static function join( string $path, string $name ): string {
		return '' === $path ? $name : $path . '.' . $name;
	}
}
