<?php
/**
 * Building HTML elements for the server-rendered form.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Frontend\Markup;

/**
 * One place that writes elements, so every attribute is escaped the same way
 * (docs/server-rendering.md §3).
 */
final class Html {

	/** Elements without a closing tag. */
	private const VOID = array( 'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr' );

	/**
	 * An element.
	 *
	 * @param string                                    $tag      Tag name.
	 * @param array<string, string|int|float|bool|null> $attrs    Attributes: null and false are left out, true is
	 *                                                            written bare, everything else escaped.
	 * @param string|list<string>|null                  $children Already escaped HTML (a list is joined).
	 */
	public static function el( string $tag, array $attrs = array(), string|array|null $children = null ): string {
		$html = '<' . $tag;
		foreach ( $attrs as $name => $value ) {
			if ( null === $value || false === $value ) {
				continue;
			}
			$html .= true === $value ? ' ' . $name : ' ' . $name . '="' . self::text( (string) $value ) . '"';
		}
		$html .= '>';
		if ( in_array( $tag, self::VOID, true ) ) {
			return $html;
		}
		return $html . ( is_array( $children ) ? implode( '', $children ) : (string) $children ) . '</' . $tag . '>';
	}

	/**
	 * Text as HTML.
	 *
	 * @param string $s Text.
	 */
	public static function text( string $s ): string {
		// Not esc_html()/esc_attr(): they leave "&amp;" as it is, so text a visitor typed as
		// "&amp;" would print as "&" (React, and so the page after hydration, shows "&amp;").
		return htmlspecialchars( wp_check_invalid_utf8( $s ), ENT_QUOTES | ENT_SUBSTITUTE, 'UTF-8', true );
	}

	/**
	 * Class names, empty entries left out (field-parts.tsx `cx`).
	 *
	 * @param string|false|null ...$names Class names.
	 */
	public static function cx( string|false|null ...$names ): string {
		return implode( ' ', array_filter( $names, static fn( $name ): bool => is_string( $name ) && '' !== $name ) );
	}
}
