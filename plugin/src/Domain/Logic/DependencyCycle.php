<?php
/**
 * Raised when rules and formulas of a form depend on each other in a circle.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\Logic;

use DomainException;

/**
 * Names the fields on the cycle.
 */
final class DependencyCycle extends DomainException {

	/**
	 * Names the fields on the cycle.
	 *
	 * @param list<int> $field_ids Fields on the cycle.
	 */
	public function __construct( public readonly array $field_ids ) {
		parent::__construct( 'Fields depend on each other in a cycle: ' . implode( ', ', $field_ids ) );
	}
}
