<?php
/**
 * The time field's server markup.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Frontend\Markup\Fields;

use Kestrel\Forms\Frontend\Markup\FieldContext;
use Kestrel\Forms\Frontend\Markup\FieldMarkup;

/**
 * The twin of forms-ui/fields/time/TimeControl.tsx: Hours (N.1), Minutes (N.2) and, for the
 * 12-hour format, an AM/PM drop-down (N.3), in a fieldset.
 */
final class TimeMarkup implements FieldMarkup {

	/**
	 * The field's markup.
	 *
	 * @param FieldContext $ctx The field and what the form knows about it.
	 */
	public function render( FieldContext $ctx ): string {
		$field    = $ctx->field;
		$required = ! empty( $field['isRequired'] );
		$number   = static function ( int $n, string $label ) use ( $field, $required ): array {
			$placeholder = InputGroupParts::input_of( $field, $n )['placeholder'] ?? null;
			return array(
				'n'           => $n,
				'label'       => InputGroupParts::part_label( $field, $n, $label ),
				'required'    => $required,
				'inputmode'   => 'numeric',
				'maxlength'   => 2,
				'placeholder' => is_string( $placeholder ) ? $placeholder : null,
				'class'       => 'is-short',
			);
		};
		$parts    = array(
			$number( 1, __( 'Hours', 'kestrel-forms' ) ),
			$number( 2, __( 'Minutes', 'kestrel-forms' ) ),
		);
		if ( '24' !== ( $field['timeFormat'] ?? null ) ) {
			$parts[] = array(
				'n'        => 3,
				'label'    => InputGroupParts::part_label( $field, 3, __( 'AM/PM', 'kestrel-forms' ) ),
				'required' => $required,
				'options'  => array(
					array(
						'value' => 'am',
						'label' => __( 'AM', 'kestrel-forms' ),
					),
					array(
						'value' => 'pm',
						'label' => __( 'PM', 'kestrel-forms' ),
					),
				),
				'empty'    => '',
				'class'    => 'is-short',
			);
		}
		return InputGroupParts::render( $ctx, $parts );
	}
}
