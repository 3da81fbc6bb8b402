<?php
/**
 * Password fields: the entry holds nothing secret (Domain\Validation\PasswordInput).
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Entries\Formats;

use Kestrel\Forms\Domain\Entry\Entry;

/**
 * Says whether one was given, "Given (not stored)"; an input tag is always empty.
 */
final class PasswordFormat extends TextFormat {

	/**
	 * Whether a password was given.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Entry                $entry Entry.
	 */
	public function text( array $field, Entry $entry ): string {
		return isset( $entry->values[ (string) $field['id'] ] ) ? __( 'Given (not stored)', 'kestrel-forms' ) : '';
	}

	/**
	 * The display text; never an input's value.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Entry                $entry Entry.
	 * @param TagContext           $tag   Tag.
	 */
	public function tag( array $field, Entry $entry, TagContext $tag ): string {
		return $tag->is_input() ? '' : parent::tag( $field, $entry, $tag );
	}
}
