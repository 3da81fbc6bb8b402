<?php
/**
 * A field's values as its control starts with them, in PHP.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Frontend\Markup\Fields;

use Kestrel\Forms\Domain\FieldTypes\FieldTypes;
use Kestrel\Forms\Domain\FieldTypes\TextType;
use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Frontend\Markup\FieldContext;

/**
 * What the TSX form gives a field to start with (forms-ui/server-state.ts `withSubmission`): the
 * wire's values when the wire has any of the field's keys (the unit's `fromSubmission`), else
 * the field's initial value (defaults, selected choices, a time's AM, a quantity's 1: the
 * engine's `initialValues`, the Domain's `default_value`). A normal page view has no wire values
 * at all, so every field starts with its initial value, as in the browser.
 */
final class FieldValues {

	/**
	 * A value of the field, as value() of the context reads it: the field id's ('') or an
	 * input's ("3" reads "5.3"), from the wire, else from the field's initial value.
	 *
	 * @param FieldContext $ctx The field.
	 * @param string       $key Input key, or '' for the field id.
	 */
	public static function value( FieldContext $ctx, string $key = '' ): mixed {
		$type = FieldTypes::of( $ctx->field );
		if ( null === $type ) {
			return $ctx->value( $key );
		}
		$id        = (string) $ctx->field_id();
		$input_ids = $type->input_ids( $ctx->field );
		if ( '' === $key && 'checkbox' === ( $ctx->field['type'] ?? null ) && ! array_key_exists( $id, $ctx->values ) ) {
			$checked = self::checked_by_input( $ctx );
			if ( null !== $checked ) {
				return $checked;
			}
		}
		foreach ( array_merge( array( $id ), $input_ids ) as $wire_key ) {
			if ( array_key_exists( $wire_key, $ctx->values ) ) {
				return '' === $key ? self::with_other_text( $ctx, $ctx->value() ) : $ctx->value( $key );
			}
		}
		$initial = $type->default_value( $ctx->field );
		if ( '' === $key ) {
			return $initial;
		}
		$index = array_search( $id . '.' . $key, $input_ids, true );
		if ( false === $index ) {
			return null;
		}
		return is_array( $initial ) ? ( $initial[ $index ] ?? '' ) : $initial;
	}

	/**
	 * A checkbox's checked values posted one per choice input id (a plain post's
	 * `input_{id}.{n}`, as the server's checkbox reads them), in choice order; null when the wire
	 * has none of them (the engine's checkbox `fromSubmission`).
	 *
	 * @param FieldContext $ctx The checkbox field.
	 * @return list<string>|null
	 */
	private static function checked_by_input( FieldContext $ctx ): ?array {
		$checked = null;
		foreach ( Form::choice_input_ids( $ctx->field ) as $input_id ) {
			$text = $ctx->values[ $input_id ] ?? null;
			if ( is_string( $text ) ) {
				$checked = $checked ?? array();
				if ( '' !== $text ) {
					$checked[] = $text;
				}
			}
		}
		return $checked;
	}

	/**
	 * A radio's "other" chosen with its text beside it ("N_other": the typed text is the value),
	 * else the value as it is (the engine's choice `fromSubmission`).
	 *
	 * @param FieldContext $ctx   The field.
	 * @param mixed        $value The field id's wire value.
	 */
	private static function with_other_text( FieldContext $ctx, mixed $value ): mixed {
		$typed = $ctx->value( '_other' );
		return ! empty( $ctx->field['enableOtherChoice'] ) && TextType::OTHER_CHOICE === $value && is_string( $typed ) && '' !== $typed
			? $typed
			: $value;
	}
}
