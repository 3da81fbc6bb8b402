<?php
/**
 * A unit whose rules and pricing read input ids besides the field's value.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\FieldTypes;

/**
 * Implemented by a unit whose field enters values under input ids of its own that are not part
 * of its browser value (a product's quantity "N.3"), so the evaluator reads them too.
 */
interface EnteredInputs {

	/**
	 * The well-formed submitted values of those inputs, by input id.
	 *
	 * @param array<string, mixed> $field Field definition.
	 * @param array<mixed, mixed>  $raw   All submitted values.
	 * @return array<string, string>
	 */
	public function entered_inputs( array $field, array $raw ): array;
}
