<?php
/**
 * Canonical HTML for the render fixtures (docs/server-rendering.md §4).
 *
 * @package KestrelForms\Tests
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Tests\Integration\Support;

/**
 * The twin of assets-src/forms-ui/test/canonical-html.ts; change both together: one node per
 * line, two spaces of indent per depth, attributes sorted, boolean attributes bare, style
 * without spaces, text collapsed and trimmed, comments dropped.
 *
 * A small tokenizer, not libxml (which repairs HTML its own way and knows no HTML5 elements), so
 * both languages read markup the same way.
 */
final class CanonicalHtml {

	/** Elements without a closing tag. */
	private const VOID = array( 'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr' );

	/** Elements whose content is raw text. */
	private const RAW_TEXT = array( 'script', 'style' );

	/** Attributes written as the bare name whatever their value. */
	private const BOOLEAN = array( 'hidden', 'disabled', 'checked', 'selected', 'multiple', 'readonly', 'required', 'novalidate' );

	/** Whitespace that text collapses (not the no-break space). */
	private const SPACE = " \t\n\r\f";

	/**
	 * Markup in canonical form.
	 *
	 * @param string $html Markup (a fragment).
	 * @return list<string> The lines.
	 */
	public static function lines( string $html ): array {
		$lines = array();
		foreach ( self::parse( $html ) as $node ) {
			self::write( $node, 0, $lines );
		}
		return $lines;
	}

	/**
	 * The fragment's nodes: strings for text, objects (tag, attrs, children) for elements.
	 *
	 * @param string $html Markup.
	 * @return list<string|\stdClass>
	 */
	private static function parse( string $html ): array {
		$root   = self::element( '#root', array() );
		$stack  = array( $root );
		$pos    = 0;
		$length = strlen( $html );
		while ( $pos < $length ) {
			$top = $stack[ count( $stack ) - 1 ];
			if ( '<!--' === substr( $html, $pos, 4 ) ) {
				$end = strpos( $html, '-->', $pos + 4 );
				$pos = false === $end ? $length : $end + 3;
				continue;
			}
			$two = substr( $html, $pos, 2 );
			if ( '<!' === $two || '<?' === $two ) {
				$end = strpos( $html, '>', $pos );
				$pos = false === $end ? $length : $end + 1;
				continue;
			}
			$rest = substr( $html, $pos );
			if ( preg_match( '~^</([A-Za-z][A-Za-z0-9-]*)\s*>~', $rest, $close ) ) {
				$tag = strtolower( $close[1] );
				for ( $at = count( $stack ) - 1; $at > 0; $at-- ) {
					if ( $stack[ $at ]->tag === $tag ) {
						$stack = array_slice( $stack, 0, $at );
						break;
					}
				}
				$pos += strlen( $close[0] );
				continue;
			}
			if ( preg_match( '~^<([A-Za-z][A-Za-z0-9-]*)~', $rest, $open ) ) {
				$pos         += strlen( $open[0] );
				$self_closing = false;
				$attrs        = array();
				while ( true ) {
					$rest = substr( $html, $pos );
					if ( preg_match( '~^\s*(/?)>~', $rest, $end ) ) {
						$self_closing = '/' === $end[1];
						$pos         += strlen( $end[0] );
						break;
					}
					if ( ! preg_match( '~^\s*([^\s"\'>/=]+)(?:\s*=\s*(?:"([^"]*)"|\'([^\']*)\'|([^\s>]+)))?~', $rest, $match ) ) {
						if ( '' === $rest ) {
							break;
						}
						++$pos; // A stray character (a lone "/"): skip it.
						continue;
					}
					$name = strtolower( $match[1] );
					if ( ! array_key_exists( $name, $attrs ) ) {
						$attrs[ $name ] = self::decode( ( $match[2] ?? '' ) . ( $match[3] ?? '' ) . ( $match[4] ?? '' ) );
					}
					$pos += strlen( $match[0] );
				}
				$element         = self::element( strtolower( $open[1] ), $attrs );
				$top->children[] = $element;
				if ( in_array( $element->tag, self::RAW_TEXT, true ) && ! $self_closing ) {
					$end                 = stripos( $html, '</' . $element->tag, $pos );
					$stop                = false === $end ? $length : $end;
					$element->children[] = substr( $html, $pos, $stop - $pos );
					$gt                  = strpos( $html, '>', $stop );
					$pos                 = false === $end || false === $gt ? $length : $gt + 1;
					continue;
				}
				if ( ! in_array( $element->tag, self::VOID, true ) && ! $self_closing ) {
					$stack[] = $element;
				}
				continue;
			}
			$next            = strpos( $html, '<', $pos + 1 );
			$stop            = false === $next ? $length : $next;
			$top->children[] = self::decode( substr( $html, $pos, $stop - $pos ) );
			$pos             = $stop;
		}
		return $root->children;
	}

	/**
	 * An element node.
	 *
	 * @param string                $tag   Tag name.
	 * @param array<string, string> $attrs Attributes.
	 */
	private static function element( string $tag, array $attrs ): \stdClass {
		$element           = new \stdClass();
		$element->tag      = $tag;
		$element->attrs    = $attrs;
		$element->children = array();
		return $element;
	}

	/**
	 * Writes a node and its children.
	 *
	 * @param string|\stdClass $node  The node.
	 * @param int              $depth Its depth.
	 * @param list<string>     $lines The lines so far.
	 */
	private static function write( string|\stdClass $node, int $depth, array &$lines ): void {
		$indent = str_repeat( '  ', $depth );
		if ( is_string( $node ) ) {
			$text = trim( (string) preg_replace( '/[ \t\n\r\f]+/', ' ', $node ), self::SPACE );
			if ( '' !== $text ) {
				$lines[] = $indent . self::escape_text( $text );
			}
			return;
		}
		$attrs = $node->attrs;
		ksort( $attrs, SORT_STRING );
		$written = '';
		foreach ( $attrs as $name => $value ) {
			$name = (string) $name;
			if ( in_array( $name, self::BOOLEAN, true ) ) {
				$written .= ' ' . $name;
				continue;
			}
			if ( 'style' === $name ) {
				$value = rtrim( (string) preg_replace( '/[ \t\n\r\f]+/', '', $value ), ';' );
			}
			$written .= ' ' . $name . '="' . self::escape_attribute( $value ) . '"';
		}
		$lines[] = $indent . '<' . $node->tag . $written . '>';
		if ( in_array( $node->tag, self::VOID, true ) ) {
			return;
		}
		foreach ( $node->children as $child ) {
			self::write( $child, $depth + 1, $lines );
		}
		$lines[] = $indent . '</' . $node->tag . '>';
	}

	/**
	 * Text with its character references decoded.
	 *
	 * @param string $text Raw text.
	 */
	private static function decode( string $text ): string {
		return html_entity_decode( $text, ENT_QUOTES | ENT_HTML5, 'UTF-8' );
	}

	/**
	 * A text line's escaping.
	 *
	 * @param string $text Text.
	 */
	private static function escape_text( string $text ): string {
		return str_replace( array( '&', '<', '>', "\u{a0}" ), array( '&amp;', '&lt;', '&gt;', '&nbsp;' ), $text );
	}

	/**
	 * An attribute value's escaping.
	 *
	 * @param string $value Value.
	 */
	private static function escape_attribute( string $value ): string {
		return str_replace( array( '&', '<', '"', "\u{a0}" ), array( '&amp;', '&lt;', '&quot;', '&nbsp;' ), $value );
	}
}
