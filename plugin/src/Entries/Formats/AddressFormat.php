<?php
/**
 * Address fields (docs/field-types.md): street N.1, line 2 N.2, city N.3, state/province N.4,
 * ZIP/postal code N.5, country N.6.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Entries\Formats;

use Kestrel\Forms\Domain\Entry\Entry;

/**
 * The stored parts one a line (entry display; `<br>` in HTML merge tags, ", " in plain text and
 * URLs); one CSV column per shown input. A US or Canadian address does not show its country (it
 * is fixed and stored), so it has no country column; its state and ZIP inputs are named "State",
 * "ZIP Code" (US) or "Province", "Postal Code" (Canada).
 */
final class AddressFormat extends InputsFormat {

	/**
	 * The six inputs as the address type names them.
	 *
	 * @param array<string, mixed> $field Field.
	 * @return list<array{0: int, 1: string, 2: bool}>
	 */
	protected function inputs( array $field ): array {
		$type = (string) ( $field['addressType'] ?? 'international' );
		return array(
			array( 1, __( 'Street Address', 'kestrel-forms' ), true ),
			array( 2, __( 'Address Line 2', 'kestrel-forms' ), true ),
			array( 3, __( 'City', 'kestrel-forms' ), true ),
			array(
				4,
				match ( $type ) {
					'us'        => __( 'State', 'kestrel-forms' ),
				'canadian'  => __( 'Province', 'kestrel-forms' ),
				default     => __( 'State / Province / Region', 'kestrel-forms' ),
				},
				true,
			),
			array(
				5,
				match ( $type ) {
					'us'        => __( 'ZIP Code', 'kestrel-forms' ),
				'canadian'  => __( 'Postal Code', 'kestrel-forms' ),
				default     => __( 'ZIP / Postal Code', 'kestrel-forms' ),
				},
				true,
			),
			array( 6, __( 'Country', 'kestrel-forms' ), ! in_array( $type, array( 'us', 'canadian' ), true ) ),
		);
	}

	/**
	 * The shown inputs; never the country of a US or Canadian address, whatever its `inputs` say
	 * (a Gravity Forms export does not hide it there: the address type does).
	 *
	 * @param array<string, mixed> $field Field.
	 * @return array<string, string>
	 */
	protected function shown( array $field ): array {
		$shown = parent::shown( $field );
		if ( in_array( $field['addressType'] ?? 'international', array( 'us', 'canadian' ), true ) ) {
			unset( $shown[ $field['id'] . '.6' ] );
		}
		return $shown;
	}

	/**
	 * The parts, one a line.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Entry                $entry Entry.
	 */
	public function text( array $field, Entry $entry ): string {
		return implode( "\n", $this->parts( $field, $entry ) );
	}

	/**
	 * The parts on lines in HTML, comma-separated elsewhere; an input's stored value.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Entry                $entry Entry.
	 * @param TagContext           $tag   Tag.
	 */
	public function tag( array $field, Entry $entry, TagContext $tag ): string {
		if ( $tag->is_input() ) {
			return parent::tag( $field, $entry, $tag );
		}
		return implode( $tag->is_html() ? "\n" : ', ', $this->parts( $field, $entry ) );
	}
}
