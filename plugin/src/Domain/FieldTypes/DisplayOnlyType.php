<?php
/**
 * Section, HTML and page fields.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\FieldTypes;

/**
 * Display only: they show content (or split the form into pages) and never carry a value, so
 * they have no default, are never validated and never stored; a rule that names one reads "".
 * The twin of display.ts.
 */
final class DisplayOnlyType extends ValuelessType {

	/**
	 * A display-only type.
	 *
	 * @param bool $page_break A page break (page fields): its Next button shows by rules of its own.
	 */
	public function __construct( public readonly bool $page_break = false ) {}

	/**
	 * Nothing to validate, nothing stored.
	 *
	 * @param array<string, mixed> $field   Field definition.
	 * @param array<mixed, mixed>  $raw     All submitted values.
	 * @param ValidationContext    $context Unused.
	 * @return array<string, string>
	 */
	public function validate( array $field, array $raw, ValidationContext $context ): array {
		return array();
	}
}
