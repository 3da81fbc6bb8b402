<?php
/**
 * The name field's server markup.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Frontend\Markup\Fields;

use Kestrel\Forms\Frontend\Markup\FieldContext;
use Kestrel\Forms\Frontend\Markup\FieldMarkup;

/**
 * The twin of forms-ui/fields/name/NameControl.tsx: Prefix (a drop-down), First, Middle, Last and
 * Suffix as inputs N.2, N.3, N.4, N.6, N.8 in a fieldset, inputs the owner hid left out; the
 * simple format is one text input with the `name` token.
 */
final class NameMarkup implements FieldMarkup {

	/**
	 * The field's markup.
	 *
	 * @param FieldContext $ctx The field and what the form knows about it.
	 */
	public function render( FieldContext $ctx ): string {
		$field = $ctx->field;
		if ( 'simple' === ( $field['nameFormat'] ?? null ) ) {
			return TextMarkup::single_input( $ctx, array( 'autocomplete' => 'name' ) );
		}
		// Number, default label, token, required, shown by default, a short box.
		$defaults = array(
			array( 2, __( 'Prefix', 'kestrel-forms' ), 'honorific-prefix', false, false, true ),
			array( 3, __( 'First', 'kestrel-forms' ), 'given-name', true, true, false ),
			array( 4, __( 'Middle', 'kestrel-forms' ), 'additional-name', false, false, false ),
			array( 6, __( 'Last', 'kestrel-forms' ), 'family-name', true, true, false ),
			array( 8, __( 'Suffix', 'kestrel-forms' ), 'honorific-suffix', false, false, true ),
		);
		$parts    = array();
		foreach ( $defaults as list( $n, $label, $token, $required, $shown_by_default, $short ) ) {
			$input = InputGroupParts::input_of( $field, $n );
			// An input the definition does not list keeps its default (as the engine reads it).
			$shown = null !== $input ? empty( $input['isHidden'] ) : $shown_by_default;
			if ( ! $shown ) {
				continue;
			}
			$own_token = $input['autocompleteAttribute'] ?? null;
			$part      = array(
				'n'            => $n,
				'label'        => InputGroupParts::part_label( $field, $n, $label ),
				'autocomplete' => is_string( $own_token ) && '' !== $own_token ? $own_token : $token,
				'required'     => $required && ! empty( $field['isRequired'] ),
				'placeholder'  => isset( $input['placeholder'] ) && is_string( $input['placeholder'] ) ? $input['placeholder'] : null,
				'class'        => $short ? 'is-short' : null,
			);
			if ( 2 === $n ) {
				$part['options'] = array();
				foreach ( TextMarkup::choices_of( $input ?? array() ) as $choice ) {
					$part['options'][] = array(
						'value' => (string) ( $choice['value'] ?? '' ),
						'label' => (string) ( $choice['text'] ?? '' ),
					);
				}
				$part['empty'] = '';
			}
			$parts[] = $part;
		}
		return InputGroupParts::render( $ctx, $parts );
	}
}
