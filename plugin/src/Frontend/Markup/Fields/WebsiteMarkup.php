<?php
/**
 * The website field's server markup.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Frontend\Markup\Fields;

use Kestrel\Forms\Frontend\Markup\FieldContext;
use Kestrel\Forms\Frontend\Markup\FieldMarkup;

/**
 * The twin of forms-ui/fields/website/WebsiteControl.tsx: one `type="url"` input with the `url`
 * token, and `https://` as its placeholder when the owner set none.
 */
final class WebsiteMarkup implements FieldMarkup {

	/**
	 * The field's markup.
	 *
	 * @param FieldContext $ctx The field and what the form knows about it.
	 */
	public function render( FieldContext $ctx ): string {
		return TextMarkup::single_input(
			$ctx,
			array(
				'type'         => 'url',
				'autocomplete' => 'url',
				'placeholder'  => 'https://',
			)
		);
	}
}
