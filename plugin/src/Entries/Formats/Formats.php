<?php
/**
 * The registry of entry formats: field type → FieldFormat.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Entries\Formats;

/**
 * One format per field type (docs/field-types.md, the entries layer). A type not listed reads as
 * TextFormat. The entry presenter, merge tags, the CSV export and the personal-data exporter
 * ask here instead of testing types themselves.
 */
final class Formats {

	/** Format classes by field type (types absent here use TextFormat). */
	private const CLASSES = array(
		'checkbox'    => ChoicesFormat::class,
		'option'      => ChoicesFormat::class,
		'product'     => ProductFormat::class,
		'total'       => TotalFormat::class,
		'shipping'    => ShippingFormat::class,
		'number'      => NumberFormat::class,
		'fileupload'  => FileuploadFormat::class,
		'list'        => RowsFormat::class,
		'repeater'    => RowsFormat::class,
		'password'    => PasswordFormat::class,
		'creditcard'  => CreditcardFormat::class,
		'payment'     => PaymentFormat::class,
		'name'        => NameFormat::class,
		'address'     => AddressFormat::class,
		'phone'       => PhoneFormat::class,
		'date'        => DateFormat::class,
		'time'        => TimeFormat::class,
		'website'     => WebsiteFormat::class,
		'consent'     => ConsentFormat::class,
		'multiselect' => MultiselectFormat::class,
	);

	/**
	 * Formats made so far, by class (they hold no state).
	 *
	 * @var array<class-string<FieldFormat>, FieldFormat>
	 */
	private static array $made = array();

	/**
	 * The format of a field type.
	 *
	 * @param string $type Field type.
	 */
	public static function of( string $type ): FieldFormat {
		$class                         = self::CLASSES[ $type ] ?? TextFormat::class;
		return self::$made[ $class ] ??= new $class();
	}

	/**
	 * The format of a field.
	 *
	 * @param array<string, mixed> $field Field.
	 */
	public static function field( array $field ): FieldFormat {
		return self::of( (string) ( $field['type'] ?? '' ) );
	}
}
