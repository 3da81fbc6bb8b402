<?php
/**
 * A stored submission.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Submissions;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Domain\Form\Form;

/**
 * What {@see SubmitForm} answers: the entry (new, or the first one of a repeated submission key),
 * its public reference and the confirmation to show.
 */
final class StoredSubmission {

	/**
	 * Holds the stored submission.
	 *
	 * @param Form                 $form         The form.
	 * @param Entry                $entry        The stored entry.
	 * @param bool                 $created      Whether this submission stored it (false: a replay).
	 * @param array<string, mixed> $confirmation `type` with `message` or `url`, sanitised.
	 */
	public function __construct(
		public readonly Form $form,
		public readonly Entry $entry,
		public readonly bool $created,
		public readonly array $confirmation
	) {}

	/**
	 * The entry's public reference ({@see EntryReference}).
	 */
	public function reference(): string {
		return EntryReference::of( $this->entry->id );
	}
}
