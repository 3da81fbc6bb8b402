<?php
/**
 * The total field: the order's total as the server priced it.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Entries\Formats;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Entries\PaymentText;

/**
 * "$37.50" on a priced entry; as stored otherwise.
 */
final class TotalFormat extends TextFormat {

	/**
	 * The priced total.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Entry                $entry Entry.
	 */
	public function text( array $field, Entry $entry ): string {
		if ( null === $entry->pricing ) {
			return parent::text( $field, $entry );
		}
		return PaymentText::money( (int) $entry->pricing['totalMinor'], (string) $entry->pricing['currency'] );
	}
}
