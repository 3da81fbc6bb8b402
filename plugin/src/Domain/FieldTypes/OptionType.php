<?php
/**
 * Option fields.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\FieldTypes;

use Kestrel\Forms\Domain\Validation\FieldError;

/**
 * A choice of a drop-down or radio buttons, or the checked choices of checkboxes (stored by
 * input id, starting with the selected choices as checkbox fields do), each one of the choices.
 * PriceCalculator adds their prices to `productField`'s. The twin of option.ts.
 */
final class OptionType implements FieldType {

	/**
	 * A unit for the two shapes.
	 *
	 * @param PricedType   $one  A drop-down or radio option.
	 * @param CheckboxType $many Checkbox options.
	 */
	public function __construct(
		private readonly PricedType $one = new PricedType(),
		private readonly CheckboxType $many = new CheckboxType()
	) {}

	/**
	 * Whether the option takes several checked values.
	 *
	 * @param array<string, mixed> $field Option field.
	 */
	public static function is_multi( array $field ): bool {
		return 'checkbox' === ( $field['inputType'] ?? '' );
	}

	/**
	 * The unit of the option's shape.
	 *
	 * @param array<string, mixed> $field Option field.
	 */
	private function shape( array $field ): FieldType {
		return self::is_multi( $field ) ? $this->many : $this->one;
	}

	/**
	 * No tuple.
	 *
	 * @param array<string, mixed> $field Option field.
	 * @return list<string>
	 */
	public function input_ids( array $field ): array {
		return array();
	}

	/**
	 * The selected choices (checkboxes), else the selected choice or the defaultValue.
	 *
	 * @param array<string, mixed> $field Option field.
	 * @return string|list<string>
	 */
	public function default_value( array $field ): string|array {
		return $this->shape( $field )->default_value( $field );
	}

	/**
	 * The chosen value or the checked values.
	 *
	 * @param array<string, mixed> $field Option field.
	 * @param array<mixed, mixed>  $raw   All submitted values.
	 * @return string|list<string>|null
	 */
	public function entered( array $field, array $raw ): string|array|null {
		return $this->shape( $field )->entered( $field, $raw );
	}

	/**
	 * The chosen or checked choices.
	 *
	 * @param array<string, mixed> $field   Option field.
	 * @param array<mixed, mixed>  $raw     All submitted values.
	 * @param ValidationContext    $context The form's context.
	 * @return array<string, string|list<string>>|FieldError
	 */
	public function validate( array $field, array $raw, ValidationContext $context ): array|FieldError {
		return $this->shape( $field )->validate( $field, $raw, $context );
	}

	/**
	 * The value as sent; checked options, or only the named one's.
	 *
	 * @param array<string, mixed> $field Option field.
	 * @param string|list<string>  $value Value.
	 * @param string               $ref   "5" or "5.2".
	 */
	public function rule_reading( array $field, string|array $value, string $ref ): RuleReading {
		return $this->one->rule_reading( $field, $value, $ref );
	}
}
