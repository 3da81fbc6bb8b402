<?php
/**
 * The server's field types: type → unit.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\FieldTypes;

/**
 * The registry of field type units (docs/field-types.md); the twin of
 * assets-src/forms-engine/field-types/registry.ts. Every type has one: Validation\SubmissionValidator
 * and Logic\FormEvaluator ask it and nothing else about a field's value.
 */
final class FieldTypes {

	/**
	 * Units by type, once built.
	 *
	 * @var array<string, FieldType>|null
	 */
	private static ?array $units = null;

	/**
	 * The unit of a field type, or null when the type has none.
	 *
	 * @param string $type Field type.
	 */
	public static function get( string $type ): ?FieldType {
		return self::units()[ $type ] ?? null;
	}

	/**
	 * The unit of a field definition's type, or null.
	 *
	 * @param array<string, mixed> $field Field definition.
	 */
	public static function of( array $field ): ?FieldType {
		return self::get( (string) ( $field['type'] ?? '' ) );
	}

	/**
	 * The unit of a field definition's type; a type the server does not know reads as text (as
	 * the browser's engine does).
	 *
	 * @param array<string, mixed> $field Field definition.
	 */
	public static function for_field( array $field ): FieldType {
		return self::of( $field ) ?? self::units()['text'];
	}

	/**
	 * Whether a field only displays content (section, html, page): no value, no validation.
	 *
	 * @param array<string, mixed> $field Field definition.
	 */
	public static function displays_only( array $field ): bool {
		return self::of( $field ) instanceof DisplayOnlyType;
	}

	/**
	 * Whether a field is a page break.
	 *
	 * @param array<string, mixed> $field Field definition.
	 */
	public static function breaks_page( array $field ): bool {
		$unit = self::of( $field );
		return $unit instanceof DisplayOnlyType && $unit->page_break;
	}

	/**
	 * Whether a field is a product to pricing (a form with one is priced; Pricing\PriceCalculator
	 * prices it).
	 *
	 * @param array<string, mixed> $field Field definition.
	 */
	public static function is_product( array $field ): bool {
		return self::of( $field ) instanceof ProductType;
	}

	/**
	 * Whether a field is the total, which the evaluator writes from the pricing.
	 *
	 * @param array<string, mixed> $field Field definition.
	 */
	public static function is_total( array $field ): bool {
		return self::of( $field ) instanceof TotalType;
	}

	/**
	 * Every unit by type.
	 *
	 * @return array<string, FieldType>
	 */
	private static function units(): array {
		if ( null === self::$units ) {
			$text        = new TextType();
			$display     = new DisplayOnlyType();
			self::$units = array(
				'text'        => $text,
				'textarea'    => $text,
				'hidden'      => $text,
				'email'       => new EmailType(),
				'number'      => new NumberType(),
				'select'      => new ChoiceType(),
				'radio'       => new ChoiceType(),
				'checkbox'    => new CheckboxType(),
				'quantity'    => new QuantityType(),
				'password'    => new SecretType( 'password' ),
				'creditcard'  => new SecretType( 'creditcard' ),
				'fileupload'  => new FileUploadType(),
				'list'        => new RowsType(),
				'repeater'    => new RowsType(),
				'name'        => new NameType( $text ),
				'address'     => new AddressType(),
				'phone'       => new PhoneType(),
				'date'        => new DateType(),
				'time'        => new TimeType(),
				'website'     => new WebsiteType(),
				'consent'     => new ConsentType(),
				'multiselect' => new MultiselectType(),
				'product'     => new ProductType(),
				'option'      => new OptionType(),
				'shipping'    => new ShippingType(),
				'total'       => new TotalType(),
				'payment'     => new PaymentType(),
				'captcha'     => new CaptchaType(),
				'section'     => $display,
				'html'        => $display,
				'page'        => new DisplayOnlyType( true ),
			);
		}
		return self::$units;
	}
}
