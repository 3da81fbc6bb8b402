<?php
/**
 * Consent fields (docs/field-types.md): "N.1" = "1" when checked, "N.2" the agreement text and
 * "N.3" the description agreed to (taken from the form by the server, never from the browser).
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Entries\Formats;

use Kestrel\Forms\Domain\Entry\Entry;
use Kestrel\Forms\Domain\Form\Form;

/**
 * Displayed "Checked: I agree to the terms" or "Not checked"; `{Consent:N}` "Checked" / "Not
 * checked", `{Consent:N.2}` the text; three CSV columns, "Consent", "Consent (Text)", "Consent
 * (Description)"; the privacy export adds the description agreed to, the record of consent.
 */
final class ConsentFormat extends TextFormat {

	/**
	 * "Checked: <text agreed to>" or "Not checked".
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Entry                $entry Entry.
	 */
	public function text( array $field, Entry $entry ): string {
		if ( ! self::is_checked( $field, $entry ) ) {
			return __( 'Not checked', 'kestrel-forms' );
		}
		$agreed = self::part( $field, $entry, 2 );
		/* translators: %s: the consent text the visitor agreed to. */
		return '' === $agreed ? __( 'Checked', 'kestrel-forms' ) : sprintf( __( 'Checked: %s', 'kestrel-forms' ), $agreed );
	}

	/**
	 * "Checked" / "Not checked" (`:value`: "1" or ""); an input's stored value.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Entry                $entry Entry.
	 * @param TagContext           $tag   Tag.
	 */
	public function tag( array $field, Entry $entry, TagContext $tag ): string {
		if ( $tag->is_input() ) {
			return parent::tag( $field, $entry, $tag );
		}
		if ( 'value' === $tag->modifier ) {
			return self::part( $field, $entry, 1 );
		}
		return self::checked_text( $field, $entry );
	}

	/**
	 * Checked, the text and the description.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Form|null            $form  Its form.
	 * @return list<array{0: string, 1: string}>
	 */
	public function columns( array $field, ?Form $form ): array {
		$id = (string) $field['id'];
		return array(
			array( $id . '.1', self::label( $field ) ),
			array( $id . '.2', self::heading( $field, __( 'Text', 'kestrel-forms' ) ) ),
			array( $id . '.3', self::heading( $field, __( 'Description', 'kestrel-forms' ) ) ),
		);
	}

	/**
	 * "Checked" / "Not checked", or the text or description stored.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param string               $key   "N.1", "N.2" or "N.3".
	 * @param Entry                $entry Entry.
	 */
	public function cell( array $field, string $key, Entry $entry ): string {
		return $field['id'] . '.1' === $key ? self::checked_text( $field, $entry ) : self::scalar( $entry->values[ $key ] ?? '' );
	}

	/**
	 * The display, then the description agreed to.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Entry                $entry Entry.
	 */
	public function export( array $field, Entry $entry ): string {
		$description = self::is_checked( $field, $entry ) ? self::part( $field, $entry, 3 ) : '';
		return trim( $this->text( $field, $entry ) . "\n" . $description );
	}

	/**
	 * "Checked" or "Not checked".
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Entry                $entry Entry.
	 */
	private static function checked_text( array $field, Entry $entry ): string {
		return self::is_checked( $field, $entry ) ? __( 'Checked', 'kestrel-forms' ) : __( 'Not checked', 'kestrel-forms' );
	}

	/**
	 * Whether the box was checked.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Entry                $entry Entry.
	 */
	private static function is_checked( array $field, Entry $entry ): bool {
		return '1' === self::part( $field, $entry, 1 );
	}

	/**
	 * A stored input of the field.
	 *
	 * @param array<string, mixed> $field  Field.
	 * @param Entry                $entry  Entry.
	 * @param int                  $number Input number.
	 */
	private static function part( array $field, Entry $entry, int $number ): string {
		return trim( self::scalar( $entry->values[ $field['id'] . '.' . $number ] ?? '' ) );
	}
}
