<?php
/**
 * Payment fields' server markup.
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
 * The twin of forms-ui/fields/UnitSlot.tsx on its first render: the payment field's group
 * with its label and, where the payment unit's component goes after hydration, the note that
 * paying needs JavaScript (docs/server-rendering.md §3).
 */
final class PaymentMarkup implements FieldMarkup {

	/**
	 * The field's markup.
	 *
	 * @param FieldContext $ctx The field and what the form knows about it.
	 */
	public function render( FieldContext $ctx ): string {
		$label_id  = Ids::label( $ctx->form_id, $ctx->field_id() );
		$has_error = '' !== (string) $ctx->error_message();
		return FieldParts::shell(
			$ctx,
			Html::el(
				'div',
				array(
					'role'             => 'group',
					'id'               => Ids::input( $ctx->form_id, $ctx->field_id() ),
					'class'            => 'kestrel-form__' . (string) ( $ctx->field['type'] ?? '' ),
					'aria-labelledby'  => $label_id,
					'aria-describedby' => $has_error ? Ids::validation( $ctx->form_id, $ctx->field_id() ) : null,
					'tabindex'         => '-1',
				),
				Html::el(
					'p',
					array(
						'class' => 'kestrel-form__label',
						'id'    => $label_id,
					),
					FieldParts::label_text( $ctx->field )
				) . JsNote::note( (string) ( $ctx->field['type'] ?? '' ) )
			)
		);
	}
}
