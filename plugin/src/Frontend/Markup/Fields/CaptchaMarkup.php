<?php
/**
 * Captcha fields' server markup.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Frontend\Markup\Fields;

use Kestrel\Forms\Frontend\Markup\FieldContext;
use Kestrel\Forms\Frontend\Markup\FieldMarkup;

/**
 * The first render of captcha fields (forms-ui/fields/basic/JsNote.tsx, until the captcha's script
 * takes over). No provider the plugin supports has a fallback without JavaScript
 * (plugin/src/Captcha), so the field shows its label and says it needs JavaScript.
 */
final class CaptchaMarkup implements FieldMarkup {

	/**
	 * The field's markup.
	 *
	 * @param FieldContext $ctx The field and what the form knows about it.
	 */
	public function render( FieldContext $ctx ): string {
		return JsNote::field( $ctx );
	}
}
