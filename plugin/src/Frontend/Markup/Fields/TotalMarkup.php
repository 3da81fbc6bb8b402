<?php
/**
 * The order total's server markup.
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
 * The twin of forms-ui/fields/total/TotalField.tsx: the label, the total in an `output`
 * (announced politely as it changes) and the place a payment field's messaging goes under it.
 */
final class TotalMarkup implements FieldMarkup {

	/**
	 * The field's markup.
	 *
	 * @param FieldContext $ctx The field and what the form knows about it.
	 */
	public function render( FieldContext $ctx ): string {
		$id = Ids::input( $ctx->form_id, $ctx->field_id() );
		return FieldParts::shell(
			$ctx,
			FieldParts::label( $ctx, 'label', $id )
			. Html::el(
				'output',
				array(
					'id'        => $id,
					'class'     => 'kestrel-form__total',
					'aria-live' => 'polite',
				),
				Html::text( self::total_text( $ctx ) )
			)
			. Html::el(
				'div',
				array(
					'class'            => 'kestrel-form__total-after',
					'data-total-after' => (string) $ctx->form_id,
				)
			)
		);
	}

	/**
	 * The total as the browser shows it: the field's value as text (TSX `value`: the total the
	 * engine wrote into the values, FormMarkup's server evaluation on a page; without one, the
	 * field's initial value). Like the TSX, it ignores `calculated`.
	 *
	 * @param FieldContext $ctx The total field.
	 */
	private static function total_text( FieldContext $ctx ): string {
		$value = FieldValues::value( $ctx );
		return is_string( $value ) ? $value : '';
	}
}
