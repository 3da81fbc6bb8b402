<?php
/**
 * Credit card fields' server markup.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Frontend\Markup\Fields;

use Kestrel\Forms\Frontend\Markup\FieldContext;
use Kestrel\Forms\Frontend\Markup\FieldMarkup;

/**
 * The first render of credit card fields (forms-ui/fields/basic/JsNote.tsx, until the card script
 * takes over). Paying needs JavaScript: the field shows its label and says so; nothing posts.
 */
final class CreditcardMarkup implements FieldMarkup {

	/**
	 * The field's markup.
	 *
	 * @param FieldContext $ctx The field and what the form knows about it.
	 */
	public function render( FieldContext $ctx ): string {
		return JsNote::field( $ctx );
	}
}
