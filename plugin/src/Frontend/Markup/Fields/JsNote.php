<?php
/**
 * The note of a field that needs JavaScript.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Frontend\Markup\Fields;

use Kestrel\Forms\Frontend\Markup\FieldContext;
use Kestrel\Forms\Frontend\Markup\FieldParts;
use Kestrel\Forms\Frontend\Markup\Html;
use Kestrel\Forms\Frontend\Markup\Ids;

/**
 * The twin of forms-ui/fields/basic/JsNote.tsx: what a captcha without a no-JavaScript
 * fallback, a card field and a payment field print (docs/server-rendering.md §3).
 */
final class JsNote {

	/**
	 * The note for a type (TSX `jsNoteText`).
	 *
	 * @param string $type Field type.
	 */
	public static function text( string $type ): string {
		if ( 'captcha' === $type ) {
			return __( 'This captcha needs JavaScript. Please turn on JavaScript in your browser to send this form.', 'kestrel-forms' );
		}
		return __( 'Paying needs JavaScript. Please turn on JavaScript in your browser to pay.', 'kestrel-forms' );
	}

	/**
	 * The note as a paragraph (TSX `JsNote`).
	 *
	 * @param string $type Field type.
	 */
	public static function note( string $type ): string {
		return Html::el( 'p', array( 'class' => 'kestrel-form__js-note' ), Html::text( self::text( $type ) ) );
	}

	/**
	 * The field: its label and the note, in its shell (TSX `JsNoteField`).
	 *
	 * @param FieldContext $ctx The field.
	 */
	public static function field( FieldContext $ctx ): string {
		return FieldParts::shell(
			$ctx,
			Html::el(
				'p',
				array(
					'class' => 'kestrel-form__label',
					'id'    => Ids::label( $ctx->form_id, $ctx->field_id() ),
				),
				FieldParts::label_text( $ctx->field )
			) . self::note( (string) ( $ctx->field['type'] ?? '' ) )
		);
	}
}
