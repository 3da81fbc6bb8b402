<?php
/**
 * Payment fields: the payment is a row of its own (payment panel, column, CSV columns); a merge
 * tag naming the field reads it.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Entries\Formats;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Entries\PaymentText;

/**
 * `{Payment:N}` (any input or modifier): "Paid: $30.00, Visa •••• 1111".
 */
final class PaymentFormat extends TextFormat {

	/**
	 * The entry's payment in one line.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Entry                $entry Entry.
	 * @param TagContext           $tag   Tag.
	 */
	public function tag( array $field, Entry $entry, TagContext $tag ): string {
		return PaymentText::line( $tag->payment() );
	}
}
