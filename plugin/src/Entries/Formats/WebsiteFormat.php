<?php
/**
 * Website fields (docs/field-types.md): an http(s) URL, stored as typed.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Entries\Formats;

use Kestrel\Forms\Domain\Entry\Entry;

/**
 * Text everywhere; in HTML a link (rel="nofollow noopener": a visitor wrote it) when it is an
 * http or https URL, else escaped text.
 */
final class WebsiteFormat extends TextFormat {

	/**
	 * A link to the URL.
	 *
	 * @param array<string, mixed> $field Field.
	 * @param Entry                $entry Entry.
	 */
	public function html( array $field, Entry $entry ): string {
		$url = $this->text( $field, $entry );
		if ( ! preg_match( '#^https?://[^\s/?\#]+#i', $url ) ) {
			return parent::html( $field, $entry );
		}
		return '<a href="' . esc_url( $url, array( 'http', 'https' ) ) . '" rel="nofollow noopener">' . esc_html( $url ) . '</a>';
	}
}
