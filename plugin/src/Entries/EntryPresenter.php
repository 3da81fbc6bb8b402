<?php
/**
 * Turns stored entry values into display text per field.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Entries;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Domain\Money\Currencies;
use Kestrel\Forms\Domain\Money\Decimal;
use Kestrel\Forms\Domain\Money\Numbers;
use Kestrel\Forms\Entries\Formats\FileuploadFormat;
use Kestrel\Forms\Entries\Formats\Formats;
use Kestrel\Forms\Entries\Formats\TextFormat;

/**
 * Plain text (but html()): templates escape it at output. What a field shows is its type's format
 * (Formats\Formats, one class per type); this class is the entry-wide door to them.
 *
 * Shared by the entries REST routes (Rest\EntriesController), the entries screen
 * (Admin\EntriesScreen) and the personal-data exporter (Privacy\PersonalData). It lives in
 * Entries/, not in Admin/ or Rest/, so that PHP folders import one way only: nothing but
 * Plugin.php imports Rest/ (tests/php/unit/ArchitectureTest.php).
 */
final class EntryPresenter {

	/**
	 * Value fields of a form (no sections, HTML blocks or captchas, and no payment field: the
	 * payment is a row of its own, shown by the payment panel, column and CSV columns).
	 *
	 * @param Form $form Form.
	 * @return list<array<string, mixed>>
	 */
	public static function value_fields( Form $form ): array {
		return array_values( array_filter( $form->fields(), static fn( array $f ): bool => ! in_array( $f['type'], Form::DISPLAY_ONLY_TYPES, true ) && ! in_array( $f['type'], array( 'captcha', 'payment' ), true ) ) );
	}

	/**
	 * Whether a form has a payment field.
	 *
	 * @param Form $form Form.
	 */
	public static function has_payment_field( Form $form ): bool {
		foreach ( $form->fields() as $field ) {
			if ( 'payment' === ( $field['type'] ?? '' ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The label an admin sees for a field.
	 *
	 * @param array<string, mixed> $field Field.
	 */
	public static function label( array $field ): string {
		return TextFormat::label( $field );
	}

	/**
	 * Display text of one field's value, as its type's format shows it (Formats\Formats).
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Entry                $entry Entry.
	 */
	public static function value( array $field, Entry $entry ): string {
		return Formats::field( $field )->text( $field, $entry );
	}

	/**
	 * Display of one field's value as escaped HTML.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Entry                $entry Entry.
	 */
	public static function html( array $field, Entry $entry ): string {
		return Formats::field( $field )->html( $field, $entry );
	}

	/**
	 * The CSV columns of a field, as its type's format has them: one per input where the field
	 * has inputs (checkboxes: one per choice, "Extras (Gift wrap)"; products: "T-shirt (Name)",
	 * "T-shirt (Price)", "T-shirt (Quantity)"; names: "Name (First)"), else one for the field.
	 *
	 * @param array<string, mixed> $field Value field.
	 * @param Form|null            $form  Its form (whether a Quantity field carries a product's
	 *                                    quantity); without it a product has a quantity column.
	 * @return list<array{key: string, label: string}> Key: the input id, or the field id.
	 */
	public static function columns( array $field, ?Form $form = null ): array {
		return array_map(
			static fn( array $column ): array => array(
				'key'   => $column[0],
				'label' => $column[1],
			),
			Formats::field( $field )->columns( $field, $form )
		);
	}

	/**
	 * The CSV cell of one column of columns().
	 *
	 * @param array<string, mixed> $field Value field.
	 * @param string               $key   Column key from columns().
	 * @param Entry                $entry Entry.
	 */
	public static function cell( array $field, string $key, Entry $entry ): string {
		return Formats::field( $field )->cell( $field, $key, $entry );
	}

	/**
	 * The value the personal-data exporter shows for a field ('' when it has none).
	 *
	 * @param array<string, mixed> $field Value field.
	 * @param Entry                $entry Entry.
	 */
	public static function export( array $field, Entry $entry ): string {
		return Formats::field( $field )->export( $field, $entry );
	}

	/**
	 * A stored UTC time as the site shows dates: its time zone and its date and time formats
	 * (Settings → General), e.g. "15/03/2026 23:00" in Auckland with d/m/Y and H:i.
	 *
	 * @param string $utc UTC "Y-m-d H:i:s" (as entries and notes store it).
	 */
	public static function local_time( string $utc ): string {
		$time = strtotime( $utc . ' UTC' );
		if ( false === $time ) {
			return $utc;
		}
		$format = trim( get_option( 'date_format', 'Y-m-d' ) . ' ' . get_option( 'time_format', 'H:i' ) );
		return (string) wp_date( '' === $format ? 'Y-m-d H:i' : $format, $time );
	}

	/**
	 * The site's time zone as a heading names it: "Pacific/Auckland", "+02:00", or "UTC".
	 */
	public static function zone_name(): string {
		$zone = wp_timezone_string();
		return in_array( $zone, array( '+00:00', '-00:00' ), true ) ? 'UTC' : $zone;
	}

	/**
	 * The files of an upload field on an entry, with their sizes and admin download links.
	 *
	 * @param array<string, mixed> $field File-upload field.
	 * @param Entry                $entry Entry.
	 * @return list<array{name: string, size_text: string, url: string}>
	 */
	public static function files( array $field, Entry $entry ): array {
		return FileuploadFormat::files( $field, $entry );
	}

	/**
	 * Money text for an amount in minor units.
	 *
	 * @param int    $minor    Amount in minor units.
	 * @param string $currency ISO code.
	 */
	public static function money( int $minor, string $currency ): string {
		return Numbers::format_money( Decimal::from_minor_units( $minor, (int) Currencies::get( $currency )['decimals'] ), $currency );
	}
}
