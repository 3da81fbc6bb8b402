<?php
/**
 * One field type's server markup.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Frontend\Markup;

/**
 * The PHP twin of a TSX field control (docs/server-rendering.md §3): the whole field, its shell
 * included, as the control renders it on its first render for the same props.
 */
interface FieldMarkup {

	/**
	 * The field's markup.
	 *
	 * @param FieldContext $ctx The field and what the form knows about it.
	 */
	public function render( FieldContext $ctx ): string;
}
