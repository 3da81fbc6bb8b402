<?php
/**
 * What the pricing fields share.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\FieldTypes;

use Kestrel\Forms\Domain\Validation\FieldError;

/**
 * Product, option, shipping and total fields: one text value, a choice's `text|price` value
 * (or a typed price), starting with the selected choice, else the defaultValue; rules read it as
 * sent (checked options one by one, "5.2"). What they cost is Pricing\PriceCalculator's, never
 * the unit's. Used as it is for a drop-down or radio option (OptionType). The twin of priced.ts.
 */
class PricedType extends TextType {

	/**
	 * The selected choice, else the defaultValue (as the browser starts).
	 *
	 * @param array<string, mixed> $field Field.
	 */
	public function default_value( array $field ): string {
		return Choices::selected( $field )[0] ?? parent::default_value( $field );
	}

	/**
	 * One of the choices, else "choice".
	 *
	 * @param array<string, mixed> $field   Field.
	 * @param string               $text    Trimmed text.
	 * @param ValidationContext    $context Unused.
	 */
	protected function read( array $field, string $text, ValidationContext $context ): string|FieldError {
		if ( ! in_array( $text, Choices::values( $field ), true ) ) {
			return FieldError::for_field( $field, FieldError::CHOICE );
		}
		return $text;
	}

	/**
	 * The value as sent; checked options, or only the named one's.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param string|list<string>  $value Value.
	 * @param string               $ref   "5" or "5.2".
	 */
	public function rule_reading( array $field, string|array $value, string $ref ): RuleReading {
		return new RuleReading( is_array( $value ) ? CheckboxType::checked_values( $field, $value, $ref ) : array( $value ) );
	}
}
