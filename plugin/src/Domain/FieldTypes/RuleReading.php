<?php
/**
 * What a rule reads of a field; the twin of TypeScript `RuleReading`.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\FieldTypes;

/**
 * The values a rule compares (a list for multi-value fields) and how it compares them: a number
 * format, or `date` (Y-m-d) and `time` (HH:mm), which `>` and `<` order (Logic\Operators).
 */
final class RuleReading {

	/**
	 * A reading.
	 *
	 * @param list<string> $values The values.
	 * @param string|null  $format A number format, 'date', 'time', or null for text.
	 */
	public function __construct(
		public readonly array $values,
		public readonly ?string $format = null
	) {}
}
