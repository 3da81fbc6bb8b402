<?php
/**
 * What a field type shows of an entry: its display, merge tags, CSV columns and privacy export.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Entries\Formats;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Domain\Form\Form;

/**
 * One implementation per field type (or shared by types that read alike), chosen by Formats.
 * Every method but html() returns plain text: the caller escapes it for where it goes
 * (docs/field-types.md, "Field types as units", the entries layer).
 */
interface FieldFormat {

	/**
	 * The entry display of the field as plain text (entry screen, REST answer); lines are "\n".
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Entry                $entry Entry.
	 */
	public function text( array $field, Entry $entry ): string;

	/**
	 * The entry display of the field as escaped HTML.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Entry                $entry Entry.
	 */
	public function html( array $field, Entry $entry ): string;

	/**
	 * The plain text of a merge tag naming the field (`{Label:N}`, `{Label:N:value}`) or one of
	 * its inputs (`{Label:N.x}`), before MergeTags escapes it for the tag's mode.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Entry                $entry Entry.
	 * @param TagContext           $tag   The tag: its form, input id, modifier and mode.
	 */
	public function tag( array $field, Entry $entry, TagContext $tag ): string;

	/**
	 * The CSV columns of the field: one per input where the type has inputs.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Form|null            $form  Its form (when a column depends on other fields).
	 * @return list<array{0: string, 1: string}> [key, heading], e.g. ["3.3", "Name (First)"].
	 */
	public function columns( array $field, ?Form $form ): array;

	/**
	 * The CSV cell of one of columns() (unescaped: CsvResponse neutralises formulas).
	 *
	 * @param array<string, mixed> $field Field.
	 * @param string               $key   Column key.
	 * @param Entry                $entry Entry.
	 */
	public function cell( array $field, string $key, Entry $entry ): string;

	/**
	 * The value the personal-data exporter shows for the field ('' leaves the row out).
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Entry                $entry Entry.
	 */
	public function export( array $field, Entry $entry ): string;
}
