<?php
/**
 * The consent field's server markup.
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
 * The twin of forms-ui/fields/consent/ConsentControl.tsx: one checkbox (input N.1, value "1")
 * labelled by the agreement text, in a fieldset whose legend is the field label; the
 * description is the full agreement (markup), in a focusable box the checkbox is described by.
 */
final class ConsentMarkup implements FieldMarkup {

	/**
	 * The field's markup.
	 *
	 * @param FieldContext $ctx The field and what the form knows about it.
	 */
	public function render( FieldContext $ctx ): string {
		$field       = $ctx->field;
		$id          = Ids::input( $ctx->form_id, $ctx->field_id(), 1 );
		$text_id     = Ids::description( $ctx->form_id, $ctx->field_id() );
		$has_error   = '' !== (string) $ctx->error_message();
		$description = (string) TextMarkup::string_of( $field, 'description' );
		$box_label   = (string) TextMarkup::string_of( $field, 'checkboxLabel' );
		$inner       = FieldParts::label( $ctx, 'legend' ) . Html::el(
			'div',
			array( 'class' => 'kestrel-form__choice kestrel-form__consent' ),
			Html::el(
				'input',
				array(
					'type'             => 'checkbox',
					'id'               => $id,
					'name'             => 'input_' . $ctx->field_id() . '.1',
					'value'            => '1',
					'checked'          => '1' === FieldValues::value( $ctx, '1' ),
					'aria-required'    => ! empty( $field['isRequired'] ) ? 'true' : null,
					'aria-invalid'     => $has_error ? 'true' : null,
					'aria-describedby' => FieldParts::described_by(
						'' !== $description ? $text_id : null,
						$has_error ? Ids::validation( $ctx->form_id, $ctx->field_id() ) : null
					),
					'tabindex'         => $ctx->concealed ? '-1' : null,
				)
			) . Html::el(
				'label',
				array( 'for' => $id ),
				Html::text( '' !== $box_label ? $box_label : __( 'I agree to the privacy policy.', 'kestrel-forms' ) )
			)
		);
		if ( '' !== $description ) {
			$label = (string) TextMarkup::string_of( $field, 'label' );
			if ( '' === $label ) {
				$label = (string) TextMarkup::string_of( $field, 'adminLabel' );
			}
			$inner .= Html::el(
				'div',
				array(
					'class'      => 'kestrel-form__consent-text',
					'id'         => $text_id,
					'role'       => 'region',
					/* translators: %s: the consent field's label. */
					'aria-label' => sprintf( __( '%s: full text', 'kestrel-forms' ), $label ),
					'tabindex'   => $ctx->concealed ? '-1' : '0',
				),
				// The agreement's markup (a link to the policy): the page's definition is
				// sanitised already (FormRenderer); kses again, whoever builds the context.
				wp_kses_post( $description )
			);
		}
		return FieldParts::shell(
			$ctx,
			Html::el(
				'fieldset',
				array(
					'disabled' => $ctx->concealed,
					'class'    => 'kestrel-form__fieldset',
				),
				$inner
			),
			true
		);
	}
}
