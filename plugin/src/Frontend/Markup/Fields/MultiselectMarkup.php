<?php
/**
 * The multi-select field's server markup.
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
 * The twin of forms-ui/fields/multiselect/MultiSelectControl.tsx's first render: a native
 * `<select multiple>` posted as `input_{fieldId}[]`. The enhanced token list (enableEnhancedUI)
 * replaces it once scripts run.
 */
final class MultiselectMarkup implements FieldMarkup {

	/**
	 * The field's markup.
	 *
	 * @param FieldContext $ctx The field and what the form knows about it.
	 */
	public function render( FieldContext $ctx ): string {
		$field    = $ctx->field;
		$input_id = Ids::input( $ctx->form_id, $ctx->field_id() );
		$value    = FieldValues::value( $ctx );
		$chosen   = is_array( $value ) ? $value : array();
		$options  = array();
		foreach ( TextMarkup::choices_of( $field ) as $choice ) {
			$choice_value = (string) ( $choice['value'] ?? '' );
			$options[]    = Html::el(
				'option',
				array(
					'value'    => $choice_value,
					'selected' => in_array( $choice_value, $chosen, true ),
				),
				Html::text( (string) ( $choice['text'] ?? '' ) )
			);
		}
		$select = Html::el(
			'select',
			array(
				'aria-describedby' => FieldParts::field_described_by( $ctx ),
				'aria-invalid'     => '' !== (string) $ctx->error_message() ? 'true' : null,
				'aria-required'    => ! empty( $field['isRequired'] ) ? 'true' : null,
				'multiple'         => true,
				'id'               => $input_id,
				'name'             => 'input_' . $ctx->field_id() . '[]',
				'class'            => TextMarkup::control_class( $field ),
				'disabled'         => $ctx->concealed,
				'tabindex'         => $ctx->concealed ? '-1' : null,
			),
			$options
		);
		return FieldParts::shell(
			$ctx,
			FieldParts::label( $ctx, 'label', $input_id ) . FieldParts::description( $ctx ) . $select
		);
	}
}
