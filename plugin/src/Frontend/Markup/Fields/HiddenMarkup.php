<?php
/**
 * The hidden field's server markup.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Frontend\Markup\Fields;

use Kestrel\Forms\Frontend\Markup\FieldContext;
use Kestrel\Forms\Frontend\Markup\FieldMarkup;
use Kestrel\Forms\Frontend\Markup\Html;
use Kestrel\Forms\Frontend\Markup\Ids;

/**
 * The twin of forms-ui/fields/hidden/HiddenControl.tsx: the hidden input, disabled while rules
 * hide the field (so it is not posted); no shell, label or message.
 */
final class HiddenMarkup implements FieldMarkup {

	/**
	 * The field's markup.
	 *
	 * @param FieldContext $ctx The field and what the form knows about it.
	 */
	public function render( FieldContext $ctx ): string {
		$value = FieldValues::value( $ctx );
		return Html::el(
			'input',
			array(
				'type'     => 'hidden',
				'disabled' => $ctx->concealed,
				'id'       => Ids::input( $ctx->form_id, $ctx->field_id() ),
				'name'     => 'input_' . $ctx->field_id(),
				'value'    => is_string( $value ) ? $value : '',
			)
		);
	}
}
