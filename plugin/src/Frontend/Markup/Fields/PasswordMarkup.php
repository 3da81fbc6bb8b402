<?php
/**
 * Password fields' server markup.
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
 * The twin of forms-ui/fields/basic/BasicPassword.tsx: the password input (`input_{id}`) and,
 * unless the field asks once, its confirmation (`input_{id}.2`), in the enhanced field's
 * layout, without the show/hide toggles and the strength meter (JavaScript's). The inputs are
 * printed empty: a password the server received is never written back into the page.
 */
final class PasswordMarkup implements FieldMarkup {

	/**
	 * The field's markup.
	 *
	 * @param FieldContext $ctx The field and what the form knows about it.
	 */
	public function render( FieldContext $ctx ): string {
		$field          = $ctx->field;
		$confirm        = false !== ( $field['passwordConfirmation'] ?? null );
		$input_id       = Ids::input( $ctx->form_id, $ctx->field_id() );
		$error_id       = '' !== (string) $ctx->error_message() ? Ids::validation( $ctx->form_id, $ctx->field_id() ) : null;
		$description_id = ! empty( $field['description'] ) ? Ids::description( $ctx->form_id, $ctx->field_id() ) : null;
		$input          = function ( bool $first ) use ( $ctx, $field, $confirm, $input_id, $error_id, $description_id ): string {
			$id    = $first ? $input_id : Ids::input( $ctx->form_id, $ctx->field_id(), 2 );
			$label = $confirm
				? Html::el(
					'label',
					array(
						'class' => 'kestrel-form__sublabel',
						'for'   => $id,
					),
					Html::text( $first ? __( 'Enter password', 'kestrel-forms' ) : __( 'Confirm password', 'kestrel-forms' ) )
				)
				: '';
			return Html::el(
				'div',
				array( 'class' => 'kestrel-form__password-input' ),
				$label . Html::el(
					'div',
					array( 'class' => 'kestrel-form__password-row' ),
					Html::el(
						'input',
						array(
							'id'               => $id,
							'name'             => $first ? 'input_' . $ctx->field_id() : 'input_' . $ctx->field_id() . '.2',
							'type'             => 'password',
							'class'            => 'kestrel-form__control',
							'autocomplete'     => 'new-password',
							'spellcheck'       => 'false',
							'autocapitalize'   => 'off',
							'placeholder'      => $first ? TextMarkup::string_of( $field, 'placeholder' ) : null,
							'aria-required'    => $first && ! empty( $field['isRequired'] ) ? 'true' : null,
							'aria-invalid'     => null !== $error_id ? 'true' : null,
							'aria-describedby' => FieldParts::described_by( $confirm ? null : $description_id, $error_id ),
							'disabled'         => $ctx->concealed,
							'tabindex'         => $ctx->concealed ? '-1' : null,
						)
					)
				)
			);
		};
		if ( $confirm ) {
			$body = Html::el(
				'fieldset',
				array(
					'class'            => 'kestrel-form__fieldset kestrel-form__password',
					'disabled'         => $ctx->concealed,
					'aria-describedby' => FieldParts::described_by( $description_id, $error_id ),
				),
				FieldParts::label( $ctx, 'legend' )
				. FieldParts::description( $ctx )
				. Html::el( 'div', array( 'class' => 'kestrel-form__password-inputs' ), $input( true ) . $input( false ) )
			);
		} else {
			$body = Html::el(
				'div',
				array( 'class' => 'kestrel-form__password' ),
				FieldParts::label( $ctx, 'label', $input_id ) . FieldParts::description( $ctx ) . $input( true )
			);
		}
		return FieldParts::shell( $ctx, $body );
	}
}
