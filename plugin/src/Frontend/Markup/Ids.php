<?php
/**
 * DOM ids of the visitor form (mirror of assets-src/forms-ui/ids.ts).
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Frontend\Markup;

/**
 * Inputs input_{formId}_{fieldId}[_{inputIndex}], wrappers field_{formId}_{fieldId}, the submit
 * button form_submit_button_{formId} (specs/forms-visitor-behaviour.md §2).
 */
final class Ids {

	/**
	 * A field's wrapper.
	 *
	 * @param int $form_id  Form id.
	 * @param int $field_id Field id.
	 */
	public static function field( int $form_id, int $field_id ): string {
		return "field_{$form_id}_{$field_id}";
	}

	/**
	 * An input.
	 *
	 * @param int      $form_id  Form id.
	 * @param int      $field_id Field id.
	 * @param int|null $index    Input index (several inputs), or null.
	 */
	public static function input( int $form_id, int $field_id, ?int $index = null ): string {
		return null === $index ? "input_{$form_id}_{$field_id}" : "input_{$form_id}_{$field_id}_{$index}";
	}

	/**
	 * A field's label.
	 *
	 * @param int $form_id  Form id.
	 * @param int $field_id Field id.
	 */
	public static function label( int $form_id, int $field_id ): string {
		return "label_{$form_id}_{$field_id}";
	}

	/**
	 * A field's description.
	 *
	 * @param int $form_id  Form id.
	 * @param int $field_id Field id.
	 */
	public static function description( int $form_id, int $field_id ): string {
		return "description_{$form_id}_{$field_id}";
	}

	/**
	 * A field's inline message.
	 *
	 * @param int $form_id  Form id.
	 * @param int $field_id Field id.
	 */
	public static function validation( int $form_id, int $field_id ): string {
		return "validation_message_{$form_id}_{$field_id}";
	}

	/**
	 * The submit button.
	 *
	 * @param int $form_id Form id.
	 */
	public static function submit( int $form_id ): string {
		return "form_submit_button_{$form_id}";
	}

	/**
	 * The error summary.
	 *
	 * @param int $form_id Form id.
	 */
	public static function summary( int $form_id ): string {
		return "kestrel_form_errors_{$form_id}";
	}

	/**
	 * The form's title.
	 *
	 * @param int $form_id Form id.
	 */
	public static function title( int $form_id ): string {
		return "kestrel_form_title_{$form_id}";
	}

	/**
	 * The element an error summary link points at: the input, or the first choice of a group.
	 *
	 * @param int  $form_id  Form id.
	 * @param int  $field_id Field id.
	 * @param bool $grouped  Whether the field is a radio/checkbox group.
	 */
	public static function focus_target( int $form_id, int $field_id, bool $grouped ): string {
		return $grouped ? self::input( $form_id, $field_id, 1 ) : self::input( $form_id, $field_id );
	}
}
