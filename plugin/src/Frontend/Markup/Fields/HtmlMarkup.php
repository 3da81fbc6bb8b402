<?php
/**
 * The HTML block's server markup.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Frontend\Markup\Fields;

use Kestrel\Forms\Frontend\Markup\FieldContext;
use Kestrel\Forms\Frontend\Markup\FieldMarkup;
use Kestrel\Forms\Frontend\Markup\FieldParts;
use Kestrel\Forms\Frontend\Markup\Html;
use Kestrel\Forms\Frontend\Markup\Ids;

/**
 * The twin of forms-ui/fields/html/HtmlControl.tsx: the site owner's markup in a div that rules
 * show and hide; no input.
 */
final class HtmlMarkup implements FieldMarkup {

	/**
	 * The field's markup.
	 *
	 * @param FieldContext $ctx The field and what the form knows about it.
	 */
	public function render( FieldContext $ctx ): string {
		$content = $ctx->field['content'] ?? '';
		return FieldParts::reveal_div(
			$ctx->concealed,
			array(
				'id'    => Ids::field( $ctx->form_id, $ctx->field_id() ),
				'class' => Html::cx( 'kestrel-form__html', TextMarkup::string_of( $ctx->field, 'cssClass' ) ),
			),
			// The page's definition is sanitised already (FormRenderer); kses again, so this
			// markup is safe whoever builds the context.
			Html::el( 'div', array(), wp_kses_post( is_string( $content ) ? $content : '' ) )
		);
	}
}
