<?php
/**
 * Shipping fields.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Entries\Formats;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Domain\Money\Numbers;

/**
 * A drop-down or radio shipping reads as its chosen label (TextFormat). A single shipping stores
 * nothing: it reads as its price when the order was charged shipping.
 */
final class ShippingFormat extends TextFormat {

	/**
	 * The chosen label, or a single shipping's price.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Entry                $entry Entry.
	 */
	public function text( array $field, Entry $entry ): string {
		$pricing = $entry->pricing;
		if ( null === $pricing || 'singleshipping' !== ( $field['inputType'] ?? '' ) ) {
			return parent::text( $field, $entry );
		}
		if ( (int) $pricing['shippingMinor'] <= 0 || ! is_string( $field['basePrice'] ?? null ) ) {
			return '';
		}
		return Numbers::format_money( (string) $field['basePrice'], (string) $pricing['currency'] );
	}
}
