<?php
/**
 * Website fields.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\FieldTypes;

use Kestrel\Forms\Domain\Validation\FieldError;

/**
 * One text value: an http:// or https:// address with a host. The twin of website.ts.
 */
final class WebsiteType extends TextType {

	/** The scheme, a host (optionally user info and a port), then a path, query or fragment. */
	private const URL_SHAPE = '~^https?://(?:[^\s/?#@]+@)?(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?(?:[/?#]\S*)?$~i';

	/**
	 * An http(s) URL with a host, else "url".
	 *
	 * @param array<string, mixed> $field   Website field.
	 * @param string               $text    Trimmed text.
	 * @param ValidationContext    $context Unused.
	 */
	protected function read( array $field, string $text, ValidationContext $context ): string|FieldError {
		return 1 === preg_match( self::URL_SHAPE, $text ) ? $text : FieldError::for_field( $field, FieldError::URL );
	}
}
