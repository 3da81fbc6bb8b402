<?php
/**
 * Name fields.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\FieldTypes;

use Kestrel\Forms\Domain\Schema\SchemaError;
use Kestrel\Forms\Domain\Validation\FieldError;

/**
 * Prefix, First, Middle, Last, Suffix ("N.2", "N.3", "N.4", "N.6", "N.8"; Prefix, Middle and
 * Suffix hidden unless the definition shows them), or one text input (nameFormat simple). A
 * required name needs its shown First and Last; the non-empty shown inputs are stored. The twin
 * of name.ts.
 */
final class NameType implements FieldType, DefinitionRules, StoredValues {

	use StoredAsSent;

	/** Gravity Forms' input numbers, in tuple order. */
	private const SUFFIXES = array( 2, 3, 4, 6, 8 );

	/** Prefix, Middle and Suffix are hidden unless the definition says otherwise. */
	private const HIDDEN_BY_DEFAULT = array( true, false, true, false, true );

	/** First and Last: the positions a required name needs. */
	private const NEEDED = array( 1, 3 );

	/**
	 * Constructs the type with the unit of a simple (one text input) name.
	 *
	 * @param TextType $simple Text unit.
	 */
	public function __construct( private readonly TextType $simple = new TextType() ) {}

	/**
	 * The five inputs (none for a simple name).
	 *
	 * @param array<string, mixed> $field Name field.
	 * @return list<string>
	 */
	public function input_ids( array $field ): array {
		return self::is_simple( $field ) ? array() : Wire::input_ids( $field, self::SUFFIXES );
	}

	/**
	 * Each input's defaultValue; the prefix selected among its choices.
	 *
	 * @param array<string, mixed> $field Name field.
	 * @return string|list<string>
	 */
	public function default_value( array $field ): string|array {
		if ( self::is_simple( $field ) ) {
			return $this->simple->default_value( $field );
		}
		$value = array_map( static fn( string $id ): string => Wire::input_default( $field, $id ), $this->input_ids( $field ) );
		foreach ( $field['inputs'] ?? array() as $input ) {
			if ( (string) ( $input['id'] ?? '' ) === $field['id'] . '.2' ) {
				$selected = Choices::selected( $input );
				$value[0] = $selected[0] ?? $value[0];
			}
		}
		return $value;
	}

	/**
	 * The tuple entered.
	 *
	 * @param array<string, mixed> $field Name field.
	 * @param array<mixed, mixed>  $raw   All submitted values.
	 * @return string|list<string>|null
	 */
	public function entered( array $field, array $raw ): string|array|null {
		return self::is_simple( $field ) ? $this->simple->entered( $field, $raw ) : MultiInput::entered( $raw, $this->input_ids( $field ) );
	}

	/**
	 * Validates the shown inputs; stores the non-empty ones.
	 *
	 * @param array<string, mixed> $field   Name field.
	 * @param array<mixed, mixed>  $raw     All submitted values.
	 * @param ValidationContext    $context The form's context.
	 * @return array<string, string|list<string>>|FieldError
	 */
	public function validate( array $field, array $raw, ValidationContext $context ): array|FieldError {
		if ( self::is_simple( $field ) ) {
			return $this->simple->validate( $field, $raw, $context );
		}
		return MultiInput::validate( $field, $raw, $this->input_ids( $field ), self::shown( $field ), self::NEEDED );
	}

	/**
	 * One input by its id ("1.3"), or the shown parts joined by spaces.
	 *
	 * @param array<string, mixed> $field Name field.
	 * @param string|list<string>  $value Value.
	 * @param string               $ref   Rule reference.
	 */
	public function rule_reading( array $field, string|array $value, string $ref ): RuleReading {
		if ( self::is_simple( $field ) ) {
			return $this->simple->rule_reading( $field, $value, $ref );
		}
		$position = array_search( $ref, $this->input_ids( $field ), true );
		if ( false !== $position ) {
			return new RuleReading( array( Wire::part( $value, (int) $position ) ) );
		}
		$parts = array_map( static fn( int $i ): string => Wire::part( $value, $i ), self::shown( $field ) );
		return new RuleReading( array( implode( ' ', array_filter( $parts, static fn( string $p ): bool => '' !== $p ) ) ) );
	}

	/**
	 * The shown inputs, as positions in the tuple.
	 *
	 * @param array<string, mixed> $field Name field.
	 * @return list<int>
	 */
	private static function shown( array $field ): array {
		$shown = array();
		foreach ( Wire::input_ids( $field, self::SUFFIXES ) as $i => $id ) {
			if ( Wire::is_shown( $field, $id, self::HIDDEN_BY_DEFAULT[ $i ] ) ) {
				$shown[] = $i;
			}
		}
		return $shown;
	}

	/**
	 * Whether the name is one text input.
	 *
	 * @param array<string, mixed> $field Name field.
	 */
	private static function is_simple( array $field ): bool {
		return 'simple' === ( $field['nameFormat'] ?? 'advanced' );
	}

	/**
	 * An advanced name's inputs are N.2, N.3, N.4, N.6 and N.8.
	 *
	 * @param array<string, mixed> $field Name field.
	 * @param string               $path  Its JSON path.
	 * @return list<SchemaError>
	 */
	public function definition_errors( array $field, string $path ): array {
		return self::is_simple( $field ) ? array() : DefinitionChecks::inputs( $field, $path, $this->input_ids( $field ) );
	}
}
