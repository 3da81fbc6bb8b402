<?php
/**
 * One field merge tag being replaced.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Entries\Formats;

use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Entries\MergeTags;

/**
 * What a formatter needs to know of the tag: the form, the id it names ("3" or "3.2"), its
 * modifier (`value`), the mode MergeTags escapes for, and the entry's payment (read only when a
 * payment field asks for it: one query at most per text).
 */
final class TagContext {

	/**
	 * A tag.
	 *
	 * @param Form          $form     The entry's form.
	 * @param string        $input_id "3" or "3.2".
	 * @param string        $modifier What follows the id (`value`), '' for none.
	 * @param string        $mode     MergeTags::HTML, TEXT or URL.
	 * @param \Closure|null $payment  fn(): ?array, the entry's payment.
	 */
	public function __construct(
		public readonly Form $form,
		public readonly string $input_id,
		public readonly string $modifier = '',
		public readonly string $mode = 'text',
		private readonly ?\Closure $payment = null
	) {}

	/**
	 * Whether the tag names one input ("3.2") rather than the field.
	 */
	public function is_input(): bool {
		return str_contains( $this->input_id, '.' );
	}

	/**
	 * The input's number ("3.2" → 2), 0 when the tag names the field.
	 */
	public function input_number(): int {
		return $this->is_input() ? (int) explode( '.', $this->input_id )[1] : 0;
	}

	/**
	 * Whether the text goes into HTML (lines then become `<br>`).
	 */
	public function is_html(): bool {
		return MergeTags::HTML === $this->mode;
	}

	/**
	 * The entry's payment, or null.
	 *
	 * @return array<string, mixed>|null
	 */
	public function payment(): ?array {
		$payment = null === $this->payment ? null : ( $this->payment )();
		return is_array( $payment ) ? $payment : null;
	}
}
