<?php
/**
 * The plain-text part of a notification, derived from its HTML message.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Notifications;

/**
 * Converts the site owner's HTML (before merge tags are replaced, so that visitors' values are put
 * into the text raw and into the HTML escaped) to readable text: whitespace collapses as a browser
 * collapses it, block ends and `<br>` become line breaks, list items start with "- ", a link keeps
 * its address in brackets, and entities are decoded.
 */
final class PlainText {

	/**
	 * Text of an HTML message.
	 *
	 * @param string $html HTML.
	 */
	public static function from_html( string $html ): string {
		// Whitespace in HTML is one space; line structure comes from the markup only.
		$text = (string) preg_replace( '/\s+/u', ' ', $html );
		$text = (string) preg_replace( '#<(script|style|head|title)\b[^>]*>.*?</\1\s*>#is', '', $text );
		// A link shows its address unless its text is the address.
		$text  = (string) preg_replace_callback(
			'#<a\b[^>]*?\bhref\s*=\s*(["\'])(.*?)\1[^>]*>(.*?)</a\s*>#is',
			static function ( array $m ): string {
				$label = trim( wp_strip_all_tags( $m[3] ) );
				$href  = trim( $m[2] );
				return ( '' === $label || $label === $href || str_starts_with( $href, '#' ) ) ? ( '' === $label ? $href : $label ) : $label . ' (' . $href . ')';
			},
			$text
		);
		$text  = (string) preg_replace( '#<br\s*/?>#i', "\n", $text );
		$text  = (string) preg_replace( '#<li\b[^>]*>#i', "\n- ", $text );
		$text  = (string) preg_replace( '#</(td|th)\s*>#i', "\t", $text );
		$text  = (string) preg_replace( '#</?(p|div|h[1-6]|ul|ol|table|tr|blockquote|pre|section|article|header|footer|hr)\b[^>]*>#i', "\n\n", $text );
		$text  = (string) preg_replace( '#<hr\b[^>]*>#i', "\n\n", $text );
		$text  = wp_strip_all_tags( $text );
		$text  = html_entity_decode( $text, ENT_QUOTES | ENT_HTML5, 'UTF-8' );
		$lines = array_map( static fn( string $line ): string => trim( $line, " \t" ), explode( "\n", $text ) );
		$text  = implode( "\n", $lines );
		return trim( (string) preg_replace( "/\n{3,}/", "\n\n", $text ) );
	}
}
