<?php
/**
 * Products, as the server priced them at submission (never the browser's numbers).
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Entries\Formats;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Entries\PaymentText;

/**
 * Display "Shirt, Qty: 3, Price: $12.50" (the unit price with its options; empty when not bought);
 * inputs 1 name, 2 price, 3 quantity; CSV columns "T-shirt (Name)", "T-shirt (Price)" (without
 * options) and, when it takes its own quantity, "T-shirt (Quantity)". An unpriced entry reads as
 * TextFormat.
 */
final class ProductFormat extends TextFormat {

	/**
	 * The product's order line in one line.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Entry                $entry Entry.
	 */
	public function text( array $field, Entry $entry ): string {
		if ( null === $entry->pricing ) {
			return parent::text( $field, $entry );
		}
		$line = self::line( $field, $entry );
		if ( null === $line ) {
			return '';
		}
		return sprintf(
			/* translators: 1: product name, 2: quantity, 3: unit price. */
			__( '%1$s, Qty: %2$s, Price: %3$s', 'kestrel-forms' ),
			self::name( $field, $entry, $line ),
			(string) $line['quantity'],
			PaymentText::money( (int) $line['unitMinor'], (string) $entry->pricing['currency'] )
		);
	}

	/**
	 * Inputs as the server priced the order: 1 name, 2 unit price (with its options), 3 quantity.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Entry                $entry Entry.
	 * @param TagContext           $tag   Tag.
	 */
	public function tag( array $field, Entry $entry, TagContext $tag ): string {
		if ( ! $tag->is_input() ) {
			return parent::tag( $field, $entry, $tag );
		}
		$index = $tag->input_number();
		$line  = self::line( $field, $entry );
		if ( null === $line ) {
			return 1 === $index ? (string) ( $field['label'] ?? '' ) : self::scalar( $entry->values[ $tag->input_id ] ?? '' );
		}
		return match ( $index ) {
			1       => self::name( $field, $entry, $line ),
			2       => PaymentText::money( (int) $line['unitMinor'], (string) ( $entry->pricing['currency'] ?? '' ) ),
			3       => (string) $line['quantity'],
			default => '',
		};
	}

	/**
	 * Name, price and, when it takes its quantity itself, quantity.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Form|null            $form  Its form (whether a Quantity field carries the quantity);
	 *                                    without it a product has a quantity column.
	 * @return list<array{0: string, 1: string}>
	 */
	public function columns( array $field, ?Form $form ): array {
		$label   = self::label( $field );
		$id      = (string) $field['id'];
		$columns = array(
			/* translators: %s: product field label. */
			array( $id . '.1', sprintf( __( '%s (Name)', 'kestrel-forms' ), $label ) ),
			/* translators: %s: product field label. */
			array( $id . '.2', sprintf( __( '%s (Price)', 'kestrel-forms' ), $label ) ),
		);
		if ( self::has_own_quantity( $field, $form ) ) {
			/* translators: %s: product field label. */
			$columns[] = array( $id . '.3', sprintf( __( '%s (Quantity)', 'kestrel-forms' ), $label ) );
		}
		return $columns;
	}

	/**
	 * Its name (a chosen choice's label), its price without options and its quantity; empty when
	 * it was not bought.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param string               $key   "N.1", "N.2" or "N.3".
	 * @param Entry                $entry Entry.
	 */
	public function cell( array $field, string $key, Entry $entry ): string {
		$line = self::line( $field, $entry );
		if ( null === $line || null === $entry->pricing ) {
			return '';
		}
		$part = substr( $key, (int) strrpos( $key, '.' ) + 1 );
		if ( '2' === $part ) {
			$options = array_sum( array_map( static fn( array $o ): int => (int) $o['priceMinor'], (array) $line['options'] ) );
			return PaymentText::money( (int) $line['unitMinor'] - $options, (string) $entry->pricing['currency'] );
		}
		if ( '3' === $part ) {
			return (string) $line['quantity'];
		}
		return self::name( $field, $entry, $line );
	}

	/**
	 * The product's line of the entry's order, or null when it was not bought.
	 *
	 * @param array<string, mixed> $field Product field.
	 * @param Entry                $entry Entry.
	 * @return array<string, mixed>|null
	 */
	public static function line( array $field, Entry $entry ): ?array {
		$found = null;
		foreach ( (array) ( $entry->pricing['products'] ?? array() ) as $line ) {
			if ( is_array( $line ) && (int) ( $line['fieldId'] ?? 0 ) === (int) $field['id'] ) {
				$found = $line;
			}
		}
		return $found;
	}

	/**
	 * A product's name on the order: the chosen choice of a drop-down or radio product, else the
	 * name priced.
	 *
	 * @param array<string, mixed> $field Product field.
	 * @param Entry                $entry Entry.
	 * @param array<string, mixed> $line  Its order line.
	 */
	public static function name( array $field, Entry $entry, array $line ): string {
		$chosen = $entry->values[ (string) $field['id'] ] ?? '';
		$labels = self::labels( $field );
		return is_scalar( $chosen ) && isset( $labels[ (string) $chosen ] ) ? $labels[ (string) $chosen ] : (string) ( $line['name'] ?? '' );
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
}
