<?php
/**
 * The phone field's server markup.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Frontend\Markup\Fields;

use Kestrel\Forms\Frontend\Markup\FieldContext;
use Kestrel\Forms\Frontend\Markup\FieldMarkup;

/**
 * The twin of forms-ui/fields/phone/PhoneControl.tsx: one `type="tel"` input; the US format asks
 * for the national number (`tel-national`), the international one for `tel`. The mask comes
 * with JavaScript.
 */
final class PhoneMarkup implements FieldMarkup {

	/**
	 * The field's markup.
	 *
	 * @param FieldContext $ctx The field and what the form knows about it.
	 */
	public function render( FieldContext $ctx ): string {
		$standard = 'international' !== ( $ctx->field['phoneFormat'] ?? null );
		return TextMarkup::single_input(
			$ctx,
			array(
				'type'         => 'tel',
				'autocomplete' => $standard ? 'tel-national' : 'tel',
			)
		);
	}
}
