<?php
/**
 * Credit card fields: the entry holds the brand, the last four digits and the name only
 * (Domain\Validation\CreditCardInput).
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Entries\Formats;

use Kestrel\Forms\Domain\Entry\Entry;

/**
 * "Visa ending 4242, Ada Lovelace".
 */
final class CreditcardFormat extends TextFormat {

	/**
	 * What was given, without anything secret.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Entry                $entry Entry.
	 */
	public function text( array $field, Entry $entry ): string {
		$id    = (string) $field['id'];
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
}
