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
use Kestrel\Forms\Domain\Form\Rows;
use Kestrel\Forms\Domain\Money\Currencies;
use Kestrel\Forms\Domain\Money\Decimal;
use Kestrel\Forms\Domain\Money\Numbers;
use Kestrel\Forms\Uploads\UploadStore;

/**
 * Plain text only: templates escape it at output.
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
		foreach ( array( 'adminLabel', 'label' ) as $key ) {
			if ( ! empty( $field[ $key ] ) ) {
				return (string) $field[ $key ];
			}
		}
		/* translators: %d: field id. */
		return sprintf( __( 'Field %d', 'kestrel-forms' ), (int) $field['id'] );
	}

	/**
	 * Display text of one field's value: choice labels for choice fields, a list for checkboxes
	 * and option checkboxes (stored one input per checked choice).
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Entry                $entry Entry.
	 */
	public static function value( array $field, Entry $entry ): string {
		if ( 'password' === $field['type'] || 'creditcard' === $field['type'] ) {
			return self::secret( $field, $entry );
		}
		$labels = array();
		foreach ( $field['choices'] ?? array() as $choice ) {
			$labels[ (string) $choice['value'] ] = (string) $choice['text'];
		}
		$priced = self::priced( $field, $entry, $labels );
		if ( null !== $priced ) {
			return $priced;
		}
		if ( self::is_multi_choice( $field ) ) {
			$parts = array();
			foreach ( Form::choice_input_ids( $field ) as $input_id ) {
				$stored = $entry->values[ $input_id ] ?? null;
				if ( is_string( $stored ) ) {
					$parts[] = $labels[ $stored ] ?? $stored;
				}
			}
			return implode( ', ', $parts );
		}
		$value = $entry->values[ (string) $field['id'] ] ?? '';
		if ( Rows::is_repeated( $field ) ) {
			return self::rows( $field, is_array( $value ) ? $value : array() );
		}
		if ( 'fileupload' === $field['type'] ) {
			return implode(
				', ',
				array_map(
					static fn( array $file ): string => sprintf( '%s (%s)', $file['name'], $file['size_text'] ),
					self::files( $field, $entry )
				)
			);
		}
		if ( ! is_scalar( $value ) ) {
			return '';
		}
		$value = (string) $value;
		return $labels[ $value ] ?? $value;
	}

	/**
	 * Whether a field stores one value per checked choice under its choice input ids ("5.1",
	 * "5.2"): checkboxes, and option fields shown as checkboxes (the validator's is_multi()).
	 *
	 * @param array<string, mixed> $field Field.
	 */
	public static function is_multi_choice( array $field ): bool {
		return 'checkbox' === $field['type'] || ( 'option' === $field['type'] && 'checkbox' === ( $field['inputType'] ?? '' ) );
	}

	/**
	 * The CSV columns of a field: one per input where the field has inputs (checkboxes and
	 * option checkboxes: one per choice, "Extras (Gift wrap)"; products: "T-shirt (Name)",
	 * "T-shirt (Price)" and, when it has a quantity input of its own, "T-shirt (Quantity)"),
	 * else one for the field.
	 *
	 * @param array<string, mixed> $field Value field.
	 * @param Form|null            $form  Its form (whether a Quantity field carries a product's
	 *                                    quantity); without it a product has a quantity column.
	 * @return list<array{key: string, label: string}> Key: the input id, or the field id.
	 */
	public static function columns( array $field, ?Form $form = null ): array {
		$label = self::label( $field );
		if ( 'product' === $field['type'] ) {
			$id    = (string) $field['id'];
			$parts = array(
				/* translators: %s: product field label. */
				$id . '.1' => sprintf( __( '%s (Name)', 'kestrel-forms' ), $label ),
				/* translators: %s: product field label. */
				$id . '.2' => sprintf( __( '%s (Price)', 'kestrel-forms' ), $label ),
			);
			if ( self::has_own_quantity( $field, $form ) ) {
				/* translators: %s: product field label. */
				$parts[ $id . '.3' ] = sprintf( __( '%s (Quantity)', 'kestrel-forms' ), $label );
			}
			$columns = array();
			foreach ( $parts as $key => $heading ) {
				$columns[] = array(
					'key'   => (string) $key,
					'label' => $heading,
				);
			}
			return $columns;
		}
		if ( ! self::is_multi_choice( $field ) ) {
			return array(
				array(
					'key'   => (string) $field['id'],
					'label' => $label,
				),
			);
		}
		$columns = array();
		$choices = array_values( (array) ( $field['choices'] ?? array() ) );
		foreach ( Form::choice_input_ids( $field ) as $index => $input_id ) {
			$columns[] = array(
				'key'   => $input_id,
				/* translators: 1: field label, 2: choice label. */
				'label' => sprintf( __( '%1$s (%2$s)', 'kestrel-forms' ), $label, (string) ( $choices[ $index ]['text'] ?? $input_id ) ),
			);
		}
		return $columns;
	}

	/**
	 * The CSV cell of one column of columns(): a checked choice's label (empty when not
	 * checked), file names for uploads, else the display text of value().
	 *
	 * @param array<string, mixed> $field Value field.
	 * @param string               $key   Column key from columns().
	 * @param Entry                $entry Entry.
	 */
	public static function cell( array $field, string $key, Entry $entry ): string {
		if ( 'product' === $field['type'] ) {
			return self::product_cell( $field, $key, $entry );
		}
		if ( self::is_multi_choice( $field ) ) {
			$stored = $entry->values[ $key ] ?? null;
			if ( ! is_string( $stored ) || '' === $stored ) {
				return '';
			}
			foreach ( (array) ( $field['choices'] ?? array() ) as $choice ) {
				if ( (string) ( $choice['value'] ?? '' ) === $stored ) {
					return (string) $choice['text'];
				}
			}
			return $stored;
		}
		if ( 'fileupload' === $field['type'] ) {
			return implode( ', ', array_column( self::files( $field, $entry ), 'name' ) );
		}
		return self::value( $field, $entry );
	}

	/**
	 * Whether a product takes its quantity in an input of its own ("N.3"): not with its quantity
	 * disabled, not hidden, and not when a Quantity field carries it.
	 *
	 * @param array<string, mixed> $field Product field.
	 * @param Form|null            $form  Its form.
	 */
	private static function has_own_quantity( array $field, ?Form $form ): bool {
		if ( ! empty( $field['disableQuantity'] ) || 'hiddenproduct' === ( $field['inputType'] ?? '' ) ) {
			return false;
		}
		foreach ( $form ? $form->fields() : array() as $other ) {
			if ( 'quantity' === $other['type'] && (int) ( $other['productField'] ?? 0 ) === (int) $field['id'] ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * A product's CSV cell as the server priced it: its name (a chosen choice's label), its
	 * price without options (the product's or the chosen choice's; typed or calculated) and its
	 * quantity. Empty when it was not bought.
	 *
	 * @param array<string, mixed> $field Product field.
	 * @param string               $key   "N.1" name, "N.2" price, "N.3" quantity.
	 * @param Entry                $entry Entry.
	 */
	private static function product_cell( array $field, string $key, Entry $entry ): string {
		$line = null;
		foreach ( (array) ( $entry->pricing['products'] ?? array() ) as $candidate ) {
			if ( (int) $candidate['fieldId'] === (int) $field['id'] ) {
				$line = $candidate;
			}
		}
		if ( null === $line || null === $entry->pricing ) {
			return '';
		}
		$part = substr( $key, strrpos( $key, '.' ) + 1 );
		if ( '2' === $part ) {
			$options = array_sum( array_map( static fn( array $o ): int => (int) $o['priceMinor'], (array) $line['options'] ) );
			return self::money( (int) $line['unitMinor'] - $options, (string) $entry->pricing['currency'] );
		}
		if ( '3' === $part ) {
			return (string) $line['quantity'];
		}
		$chosen = $entry->values[ (string) $field['id'] ] ?? '';
		foreach ( (array) ( $field['choices'] ?? array() ) as $choice ) {
			if ( is_scalar( $chosen ) && (string) ( $choice['value'] ?? '' ) === (string) $chosen ) {
				return (string) $choice['text'];
			}
		}
		return (string) $line['name'];
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
		$stored = $entry->values[ (string) $field['id'] ] ?? array();
		$files  = array();
		foreach ( is_array( $stored ) ? $stored : array() as $file ) {
			if ( ! is_array( $file ) || ! isset( $file['token'], $file['name'] ) ) {
				continue;
			}
			$files[] = array(
				'name'      => (string) $file['name'],
				'size_text' => (string) size_format( max( 0, (int) ( $file['size'] ?? 0 ) ), 1 ),
				'url'       => UploadStore::download_url( $entry->id, (string) $file['token'] ),
			);
		}
		return $files;
	}

	/**
	 * A list or repeater value, one row a line: "Item: Tea, Qty: 4".
	 *
	 * @param array<string, mixed> $field List or repeater field.
	 * @param array<mixed>         $rows  Stored rows.
	 */
	private static function rows( array $field, array $rows ): string {
		$headings = 'repeater' === $field['type']
			? array_map( static fn( array $f ): string => (string) $f['label'], array_values( $field['fields'] ?? array() ) )
			: array_map( 'strval', $field['columns'] ?? array() );
		$lines    = array();
		foreach ( $rows as $row ) {
			if ( ! is_array( $row ) ) {
				continue;
			}
			$cells = array();
			foreach ( array_values( $row ) as $i => $cell ) {
				$text    = is_scalar( $cell ) ? (string) $cell : '';
				$cells[] = isset( $headings[ $i ] ) && '' !== $headings[ $i ] ? $headings[ $i ] . ': ' . $text : $text;
			}
			$lines[] = implode( ', ', $cells );
		}
		return implode( "\n", $lines );
	}

	/**
	 * Password and card fields: the entry holds nothing secret (Domain\Validation\PasswordInput,
	 * CreditCardInput); this says what was given: "Visa ending 4242, Ada Lovelace".
	 *
	 * @param array<string, mixed> $field Password or credit card field.
	 * @param Entry                $entry Entry.
	 */
	private static function secret( array $field, Entry $entry ): string {
		$id = (string) $field['id'];
		if ( 'password' === $field['type'] ) {
			return isset( $entry->values[ $id ] ) ? __( 'Given (not stored)', 'kestrel-forms' ) : '';
		}
		$last4 = $entry->values[ $id . '.1' ] ?? '';
		if ( ! is_string( $last4 ) || '' === $last4 ) {
			return '';
		}
		$brand = $entry->values[ $id . '.4' ] ?? '';
		/* translators: 1: card brand such as Visa, 2: the card number's last four digits. */
		$card = sprintf( __( '%1$s ending %2$s', 'kestrel-forms' ), is_string( $brand ) ? $brand : '', $last4 );
		$name = $entry->values[ $id . '.5' ] ?? '';
		return is_string( $name ) && '' !== $name ? $card . ', ' . $name : $card;
	}

	/**
	 * Products and the total as the server priced them at submission (never the browser's
	 * numbers): "Shirt, Qty: 3, Price: $12.50" (the unit price with its options) and "$37.50";
	 * a single shipping as its price. A product that was not bought is empty. Null for other
	 * fields and unpriced entries.
	 *
	 * @param array<string, mixed>  $field  Field.
	 * @param Entry                 $entry  Entry.
	 * @param array<string, string> $labels Choice labels by value.
	 */
	private static function priced( array $field, Entry $entry, array $labels ): ?string {
		$pricing = $entry->pricing;
		if ( null === $pricing || ! in_array( $field['type'], array( 'product', 'total', 'shipping' ), true ) ) {
			return null;
		}
		$currency = (string) $pricing['currency'];
		if ( 'total' === $field['type'] ) {
			return self::money( (int) $pricing['totalMinor'], $currency );
		}
		if ( 'shipping' === $field['type'] ) {
			// A drop-down or radio shipping reads as its chosen label (below). A single shipping
			// stores nothing: it reads as its price when the order was charged shipping.
			if ( 'singleshipping' !== ( $field['inputType'] ?? '' ) ) {
				return null;
			}
			if ( (int) $pricing['shippingMinor'] <= 0 || ! is_string( $field['basePrice'] ?? null ) ) {
				return '';
			}
			return Numbers::format_money( (string) $field['basePrice'], $currency );
		}
		foreach ( (array) $pricing['products'] as $line ) {
			if ( (int) $line['fieldId'] !== (int) $field['id'] ) {
				continue;
			}
			// A product with choices is named by the chosen one ("Large"), else by its label.
			$chosen = $entry->values[ (string) $field['id'] ] ?? '';
			$name   = is_scalar( $chosen ) && isset( $labels[ (string) $chosen ] ) ? $labels[ (string) $chosen ] : (string) $line['name'];
			return sprintf(
				/* translators: 1: product name, 2: quantity, 3: unit price. */
				__( '%1$s, Qty: %2$s, Price: %3$s', 'kestrel-forms' ),
				$name,
				(string) $line['quantity'],
				self::money( (int) $line['unitMinor'], $currency )
			);
		}
		return '';
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
