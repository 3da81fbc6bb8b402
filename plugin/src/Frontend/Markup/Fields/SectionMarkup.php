<?php
/**
 * The section break's server markup.
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
 * The twin of forms-ui/fields/section/SectionControl.tsx: a heading and its description in a div
 * that rules show and hide; no input.
 */
final class SectionMarkup implements FieldMarkup {

	/**
	 * The field's markup.
	 *
	 * @param FieldContext $ctx The field and what the form knows about it.
	 */
	public function render( FieldContext $ctx ): string {
		$label       = (string) TextMarkup::string_of( $ctx->field, 'label' );
		$description = (string) TextMarkup::string_of( $ctx->field, 'description' );
		$inner       = '';
		if ( '' !== $label ) {
			$inner .= Html::el( 'h3', array( 'class' => 'kestrel-form__section-title' ), Html::text( $label ) );
		}
		if ( '' !== $description ) {
			$inner .= Html::el( 'p', array( 'class' => 'kestrel-form__description' ), Html::text( $description ) );
		}
		return FieldParts::reveal_div(
			$ctx->concealed,
			array(
				'id'    => Ids::field( $ctx->form_id, $ctx->field_id() ),
				'class' => Html::cx( 'kestrel-form__section', TextMarkup::string_of( $ctx->field, 'cssClass' ) ),
			),
			$inner
		);
	}
}
