<?php
/**
 * A field type whose stored values are not its wire values (docs/field-types.md "Stored").
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\FieldTypes;

/**
 * Implemented by the units of the types whose entry keeps a value in another form than the
 * browser sent it (a date as Y-m-d, a time as "09:05 pm", a consent with its texts). Rules over a
 * stored entry (Logic\EntryLogic: notification conditions, confirmations, {all_fields}) read the
 * wire values rebuilt from the entry, so they decide as they did at submission.
 */
interface StoredValues {

	/**
	 * The field's wire values, by field or input id, rebuilt from an entry's stored values.
	 *
	 * @param array<string, mixed> $field  Field definition.
	 * @param array<mixed, mixed>  $stored The entry's stored values, by field or input id.
	 * @return array<string, string|list<string>>
	 */
	public function wire_from_stored( array $field, array $stored ): array;
}
